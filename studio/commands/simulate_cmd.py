"""`studio simulate SCENARIO --games N --seed S --workers K`: AI-against-AI batches.

Prints the abilities in play the engine does not simulate, then per side the win rate with
its 95% confidence interval, draws, rounds played, the victory conditions that decided the
games, losses and kills by unit type; `--pdf report.pdf [--page a4]` also writes the
balance report with its charts, as the studio's Balance window exports it. Exit 0 when the batch ran, 1 when the scenario has
errors (listed, no game played), 2 when the file cannot be used.
"""
from __future__ import annotations

import argparse
import sys
import time

from .scenario_input import (EXIT_OK, EXIT_UNUSABLE, Unplayable, command_library,
                                   load_scenario, report_unplayable)

from .batch_output import games_line, progress_bar, refuse_outputs
from .library import add_library_option
from .players import add_player_option, parse_players


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "simulate", help="play many AI-against-AI games and report the balance",
        description="Play a batch of games between two heuristic AIs and report, per side, "
                    "the win rate with a 95% confidence interval, draws, rounds played, the "
                    "victory conditions that decided the games, and losses and kills per "
                    "unit type. Game i is played from seeds derived from --seed and i, so the "
                    "report does not depend on --workers.")
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file")
    parser.add_argument("--games", type=_count, default=100, metavar="N",
                        help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="batch seed (default 1)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K",
                        help="worker processes (default 1)")
    parser.add_argument("--cluster", metavar="tcp://HOST:8786",
                        help="play the games on this Dask scheduler's workers instead of "
                             "local processes (same seeds, same report)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="also write the report as JSON to FILE")
    parser.add_argument("--pdf", metavar="FILE",
                        help="also write the report as a PDF (charts and tables) to FILE")
    parser.add_argument("--page", default="letter", metavar="SIZE",
                        help="paper of the --pdf report: letter (default), a4, or any size "
                             "`studio export` takes")
    add_player_option(parser, "the game's heuristic AI")
    parser.add_argument("--progress", action="store_true",
                        help="show progress on stderr even when it is not a terminal")
    add_library_option(parser)
    return parser


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 or more")
    return value


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give 1 or more")
    return value


def run(args: argparse.Namespace) -> int:
    from studio.io.atomic_write import write_text_atomic
    from studio.simulate import (ClusterUnavailable, format_not_simulated, format_report,
                                 not_simulated, run_batch)

    library = command_library(args)
    try:
        doc, scenario = load_scenario(args.scenario, library)
    except Unplayable as err:
        return report_unplayable(err)
    refused = refuse_outputs(args, [args.scenario], library)
    if refused is not None:
        return refused
    page = None
    if args.pdf:
        from studio.export.lengths import parse_page_size
        try:
            page = parse_page_size(args.page)
        except ValueError as err:
            print(f"studio: --page: {err}", file=sys.stderr)
            return EXIT_UNUSABLE
    players = parse_players(args.player, [s.id for s in scenario.sides])
    if players is None:
        return EXIT_UNUSABLE
    skipped = not_simulated(scenario, library)
    if args.format == "text":
        print(format_not_simulated(skipped), flush=True)
    progress = progress_bar(args)
    started = time.monotonic()
    try:
        report = run_batch(scenario, library, args.games, args.seed, args.workers,
                           progress=progress, players=players, cluster=args.cluster)
    except ClusterUnavailable as err:
        print(f"studio: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    elapsed = time.monotonic() - started
    if args.output:
        try:
            write_text_atomic(args.output, report.to_json() + "\n")
        except OSError as err:
            print(f"studio: cannot write the report to {args.output}: {err.strerror}",
                  file=sys.stderr)
            return EXIT_UNUSABLE
    if args.pdf:
        from studio.export.balance_report import export_balance_report
        from studio.playtest.report_compare import scenario_digest
        try:
            export_balance_report(report, args.pdf, colours={s.id: s.colour for s in scenario.sides},
                                  settings=scenario_digest(scenario), page=page)
        except OSError as err:
            print(f"studio: cannot write the PDF report to {args.pdf}: "
                  f"{err.strerror or err}", file=sys.stderr)
            return EXIT_UNUSABLE
    if args.format == "json":
        sys.stdout.write(report.to_json() + "\n")
    else:
        print()
        print(format_report(report))
        print(games_line(report, elapsed, args))
    return EXIT_OK
