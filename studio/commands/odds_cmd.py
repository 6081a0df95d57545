"""`studio odds --attacker LIST/UNIT --defender LIST/UNIT [...]`: exact odds of one attack.

The engine's own odds function enumerates the dice through the modifier code the games
roll against, so the numbers are what a game would give. Exit 0 with the odds, 2 when a
list, unit type or terrain is not found (the message lists what there is).
"""
from __future__ import annotations

import argparse
import sys

from .scenario_input import EXIT_OK, EXIT_UNUSABLE

from .library import add_library_option, library_from_args
from .output import print_json


class _Unknown(Exception):
    pass


def _declared() -> dict[str, tuple]:
    """Every situation parameter a registered game declares: name -> (its first declaration,
    the names of the games that declare it, the choices any of them allows)."""
    from studio.rulesets import all_rules
    out: dict[str, tuple] = {}
    for rules in all_rules():
        for param in (rules.odds.situation if rules.odds is not None else ()):
            first, games, choices = out.get(param.name, (param, (), ()))
            out[param.name] = (first, games + (rules.name,),
                               choices + tuple(c for c in param.choices if c not in choices))
    return out


def _per_game() -> str:
    from studio.rulesets import all_rules
    lines = ["situation parameters by game (any other is refused):"]
    for rules in all_rules():
        if rules.odds is None:
            lines.append(f"  {rules.name}: tells no odds")
        else:
            lines.append(f"  {rules.name}: " + (", ".join(p.option for p in rules.odds.situation)
                                                 or "none"))
    return "\n".join(lines)


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "odds", help="exact odds of one attack between two unit types",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_per_game(),
        description="The exact odds of one attack, worked out with the game's own rules "
                    "code (the game of the attacker's army list). Each game says which "
                    "situation it models; the options below are theirs.")
    parser.add_argument("--attacker", required=True, metavar="LIST/UNIT",
                        help="army list id and unit type id, e.g. persian-wars-greek/"
                             "athenian-hoplites")
    parser.add_argument("--defender", required=True, metavar="LIST/UNIT",
                        help="army list id and unit type id of the unit attacked")
    for name, (param, games, choices) in _declared().items():
        help_text = f"{param.help} ({', '.join(games)}"
        help_text += f"; default {param.default})" if param.default not in (None, False) else ")"
        if param.kind == "bool":
            parser.add_argument(param.option, dest=name, action="store_true", default=None,
                                help=help_text)
        elif param.kind == "choice":
            parser.add_argument(param.option, dest=name, choices=choices, default=None,
                                help=help_text)
        elif param.kind == "terrain":
            parser.add_argument(param.option, dest=name, metavar="ID", default=None,
                                help=help_text)
        else:
            parser.add_argument(param.option, dest=name, type=int, metavar="N", default=None,
                                help=help_text)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_library_option(parser)
    return parser


def _unit(library, spec: str, role: str):
    list_id, sep, unit_id = spec.partition("/")
    if not sep or not list_id or not unit_id:
        raise _Unknown(f"--{role} {spec!r}: write it as LIST/UNIT, e.g. "
                       "persian-wars-greek/athenian-hoplites")
    al = library.army_list(list_id)
    if al is None:
        known = ", ".join(library.ids("army-list")) if hasattr(library, "ids") else ""
        raise _Unknown(f"--{role} {spec!r}: no army list {list_id!r} in the library"
                       + (f"; lists: {known}" if known else ""))
    ut = al.unit(unit_id)
    if ut is None:
        raise _Unknown(f"--{role} {spec!r}: army list {list_id!r} has no unit type "
                       f"{unit_id!r}; its units: {', '.join(u.id for u in al.units)}")
    return al, ut


