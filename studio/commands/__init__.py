"""Subcommands of the `studio` command line, one module each.

A module provides `add_parser(subparsers)` (adding its subparser, with its options) and
`run(args) -> int` (the exit code); `studio.cli.COMMANDS` lists the modules.
"""
