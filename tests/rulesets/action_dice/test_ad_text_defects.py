"""Action Dice where the engine read the seed wrongly (issue 25): each test fixes the dice
and fails on the old reading."""
from __future__ import annotations

from ad_helpers import FUTURE, build, first, library, script
from studio.engine.state import ON
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.ai import ActionDiceAI
from studio.rulesets.action_dice.combat import take_losses
from studio.rulesets.action_dice.morale import check_after_losses
from studio.rulesets.action_dice.odds import unit_odds
from studio.rulesets.action_dice.state import EndTurn, Melee, Move


def walled_rows(st, around: str, keep: str, columns=12, nrows=12) -> list[str]:
    """Terrain rows with woods (impassable) on every neighbour of `around` but `keep`."""
    board = st.game.board
    h = board.index_of_label(around)
    walls = {board.labels[n] for n in board.nbr[h] if n >= 0} - {keep}
    rows = []
    for r in range(1, nrows + 1):
        rows.append("".join("W" if f"{c:02d}{r:02d}" in walls else "."
                            for c in range(1, columns + 1)))
    return rows


def test_a_failed_unit_that_cannot_move_away_does_not_freeze_its_side():
    units = [(0, "spearmen", "0303", "N"), (0, "knights", "0909", "N"),
             (1, "orc-warriors", "0302", "S")]
    rows = walled_rows(build(units), "0303", "0302")
    st = build(units, rows=rows)
    st.unit("spearmen-0").failed = True
    acts = RULES.legal_actions(st)
    # the boxed-in spearmen have nowhere to flee: the knights may go, the side is not stuck
    assert any(isinstance(a, Move) and a.unit == "knights-1" for a in acts)
    assert not any(getattr(a, "unit", None) == "spearmen-0" for a in acts)
    assert not isinstance(ActionDiceAI(0).choose(st), EndTurn)
    # a failed unit that can flee still goes first
    st = build([(0, "spearmen", "0505", "N"), (0, "knights", "0909", "N"),
                (1, "orc-warriors", "0502", "S")])
    st.unit("spearmen-0").failed = True
    assert {a.unit for a in RULES.legal_actions(st) if isinstance(a, Move)} == {"spearmen-0"}


def test_ordnance_crews_roll_one_d4_a_figure_in_melee():
    st = build([(0, "gun-team", "0505", "N"), (1, "raider-pack", "0504", "S")], lists=FUTURE)
    # three crew figures: three d4s (not the gun's 2d10 each as d4s, six dice)
    script(st, [2, 2, 2] + [1] * 5)
    ev = RULES.apply(st, Melee("gun-team-0", "raider-pack-1"))
    m = first(ev, "melee")
    assert m["rolls"] == [2, 2, 2] and (m["total"], m["removed"]) == (6, 0)
    lib = library()
    crews, raiders = lib.army_list("ad-colonial-marines"), lib.army_list("ad-xeno-raiders")
    odds = unit_odds(lib, (crews, crews.unit("gun-team")), (raiders, raiders.unit("raider-pack")),
                     {"distance": 1})
    removed = odds["figures_removed"]["defender"]
    assert abs(removed[0] - 0.3125) < 1e-12 and abs(removed[1] - 0.6875) < 1e-12


def test_morale_rolls_the_units_dice_for_every_figure_left():
    st = build([(0, "knights", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    knights = st.unit("knights-0")
    knights.figures = 2                          # lost 2 of 4: a check with 2 figures of 2d6
    script(st, [2, 4, 1, 3])
    events: list = []
    check_after_losses(st, knights, 2, 4, events)
    m = first(events, "morale")
    assert m["rolls"] == [2, 4, 1, 3] and not m["passed"] and knights.failed


def test_vehicle_damage_row_three_is_the_owners_choice_plus_one():
    st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "1001", "S")],
               lists=FUTURE, nrows=14)
    tank = st.unit("battle-tank-0")
    script(st, [6])
    events: list = []
    take_losses(st, tank, 2, None, events)                      # 6 + 2 = 8: row three
    e = events[0]
    assert (e["score"], e["result"], e["took"]) == (8, "defender-chooses-plus", "range")
    assert tank.damage == {"range": 1, "plus": 1} and tank.status == ON
    # a designer who reads it as the attacker's choice says so in the chart
    chart = [{"from": 1, "to": 4, "result": "defender-chooses"},
             {"from": 5, "to": 7, "result": "attacker-chooses"},
             {"from": 8, "to": 9, "result": "attacker-chooses-plus"},
             {"from": 10, "to": 99, "result": "destroyed"}]
    st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "1001", "S")],
               lists=FUTURE, nrows=14, options={"damage_chart": chart})
    tank = st.unit("battle-tank-0")
    script(st, [6])
    events = []
    take_losses(st, tank, 2, None, events)
    assert events[0]["took"] == "defense" and tank.damage == {"defense": 1, "plus": 1}
