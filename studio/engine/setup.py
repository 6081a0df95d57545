"""What every ruleset does to build a game from a scenario: find its files in the library,
name the placed units, read their hexes and facings, check the victory conditions. A
ruleset's `new_game` calls these and adds its own rules' state."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from studio.model.scenario import VICTORY_KINDS

from .board import OFF, HexBoard, map_key, shared_board
from .contract.registry import default_id
from .errors import SetupError
from .scenario_events import plan_of
from .state import ON, WAITING, Game, SideInfo, UnitState

if TYPE_CHECKING:
    from studio.model import ArmyList, RosterUnit, Scenario, TerrainType, UnitType

    from .contract.library import Library
    from .contract.ruleset import AnyRuleset, UnitPoints

# (side index, unit id, the ruleset's profile, roster unit) of a unit a game starts with
Entry = tuple[int, str, Any, "RosterUnit"]

EDGES = ("north", "south", "east", "west")


def lookup(library: Library, method: str, ident: str | None, where: str) -> Any:
    """`library.<method>(ident)` (terrain_set, army_list, ruleset...), or a SetupError that
    says what is missing and where it is named."""
    try:
        found = getattr(library, method)(ident)
    except (KeyError, LookupError) as err:
        raise SetupError(f"{where}: {method.replace('_', ' ')} {ident!r} is not in the library "
                         f"({err})") from None
    if found is None:
        raise SetupError(f"{where}: {method.replace('_', ' ')} {ident!r} is not in the library")
    return found


def side_lists(scenario: Scenario, library: Library, where: str) -> list[ArmyList]:
    """The army list of each side, in the scenario's order (at least two sides)."""
    if len(scenario.sides) < 2:
        raise SetupError(f"{where} has {len(scenario.sides)} side(s); a game needs at least two")
    return [lookup(library, "army_list", s.army.army_list, f"{where}, side {s.id!r}")
            for s in scenario.sides]


def placed_units(scenario: Scenario, lists: list[ArmyList], where: str,
                 make_profile: Callable[[ArmyList, UnitType], Any]) -> list[Entry]:
    """(side index, unit id, profile, roster unit) of every placed unit and every unit that
    arrives as a reinforcement, in roster order. A unit without an id is `<type>-<n>`; an
    id two sides both use gets its side's id in front; a reinforcement entry of several
    units gives each its entry's id and `.1`, `.2`...; `make_profile(army_list,
    unit_type)` is asked once per unit type."""
    profiles: dict[tuple[str, str], Any] = {}
    entries: list[Entry] = []
    for si, (s, alist) in enumerate(zip(scenario.sides, lists)):
        counters: dict[str, int] = {}
        for ru in _placed_or_arriving(s.army.units):
            ut = alist.unit(ru.type)
            if ut is None:
                raise SetupError(f"{where}, side {s.id!r}: unit type {ru.type!r} is not in army "
                                 f"list {alist.id!r}")
            key = (alist.id, ut.id)
            if key not in profiles:
                profiles[key] = make_profile(alist, ut)
            counters[ru.type] = counters.get(ru.type, 0) + 1
            entries.append((si, ru.id or f"{ru.type}-{counters[ru.type]}", profiles[key], ru))
    seen: dict[str, list[int]] = {}
    for n, (_, uid, _, _) in enumerate(entries):
        seen.setdefault(uid, []).append(n)
    out = list(entries)
    for uid, ns in seen.items():
        sides_using = {entries[n][0] for n in ns}
        if len(ns) > 1 and len(sides_using) == 1:
            raise SetupError(f"{where}: unit id {uid!r} is used twice on side "
                             f"{scenario.sides[entries[ns[0]][0]].id!r}; unit ids must be unique")
        if len(ns) > 1:
            for n in ns:
                si, _, prof, ru = entries[n]
                out[n] = (si, f"{scenario.sides[si].id}/{uid}", prof, ru)
    return out


