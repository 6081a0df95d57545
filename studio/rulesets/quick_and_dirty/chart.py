"""The combat chart: the difference of base strengths picks a row, the modified d10 picks a
result. The seed names the chart but its table is lost, so the default below is the
project's own (docs/rulesets/quick-and-dirty.md, Q14); a ruleset file may replace it.

A chart in a ruleset file is a list of rows, each
`{from: low difference, to: high difference, rolls: {"1-2": attacker-retreat, ...}}`;
the rows must cover every difference from `DIFF_LOW` to `DIFF_HIGH` once and each row every
roll from 1 to the die's sides once (`chart_problems` says where they do not).
"""
from __future__ import annotations

RESULTS = ("attacker-loss", "attacker-retreat", "locked", "defender-retreat", "defender-loss")
DIFF_LOW, DIFF_HIGH = -20, 20

DEFAULT_CHART = [
    {"from": -20, "to": -4, "rolls": {"1-2": "attacker-loss", "3-6": "attacker-retreat",
                                      "7-9": "locked", "10": "defender-retreat"}},
    {"from": -3, "to": -3, "rolls": {"1": "attacker-loss", "2-5": "attacker-retreat",
                                     "6-8": "locked", "9-10": "defender-retreat"}},
    {"from": -2, "to": -2, "rolls": {"1-4": "attacker-retreat", "5-7": "locked",
                                     "8-9": "defender-retreat", "10": "defender-loss"}},
    {"from": -1, "to": -1, "rolls": {"1-3": "attacker-retreat", "4-6": "locked",
                                     "7-9": "defender-retreat", "10": "defender-loss"}},
    {"from": 0, "to": 0, "rolls": {"1-2": "attacker-retreat", "3-5": "locked",
                                   "6-8": "defender-retreat", "9-10": "defender-loss"}},
    {"from": 1, "to": 1, "rolls": {"1": "attacker-retreat", "2-4": "locked",
                                   "5-8": "defender-retreat", "9-10": "defender-loss"}},
    {"from": 2, "to": 2, "rolls": {"1": "attacker-retreat", "2-3": "locked",
                                   "4-7": "defender-retreat", "8-10": "defender-loss"}},
    {"from": 3, "to": 3, "rolls": {"1-2": "locked", "3-6": "defender-retreat",
                                   "7-10": "defender-loss"}},
    {"from": 4, "to": 20, "rolls": {"1": "locked", "2-5": "defender-retreat",
                                    "6-10": "defender-loss"}},
]


def _span(key) -> tuple[int, int]:
    text = str(key).strip()
    lo, sep, hi = text.partition("-")
    return int(lo), int(hi if sep else lo)


def chart_problems(chart, die_sides: int = 10) -> list[tuple[tuple, str]]:
    """(path inside the chart, message) for every gap, overlap or unknown result."""
    out: list[tuple[tuple, str]] = []
    if not isinstance(chart, list) or not chart:
        return [((), "the combat chart must be a non-empty list of rows")]
    covered: dict[int, int] = {}
    for n, row in enumerate(chart):
        if not isinstance(row, dict) or not {"from", "to", "rolls"} <= set(row):
            out.append(((n,), "a chart row needs from, to and rolls"))
            continue
        lo, hi = row["from"], row["to"]
        if not (isinstance(lo, int) and isinstance(hi, int)) or lo > hi:
            out.append(((n,), f"differences {lo!r} to {hi!r} are not a range of whole numbers"))
            continue
        for d in range(max(lo, DIFF_LOW), min(hi, DIFF_HIGH) + 1):
            if d in covered:
                out.append(((n, "from"), f"difference {d} is also in row {covered[d] + 1}: "
                                         "rows overlap"))
                break
            covered[d] = n
        rolls: dict[int, str] = {}
        for key, result in (row["rolls"] or {}).items():
            try:
                a, b = _span(key)
            except ValueError:
                out.append(((n, "rolls", key), f"{key!r} is not a roll or a range like 3-5"))
                continue
            if result not in RESULTS:
                out.append(((n, "rolls", key), f"{result!r} is not a result "
                                               f"({', '.join(RESULTS)})"))
            if a < 1 or b > die_sides:
                out.append(((n, "rolls", key), f"{key!r} reaches past the die: rolls go from "
                                               f"1 to {die_sides} (die_sides)"))
            for r in range(max(a, 1), min(b, die_sides) + 1):
                if r in rolls:
                    out.append(((n, "rolls", key), f"roll {r} is in two ranges: overlap"))
                rolls[r] = result
        missing = [r for r in range(1, die_sides + 1) if r not in rolls]
        if missing:
            out.append(((n, "rolls"), f"rolls {', '.join(map(str, missing))} have no result: gap"))
    gaps = [d for d in range(DIFF_LOW, DIFF_HIGH + 1) if d not in covered]
    if gaps:
        out.append(((), f"differences {gaps[0]}..{gaps[-1]} are in no row: gap "
                        f"(rows must cover {DIFF_LOW} to {DIFF_HIGH})"))
    return out


def compile_chart(chart, die_sides: int = 10) -> dict[int, tuple[str, ...]]:
    """{difference: results by roll (index 0 = roll 1)} for a checked chart."""
    table = {}
    for row in chart:
        by_roll = [""] * die_sides
        for key, result in row["rolls"].items():
            a, b = _span(key)
            for r in range(a, b + 1):
                by_roll[r - 1] = result
        for d in range(max(row["from"], DIFF_LOW), min(row["to"], DIFF_HIGH) + 1):
            table[d] = tuple(by_roll)
    return table


def result_for(table, difference: int, roll: int, die_sides: int) -> str:
    """The result of a modified roll (clamped to the die) on the row of `difference`."""
    d = min(DIFF_HIGH, max(DIFF_LOW, difference))
    return table[d][min(die_sides, max(1, roll)) - 1]


def outcome_odds(table, difference: int, modifier: int, die_sides: int) -> dict[str, float]:
    """Exact chance of each result: every face of the die counted once."""
    out = {r: 0.0 for r in RESULTS}
    for face in range(1, die_sides + 1):
        out[result_for(table, difference, face + modifier, die_sides)] += 1.0 / die_sides
    return out
