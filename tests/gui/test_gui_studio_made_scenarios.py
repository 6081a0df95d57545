"""A scenario built in the studio (not yet saved) validates as its saved file would: the
balance report, the Problems panel and `studio validate` agree on it (issue 15 item 1)."""
from PySide6.QtWidgets import QMessageBox

from studio.gui.dialogs.new_scenario import NewScenarioChoice, blank_scenario
from studio.gui.document import ScenarioDocument
from studio.io import Document, dump_model, load_text
from studio.validate import validate_document


def _with_a_general_a_side(window):
    doc = ScenarioDocument(blank_scenario(NewScenarioChoice(columns=12, rows=8), window.library),
                           None, library=window.library)
    window.set_document(doc)
    dock = window.units_dock
    for side in ("blue", "red"):
        dock.tree.setCurrentItem(dock.tree.topLevelItem(
            [s.id for s in doc.model.sides].index(side)))
        dock.unit_type.setCurrentIndex(dock.unit_type.findData("general"))
        dock.add_unit()
    return doc


def _errors(found):
    return [d.format() for d in found if d.severity == "error"]


def test_unnamed_generals_on_both_sides_are_one_unit_each(make_window, qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    window = make_window(show=False, validation_delay_ms=0)
    doc = _with_a_general_a_side(window)
    assert [len(s.army.units) for s in doc.model.sides] == [1, 1]
    assert all(s.army.units[0].id is None for s in doc.model.sides)

    in_memory = _errors(validate_document(Document(path=None, kind="scenario", data=None,
                                                   model=doc.model), window.library))
    saved = load_text(dump_model(doc.model), "new.yaml")
    from_file = _errors(validate_document(saved, window.library))
    assert not any("duplicate-unit-id" in e for e in in_memory), in_memory
    assert in_memory == from_file

    balance = window.play_menu.show_balance()
    stopped = []
    balance.runStopped.connect(stopped.append)
    balance.run(games=1, seed=1, workers=1)
    qtbot.waitUntil(lambda: bool(stopped), timeout=60000)
    assert not any("duplicate-unit-id" in text for text in shown), shown
    assert not any("duplicate-unit-id" in s for s in stopped), stopped
