"""Model dataclasses -> plain data in the key order of docs/formats.md.

Fields at their default (None, empty, the model's default value) are left out so files stay
short and diffs small; a few fields a reader expects to see are always written (a terrain's
`mp`, an army list's `ruleset`, a scenario's `round_limit`, a map's orientation and offset).
Mappings written inline in docs/formats.md (roster units, composition rules, objectives,
victory conditions, attacks, abilities with parameters...) come back as `Flow` so the
writer keeps them on one line.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from studio.model import Clause, Reinforcement, ScenarioEvent, TurnTrackEntry
from studio.model import (Ability, Army, ArmyList, BalanceStudy, Attack, HexsideKind, Composition, CompositionRule,
                          ElevationRule, HexMap, ListDefaults, Objective, OffMapSupport,
                          PointsTable, RosterUnit, Ruleset, Scenario, Selector, Side,
                          SpecialRule, Spell, TerrainSet, TerrainType, UnitType,
                          VictoryCondition)

from .to_model import IMPASSABLE, VICTORY_PARAMS, auto_unit_id
from .yaml_writer import Block, Flow, Quoted


def _number(value: Any) -> Any:
    """Fractions as "n/d" (whole ones as ints); whole floats as ints."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return int(value)
    return value


def _put(out: dict, key: str, value: Any, default: Any = None) -> None:
    """Set `key` unless `value` is its default, None or empty."""
    if value is None or value == default:
        return
    if isinstance(value, (list, dict, str)) and not value:
        return
    out[key] = value


def _ability(a: Ability) -> str | Flow:
    if not a.params:
        return a.name
    return Flow({"name": a.name, **a.params})


def _abilities(items: list[Ability]) -> list:
    return [_ability(a) for a in items]


def _selector_into(out: dict, s: Selector) -> None:
    _put(out, "units", list(s.units))
    _put(out, "tags", list(s.tags))


def _rows(rows: list[str]) -> str:
    return "".join(row + "\n" for row in rows)


# -- terrain-set ----------------------------------------------------------------------------
def terrain_type(t: TerrainType) -> dict:
    out: dict[str, Any] = {"id": t.id, "name": t.name, "symbol": Quoted(t.symbol),
                           "colour": t.colour}
    _put(out, "pattern", t.pattern)
    out["mp"] = IMPASSABLE if t.mp is None else _number(t.mp)
    _put(out, "defense", t.defense, 0)
    _put(out, "ranged_defense", t.ranged_defense)
    _put(out, "attack_modifier", t.attack_modifier, 0)
    _put(out, "save", t.save)
    _put(out, "blocks_los", t.blocks_los, False)
    _put(out, "destructible_hits", t.destructible_hits)
    _put(out, "entry_attack", t.entry_attack)
    _put(out, "forbidden_tags", list(t.forbidden_tags))
    if t.uphill_extra_mp is not None:
        out["uphill_extra_mp"] = _number(t.uphill_extra_mp)
    _put(out, "tags", list(t.tags))
    _put(out, "notes", t.notes)
    return out


def hexside_kind(k: HexsideKind) -> dict:
    out: dict[str, Any] = {"id": k.id, "name": k.name, "colour": k.colour}
    _put(out, "style", k.style, "along")
    _put(out, "width", _number(k.width), 1)
    _put(out, "notes", k.notes)
    return out


def elevation_rule(e: ElevationRule) -> dict:
    base = ElevationRule()
    out: dict[str, Any] = {}
    if e.uphill_extra_mp != base.uphill_extra_mp:
        out["uphill_extra_mp"] = _number(e.uphill_extra_mp)
    _put(out, "defense_from_below", e.defense_from_below, base.defense_from_below)
    _put(out, "attack_downhill", e.attack_downhill, base.attack_downhill)
    return out


