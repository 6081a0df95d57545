"""Victory conditions of a scenario (hold, eliminate, destroy the leader, exit, survive,
victory points), the same for every ruleset: `evaluate` says whether a game is decided.

A ruleset decides when to ask (Rules of War: at once for sudden death and at the end of
every morale phase); at the round limit every condition counts."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .events import Event
from .state import DESTROYED, EXITED, FLED, JUMPED, ON, GameState, Result, UnitState

if TYPE_CHECKING:
    from studio.model import VictoryCondition

SUDDEN_DEATH_DEFAULT = {"destroy-leader": True, "eliminate": True, "hold": False, "exit": False,
                        "survive": False, "victory-points": False}

# What each kind of scenario condition is, in a report's words (a ruleset adds the causes of
# its own wins through `outcomes.cause_words`).
KIND_WORDS = {"destroy-leader": "the enemy leader destroyed", "eliminate": "enemy eliminated",
              "hold": "objectives held", "exit": "units off the map edge",
              "survive": "survived to the round limit",
              "victory-points": "most victory points"}


def is_sudden_death(vc: VictoryCondition) -> bool:
    return vc.sudden_death if vc.sudden_death is not None else SUDDEN_DEATH_DEFAULT[vc.kind]


def lost(state: GameState, u: UnitState, side: int) -> bool:
    """A unit of `side` counts as lost: destroyed, fled off the map, captured, or gone by
    hyper jump (out of the battle, though not destroyed: see `vp_total`)."""
    return u.original_side == side and (u.status in (DESTROYED, FLED, JUMPED) or u.side != side)


def points_of(state: GameState, u: UnitState) -> float:
    prof = u.profile
    if prof.points is None:
        prof.points = state.game.unit_points(prof.army_list, prof.type)
    points: float = prof.points
    return points


def standing(state: GameState, side: str, value: Callable[[Any], float]) -> float:
    """An AI's score of the game for `side`: the `value(unit)` of its units on the map
    against the average of its enemies', and 1000 more (or less) once the game is won (or
    lost)."""
    me = state.game.side_index[side]
    mine = theirs = 0.0
    for u in state.units:
        if u.status != ON:
            continue
        worth = value(u)
        if u.side == me:
            mine += worth
        else:
            theirs += worth
    if state.result is not None and state.result.winner is not None:
        mine += 1000 if state.result.winner == side else -1000
    return mine - theirs / max(1, len(state.game.sides) - 1)


def _against(state: GameState, vc: VictoryCondition, me: int) -> list[int]:
    names = vc.get("against")
    if not names:
        return [i for i in range(len(state.game.sides)) if i != me]
    return [state.game.side_index[n] for n in names if n in state.game.side_index]


def _held(state: GameState, side: int, label: str) -> bool:
    board = state.game.board
    try:
        h = board.index_of_label(label)
    except ValueError:
        return False
    only = state.game.sides[side].holders_only
    return any(u.hex == h and u.status == ON and u.side == side and not u.routed
               and (not only or u.profile.has("counts-for-objectives")) for u in state.units)


def vp_total(state: GameState, side: int) -> float:
    """Objective points held plus points of enemy units lost (a ship that jumped away
    gives none: it was not destroyed)."""
    total = 0.0 if state.script is None else float(state.script.vp[side])
    for obj in state.game.scenario.objectives:
        if _held(state, side, obj.hex):
            total += obj.points or 0
    for u in state.units:
        if u.original_side != side and u.status != JUMPED and lost(state, u, u.original_side):
            total += points_of(state, u)
    return total


def satisfied(state: GameState, vc: VictoryCondition) -> str | None:
    """A plain-words reason if condition `vc` holds now, else None."""
    me = state.game.side_index[vc.side]
    kind = vc.kind
    enemies = _against(state, vc, me)
    if kind == "destroy-leader":
        done = [s for s in enemies if state.leader_lost(s)]
        if enemies and len(done) == len(enemies):
            names = ", ".join(state.side_id(s) for s in done)
            return f"{vc.side}: destroy-leader (army leader of {names} lost)"
        return None
    if kind == "eliminate":
        measure = vc.get("measure", "units")
        share = float(vc.get("share", 100))
        pool = [u for u in state.units if u.original_side in enemies]
        if not pool:
            return None
        if measure == "points":
            total = sum(points_of(state, u) for u in pool)
            gone = sum(points_of(state, u) for u in pool if lost(state, u, u.original_side))
        else:
            total = len(pool)
            gone = sum(1 for u in pool if lost(state, u, u.original_side))
        if total and gone * 100 >= share * total:
            return f"{vc.side}: eliminate ({gone:g} of {total:g} {measure} lost, needed {share:g}%)"
        return None
    if kind == "hold":
        hexes = list(vc.get("hexes") or [])
        need = vc.get("count") or len(hexes)
        held = [h for h in hexes if _held(state, me, h)]
        if hexes and len(held) >= need:
            return f"{vc.side}: hold ({', '.join(held)})"
        return None
    if kind == "exit":
        edge = vc.get("edge")
        out = [u for u in state.units if u.status == EXITED and u.side == me
               and u.exit_edge == edge]
        if vc.get("points") is not None:
            pts = sum(points_of(state, u) for u in out)
            if pts >= float(vc.get("points")):
                return f"{vc.side}: exit ({pts:g} points off the {edge} edge)"
            return None
        need = int(vc.get("units") or 1)
        if len(out) >= need:
            return f"{vc.side}: exit ({len(out)} units off the {edge} edge)"
        return None
    if kind == "survive":
        if state.round >= state.game.round_limit and any(
                u.status == ON and u.side == me for u in state.units):
            return f"{vc.side}: survive (units on the map at the round limit)"
        return None
    if kind == "victory-points":
        if state.round < state.game.round_limit:
            return None
        totals = {s: vp_total(state, s) for s in range(len(state.game.sides))}
        mine = totals[me]
        if all(mine > v for s, v in totals.items() if s != me):
            return f"{vc.side}: victory-points ({mine:g} against " \
                   f"{', '.join(f'{state.side_id(s)} {v:g}' for s, v in totals.items() if s != me)})"
        return None
    return None


def evaluate(state: GameState, final: bool) -> Result | None:
    """The result if the game is decided now. `final`: the round limit has been reached."""
    winners: dict[int, list[str]] = {}
    for vc in state.game.victory:
        if not final and not is_sudden_death(vc):
            continue
        reason = satisfied(state, vc)
        if reason:
            winners.setdefault(state.game.side_index[vc.side], []).append(reason)
    if len(winners) == 1:
        (side, reasons), = winners.items()
        return Result("win", state.side_id(side), tuple(reasons), state.round)
    if len(winners) > 1:
        every = tuple(r for rs in winners.values() for r in rs)
        return Result("draw", None, ("several sides won at once",) + every, state.round)
    if final:
        if getattr(state.game.options, "draw_at_round_limit", True):
            return Result("draw", None, (f"round limit {state.game.round_limit} reached",),
                          state.round)
        return Result("none", None, (f"round limit {state.game.round_limit} reached, "
                                     "no winner",), state.round)
    return None


def game_over(state: GameState, result: Result, events: list[Event]) -> None:
    """Record `result` on the state and its `game-over` event."""
    state.result = result
    events.append(state.event("game-over", result=result.outcome, winner=result.winner,
                              conditions=list(result.conditions), round=result.round))


def game_over_words(data: dict[str, Any]) -> str:
    """The data of a `game-over` event in plain words, for the game log."""
    if data["result"] == "win":
        return f"Game over: {data['winner']} wins ({'; '.join(data['conditions'])})"
    return f"Game over: {data['result']} ({'; '.join(data['conditions'])})"
