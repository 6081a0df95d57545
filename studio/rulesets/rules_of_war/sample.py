"""Small games built in code: for tests, benchmarks and tools that need a battle without files.

>>> from studio.rulesets import new_game
>>> sc, lib = line_battle(units_per_side=3, seed=1)
>>> state = new_game(sc, lib, seed=7)
>>> state.to_act in ("red", "blue")
True
"""
from __future__ import annotations

from fractions import Fraction

from studio.model import (Ability, Army, ArmyList, Attack, HexMap, HexsideKind, ListDefaults,
                          RosterUnit, Ruleset, Scenario, Side, TerrainSet, TerrainType,
                          UnitType, VictoryCondition)

from .actions import ChooseOrder
from .options import DEFAULTS
from .play import apply
from .plugin import RULES
from .setup import Resolver


def ruleset(**overrides) -> Ruleset:
    options = dict(DEFAULTS)
    options.update(overrides)
    return Ruleset("rules-of-war", "Rules of War", options)


def basic_ground() -> TerrainSet:
    """The Basic Ground figures (R15, R24, R28) with a road and a WWII-style save hex."""
    return TerrainSet("basic-ground", "Basic Ground", [
        TerrainType("open", "Open", ".", "#d8e8a8"),
        TerrainType("forest", "Forest", "f", "#4f8a3c", mp=Fraction(2), defense=1,
                    ranged_defense=2, blocks_los=True),
        TerrainType("water", "Water", "~", "#5b8fd0", mp=None, tags=["water"]),
        TerrainType("shallow", "Shallow Water", "s", "#8fb8e0", mp=Fraction(2), defense=-1,
                    tags=["water"]),
        TerrainType("hill", "Hill", "h", "#c8b878", mp=Fraction(1), defense=1,
                    attack_modifier=1, uphill_extra_mp=Fraction(2)),
        TerrainType("road", "Road", "r", "#b9b4ab", mp=Fraction(1, 2)),
        TerrainType("building", "Building", "b", "#999999", mp=Fraction(3), save=5),
        TerrainType("mines", "Mine Field", "*", "#cbb994", mp=Fraction(1), defense=-1,
                    entry_attack=5),
        TerrainType("wire", "Barbed Wire", "x", "#bfae8c", mp=Fraction(2), defense=-2,
                    forbidden_tags=["cavalry"]),
    ])


def hexside_kinds() -> list[HexsideKind]:
    """The hexside kinds of the bundled terrain sets, for maps built in code."""
    return [HexsideKind(k, k.title(), "#444444", style="across" if k in ("road", "bridge")
                        else "along")
            for k in ("river", "stream", "ford", "bridge", "road", "wall", "hedge", "cliff")]


def unit(uid, move=3, rng=1, melee=6, ranged=None, defense=5, morale=7, hits=None, tags=(),
         abilities=(), flying=False, carry=None, shields=None, spotting=None) -> UnitType:
    abil = [a if isinstance(a, Ability) else Ability(a) for a in abilities]
    return UnitType(uid, uid.replace("-", " ").title(), tags=list(tags), move=move,
                    flying=flying, range=rng, attack=Attack.melee_ranged(melee, ranged),
                    defense=defense, morale=morale, hits=hits, abilities=abil,
                    carry=dict(carry or {}), shields=shields, spotting=spotting)


def army_list(list_id, units, **kw) -> ArmyList:
    kw.setdefault("ruleset", "rules-of-war")
    return ArmyList(list_id, list_id.title(), "ancients", ["tactical"], "basic-ground",
                    defaults=kw.pop("defaults", ListDefaults(hits=1)), units=list(units), **kw)


def scenario(terrain_rows, sides, victory=(), round_limit=12, elevation=None,
             orientation="flat", objectives=()) -> Scenario:
    """`sides`: [(side id, army list id, map edge, [RosterUnit...]), ...]."""
    rows = [r for r in terrain_rows]
    m = HexMap(len(rows[0]), len(rows), orientation, "even", rows, elevation)
    sc_sides = [Side(sid, sid.title(), "#888888", Army(alist, list(units)), map_edge=edge)
                for sid, alist, edge, units in sides]
    return Scenario("test", "Test", "rules-of-war", "basic-ground", m, sc_sides,
                    round_limit=round_limit, victory=list(victory), objectives=list(objectives))