def terrain_set(ts: TerrainSet) -> dict:
    out: dict[str, Any] = {"kind": "terrain-set", "format": ts.format, "id": ts.id,
                           "name": ts.name}
    _put(out, "elevation", elevation_rule(ts.elevation))
    out["terrain"] = [terrain_type(t) for t in ts.terrain]
    _put(out, "hexsides", [hexside_kind(k) for k in ts.hexsides])
    _put(out, "notes", ts.notes)
    return out


# -- army-list ------------------------------------------------------------------------------
def band_key(first: int, last: int | None) -> str:
    if last is None:
        return f"{first}+"
    return str(first) if first == last else f"{first}-{last}"


def attack(a: Attack) -> Any:
    """The file form of an attack; None when there is none (flat null)."""
    if a.form == "flat":
        return a.flat
    if a.form == "melee-ranged":
        out = Flow()
        _put(out, "melee", a.melee)
        _put(out, "ranged", a.ranged)
        return out or Flow({"melee": None})
    return Flow({"bands": Flow({band_key(f, l): r for f, l, r in a.bands})})


def unit_type(u: UnitType) -> dict:
    out: dict[str, Any] = {"id": u.id, "name": u.name}
    _put(out, "tags", list(u.tags))
    _put(out, "move", _number(u.move))
    _put(out, "flying", u.flying, False)
    _put(out, "range", u.range)
    _put(out, "attack", attack(u.attack))
    if u.attack_dice is not None:
        out["attack_dice"] = Flow(u.attack_dice)
    _put(out, "defense", u.defense)
    _put(out, "morale", u.morale)
    _put(out, "hits", u.hits)
    _put(out, "shields", u.shields)
    _put(out, "carry", Flow(u.carry))
    _put(out, "spotting", u.spotting)
    if u.stats:
        out["stats"] = Flow(u.stats)
    if u.figures is not None:
        fig = Flow({"count": u.figures.count, "type": u.figures.type})
        _put(fig, "equipment", list(u.figures.equipment))
        out["figures"] = fig
    _put(out, "points", _number(u.points))
    _put(out, "abilities", _abilities(u.abilities))
    _put(out, "notes", u.notes)
    return out


def special_rule(r: SpecialRule) -> dict:
    out: dict[str, Any] = {"text": r.text}
    _put(out, "abilities", _abilities(r.abilities))
    if r.applies_to is not None:
        sel = Flow()
        _selector_into(sel, r.applies_to)
        out["applies_to"] = sel
    return out


def composition_rule(r: CompositionRule) -> Flow:
    out = Flow({"kind": r.kind})
    _selector_into(out, r.selector)
    _put(out, "exactly", _number(r.exactly))
    _put(out, "min", _number(r.min))
    _put(out, "max", _number(r.max))
    _put(out, "label", r.label)
    return out


def composition(c: Composition) -> dict:
    out: dict[str, Any] = {"id": c.id, "name": c.name}
    _put(out, "rules", [composition_rule(r) for r in c.rules])
    _put(out, "notes", c.notes)
    return out


def spell(s: Spell) -> dict:
    return {"id": s.id, "name": s.name, "effect": s.effect, **s.params}


def list_defaults(d: ListDefaults) -> dict:
    out: dict[str, Any] = {}
    for key in ("move", "range", "defense", "morale", "hits"):
        _put(out, key, _number(getattr(d, key)))
    return out


def army_list(al: ArmyList) -> dict:
    out: dict[str, Any] = {"kind": "army-list", "format": al.format, "id": al.id,
                           "name": al.name, "era": al.era}
    _put(out, "nationality", al.nationality)
    out["scales"] = list(al.scales)
    out["terrain_set"] = al.terrain_set
    _put(out, "ruleset", al.ruleset)
    _put(out, "source", al.source)
    _put(out, "defaults", list_defaults(al.defaults))
    _put(out, "special_rules", [special_rule(r) for r in al.special_rules])
    if al.points.formula is not None or al.points.params:
        out["points"] = {"formula": al.points.formula, **al.points.params}
    _put(out, "units", [unit_type(u) for u in al.units])
    _put(out, "compositions", [composition(c) for c in al.compositions])
    _put(out, "spells", [spell(s) for s in al.spells])
    _put(out, "notes", al.notes)
    return out


