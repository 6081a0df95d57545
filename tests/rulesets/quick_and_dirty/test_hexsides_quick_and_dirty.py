"""Hexside features in Quick and Dirty (quick-and-dirty.md, "Hexside features"): edges
crossed as rough ground or not at all, attacks across cover as attacks on rough ground,
spotting blocked by walls and hedges."""
from __future__ import annotations

from qnd_helpers import build, uid
from studio.hexgrid import MapGeometry, neighbours
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import Attack, EndPhase, Move

FIRST = [9, 1]          # initiative: side 0 rolls 9, side 1 rolls 1


def ends(hexsides):
    st = build([(0, "footmen", "0505", "N"), (1, "hill-orcs", "0101", "S")], dice=FIRST,
               hexsides=hexsides)
    return {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)}


def across_the_map(row: int) -> list[str]:
    """Every edge between map row `row` and the row above it (a river bank)."""
    geometry = MapGeometry(10, 8)
    out = []
    for col in range(1, 11):
        h = geometry.to_hex(col, row)
        for n in neighbours(h):
            if geometry.contains(n) and geometry.to_offset(n)[1] == row - 1:
                out.append(f"{geometry.label(h)}/{geometry.label(n)}")
    return out


def test_a_river_across_the_map_stops_movement_a_bridge_lets_it_through():
    river = {"river": across_the_map(5)}
    assert "0504" in ends({}) and "0503" in ends({})
    assert not {h for h in ends(river) if h[2:] < "05"}
    bridged = ends({**river, "bridge": ["0505/0504"]})
    assert "0504" in bridged and "0503" in bridged


def test_a_hedge_is_crossed_as_rough_ground():
    # move 4: four clear steps, or a rough one (2) and two clear ones
    assert "0501" in ends({})
    hedged = ends({"hedge": across_the_map(5)})
    assert "0502" in hedged and "0501" not in hedged


def test_an_attack_across_a_wall_is_an_attack_on_rough_ground():
    def modifier(hexsides):
        st = build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0504", "S")],
                   dice=FIRST + [5], hexsides=hexsides)
        RULES.apply(st, EndPhase("move"))
        ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
        return ev[0]["modifier"]
    assert modifier({}) == 0
    assert modifier({"wall": ["0504/0505"]}) == -1
    assert modifier({"road": ["0504/0505"]}) == 0            # roads do nothing here


def test_walls_block_sight_past_them():
    st = build([(0, "footmen", "0505", "N"), (1, "hill-orcs", "0101", "S")], dice=FIRST,
               hexsides={"wall": ["0503/0504"]})
    b = st.game.board
    assert not b.terrain_los(b.index_of_label("0505"), b.index_of_label("0502"))
    assert b.terrain_los(b.index_of_label("0505"), b.index_of_label("0504"))
