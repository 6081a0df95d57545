"""describe_victory: every kind in plain words, with the scenario's names and round limit."""
import copy

import pytest

from studio.io import load_file
from studio.model import VictoryCondition
from studio.model.scenario import VICTORY_KINDS
from studio.io.samples import sample_scenario_path, scenarios_dir
from studio.playtest.victory_text import describe_victory, sudden_death


@pytest.fixture(scope="module")
def marathon():
    return load_file(sample_scenario_path()).model


def vc(kind, side="athenians", sudden=None, **params):
    return VictoryCondition(side, kind, params, sudden)


def test_destroy_leader_names_the_enemy_and_is_sudden_death(marathon):
    text = describe_victory(vc("destroy-leader"), marathon)
    assert text.startswith("Athenians and Plataeans win at once when")
    assert "Army Leader of Persian expedition" in text
    assert text.endswith("destroyed.")


def test_destroy_leader_without_sudden_death_waits_for_the_round_limit(marathon):
    text = describe_victory(vc("destroy-leader", sudden=False), marathon)
    assert "at the end of round 12" in text
    assert "at once" not in text


def test_eliminate_share_by_units_and_by_points(marathon):
    by_units = describe_victory(vc("eliminate", share=50, measure="units"), marathon)
    assert "50% of the units of Persian expedition" in by_units
    assert "at once" in by_units
    by_points = describe_victory(vc("eliminate", share=60, measure="points"), marathon)
    assert "60% of the points (counted by unit cost) of Persian expedition" in by_points


def test_hold_uses_objective_names_and_the_round_limit(marathon):
    scenario = copy.deepcopy(marathon)
    label = scenario.objectives[0].hex
    name = scenario.objectives[0].name
    text = describe_victory(vc("hold", hexes=[label]), scenario)
    assert f"hold {label} ({name}) at the end of round {scenario.round_limit}" in text


def test_hold_some_of_several_hexes(marathon):
    text = describe_victory(vc("hold", hexes=["0101", "0202", "0303"], count=2), marathon)
    assert "any 2 of 0101, 0202 and 0303" in text
    every = describe_victory(vc("hold", hexes=["0101", "0202"]), marathon)
    assert "all of 0101 and 0202" in every


def test_hold_without_hexes_says_what_is_missing(marathon):
    assert "none are chosen yet" in describe_victory(vc("hold", hexes=[]), marathon)


def test_hold_as_sudden_death(marathon):
    text = describe_victory(vc("hold", sudden=True, hexes=["0101"]), marathon)
    assert "as soon as they hold 0101" in text


def test_exit_by_units_and_by_points(marathon):
    one = describe_victory(vc("exit", edge="east"), marathon)
    assert "one of their units have left the map by the east edge by the end of round 12" in one
    many = describe_victory(vc("exit", edge="north", units=3), marathon)
    assert "3 of their units" in many
    points = describe_victory(vc("exit", edge="west", points=40), marathon)
    assert "units worth 40 points or more" in points


def test_survive_and_victory_points(marathon):
    assert "still have units on the map when round 12 (the round limit) is over" in \
        describe_victory(vc("survive"), marathon)
    vp = describe_victory(vc("victory-points"), marathon)
    assert "objectives it holds" in vp and "higher total than Persian expedition" in vp
    assert "draw" in vp


def test_against_lists_the_named_sides(marathon):
    scenario = copy.deepcopy(marathon)
    scenario.sides.append(copy.deepcopy(scenario.sides[1]))
    scenario.sides[2].id, scenario.sides[2].name = "thebans", "Thebans"
    everyone = describe_victory(vc("destroy-leader"), scenario)
    assert "Army Leaders of Persian expedition and Thebans are all destroyed" in everyone
    only = describe_victory(vc("destroy-leader", against=["thebans"]), scenario)
    assert "Army Leader of Thebans is destroyed" in only


def test_without_a_scenario_ids_stand_in_for_names():
    text = describe_victory(vc("survive", side="red"), None)
    assert text.startswith("red win")
    assert "round limit" in text


def test_unknown_kind_lists_the_known_ones():
    text = describe_victory(vc("conquer"), None)
    assert "'conquer'" in text and "destroy-leader" in text


def test_every_kind_of_every_sample_is_described():
    for path in sorted(scenarios_dir().glob("*.yaml")):
        scenario = load_file(path).model
        for condition in scenario.victory:
            text = describe_victory(condition, scenario)
            assert text.endswith(".") and len(text) > 30, (path.name, text)


def test_sudden_death_defaults_follow_the_engine():
    assert sudden_death(vc("destroy-leader")) and sudden_death(vc("eliminate"))
    assert not any(sudden_death(vc(k)) for k in ("hold", "exit", "survive", "victory-points"))
    assert sudden_death(vc("hold", sudden=True))
    assert set(VICTORY_KINDS) == {"destroy-leader", "eliminate", "hold", "exit", "survive",
                                  "victory-points"}