def line_battle(units_per_side=25, columns=32, rows=30, seed=0, forests=True,
                round_limit=12):
    """Two lines of mixed troops facing each other across open ground with a few woods."""
    from studio.engine.dice import Dice
    dice = Dice(seed)
    grid = [["."] * columns for _ in range(rows)]
    if forests:
        for _ in range(columns * rows // 40):
            c = dice.roll(columns) - 1
            r = dice.roll(rows - 12) + 5
            grid[r][c] = "f"
    terrain = ["".join(row) for row in grid]
    types = [
        unit("leader", move=4, melee=8, defense=7, morale=10, abilities=["army-leader"]),
        unit("hoplites", move=2, melee=7, defense=7, morale=8),
        unit("peltasts", move=3, rng=3, melee=4, ranged=2, defense=4, morale=6),
        unit("bowmen", move=3, rng=6, melee=3, ranged=2, defense=3, morale=5),
        unit("cavalry", move=5, melee=5, defense=5, morale=6, tags=["cavalry"]),
    ]
    lists = [army_list("reds", types), army_list("blues", types)]
    sides = []
    for sid, alist, edge, row0, facing in (("red", "reds", "north", 1, "S"),
                                           ("blue", "blues", "south", rows - 2, "N")):
        units = []
        for n in range(units_per_side):
            col = n % columns + 1
            row = row0 + (n // columns) * (1 if row0 == 1 else -1)
            kind = "leader" if n == units_per_side // 2 else types[1 + n % 4].id
            units.append(RosterUnit(kind, f"{sid}-{n + 1}", f"{col:02d}{row:02d}", facing))
        sides.append((sid, alist, edge, units))
    victory = [VictoryCondition("red", "destroy-leader"), VictoryCondition("blue", "destroy-leader"),
               VictoryCondition("red", "eliminate", {"share": 60}),
               VictoryCondition("blue", "eliminate", {"share": 60})]
    sc = scenario(terrain, sides, victory, round_limit=round_limit)
    lib = Resolver([basic_ground()], lists, [ruleset()])
    return sc, lib


def neighbour_label(label: str, facing: str, columns=20, rows=20, orientation="flat") -> str:
    """The label next to `label` across hexside `facing` (tests place units with it)."""
    from studio.hexgrid import MapGeometry, neighbour, parse_facing
    g = MapGeometry(columns, rows, orientation)
    return g.label(neighbour(g.parse_label(label), parse_facing(orientation, facing)))


def skirmish(red, blue, types, terrain=None, rolls=None, seed=0, victory=(), round_limit=12,
             elevation=None, start=True, blue_types=None, objectives=(), map_edges=("north", "south"),
             supports=None, hexsides=None, **options):
    """A small game for rule tests.

    `red`/`blue`: [(unit id, type id, label, facing) or (..., leader)]; `types`: the unit
    types of both lists (or `blue_types` for blue). `terrain`: rows of symbols (default 20x20
    open); `hexsides`: the map's {kind: [edges]}. With `rolls`, the dice are scripted (`ScriptedDice`); with `start`, the first two
    rolls (10 for red, 1 for blue) are prepended and red chooses to move first.
    """
    from studio.engine.dice import ScriptedDice
    from studio.model import OffMapSupport
    terrain = terrain or ["." * 20] * 20
    lists = [army_list("reds", types), army_list("blues", blue_types or types)]
    sides = []
    for sid, alist, edge, units in (("red", "reds", map_edges[0], red),
                                    ("blue", "blues", map_edges[1], blue)):
        roster = [RosterUnit(t, uid, lab, fac, leader=bool(rest and rest[0]))
                  for uid, t, lab, fac, *rest in units]
        sides.append((sid, alist, edge, roster))
    sc = scenario(terrain, sides, victory, round_limit=round_limit, elevation=elevation,
                  objectives=objectives)
    if supports:
        for side in sc.sides:
            side.off_map_support = [OffMapSupport(**s) for s in supports.get(side.id, [])]
    ground = basic_ground()
    if hexsides:
        sc.map.hexsides = dict(hexsides)
        ground.hexsides = hexside_kinds()
    lib = Resolver([ground], lists, [ruleset(**options)])
    dice = None
    if rolls is not None:
        dice = ScriptedDice(([10, 1] if start else []) + list(rolls))
    state = RULES.new_game(sc, lib, seed=seed, dice=dice)
    if start and rolls is not None:
        apply(state, ChooseOrder("red", True))
    return state


def mixed_battle(units_per_side=10, columns=14, rows=12, seed=0, round_limit=8):
    """A small battle that uses most simulated abilities, spells, off-map support, carriers,
    flyers, mine fields, hills and woods: random play over it exercises the whole engine."""
    from studio.model import OffMapSupport, Spell
    from studio.engine.dice import Dice
    dice = Dice(seed)
    symbols = "..........ffh*rsb"
    grid = []
    for r in range(rows):
        row = []
        for c in range(columns):
            row.append("." if r < 2 or r >= rows - 2 else symbols[dice.roll(len(symbols)) - 1])
        grid.append("".join(row))
    elevation = ["".join(str(dice.roll(3) - 1) if ch == "h" else "0" for ch in row)
                 for row in grid]
    A = Ability
    types = [
        unit("general", move=4, melee=7, defense=7, morale=10,
             abilities=["army-leader", A("magic", {"points": 3}), "hero"]),
        unit("spears", move=2, melee=5, defense=5, morale=7, hits=2, tags=["legion"],
             abilities=["legion", A("set-spears", {"value": 1, "vs_tags": ["cavalry"]})]),
        unit("bows", move=3, rng=5, melee=3, ranged=3, defense=3, morale=5, tags=["missile"],
             abilities=["missiles-first", "no-ranged-after-move"]),
        unit("riders", move=5, melee=5, defense=4, morale=6, tags=["cavalry"],
             abilities=[A("charge", {"move": 1, "cavalry_move": 2, "attack": 1, "defense": -1})]),
        unit("legionaries", move=2, rng=3, melee=5, ranged=2, defense=5, morale=7,
             abilities=[A("pila", {"attacks": 2}), "always-charge", A("charge")]),
        unit("eagles", move=6, flying=True, melee=4, defense=4, morale=8, tags=["flyer"],
             carry={"hero": 1}, abilities=[A("only-attacked-by", {"tags": ["missile", "flyer"]})]),
        unit("tower", move=1, melee=4, defense=6, morale=9, hits=3,
             abilities=[A("capture-on-destroy", {"max_roll": 5}), "ignores-terrain-defense",
                        A("degrade-per-hit", {"move": 0, "attack": 1, "defense": 1})]),
        unit("catapult", move=1, rng=6, melee=None, ranged=4, defense=2, morale=5,
             abilities=["indirect-fire", "every-other-round", A("out-of-ammo", {"roll": 10})]),
        unit("wagon", move=3, melee=None, defense=3, morale=5, carry={"missile": 2}),
    ]
    spells = [Spell("haste", "Haste", ""), Spell("barrier", "Barrier", ""),
              Spell("aid", "Aid", ""), Spell("fear", "Fear", "")]
    lists = [army_list("reds", types, spells=spells), army_list("blues", types, spells=spells)]
    sides = []
    for sid, alist, edge, row0, facing in (("red", "reds", "north", 1, "S"),
                                           ("blue", "blues", "south", rows - 1, "N")):
        units = []
        for n in range(units_per_side):
            col = n % columns + 1
            row = row0 + (n // columns) * (1 if row0 == 1 else -1)
            kind = "general" if n == 0 else types[1 + (n * 7 + seed) % (len(types) - 1)].id
            units.append(RosterUnit(kind, f"{sid}-{n + 1}", f"{col:02d}{row:02d}", facing))
        sides.append((sid, alist, edge, units))
    victory = [VictoryCondition("red", "destroy-leader"), VictoryCondition("blue", "destroy-leader"),
               VictoryCondition("red", "exit", {"edge": "south", "units": 3}),
               VictoryCondition("blue", "victory-points")]
    sc = scenario(grid, sides, victory, round_limit=round_limit, elevation=elevation)
    sc.sides[0].off_map_support = [OffMapSupport("guns", "Guns", 4, 3, 1)]
    terrain = basic_ground()
    lib = Resolver([terrain], lists, [ruleset()])
    return sc, lib
