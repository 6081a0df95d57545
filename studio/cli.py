"""The `studio` command: `studio <command> ...`; with no command (or just a scenario file)
it opens the studio window through `studio.app_entry.launch(argv)`, when that is installed.

Each command is a module of `studio.commands` with `add_parser(subparsers)` and
`run(args) -> int`; adding a command means adding its module name to COMMANDS.

Exit codes: 0 success, 1 the input has errors, 2 the input cannot be used (missing path,
nothing readable, bad arguments), 3 an internal error (a bug: set STUDIO_DEBUG=1 for the
traceback).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from studio import __version__

COMMANDS = [
    "studio.commands.validate",
    "studio.commands.library",
    "studio.commands.export_cmd",
    "studio.commands.import_cmd",
    "studio.commands.render_cmd",
    "studio.commands.odds_cmd",
    "studio.commands.simulate_cmd",
    "studio.commands.balance_cmd",
    "studio.commands.play_cmd",
    "studio.commands.replay_cmd",
    "studio.commands.samples_cmd",
]

EXIT_OK, EXIT_ERRORS, EXIT_UNUSABLE, EXIT_INTERNAL = 0, 1, 2, 3


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio",
        description="Wargame Studio: design, validate, test-play and print hex wargame "
                    "scenarios. Run without a command to open the studio window.",
        epilog="Exit codes: 0 ok, 1 errors found, 2 unusable input, 3 internal error.")
    parser.add_argument("--version", action="version", version=f"studio {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(name)
        before = set(subparsers.choices)
        module.add_parser(subparsers)
        for added in set(subparsers.choices) - before:
            subparsers.choices[added].set_defaults(_run=module.run)
    parser.command_names = frozenset(subparsers.choices)
    return parser


def _launch_gui(argv: list[str]) -> int | None:
    """Open the studio window when the GUI entry point is installed; None when it is not."""
    try:
        # Through sys.modules, not the package attribute, so tests can stand in for it.
        from studio.app_entry import launch
    except ImportError as err:
        if err.name == "studio.app_entry":
            return None
        raise
    result = launch(argv)
    return int(result or 0)


def _names_a_file(first: str, parser: argparse.ArgumentParser) -> bool:
    """`studio FILE` opens FILE in the studio: a first word that is no command but a YAML
    file name or an existing path (a mistyped command still gets argparse's message)."""
    if first.startswith("-") or first in parser.command_names:
        return False
    return first.endswith((".yaml", ".yml")) or os.path.exists(first)


def main(argv: list[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args_list:
            # The window opens without importing any command module.
            launched = _launch_gui(args_list)
            if launched is not None:
                return launched
            build_parser().print_help()
            return EXIT_OK
        parser = build_parser()
        if _names_a_file(args_list[0], parser):
            launched = _launch_gui(args_list)
            if launched is not None:
                return launched
        try:
            args = parser.parse_args(args_list)
        except SystemExit as stop:        # argparse has printed the usage error or the help
            return EXIT_OK if not stop.code else EXIT_UNUSABLE
        run = getattr(args, "_run", None)
        if run is None:
            parser.print_help()
            return EXIT_UNUSABLE
        return int(run(args))
    except KeyboardInterrupt:
        print("studio: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into `head` and the like: stop quietly.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return EXIT_OK
    except Exception as err:  # noqa: BLE001 - users get a message, developers the traceback
        if os.environ.get("STUDIO_DEBUG"):
            raise
        print(f"studio: internal error: {err!r}. Please report it; set STUDIO_DEBUG=1 to see "
              "the traceback.", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
