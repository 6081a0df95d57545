"""What each side can see: hidden units stay unknown to the other sides until spotted, and a
side's view of a game holds nothing it has not seen.

The kernel keeps the mechanism; a ruleset decides what spots a unit (adjacency, sight
within a range) and says so with `spot` and `reveal`, whose events ("spotted", "revealed")
tell every later reader when a side learnt of a unit. A unit is hidden while the ruleset
keeps it in `state.hidden` (unit index -> the side indexes it has been revealed to); such
a unit starts the game known to its own side only.

Two ways of seeing a game, for two readers:

- `as_known_to(state, side)`: the state with the side's unspotted enemies off the map, for
  a ruleset's own legality checks (cheap; never handed to a player).
- `masked(state, side)`: the side's view (`Rules.view`), what AIs, hotseat play and the
  log are given. Unspotted enemies are placeholders with no id, type, stats or hex; the
  history holds only the actions and events the side saw; the scenario carries no set-up of
  the other sides' units that started hidden; the dice are `dice.unlinked` (they roll, but
  tell nothing of the game's next rolls) and the game's seed and library are not there.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .board import OFF
from .dice import unlinked
from .state import ON, Game, UnitState, all_slots

HIDDEN = "hidden"
SPOTTED, REVEALED = "spotted", "revealed"


def spotted(board: Any, watcher_hexes: list[int], h: int, sight_range: int) -> bool:
    """A unit in hex `h` is spotted by watchers in `watcher_hexes`: one is adjacent, or one
    has a line of sight to it within `sight_range` hexes (terrain and elevation)."""
    row = board.dist_row(h)
    for w in watcher_hexes:
        d = row[w]
        if d <= 1 or (d <= sight_range and board.terrain_los(w, h)):
            return True
    return False


def spot(state: Any, u: Any, side: int, events: list[Any]) -> None:
    """`side` has seen the hidden unit `u` (where it stands now)."""
    state.hidden[u.i].add(side)
    events.append(state.event(SPOTTED, unit=u.uid, by=state.side_id(side),
                              hex=state.game.board.labels[u.hex]))


def reveal(state: Any, u: Any, events: list[Any]) -> None:
    """`u` shows itself to every side (it attacked, or ran into an enemy)."""
    seen = state.hidden.get(u.i)
    if seen is None:
        return
    new = [s for s in range(len(state.game.sides)) if s != u.side and s not in seen]
    if new:
        seen.update(new)
        events.append(state.event(REVEALED, unit=u.uid, hex=state.game.board.labels[u.hex]))


def never_seen(state: Any, side: int) -> list[Any]:
    """The units of other sides that `side` has never seen (whatever their status)."""
    hidden = getattr(state, "hidden", None)
    if not hidden:
        return []
    return [u for u in state.units if u.original_side != side and u.side != side
            and u.i in hidden and side not in hidden[u.i]]


def unseen(state: Any, side: int) -> list[Any]:
    """The enemy units on the map that `side` does not know of."""
    return [u for u in never_seen(state, side) if u.status == ON]


def as_known_to(state: Any, side: int) -> Any:
    """A copy of `state` with the enemy units `side` has not spotted off the map, status
    HIDDEN (the state itself when nothing is hidden from it): what a ruleset checks a
    side's actions against. Not a view: it keeps the dice, the history and the units' ids."""
    secret = unseen(state, side)
    if not secret:
        return state
    view = state.copy()
    for u in secret:
        v = view.units[u.i]
        v.hex = OFF
        v.status = HIDDEN
    return view


class UnseenUnit(UnitState):
    """An enemy unit a side has never seen, as its view holds it: its place in the units
    list and its side, nothing else (no id of the game's, no profile, off the map)."""

    __slots__ = ()

    def __init__(self, i: int, uid: str, side: int) -> None:
        self.i, self.uid, self.side, self.original_side = i, uid, side, side
        self.profile = None
        self.hex = OFF
        self.facing = 0
        self.status = HIDDEN
        self.routed = False
        self.leader = False
        self.exit_edge = None

    def copy(self) -> "UnseenUnit":
        return UnseenUnit(self.i, self.uid, self.side)


def mentions(value: object, names: set[str]) -> bool:
    """Whether an event's data (strings, lists, dict keys and values) names any of `names`."""
    if isinstance(value, str):
        return value in names
    if isinstance(value, dict):
        return any(mentions(k, names) or mentions(v, names) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(mentions(v, names) for v in value)
    return False


class Sightings:
    """Which units each side has not seen yet, followed through a game's events in order:
    `audience(event)` is the set of sides that see an event (one that names a unit still
    secret to a side is not seen by it; a "spotted" or "revealed" event is seen by the
    sides it shows the unit to)."""

    __slots__ = ("side_index", "secret")

    def __init__(self, state: Any = None) -> None:
        if state is None:
            return
        game = state.game
        self.side_index = game.side_index
        hidden = getattr(state, "hidden", None) or {}
        self.secret = [{u.uid for u in state.units if u.i in hidden and u.original_side != s}
                       for s in range(len(game.sides))]

    def copy(self) -> "Sightings":
        c = Sightings()
        c.side_index = self.side_index
        c.secret = [set(s) for s in self.secret]
        return c

    def audience(self, event: Any) -> frozenset[int]:
        self._learn(event)
        return frozenset(s for s, names in enumerate(self.secret)
                         if not names or not mentions(event.data, names))

    def sees(self, event: Any, side: int) -> bool:
        """Whether `side` is in the event's `audience` (learning from it as `audience`)."""
        self._learn(event)
        names = self.secret[side]
        return not names or not mentions(event.data, names)

    def _learn(self, event: Any) -> None:
        if event.kind == SPOTTED:
            side = self.side_index.get(event.get("by"))
            if side is not None:
                self.secret[side].discard(event["unit"])
        elif event.kind == REVEALED:
            for s in self.secret:
                s.discard(event["unit"])

    def sees_action(self, rules: Any, action: Any, side: int) -> bool:
        """Whether `side` sees `action` taken: not when it names a unit the side has not
        seen (in its log form), as mover, attacker or target."""
        names = self.secret[side]
        return not names or not mentions(rules.action_to_dict(action), names)


def _seen_history(state: Any, side: int) -> tuple[tuple[Any, ...], Any, Any]:
    """(opening events, actions chain, events chain) as `side` saw them, in the state's
    linked-list form. Each action's filtered chunk is kept on the game, so a view costs the
    actions since the last view, not the whole game."""
    memo = state.game.views
    rules = state.game.rules
    pending = []
    node, hnode = state._events, state._history
    while node is not None and (side, id(node)) not in memo:
        pending.append((node, hnode))
        node, hnode = node[1], hnode[1]
    if node is not None:
        _, history, events, sightings = memo[(side, id(node))]
        opening = memo[(side, "opening")][0]
    elif (side, "opening") in memo:
        opening, sightings = memo[(side, "opening")]
        history = events = None
    else:
        sightings = Sightings(state)
        opening = tuple(e for e in state.opening_events if sightings.sees(e, side))
        memo[(side, "opening")] = (opening, sightings.copy())
        history = events = None
    for node, hnode in reversed(pending):
        action = hnode[0]
        seen_action = sightings.sees_action(rules, action, side)
        if any(e.kind in (SPOTTED, REVEALED) for e in node[0]):
            sightings = sightings.copy()       # the memo keeps the one before
        chunk = tuple(e for e in node[0] if sightings.sees(e, side))
        if seen_action:
            history = (action, history)
        if seen_action or chunk:
            events = (chunk, events)
        memo[(side, id(node))] = (node, history, events, sightings)
    return opening, history, events


def _scenario_without(scenario: Any, secret: set[int]) -> Any:
    """The scenario with the roster entries of the placed units numbered in `secret` left
    out (units are numbered as `setup.placed_units` numbers them)."""
    n = 0
    sides = []
    for s in scenario.sides:
        kept = []
        for ru in s.army.units:
            if ru.hex is not None:
                if n not in secret:
                    kept.append(ru)
                n += 1
            else:
                kept.append(ru)
        sides.append(replace(s, army=replace(s.army, units=kept)))
    return replace(scenario, sides=sides)


_GAME_SLOTS = all_slots(Game)


class PointsTable:
    """A game's `unit_points` for a view: the points of every unit type of the sides' army
    lists, worked out once per game, so that the view holds numbers, not the function (whose
    closure holds the designer's library)."""

    __slots__ = ("points",)

    def __init__(self, game: Any) -> None:
        self.points: dict[tuple[str, str], Any] = {}
        for side in game.sides:
            al = side.army_list
            for ut in al.units:
                try:
                    self.points[(al.id, ut.id)] = game.unit_points(al, ut)
                except Exception as err:        # noqa: BLE001 - raised when asked for
                    # the class and arguments only: a traceback holds the game's frames
                    self.points[(al.id, ut.id)] = (type(err), err.args)

    def __call__(self, army_list: Any, unit_type: Any) -> Any:
        found = self.points.get((army_list.id, unit_type.id))
        if isinstance(found, tuple):
            raise found[0](*found[1])
        return found


def _view_game(state: Any, side: int, placeholders: dict[int, str]) -> Any:
    """The fixed game as `side` may know it: no seed, no library (a designer's library holds
    the scenario file), the scenario without the set-up of the other sides' units that
    started hidden (seen since or not), and the ids of the units it has not seen replaced by
    their placeholders'. One per side and set of unseen units."""
    game = state.game
    key = (side, "game", tuple(sorted(placeholders)))
    found = game.views.get(key)
    if found is not None:
        return found
    view: Any = Game()
    for name in _GAME_SLOTS:
        setattr(view, name, getattr(game, name))
    view.seed = None
    view.library = None
    view.views = {"view of": side}
    if "points" not in game.views:
        game.views["points"] = PointsTable(game)
    view.unit_points = game.views["points"]
    if (side, "scenario") not in game.views:
        hidden = getattr(state, "hidden", None) or {}
        started_hidden = {u.i for u in state.units if u.i in hidden and u.original_side != side}
        game.views[(side, "scenario")] = (_scenario_without(game.scenario, started_hidden)
                                          if started_hidden else game.scenario)
    view.scenario = game.views[(side, "scenario")]
    if placeholders:
        index = {uid: i for uid, i in game.unit_index.items() if i not in placeholders}
        index.update({uid: i for i, uid in placeholders.items()})
        view.unit_index = index
    game.views[key] = view
    return view


def masked(state: Any, side: int) -> Any:
    """`side`'s view of `state` (see the module's docstring): a copy that plays on like the
    state but holds nothing the side has not seen."""
    view = state.copy()
    secret = never_seen(state, side)
    placeholders = {u.i: f"unseen-{n + 1}" for n, u in enumerate(secret)}
    for u in secret:
        view.units[u.i] = UnseenUnit(u.i, placeholders[u.i], u.side)
    if placeholders:
        view.hidden = {i: (set() if i in placeholders else seen)
                       for i, seen in view.hidden.items()}
    view.dice = unlinked(state.dice, f"{state.side_id(side)}")
    of = state.game.views.get("view of")
    if of is None:
        view.game = _view_game(state, side, placeholders)
        view.opening_events, view._history, view._events = _seen_history(state, side)
    elif of != side:
        # a view of a view (an AI handed one): it holds only what its own side saw
        view.opening_events, view._history, view._events = (), None, None
    return view
