"""A placed unit's designation (its roster entry's `name`, e.g. "Miltiades"): set in the
Units dock's Name field as one undo step, saved to the scenario file, and shown by the map's
printed counter as the counter sheet prints it."""
import pytest
from PySide6.QtCore import Qt

from studio.export import CounterOptions, export_counters, sources_from_scenario
from studio.io import load_file
from test_gui_map_counters import Spy, look_at


@pytest.fixture
def window(make_window, sample_copy):
    w = make_window(sample_copy, exposed=True)
    w.activateWindow()
    return w


def faces_drawn(view, h) -> set[str]:
    view.counter_pictures = spy = Spy()
    look_at(view, h, 110)
    return {face.name for face, _ in spy.asked}


def test_a_designation_is_set_undone_saved_and_drawn(window, qtbot, sample_copy, tmp_path):
    doc, dock, view = window.doc, window.units_dock, window.view
    index = 1                                          # Athenian hoplites on 0604
    unit = doc.unit("athenians", index)
    h = doc.geometry.parse_label(unit.hex)
    assert "Athenian Hoplites" in faces_drawn(view, h)
    dock.select_entry("athenians", index, act=True)
    assert dock.name_edit.isEnabled() and dock.name_edit.text() == ""
    dock.name_edit.setFocus()
    qtbot.keyClicks(dock.name_edit, "Aristides")
    qtbot.keyClick(dock.name_edit, Qt.Key_Return)

    assert doc.unit("athenians", index).name == "Aristides"
    assert dock.item_for("athenians", index).text(0) == "Aristides (Athenian Hoplites)"
    assert "Aristides" in faces_drawn(view, h)         # the map's printed counter
    assert window.undo_action.text().endswith("Set unit name")

    window.undo_action.trigger()
    assert doc.unit("athenians", index).name is None
    assert dock.name_edit.text() == ""
    assert "Aristides" not in faces_drawn(view, h)
    window.redo_action.trigger()
    assert window.save()
    assert '{type: athenian-hoplites, name: Aristides, hex: "0604"' in sample_copy.read_text()
    reloaded = load_file(sample_copy).model
    assert reloaded.side("athenians").army.units[index].name == "Aristides"
    # the counter sheet prints the same name the map shows
    pdf = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(reloaded, window.doc.library, ["athenians"]), pdf,
                    CounterOptions.parse(backs=False, markers=0))
    from pypdf import PdfReader
    assert "Aristides" in PdfReader(str(pdf)).pages[0].extract_text()


def test_an_entry_of_several_units_takes_no_designation(window):
    doc, dock = window.doc, window.units_dock
    doc.add_unit("athenians", doc.unit("athenians", 1).__class__(type="athenian-hoplites",
                                                                  count=3))
    index = len(doc.model.side("athenians").army.units) - 1
    dock.select_entry("athenians", index)
    assert not dock.name_edit.isEnabled()
    dock.select_entry("athenians", 1)
    assert dock.name_edit.isEnabled()
