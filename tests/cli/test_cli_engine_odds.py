"""`studio odds`: the engine's odds function, as text and JSON, and its exit codes."""
from __future__ import annotations

import json

import pytest

from studio.cli import main
from studio.rulesets.rules_of_war.odds import attack_odds
from studio.io import default_library


@pytest.fixture(scope="module")
def library():
    return default_library()


def odds_json(capsys, *extra):
    code = main(["odds", "--attacker", "persian-wars-greek/athenian-hoplites",
                 "--defender", "persian-wars-persian/immortals", "--format", "json", *extra])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def test_json_gives_the_engine_odds(capsys, library):
    data = odds_json(capsys)
    greek = library.army_list("persian-wars-greek")
    persian = library.army_list("persian-wars-persian")
    want = attack_odds(greek.unit("athenian-hoplites"), greek, persian.unit("immortals"), persian,
                       library.ruleset("rules-of-war"))
    assert data["hit"] == pytest.approx(want.p_hit)
    assert data["unsaved_hit"] == pytest.approx(want.p_unsaved)
    assert data["destroyed"] == pytest.approx(want.p_destroyed)
    assert data["morale_check"] == pytest.approx(want.p_morale_check)
    assert data["needed"] == want.needed


def test_options_reach_the_odds(capsys, library):
    greek = library.army_list("persian-wars-greek")
    persian = library.army_list("persian-wars-persian")
    forest = library.terrain_set("basic-ground").by_id("forest")
    data = odds_json(capsys, "--terrain", "forest", "--rear", "--elevation", "higher",
                     "--prior-attackers", "1")
    want = attack_odds(greek.unit("athenian-hoplites"), greek, persian.unit("immortals"), persian,
                       library.ruleset("rules-of-war"), terrain=forest, rear=True,
                       elevation="higher", prior_attackers=1)
    assert data["unsaved_hit"] == pytest.approx(want.p_unsaved)
    assert data["needed"] == want.needed == 7 + 2 + 1 + 1
    plain = odds_json(capsys)
    assert data["unsaved_hit"] > plain["unsaved_hit"]


def test_ranged_distance_and_hits_taken(capsys, library):
    code = main(["odds", "--attacker", "ancient-greek/psiloi-bow", "--defender",
                 "ancient-greek/hoplites-standard", "--distance", "4", "--hits-taken", "1",
                 "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    lst = library.army_list("ancient-greek")
    want = attack_odds(lst.unit("psiloi-bow"), lst, lst.unit("hoplites-standard"), lst,
                       library.ruleset("rules-of-war"), distance=4, defender_hits_taken=1)
    assert data["destroyed"] == pytest.approx(want.p_destroyed) and want.p_destroyed > 0


def test_text_output(capsys):
    assert main(["odds", "--attacker", "persian-wars-greek/athenian-hoplites",
                 "--defender", "persian-wars-persian/immortals"]) == 0
    out = capsys.readouterr().out
    assert "Athenian Hoplites" in out and "unsaved hit:" in out and "%" in out


@pytest.mark.parametrize("args, words", [
    (["--attacker", "persian-wars-greek/hoplite", "--defender", "persian-wars-persian/immortals"],
     "athenian-hoplites"),
    (["--attacker", "no-such-list/x", "--defender", "persian-wars-persian/immortals"],
     "no army list"),
    (["--attacker", "persian-wars-greek", "--defender", "persian-wars-persian/immortals"],
     "LIST/UNIT"),
    (["--attacker", "persian-wars-greek/athenian-hoplites", "--defender",
      "persian-wars-persian/immortals", "--terrain", "lava"], "forest"),
])
def test_unknown_names_exit_2_and_say_what_there_is(capsys, args, words):
    assert main(["odds", *args]) == 2
    assert words in capsys.readouterr().err


def _odds_of(capsys, attacker, defender, *extra):
    code = main(["odds", "--attacker", attacker, "--defender", defender, "--format", "json",
                 *extra])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def test_pila_units_get_no_odds_for_a_ranged_shot_the_game_forbids(capsys):
    data = _odds_of(capsys, "punic-wars-roman/hastatus-heavy-infantry",
                    "punic-wars-carthaginian/spanish-heavy-infantry", "--distance", "2")
    assert data["hit"] == 0 and data["needed"] is None
    assert "pila" in data["no_attack_reason"]
    close = _odds_of(capsys, "punic-wars-roman/hastatus-heavy-infantry",
                     "punic-wars-carthaginian/spanish-heavy-infantry", "--distance", "1")
    assert close["hit"] > 0 and close["no_attack_reason"] is None


def test_a_target_only_some_units_may_attack_gets_no_odds_from_others(capsys):
    data = _odds_of(capsys, "world-war-1/infantry", "world-war-1/airplane")
    assert data["hit"] == 0 and "flak" in data["no_attack_reason"]
    flak = _odds_of(capsys, "world-war-1/flak-guns", "world-war-1/airplane")
    assert flak["no_attack_reason"] is None