# -- ruleset, points-table ------------------------------------------------------------------
def ruleset(r: Ruleset) -> dict:
    out: dict[str, Any] = {"kind": "ruleset", "format": r.format, "id": r.id, "name": r.name}
    if r.system is not None:
        out["system"] = r.system
    out["options"] = dict(r.options)
    _put(out, "notes", r.notes)
    return out


def points_table(t: PointsTable) -> dict:
    out: dict[str, Any] = {"kind": "points-table", "format": t.format, "id": t.id,
                           "name": t.name}
    _put(out, "figures", {k: Flow({"name": v.name, "points": _number(v.points)})
                          for k, v in t.figures.items()})
    _put(out, "equipment", {k: Flow({"name": v.name, "points": _number(v.points)})
                            for k, v in t.equipment.items()})
    _put(out, "notes", t.notes)
    return out


# -- scenario, army ------------------------------------------------------------------------
def roster(units: list[RosterUnit], seen: dict[str, int] | None = None) -> list[Flow]:
    """Roster entries; an id equal to the one loading would assign is left out (`seen`
    counts types across a scenario's sides, as loading does)."""
    seen = {} if seen is None else seen
    out = []
    for u in units:
        ordinal = seen[u.type] = seen.get(u.type, 0) + 1
        item = Flow()
        if u.id is not None and u.id != auto_unit_id(u.type, ordinal):
            item["id"] = u.id
        item["type"] = u.type
        _put(item, "name", u.name)
        _put(item, "hex", u.hex)
        _put(item, "facing", u.facing)
        _put(item, "leader", u.leader, False)
        _put(item, "count", u.count, 1)
        _put(item, "arrives", u.arrives)
        out.append(item)
    return out


def hex_map(m: HexMap) -> dict:
    out: dict[str, Any] = {"columns": m.columns, "rows": m.rows,
                           "orientation": m.orientation, "offset": m.offset,
                           "terrain": _rows(m.terrain)}
    if m.elevation is not None:
        out["elevation"] = _rows(m.elevation)
    # Kinds in the file's order, each entry on its own line: a one-edge edit is a one-line diff.
    _put(out, "hexsides", {kind: Block(entries) for kind, entries in m.hexsides.items()
                           if entries})
    return out


def off_map_support(o: OffMapSupport) -> Flow:
    out = Flow({"id": o.id, "name": o.name, "attack": o.attack, "ammunition": o.ammunition})
    _put(out, "per_round", o.per_round, 1)
    _put(out, "notes", o.notes)
    return out


def side(s: Side, seen: dict[str, int] | None = None) -> dict:
    out: dict[str, Any] = {"id": s.id, "name": s.name, "colour": s.colour,
                           "army_list": s.army.army_list}
    _put(out, "composition", s.army.composition)
    _put(out, "points_limit", _number(s.army.points_limit))
    _put(out, "map_edge", s.map_edge)
    _put(out, "setup_zone", list(s.setup_zone))
    _put(out, "units", roster(s.army.units, seen))
    _put(out, "off_map_support", [off_map_support(o) for o in s.off_map_support])
    return out


def objective(o: Objective) -> Flow:
    out = Flow({"hex": o.hex})
    _put(out, "name", o.name)
    _put(out, "points", o.points, 0)
    return out


def victory_condition(v: VictoryCondition) -> Flow:
    out = Flow({"side": v.side, "kind": v.kind})
    for key in VICTORY_PARAMS:
        if key in v.params and v.params[key] is not None:
            value = v.params[key]
            out[key] = list(value) if isinstance(value, (list, tuple)) else _number(value)
    for key, value in v.params.items():       # anything else the model carries, after
        if key not in out and value is not None:
            out[key] = value
    if v.sudden_death is not None:
        out["sudden_death"] = v.sudden_death
    return out


