"""The round (R4, R5): initiative, each side's movement phase, the automatic morale phase;
and the reaction / response windows of R22."""
from __future__ import annotations

from studio.engine import scenario_events

from .board import OFF
from .combat import destroy, may_attack, strike_block_reason
from .morale import rally
from .rout import flee
from .state import ON
from .victory import evaluate, finish


def start_round(state, events: list) -> None:
    state.round += 1
    state.barriers = {}
    state.phase = "initiative"
    state._cache.clear()
    events.append(state.event("round", round=state.round))
    scenario_events.round_begins(state, events)
    rolls, ranked = roll_initiative(state, events)
    n = len(state.game.sides)
    winner = ranked[0]
    events.append(state.event("initiative",
                              rolls={state.side_id(s): rolls[s] for s in range(n)},
                              winner=state.side_id(winner)))
    if n == 2:
        state.pending.append(("order", winner, None))
        events.append(state.event("window", side=state.side_id(winner), window="order",
                                  about=None))
    else:
        set_order(state, tuple(ranked), None, events)


def roll_initiative(state, events: list) -> tuple[dict, list]:
    """R5: 1D10 each, minus the penalty for a lost Army Leader; tied sides re-roll. The
    rolls that stand and the sides, first to act first."""
    o = state.game.options
    n = len(state.game.sides)
    penalties = [o.initiative_leader_penalty if state.leader_lost(s) else 0 for s in range(n)]

    def score(s: int) -> int:
        return state.roll(state.side_id(s), "initiative", None, events) - penalties[s]

    if not _separable(penalties, o.die_sides):
        # More sides than the die has results: the re-rolls below would never end. Sides
        # that tie re-roll among themselves only, to order themselves in their place.
        rolls = {s: score(s) for s in range(n)}
        return rolls, _tied_groups_reroll(list(range(n)), rolls, score)
    rolls: dict[int, int] = {}
    todo = list(range(n))
    while todo:
        for s in todo:
            rolls[s] = score(s)
        values = [rolls[s] for s in rolls]
        todo = [s for s in rolls if values.count(rolls[s]) > 1]
        # Only sides tied with another re-roll; untied sides keep their place.
    return rolls, sorted(range(n), key=lambda s: -rolls[s])


def _separable(penalties: list[int], die: int) -> bool:
    """Whether one roll each can give every side a different result: side s scores
    1 - p .. die - p. Greedy matching of these intervals to numbers, earliest end first."""
    taken: set[int] = set()
    for p in sorted(penalties, reverse=True):        # earliest end (die - p) first
        value = 1 - p
        while value in taken:
            value += 1
        if value > die - p:
            return False
        taken.add(value)
    return True


def _tied_groups_reroll(group: list[int], scores: dict, score) -> list[int]:
    """`group` ordered by `scores`, high first; each set of tied sides rolls again
    (`score`) and is ordered the same way among themselves, as often as it takes."""
    order: list[int] = []
    for value in sorted(set(scores[s] for s in group), reverse=True):
        tied = [s for s in group if scores[s] == value]
        while len(tied) > 1:
            again = {s: score(s) for s in tied}
            if len(set(again.values())) > 1:
                order.extend(_tied_groups_reroll(tied, again, score))
                break
        else:
            order.extend(tied)
    return order


def set_order(state, order: tuple, chosen_by, events: list) -> None:
    state.order = order
    events.append(state.event("order", order=[state.side_id(s) for s in order],
                              chosen_by=state.side_id(chosen_by) if chosen_by is not None else None))
    begin_movement(state, 0, events)


def begin_movement(state, index: int, events: list) -> None:
    state.phase = "movement"
    state.active = index
    state.phase_serial += 1
    events.append(state.event("phase", phase="movement", side=state.side_id(state.order[index])))


def end_movement(state, events: list) -> None:
    if state.active + 1 < len(state.order):
        begin_movement(state, state.active + 1, events)
    else:
        morale_phase(state, events)


def morale_phase(state, events: list) -> None:
    """R34, R35, R39: rally rolls, then the routed flee, then victory."""
    state.phase = "morale"
    state._cache.clear()
    events.append(state.event("phase", phase="morale", side=None))
    for u in state.units:
        if u.status == ON and u.routed and u.routed_round < state.round:
            rally(state, u, events)
    for u in state.units:
        if u.status == ON and u.routed:
            flee(state, u, events)
    _crash_unlanded(state, events)
    state._cache.clear()
    scenario_events.round_ends(state, events)
    final = state.round >= state.game.round_limit
    result = evaluate(state, final)
    if result is not None:
        finish(state, result, events)
        return
    start_round(state, events)


def _crash_unlanded(state, events: list) -> None:
    """R40 must-land: in a landing round, a plane not standing on its airfield is lost."""
    for u in state.units:
        land = u.profile.by_name.get("must-land")
        if land is None or u.status != ON or u.carried_by != OFF or \
                not land.landing_round(state):
            continue
        if not land.lands_on(state, u.hex):
            destroy(state, u, "no-airfield", None, events)


# -- windows ----------------------------------------------------------------------------------
def others_in_turn_order(state, side: int) -> list[int]:
    order = list(state.order)
    if side not in order:
        return [s for s in range(len(state.game.sides)) if s != side]
    i = order.index(side)
    return order[i + 1:] + order[:i]


def has_attack_on(state, side: int, targets) -> bool:
    """Whether `side` has any legal attack (unit or off-map) on one of `targets`."""
    board = state.game.board
    rnd = state.round
    supports = range(len(state.game.sides[side].supports))
    for t in targets:
        if t.status != ON or t.side == side:
            continue
        row = board.dist_row(t.hex)
        for u in state.units:
            # Most units are the other side's or out of range: those two tests first.
            if u.side != side or row[u.hex] > u.profile.range:
                continue
            if u.status == ON and not u.routed and u.attacked_round != rnd and \
                    may_attack(state, u, t):
                return True
        for k in supports:
            if strike_block_reason(state, side, k, t) is None:
                return True
    return False


def open_react_windows(state, mover, events: list) -> None:
    if not state.game.options.reaction_attacks or mover.status != ON:
        return
    for s in others_in_turn_order(state, mover.side):
        if has_attack_on(state, s, [mover]):
            state.pending.append(("react", s, mover.i))
            events.append(state.event("window", side=state.side_id(s), window="react",
                                      about=mover.uid))


def open_respond_windows(state, batch: tuple, side: int, events: list) -> bool:
    """Windows in which the other sides may answer a declared batch simultaneously."""
    if not state.game.options.reaction_attacks:
        return False
    attackers = [state.units[d.attacker] for d in batch if d.attacker is not None]
    opened = False
    for s in others_in_turn_order(state, side):
        if attackers and has_attack_on(state, s, attackers):
            state.pending.append(("respond", s, batch))
            events.append(state.event("window", side=state.side_id(s), window="respond",
                                      about=[a.uid for a in attackers]))
            opened = True
    return opened
