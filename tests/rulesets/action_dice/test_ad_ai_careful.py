"""The Action Dice AI plays like a careful human (issue 25): it does not turn a regiment
flank-on to an enemy regiment that can reach it for the sake of facing a hero."""
from __future__ import annotations

from ad_helpers import build
from studio.rulesets.action_dice.ai import ActionDiceAI
from studio.rulesets.action_dice.state import Move


def test_a_regiment_keeps_an_enemy_regiment_in_front_rather_than_face_a_hero():
    # a warboss behind the spearmen, an orc regiment two hexes ahead that can close next turn
    units = [(0, "spearmen", "0505", "N"), (1, "warboss", "0506", "N"),
             (1, "orc-warriors", "0503", "S")]
    for seed in range(6):
        st = build(units)
        action = ActionDiceAI(seed).choose(st)
        assert isinstance(action, Move)
        board = st.game.board
        h, f = board.index_of_label(action.to), board.facing_index(action.facing)
        orcs = st.unit("orc-warriors-2")
        assert board.in_arc(h, f, orcs.hex), (seed, action)
