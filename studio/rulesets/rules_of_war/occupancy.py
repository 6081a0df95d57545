"""Who stands where (R17 stacking, R18 carriers): the occupancy of a state's hexes, kept
and patched from one state to the next, whether a unit may end its move in a hex, and the
units a carrier has aboard."""
from __future__ import annotations

from .board import OFF
from .state import ON


# Beyond this many units placed differently, building an occupancy anew is as cheap as
# patching the last one.
_PATCH_LIMIT = 6


def _spot(u) -> tuple:
    """All that decides where unit `u` stands in an `Occupancy` (as `Occupancy` reads it)."""
    return (u.hex, u.status, u.side, u.carried_by)


def _moved(units, spots) -> list:
    """Indices of the units whose `_spot` is no longer the one in `spots`."""
    out = []
    i = 0
    for u, (h, status, side, carrier) in zip(units, spots):
        if u.hex != h or u.status != status or u.side != side or u.carried_by != carrier:
            out.append(i)
        i += 1
    return out


def _odd_hex(here) -> bool:
    """Not one plain ground unit (which fills its hex at a stacking limit of 1): more than
    one unit, or a carried unit, a hero or a flyer."""
    if len(here) > 1:
        return True
    u = here[0]
    prof = u.profile
    return u.carried_by != OFF or prof.is_hero or prof.flying


class Occupancy:
    """Who stands where right now: `by_hex` {hex: [units there, in unit order]} (the hexes
    in no set order), and what `reach` and stacking derive from it, on demand.

    One per state version, read-only. The state keeps its last one beyond the cache
    (`state._occ`): a move changes one unit's place, so the next is that one patched
    (`updated`), found out by comparing every unit's `_spot`, never by trusting that
    whatever moved a unit said so."""

    __slots__ = ("units", "spots", "by_hex", "_side_hexes", "_odd", "enemy_hexes_of", "zoc_of",
                 "frozen_of", "full_of")

    def __init__(self, state):
        units = state.units
        by_hex: dict[int, list] = {}
        side_hexes: dict[int, list] = {}    # side: the hex of each of its units
        odd = []                            # hexes `_odd_hex` holds for (some twice)
        spots = []
        for u in units:
            h, status, side, carrier = spot = (u.hex, u.status, u.side, u.carried_by)
            spots.append(spot)
            if status != ON or h == OFF:
                continue
            here = by_hex.get(h)
            if here is None:
                by_hex[h] = [u]
            else:
                here.append(u)
                odd.append(h)
            mine = side_hexes.get(side)
            if mine is None:
                side_hexes[side] = [h]
            else:
                mine.append(h)
            prof = u.profile
            if carrier != OFF or prof.is_hero or prof.flying:
                odd.append(h)
        self._set(units, spots, by_hex, side_hexes, odd)

    def _set(self, units, spots, by_hex, side_hexes, odd):
        self.units = units
        self.spots = spots
        self.by_hex = by_hex
        self._side_hexes = side_hexes
        self._odd = odd
        self.enemy_hexes_of: dict[int, set] = {}
        self.zoc_of: dict[int, set] = {}
        self.frozen_of: dict[int, frozenset] = {}
        self.full_of: dict = {}

    def updated(self, state) -> "Occupancy":
        """The occupancy of `state`, whose units this one describes as they were: itself
        when none is placed differently, else a patched copy (this one stays as it is)."""
        units = state.units
        old = self.spots
        if len(units) != len(old):
            return Occupancy(state)
        changed = _moved(units, old)
        if not changed:
            return self
        if len(changed) > _PATCH_LIMIT:
            return Occupancy(state)
        spots = list(old)
        by_hex = dict(self.by_hex)
        side_hexes = dict(self._side_hexes)
        copied = set()                      # sides whose hex list is already a copy
        touched = []
        for i in changed:
            u = units[i]
            spots[i] = _spot(u)
            for leaving, (h, status, side, _) in ((True, old[i]), (False, spots[i])):
                if status != ON or h == OFF:
                    continue
                if side not in copied:
                    side_hexes[side] = list(side_hexes.get(side, ()))
                    copied.add(side)
                here = by_hex.get(h)
                if leaving:
                    side_hexes[side].remove(h)
                    if len(here) == 1:
                        del by_hex[h]
                    else:
                        by_hex[h] = [v for v in here if v is not u]
                else:
                    side_hexes[side].append(h)
                    if here is None:
                        by_hex[h] = [u]
                    else:
                        # In unit order, as a build would have it.
                        by_hex[h] = [v for v in here if v.i < u.i] + [u] + \
                                    [v for v in here if v.i > u.i]
                touched.append(h)
        odd = [h for h in self._odd if h not in touched]
        for h in touched:
            here = by_hex.get(h)
            if here and _odd_hex(here) and h not in odd:
                odd.append(h)
        occ = Occupancy.__new__(Occupancy)
        occ._set(units, spots, by_hex, side_hexes, odd)
        return occ

    def full_hexes(self, state, side, flying):
        """Hexes a non-hero unit of `side` in the ground (or air) layer may not stop in:
        enemies there, or its layer already at the stacking limit."""
        key = (side, flying)
        hit = self.full_of.get(key)
        if hit is None:
            limit = state.game.options.stacking_limit
            if limit == 1 and not flying:
                # Every hex but the odd ones is full; those are looked at one by one.
                hit = set(self.by_hex)
                hexes = self._odd
            else:
                hit = set()
                hexes = self.by_hex
            by_hex = self.by_hex
            for h in hexes:
                n = 0
                for v in by_hex[h]:
                    if v.side != side:
                        hit.add(h)
                        break
                    if v.carried_by == OFF and not v.profile.is_hero and \
                            v.profile.flying == flying:
                        n += 1
                else:
                    if n >= limit:
                        hit.add(h)
                    else:
                        hit.discard(h)
            self.full_of[key] = hit
        return hit

    def frozen_enemies(self, side):
        f = self.frozen_of.get(side)
        if f is None:
            f = self.frozen_of[side] = frozenset(self.enemy_hexes(side))
        return f

    def enemy_hexes(self, side):
        s = self.enemy_hexes_of.get(side)
        if s is None:
            s = set()
            for other, hexes in self._side_hexes.items():
                if other != side:
                    s.update(hexes)
            self.enemy_hexes_of[side] = s
        return s

    def zoc(self, board, side):
        s = self.zoc_of.get(side)
        if s is None:
            s = set()
            for h in self.enemy_hexes(side):
                s.update(x for x in board.nbr[h] if x != OFF)
            self.zoc_of[side] = s
        return s


