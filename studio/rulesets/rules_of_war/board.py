"""Rules of War's board: the kernel's hex board plus the movement tables of R14-R20.

Entry costs are integer MP *units* (the common denominator of every fraction in play, so
1/2-MP roads add up exactly without Fractions on the hot path). A board holds nothing of a
game's situation, so `shared_board` hands the same board to every game of a map (same
terrain, same set, same ruleset options): a batch of games pays for the tables and the
movement searches once per process.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from studio.engine.board import OFF, HexBoard, map_key
from studio.engine.board import shared_board as _shared

from .entry import enter_block_reason
from .hexsides import HEXSIDES

# "Not reached" in the search arrays: above any budget a search can hold (one bucket per MP
# unit), yet a one-digit int, which the interpreter compares and adds fastest.
UNREACHED = 1 << 29


def shared_board(hex_map, terrain_set, options, extra_mp=()) -> "Board":
    """The board of this map, terrain set and options, built once and then shared (keyed by
    content: the options and the MP fractions of the units in play count too)."""
    key = (*map_key(hex_map, terrain_set), options, _mp_denominator(extra_mp))
    return _shared(key, lambda: Board(hex_map, terrain_set, options, extra_mp))


def _mp_denominator(values) -> int:
    return lcm(1, *(Fraction(str(v)).denominator for v in values if v is not None))


class Board(HexBoard):
    """A map with Rules of War's movement tables: MP units, turn costs, step costs by
    mobility class (R14-R20), and the caches of its movement searches."""

    __slots__ = ("mp_unit", "turn_units", "mount_units", "turn_table", "entry_hexes",
                 "reach_cache", "forbidding_tags", "_move_units", "_cost_tables", "_options",
                 "turn_groups", "squares", "node_hex", "search_arrays", "_mp_texts", "_mobility")

    def __init__(self, hex_map, terrain_set, options, extra_mp=()):
        super().__init__(hex_map, terrain_set, arc_degrees=options.front_arc_degrees,
                         arc_inclusive=options.arc_boundary_inclusive,
                         los_either=options.los_hexside == "either",
                         sight_sides=HEXSIDES.sight_blocking())
        self._options = options
        self.reach_cache: dict = {}
        self.search_arrays: list = []     # spare work arrays of `movement._search_plain`
        self._move_units: dict = {}       # by Profile.key (equal for equal content)
        self._mobility: dict = {}
        self._cost_tables: dict = {}
        self._mp_texts: dict = {}
        self.forbidding_tags = frozenset(tag for t in terrain_set.terrain for tag in t.forbidden_tags)
        # MP unit: every terrain cost, turn cost and unit move must be a whole number of it.
        denominators = [options.turn_any_cost_mp.denominator, options.uphill_extra_mp.denominator,
                        options.mount_cost_mp.denominator]
        for t in terrain_set.terrain:
            if t.mp is not None:
                denominators.append(Fraction(t.mp).denominator)
            if t.uphill_extra_mp is not None:
                denominators.append(Fraction(t.uphill_extra_mp).denominator)
        denominators.append(_mp_denominator(extra_mp))
        if self.sides:
            for effect in HEXSIDES.effects.values():
                denominators += [effect.extra_mp.denominator,
                                 (effect.crossing_mp or Fraction(0)).denominator]
        self.mp_unit = lcm(*denominators)
        self.turn_units = self.units_of(options.turn_any_cost_mp)
        self.mount_units = self.units_of(options.mount_cost_mp)
        free = options.free_turn_hexsides_per_hex
        # (turn in hexsides, extra MP units) after entering a hex: R14's free turn, else paid.
        self.turn_table = tuple((df, 0 if min(df, 6 - df) <= free else self.turn_units)
                                for df in range(6))
        self.entry_hexes = frozenset(i for i, t in enumerate(self.terrain) if t.entry_attack)
        # (hex, facing) of every search node hex * 6 + facing, made once.
        self.squares = [(h, f) for h in range(self.n) for f in range(6)]
        self.node_hex = [h for h in range(self.n) for _ in range(6)]      # hex of each node
        # Per facing entered: the facings it may end with for free, and those it must pay
        # the turn cost for, each in turn-table order (with a free turn cost, all are free).
        free_turns, paid_turns = [], []
        for f in range(6):
            free_turns.append(tuple((f + df) % 6 for df, extra in self.turn_table
                                    if not extra))
            paid_turns.append(tuple((f + df) % 6 for df, extra in self.turn_table if extra))
        self.turn_groups = (tuple(free_turns), tuple(paid_turns))

    def mobility(self, profile):
        """What decides a unit type's cost to enter each hex on this map: flying, the tags
        some terrain forbids, and terrain-restricting abilities (water-only)."""
        key = self._mobility.get(profile.key)
        if key is None:
            key = self._mobility[profile.key] = (profile.flying,
                                                 profile.tags & self.forbidding_tags,
                                                 profile.enter_block_names)
        return key

    def move_units(self, profile) -> int:
        """The profile's printed move in MP units of this board."""
        v = self._move_units.get(profile.key)
        if v is None:
            v = self._move_units[profile.key] = int(max(profile.move, 0) * self.mp_unit)
        return v

    def cost_table(self, profile) -> "CostTable":
        """Step costs of the profile's mobility class on this board (built once)."""
        key = self.mobility(profile)
        table = self._cost_tables.get(key)
        if table is None:
            table = self._cost_tables[key] = CostTable(self, profile)
        return table

    def units_of(self, mp) -> int:
        """MP (number or Fraction) as integer MP units of this board."""
        return int(Fraction(str(mp)) * self.mp_unit)

    def mp_of(self, units: int) -> Fraction:
        return Fraction(units, self.mp_unit)

    def mp_text(self, units: int) -> str:
        """`str(mp_of(units))`, as the game log writes MP ("3", "5/2")."""
        text = self._mp_texts.get(units)
        if text is None:
            text = self._mp_texts[units] = str(Fraction(units, self.mp_unit))
        return text


