"""What the field says to a morale test (M14, M35, M38): which factors of the booklet apply
to a unit where it stands. Distances are the booklet's metres read on the map (M1)."""
from __future__ import annotations

from studio.engine.board import OFF
from studio.engine.state import ON

from .orders import higher_class
from .weather import orc_weather_morale, wind_morale

SIGHT_HEXES = 20          # C: "in sight" is within 1 km and an unblocked line
TABLE = {1: "morale_plus", -1: "morale_minus"}


def on_map(state):
    return [u for u in state.units if u.status == ON]


def dist(state, a, b) -> int:
    return state.game.board.distance(a.hex, b.hex)


def within(state, u, metres: float, others) -> list:
    """The units of `others` within `metres` of `u`, counted between the units: a unit
    fills its hex, so next door is 0 m and one empty hex between is a hex's metres (M1)."""
    n = state.tables.hexes(metres) + 1
    return [o for o in others if o is not u and dist(state, u, o) <= n]


def banded(state, u, others, near: float, far: float) -> tuple[bool, bool]:
    """(any within `near`, any within `far` but none within `near`): the booklet's two
    bands of one factor count once, the nearer (C)."""
    a = bool(within(state, u, near, others))
    return a, (not a) and bool(within(state, u, far, others))


def in_sight(state, u, o) -> bool:
    return dist(state, u, o) <= SIGHT_HEXES and state.game.board.terrain_los(u.hex, o.hex)


def above_half(u) -> bool:
    return u.figures * 2 > u.start_figures


def is_behind(board, u, ahead: int, h: int) -> bool:
    """Whether hex `h` lies behind the line of `u`'s flanks: further from the hex ahead of
    it than from its own (C: the rear half of the compass)."""
    if ahead == OFF:
        return False
    return board.distance(ahead, h) > board.distance(u.hex, h)


def nazgul_near(state, u, kind: str, metres: float) -> bool:
    return any(o.profile.nazgul == kind and o.side != u.side
               for o in within(state, u, metres, on_map(state)))


