"""The play toolbar's round list and the game log's Round filter come from the events that
open each round; a Quick and Dirty game opens its rounds with "battle-turn", so they must
count as well as the "round" of the other games."""
from __future__ import annotations

import pytest

from studio.ai import HeuristicAI, derive_seed, play_game
from studio.io import default_library, load_file
from studio.playtest.timeline import Timeline


@pytest.mark.parametrize("sample", ["qnd-battle-of-three-armies", "ad-border-skirmish"])
def test_every_round_played_has_a_start(sample):
    model = load_file(f"templates/scenarios/{sample}.yaml").model
    lib = default_library()
    players = {s.id: HeuristicAI(derive_seed(1, "ai", s.id)) for s in model.sides}
    state, log = play_game(model, lib, 1, players)
    t = Timeline.from_log(model, lib, log)
    starts = t.round_starts()
    assert sorted(starts) == list(range(1, state.round + 1))
    assert starts[1] == 0 and t.round_at(t.length) == state.round
