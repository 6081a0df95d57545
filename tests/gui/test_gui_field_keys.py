"""Single-key tool shortcuts and editing fields (issue 15 item 4): a field keeps what is
typed into it and undoes its own text with Ctrl+Z; ending the edit (Enter, Esc) or pointing
at the map hands the keys back, where "1" chooses the brush and Ctrl+Z undoes the document."""
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication

from studio.gui import field_keys


@pytest.fixture
def window(make_window, qtbot):
    w = make_window(exposed=True, size=(1400, 900))
    w.activateWindow()
    qtbot.waitActive(w)
    w.tools.set_tool("select")
    return w


def _type_into_points(window, qtbot, text):
    spin = window.scenario_dock.objectives.table.cellWidget(0, 2)
    spin.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is spin)
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    return spin


def test_enter_ends_the_edit_and_number_keys_then_choose_tools(window, qtbot):
    spin = _type_into_points(window, qtbot, "3")
    qtbot.keyClick(spin, Qt.Key_Return)
    qtbot.waitUntil(lambda: window.view.hasFocus())
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_1)
    assert window.tools.tool.name == "brush"
    assert window.doc.model.objectives[0].points == 3


def test_pointing_at_the_map_after_typing_hands_the_keys_back(window, qtbot, monkeypatch):
    spin = _type_into_points(window, qtbot, "3")
    monkeypatch.setattr(field_keys, "IDLE_SECONDS", 0.0)
    viewport = window.view.viewport()
    centre = QPointF(viewport.rect().center())
    QApplication.sendEvent(viewport, QEnterEvent(centre, centre, viewport.mapToGlobal(centre)))
    assert window.view.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_2)
    assert window.tools.tool.name == "fill"
    assert window.doc.model.objectives[0].points == 3 and spin.value() == 3


def test_typing_keeps_digits_in_the_field(window, qtbot):
    spin = _type_into_points(window, qtbot, "3")
    # the pointer passes over the map while typing: the field keeps the keyboard
    viewport = window.view.viewport()
    centre = QPointF(viewport.rect().center())
    QApplication.sendEvent(viewport, QEnterEvent(centre, centre, viewport.mapToGlobal(centre)))
    qtbot.keyClick(spin, Qt.Key_1)
    assert spin.value() == 31 and window.tools.tool.name == "select"
    name = window.scenario_dock.fields.name
    name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    name.end(False)
    qtbot.keyClicks(name, " 12")
    assert name.text().endswith(" 12") and window.tools.tool.name == "select"


def test_ctrl_z_undoes_the_field_in_a_field_and_the_document_elsewhere(window, qtbot):
    doc = window.doc
    doc.paint([next(iter(doc.geometry.hexes()))], doc.terrain_set.terrain[-1].symbol)
    steps = doc.undo_stack.index()
    name = window.scenario_dock.fields.name
    original = name.text()
    name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    name.end(False)
    qtbot.keyClicks(name, "xy")
    assert doc.model.name == original + "xy"
    qtbot.keyClick(name, Qt.Key_Z, Qt.ControlModifier)
    assert name.text() != original + "xy" and len(name.text()) < len(original) + 2
    assert doc.model.name == name.text()                  # the field's undo reaches the model
    painted = doc.undo_stack.command(steps - 1)
    assert doc.undo_stack.index() >= steps and not painted.isObsolete()
    window.view.setFocus()
    qtbot.waitUntil(lambda: window.view.hasFocus())
    index = doc.undo_stack.index()
    qtbot.keyClick(window.view, Qt.Key_Z, Qt.ControlModifier)
    assert doc.undo_stack.index() == index - 1
