"""Reinforcements, events and the turn track of a scenario: every wave, side, unit, hex and
option they name exists, every wave has units and a way to arrive, and every effect is one
the scenario's game knows."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.engine.errors import SetupError
from studio.model import Scenario
from studio.model.scenario import EFFECT_KINDS
from studio.rulesets import system_of

from .map_grid import geometry_of
from .report import Findings, did_you_mean, lookup


def _rules(scenario: Scenario, library: Any):
    from studio.engine.rules import rules_named
    ruleset = lookup(library, "ruleset", scenario.ruleset)
    if ruleset is None:
        return None                      # unknown-ruleset says it
    try:
        return rules_named(system_of(ruleset))
    except SetupError:
        return None


def unit_ids(scenario: Scenario) -> dict[str, str]:
    """Every unit id a game of the scenario has (an arriving entry of several units gives
    `<id>.1`, `<id>.2`...), with its side's id."""
    out = {}
    for side in scenario.sides:
        for ru in side.army.units:
            if ru.arrives is not None and ru.hex is None and ru.count > 1:
                out.update((f"{ru.id or ru.type}.{k + 1}", side.id) for k in range(ru.count))
            elif ru.id is not None:
                out[ru.id] = side.id
    return out


def check_scenario_events(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario) or not (
            scenario.reinforcements or scenario.events or scenario.turn_track
            or any(ru.arrives for s in scenario.sides for ru in s.army.units)):
        return []
    findings = Findings(doc)
    _Check(scenario, library, findings).run()
    return findings.items