def layer_count(here, unit) -> int:
    """Units in `here` that share `unit`'s stacking layer (heroes and carried units aside)."""
    flying = unit.profile.flying
    return sum(1 for v in here if v is not unit and v.carried_by == OFF and not v.profile.is_hero
               and v.profile.flying == flying)


def can_end_in(state, occ, unit, h) -> bool:
    here = occ.by_hex.get(h)
    if not here:
        return True
    if len(here) == 1 and here[0] is unit:
        # Alone in its own hex (asked of every unit that moves): its layer holds no other.
        return unit.profile.is_hero or state.game.options.stacking_limit > 0
    if any(v.side != unit.side for v in here):
        return False
    if unit.profile.is_hero:
        return True
    return layer_count(here, unit) < state.game.options.stacking_limit


def carrier_room(units, carrier, unit) -> bool:
    """Whether `carrier` has a free place for `unit` (a carry entry matching one of its tags)."""
    if carrier is unit or not carrier.profile.carry:
        return False
    aboard = [u for u in units if u.carried_by == carrier.i and u.status == ON]
    for tag, cap in carrier.profile.carry.items():
        if tag in unit.profile.tags or tag == "any":
            used = sum(1 for u in aboard if tag in u.profile.tags or tag == "any")
            if used < cap:
                return True
    return False


def carried_by(state, carrier):
    if not carrier.profile.carry:
        return []               # only units that carry (carrier_room) ever take anyone aboard
    return [u for u in state.units if u.carried_by == carrier.i and u.status == ON]


def occupancy(state) -> Occupancy:
    """Who stands where in `state` now (see `Occupancy`: patched from the state's last)."""
    occ = state._cache.get("occ")
    if occ is None:
        prev = state._occ
        if prev is not None and prev.units is state.units:
            occ = prev.updated(state)
        else:
            occ = Occupancy(state)
        state._cache["occ"] = state._occ = occ
    return occ


def forget_occupancy(state, arrived) -> None:
    """Reinforcements entered the map: the kept occupancy no longer tells who is where."""
    state._occ = None
