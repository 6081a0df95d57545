"""The AI's attack estimates agree exactly with the engine's odds; seeds are derived the same
way in every process."""
from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

import studio
from studio.ai import derive_seed, game_seeds
from studio.rulesets.rules_of_war.ai.estimates import damage_share, unsaved_probability
from studio.rulesets.rules_of_war.modifiers import AttackContext
from studio.rulesets.rules_of_war.odds import enumerate_attack
from studio.rulesets.rules_of_war.profile import Profile
from studio.rulesets.rules_of_war.options import options_from
from studio.io import default_library


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.mark.parametrize("lists", [("persian-wars-greek", "persian-wars-persian"),
                                   ("ancient-roman", "ancient-celtic"),
                                   ("world-war-2-squad", "world-war-2-squad")])
def test_unsaved_probability_matches_the_engine_odds(library, lists):
    a_list, d_list = (library.army_list(i) for i in lists)
    ruleset = library.ruleset(a_list.ruleset)
    o = options_from(ruleset)
    terrains = [None] + library.terrain_set(d_list.terrain_set).terrain[:4]
    attackers = [Profile(a_list, u) for u in a_list.units[:3]]
    defenders = [Profile(d_list, u) for u in d_list.units[:3]]
    checked = 0
    for a, d, t, rear, elev, prior in itertools.product(
            attackers, defenders, terrains, (False, True), ("level", "higher", "lower"), (0, 2)):
        for distance in sorted({1, min(2, a.range), a.range}):
            ctx = AttackContext(a, d, distance, rear=rear and distance == 1, elevation=elev,
                                prior_attackers=prior, defender_terrain=t)
            want = enumerate_attack(ctx, o, 0, d.hits, d.morale is not None).p_unsaved
            assert unsaved_probability(ctx, o) == pytest.approx(want, abs=1e-12)
            checked += 1
    assert checked > 100


def test_damage_share_counts_whole_kills_and_partial_hits(library):
    lst = library.army_list("ancient-greek")         # two hits per unit
    hop = Profile(lst, lst.unit("hoplites-standard"))
    assert damage_share(0.5, hop, 1, 10) == 0.5      # the next hit destroys it
    partial = damage_share(0.5, hop, 0, 10)
    assert 0.25 < partial < 0.5                      # half a kill plus a chance to rout it


def test_derived_seeds_are_stable_across_processes():
    here = [derive_seed(7, i, "game") for i in range(3)]
    code = ("from studio.ai import derive_seed; "
            "print([derive_seed(7, i, 'game') for i in range(3)])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONHASHSEED": "123",
                              "PYTHONPATH": str(Path(studio.__file__).resolve().parents[1])},
                         check=True).stdout
    assert out.strip() == str(here)
    dice, ai = game_seeds(7, 0, ["a", "b"])
    assert len({dice, ai["a"], ai["b"]}) == 3
