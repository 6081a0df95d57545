"""Schema-valid plain data -> model dataclasses, one function per kind.

Only keys present in the file are passed on; every other field keeps the default the model
declares. Conversions: a fraction "1/2" becomes `Fraction(1, 2)`, `impassable` becomes None
(the model's "cannot enter"), the three attack forms become `Attack`, ability names and
mappings become `Ability`, map terrain and elevation blocks become lists of rows (kept as
written: row lengths are the validator's business), and roster units without an id get
`<type>-<n>`, n counting the side's entries of that type in order.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from studio.engine.contract.registry import default_id
from studio.model import CHANGE_KINDS, BalanceStudy, HexsideKind, StudyVariant
from studio.model import Clause, Reinforcement, ScenarioEvent, TurnTrackEntry
from studio.model import (Ability, Army, ArmyList, Attack, Composition, CompositionRule,
                          ElevationRule, Figures, HexMap, ListDefaults, Objective,
                          OffMapSupport, PointsItem, PointsSpec, PointsTable, RosterUnit,
                          Ruleset, Scenario, Selector, Side, SpecialRule, Spell, TerrainSet,
                          TerrainType, UnitType, VictoryCondition)

IMPASSABLE = "impassable"
VICTORY_PARAMS = ("against", "share", "measure", "hexes", "count", "edge", "units", "points")


def _pick(data: dict, *keys: str) -> dict[str, Any]:
    return {k: data[k] for k in keys if k in data}


def to_fraction(value: Any) -> Fraction:
    """A number or "n/d" as an exact Fraction (floats through their decimal text)."""
    if isinstance(value, str):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    return Fraction(value)


def to_mp(value: Any) -> Fraction | None:
    return None if value == IMPASSABLE else to_fraction(value)


def to_ability(item: str | dict) -> Ability:
    if isinstance(item, str):
        return Ability(item)
    params = {k: v for k, v in item.items() if k != "name"}
    return Ability(item["name"], params)


def parse_band(key: str) -> tuple[int, int | None]:
    """ "3" -> (3, 3), "2-5" -> (2, 5), "6+" -> (6, None). """
    if key.endswith("+"):
        return int(key[:-1]), None
    if "-" in key:
        first, last = key.split("-", 1)
        return int(first), int(last)
    return int(key), int(key)


def to_attack(value: Any) -> Attack:
    if value is None or isinstance(value, int):
        return Attack.flat_rating(value)
    if "bands" in value:
        return Attack.from_bands([(*parse_band(k), r) for k, r in value["bands"].items()])
    return Attack.melee_ranged(value.get("melee"), value.get("ranged"))


def to_selector(data: dict) -> Selector:
    return Selector(units=list(data.get("units", [])), tags=list(data.get("tags", [])))


def auto_unit_id(unit_type: str, ordinal: int) -> str:
    return f"{unit_type}-{ordinal}"


def to_roster(items: list[dict], seen: dict[str, int] | None = None) -> list[RosterUnit]:
    """Roster entries; one without an id gets `<type>-<n>`, n being its position among the
    entries of the same type (1-based), whether those have ids or not. A scenario passes one
    `seen` through all its sides, so sides fielding the same list never share an id."""
    seen = {} if seen is None else seen
    units = []
    for item in items:
        ordinal = seen[item["type"]] = seen.get(item["type"], 0) + 1
        fields = _pick(item, "type", "id", "hex", "facing", "leader", "count", "name",
                       "arrives")
        fields.setdefault("id", auto_unit_id(item["type"], ordinal))
        units.append(RosterUnit(**fields))
    return units


def to_rows(block: str | None) -> list[str] | None:
    """A map block as rows: split at line ends, dropping only the final newline."""
    if block is None:
        return None
    if block.endswith("\n"):
        block = block[:-1]
    return block.split("\n") if block else []


# -- terrain-set ----------------------------------------------------------------------------
def terrain_type(data: dict) -> TerrainType:
    fields = _pick(data, "id", "name", "symbol", "colour", "pattern", "defense",
                   "ranged_defense", "attack_modifier", "save", "blocks_los",
                   "destructible_hits", "entry_attack", "notes")
    if "mp" in data:
        fields["mp"] = to_mp(data["mp"])
    if "uphill_extra_mp" in data:
        fields["uphill_extra_mp"] = to_fraction(data["uphill_extra_mp"])
    for key in ("forbidden_tags", "tags"):
        if key in data:
            fields[key] = list(data[key])
    return TerrainType(**fields)


def terrain_set(data: dict) -> TerrainSet:
    fields = _pick(data, "id", "name", "notes", "format")
    if "elevation" in data:
        rule = _pick(data["elevation"], "defense_from_below", "attack_downhill")
        if "uphill_extra_mp" in data["elevation"]:
            rule["uphill_extra_mp"] = to_fraction(data["elevation"]["uphill_extra_mp"])
        fields["elevation"] = ElevationRule(**rule)
    return TerrainSet(terrain=[terrain_type(t) for t in data["terrain"]],
                      hexsides=[hexside_kind(k) for k in data.get("hexsides", [])], **fields)


def hexside_kind(data: dict) -> HexsideKind:
    return HexsideKind(**_pick(data, "id", "name", "colour", "style", "width", "notes"))


# -- army-list ------------------------------------------------------------------------------
def unit_type(data: dict) -> UnitType:
    fields = _pick(data, "id", "name", "move", "flying", "range", "defense", "morale", "hits",
                   "shields", "spotting", "points", "notes")
    if "tags" in data:
        fields["tags"] = list(data["tags"])
    if "attack" in data:
        fields["attack"] = to_attack(data["attack"])
    if "attack_dice" in data:
        fields["attack_dice"] = dict(data["attack_dice"])
    if "stats" in data:
        fields["stats"] = dict(data["stats"])
    if "carry" in data:
        fields["carry"] = dict(data["carry"])
    if "figures" in data:
        fig = data["figures"]
        fields["figures"] = Figures(fig["count"], fig["type"], list(fig.get("equipment", [])))
    if "abilities" in data:
        fields["abilities"] = [to_ability(a) for a in data["abilities"]]
    return UnitType(**fields)


def special_rule(data: dict) -> SpecialRule:
    return SpecialRule(
        text=data["text"],
        abilities=[to_ability(a) for a in data.get("abilities", [])],
        applies_to=to_selector(data["applies_to"]) if "applies_to" in data else None)


def composition_rule(data: dict) -> CompositionRule:
    fields = _pick(data, "kind", "exactly", "min", "max", "label")
    return CompositionRule(selector=to_selector(data), **fields)


def composition(data: dict) -> Composition:
    fields = _pick(data, "id", "name", "notes")
    return Composition(rules=[composition_rule(r) for r in data.get("rules", [])], **fields)


def spell(data: dict) -> Spell:
    params = {k: v for k, v in data.items() if k not in ("id", "name", "effect")}
    return Spell(data["id"], data["name"], data["effect"], params)


def army_list(data: dict) -> ArmyList:
    fields = _pick(data, "id", "name", "era", "terrain_set", "ruleset", "nationality", "source",
                   "notes", "format")
    fields["scales"] = list(data["scales"])
    fields.setdefault("ruleset", default_id())   # naming none: the default game's file
    if "defaults" in data:
        fields["defaults"] = ListDefaults(**data["defaults"])
    if "points" in data:
        params = {k: v for k, v in data["points"].items() if k != "formula"}
        fields["points"] = PointsSpec(data["points"]["formula"], params)
    return ArmyList(
        special_rules=[special_rule(r) for r in data.get("special_rules", [])],
        units=[unit_type(u) for u in data.get("units", [])],
        compositions=[composition(c) for c in data.get("compositions", [])],
        spells=[spell(s) for s in data.get("spells", [])],
        **fields)


# -- ruleset, points-table ------------------------------------------------------------------
def ruleset(data: dict) -> Ruleset:
    return Ruleset(options=dict(data["options"]),
                   **_pick(data, "id", "name", "system", "notes", "format"))


def _points_items(data: dict) -> dict[str, PointsItem]:
    return {key: PointsItem(item["name"], item["points"]) for key, item in data.items()}


def points_table(data: dict) -> PointsTable:
    return PointsTable(figures=_points_items(data.get("figures", {})),
                       equipment=_points_items(data.get("equipment", {})),
                       **_pick(data, "id", "name", "notes", "format"))


# -- scenario, army ------------------------------------------------------------------------
def hex_map(data: dict) -> HexMap:
    fields = _pick(data, "columns", "rows", "orientation", "offset")
    return HexMap(terrain=to_rows(data["terrain"]), elevation=to_rows(data.get("elevation")),
                  hexsides={kind: [str(e) for e in entries or []]
                            for kind, entries in (data.get("hexsides") or {}).items()},
                  **fields)


def side(data: dict, seen: dict[str, int] | None = None) -> Side:
    army = Army(army_list=data["army_list"], units=to_roster(data.get("units", []), seen),
                **_pick(data, "composition", "points_limit"))
    return Side(
        army=army,
        setup_zone=list(data.get("setup_zone", [])),
        off_map_support=[OffMapSupport(**o) for o in data.get("off_map_support", [])],
        **_pick(data, "id", "name", "colour", "map_edge"))


def victory_condition(data: dict) -> VictoryCondition:
    params = {k: (list(v) if isinstance(v, list) else v)
              for k, v in data.items() if k not in ("side", "kind", "sudden_death")}
    return VictoryCondition(data["side"], data["kind"], params, data.get("sudden_death"))


def clause(data: dict) -> Clause:
    return Clause(data["kind"], {k: (list(v) if isinstance(v, list) else v)
                                 for k, v in data.items() if k != "kind"})


def scenario_event(data: dict) -> ScenarioEvent:
    return ScenarioEvent(data["id"], clause(data["when"]),
                         [clause(c) for c in data.get("then", [])], data.get("name", ""))


def reinforcement(data: dict) -> Reinforcement:
    return Reinforcement(hexes=list(data.get("hexes", [])),
                         **_pick(data, "id", "side", "round", "edge", "if_blocked", "name"))


def scenario(data: dict) -> Scenario:
    fields = _pick(data, "id", "name", "ruleset", "terrain_set", "round_limit", "description",
                   "author", "special_rules", "format")
    return Scenario(
        map=hex_map(data["map"]),
        sides=[side(s, seen) for seen in [{}] for s in data["sides"]],
        objectives=[Objective(**o) for o in data.get("objectives", [])],
        victory=[victory_condition(v) for v in data.get("victory", [])],
        turn_track=[TurnTrackEntry(**_pick(t, "round", "time_of_day", "weather"))
                    for t in data.get("turn_track", [])],
        reinforcements=[reinforcement(r) for r in data.get("reinforcements", [])],
        events=[scenario_event(e) for e in data.get("events", [])],
        **fields)


def army(data: dict) -> Army:
    return Army(units=to_roster(data.get("units", [])),
                **_pick(data, "army_list", "composition", "points_limit", "id", "name",
                        "format"))


def balance_study(d: dict) -> BalanceStudy:
    variants = []
    for v in d["variants"]:
        kind = next(k for k in CHANGE_KINDS if k in v)
        variants.append(StudyVariant(kind, v[kind], v.get("name", "")))
    return BalanceStudy(d["id"], d["name"], d["scenario"], d["side"], variants,
                        target=d.get("target"), band=d.get("band", 0.03),
                        seed=d.get("seed", 1), error_rate=d.get("error_rate", 0.05),
                        max_games=d.get("max_games", 2000), format=d["format"],
                        players=dict(d.get("players", {})))


BUILDERS: dict[str, Callable[[dict], Any]] = {
    "terrain-set": terrain_set,
    "army-list": army_list,
    "ruleset": ruleset,
    "points-table": points_table,
    "scenario": scenario,
    "army": army,
    "balance-study": balance_study,
}


def build(kind: str, data: dict) -> Any:
    """The model of a schema-valid document of `kind`."""
    return BUILDERS[kind](data)
