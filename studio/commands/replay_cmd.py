"""`studio replay game.jsonl`: re-play a game log and check every event against it.

The scenario is the one whose path the log's header records (`studio play --log` writes
it), unless --scenario names another file. Exit 0 when the replay gives the logged events
of a finished game, 1 when it does not (the first differing event is printed), when the
game is not over where the log ends (a log cut short, or saved mid-game) or the scenario
now has errors, 2 when the log or the scenario cannot be read.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .scenario_input import (EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Unplayable,
                                   command_library, load_scenario, report_unplayable)

from .library import add_library_option


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay", help="re-play a game log and check it event by event",
        description="Re-play the actions of a game log (from `studio play --log`) from its "
                    "seed and compare every event with the logged one.")
    parser.add_argument("log", metavar="LOG", help="a game log (JSON lines)")
    parser.add_argument("--scenario", metavar="FILE",
                        help="the scenario file to use instead of the one the log names")
    add_library_option(parser)
    return parser


def scenario_path_of(text: str, log_path: Path) -> str | None:
    """The scenario path a log's header records (None when it records none). A path that
    no longer exists is also looked for next to the log. ValueError when the header names
    something other than a scenario file."""
    from studio.playtest.log_check import header_scenario_path
    first = text.split("\n", 1)[0]
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        return None
    path = header_scenario_path(header) if isinstance(header, dict) else None
    if not path:
        return None
    if not Path(path).exists():
        beside = log_path.parent / Path(path).name
        if beside.exists():
            return str(beside)
    return path


def run(args: argparse.Namespace) -> int:
    from studio.engine import IllegalAction, ReplayMismatch, SetupError, replay
    from studio.playtest.log_check import MAX_LOG_BYTES, decoded, read_log, shortened
    from studio.rulesets import rules_for, rules_named

    log_path = Path(args.log)
    try:
        with open(log_path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            raw = f.read(MAX_LOG_BYTES + 1)     # one byte more: too large is known
    except OSError as err:
        print(f"studio: cannot read the game log {args.log}: {err.strerror}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        text = decoded(raw, size)
        log, closing = read_log(text)
        scenario_file = args.scenario or scenario_path_of(text, log_path)
    except ValueError as err:
        print(f"studio: {args.log}: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    if scenario_file is None:
        print(f"studio: {args.log} does not record its scenario file; give it with "
              "--scenario FILE", file=sys.stderr)
        return EXIT_UNUSABLE
    library = command_library(args)
    try:
        doc, scenario = load_scenario(scenario_file, library, log.options_override or None)
    except Unplayable as err:
        return report_unplayable(err)
    if log.scenario and log.scenario != scenario.id:
        print(f"studio: {args.log} is a game of scenario {log.scenario!r}, but {scenario_file} "
              f"holds scenario {scenario.id!r}; give the right file with --scenario",
              file=sys.stderr)
        return EXIT_UNUSABLE
    played_by, logged = rules_for(scenario, library), rules_named(log.rules)
    if played_by is not logged:
        print(f"studio: {args.log} is a game of {logged.name}, but {scenario_file} is played "
              f"by {played_by.name}; give the scenario the game was played on with --scenario",
              file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        state = replay(scenario, library, log)
    except ReplayMismatch as err:
        print(f"MISMATCH: {shortened(str(err))}")
        return EXIT_ERRORS
    except IllegalAction as err:
        print(f"MISMATCH: the log holds an action the game refuses: {shortened(str(err))}")
        return EXIT_ERRORS
    except SetupError as err:
        print(f"studio: {scenario_file}: {shortened(str(err))}", file=sys.stderr)
        return EXIT_ERRORS
    return _verdict(log, closing, state)


def _verdict(log, closing: dict | None, state) -> int:
    """OK for a whole, finished game; UNFINISHED (exit 1) for a game that was not over
    where its log ends; MISMATCH when the closing record's result is not the replay's."""
    from studio.playtest.log_closing import result_of
    result = state.result
    replayed = f"{len(log.actions)} actions and {len(log.events)} events replayed identically"
    if closing is not None and not closing["intact"]:
        print(f"MISMATCH: {replayed}, but {closing['changed']}")
        return EXIT_ERRORS
    if closing is not None and closing["result"] != result_of(state):
        print(f"MISMATCH: {replayed}, but the closing record gives the result "
              f"{closing['result']} and the replay {result_of(state)}")
        return EXIT_ERRORS
    if result is None:
        why = ("it was saved before the game's end" if closing is not None else
               "the log has no closing record: it was cut short, or the game was stopped "
               "before its end")
        print(f"UNFINISHED: {replayed}, but the game is not over at the end of the log "
              f"(round {state.round}): {why}")
        return EXIT_ERRORS
    outcome = (f"{result.winner} wins in round {result.round}" if result.outcome == "win"
               else f"{result.outcome} in round {result.round}")
    note = "" if closing is not None else (
        "; no closing record (a log written before logs had one: a cut after the game's end "
        "cannot be told)")
    print(f"OK: {replayed} ({outcome}){note}")
    return EXIT_OK
