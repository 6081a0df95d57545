"""Lookups in the booklet's tables (the ruleset options), each named for its rule."""
from __future__ import annotations

CLASSES = ("A", "B", "C", "D", "E", "O", "T")


class NoCell(LookupError):
    """A chart has no cell for this pair (a weapon or a troop type no chart names)."""


class Tables:
    """The options of one game with the lookups the rules make in them."""

    __slots__ = ("o", "_casualty", "_min_factor", "_max_factor", "_class_index", "cache")

    def __init__(self, options: dict):
        self.o = options
        rows = options["casualty_chart"]["rows"]
        self._casualty = {r["factor"]: tuple(r["casualties"]) for r in rows}
        self._min_factor = min(self._casualty)
        self._max_factor = max(self._casualty)
        self._class_index = {c: i for i, c in enumerate(options["morale_classes"])}
        self.cache: dict = {}          # per board: entry costs by terrain row (movement)

    # -- M1 scale ---------------------------------------------------------------------------
    def hexes(self, metres: float) -> int:
        """Whole hexes within `metres` (a distance of the booklet on this map)."""
        return int(metres // self.o["metres_per_hex"])

    def reach(self, metres: float) -> int:
        """Hexes a range of `metres` reaches: at least 1 (a unit next door is always in
        reach of a weapon that has any range)."""
        return max(1, self.hexes(metres))

    # -- M4-M6 movement -----------------------------------------------------------------------
    def allowance(self, movement_row: str, mode: str) -> int:
        return int(self.o["movement"][movement_row][mode])

    def terrain_share(self, terrain_row: str, column: str | None) -> float:
        """The share of a move a hex of ground `column` allows this type (1 for open)."""
        if column is None:
            return 1.0
        cols = self.o["terrain_columns"]
        if column not in cols:
            return 1.0
        return float(self.o["terrain_effects"][terrain_row]["values"][cols.index(column)])

    # -- M18 weapon factors ---------------------------------------------------------------------
    def weapon_factor(self, weapon: str, defender: str) -> tuple[int, float]:
        """(factor, ranks fighting) of `weapon` against a unit that defends as `defender`:
        Chart I (attacker row, defender column), else Chart II (defender row, attacker
        column). NoCell when neither chart pairs them."""
        c1 = self.o["chart_1"]
        row = c1["rows"].get(weapon)
        if row is not None and defender in c1["columns"]:
            return int(row["values"][c1["columns"].index(defender)]), float(row["ranks"])
        c2 = self.o["chart_2"]
        row = c2["rows"].get(defender)
        if row is not None and weapon in c2["columns"]:
            j = c2["columns"].index(weapon)
            return int(row["values"][j]), float(c2["ranks"][j])
        raise NoCell(f"no weapon factor for {weapon!r} against {defender!r}: neither Chart I "
                     "nor Chart II pairs them")

    def fire_factor(self, missile: str, target: str) -> tuple[int, int]:
        """(factor, range in metres) of `missile` against a target that defends as
        `target` (Chart III for Good's missiles, Chart IV for Evil's)."""
        for key in ("chart_3", "chart_4"):
            chart = self.o[key]
            row = chart["rows"].get(missile)
            if row is not None and target in chart["columns"]:
                return int(row["values"][chart["columns"].index(target)]), int(row["range"])
        raise NoCell(f"no firing factor for {missile!r} against {target!r}: neither Chart III "
                     "nor Chart IV pairs them")

    def missile_range(self, missile: str) -> int:
        for key in ("chart_3", "chart_4"):
            row = self.o[key]["rows"].get(missile)
            if row is not None:
                return int(row["range"])
        raise NoCell(f"no missile {missile!r} in Chart III or IV")

    # -- M20 casualties -------------------------------------------------------------------------
    def casualties(self, figures: int, factor: int) -> int:
        """Casualties `figures` attacking figures inflict at combat factor `factor`. The chart
        runs from 1 to 25 figures: more are read in blocks of 25 and summed; a factor off
        the chart reads its nearest row."""
        if figures <= 0:
            return 0
        f = min(self._max_factor, max(self._min_factor, factor))
        row = self._casualty[f]
        full, rest = divmod(figures, len(row))
        return full * row[-1] + (row[rest - 1] if rest else 0)

    # -- M11-M14 morale ---------------------------------------------------------------------------
    def class_value(self, table: str, name: str | None, cls: str) -> int | None:
        """A morale factor of class `cls` (None: it does not apply to that class); `name`
        None for a table of one row (flyer_falls_*)."""
        entry = self.o[table] if name is None else self.o[table][name]
        values = entry["values"] if isinstance(entry, dict) else entry
        return values[self._class_index[cls]]

    def reaction(self, score: int) -> str:
        for band in self.o["reactions"]:
            if band["from"] <= score <= band["to"]:
                return band["reaction"]
        raise ValueError(f"morale score {score} is in no band of the reactions table")

    def desperation(self, total: int) -> str:
        for band in self.o["desperation"]:
            if band["from"] <= total <= band["to"]:
                return band["reaction"]
        raise ValueError(f"desperation throw {total} is in no band of the desperation table")

    # -- M30 magic ------------------------------------------------------------------------------
    def depletion(self, wizard: str, spell: str, level: int) -> int:
        chart = self.o["depletion"][wizard]
        levels = chart["levels"]
        level = min(max(level, levels[-1]), levels[0])
        return int(chart["spells"][spell][levels.index(level)])

    def spells_of(self, wizard: str) -> tuple[str, ...]:
        return tuple(self.o["depletion"][wizard]["spells"])

    # -- M37 heroes -----------------------------------------------------------------------------
    def hero_to_hit(self, attack_dice: float, defender_dice: float) -> int:
        steps = [float(s) for s in self.o["attack_dice_steps"]]

        def step(ad: float) -> int:
            best = max((i for i, s in enumerate(steps) if s <= ad), default=0)
            return best
        return int(self.o["hero_to_hit"][step(attack_dice)][step(defender_dice)])