class _Check:
    def __init__(self, scenario: Scenario, library: Any, findings: Findings):
        self.sc = scenario
        self.f = findings
        self.sides = [s.id for s in scenario.sides]
        self.waves = [w.id for w in scenario.reinforcements]
        self.units = unit_ids(scenario)
        self.rules = _rules(scenario, library)
        try:
            self.geometry = geometry_of(scenario)
        except ValueError:
            self.geometry = None         # the map check reports it

    def run(self) -> None:
        self._rounds("turn_track", [t.round for t in self.sc.turn_track], "turn track entry")
        self._waves()
        self._arrivals()
        self._events()

    def _rounds(self, key: str, rounds, what: str) -> None:
        for i, rnd in enumerate(rounds):
            if rnd is not None and rnd > self.sc.round_limit:
                self.f.warning("after-round-limit",
                               f"{what} {i + 1} is for round {rnd}, after the round limit "
                               f"{self.sc.round_limit}: it never happens", (key, i, "round"))

    def _side(self, side, path, what: str) -> None:
        if side is not None and side not in self.sides:
            self.f.error("unknown-side", f"{what} names side {side!r}, which is not a side "
                         f"of the scenario{did_you_mean(side, self.sides)} "
                         f"({', '.join(self.sides)})", path)

    def _area(self, items, path, what: str) -> None:
        if self.geometry is None:
            return
        for j, item in enumerate(items or ()):
            try:
                self.geometry.parse_area(item)
            except ValueError as err:
                self.f.error("event-hex-off-map", f"{what}: {err}; the map is "
                             f"{self.geometry.columns} columns × {self.geometry.rows} rows",
                             (*path, j), f"hex:{item}")

    def _waves(self) -> None:
        seen: set[str] = set()
        brought = {c.get("wave") for e in self.sc.events for c in e.then
                   if c.kind == "reinforcements"}
        for i, w in enumerate(self.sc.reinforcements):
            what = f"reinforcement wave {w.id!r}"
            if w.id in seen:
                self.f.error("duplicate-wave-id", f"{what} is named twice; wave ids must be "
                             "unique", ("reinforcements", i, "id"))
            seen.add(w.id)
            self._side(w.side, ("reinforcements", i, "side"), what)
            self._area(w.hexes, ("reinforcements", i, "hexes"), what)
            if not any(ru.arrives == w.id for s in self.sc.sides for ru in s.army.units):
                self.f.warning("wave-without-units", f"{what} has no units: give units of "
                               f"side {w.side!r} `arrives: {w.id}`", ("reinforcements", i))
            if w.round is None and w.id not in brought:
                self.f.warning("wave-never-arrives", f"{what} has no round and no event "
                               "brings it: give it a round or an event with a "
                               f"`reinforcements` effect for wave {w.id}",
                               ("reinforcements", i))
        self._rounds("reinforcements", [w.round for w in self.sc.reinforcements],
                     "reinforcement wave")

    def _arrivals(self) -> None:
        for s, side in enumerate(self.sc.sides):
            for k, ru in enumerate(side.army.units):
                if ru.arrives is None:
                    continue
                path = ("sides", s, "units", k, "arrives")
                who = f"side {side.id!r}, unit {ru.id or ru.type!r}"
                wave = self.sc.wave(ru.arrives)
                if wave is None:
                    self.f.error("unknown-wave", f"{who} arrives with wave {ru.arrives!r}, "
                                 "which is not in reinforcements"
                                 f"{did_you_mean(ru.arrives, self.waves)}", path)
                elif wave.side != side.id:
                    self.f.error("wave-side-mismatch", f"{who} arrives with wave {wave.id!r}, "
                                 f"which is side {wave.side!r}'s", path)
                if ru.hex is not None:
                    self.f.error("arriving-unit-placed", f"{who} is placed at {ru.hex} and "
                                 f"arrives with wave {ru.arrives!r}: remove one of the two",
                                 ("sides", s, "units", k, "hex"))

    def _events(self) -> None:
        own = self.rules.scenario_events.effects if self.rules is not None else {}
        options = self.rules.option_names if self.rules is not None else None
        seen: set[str] = set()
        for i, e in enumerate(self.sc.events):
            what = f"event {e.id!r}"
            if e.id in seen:
                self.f.error("duplicate-event-id", f"{what} is named twice; event ids must be "
                             "unique", ("events", i, "id"))
            seen.add(e.id)
            when = e.when
            self._side(when.get("side"), ("events", i, "when", "side"), what)
            self._area(when.get("hexes"), ("events", i, "when", "hexes"), what)
            self._unit(when.get("unit"), ("events", i, "when", "unit"), what)
            if (when.get("round") or 0) > self.sc.round_limit:
                self.f.warning("after-round-limit", f"{what} is for round {when.get('round')}, "
                               f"after the round limit {self.sc.round_limit}: it never fires",
                               ("events", i, "when", "round"))
            if when.kind == "enters" and when.get("side") is None and when.get("unit") is None:
                self.f.warning("enters-anyone", f"{what} fires when any unit of any side "
                               "enters its hexes: name a side or a unit if you meant one",
                               ("events", i, "when"))
            for j, c in enumerate(e.then):
                path = ("events", i, "then", j)
                if c.kind not in EFFECT_KINDS and c.kind not in own:
                    known = list(EFFECT_KINDS) + list(own)
                    self.f.error("unknown-effect", f"{what}, effect {j + 1}: {c.kind!r} is "
                                 f"not an effect this game knows{did_you_mean(c.kind, known)}"
                                 f" ({', '.join(known)})", (*path, "kind"))
                self._side(c.get("side"), (*path, "side"), what)
                if c.kind == "reinforcements" and c.get("wave") not in self.waves:
                    self.f.error("unknown-wave", f"{what}, effect {j + 1}: wave "
                                 f"{c.get('wave')!r} is not in reinforcements"
                                 f"{did_you_mean(c.get('wave'), self.waves)}",
                                 (*path, "wave"))
                if c.kind == "option" and options is not None \
                        and c.get("name") not in options:
                    self.f.error("unknown-option", f"{what}, effect {j + 1}: "
                                 f"{self.rules.name} has no option {c.get('name')!r}"
                                 f"{did_you_mean(c.get('name'), options)}", (*path, "name"))

    def _unit(self, uid, path, what: str) -> None:
        if uid is not None and uid not in self.units:
            self.f.error("unknown-unit", f"{what} names unit {uid!r}, which no side fields"
                         f"{did_you_mean(uid, list(self.units))}", path)
