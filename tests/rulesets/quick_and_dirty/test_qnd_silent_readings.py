"""Where the Quick and Dirty seed is silent or loose, the project's readings (stated on
docs/rulesets/quick-and-dirty.md), each held by a test (issue 25)."""
from __future__ import annotations

from qnd_helpers import build, uid
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import Attack, EndPhase

FIRST = [9, 1]


def _attack(st, target_type, attacker_types):
    RULES.apply(st, EndPhase("move"))
    return RULES.apply(st, Attack(uid(st, target_type), tuple(uid(st, a) for a in attacker_types)))


def test_Q10_a_missile_attack_from_range_takes_the_flank_or_rear_bonus():
    # the crossbowmen shoot from three hexes behind the orcs, who face north
    st = build([(0, "crossbowmen", "0507", "N"), (1, "hill-orcs", "0504", "N")],
               dice=FIRST + [5, 9])
    ev = _attack(st, "hill-orcs", ["crossbowmen"])
    assert ev[0]["modifier"] == 2                 # rear, though nothing touches the orcs


def test_Q8_a_flyer_attacking_into_rough_takes_the_rough_modifier():
    rows = ["." * 10] * 8
    rows[3] = "....r....."                         # 0504 is rough
    st = build([(0, "griffon-pack", "0505", "N"), (1, "footmen", "0504", "S")],
               lists=("qnd-elven-host", "qnd-free-companies"), rows=rows, dice=FIRST + [5])
    ev = _attack(st, "footmen", ["griffon-pack"])
    assert ev[0]["modifier"] == -1                # flyers cross rough freely, but fight into it


def test_Q3_initiative_is_rolled_again_every_battle_turn_by_default():
    st = build([(0, "footmen", "0508", "N"), (1, "hill-orcs", "0502", "S")],
               dice=FIRST + [1, 9])
    assert st.order == (0, 1)
    for _ in range(4):
        RULES.apply(st, EndPhase(st.phase))
    assert st.round == 2 and st.order == (1, 0)


def test_Q13_the_roll_takes_no_shock_modifier_and_no_unit_is_made_to_attack():
    # front, clear ground, no enhancement: the roll is the die alone; ending the combat
    # phase with an attack on offer is legal
    st = build([(0, "footmen", "0505", "N"), (1, "mountain-orcs", "0504", "S")],
               dice=FIRST + [5])
    RULES.apply(st, EndPhase("move"))
    assert any(isinstance(a, Attack) for a in RULES.legal_actions(st))
    assert EndPhase("combat") in RULES.legal_actions(st)
    ev = RULES.apply(st, Attack(uid(st, "mountain-orcs"), (uid(st, "footmen"),)))
    assert ev[0]["modifier"] == 0
