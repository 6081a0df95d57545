"""`studio balance STUDY.yaml`: a balance study, from its variants to the smallest change that
brings a side's win rate into the target band.

Exit 0 when the study ran (cancelled with Ctrl+C: the games played are kept and the report
says so), 1 when the study, its scenario or a variant has errors (listed at their lines, no
game played), 2 when a file cannot be used or the cluster cannot be reached.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time

from .scenario_input import EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, command_library

from .batch_output import games_line, progress_bar, refuse_outputs
from .library import add_library_option
from .players import add_player_option, parse_players
from .simulate_cmd import positive_int

# Findings that make a file unusable (exit 2) rather than wrong (exit 1): it is missing, not
# the right kind, or not readable YAML at all.
UNUSABLE_CODES = {"no-file", "wrong-kind", "unreadable", "read", "encoding", "empty-file",
                  "file-too-large"}


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "balance", help="run a balance study: variants, adaptive batches, a suggestion",
        description="Build every variant of a balance study (kind: balance-study), check it, "
                    "and play adaptive batches of AI-against-AI games until each variant's win "
                    "rate is shown inside or outside the target band (two sequential "
                    "probability ratio tests, see docs/simulate.md). Reports the variants "
                    "ranked by distance to the target and the smallest change that reaches "
                    "it.")
    parser.add_argument("study", metavar="STUDY", help="a balance study file")
    parser.add_argument("--target", type=_share, metavar="P",
                        help="target win rate, above 0 and below 1 (default: the study's, "
                             "else an even share: 0.5 for two sides, 1/3 for three)")
    parser.add_argument("--band", type=_band, metavar="B",
                        help="half-width of the target band (default: the study's, else 0.03)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K",
                        help="worker processes (default 1)")
    parser.add_argument("--cluster", metavar="tcp://HOST:8786",
                        help="play the games on this Dask scheduler's workers")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")
    parser.add_argument("-o", "--output", metavar="FILE", help="also write the report as JSON")
    parser.add_argument("--pdf", metavar="FILE", help="also write the report as PDF")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the games saved by an earlier run of this study "
                             "(the state file beside the output: REPORT.state.json, else "
                             "STUDY.state.json), e.g. after Ctrl+C or with a larger "
                             "max_games; the report is the one an uninterrupted run gives")
    parser.add_argument("--progress", action="store_true",
                        help="show progress on stderr even when it is not a terminal")
    add_player_option(parser, "the study's players (else the game's heuristic AI)")
    add_library_option(parser)
    return parser


def _share(text: str) -> float:
    value = float(text)
    if not 0 < value < 1:
        # the sequential tests weigh each result by log(target) and log(1 - target)
        raise argparse.ArgumentTypeError(f"{text!r}: give a number above 0 and below 1")
    return value


def _band(text: str) -> float:
    value = float(text)
    if not 0 < value <= 0.5:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number above 0, at most 0.5")
    return value


def run(args: argparse.Namespace) -> int:
    from studio.balance import StudyRefused, format_study, load_study, run_study
    from studio.io.atomic_write import write_text_atomic
    from studio.simulate import ClusterUnavailable

    library = command_library(args)
    try:
        prepared = load_study(args.study, library)
    except StudyRefused as err:
        for d in err.diagnostics:
            print(d.format(), file=sys.stderr)
        print(f"studio: {args.study}: the balance study cannot be run; fix the problems above",
              file=sys.stderr)
        unusable = any(d.code in UNUSABLE_CODES or d.code.startswith("yaml-")
                       for d in err.diagnostics)
        return EXIT_UNUSABLE if unusable else EXIT_ERRORS
    players = parse_players(args.player, [s.id for s in prepared.variants[0].scenario.sides])
    if players is None:
        return EXIT_UNUSABLE
    prepared = prepared.with_settings(args.target, args.band, players)
    refused = refuse_outputs(args, [args.study, prepared.scenario_path], library)
    if refused is not None:
        return refused
    from studio.balance.resume import ResumeRefused, load_state, save_state, state_path
    saved_at = state_path(args.output or args.pdf or args.study)
    resume = None
    if args.resume:
        try:
            resume = load_state(saved_at, prepared)
        except ResumeRefused as err:
            print(f"studio: {err}", file=sys.stderr)
            return EXIT_UNUSABLE
        print(f"studio: resuming from {saved_at}: {resume.games} game(s) already played",
              file=sys.stderr)
    unsaved: list[str] = []

    def save(state) -> None:
        try:
            save_state(saved_at, prepared, state)
        except OSError as err:
            if not unsaved:
                print(f"studio: cannot save the study's state to {saved_at} "
                      f"({err.strerror or err}); it cannot be resumed", file=sys.stderr)
            unsaved.append(str(err))
    progress = progress_bar(args)
    stop = threading.Event()
    started = time.monotonic()
    try:
        report = _run_until_interrupted(run_study, prepared, library, args, progress, stop,
                                        resume=resume, on_round=save)
    except ClusterUnavailable as err:
        print(f"studio: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    elapsed = time.monotonic() - started
    try:
        if args.output:
            write_text_atomic(args.output, report.to_json() + "\n")
        if args.pdf:
            from studio.export.study_report import export_study_report
            export_study_report(report, args.pdf)
    except OSError as err:
        print(f"studio: cannot write the report: {err.strerror or err}", file=sys.stderr)
        return EXIT_UNUSABLE
    if args.format == "json":
        sys.stdout.write(report.to_json() + "\n")
    else:
        print(format_study(report))
        print(games_line(report, elapsed, args))
        if not unsaved and (report.cancelled or any(v.verdict == "open"
                                                    for v in report.variants)):
            print(f"Saved in {saved_at}: `studio balance {args.study} --resume` goes on from "
                  "here (raise max_games in the study first to play undecided variants on).")
    return EXIT_OK


def _run_until_interrupted(run_study, prepared, library, args, progress, stop, **more):
    """The study in a thread, so that Ctrl+C becomes a cancel that keeps the games played."""
    box: dict = {}

    def work():
        try:
            box["report"] = run_study(prepared, library, args.workers, progress, stop,
                                      cluster=args.cluster, **more)
        except BaseException as err:  # noqa: BLE001 - raised again in the main thread
            box["error"] = err

    worker = threading.Thread(target=work, name="balance-study")
    worker.start()
    while worker.is_alive():
        try:
            worker.join(0.2)
        except KeyboardInterrupt:
            stop.set()
            print("\nstudio: cancelling; the games played are kept", file=sys.stderr)
    if "error" in box:
        raise box["error"]
    return box["report"]
