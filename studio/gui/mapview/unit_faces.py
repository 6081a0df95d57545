"""The printed face of each placed unit, for the map view to draw up close: the export's
`unit_counter` (stats, symbols, leader mark) for the scenario's rules and the side's colour.
Each kind of counter (list, type, colour, leader) is worked out once per call: a map of a
few hundred units has a handful of kinds."""
from __future__ import annotations

from dataclasses import replace

from studio.export.counter_faces import unit_counter

from .overlays import UnitMarker


def counter_faces(scenario, library, side_id: str, type_id: str, leader: bool):
    """(front, back) of the counter of a unit of `type_id` on side `side_id`, or None."""
    from studio.rulesets import rules_for

    side = scenario.side(side_id)
    army_list = library.army_list(side.army.army_list) if side is not None else None
    unit_type = army_list.unit(type_id) if army_list is not None else None
    if unit_type is None:
        return None
    try:
        return unit_counter(army_list, unit_type, side.colour, leader=leader,
                            rules=rules_for(scenario, library))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def with_faces(markers: list[UnitMarker], doc) -> list[UnitMarker]:
    """`markers` with the face their counter prints (None where a list or type is missing
    or the rules cannot say what it prints: that marker keeps its short form)."""
    from studio.rulesets import rules_for

    model = doc.model
    try:
        rules = rules_for(model, doc.library) if doc.library is not None else None
    except Exception:  # noqa: BLE001 (no face is better than no map)
        rules = None
    kinds: dict = {}
    out = []
    for m in markers:
        side = model.side(m.side_id)
        army_list = doc.army_list(m.side_id)
        face = None
        if side is not None and army_list is not None and 0 <= m.index < len(side.army.units):
            entry = side.army.units[m.index]
            unit_type = army_list.unit(entry.type)
            if unit_type is not None:
                key = (id(army_list), unit_type.id, side.colour, bool(entry.leader))
                if key not in kinds:
                    try:
                        kinds[key] = unit_counter(army_list, unit_type, side.colour,
                                                  leader=bool(entry.leader), rules=rules)[0]
                    except (ValueError, KeyError, TypeError, AttributeError):
                        kinds[key] = None
                face = kinds[key]
        out.append(replace(m, face=face) if face is not None else m)
    return out