def factors(state, u, context=()) -> list[tuple[str, str, int]]:
    """The (table, factor, sign) triples of the booklet that apply to `u` now; `context`
    adds the trigger's own (charged-by-cavalry, lost-melee-last-3, shot-at-by-half ...)."""
    board = state.game.board
    everyone = on_map(state)
    friends = [o for o in everyone if o.side == u.side and o is not u]
    enemies = [o for o in everyone if o.side != u.side]
    p = u.profile
    out: list[tuple[str, str, int]] = []

    def plus(name, table="morale_plus"):
        out.append((table, name, 1))

    def minus(name, table="morale_minus"):
        out.append((table, name, -1))

    def bands(others, near_m, far_m, near_name, far_name, sign):
        near, far = banded(state, u, others, near_m, far_m)
        if near:
            out.append((TABLE[sign], near_name, sign))
        if far:
            out.append((TABLE[sign], far_name, sign))

    bands([f for f in friends if above_half(f) and not f.routed], 100, 300,
          "friend-100m", "friend-300m", 1)
    if any(in_sight(state, u, f) for f in friends):
        plus("friend-in-sight")
    if p.faced and u.hex != OFF:
        behind = board.nbr[u.hex][(u.facing + 3) % 6]
        if behind != OFF and any(f.hex == behind for f in friends):
            plus("support-to-rear")
    bands([e for e in enemies if e.reaction == "retire"], 100, 300,
          "enemy-retiring-100m", "enemy-retiring-300m", 1)
    if within(state, u, 100, [e for e in enemies if e.routed]):
        plus("enemy-routing-100m")
    here = board.elev[u.hex]
    bands([e for e in enemies if board.elev[e.hex] < here], 100, 200,
          "enemy-downhill-100m", "enemy-downhill-200m", 1)
    if u.figures == u.start_figures and not p.single:
        plus("full-strength")
    tags = set(board.terrain[u.hex].tags or ())
    if "hard-cover" in tags:
        plus("hard-cover")
    elif "soft-cover" in tags:
        plus("soft-cover")
    if u.won_round >= state.round - 2:
        plus("won-melee-last-3")
    if p.special is not None:
        plus("special-leader")

    bands(enemies, 100, 300, "enemy-100m", "enemy-300m", -1)
    if any(in_sight(state, u, e) for e in enemies):
        minus("enemy-in-sight")
    if p.faced and u.hex != OFF:
        ahead = board.nbr[u.hex][u.facing]
        for e in enemies:
            reach = state.tables.hexes(state.tables.allowance(e.profile.movement, "charge"))
            if dist(state, u, e) <= reach and is_behind(board, u, ahead, e.hex):
                minus("enemy-behind-flank")
                if e.profile.mounted:
                    minus("enemy-cavalry-behind-flank")
                break
    if u.reaction == "retire":
        minus("unit-retiring")
    bands([e for e in enemies if board.elev[e.hex] > here], 100, 300,
          "enemy-uphill-100m", "enemy-uphill-300m", -1)
    bands([f for f in friends if f.reaction == "retire"], 100, 300,
          "friend-retiring-100m", "friend-retiring-300m", -1)
    bands([f for f in friends if f.routed], 100, 300,
          "friend-routing-100m", "friend-routing-300m", -1)
    if within(state, u, 100, [f for f in friends if f.routed
                               and higher_class(state.tables, f.profile.cls, p.cls)]):
        minus("betters-routing-100m")
    if not p.shield and not p.big and not p.single:
        minus("shieldless")
    if u.routed:
        minus("unit-routing")
    if u.org in ("unformed", "disorganised", "scattered"):
        minus(u.org)
    if u.open_order:
        minus("open-order")
    lost = u.round_start_figures - u.figures
    if lost * 2 >= u.round_start_figures and lost:
        minus("half-lost-in-move")
    elif lost * 3 >= u.round_start_figures and lost:
        minus("lost-third-in-period")
    elif lost * 4 >= u.round_start_figures and lost:
        minus("lost-one-in-period")
    if u.lost_round >= state.round - 2:
        minus("lost-melee-last-3")
    if p.mounted and within(state, u, 100, [e for e in enemies
                                          if e.profile.troop in ("elephants", "mumakil")]):
        minus("horse-near-elephants")
    if state.memory.get(("hero-killed", u.side), -99) >= state.round - 0:
        minus("hero-killed-in-sight")
    for c in context:
        out.append(c)

    # Law only (M14): the Nazgul's presence.
    if p.good:
        if nazgul_near(state, u, "witch-king", 100):
            minus("witch-king-100m", "law_minus")
        elif nazgul_near(state, u, "witch-king", 300):
            minus("witch-king-300m", "law_minus")
        if nazgul_near(state, u, "ringwraith", 100):
            minus("ringwraith-100m", "law_minus")
        elif nazgul_near(state, u, "ringwraith", 300):
            minus("ringwraith-300m", "law_minus")
        if p.nation == "rohan" and any(state.units[i].profile.orc for i in u.engaged):
            plus("engaging-orcs", "rohan_plus")
    return out


def flat_modifier(state, u) -> int:
    """The factors that are single numbers rather than a class's column: the orcs' and
    other Evil's own (M14), the leader's charisma (M17), half strength (M15), weather and
    wind (M38), the Impress spell's glow (M34)."""
    t = state.tables
    p = u.profile
    # a leader's charisma steadies the unit he leads; a hero alone is his own unit (C: his
    # charisma is for others)
    total = (0 if p.single else u.charisma) + u.penalty
    if not p.good:
        friends_naz = [o for o in on_map(state) if o.side == u.side and o.profile.nazgul]
        wk = [o for o in friends_naz if o.profile.nazgul == "witch-king"]
        rw = [o for o in friends_naz if o.profile.nazgul == "ringwraith"]
        if p.orc:
            op = t.o["orc_plus"]
            if within(state, u, 100, wk):
                total += op["witch-king-100m"]
            elif within(state, u, 200, wk):
                total += op["witch-king-200m"]
            elif any(in_sight(state, u, w) for w in wk):
                total += op["witch-king-in-sight"]
            if within(state, u, 100, rw):
                total += op["ringwraith-100m"]
            elif within(state, u, 300, rw):
                total += op["ringwraith-300m"]
            if state.daylight and not state.cloud:
                total -= t.o["orc_minus"]["sunlight"]
            total += orc_weather_morale(t, state.weather, state.cloud)
        else:
            oe = t.o["other_evil_plus"]
            if within(state, u, 100, wk):
                total += oe["witch-king-100m"]
            elif within(state, u, 100, rw):
                total += oe["ringwraith-100m"]
    total += wind_morale(t, state.game.options.get("wind"), p.good)
    glow = state.memory.get(("impress", u.side))
    if glow is not None and glow >= state.round:
        total += int(t.o["spell_morale"]["impress"][p.cls][0 if p.good else 1])
    return total