def turn_track_entry(t: TurnTrackEntry) -> Flow:
    out = Flow({"round": t.round})
    _put(out, "time_of_day", t.time_of_day)
    _put(out, "weather", t.weather)
    return out


def reinforcement(r: Reinforcement) -> dict:
    out: dict[str, Any] = {"id": r.id}
    _put(out, "name", r.name)
    out["side"] = r.side
    _put(out, "round", r.round)
    _put(out, "edge", r.edge)
    _put(out, "hexes", list(r.hexes))
    out["if_blocked"] = r.if_blocked
    return out


def clause(c: Clause) -> Flow:
    out = Flow({"kind": c.kind})
    for key, value in c.params.items():
        if value is not None:
            out[key] = list(value) if isinstance(value, (list, tuple)) else _number(value)
    return out


def scenario_event(e: ScenarioEvent) -> dict:
    out: dict[str, Any] = {"id": e.id}
    _put(out, "name", e.name)
    out["when"] = clause(e.when)
    out["then"] = [clause(c) for c in e.then]
    return out


def scenario(s: Scenario) -> dict:
    out: dict[str, Any] = {"kind": "scenario", "format": s.format, "id": s.id, "name": s.name}
    _put(out, "description", s.description)
    _put(out, "author", s.author)
    out["ruleset"] = s.ruleset
    out["terrain_set"] = s.terrain_set
    out["round_limit"] = s.round_limit
    out["map"] = hex_map(s.map)
    _put(out, "objectives", [objective(o) for o in s.objectives])
    seen: dict[str, int] = {}
    out["sides"] = [side(x, seen) for x in s.sides]
    _put(out, "victory", [victory_condition(v) for v in s.victory])
    _put(out, "turn_track", [turn_track_entry(t) for t in s.turn_track])
    _put(out, "reinforcements", [reinforcement(r) for r in s.reinforcements])
    _put(out, "events", [scenario_event(e) for e in s.events])
    _put(out, "special_rules", s.special_rules)
    return out


def army(a: Army) -> dict:
    out: dict[str, Any] = {"kind": "army", "format": a.format, "id": a.id, "name": a.name,
                           "army_list": a.army_list}
    _put(out, "composition", a.composition)
    _put(out, "points_limit", _number(a.points_limit))
    _put(out, "units", roster(a.units))
    return out


def balance_study(b: BalanceStudy) -> dict:
    out: dict[str, Any] = {"kind": "balance-study", "format": b.format, "id": b.id,
                           "name": b.name, "scenario": b.scenario, "side": b.side}
    if b.target is not None:
        out["target"] = b.target
    out.update({"band": b.band, "seed": b.seed, "error_rate": b.error_rate,
                "max_games": b.max_games})
    _put(out, "players", dict(b.players))
    variants = []
    for v in b.variants:
        item: dict[str, Any] = {"name": v.name} if v.name else {}
        item[v.kind] = dict(v.params) if isinstance(v.params, dict) else v.params
        variants.append(item)
    out["variants"] = variants
    return out


_BY_TYPE = {
    TerrainSet: terrain_set, ArmyList: army_list, Ruleset: ruleset,
    PointsTable: points_table, Scenario: scenario, Army: army, BalanceStudy: balance_study,
}


def to_data(model: Any) -> dict:
    """The plain data of a TerrainSet, ArmyList, Ruleset, PointsTable, Scenario, Army or
    BalanceStudy."""
    convert = _BY_TYPE.get(type(model))
    if convert is None:
        raise TypeError(f"cannot save a {type(model).__name__}: expected one of "
                        f"{', '.join(t.__name__ for t in _BY_TYPE)}")
    return convert(model)
