"""Action Dice data and odds: the bundled lists keep the force rule, bad input is reported at
its line (units that do not fit the ruleset, a force breaking 50/25/25, a scenario mixing
rulesets, an unknown weapon), and `studio odds` gives the exact distribution of figures
removed, which sampled attacks by the engine match."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import json
from pathlib import Path

import pytest

from ad_helpers import FANTASY, FUTURE, build, library
from studio.cli import main
from studio.engine.dice import Dice
from studio.io import default_library
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.state import Melee, Shoot
from studio.validate import check_composition, validate_paths

ROOT = REPO_ROOT
BORDER = ROOT / "templates" / "scenarios" / "ad-border-skirmish.yaml"


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_bundled_lists_and_samples_validate_clean():
    paths = [ROOT / "libraries" / "army-lists" / f"{i}.yaml" for i in FANTASY + FUTURE]
    paths += [BORDER, ROOT / "templates" / "scenarios" / "ad-mirror.yaml",
              ROOT / "libraries" / "rulesets" / "action-dice.yaml"]
    found = [d.format() for d in validate_paths([str(p) for p in paths])]
    assert found == []


def test_each_side_of_the_samples_keeps_50_25_25():
    lib = default_library()
    from studio.io import load_file
    for name in ("ad-border-skirmish", "ad-mirror"):
        scenario = load_file(ROOT / "templates" / "scenarios" / f"{name}.yaml").model
        for side in scenario.sides:
            army_list = lib.army_list(side.army.army_list)
            results = check_composition(side.army, army_list, army_list.composition("force"), lib)
            assert len(results) == 3 and all(r.ok for r in results), (name, side.id)


def test_S25_a_force_breaking_50_25_25_is_reported_at_its_line(tmp_path):
    text = BORDER.read_text()
    start = text.index("      - {id: spearmen-1")
    end = text.index("  - id: orcs")
    heroes = ('      - {id: spearmen-1, type: spearmen, hex: "0406", facing: NE}\n'
              '      - {type: captain, hex: "0309", facing: NE, leader: true}\n'
              '      - {type: wizard, hex: "0310", facing: NE}\n')
    bad = tmp_path / "ad-heroic.yaml"
    bad.write_text(text[:start] + heroes + text[end:])
    found = [d for d in validate_paths([str(bad)]) if d.code == "composition-rule-failed"]
    messages = " ".join(d.message for d in found)
    assert "at most 25% on heroes" in messages and "at least 50% on basic" in messages
    assert all(d.line == _line_of(bad, "composition: force") for d in found)


def test_a_scenario_mixing_rulesets_is_reported_at_the_side(tmp_path):
    bad = tmp_path / "ad-mixed.yaml"
    bad.write_text(BORDER.read_text().replace("army_list: ad-orc-warband",
                                              "army_list: qnd-orc-hordes"))
    found = [d for d in validate_paths([str(bad)]) if d.code == "mixed-rulesets"]
    assert found and found[0].line == _line_of(bad, "army_list: qnd-orc-hordes")


def test_units_that_do_not_fit_the_ruleset_are_reported_at_their_lines(tmp_path):
    source = ROOT / "libraries" / "army-lists" / "ad-orc-warband.yaml"
    text = source.read_text().replace("id: ad-orc-warband", "id: ad-bad-orcs")
    text = text.replace("dice: 1d6, move: 6, fight: 1", "dice: 2d7, move: 6, fight: 1")
    text = text.replace("tags: [elite, cavalry]\n    stats: {type: elite, dice: 2d6",
                        "tags: [hero, cavalry]\n    stats: {type: elite, dice: 2d6")
    text = text.replace("weapon: bow}", "weapon: blunderbuss}")
    bad = tmp_path / "ad-bad-orcs.yaml"
    bad.write_text(text)
    found = validate_paths([str(bad)])
    stats = {d.line: d.message for d in found if d.code == "unit-stats"}
    assert any("2d7" in m for m in stats.values())
    assert any("tag the unit 'elite'" in m for m in stats.values())
    assert any(line == _line_of(bad, "2d7") for line in stats)
    weapon = [d for d in found if "blunderbuss" in d.message]
    assert weapon and weapon[0].line == _line_of(bad, "blunderbuss")


def _odds_cli(capsys, *args) -> dict:
    assert main(["odds", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_cli_gives_the_exact_distribution_each_way(capsys):
    data = _odds_cli(capsys, "--attacker", "ad-kingdom-of-men/spearmen", "--defender",
                     "ad-orc-warband/orc-warriors", "--figures", "4")
    removed = data["figures_removed"]
    for way in ("defender", "attacker"):
        assert abs(sum(removed[way].values()) - 1.0) < 1e-9
    # 4 spearmen roll 4d6 (4..24) over Defense 8: 0, 1, 2 or 3 orcs
    assert set(removed["defender"]) == {"0", "1", "2", "3"}
    assert removed["defender"]["3"] == pytest.approx(1 / 6 ** 4)          # four sixes
    # 10 orcs answer with 10d6 + 10 over Defense 8, at most the 4 spearmen there are
    assert max(int(k) for k in removed["attacker"]) == 4
    far = _odds_cli(capsys, "--attacker", "ad-kingdom-of-men/bolt-thrower", "--defender",
                    "ad-orc-warband/orc-warriors", "--distance", "12")
    assert far["kind"] == "ranged" and far["figures_removed"]["attacker"] == {"0": 1.0}


def test_odds_refuse_what_the_game_refuses():
    lib = library()
    men, orcs = lib.army_list("ad-kingdom-of-men"), lib.army_list("ad-orc-warband")
    with pytest.raises(ValueError, match="no ranged weapon"):
        RULES.odds.unit_odds(lib, (men, men.unit("spearmen")), (orcs, orcs.unit("orc-warriors")),
                        {"distance": 3})
    with pytest.raises(ValueError, match="reaches 3 hexes"):
        RULES.odds.unit_odds(lib, (men, men.unit("archers")), (orcs, orcs.unit("orc-warriors")),
                        {"distance": 4})


@pytest.mark.parametrize("attack", ["melee", "shoot"])
def test_odds_match_sampled_attacks(attack):
    lib = library()
    men, orcs = lib.army_list("ad-kingdom-of-men"), lib.army_list("ad-orc-warband")
    if attack == "melee":
        units = [(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")]
        action, kind = Melee("spearmen-0", "orc-warriors-1"), "melee"
        pair = ((men, men.unit("spearmen")), (orcs, orcs.unit("orc-warriors")), {"distance": 1})
    else:
        units = [(0, "archers", "0508", "N"), (1, "orc-warriors", "0505", "S")]
        action, kind = Shoot("archers-0", "orc-warriors-1"), "shot"
        pair = ((men, men.unit("archers")), (orcs, orcs.unit("orc-warriors")), {"distance": 3})
    exact = RULES.odds.unit_odds(lib, *pair)["figures_removed"]
    games = 1500
    seen: dict[int, int] = {}
    back: dict[int, int] = {}
    base = build(units)
    if attack == "melee":
        odds = RULES.odds.state_odds(base, "spearmen-0", "orc-warriors-1")
        assert odds["figures_removed"] == exact
    for seed in range(games):
        st = base.copy()
        st.dice = Dice(seed)
        e = next(e for e in RULES.apply(st, action) if e.kind == kind)
        seen[e["removed"]] = seen.get(e["removed"], 0) + 1
        if attack == "melee":
            back[e["back_removed"]] = back.get(e["back_removed"], 0) + 1
    for n, p in exact["defender"].items():
        assert abs(seen.get(n, 0) / games - p) < 0.04, (n, p, seen)
    for n, p in exact["attacker"].items() if attack == "melee" else ():
        assert abs(back.get(n, 0) / games - p) < 0.04, (n, p, back)


def test_a_weapon_priced_off_the_formula_is_reported_at_its_line(tmp_path):
    source = ROOT / "libraries" / "rulesets" / "action-dice.yaml"
    text = source.read_text().replace("id: action-dice\n", "id: ad-house-rules\n", 1)
    text = text.replace("range: 10, cost: 30}", "range: 10, cost: 25}")
    bad = tmp_path / "ad-house-rules.yaml"
    bad.write_text(text)
    found = [d for d in validate_paths([str(bad)]) if d.code == "ruleset-option"]
    assert found and "longbow" in found[0].message and "30" in found[0].message
    assert found[0].line == _line_of(bad, "cost: 25")
