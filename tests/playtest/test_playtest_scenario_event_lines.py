"""Play mode's log tells a scenario's reinforcements, events and turn track in words, with
the units' and sides' names."""
from __future__ import annotations

from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir
from studio.playtest.log_entries import LogBuilder
from studio.playtest.names import Names
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import EndPhase


def test_the_log_names_who_arrives_where_and_what_happens():
    scenario = load_file(scenarios_dir() / "qnd-relief-column.yaml").model
    state = RULES.new_game(scenario, default_library(), 1)
    builder = LogBuilder(state, Names(state))
    builder.add(state.opening_events, 0, None)
    while state.round < 4:
        builder.add(RULES.apply(state, EndPhase(state.phase)), 1, None)
    texts = [e.text for e in builder.entries]
    assert "Round 1: afternoon, clear" in texts
    arrival = next(t for t in texts if t.startswith("Reinforcements"))
    assert arrival.startswith("Reinforcements (West's relief column) arrive for West Company: "
                              "Relief knights (Knights) at 01")
