"""A scenario's map block: as many rows as the map has, each exactly `columns` symbols long,
every symbol one of the terrain set's, and elevation rows of digits of the same shape."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.hexgrid import MapGeometry
from studio.model import Scenario

from .report import Findings, lookup

TERRAIN = ("map", "terrain")
ELEVATION = ("map", "elevation")


def geometry_of(scenario: Scenario) -> MapGeometry:
    m = scenario.map
    return MapGeometry(m.columns, m.rows, m.orientation, m.offset)


def hex_subject(geometry: MapGeometry, col: int, row: int) -> str | None:
    if 1 <= col <= geometry.columns and 1 <= row <= geometry.rows:
        return "hex:" + geometry.label(geometry.to_hex(col, row))
    return None


def _cell(findings: Findings, path, row: int, col: int):
    positions = getattr(findings.doc, "positions", None)
    if positions is None:
        return None, None
    return positions.cell_at(path, row, col)


def check_map(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario):
        return []
    findings = Findings(doc)
    hex_map = scenario.map
    try:
        geometry = geometry_of(scenario)
    except ValueError as err:
        findings.error("bad-map-shape", f"{err}; fix the map's columns, rows, orientation or "
                       "offset", ("map",))
        return findings.items
    terrain_set = lookup(library, "terrain-set", scenario.terrain_set)
    symbols = terrain_set.symbol_map() if terrain_set is not None else None
    # With the terrain set unknown (reported by the references check) only the rows' shape
    # can be checked: its symbols are not digits and must not be reported as such.
    _rows(findings, geometry, hex_map.terrain, TERRAIN, "terrain", symbols,
          terrain_set.id if terrain_set is not None else None)
    if hex_map.elevation is not None:
        _rows(findings, geometry, hex_map.elevation, ELEVATION, "elevation", None, None)
    return findings.items


def _rows(findings: Findings, geometry: MapGeometry, rows: list[str], path, what: str,
          symbols: dict | None, set_id: str | None) -> None:
    columns, expected_rows = geometry.columns, geometry.rows
    unit = "symbols" if what == "terrain" else "digits"
    if len(rows) != expected_rows:
        if len(rows) < expected_rows:
            at = _cell(findings, path, max(len(rows), 1), 1)
            fix = f"add {expected_rows - len(rows)} row(s)"
        else:
            at = _cell(findings, path, expected_rows + 1, 1)
            fix = f"remove {len(rows) - expected_rows} row(s) or raise map rows"
        findings.error(
            f"{'map' if what == 'terrain' else 'elevation'}-row-count",
            f"the map {what} has {len(rows)} rows, expected {expected_rows} (map rows: "
            f"{expected_rows}); {fix}",
            path, at=at if at[0] is not None else None)
    for n, text in enumerate(rows, start=1):
        if n > expected_rows:
            break
        if len(text) != columns:
            if len(text) > columns:
                at = _cell(findings, path, n, columns + 1)
                fix = f"remove {len(text) - columns} {unit}"
            else:
                at = _cell(findings, path, n, len(text) + 1)
                fix = f"add {columns - len(text)} {unit}"
            findings.error(
                f"{'map' if what == 'terrain' else 'elevation'}-row-length",
                f"{what} row {n} has {len(text)} {unit}, expected {columns} (map columns: "
                f"{columns}); {fix}",
                path, hex_subject(geometry, 1, n), at=at if at[0] is not None else None)
        if what == "terrain" and symbols is None:
            continue
        bad = _first_bad(text[:columns], symbols)
        if bad is None:
            continue
        col, char = bad
        more = sum(1 for c in text[col:columns] if not _ok(c, symbols))
        tail = f" ({more} more in this row)" if more else ""
        at = _cell(findings, path, n, col)
        subject = hex_subject(geometry, col, n)
        if symbols is None:
            findings.error(
                "elevation-not-digit",
                f"elevation row {n}, column {col}: {char!r} is not a digit; write heights as "
                f"single digits 0-9{tail}",
                path, subject, at=at if at[0] is not None else None)
        else:
            known = " ".join(sorted(symbols))
            findings.error(
                "unknown-terrain-symbol",
                f"terrain row {n}, column {col}: symbol {char!r} is not in terrain set "
                f"{set_id!r}{tail}; use one of: {known}",
                path, subject, at=at if at[0] is not None else None)


def _ok(char: str, symbols: dict | None) -> bool:
    if symbols is None:
        return char in "0123456789"
    return char in symbols


def _first_bad(text: str, symbols: dict | None) -> tuple[int, str] | None:
    for i, char in enumerate(text, start=1):
        if not _ok(char, symbols):
            return i, char
    return None
