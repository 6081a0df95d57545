"""The Middle Earth AI plays for victory points, which count only whole units lost: it keeps
a worn unit out of a melee that would finish it, and presses a charge that may finish an
enemy's."""
from me_helpers import build
from studio.rulesets.middle_earth.ai import MiddleEarthAI
from studio.rulesets.middle_earth.state import Charge


def _charges(st):
    a = MiddleEarthAI(0).choose(st)
    return isinstance(a, Charge), a


def _game():
    return build([(0, "dol-amroth-knights", "0405", "NE"), (1, "orc-band", "0705", "NW")])


def test_a_fresh_unit_charges():
    st = _game()
    charges, a = _charges(st)
    assert charges, a


def test_a_worn_unit_keeps_out_of_a_melee_that_would_finish_it():
    st = _game()
    knights = st.unit("dol-amroth-knights-0")
    knights.figures = 2
    charges, a = _charges(st)
    assert not charges, a


def test_a_charge_that_may_finish_a_unit_is_worth_its_points():
    st = _game()
    ai = MiddleEarthAI(0)
    knights, orcs = st.unit("dol-amroth-knights-0"), st.unit("orc-band-1")
    fresh = ai._charge(st, knights, orcs)
    orcs.figures = 2
    assert ai._charge(st, knights, orcs) > fresh + 0.5 * ai._finish(st, orcs, 2.0) > fresh
