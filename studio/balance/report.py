"""What a balance study found: each variant's win rate with its 95% interval and verdict,
the variants ranked by distance to the target, and the smallest change that reaches it.

>>> r = VariantResult(1, "x", 0.1, games=100, wins=52, draws=0)
>>> round(r.win_rate, 2), r.distance(0.5), [round(x, 3) for x in r.ci95]
(0.52, 0.02, [0.423, 0.615])
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from studio.simulate.stats import wilson_interval

from .sequential import games_to_decide, verdict_interval

VERDICT_INTERVAL_NOTE = (
    "Verdict interval: the win rates the games do not yet tell from the target at the "
    "study's error rate ({alpha} a variant), wider than a 95% interval. A variant reaches "
    "the band when this interval lies inside it, and misses it when a band edge is shown "
    "likelier than the target.")
VERDICT_WORDS = {"reaches": "reaches the band", "misses": "misses the band",
                 "open": "not decided"}


@dataclass
class VariantResult:
    number: int                  # 0: the scenario as written; then the study's order
    label: str
    size: float                  # share of what it changes (studio.balance.variants)
    games: int = 0
    wins: int = 0
    draws: int = 0
    verdict: str = "open"        # "reaches" | "misses" | "open"
    direction: str = ""          # for a miss: "low" or "high"
    details: str = ""
    touches: str = ""            # the deciding conditions the change can act on, in words
    no_effect: str = ""          # why its games are the scenario's own ("" when not so)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def distance(self, target: float) -> float:
        return round(abs(self.win_rate - target), 12)

    def distance_interval(self, target: float) -> tuple[float, float]:
        """The distance to the target of the ends of the 95% interval, nearest first."""
        low, high = self.ci95
        near = 0.0 if low <= target <= high else min(abs(low - target), abs(high - target))
        return near, max(abs(low - target), abs(high - target))


@dataclass
class StudyReport:
    study: str
    name: str
    scenario: str
    scenario_name: str
    side: str
    side_name: str
    target: float
    band: float
    error_rate: float
    seed: int
    max_games: int
    variants: list[VariantResult] = field(default_factory=list)
    cancelled: bool = False
    players: dict[str, str] = field(default_factory=dict)   # sides not played by the heuristic

    @property
    def games(self) -> int:
        return sum(v.games for v in self.variants)

    @property
    def alpha(self) -> float:
        """Each variant's share of the error rate (`studio.balance.lab`): the chance of a
        wrong "reaches"; a wrong "misses" has half of it at each band edge."""
        return self.error_rate / max(1, len(self.variants))

    def verdict_interval(self, v: VariantResult) -> tuple[float, float]:
        """The interval the verdict uses: `v` reaches the band when it lies inside."""
        return verdict_interval(v.wins, v.games, self.target, self.alpha)

    def more_games(self, v: VariantResult) -> int | None:
        """About how many more games would decide `v` (None: decided, or not at its rate)."""
        if v.verdict != "open":
            return None
        return games_to_decide(v.wins, v.games, self.target, self.band, self.alpha,
                               self.alpha / 2)

    def open_text(self, v: VariantResult) -> str:
        """Why `v` is not decided and what would decide it, in words."""
        more = self.more_games(v)
        if more is None:
            return (f"at {_pct(v.win_rate)} neither verdict is favoured: more games would "
                    "hardly decide it")
        cap = "" if v.games + more <= self.max_games else \
            f"; the study stops at {self.max_games}: raise max-games or resume with more"
        return f"about {more} more games would decide it at this win rate{cap}"

    def ranked(self) -> list[VariantResult]:
        """By distance of the win rate to the target, nearest first."""
        return sorted(self.variants, key=lambda v: (v.distance(self.target), v.number))

    def suggestion(self) -> VariantResult | None:
        """The smallest change shown to reach the band (the scenario as written when it
        already does); None when none does."""
        reaching = [v for v in self.variants if v.verdict == "reaches"]
        if not reaching:
            return None
        return min(reaching, key=lambda v: (v.size, v.distance(self.target), v.number))

    @property
    def band_edges(self) -> tuple[float, float]:
        """The target band as win rates: target ± band, within 0 and 1."""
        return max(0.0, self.target - self.band), min(1.0, self.target + self.band)

    def band_text(self) -> str:
        low, high = self.band_edges
        return f"{_pct(low)}–{_pct(high)}"

    def suggestion_text(self) -> str:
        best = self.suggestion()
        band = self.band_text()
        if best is None:
            closest = self.ranked()[0] if self.variants else None
            text = f"None of the variants is shown to bring {self.side_name} into {band}."
            if closest is not None:
                text += (f" Closest: {closest.label}, {_pct(closest.win_rate)} "
                         f"({VERDICT_WORDS[closest.verdict]}).")
            return text
        if best.number == 0:
            return f"The scenario as written already gives {self.side_name} {band}: no change " \
                   "is needed."
        return (f"Smallest change that reaches {band} for {self.side_name}: {best.label} "
                f"({_pct(best.win_rate)} over {best.games} games).")

    def to_dict(self) -> dict:
        d = asdict(self)
        d["games"] = self.games
        for v, row in zip(self.variants, d["variants"]):
            row["win_rate"] = v.win_rate
            row["ci95"] = list(v.ci95)
            row["verdict_interval"] = list(self.verdict_interval(v))
            row["more_games"] = self.more_games(v)
            row["distance"] = v.distance(self.target)
        d["ranking"] = [v.number for v in self.ranked()]
        best = self.suggestion()
        d["suggestion"] = best.number if best is not None else None
        d["suggestion_text"] = self.suggestion_text()
        return d

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def format_study(r: StudyReport) -> str:
    """The report as plain text for a terminal."""
    out = [f"{r.name}: {r.scenario_name}, win rate of {r.side_name}, target "
           f"{_pct(r.target)} ± {_pct(r.band)}",
           f"{r.games} game(s), seed {r.seed}, at most {r.max_games} per variant; the chance "
           f"that any verdict is wrong is at most {_pct(r.error_rate)}",
           VERDICT_INTERVAL_NOTE.format(alpha=_pct(r.alpha))]
    if r.players:
        out.append("Players: " + ", ".join(f"{s} {k}" for s, k in r.players.items()))
    if r.cancelled:
        out.append("Cancelled: the report covers the games played before the cancel; "
                   "variants not decided then stay open.")
    out.append("")
    out.append(f"{'#':>2}  {'win rate':>8}  {'verdict interval':>16}  {'games':>6}  "
               f"{'verdict':<22}  change")
    for v in r.ranked():
        low, high = r.verdict_interval(v)
        verdict = VERDICT_WORDS[v.verdict] + (f" ({v.direction})" if v.direction else "")
        out.append(f"{v.number:>2}  {_pct(v.win_rate):>8}  {_pct(low):>6} – {_pct(high):>7}  "
                   f"{v.games:>6}  {verdict:<22}  {v.label}")
        notes = [v.details] if v.details else []
        if v.no_effect:
            notes.append(f"no effect on these games: {v.no_effect}")
        elif v.verdict == "open" and v.games:
            notes.append(r.open_text(v))
        if v.touches:
            notes.append(f"can act on: {v.touches}")
        out.extend(f"{'':>8}{note}" for note in notes)
    out.append("")
    out.append(r.suggestion_text())
    return "\n".join(out)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"
