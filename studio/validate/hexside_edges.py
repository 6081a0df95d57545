"""A map's hexside features: every kind is one of the terrain set's hexside kinds, and every
entry joins hexes of the map that are neighbours ("0503/0504"); a terrain set names each
hexside kind once."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.hexgrid import distance
from studio.model import Scenario, TerrainSet
from studio.model.hexsides import entry_labels

from .map_grid import geometry_of
from .report import Findings, did_you_mean, listing, lookup


def check_hexsides(doc: Any, library: Any) -> list[Diagnostic]:
    model = getattr(doc, "model", None)
    if isinstance(model, TerrainSet):
        return _kinds_once(doc, model)
    if not isinstance(model, Scenario) or not model.map.hexsides:
        return []
    findings = Findings(doc)
    try:
        geometry = geometry_of(model)
    except ValueError:
        return []          # the map shape is reported by the map check
    terrain_set = lookup(library, "terrain-set", model.terrain_set)
    known = [k.id for k in terrain_set.hexsides] if terrain_set is not None else None
    for kind, entries in model.map.hexsides.items():
        if known is not None and kind not in known:
            findings.error(
                "unknown-hexside-kind",
                f"hexside kind {kind!r} is not in terrain set {terrain_set.id!r}"
                f"{did_you_mean(kind, known)}; use one of: {listing(known)}, or add it to the "
                "terrain set's hexsides",
                ("map", "hexsides", kind))
        for n, entry in enumerate(entries):
            _entry(findings, geometry, kind, n, entry)
    return findings.items


def _entry(findings: Findings, geometry, kind: str, n: int, entry: str) -> None:
    path = ("map", "hexsides", kind, n)
    hexes = []
    for label in entry_labels(entry):
        try:
            h = geometry.parse_label(label)
        except ValueError as err:
            findings.error("hexside-off-map", f"{kind} {entry!r}: {err}; name hexes of the "
                           "map by their printed labels", path)
            return
        hexes.append(h)
    for (a, la), (b, lb) in zip(zip(hexes, entry_labels(entry)),
                                zip(hexes[1:], entry_labels(entry)[1:])):
        if distance(a, b) != 1:
            findings.error("hexside-not-neighbours",
                           f"{kind} {entry!r}: hexes {la} and {lb} are not neighbours, so no "
                           "hexside lies between them; an entry joins hexes that share an "
                           "edge, e.g. 0503/0504", path, f"hex:{la}")
            return


def _kinds_once(doc: Any, terrain_set: TerrainSet) -> list[Diagnostic]:
    findings = Findings(doc)
    seen: dict[str, int] = {}
    for i, kind in enumerate(terrain_set.hexsides):
        if kind.id in seen:
            findings.error("duplicate-hexside-id",
                           f"hexside kind id {kind.id!r} is used by hexside kinds "
                           f"{seen[kind.id] + 1} and {i + 1}; give each its own id",
                           ("hexsides", i, "id"))
        else:
            seen[kind.id] = i
    return findings.items
