"""The kernel board's hexside table: kinds by hex and direction and by hex pair, both ways
round; bad entries refused with what to fix."""
from __future__ import annotations

import pytest

from studio.engine.board import HexBoard
from studio.engine.errors import SetupError
from studio.model import HexMap
from studio.rulesets.rules_of_war.sample import basic_ground, hexside_kinds


def board(hexsides):
    ground = basic_ground()
    ground.hexsides = hexside_kinds()
    m = HexMap.blank(6, 5, ".")
    m.hexsides = hexsides
    return HexBoard(m, ground, sight_sides=frozenset({"wall"}))


def test_the_table_holds_each_edge_from_both_sides():
    b = board({"river": ["0302/0303"], "bridge": ["0303/0302"], "road": ["0101/0102/0103"]})
    a, c = b.index_of_label("0302"), b.index_of_label("0303")
    d = b.nbr[a].index(c)
    assert b.hexside[a][d] == ("river", "bridge") == b.hexside_kinds(a, c)
    assert b.hexside[c][b.nbr[c].index(a)] == ("river", "bridge")
    assert b.hexside_kinds(b.index_of_label("0102"), b.index_of_label("0103")) == ("road",)
    assert sum(1 for row in b.hexside for kinds in row if kinds) == 2 * 3


def test_a_map_without_hexsides_has_an_empty_table():
    b = board({})
    assert b.sides == {} and all(kinds == () for row in b.hexside for kinds in row)


@pytest.mark.parametrize("hexsides, fragment", [
    ({"moat": ["0302/0303"]}, "hexside kind 'moat' is not in terrain set"),
    ({"river": ["0302/0304"]}, "0302 and 0304 are not neighbours"),
    ({"river": ["0302/0309"]}, "'0309' is off the map"),
])
def test_bad_entries_are_refused_saying_what_to_fix(hexsides, fragment):
    with pytest.raises(SetupError, match=fragment):
        board(hexsides)
