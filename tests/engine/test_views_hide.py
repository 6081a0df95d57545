"""A side's view holds nothing of a unit the side has not seen (its id, hex, type, stats or
set-up), no dice that tell the game's next rolls, and only the events the side saw.

Checked over many seeded games of every bundled ruleset by walking everything reachable
from each view (as a player's code could), and by changing a hidden unit and finding the
view unchanged.
"""
from __future__ import annotations

import gc
import types

import pytest

from studio.ai import HeuristicAI, RandomPlayer
from studio.engine.board import OFF
from studio.engine.dice import Dice, ScriptedDice
from studio.engine.state import Game, GameState, UnitState
from studio.engine.visibility import HIDDEN, UnseenUnit, never_seen
from studio.io import default_library, load_file
from studio.model.army import RosterUnit
from studio.rulesets import new_game

LIBRARY = default_library()
THREE = load_file("templates/scenarios/qnd-battle-of-three-armies.yaml").model
MIRROR = load_file("templates/scenarios/qnd-mirror.yaml").model
OTHERS = [load_file(f"templates/scenarios/{n}.yaml").model
          for n in ("ad-mirror", "ad-border-skirmish", "belt-skirmish", "trench-assault")]


# -- what a view reaches --------------------------------------------------------------------

def reachable(root, shared) -> list:
    """Every object reachable from `root` as code holding it could reach it: attributes,
    slots, items, closures; not through classes or modules (code, not game data), nor
    through `shared` (the rules object and the board: one per ruleset and per map)."""
    stop = {id(s) for s in shared}
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in stop or isinstance(obj, (type, types.ModuleType)):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, types.FunctionType):
            for cell in obj.__closure__ or ():
                try:
                    todo.append(cell.cell_contents)
                except ValueError:
                    pass
            todo.extend(obj.__defaults__ or ())
            todo.extend((obj.__kwdefaults__ or {}).values())
            continue
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def roster_entries(scenario) -> list[RosterUnit]:
    """The roster entry of each unit of a game, in the order of its units."""
    return [ru for s in scenario.sides for ru in s.army.units if ru.hex is not None]


def next_rolls(dice, n=5, sides=6) -> list[int]:
    d = dice.copy()
    return [d.roll(sides) for _ in range(n)]


def assert_view_hides(state, side_id: str) -> None:
    rules = state.game.rules
    side = state.game.side_index[side_id]
    view = rules.view(state, side_id)
    found = reachable(view, (view.game.rules, view.game.board))
    ids = {id(o) for o in found}
    strings = {o for o in found if type(o) is str}

    # the game itself, its dice, seed and library are out of reach, and so is its scenario
    # (the set-up) when units start hidden
    private = [state, state.game, state.dice, state.game.library]
    if getattr(state, "hidden", None):
        private.append(state.game.scenario)
    for obj in private:
        assert id(obj) not in ids, f"{side_id}'s view reaches {type(obj).__name__}"
    assert all(g.seed is None for g in found if isinstance(g, Game))
    game_rolls = next_rolls(state.dice)
    for d in found:
        if isinstance(d, (Dice, ScriptedDice)):
            assert next_rolls(d) != game_rolls, f"{side_id}'s view predicts the next rolls"

    # nothing of a unit the side has never seen
    secret = never_seen(state, side)
    rosters = roster_entries(state.game.scenario)
    for u in secret:
        assert u.uid not in strings, f"{side_id}'s view names hidden {u.uid}"
        assert id(u) not in ids and id(rosters[u.i]) not in ids
        placeholder = view.units[u.i]
        assert isinstance(placeholder, UnseenUnit)
        assert (placeholder.profile, placeholder.hex, placeholder.status) == (None, OFF, HIDDEN)
    secret_ids = {u.uid for u in secret}
    for o in found:
        if isinstance(o, UnitState):
            assert o.uid not in secret_ids
        if isinstance(o, GameState) and o is not view:
            assert o.game is view.game


# -- the games ------------------------------------------------------------------------------

