"""`--player SIDE=KIND`: the player seated on a side, for every command that plays games."""
from __future__ import annotations

import argparse
import sys

from studio.ai.kinds import SPEC_HELP, check_kind, reproducible


def add_player_option(parser: argparse.ArgumentParser, instead_of: str) -> None:
    parser.add_argument("--player", action="append", default=[], metavar="SIDE=KIND",
                        help=f"seat a player on a side instead of {instead_of}: "
                             f"{SPEC_HELP}; e.g. --player persians=search:200 (may be "
                             "repeated). A millisecond budget does not replay exactly.")


def parse_players(items: list[str], side_ids: list[str]) -> dict[str, str] | None:
    """Side id -> player spec from `--player` values; None (after saying why on stderr) when
    one is wrong."""
    players: dict[str, str] = {}
    for item in items:
        side, sep, kind = item.partition("=")
        if not sep or side not in side_ids:
            print(f"studio: --player {item!r}: write SIDE=KIND with SIDE one of "
                  f"{', '.join(side_ids)}", file=sys.stderr)
            return None
        try:
            players[side] = check_kind(kind)
        except ValueError as err:
            print(f"studio: --player {item!r}: {err}", file=sys.stderr)
            return None
        if not reproducible(kind):
            print(f"studio: note: --player {item!r}: a budget in milliseconds depends on the "
                  "machine's speed and load, so the same seed need not replay the same "
                  "games; give playouts (search:200) to replay them", file=sys.stderr)
    return players
