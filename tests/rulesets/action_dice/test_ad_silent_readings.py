"""Where the Action Dice seed is silent or loose, the project's readings (stated on
docs/rulesets/action-dice.md), each held by a test (issue 25)."""
from __future__ import annotations

from ad_helpers import build, script
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.state import EndTurn, Melee, Shoot
from studio.rulesets.action_dice.play import unit_actions
from studio.rulesets.action_dice.targets import melee_targets


def test_S3_a_regiments_front_is_the_120_degree_arc_of_its_three_hexes_ahead():
    probe = build([(0, "spearmen", "0505", "N")])
    board = probe.game.board
    h = board.index_of_label("0505")
    n = board.facing_index("N")
    for k in range(6):
        other = board.labels[board.nbr[h][k]]
        st = build([(0, "spearmen", "0505", "N"), (1, "wolf-riders", other, "N")])
        ahead = bool(melee_targets(st, st.unit("spearmen-0")))
        # the hex straight ahead and the two beside it (at 60 degrees) are in front
        assert ahead == (k in (n, (n + 1) % 6, (n + 5) % 6)), board.facing_names[k]


def test_S13_no_shooting_while_an_enemy_is_next_to_the_shooter():
    st = build([(0, "archers", "0508", "N"), (1, "orc-warriors", "0505", "S"),
                (1, "wolf-riders", "0608", "N")])
    kinds = {type(a) for a in unit_actions(st, st.unit("archers-0"))}
    assert Shoot not in kinds and Melee in kinds


def test_S5_the_order_is_rolled_again_every_round():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0502", "S")])
    assert st.order == (0, 1)
    for u in st.units:
        u.activations = 1
    script(st, [1, 6])                            # round 2: side 1 now rolls higher
    RULES.apply(st, EndTurn("s0"))
    RULES.apply(st, EndTurn("s1"))
    assert st.round == 2 and st.order == (1, 0)
