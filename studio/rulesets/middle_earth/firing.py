"""Firing (M23) and ground-to-air fire (M28)."""
from __future__ import annotations

from .melee import Strike, fighting_figures
from .rolls import average, distribution_average_difference


def fire_tactical(tables, *, firer_kind: str = "others", overhead: bool = False,
                  over_low_troops: bool = False, beyond_half_range: bool = False,
                  target_downhill: bool = False, target_deep: bool = False,
                  target_mass: bool = False, target_moved: bool = False,
                  target_shielded: bool = False, firer_moved: bool = False) -> int:
    """M23: the firing tactical factors (the playsheet's values). `firer_kind`: elves,
    rangers or others. A target that did not move is stationary (+1); one that moved, -1."""
    ff = tables.o["fire_factors"]

    def by_kind(entry):
        if isinstance(entry, dict):
            return int(entry.get(firer_kind, entry["others"]))
        return int(entry)
    total = by_kind(ff["beyond-half-range"] if beyond_half_range else ff["within-half-range"])
    if overhead:
        total += by_kind(ff["overhead"])
    if over_low_troops:
        total += by_kind(ff["over-low-troops"])
    if target_downhill:
        total += by_kind(ff["target-downhill"])
    if target_deep:
        total += by_kind(ff["target-three-ranks"])
    if target_mass:
        total += by_kind(ff["target-close-order-mass"])
    total += by_kind(ff["target-moved"] if target_moved else ff["target-stationary"])
    if target_shielded:
        total += by_kind(ff["target-shielded"])
    if firer_moved:
        total += by_kind(ff["firer-moving"])
    return total


def volley(tables, missile: str, target_as: str, figures: int, frontage: int, tactical: int,
           dice) -> Strike:
    """M23: a volley reads the casualty chart as a melee does, with the firing chart's
    factor; the figures of the missile's ranks shoot."""
    wf, _ = tables.fire_factor(missile, target_as)
    ranks = _ranks(tables, missile)
    faces = tables.o["average_die"]
    plus, minus = average(dice, faces), average(dice, faces)
    factor = wf + tactical + plus - minus
    n = fighting_figures(figures, ranks, frontage)
    return Strike(wf, tactical, plus, minus, factor, n, tables.casualties(n, factor))


def volley_distribution(tables, missile: str, target_as: str, figures: int, frontage: int,
                        tactical: int) -> dict[int, float]:
    wf, _ = tables.fire_factor(missile, target_as)
    n = fighting_figures(figures, _ranks(tables, missile), frontage)
    out: dict[int, float] = {}
    for diff, p in distribution_average_difference(tables.o["average_die"]).items():
        c = tables.casualties(n, wf + tactical + diff)
        out[c] = out.get(c, 0.0) + p
    return dict(sorted(out.items()))


def _ranks(tables, missile: str) -> float:
    for key in ("chart_3", "chart_4"):
        row = tables.o[key]["rows"].get(missile)
        if row is not None:
            return float(row["ranks"])
    return 1.0


def ground_to_air(tables, firer_kind: str, figures: int, dice) -> int:
    """M28: fire at a winged steed: a d20 for each elf, for each pair of rangers or others;
    returns the hits."""
    need = int(tables.o["ground_to_air"].get(firer_kind, tables.o["ground_to_air"]["others"]))
    throws = figures if firer_kind == "elves" else figures // 2
    return sum(1 for _ in range(throws) if dice.roll(20) >= need)
