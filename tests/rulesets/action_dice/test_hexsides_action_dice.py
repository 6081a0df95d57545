"""Hexside features in Action Dice (action-dice.md, "Hexside features"): edges crossed as
open or broken ground (disordering) or not at all, vehicles stopped by rivers, sight blocked
by walls and hedges."""
from __future__ import annotations

from ad_helpers import FUTURE, build
from studio.rulesets.action_dice.movement import foot_moves, vehicle_paths
from studio.rulesets.action_dice.targets import shoot_targets


def moves(hexsides):
    st = build([(0, "archers", "0505", "N"), (1, "orc-warriors", "1012", "S")],
               hexsides=hexsides)
    return {st.game.board.labels[h]: d for h, d in foot_moves(st, st.unit("archers-0")).items()}


def test_a_stream_disorders_like_broken_ground_a_river_is_crossed_only_at_a_ford():
    assert moves({})["0504"] is False
    assert moves({"stream": ["0505/0504"]})["0504"] is True
    assert moves({"river": ["0505/0504"]})["0504"] is False     # reached round the river
    # straight over the ford, as broken ground: one step, disordered
    assert moves({"river": ["0505/0504"], "ford": ["0505/0504"]})["0504"] is True


def test_a_vehicle_does_not_drive_over_a_river_or_cliff():
    def ends(hexsides):
        st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "1001", "S")],
                   lists=FUTURE, nrows=14, hexsides=hexsides)
        return {st.game.board.labels[h] for h, *_ in vehicle_paths(st, st.unit("battle-tank-0"))}
    assert "0507" in ends({})
    blocked = ends({"cliff": ["0508/0507"]})
    assert "0508" in blocked and "0507" not in blocked and "0506" not in blocked


def test_a_hedge_hides_what_is_behind_it():
    units = [(0, "archers", "0505", "N"), (1, "orc-archers", "0502", "S")]
    seen = build(units)
    assert [t.uid for t in shoot_targets(seen, seen.unit("archers-0"))] == ["orc-archers-1"]
    hidden = build(units, hexsides={"hedge": ["0504/0503"]})
    assert shoot_targets(hidden, hidden.unit("archers-0")) == []
