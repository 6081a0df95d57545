"""`studio library list` and `studio library show ID`: what the library holds.

`show` prints an army list's units with their stats as the engine reads them (list defaults
filled in, attack rating at each distance) and their points with how they were worked out; a
terrain set's terrain table; a ruleset's options; a points table's costs.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from studio.io import KINDS, Library, default_library
from studio.model import ArmyList, PointsTable, Ruleset, TerrainSet
from studio.armies.points import PointsError, formula_breakdown, unit_points
from studio.validate import library_with
from studio.validate.report import KIND_NAMES, did_you_mean

from .output import cell, jsonable, print_json, shown_path, table

SHOWN_KINDS = ("army-list", "terrain-set", "ruleset", "points-table")


def add_library_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--library", action="append", default=[], metavar="DIR",
                        help="also use the library files under DIR (may be repeated); they "
                             "win over installed files with the same kind and id")


def library_from_args(args: argparse.Namespace) -> Any:
    """The installed library, with the --library folders laid over it (None: installed only)."""
    folders = getattr(args, "library", None) or []
    if not folders:
        return None
    from pathlib import Path
    for folder in folders:
        if not Path(folder).is_dir():
            print(f"studio: warning: --library {folder}: no such folder", file=sys.stderr)
    extra = Library.load(folders)
    return library_with(extra.documents, default_library())


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "library", help="list or show terrain sets, army lists, rulesets and points tables",
        description="List the library, or show one of its entries in detail.")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", dest="action")
    listing = actions.add_parser("list", help="every entry: kind, id, name, file",
                                 description="Every entry of the library; army lists also "
                                             "show era, scales, terrain set and unit count.")
    listing.add_argument("--kind", choices=KINDS, help="only entries of this kind")
    listing.add_argument("--format", choices=("text", "json"), default="text")
    add_library_option(listing)
    show = actions.add_parser("show", help="one entry in detail",
                              description="An army list with its units, stats and points; a "
                                          "terrain set's terrain; a ruleset's options; a "
                                          "points table's costs.")
    show.add_argument("id", metavar="ID")
    show.add_argument("--kind", choices=SHOWN_KINDS,
                      help="the kind, when several kinds use the same id")
    show.add_argument("--format", choices=("text", "json"), default="text")
    add_library_option(show)
    parser.set_defaults(_library_parser=parser)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.action is None:
        args._library_parser.print_help()
        return 2
    library = library_from_args(args) or default_library()
    if args.action == "list":
        return _list(library, args)
    return _show(library, args)


# -- list -----------------------------------------------------------------------------------
def _entries(library: Any, kind_filter: str | None) -> list[dict]:
    entries = []
    for kind in KINDS:
        if kind_filter and kind != kind_filter:
            continue
        for ident, model in library.items(kind):
            doc = library.document(kind, ident)
            entry = {"kind": kind, "id": ident, "name": getattr(model, "name", None),
                     "file": shown_path(doc.path if doc else None)}
            if isinstance(model, ArmyList):
                entry.update(era=model.era, scales=list(model.scales),
                             terrain_set=model.terrain_set, units=len(model.units))
            entries.append(entry)
    return entries


def _list(library: Any, args: argparse.Namespace) -> int:
    entries = _entries(library, args.kind)
    if args.format == "json":
        print_json(entries)
    else:
        rows = [(e["kind"], e["id"], e["name"], e.get("era"), e.get("scales"),
                 e.get("terrain_set"), e.get("units"), e["file"]) for e in entries]
        table(("kind", "id", "name", "era", "scales", "terrain set", "units", "file"), rows)
    broken = [d for d in library.documents if d.model is None]
    if broken:
        print(f"studio: {len(broken)} library file(s) could not be loaded and are not listed; "
              f"run `studio validate` on them: {', '.join(shown_path(d.name) for d in broken)}",
              file=sys.stderr)
    return 0


# -- show -----------------------------------------------------------------------------------
def _find(library: Any, ident: str, kind: str | None) -> tuple[str, Any] | None:
    for k in ([kind] if kind else SHOWN_KINDS):
        model = library.get(k, ident)
        if model is not None:
            return k, model
    return None


def _show(library: Any, args: argparse.Namespace) -> int:
    found = _find(library, args.id, args.kind)
    if found is None:
        kinds = [args.kind] if args.kind else list(SHOWN_KINDS)
        ids = [i for k in kinds for i in library.ids(k)]
        broken = [library.document(k, args.id) for k in kinds if library.document(k, args.id)]
        if broken:
            print(f"studio: {broken[0].name} (id {args.id!r}) could not be loaded; run "
                  f"`studio validate {broken[0].name}` to see why", file=sys.stderr)
        else:
            what = KIND_NAMES[args.kind] if args.kind else "library entry"
            print(f"studio: no {what} with id {args.id!r}{did_you_mean(args.id, ids)}; "
                  "`studio library list` shows them all", file=sys.stderr)
        return 2
    kind, model = found
    doc = library.document(kind, args.id)
    data = describe(kind, model, library)
    data["file"] = shown_path(doc.path if doc else None)
    if args.format == "json":
        print_json(data)
    else:
        _print_text(kind, data)
    return 0


def describe(kind: str, model: Any, library: Any = None) -> dict:
    """A library entry as plain data (the `library show --format json` shape)."""
    if isinstance(model, ArmyList):
        return describe_army_list(model, library)
    if isinstance(model, TerrainSet):
        return {"kind": kind, "id": model.id, "name": model.name,
                "elevation": {"uphill_extra_mp": model.elevation.uphill_extra_mp,
                              "defense_from_below": model.elevation.defense_from_below,
                              "attack_downhill": model.elevation.attack_downhill},
                "terrain": [_terrain(t) for t in model.terrain], "notes": model.notes}
    if isinstance(model, Ruleset):
        return {"kind": kind, "id": model.id, "name": model.name,
                "options": dict(model.options), "notes": model.notes}
    if isinstance(model, PointsTable):
        return {"kind": kind, "id": model.id, "name": model.name,
                "figures": {k: {"name": v.name, "points": v.points}
                            for k, v in model.figures.items()},
                "equipment": {k: {"name": v.name, "points": v.points}
                              for k, v in model.equipment.items()},
                "notes": model.notes}
    return {"kind": kind, "id": getattr(model, "id", None), "name": getattr(model, "name", None)}


def _terrain(t) -> dict:
    return {"id": t.id, "name": t.name, "symbol": t.symbol, "colour": t.colour,
            "pattern": t.pattern, "mp": "impassable" if t.mp is None else t.mp,
            "defense": t.defense,
            "ranged_defense": t.defense if t.ranged_defense is None else t.ranged_defense,
            "attack_modifier": t.attack_modifier, "save": t.save, "blocks_los": t.blocks_los,
            "destructible_hits": t.destructible_hits, "entry_attack": t.entry_attack,
            "forbidden_tags": list(t.forbidden_tags),
            "uphill_extra_mp": t.uphill_extra_mp, "tags": list(t.tags), "notes": t.notes}


def _ability(a) -> dict:
    return {"name": a.name, "params": dict(a.params)}


def describe_unit(army_list: ArmyList, unit, library: Any = None) -> dict:
    range_ = army_list.stat(unit, "range")
    try:
        points: Any = unit_points(army_list, unit, library)
        how = formula_breakdown(army_list, unit, library)
    except PointsError as err:
        points, how = None, f"cannot be worked out: {err}"
    return {
        "id": unit.id, "name": unit.name,
        "move": army_list.stat(unit, "move"), "flying": unit.flying, "range": range_,
        "attack_by_distance": unit.attack.by_distance(range_ or 1),
        "attack_dice": unit.attack_dice,
        "defense": army_list.stat(unit, "defense"), "morale": army_list.stat(unit, "morale"),
        "hits": army_list.stat(unit, "hits"), "shields": unit.shields,
        "carry": dict(unit.carry), "spotting": unit.spotting,
        "figures": ({"count": unit.figures.count, "type": unit.figures.type,
                     "equipment": list(unit.figures.equipment)} if unit.figures else None),
        "points": points, "points_formula": how,
        "tags": list(unit.tags), "abilities": [_ability(a) for a in unit.abilities],
        "effective_abilities": [_ability(a) for a in army_list.effective_abilities(unit)],
        "notes": unit.notes,
    }


def describe_army_list(army_list: ArmyList, library: Any = None) -> dict:
    d = army_list.defaults
    return {
        "kind": "army-list", "id": army_list.id, "name": army_list.name,
        "era": army_list.era, "nationality": army_list.nationality,
        "scales": list(army_list.scales), "terrain_set": army_list.terrain_set,
        "ruleset": army_list.ruleset, "source": army_list.source,
        "defaults": {"move": d.move, "range": d.range, "defense": d.defense,
                     "morale": d.morale, "hits": d.hits},
        "points": {"formula": army_list.points.formula, "params": dict(army_list.points.params)},
        "special_rules": [
            {"text": r.text, "abilities": [_ability(a) for a in r.abilities],
             "applies_to": (None if r.applies_to is None else
                            {"units": list(r.applies_to.units), "tags": list(r.applies_to.tags)})}
            for r in army_list.special_rules],
        "compositions": [
            {"id": c.id, "name": c.name, "notes": c.notes,
             "rules": [{"kind": r.kind, "units": list(r.selector.units),
                        "tags": list(r.selector.tags), "exactly": r.exactly, "min": r.min,
                        "max": r.max, "label": r.label} for r in c.rules]}
            for c in army_list.compositions],
        "spells": [{"id": s.id, "name": s.name, "effect": s.effect, "params": dict(s.params)}
                   for s in army_list.spells],
        "units": [describe_unit(army_list, u, library) for u in army_list.units],
        "notes": army_list.notes,
    }


# -- text -----------------------------------------------------------------------------------
def attack_text(ratings: list) -> str:
    """Ratings by distance, runs folded: [7] -> "7", [3, 2, 2, 2] -> "3 2x3"."""
    parts: list[str] = []
    i = 0
    while i < len(ratings):
        j = i
        while j + 1 < len(ratings) and ratings[j + 1] == ratings[i]:
            j += 1
        run = j - i + 1
        parts.append(cell(ratings[i]) + (f"x{run}" if run > 1 else ""))
        i = j + 1
    return " ".join(parts)


def _print_text(kind: str, data: dict) -> None:
    out = sys.stdout
    out.write(f"{data['name']} ({kind} {data['id']})\nfile: {data['file']}\n")
    if kind == "army-list":
        out.write(f"era: {data['era']}   scales: {', '.join(data['scales'])}   terrain set: "
                  f"{data['terrain_set']}   ruleset: {data['ruleset']}\n")
        if data["source"]:
            out.write(f"source: {data['source']}\n")
        params = ", ".join(f"{k}={jsonable(v)}" for k, v in data["points"]["params"].items())
        out.write(f"points formula: {data['points']['formula']}"
                  + (f" ({params})" if params else "") + "\n\n")
        rows = []
        for u in data["units"]:
            move = cell(u["move"]) + ("F" if u["flying"] else "")
            abilities = [a["name"] for a in u["abilities"]]
            rows.append((u["id"], u["name"], move, u["range"],
                         attack_text(u["attack_by_distance"]), u["defense"], u["morale"],
                         u["hits"], u["shields"], u["points"], u["tags"], abilities))
        table(("id", "name", "move", "range", "attack by distance", "def", "mor", "hits",
               "shields", "points", "tags", "abilities"), rows)
        out.write("\npoints:\n")
        for u in data["units"]:
            out.write(f"  {u['id']}: {u['points_formula']}\n")
        if data["special_rules"]:
            out.write("\nspecial rules:\n")
            for r in data["special_rules"]:
                extra = ""
                if r["abilities"]:
                    extra = " [" + ", ".join(a["name"] for a in r["abilities"]) + "]"
                    sel = r["applies_to"]
                    if sel:
                        extra += " for " + ", ".join(sel["units"] + [f"#{t}" for t in sel["tags"]])
                out.write(f"  - {r['text']}{extra}\n")
        if data["compositions"]:
            out.write("\ncompositions:\n")
            for c in data["compositions"]:
                out.write(f"  {c['id']}: {c['name']}\n")
                for r in c["rules"]:
                    out.write(f"    - {_rule_text(r)}\n")
    elif kind == "terrain-set":
        rows = [(t["symbol"], t["id"], t["name"], t["mp"], t["defense"], t["ranged_defense"],
                 t["blocks_los"], t["tags"], t["notes"]) for t in data["terrain"]]
        table(("symbol", "id", "name", "mp", "defense", "ranged", "blocks los", "tags",
               "notes"), rows)
    elif kind == "ruleset":
        table(("option", "value"), [(k, jsonable(v)) for k, v in data["options"].items()])
    elif kind == "points-table":
        table(("figure", "name", "points"),
              [(k, v["name"], v["points"]) for k, v in data["figures"].items()])
        out.write("\n")
        table(("equipment", "name", "points"),
              [(k, v["name"], v["points"]) for k, v in data["equipment"].items()])
    if data.get("notes"):
        out.write("\nnotes:\n" + "".join(f"  {line}\n" for line in data["notes"].splitlines()))


def _rule_text(rule: dict) -> str:
    bounds = []
    for key, word in (("exactly", "exactly"), ("min", "at least"), ("max", "at most")):
        if rule[key] is not None:
            bounds.append(f"{word} {cell(rule[key])}{'%' if rule['kind'] == 'points-share' else ''}")
    picked = ", ".join(rule["units"] + [f"#{t}" for t in rule["tags"]])
    text = rule["kind"] + (f" of {picked}" if picked else "") + (
        " " + " and ".join(bounds) if bounds else "")
    return f"{rule['label']} ({text})" if rule["label"] else text
