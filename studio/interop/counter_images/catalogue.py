"""Which counter faces a scenario's images hold, and the file name of each.

Every unit gets its own pair of files, named ``<side>_<unit>_front`` and ``..._back`` after
the side's and the unit's ids (a unit the roster leaves unnamed is called after its type:
``hoplites-2``), and every marker kind one pair, ``marker_<kind>_front``/``_back``. The
faces themselves come from ``studio.export`` (what the printed sheets show).

>>> slug("Blue Army (2nd)")
'blue-army-2nd'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from studio.export.counter_faces import CounterFace, marker_counter
from studio.export.marker_plan import offered_kinds
from studio.export.rosters import RosterSource, roster_counters

from .options import CounterImageOptions


@dataclass(frozen=True, slots=True)
class FaceImage:
    stem: str                   # file name without its extension
    face: CounterFace
    which: str                  # "front" | "back"
    side: str | None = None     # side id (or a slug of an army's name); None for markers
    unit: str | None = None     # unit id
    unit_type: str | None = None
    marker: str | None = None   # marker kind


@dataclass(frozen=True, slots=True)
class UnitFaces:
    """One unit's counter: its front and, when backs are wanted, its back."""
    side: str
    unit: str
    unit_type: str
    hex: str | None
    facing: str | None
    front: FaceImage
    back: FaceImage | None
    arrives: str | None = None      # the reinforcement wave it enters with


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "army"


def _unit_ids(source: RosterSource) -> list[tuple[str, object]]:
    """(id, roster entry) per unit, in roster order; unnamed units get ``<type>-<n>``."""
    entries = source.army.expanded()
    taken = {e.id for e in entries if e.id}
    counts: dict[str, int] = {}
    out = []
    for entry in entries:
        ident = entry.id
        if not ident:
            n = counts.get(entry.type, 0)
            while True:
                n += 1
                ident = f"{entry.type}-{n}"
                if ident not in taken:
                    break
            counts[entry.type] = n
            taken.add(ident)
        out.append((ident, entry))
    return out


def unit_faces(sources: Iterable[RosterSource], backs: bool = True) -> list[UnitFaces]:
    """Every unit of the rosters with its faces, in roster order, side after side."""
    out = []
    for source in sources:
        side = source.side_id or slug(source.label)
        counters = roster_counters(source)
        for (ident, entry), counter in zip(_unit_ids(source), counters):
            stem = f"{side}_{ident}"
            front = FaceImage(f"{stem}_front", counter.front, "front", side, ident, entry.type)
            back = None
            if backs and counter.back is not None:
                back = FaceImage(f"{stem}_back", counter.back, "back", side, ident, entry.type)
            out.append(UnitFaces(side, ident, entry.type, entry.hex, entry.facing, front, back,
                                 entry.arrives))
    return out


def marker_faces(kinds: Iterable[str], backs: bool = True) -> list[tuple[FaceImage, FaceImage | None]]:
    """(front, back) of one counter of each marker kind."""
    out = []
    for kind in kinds:
        counter = marker_counter(kind)
        front = FaceImage(f"marker_{kind}_front", counter.front, "front", marker=kind)
        back = (FaceImage(f"marker_{kind}_back", counter.back, "back", marker=kind)
                if backs and counter.back is not None else None)
        out.append((front, back))
    return out


def face_images(sources: Iterable[RosterSource], options: CounterImageOptions) -> list[FaceImage]:
    """Every file to write, units first (front then back), then the markers."""
    sources = list(sources)
    out: list[FaceImage] = []
    for unit in unit_faces(sources, options.backs):
        out.append(unit.front)
        if unit.back is not None:
            out.append(unit.back)
    offered = offered_kinds(sources)
    kinds = tuple(k for k in options.marker_kinds if k in offered)
    for front, back in marker_faces(kinds, options.backs):
        out.append(front)
        if back is not None:
            out.append(back)
    return out