def _placed_or_arriving(roster: Iterable[RosterUnit]) -> Iterator[RosterUnit]:
    for ru in roster:
        if ru.arrives is not None and ru.hex is None and ru.count > 1:
            for k in range(ru.count):
                yield replace(ru, id=f"{ru.id or ru.type}.{k + 1}", count=1)
        elif ru.hex is not None or ru.arrives is not None:
            yield ru


def exit_edges(scenario: Scenario, where: str) -> list[set[str]]:
    """Check every victory condition names a known kind and side; the edges each side may
    leave the map by (its exit conditions)."""
    side_ids = [s.id for s in scenario.sides]
    edges: list[set[str]] = [set() for _ in scenario.sides]
    for vc in scenario.victory:
        if vc.kind not in VICTORY_KINDS:
            raise SetupError(f"{where}: victory condition kind {vc.kind!r} is unknown; use one of "
                             f"{', '.join(VICTORY_KINDS)}")
        if vc.side not in side_ids:
            raise SetupError(f"{where}: victory condition for side {vc.side!r}, which is not a "
                             f"side of the scenario ({', '.join(side_ids)})")
        if vc.kind == "exit":
            edge = vc.get("edge")
            if edge not in EDGES:
                raise SetupError(f"{where}: exit condition of {vc.side!r} needs edge: north, "
                                 f"south, east or west (got {edge!r})")
            edges[side_ids.index(vc.side)].add(edge)
    return edges


def unit_hex(board: HexBoard, uid: str, roster_unit: RosterUnit, where: str) -> int:
    """The hex a unit starts in (OFF for a reinforcement: it is not on the map yet)."""
    if roster_unit.arrives is not None:
        return OFF
    # placed_units passes only units with a hex or an arrival
    assert roster_unit.hex is not None
    try:
        return board.index_of_label(roster_unit.hex)
    except ValueError as err:
        raise SetupError(f"{where}, unit {uid!r}: hex {roster_unit.hex!r}: {err}") from None


def unit_facing(board: HexBoard, uid: str, roster_unit: RosterUnit, where: str) -> int:
    if roster_unit.facing is None and roster_unit.arrives is not None:
        return 0            # it is given one as it arrives (scenario_events)
    if roster_unit.facing is None:
        raise SetupError(f"{where}, unit {uid!r} at {roster_unit.hex}: no facing; give one of "
                         f"{', '.join(board.facing_names)}")
    try:
        return board.facing_index(roster_unit.facing)
    except ValueError as err:
        raise SetupError(f"{where}, unit {uid!r}: {err}") from None


def game_of(rules: AnyRuleset, scenario: Scenario, library: Library, seed: int | None,
            options: Any, options_override: dict[str, Any] | None,
            unit_points: UnitPoints) -> tuple[Game, list[ArmyList]]:
    """The fixed part of a game of `scenario` played by `rules` with its typed `options`:
    the board (shared by every game of the same map), the sides with their army lists, which
    must all be of that game, and the victory conditions. Returns (Game, army lists)."""
    where = f"scenario {scenario.id!r}"
    terrain_set = lookup(library, "terrain_set", scenario.terrain_set, where)
    game = new_game_record(rules, scenario, library, seed, options, options_override,
                           unit_points)
    lists = side_lists(scenario, library, where)
    for s, alist in zip(scenario.sides, lists):
        system = lookup(library, "ruleset", alist.ruleset,
                        f"army list {alist.id!r}").system or default_id()
        if system != rules.id:
            raise SetupError(f"{where}, side {s.id!r}: army list {alist.id!r} is for "
                             f"{system!r}, not {rules.id!r}")
    game.board = shared_board((rules.id,) + map_key(scenario.map, terrain_set),
                              lambda: HexBoard(scenario.map, terrain_set,
                                               sight_sides=rules.hexsides.sight_blocking()))
    seat_sides(game, scenario, lists, where)
    return game, lists


