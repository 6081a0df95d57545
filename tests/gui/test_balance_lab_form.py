"""Balance lab form (issue 28 item 7): the target defaults to an even share, 1/N for N
sides, and a unit variant picks the unit type from the side's army list."""
from __future__ import annotations

import copy

import pytest

from studio.gui.balance.window import BalanceWindow
from studio.io import default_library
from studio.model import Army, Side
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def library():
    return default_library()


def mirror(library):
    lst = library.army_list("persian-wars-greek")
    return mirror_scenario(lst, "greek-archon", ["spartan-warband", "athenian-hoplites"],
                           columns=11, rows=8)


def window(qtbot, sc, library):
    w = BalanceWindow(lambda: sc, library, lambda: "Mirror")
    qtbot.addWidget(w)
    return w.lab_view


def test_target_is_an_even_share_of_the_sides(qtbot, home, library):
    sc = mirror(library)
    assert window(qtbot, sc, library).target.value() == pytest.approx(0.5)
    three = copy.deepcopy(sc)
    three.sides.append(Side("north", "North", "#3a7d2b", Army("persian-wars-greek"), "north"))
    view = window(qtbot, three, library)
    assert view.target.value() == pytest.approx(1 / 3, abs=0.001)
    assert view.study().target == pytest.approx(1 / 3, abs=0.001)


def test_a_unit_variant_picks_the_unit_from_a_list(qtbot, home, library):
    sc = mirror(library)
    view = window(qtbot, sc, library)
    view.kind.setCurrentIndex(view.kind.findData("add"))
    view.change_side.setCurrentIndex(view.change_side.findData("west"))
    units = library.army_list("persian-wars-greek").units
    offered = [view.what.itemData(i) for i in range(view.what.count())]
    assert offered == [u.id for u in units]
    hoplites = next(u for u in units if u.id == "athenian-hoplites")
    view.what.setCurrentIndex(view.what.findData("athenian-hoplites"))
    assert view.what.currentText() == f"{hoplites.name} (athenian-hoplites)"
    view.number.setText("2")
    variant = view.add_from_form()
    assert variant.params == {"side": "west", "type": "athenian-hoplites", "count": 2}
    # The objectives are offered for objective points; a round limit needs no field.
    view.kind.setCurrentIndex(view.kind.findData("objective_points"))
    assert view.what.count() == len(sc.objectives)
    view.kind.setCurrentIndex(view.kind.findData("round_limit"))
    assert not view.what.isEnabled()
