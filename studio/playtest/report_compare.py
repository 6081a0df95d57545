"""Two batch reports side by side: the figures of each and their differences, and what
changed in the scenario between the runs (points limits, victory conditions, armies).

Differences are B minus A. A share of games (a side's win rate, draws, wins of the side
moving first) carries Newcombe's 95% interval for the difference of two proportions, and
is `notable` when that interval leaves out 0: chance alone hardly explains it. (Asking
whether the two runs' own intervals overlap would miss real differences: two 95%
intervals can overlap while the difference is clear at the 5% level.)

>>> from studio.rulesets.rules_of_war.sample import line_battle
>>> from studio.simulate import run_batch
>>> sc, lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
>>> rows = compare_reports(run_batch(sc, lib, 4, seed=1), run_batch(sc, lib, 6, seed=1))
>>> rows[0].label, rows[0].a, rows[0].b, rows[0].delta
('Games played', 4, 6, 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DeltaRow:
    group: str
    label: str
    a: float | None
    b: float | None
    kind: str = "number"        # "percent", "number", "count"
    notable: bool = False
    interval: tuple[float, float] | None = None     # 95% interval of the difference

    @property
    def delta(self) -> float | None:
        if self.a is None or self.b is None:
            return None
        return self.b - self.a


def share_row(group: str, label: str, count_a: int | None, games_a: int,
              count_b: int | None, games_b: int) -> DeltaRow:
    """A share of games in both runs, with Newcombe's interval of the difference (B - A).

    >>> r = share_row("g", "win rate", 48, 80, 56, 70)
    >>> r.notable, [round(x, 4) for x in r.interval]
    (True, [0.0524, 0.3339])
    """
    from studio.simulate.stats import newcombe_interval
    a = count_a / games_a if count_a is not None and games_a else None
    b = count_b / games_b if count_b is not None and games_b else None
    if a is None or b is None:
        return DeltaRow(group, label, a, b, "percent")
    low, high = newcombe_interval(count_a, games_a, count_b, games_b)
    return DeltaRow(group, label, a, b, "percent", not low <= 0.0 <= high, (low, high))


def compare_reports(a: Any, b: Any) -> list[DeltaRow]:
    """Rows for every figure the two reports share (a side or unit type only in one of
    them shows with the other's value missing)."""
    rows = [DeltaRow("Games", "Games played", a.games, b.games, "count")]
    ids = [s.side for s in a.sides] + [s.side for s in b.sides if a.side(s.side) is None]
    for sid in ids:
        sa, sb = a.side(sid), b.side(sid)
        name = (sa or sb).name or sid
        rows.append(share_row("Win rates", f"{name}: win rate", _get(sa, "wins"), a.games,
                              _get(sb, "wins"), b.games))
    rows.append(share_row("Win rates", "Draws", a.draws, a.games, b.draws, b.games))
    rows.append(DeltaRow("Win rates", "Undecided", _share(a.undecided, a.games),
                         _share(b.undecided, b.games), "percent"))
    fa, fb = getattr(a, "first_mover", None), getattr(b, "first_mover", None)
    if fa or fb:
        rows.append(share_row("Win rates", "Side moving first: win rate",
                              (fa or {}).get("wins"), a.games, (fb or {}).get("wins"), b.games))
    rows.append(DeltaRow("Length", "Mean rounds", a.rounds.get("mean"), b.rounds.get("mean")))
    pairs = [(a.side(sid), b.side(sid)) for sid in ids]
    names = [(sa or sb).name or sid for sid, (sa, sb) in zip(ids, pairs)]
    for name, (sa, sb) in zip(names, pairs):
        kinds = list((sa.victory_conditions if sa else {}).keys())
        kinds += [k for k in (sb.victory_conditions if sb else {}) if k not in kinds]
        for k in kinds:
            rows.append(DeltaRow("Decided by", f"{name}: {k}",
                                 _share(sa.victory_conditions.get(k, 0), a.games) if sa else None,
                                 _share(sb.victory_conditions.get(k, 0), b.games) if sb else None,
                                 "percent"))
    for name, (sa, sb) in zip(names, pairs):
        rows.append(DeltaRow("Losses", f"{name}: units lost per game",
                             _get(sa, "units_lost_per_game"), _get(sb, "units_lost_per_game")))
    for name, (sa, sb) in zip(names, pairs):
        types_a = {u.unit_type: u for u in (sa.unit_types if sa else [])}
        types_b = {u.unit_type: u for u in (sb.unit_types if sb else [])}
        order = list(types_a) + [t for t in types_b if t not in types_a]
        for t in order:
            ua, ub = types_a.get(t), types_b.get(t)
            label = (ua or ub).name
            rows.append(DeltaRow(f"{name}: unit types", f"{label}: lost",
                                 _get(ua, "loss_rate"), _get(ub, "loss_rate"), "percent"))
            rows.append(DeltaRow(f"{name}: unit types", f"{label}: kills per point",
                                 _get(ua, "kills_per_point"), _get(ub, "kills_per_point")))
    return rows


def _get(obj, name):
    return getattr(obj, name) if obj is not None else None


def _share(count, games):
    return count / games if games else None


def format_value(value: float | None, kind: str) -> str:
    """
    >>> format_value(0.4567, "percent"), format_value(None, "number"), format_value(3, "count")
    ('45.7%', '—', '3')
    """
    if value is None:
        return "—"
    if kind == "percent":
        return f"{100 * value:.1f}%"
    if kind == "count":
        return f"{value:g}"
    return f"{value:.3g}" if abs(value) < 1 else f"{value:.2f}"


def format_delta(row: DeltaRow) -> str:
    """
    >>> format_delta(DeltaRow("g", "x", 0.40, 0.55, "percent"))
    '+15.0 pts'
    >>> format_delta(DeltaRow("g", "x", 0.40, 0.55, "percent", True, (0.012, 0.281)))
    '+15.0 pts (+1.2 to +28.1)'
    """
    d = row.delta
    if d is None:
        return "—"
    if row.kind == "percent":
        if row.interval is not None:
            low, high = row.interval
            return f"{100 * d:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})"
        return f"{100 * d:+.1f} pts"
    if row.kind == "count":
        return f"{d:+g}"
    return f"{d:+.3g}" if abs(d) < 1 else f"{d:+.2f}"


# -- what changed in the scenario ------------------------------------------------------------

def scenario_digest(scenario: Any) -> dict[str, str]:
    """The settings of a scenario that move its balance, in words, by name."""
    from studio.playtest.victory_text import describe_victory
    out = {"Scenario": f"{scenario.name or scenario.id} ({scenario.id})",
           "Ruleset": str(scenario.ruleset),
           "Round limit": str(scenario.round_limit)}
    for s in scenario.sides:
        name = s.name or s.id
        placed = sum(1 for u in s.army.units if u.hex is not None)
        out[f"{name}: points limit"] = str(getattr(s.army, "points_limit", None) or "none")
        out[f"{name}: army"] = f"{s.army.army_list}, {placed} unit(s) on the map"
    for i, v in enumerate(scenario.victory):
        out[f"Victory condition {i + 1}"] = describe_victory(v, scenario)
    return out


# Runs that differ in these are of different games: their figures do not compare.
NOT_COMPARABLE = ("Ruleset", "Scenario")


def comparison_refused(a: dict[str, str], b: dict[str, str]) -> str:
    """Why two runs' figures cannot be compared ("" when they can): they played another
    ruleset or another scenario, where a side of the same name is another army.

    >>> comparison_refused({"Scenario": "Marathon (marathon)"},
    ...                    {"Scenario": "Trench Assault (trench-assault)"})
    'the runs are of different scenarios (Marathon (marathon) and Trench Assault (trench-assault))'
    >>> comparison_refused({"Ruleset": "rules-of-war"}, {"Ruleset": "rules-of-war"})
    ''
    """
    for key in NOT_COMPARABLE:
        va, vb = a.get(key), b.get(key)
        if va is not None and vb is not None and va != vb:
            what = "rulesets" if key == "Ruleset" else "scenarios"
            return f"the runs are of different {what} ({va} and {vb})"
    return ""


def digest_changes(a: dict[str, str], b: dict[str, str]) -> list[str]:
    """
    >>> digest_changes({"Round limit": "12"}, {"Round limit": "10", "X": "y"})
    ['Round limit: 12 → 10', 'X: (none) → y']
    """
    out = []
    for key in list(a) + [k for k in b if k not in a]:
        va, vb = a.get(key), b.get(key)
        if va != vb:
            out.append(f"{key}: {va if va is not None else '(none)'} → "
                       f"{vb if vb is not None else '(none)'}")
    return out
