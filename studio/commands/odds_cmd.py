"""`studio odds --attacker LIST/UNIT --defender LIST/UNIT [...]`: exact odds of one attack.

The engine's own odds function enumerates the dice through the modifier code the games
roll against, so the numbers are what a game would give. Exit 0 with the odds, 2 when a
list, unit type or terrain is not found (the message lists what there is).
"""
from __future__ import annotations

import argparse
import sys

from studio.simulate.input import EXIT_OK, EXIT_UNUSABLE

from .library import add_library_option, library_from_args
from .output import print_json


class _Unknown(Exception):
    pass


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "odds", help="exact odds of one attack between two unit types",
        description="The exact odds of one attack, worked out with the engine's own rules "
                    "code: in Rules of War that it hits, that the hit is not saved, that it "
                    "destroys the defender and that it forces a morale check; in a game that "
                    "counts figures (Action Dice) how many figures it removes each way.")
    parser.add_argument("--attacker", required=True, metavar="LIST/UNIT",
                        help="army list id and unit type id, e.g. persian-wars-greek/"
                             "athenian-hoplites")
    parser.add_argument("--defender", required=True, metavar="LIST/UNIT",
                        help="army list id and unit type id of the unit attacked")
    parser.add_argument("--distance", type=int, default=1, metavar="N",
                        help="hexes between them (default 1: hand to hand)")
    parser.add_argument("--terrain", metavar="ID",
                        help="terrain id of the defender's hex, in the defender list's "
                             "terrain set (default: none)")
    parser.add_argument("--rear", action="store_true",
                        help="hand to hand from outside the defender's front arc")
    parser.add_argument("--elevation", choices=("higher", "level", "lower"), default="level",
                        help="the attacker's hex compared with the defender's (default level)")
    parser.add_argument("--prior-attackers", type=int, default=0, metavar="N",
                        help="units that attacked the defender before this one this round (R26)")
    parser.add_argument("--hits-taken", type=int, default=0, metavar="N",
                        help="hits the defender has already taken (default 0)")
    parser.add_argument("--figures", type=int, metavar="N",
                        help="figures in the attacking unit, for rulesets that count figures "
                             "(default: the unit's full strength)")
    parser.add_argument("--target-figures", type=int, metavar="N",
                        help="figures in the defending unit (default: its full strength)")
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


def situation_of(args) -> dict:
    """The attack's situation as the command line describes it, for any ruleset."""
    return {"distance": args.distance, "terrain": args.terrain, "rear": bool(args.rear),
            "elevation": args.elevation, "prior_attackers": args.prior_attackers,
            "hits_taken": args.hits_taken, "figures": args.figures,
            "target_figures": args.target_figures}


def odds_for(library, args):
    """(description dict, Odds) for the parsed arguments; raises _Unknown."""
    from studio.rulesets.rules_of_war.odds import attack_odds
    a_list, a_type = _unit(library, args.attacker, "attacker")
    d_list, d_type = _unit(library, args.defender, "defender")
    ruleset = library.ruleset(a_list.ruleset)
    terrain = None
    if args.terrain:
        ts = library.terrain_set(d_list.terrain_set)
        if ts is None:
            raise _Unknown(f"army list {d_list.id!r} names terrain set {d_list.terrain_set!r}, "
                           "which is not in the library")
        terrain = ts.by_id(args.terrain)
        if terrain is None:
            raise _Unknown(f"--terrain {args.terrain!r} is not in terrain set {ts.id!r}; use "
                           f"one of: {', '.join(t.id for t in ts.terrain)}")
    if args.distance < 1:
        raise _Unknown(f"--distance {args.distance}: give 1 (adjacent) or more")
    odds = attack_odds(a_type, a_list, d_type, d_list, ruleset, distance=args.distance,
                       terrain=terrain, rear=args.rear, elevation=args.elevation,
                       prior_attackers=args.prior_attackers,
                       defender_hits_taken=args.hits_taken)
    about = {"attacker": f"{a_list.id}/{a_type.id}", "attacker_name": a_type.name,
             "defender": f"{d_list.id}/{d_type.id}", "defender_name": d_type.name,
             "distance": args.distance, "terrain": args.terrain,
             "rear": bool(args.rear and args.distance == 1), "elevation": args.elevation,
             "prior_attackers": args.prior_attackers, "hits_taken": args.hits_taken}
    return about, odds


def _other_rules(rules, library, attacker, defender, args) -> int:
    """Odds by a ruleset's own `unit_odds`: its outcome names and probabilities."""
    try:
        odds = rules.unit_odds(library, attacker, defender, situation_of(args))
    except ValueError as err:
        raise _Unknown(str(err)) from None
    about = {"attacker": f"{attacker[0].id}/{attacker[1].id}", "attacker_name": attacker[1].name,
             "defender": f"{defender[0].id}/{defender[1].id}", "defender_name": defender[1].name,
             "rules": rules.id, **situation_of(args)}
    if args.format == "json":
        print_json({**about, **odds})
        return EXIT_OK
    print(f"{about['attacker_name']} ({about['attacker']}) attacks {about['defender_name']} "
          f"({about['defender']}) by {rules.name}")
    for key, value in odds.items():
        _print_odds(key, value, 1, chances=not key.startswith("expected"))
    return EXIT_OK


def _print_odds(key, value, depth: int, chances: bool) -> None:
    """One entry of a ruleset's odds, nested dicts indented (a distribution of figures
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
    from studio.rulesets import rules_named
    library = library_from_args(args) or default_library()
    try:
        a_list, a_type = _unit(library, args.attacker, "attacker")
        d_list, d_type = _unit(library, args.defender, "defender")
        rules = _rules_of(library, a_list, d_list)
        if rules is not rules_named(None):
            return _other_rules(rules, library, (a_list, a_type), (d_list, d_type), args)
        about, odds = odds_for(library, args)
    except _Unknown as err:
        print(f"studio: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    data = {**about, "hit": odds.p_hit, "unsaved_hit": odds.p_unsaved,
            "destroyed": odds.p_destroyed, "morale_check": odds.p_morale_check,
            "terrain_save": odds.p_terrain_save, "needed": odds.needed,
            "save_needed": odds.save_needed, "no_attack_reason": odds.reason}
    if args.format == "json":
        print_json(data)
        return EXIT_OK
    where = [f"{args.distance} hex{'es' if args.distance > 1 else ''}"]
    if about["rear"]:
        where.append("from the rear")
    elif args.rear:
        where.append("(rear counts only hand to hand)")
    if args.terrain:
        where.append(f"defender in {args.terrain}")
    if args.elevation != "level":
        where.append(f"attacker {args.elevation}")
    if args.prior_attackers:
        where.append(f"after {args.prior_attackers} other attacker(s)")
    if args.hits_taken:
        where.append(f"defender has taken {args.hits_taken} hit(s)")
    print(f"{about['attacker_name']} ({about['attacker']}) attacks {about['defender_name']} "
          f"({about['defender']}): {', '.join(where)}")
    if odds.needed is None:
        print(f"  no attack possible: {odds.reason}" if odds.reason
              else "  no attack possible at this distance")
        return EXIT_OK
    save = "no save roll" if odds.save_needed is None else \
        f"saves on {odds.save_needed} or less before overkill"
    print(f"  hits on {odds.needed} or less; {save}")
    for label, value in (("hit", odds.p_hit), ("unsaved hit", odds.p_unsaved),
                         ("destroyed", odds.p_destroyed), ("morale check", odds.p_morale_check),
                         ("terrain save", odds.p_terrain_save)):
        print(f"  {label + ':':<14}{100 * value:6.1f}%")
    return EXIT_OK
