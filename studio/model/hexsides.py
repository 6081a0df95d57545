"""Hexside features: what runs along (river, wall, hedge) or across (road, bridge) the edge
between two hexes. A terrain set declares the kinds and their look; a map lists, per kind,
the edges that carry it. What a kind does in play is each ruleset's to say.

An entry of a map's list is hex labels joined by "/": "0503/0504" is one edge, and a longer
path "0503/0504/0604" is every edge between consecutive hexes (a road from centre to centre).
"""
from __future__ import annotations

from dataclasses import dataclass

# How a kind is drawn: along the edge (a line over the hexside), or across it (a line from
# centre to centre, as roads and bridges are printed).
STYLES = ("along", "across")
Edge = tuple[str, str]


@dataclass(slots=True)
class HexsideKind:
    id: str
    name: str
    colour: str
    style: str = "along"
    width: float = 1.0          # line width relative to the map's standard hexside line
    notes: str = ""


def entry_labels(entry: str) -> list[str]:
    """The hex labels of one map entry ("0503/0504/0604"), spaces ignored."""
    return [part.strip() for part in entry.split("/")]


def entry_edges(entry: str) -> list[Edge]:
    """The edges one entry names, each as its two labels in sorted order."""
    labels = entry_labels(entry)
    return [edge(a, b) for a, b in zip(labels, labels[1:])]


def edge(a: str, b: str) -> Edge:
    return (a, b) if a <= b else (b, a)


def edges_of(entries: list[str]) -> set[Edge]:
    return {e for entry in entries for e in entry_edges(entry)}


def entries_of(edges: set[Edge]) -> list[str]:
    """A kind's edges as the file writes them: one "a/b" entry per edge, sorted, so adding or
    removing an edge is a one-line diff."""
    return [f"{a}/{b}" for a, b in sorted(edges)]
