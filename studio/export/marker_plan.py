"""Which marker counters a sheet carries: as many of each kind as asked, or (the default)
what the rosters need.

What the rosters need: one Round marker for the playsheet's round track and one
Initiative marker (PLAYER A/B on its faces; with three or more sides one per side, A, B,
C...); a Routed marker for every unit whose back is not its routed side
(units with more than one hit; every unit when no backs are printed); for every unit
that can take more hits than its two faces show, a set of numbered hit markers up to
one less than its hits (a battle ship of 5 hits: 2/3 and 4/5 HITS); Disrupted and
Column/Square markers for units with formations; Out of Ammo markers for units that can
run out. A game that says which kinds it uses (`marker_kinds` of its rules, with
`unit_markers` the kinds any of its units may need one of) gets only those: Action Dice
has no initiative or hit markers, and every unit of it may be disordered.
"""
from __future__ import annotations

from typing import Iterable

from .counter_faces import Counter, hit_markers, initiative_markers, marker_counter
from .options import MARKER_KINDS, CounterOptions
from .rosters import RosterSource


def unit_hits(source: RosterSource, type_id: str) -> int:
    """Hits a unit takes before it is destroyed (hull and shields)."""
    unit = source.army_list.unit(type_id)
    if unit is None:
        return 1
    return int(source.army_list.stat(unit, "hits") or 1) + int(unit.shields or 0)


def _abilities(source: RosterSource, type_id: str) -> set[str]:
    unit = source.army_list.unit(type_id)
    return {a.name for a in source.army_list.effective_abilities(unit)} if unit else set()


def game_marker_kinds(rules) -> tuple[str, ...]:
    """The marker kinds a game uses, in the usual order (every kind when its rules do not
    say)."""
    kinds = rules.counters.marker_kinds
    return MARKER_KINDS if kinds is None else tuple(k for k in MARKER_KINDS if k in kinds)


def offered_kinds(sources: Iterable[RosterSource]) -> set[str]:
    """The marker kinds the rosters' games use (every kind without rosters)."""
    return {k for s in sources for k in game_marker_kinds(s.rules)} or set(MARKER_KINDS)


def needed_counts(sources: Iterable[RosterSource], backs: bool) -> tuple[dict[str, int], list[int]]:
    """Markers of each kind the rosters need, and each unit's hits that needs hit markers."""
    counts = {"round": 1, "initiative": 1, "routed": 0, "disrupted": 0, "formation": 0,
              "out-of-ammo": 0, "objective": 0}
    hit_units: list[int] = []
    for source in sources:
        every_unit = source.rules.counters.unit_markers
        for entry in source.army.expanded():
            for kind in every_unit:
                counts[kind] += 1
            hits = unit_hits(source, entry.type)
            abilities = _abilities(source, entry.type)
            if hits > 1 or not backs:
                counts["routed"] += 1
            if hits > (2 if backs else 1):
                hit_units.append(hits)
            if "formations" in abilities:
                counts["disrupted"] += 1
                counts["formation"] += 1
            if "out-of-ammo" in abilities:
                counts["out-of-ammo"] += 1
    return counts, hit_units


def marker_counters(sources: Iterable[RosterSource], options: CounterOptions) -> list[Counter]:
    """The marker counters of a sheet, in the order of ``options.marker_kinds``."""
    sources = list(sources)
    counts, hit_units = needed_counts(sources, options.backs)
    # With backs a unit's back shows its first hit, so the markers count from 2.
    first = 2 if options.backs else 1
    offered = offered_kinds(sources)
    out: list[Counter] = []
    for kind in (k for k in options.marker_kinds if k in offered):
        if kind == "hit":
            if options.markers is None:
                for hits in hit_units:
                    out += hit_markers(first, hits - 1)
            else:
                most = max([h - 1 for h in hit_units] + [first + 1])
                for _ in range(options.markers):
                    out += hit_markers(first, most)
            continue
        n = counts[kind] if options.markers is None else options.markers
        if kind == "initiative":
            for _ in range(n):
                out += initiative_markers(len(sources))
            continue
        out += [marker_counter(kind) for _ in range(n)]
    return out
