"""`studio play SCENARIO --seed S [--log game.jsonl]`: one AI-against-AI game, told round by
round (initiative, moves, every attack in plain words, routs, losses, result).

The log (JSON lines) records the scenario's path in its header, so `studio replay` can
check it later. Exit 0 when the game was played, 1 when the scenario has errors, 2 when the
file cannot be used.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .scenario_input import (EXIT_OK, EXIT_UNUSABLE, Unplayable, command_library,
                                   load_scenario, report_unplayable)

from .library import add_library_option
from .players import add_player_option, parse_players
from .output_path import refuse_output


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "play", help="play one AI-against-AI game and tell it round by round",
        description="Play one game between two heuristic AIs and print, round by round, the "
                    "initiative, how many units each side moved, every attack with its rolls "
                    "in plain words, routs, losses and the result.")
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="dice seed (the AIs' seeds are derived from it; default 1)")
    parser.add_argument("--log", metavar="FILE",
                        help="write the game log (JSON lines) to FILE, for `studio replay`")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    add_player_option(parser, "the game's heuristic AI")
    add_library_option(parser)
    return parser


def log_text(log, scenario_path: str | Path) -> str:
    """The engine's JSON-lines log with the scenario's absolute path in the header, and
    its closing record (the result and a digest of the lines: a cut log is told)."""
    from studio.engine import to_jsonl
    from studio.playtest.log_closing import closed
    text = to_jsonl(log)
    first, _, rest = text.partition("\n")
    header = json.loads(first)
    header["scenario_path"] = str(Path(scenario_path).resolve())
    return closed(json.dumps(header, sort_keys=True) + "\n" + rest, log.events)


def event_story(events, state) -> str:
    """A game in its ruleset's own log words, one line an event, then the result."""
    from studio.playtest.log_text import event_text, is_shown
    from studio.playtest.names import Names
    from studio.simulate.summary import result_text
    names = Names(state)
    lines = [event_text(e, names) for e in events if is_shown(e, state.game.rules)]
    lines.append(result_text(state.result))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from studio.ai import derive_seed, play_game
    from studio.ai.kinds import make_player
    from studio.io.atomic_write import write_text_atomic
    from studio.simulate.summary import result_text, unit_sides

    library = command_library(args)
    try:
        doc, scenario = load_scenario(args.scenario, library)
    except Unplayable as err:
        return report_unplayable(err)
    if args.log:
        refused = refuse_output(args.log, "--log", [args.scenario], library)
        if refused is not None:
            return refused
    kinds = parse_players(args.player, [s.id for s in scenario.sides])
    if kinds is None:
        return EXIT_UNUSABLE
    players = {s.id: make_player(kinds.get(s.id, "heuristic"), derive_seed(args.seed, "ai", s.id))
               for s in scenario.sides}
    state, log = play_game(scenario, library, args.seed, players)
    if args.log:
        try:
            write_text_atomic(args.log, log_text(log, args.scenario))
        except OSError as err:
            print(f"studio: cannot write the game log to {args.log}: {err.strerror}",
                  file=sys.stderr)
            return EXIT_UNUSABLE
    print(f"{scenario.name} ({scenario.id}), seed {args.seed}")
    story = state.game.rules.outcomes.story(state.events(), unit_sides(state))
    if story is None:
        print(event_story([] if args.quiet else state.events(), state))
    else:
        print("\n".join([*([] if args.quiet else story), result_text(state.result)]))
    if args.log:
        print(f"Game log: {args.log} ({len(log.actions)} actions)")
    return EXIT_OK
