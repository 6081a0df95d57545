"""Whether a unit may be set up on a hex: refusals (impossible) and warnings (suspicious).

Refused: off the map, terrain the unit cannot enter (impassable unless it flies, a tag the
terrain forbids, a water-only unit on land), a hex holding an enemy unit (R17).
Warned: outside the side's setup zone, more than one ground unit in a hex (R13: carriers and
heroes may legitimately stack, which the editor cannot judge from the roster alone).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from studio.hexgrid import Hex, MapGeometry
from studio.model import Scenario, TerrainSet, UnitType

from .zones import try_zone_hexes

UnitTypeLookup = Callable[[str, str], "UnitType | None"]   # (side id, type id) -> type


@dataclass(slots=True)
class PlacementCheck:
    refusal: str | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def _is_ground(t: UnitType | None) -> bool:
    # A `hero` tag alone is a points class; only the `hero` ability stacks freely.
    return t is None or not (t.flying or t.has_tag("flyer") or t.ability("hero") is not None)


def check_placement(scenario: Scenario, geometry: MapGeometry, terrain_set: TerrainSet | None,
                    side_id: str, type_id: str, h: Hex, lookup: UnitTypeLookup,
                    moving: tuple[str, int] | None = None) -> PlacementCheck:
    """Check putting a unit of `type_id` of side `side_id` on `h`; `moving` is the
    (side, roster index) of the unit being moved, which does not count as already there."""
    out = PlacementCheck()
    if not geometry.contains(h):
        out.refusal = "that hex is off the map"
        return out
    label = geometry.label(h)
    col, row = geometry.to_offset(h)
    utype = lookup(side_id, type_id)
    name = utype.name if utype is not None else type_id
    terrain = terrain_set.by_symbol(scenario.map.symbol_at(col, row)) if terrain_set else None
    if terrain is not None:
        flying = utype is not None and (utype.flying or utype.has_tag("flyer"))
        if terrain.impassable and not flying and terrain.destructible_hits is None:
            out.refusal = f"{label} is {terrain.name}: impassable for {name}"
            return out
        if utype is not None:
            banned = [t for t in terrain.forbidden_tags if t in utype.tags]
            if banned:
                out.refusal = f"{label} is {terrain.name}: {name} may not enter it ({', '.join(banned)})"
                return out
            if utype.ability("water-only") is not None and "water" not in terrain.tags:
                out.refusal = f"{label} is {terrain.name}: {name} may only be on water"
                return out
    friends = []
    for side in scenario.sides:
        for i, u in enumerate(side.army.units):
            if u.hex != label or (side.id, i) == moving:
                continue
            if side.id != side_id:
                out.refusal = f"{label} holds an enemy unit ({side.id}/{u.id or u.type})"
                return out
            friends.append(u)
    if _is_ground(utype):
        ground = [u for u in friends if _is_ground(lookup(side_id, u.type))]
        if ground:
            out.warnings.append(f"{label} already holds {ground[0].id or ground[0].type}: "
                                "one ground unit per hex unless it carries or is a hero (R13)")
    side = scenario.side(side_id)
    if side is not None and side.setup_zone:
        zone, _ = try_zone_hexes(geometry, side.setup_zone)
        if h not in zone:
            out.warnings.append(f"{label} is outside the setup zone of {side.name}")
    return out