class CostTable:
    """What stepping costs a mobility class on one board, in MP units (R15, R20).

    `rows[h][d]` and the flat `step[h * 6 + d]`: the cost of stepping from hex h into its
    neighbour in direction d, None when that hex cannot be entered (or is off the map);
    `cheapest`: the least any step costs, so a search with a budget of B units never gets
    further than B // cheapest hexes from where it starts (one hex more never: the one-hex
    minimum of R16 is a single step)."""

    __slots__ = ("rows", "step", "cheapest", "_successors")

    def __init__(self, board, profile):
        unit = board.mp_unit
        o = board._options
        enterable = [enter_block_reason(board, profile, h) is None for h in range(board.n)]
        # Exact: every terrain MP and uphill figure is a whole number of MP units.
        enter = {}
        uphill = {}
        for t in {id(t): t for t in board.terrain}.values():
            if t.mp is not None:
                enter[id(t)] = int(Fraction(t.mp) * unit)
            up = t.uphill_extra_mp if t.uphill_extra_mp is not None else o.uphill_extra_mp
            uphill[id(t)] = int(Fraction(up) * unit)
        rows = []
        for h in range(board.n):
            row = []
            for d in range(6):
                to = board.nbr[h][d]
                if to == OFF or not enterable[to]:
                    row.append(None)
                    continue
                if profile.flying:
                    row.append(unit)        # R20: flyers ignore terrain MP (and hills)
                    continue
                t = board.terrain[to]
                cost = enter[id(t)]
                if board.elev[to] > board.elev[h]:
                    cost += uphill[id(t)]
                kinds = board.hexside[h][d]
                if kinds:
                    crossed = HEXSIDES.step_cost(kinds, Fraction(cost, unit))
                    cost = None if crossed is None else int(crossed * unit)
                row.append(cost)
            rows.append(tuple(row))
        self.rows = rows
        self.step = [c for row in rows for c in row]
        # 0 (a free step somewhere) means no bound on how far a search may get.
        self.cheapest = min((c for c in self.step if c is not None), default=unit)
        self._successors = None

    def successors(self, board) -> tuple:
        """(succ, need) by search node h * 6 + f. succ: (step cost, hex stepped into, nodes
        it may then face for free, nodes it may face for the turn cost), the node lists in
        turn-table order, the cost None when the step cannot be made (the hex OFF when it
        leaves the map). need: the MP units a unit on the node must have left for expanding
        it to do anything (0 on the map edge, where it may exit; UNREACHED, more than any
        budget, when it is stuck).
        Made on the first search of the class: a search then reads, never works out."""
        hit = self._successors
        if hit is None:
            free_turns, paid_turns = board.turn_groups
            succ = []
            need = []
            for h in range(board.n):
                for f, to in enumerate(board.nbr[h]):
                    step = self.step[h * 6 + f]
                    if step is None:
                        succ.append((None, to, (), ()))
                        need.append(0 if to == OFF else UNREACHED)
                    else:
                        base = to * 6
                        succ.append((step, to, tuple(base + fd for fd in free_turns[f]),
                                     tuple(base + fd for fd in paid_turns[f])))
                        need.append(step)
            hit = self._successors = (succ, need)
        return hit