def ruleset_game(rules: AnyRuleset, options_from: Callable[[Any, dict[str, Any] | None], Any],
                 scenario: Scenario, library: Library, seed: int | None,
                 options_override: dict[str, Any] | None,
                 unit_points: UnitPoints) -> tuple[Game, list[ArmyList], str]:
    """`game_of` with the options `options_from(ruleset file, options_override)` reads
    from the scenario's ruleset file. Returns (Game, army lists, where: how errors name the
    scenario)."""
    where = f"scenario {scenario.id!r}"
    ruleset = lookup(library, "ruleset", scenario.ruleset, where)
    options = options_from(ruleset, options_override)
    game, lists = game_of(rules, scenario, library, seed, options, options_override,
                          unit_points)
    return game, lists, where


def new_game_record(rules: AnyRuleset, scenario: Scenario, library: Library | None,
                    seed: int | None, options: Any, options_override: dict[str, Any] | None,
                    unit_points: UnitPoints) -> Game:
    """A `Game` with what the call gives it; the board, the sides and the units are the
    caller's to add (`seat_sides`). A ruleset that checks victory after every action sets
    `check_always`."""
    game = Game()
    game.rules = rules
    game.scenario = scenario
    game.options = options
    game.library = library
    game.seed = seed
    game.options_override = dict(options_override or {})
    game.round_limit = scenario.round_limit
    game.unit_points = unit_points
    game.check_always = False
    game.views = {}
    game.plan = None
    return game


def seat_sides(game: Game, scenario: Scenario, lists: list[ArmyList], where: str,
               side_info: Callable[..., SideInfo] = SideInfo) -> None:
    """The game's sides (`side_info(index, side, army list, exit edges)`, the ruleset's own
    SideInfo if it has one), their index by id and the victory conditions, checked."""
    edges = exit_edges(scenario, where)
    game.sides = [side_info(i, s, lists[i], frozenset(edges[i]))
                  for i, s in enumerate(scenario.sides)]
    game.side_index = {s.id: i for i, s in enumerate(scenario.sides)}
    game.victory = list(scenario.victory)


def place_units(game: Game, scenario: Scenario, lists: list[ArmyList], where: str,
                make_profile: Callable[[ArmyList, UnitType], Any],
                make_unit: Callable[[], UnitState],
                may_stand: Callable[[Any, TerrainType], bool] =
                lambda profile, terrain: terrain.mp is not None,
                faced: Callable[[Any], bool] = lambda profile: True,
                ) -> list[tuple[Any, RosterUnit]]:
    """(unit state, roster unit) of every placed unit: made by `make_unit()`, numbered, on
    its side, with its profile, hex and facing, on the map. SetupError for two units in one
    hex or a unit on terrain it may not stand on (`may_stand(profile, terrain type)`). A unit
    whose rules give it no front (`faced(profile)` false) may leave its facing out; it then
    keeps the first direction, which its rules never read."""
    out: list[tuple[Any, RosterUnit]] = []
    occupied: dict[int, str] = {}
    entries = placed_units(scenario, lists, where, make_profile)
    game.plan = plan_of(scenario, entries, where)
    for n, (si, uid, prof, ru) in enumerate(entries):
        u = make_unit()
        u.i, u.uid, u.side, u.original_side, u.profile = n, uid, si, si, prof
        u.hex = unit_hex(game.board, uid, ru, where)
        u.facing = (0 if ru.facing is None and not faced(prof)
                    else unit_facing(game.board, uid, ru, where))
        u.routed = False
        u.exit_edge = None
        if ru.arrives is not None:
            u.status = WAITING
            out.append((u, ru))
            continue
        if u.hex in occupied:
            raise SetupError(f"{where}: units {occupied[u.hex]!r} and {uid!r} both start in hex "
                             f"{ru.hex}; one unit a hex")
        if not may_stand(prof, game.board.terrain[u.hex]):
            raise SetupError(f"{where}, unit {uid!r}: hex {ru.hex} is impassable")
        occupied[u.hex] = uid
        u.status = ON
        out.append((u, ru))
    game.unit_index = {u.uid: u.i for u, _ in out}
    return out