def hidden_games():
    """(scenario, options, dice seed) of Quick and Dirty games with hidden set-up: the three
    armies sample (hidden in its ruleset file) and the mirror made hidden."""
    for seed in range(10):
        yield THREE, None, seed
    for seed in range(6):
        yield MIRROR, {"setup": "hidden", "sight_range": 2}, 100 + seed


def play_checking(scenario, options, seed, check, every=4):
    """A seeded AI game, `check(state, side_id, events_so_far)` for every side at every
    `every`-th decision and at the end; returns the final state."""
    state = new_game(scenario, LIBRARY, seed, options)
    players = {s.id: (HeuristicAI(seed + k) if k % 2 == 0 else RandomPlayer(seed + k))
               for k, s in enumerate(scenario.sides)}
    n = 0
    while not state.over:
        if n % every == 0:
            for s in scenario.sides:
                check(state, s.id)
        state.game.rules.apply(state, players[state.to_act].choose(state))
        n += 1
    for s in scenario.sides:
        check(state, s.id)
    return state


@pytest.mark.parametrize("scenario,options,seed", list(hidden_games()),
                         ids=[f"{sc.id}-{seed}" for sc, _, seed in hidden_games()])
def test_no_value_of_a_hidden_unit_is_reachable_from_a_view(scenario, options, seed):
    secret_seen = []

    def check(state, side_id):
        assert_view_hides(state, side_id)
        secret_seen.append(bool(never_seen(state, state.game.side_index[side_id])))

    play_checking(scenario, options, seed, check)
    assert any(secret_seen), "the game never hid a unit: the check checked nothing"


@pytest.mark.parametrize("scenario", OTHERS, ids=[s.id for s in OTHERS])
def test_views_of_open_games_show_everything_but_the_dice(scenario):
    def check(state, side_id):
        assert_view_hides(state, side_id)
        view = state.game.rules.view(state, side_id)
        assert [(u.uid, u.hex, u.status) for u in view.units] == \
            [(u.uid, u.hex, u.status) for u in state.units]
        assert view.events() == state.events()

    play_checking(scenario, None, 3, check, every=15)


def test_the_next_five_rolls_cannot_be_told_from_a_view():
    state = new_game(THREE, LIBRARY, 11)
    for s in THREE.sides:
        view = state.game.rules.view(state, s.id)
        assert next_rolls(view.dice) != next_rolls(state.dice)
        assert view.game.seed is None and state.game.seed == 11
    # the view's dice never advanced the game's: the game rolls on as if no view was made
    again = new_game(THREE, LIBRARY, 11)
    assert next_rolls(state.dice, 20) == next_rolls(again.dice, 20)


# -- changing a hidden unit does not change the view ---------------------------------------

