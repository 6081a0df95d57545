"""`studio validate PATH...`: every finding about scenario, army and library files.

Exit code 0 when there is no error (warnings allowed), 1 when there are errors, 2 when the
input cannot be used: a path is missing, a folder holds no YAML, or no file could be read.
"""
from __future__ import annotations

import argparse
import sys

from studio.validate import run_validation

from .library import add_library_option, library_from_args
from .output import plural, print_json


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "validate", help="check scenario, army and library files",
        description="Check files (or every .yaml file under folders) and print every finding "
                    "as file:line:col: severity[code]: message. Files given together are "
                    "checked against each other and the library, so a scenario may use an "
                    "army list given alongside it.")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a file or a folder")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json: a list of diagnostic objects")
    add_library_option(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    library = library_from_args(args)
    result = run_validation(args.paths, library)
    if args.format == "json":
        print_json([d.to_json() for d in result.diagnostics])
    else:
        out = sys.stdout
        for d in result.diagnostics:
            out.write(d.format() + "\n")
        out.write(f"{plural(result.errors, 'error')}, {plural(result.warnings, 'warning')} in "
                  f"{plural(len(result.files), 'file')}\n")
    if not result.usable:
        return 2
    return 1 if result.errors else 0