def _rules_of(library, a_list, d_list):
    """The game system both lists belong to (_Unknown when they differ or are unknown)."""
    from studio.rulesets import rules_named, system_of
    systems = []
    for al in (a_list, d_list):
        ruleset = library.ruleset(al.ruleset)
        if ruleset is None:
            raise _Unknown(f"army list {al.id!r} names ruleset {al.ruleset!r}, which is "
                           "not in the library")
        systems.append(system_of(ruleset))
    if systems[0] != systems[1]:
        raise _Unknown(f"army list {a_list.id!r} is for {systems[0]} and {d_list.id!r} for "
                       f"{systems[1]}: odds need two units of the same game")
    try:
        return rules_named(systems[0])
    except ValueError as err:
        raise _Unknown(str(err)) from None


def situation_of(rules, library, d_list, args) -> dict:
    """The attack's situation: each parameter `rules` declares, as given or at its default;
    _Unknown for a given one it does not model or a terrain its defender cannot stand in."""
    declared = {p.name: p for p in rules.odds.situation}
    for name, (param, _, _) in _declared().items():
        if name not in declared and getattr(args, name, None) is not None:
            models = ", ".join(p.option for p in rules.odds.situation) or "nothing more"
            raise _Unknown(f"{param.option} is not part of the {rules.name} odds: leave it "
                           f"out (they take {models})")
    situation = {}
    for name, param in declared.items():
        value = getattr(args, name, None)
        situation[name] = param.default if value is None else value
        if param.kind == "terrain" and situation[name]:
            ts = library.terrain_set(d_list.terrain_set)
            if ts is None:
                raise _Unknown(f"army list {d_list.id!r} names terrain set "
                               f"{d_list.terrain_set!r}, which is not in the library")
            if ts.by_id(situation[name]) is None:
                raise _Unknown(f"{param.option} {situation[name]!r} is not in terrain set "
                               f"{ts.id!r}; use one of: {', '.join(t.id for t in ts.terrain)}")
        if param.kind == "int" and name == "distance" and situation[name] < 1:
            raise _Unknown(f"--distance {situation[name]}: give 1 (adjacent) or more")
    return situation


def _print_odds(key, value, depth: int, chances: bool) -> None:
    """One entry of a game's odds, nested dicts indented (a distribution of figures
    removed each way); floats are chances, except under an `expected...` key."""
    pad = "  " * depth
    label = str(key).replace("_", " ")
    if isinstance(value, dict):
        print(f"{pad}{label}:")
        for inner, v in value.items():
            _print_odds(inner, v, depth + 1, chances)
    elif isinstance(value, float):
        print(f"{pad}{label}: {100 * value:5.1f}%" if chances else f"{pad}{label}: {value:.2f}")
    else:
        print(f"{pad}{label}: {value}")


def run(args: argparse.Namespace) -> int:
    from studio.io import default_library
    library = library_from_args(args) or default_library()
    try:
        a_list, a_type = _unit(library, args.attacker, "attacker")
        d_list, d_type = _unit(library, args.defender, "defender")
        rules = _rules_of(library, a_list, d_list)
        if rules.odds is None:
            raise _Unknown(f"{rules.name} tells no odds")
        situation = situation_of(rules, library, d_list, args)
        try:
            odds = rules.odds.unit_odds(library, (a_list, a_type), (d_list, d_type), situation)
        except ValueError as err:
            raise _Unknown(str(err)) from None
    except _Unknown as err:
        print(f"studio: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    about = {"attacker": f"{a_list.id}/{a_type.id}", "attacker_name": a_type.name,
             "defender": f"{d_list.id}/{d_type.id}", "defender_name": d_type.name,
             "rules": rules.id, **situation}
    if args.format == "json":
        print_json({**about, **rules.odds.report(odds, situation)})
        return EXIT_OK
    print(f"{a_type.name} ({about['attacker']}) attacks {d_type.name} ({about['defender']}) "
          f"by {rules.name}")
    lines = rules.odds.lines(odds, situation)
    if lines is not None:
        for line in lines:
            print(f"  {line}")
        return EXIT_OK
    for key, value in odds.items():
        _print_odds(key, value, 1, chances=not key.startswith("expected"))
    return EXIT_OK
