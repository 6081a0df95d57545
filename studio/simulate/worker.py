"""One game of a batch, as a worker process plays it, and what it keeps of it.

Everything a worker needs travels once, when the process starts (`BatchSetup`: the
scenario, the few library documents it uses, the units' points); each task is then only
a batch seed and some game indices, and each answer a handful of small `GameRecord`s.
Workers are started with the "spawn" method (the only one on Windows and macOS), so this
module must stay importable without side effects.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from studio.ai.game import run_game
from studio.ai.kinds import make_player
from studio.ai.seeds import game_seeds
from studio.engine.resolver import Resolver
from studio.rulesets import new_game
from studio.engine.state import DESTROYED, FLED

# "athenians: destroy-leader (...)": the side and the kind of condition that decided a game.
_CONDITION = re.compile(r"^([^:]*):\s*([a-z-]+)")


class PointsLookup:
    """`unit_points(army_list, unit_type)` from a table worked out once in the parent (the
    points formulas may need the whole library, which the workers do not load)."""

    def __init__(self, table: dict[tuple[str, str], float]):
        self.table = table

    def __call__(self, army_list, unit_type):
        return self.table.get((army_list.id, unit_type.id), 0)


@dataclass(frozen=True)
class GameRecord:
    """What a batch keeps of one game. Per side, counts are by unit type index (the
    order of `BatchSetup.types[side]`)."""
    index: int
    outcome: str                      # "win" | "draw" | "none"
    winner: int | None                # side index
    kinds: tuple[str, ...]            # victory condition kinds that decided it
    rounds: int
    lost: tuple[tuple[int, ...], ...]
    kills: tuple[tuple[float, ...], ...]
    points_killed: tuple[tuple[float, ...], ...]
    first_mover: int | None = None    # side that moved first in round 1


class BatchSetup:
    """The fixed inputs of a batch, picklable, shared by every game of it."""

    def __init__(self, scenario, resolver, points: dict, options_override: dict | None = None,
                 players: dict[str, str] | None = None):
        self.scenario = scenario
        self.resolver = resolver
        self.points = points
        self.options_override = dict(options_override or {})
        self.side_ids = [s.id for s in scenario.sides]
        self.players = {sid: (players or {}).get(sid, "heuristic") for sid in self.side_ids}
        # Unit types fielded per side, in roster order (placed units only, as the engine).
        self.types: list[list[str]] = []
        for s in scenario.sides:
            seen: list[str] = []
            for ru in s.army.units:
                if ru.hex is not None and ru.type not in seen:
                    seen.append(ru.type)
            self.types.append(seen)

    def play(self, batch_seed: int, index: int) -> GameRecord:
        dice_seed, ai_seeds = game_seeds(batch_seed, index, self.side_ids)
        try:
            state = new_game(self.scenario, self.resolver, dice_seed,
                             self.options_override or None,
                             unit_points=PointsLookup(self.points))
            players = {sid: make_player(self.players[sid], ai_seeds[sid])
                       for sid in self.side_ids}
            run_game(state, players)
        except Exception as err:  # noqa: BLE001 - name the game so it can be replayed
            raise RuntimeError(f"game {index} of the batch (dice seed {dice_seed}) failed: "
                               f"{type(err).__name__}: {err}") from None
        return self.record(index, state)

    def record(self, index: int, state) -> GameRecord:
        type_pos = [{t: k for k, t in enumerate(types)} for types in self.types]
        lost = [[0] * len(t) for t in self.types]
        kills = [[0.0] * len(t) for t in self.types]
        pkilled = [[0.0] * len(t) for t in self.types]
        units = state.units
        for u in units:
            if u.status in (DESTROYED, FLED) or u.side != u.original_side:
                k = type_pos[u.original_side].get(u.profile.id)
                if k is not None:
                    lost[u.original_side][k] += 1
        rules = state.game.rules
        index_of = state.game.unit_index
        for who, killers, *part in rules.kill_credits(state.events()):
            attackers = [index_of[k] for k in killers if k in index_of]
            if not attackers or who not in index_of:
                continue
            victim = units[index_of[who]]
            # a ruleset that counts figures credits the share of the unit they were
            share = (part[0] if part else 1.0) / len(attackers)
            victim_points = float(self.points.get(
                (victim.profile.army_list.id, victim.profile.id), 0))
            for i in attackers:
                a = units[i]
                k = type_pos[a.original_side].get(a.profile.id)
                if k is not None:
                    kills[a.original_side][k] += share
                    pkilled[a.original_side][k] += share * victim_points
        first_mover = state.game.side_index.get(rules.first_mover(state.events()))
        result = state.result
        winner = state.game.side_index.get(result.winner) if result.winner else None
        kinds = []
        for text in result.conditions:
            m = _CONDITION.match(text)
            if m and m.group(1) == result.winner and m.group(2) not in kinds:
                kinds.append(m.group(2))
        return GameRecord(index, result.outcome, winner, tuple(kinds), result.round,
                          tuple(tuple(x) for x in lost), tuple(tuple(x) for x in kills),
                          tuple(tuple(x) for x in pkilled), first_mover)


# -- the worker process ---------------------------------------------------------------------
# The setups of the batches this process plays, by key ("" for a plain batch; a variant's
# key in a study). Set once per process; tasks then name a key, a seed and game indices.
_SETUPS: dict[str, BatchSetup] = {}


def init_worker(setups: dict[str, BatchSetup]) -> None:
    _SETUPS.clear()
    _SETUPS.update(setups)


def play_task(task: tuple[str, int, list[int]]) -> tuple[str, list[GameRecord]]:
    """A local worker's task: (setup key, batch seed, game indices)."""
    key, batch_seed, indices = task
    assert key in _SETUPS, "init_worker was not called in this process"
    return key, play_games(_SETUPS[key], batch_seed, indices)


def play_games(setup: BatchSetup, batch_seed: int, indices: list[int]) -> list[GameRecord]:
    """Games `indices` of a batch: what a cluster worker runs (the setup travels once)."""
    return [setup.play(batch_seed, i) for i in indices]


def make_resolver(scenario, library) -> Resolver:
    """The documents a scenario's games need, and only those (small to send to workers)."""
    lists = []
    for s in scenario.sides:
        al = library.army_list(s.army.army_list)
        if al is not None and al not in lists:
            lists.append(al)
    ts = library.terrain_set(scenario.terrain_set)
    rs = library.ruleset(scenario.ruleset)
    return Resolver(terrain_sets=[ts] if ts is not None else [],
                    army_lists=lists, rulesets=[rs] if rs is not None else [])
