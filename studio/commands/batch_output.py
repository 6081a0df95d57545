"""What `studio simulate` and `studio balance` share around a batch of games: their -o and
--pdf files checked before any game is played, progress on stderr, and the closing line."""
from __future__ import annotations

import os
import sys
import time

from .output_path import EXIT_UNUSABLE, refuse_output


def refuse_outputs(args, inputs, library) -> int | None:
    """None when the report files of -o and --pdf may be written; otherwise the exit code,
    with why printed (`refuse_output`)."""
    for option, target in (("-o", args.output), ("--pdf", args.pdf)):
        if target:
            refused = refuse_output(target, option, inputs, library)
            if refused is not None:
                return refused
    if args.output and args.pdf and _same_place(args.output, args.pdf):
        print(f"studio: -o {args.output} and --pdf {args.pdf} name the same file: the PDF "
              "would replace the JSON report; give each its own file", file=sys.stderr)
        return EXIT_UNUSABLE
    return None


def _same_place(a: str, b: str) -> bool:
    """Whether two outputs (which need not exist yet) would be one file."""
    if os.path.exists(a) and os.path.exists(b):
        return os.path.samefile(a, b)
    return os.path.realpath(a) == os.path.realpath(b)


def progress_bar(args) -> "ProgressBar | None":
    """A progress bar on stderr when it is a terminal or --progress asks for one."""
    interactive = sys.stderr.isatty()
    return ProgressBar(sys.stderr, interactive) if (interactive or args.progress) else None


def games_line(report, elapsed: float, args) -> str:
    where = f"on {args.cluster}" if args.cluster else f"with {args.workers} worker(s)"
    return f"\n{report.games} game(s) in {elapsed:.1f}s {where}"


class ProgressBar:
    """Plain-text progress on stderr: redrawn in place on a terminal, a line every tenth
    otherwise (when asked for with --progress)."""

    def __init__(self, stream, interactive: bool, width: int = 30):
        self.stream = stream
        self.interactive = interactive
        self.width = width
        self.start = time.monotonic()
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        if self.interactive:
            filled = int(self.width * share)
            bar = "#" * filled + "." * (self.width - filled)
            self.stream.write(f"\rgames {done}/{total} [{bar}] {100 * share:3.0f}% "
                              f"{time.monotonic() - self.start:6.1f}s")
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = int(share * 10)
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(f"games {done}/{total} ({100 * share:.0f}%), "
                              f"{time.monotonic() - self.start:.1f}s\n")
        self.stream.flush()
