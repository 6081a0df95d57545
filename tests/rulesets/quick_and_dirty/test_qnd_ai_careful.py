"""The Quick and Dirty AI plays like a careful human (issue 25): it does not throw every
attacker at a defender once the chart stops improving, and it weighs what the enemy can
bring against a hex before stopping there."""
from __future__ import annotations

from qnd_helpers import build, uid
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.ai import QuickAndDirtyAI
from studio.rulesets.quick_and_dirty.state import Attack, EndPhase

FIRST = [9, 1]
ORCS = ("qnd-free-companies", "qnd-orc-hordes")


def test_the_fewest_attackers_that_make_the_best_attack_go_in():
    # three footmen (3 each) touch a goblin clan (2): two of them already reach +4, the top
    # row of the chart; the third adds nothing but would be spent
    units = [(0, "footmen", "0505", "N"), (0, "footmen", "0404", "NE"),
             (0, "footmen", "0604", "NW"), (1, "goblin-clan", "0504", "S")]
    st = build(units, lists=ORCS, dice=FIRST)
    RULES.apply(st, EndPhase("move"))
    full = [a for a in RULES.legal_actions(st) if isinstance(a, Attack) and len(a.units) == 3]
    assert full                                   # all three could go in together
    act = QuickAndDirtyAI(0).choose(st)
    assert isinstance(act, Attack) and len(act.units) == 2


def test_what_can_reach_a_hex_counts_against_stopping_there():
    units = [(0, "footmen", "0514", "N"), (1, "knights", "0503", "S"),
             (1, "knights", "0703", "S")]
    st = build(units, lists=ORCS[:1] * 2, dice=FIRST, nrows=16)
    ai = QuickAndDirtyAI(0)
    foot = st.unit(uid(st, "footmen"))
    board = st.game.board
    threats = [(e, board.dist_row(e.hex)) for e in st.units if e.side == 1]
    n, s = board.facing_index("N"), board.facing_index("S")

    def threat(label, facing):
        return ai._threat(st, foot, board.index_of_label(label), facing, threats, None)
    assert threat("0514", n) == 0.0                # out of the knights' reach
    assert threat("0506", n) > 0.0                 # both knights can ride into it
    assert threat("0506", s) > threat("0506", n)   # and more so with its back to them
