"""The game log speaks in names, never in ids mixed with names, for every game: each line
of seeded AI-against-AI games of the three bundled games' samples (Quick and Dirty's three
armies first) names every unit and side as people read them."""
from __future__ import annotations

import re

import pytest

from studio.ai import RandomPlayer
from studio.ai.game import play_game
from studio.engine import Event
from studio.io import default_library, load_file
from studio.playtest.log_text import event_text
from studio.playtest.names import Names

SAMPLES = ("qnd-battle-of-three-armies", "qnd-mirror", "ad-border-skirmish", "marathon")


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_log_line_names_units_and_sides(sample):
    library = default_library()
    scenario = load_file(f"templates/scenarios/{sample}.yaml").model
    players = {s.id: RandomPlayer(7 + k) for k, s in enumerate(scenario.sides)}
    state, _ = play_game(scenario, library, 3, players)
    names = Names(state)
    ids = [u.uid for u in state.units if names.unit(u.uid) != u.uid]
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    kinds = set()
    for e in state.events():
        line = event_text(e, names)
        kinds.add(e.kind)
        found = pattern.search(line)
        assert found is None, f"{e.kind}: {line!r} names {found.group(1)}"
    assert len(kinds) > 4


def test_a_combined_attack_and_the_initiative_read_in_names():
    """The two lines that mixed them: the attackers of a Quick and Dirty attack and each
    side's initiative roll."""
    library = default_library()
    scenario = load_file("templates/scenarios/qnd-mirror.yaml").model
    players = {s.id: RandomPlayer(1) for s in scenario.sides}
    state, _ = play_game(scenario, library, 2, players)
    names = Names(state)
    first, second = (u.uid for u in state.units[:2])
    side = state.game.sides[0]
    attack = Event("combat", {"units": [first, second], "target": state.units[-1].uid,
                              "attack": 6, "defence": 3, "hex": "0505", "roll": 7,
                              "modifier": 0, "result": "locked"})
    line = event_text(attack, names)
    assert line.startswith(f"{names.unit(first)} + {names.unit(second)} (6) attack "
                           f"{names.unit(state.units[-1].uid)}")
    rolls = Event("initiative", {"rolls": [[side.id, 4]], "order": [side.id]})
    assert event_text(rolls, names) == (f"Initiative ({side.name} 4): {side.name} in that "
                                        "order")
