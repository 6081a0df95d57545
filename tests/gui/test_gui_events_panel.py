"""The Events tab: a scenario's turn track, waves and events in plain words; a wave's round
and blocking rule changed, a line removed, each one undo step."""
from __future__ import annotations

from studio.io.samples import scenarios_dir


def test_events_panel_tells_edits_and_undoes(make_window):
    w = make_window(scenarios_dir() / "qnd-relief-column.yaml")
    doc, panel = w.doc, w.scenario_dock.events
    texts = [panel.list.item(i).text() for i in range(panel.list.count())]
    assert texts[0] == "From round 1: afternoon, clear."
    assert "West's relief column (West Company, 4 units) arrives by the west edge; if its " \
           "entry is blocked, it takes the nearest free hex." in texts
    assert any(t.startswith("East reaches the river: When a unit of East Company enters "
                            "0801-1014") for t in texts)
    assert not panel.wave_box.isEnabled()

    panel.select("reinforcements", 0)
    assert panel.wave_box.isEnabled() and panel.round.value() == 4
    panel.round.setValue(2)
    panel.blocked.setCurrentIndex(panel.blocked.findData("lost"))
    panel.apply_wave()
    wave = doc.model.reinforcements[0]
    assert (wave.round, wave.if_blocked) == (2, "lost")
    doc.undo_stack.undo()
    assert (doc.model.reinforcements[0].round, doc.model.reinforcements[0].if_blocked) == \
        (4, "nearest")

    count = panel.list.count()
    panel.select("events", 1)
    panel.remove_selected()
    assert [e.id for e in doc.model.events] == ["east-at-the-river"]
    assert panel.list.count() == count - 1
    doc.undo_stack.undo()
    assert [e.id for e in doc.model.events] == ["east-at-the-river", "west-bloodied"]


def test_a_scenario_without_events_says_where_they_are_written(make_window):
    w = make_window(scenarios_dir() / "qnd-mirror.yaml")
    panel = w.scenario_dock.events
    assert panel.list.count() == 0 and not panel.empty.isHidden()