def dump(obj, shared, memo=None):
    """A plain structure of everything reachable from `obj` (shared objects as markers,
    repeated objects as back-references), equal for two views exactly when they hold the
    same values in the same shape."""
    memo = {} if memo is None else memo
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if any(obj is s for s in shared):
        return "<shared>"
    if isinstance(obj, (type, types.ModuleType)):
        return f"<{obj.__name__}>"
    if id(obj) in memo:
        return ("@", memo[id(obj)])
    memo[id(obj)] = len(memo)
    if isinstance(obj, dict):
        return ("dict", sorted((repr(dump(k, shared, memo)), dump(v, shared, memo))
                               for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, [dump(x, shared, memo) for x in obj])
    if isinstance(obj, (set, frozenset)):
        return ("set", sorted(repr(dump(x, shared, memo)) for x in obj))
    if isinstance(obj, types.FunctionType):
        cells = [c.cell_contents for c in obj.__closure__ or ()]
        return ("fn", obj.__qualname__, dump(cells, shared, memo))
    fields = {}
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(obj, name) and name not in fields:
                fields[name] = getattr(obj, name)
    fields.update(getattr(obj, "__dict__", {}))
    return (type(obj).__name__, sorted((k, dump(v, shared, memo)) for k, v in fields.items()))


def view_dump(state, side_id):
    view = state.game.rules.view(state, side_id)
    return dump(view, (view.game.rules, view.game.board))


def free_hex_far_from(state, side: int) -> int:
    board = state.game.board
    taken = {u.hex for u in state.units if u.status == "on"}
    mine = [u.hex for u in state.units if u.side == side and u.status == "on"]
    far = [h for h in range(len(board.labels)) if h not in taken
           and board.terrain[h].mp is not None
           and all(board.distance(h, m) > 6 for m in mine)]
    return far[len(far) // 2]


@pytest.mark.parametrize("seed", range(8))
def test_changing_a_hidden_unit_does_not_change_the_view(seed):
    state = new_game(THREE, LIBRARY, seed)
    players = {s.id: HeuristicAI(seed + k) for k, s in enumerate(THREE.sides)}
    changed = 0
    for step in range(40):
        if state.over:
            break
        for s in THREE.sides:
            side = state.game.side_index[s.id]
            hidden = [u for u in never_seen(state, side) if u.status == "on"]
            if not hidden:
                continue
            before = view_dump(state, s.id)
            other = state.copy()
            u = other.units[hidden[0].i]
            profiles = [v.profile for v in state.units if v.profile is not u.profile]
            u.hex = free_hex_far_from(other, side)
            u.facing = (u.facing + 3) % 6
            u.profile = profiles[step % len(profiles)]
            u.flipped = not u.flipped
            assert view_dump(other, s.id) == before, f"moving hidden {u.uid} shows in {s.id}'s view"
            changed += 1
        state.game.rules.apply(state, players[state.to_act].choose(state))
    assert changed > 0


def test_a_view_holds_only_the_events_its_side_saw():
    """Another side's moves while hidden from it are not in its view; its own are; the
    spotting of a unit is in the view of the side that spotted it."""
    for seed in range(6):
        state = new_game(THREE, LIBRARY, seed)
        players = {s.id: HeuristicAI(seed + k) for k, s in enumerate(THREE.sides)}
        unseen_moves = {s.id: [] for s in THREE.sides}
        while not state.over:
            before = {s.id: {u.uid for u in never_seen(state, state.game.side_index[s.id])}
                      for s in THREE.sides}
            events = state.game.rules.apply(state, players[state.to_act].choose(state))
            for e in events:
                for sid, secret in before.items():
                    if e.kind == "move" and e["unit"] in secret:
                        unseen_moves[sid].append(e)
        assert sum(map(len, unseen_moves.values())) > 0, "no hidden unit moved"
        for s in THREE.sides:
            me = state.game.side_index[s.id]
            shown = state.game.rules.view(state, s.id).events()
            assert not [e for e in unseen_moves[s.id] if e in shown]
            mine = {u.uid for u in state.units if u.side == me}
            own_moves = [e for e in state.events() if e.kind == "move" and e["unit"] in mine]
            assert own_moves and all(e in shown for e in own_moves)
            spotted_by_me = [e for e in state.events() if e.kind == "spotted" and e["by"] == s.id]
            assert all(e in shown for e in spotted_by_me)


def test_a_view_plays_on_like_the_game():
    """The AI's legal actions on the view are the game's (the placeholders stand nowhere)."""
    state = new_game(THREE, LIBRARY, 4)
    players = {s.id: HeuristicAI(k) for k, s in enumerate(THREE.sides)}
    rules = state.game.rules
    for _ in range(60):
        if state.over:
            break
        view = rules.view(state, state.to_act)
        assert rules.legal_actions(view) == rules.legal_actions(state)
        rules.apply(state, players[state.to_act].choose(state))


def test_a_hidden_unit_set_up_elsewhere_gives_the_same_view():
    """The set-up of a unit a side has not seen (where it starts, its facing) leaves that
    side's view of the opening unchanged."""
    import copy
    start = new_game(THREE, LIBRARY, 2)
    side = start.game.side_index["elves"]
    target = next(u for u in never_seen(start, side) if u.status == "on")
    moved = copy.deepcopy(THREE)
    entry = roster_entries(moved)[target.i]
    entry.hex = start.game.board.labels[free_hex_far_from(start, side)]
    entry.facing = "S" if entry.facing != "S" else "N"
    other = new_game(moved, LIBRARY, 2)
    assert other.units[target.i].hex != start.units[target.i].hex
    assert side not in other.hidden[target.i]
    assert view_dump(other, "elves") == view_dump(start, "elves")
