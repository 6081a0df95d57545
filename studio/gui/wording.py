"""Counts in messages, with the noun agreeing: "1 hex", "19 hexes"."""
from __future__ import annotations


def hex_count(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"

