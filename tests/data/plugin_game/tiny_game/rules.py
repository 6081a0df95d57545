"""The Tiny Game ruleset: the whole contract core in one module."""
from __future__ import annotations

from typing import NamedTuple

from studio.engine.contract import (CounterCapability, EditorCapability, OptionField,
                                    Ruleset, SchemaFragments, SheetCapability, StatColumn,
                                    UnitProfile)
from studio.engine.dice import Dice
from studio.engine.errors import IllegalAction, SetupError
from studio.engine.options import Option, read_options
from studio.engine.setup import place_units, ruleset_game
from studio.engine.state import DESTROYED, ON, TurnOrderState, UnitState, attribute_copier
from studio.engine.victory import evaluate, game_over

SPEC = {
    "die_sides": Option(int, 6, low=2, high=20, help="the die every attack rolls"),
    "hit_margin": Option(int, 4, low=1, high=20,
                         help="an attack destroys on target strength plus this or more"),
}
OPTIONS_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "properties": {"die_sides": {"type": "integer", "minimum": 2, "maximum": 20},
                   "hit_margin": {"type": "integer", "minimum": 1, "maximum": 20}},
}


class Move(NamedTuple):
    unit: str
    to: str


class Attack(NamedTuple):
    unit: str
    target: str


class EndTurn(NamedTuple):
    side: str


Action = Move | Attack | EndTurn


class Profile(UnitProfile):
    def __init__(self, army_list, unit_type):
        super().__init__(army_list, unit_type)
        stats = unit_type.stats or {}
        if not isinstance(stats.get("strength"), int):
            raise SetupError(f"unit type {unit_type.id!r}: a Tiny Game unit needs "
                             "stats: {strength: N}")
        self.strength = stats["strength"]


class TinyUnit(UnitState):
    __slots__ = ("acted",)


TinyUnit.copy = attribute_copier(TinyUnit)


class TinyState(TurnOrderState):
    def copy(self) -> "TinyState":
        c = self.copy_kernel_into(TinyState.__new__(TinyState))
        c.units = [u.copy() for u in self.units]
        return c


def _options(ruleset_file, override=None) -> dict:
    return read_options(SPEC, dict(ruleset_file.options or {}), f"ruleset {ruleset_file.id!r}",
                        override)


def _free_neighbours(state, u) -> list[int]:
    taken = {v.hex for v in state.units if v.status == ON}
    board = state.game.board
    return [n for n in board.nbr[u.hex] if n >= 0 and n not in taken
            and board.terrain[n].mp is not None]


def _adjacent_enemies(state, u) -> list:
    near = set(state.game.board.nbr[u.hex])
    return [v for v in state.units if v.status == ON and v.side != u.side and v.hex in near]


class _Counters(CounterCapability):
    key = ("strength", "")

    def face(self, army_list, unit_type) -> dict:
        stats = unit_type.stats or {}
        return {"front": {"stats": [str(stats.get("strength", "?"))], "small": [],
                          "arrow": False}, "back": None}


class _Sheets(SheetCapability):
    def playsheet(self, ruleset_file, scenario, library) -> list:
        opts = _options(ruleset_file) if ruleset_file is not None else \
            {k: o.default for k, o in SPEC.items()}
        return [
            ("Turn", ["Each side in turn: every unit moves one hex or attacks an adjacent "
                      "enemy, then the side ends its turn."]),
            ("Attack", [f"Roll a d{opts['die_sides']} and add the attacker's strength; on "
                        f"the target's strength + {opts['hit_margin']} or more it is "
                        "destroyed."]),
            ("Units", [["Unit", "Strength"]] + [
                [ut.name, str((ut.stats or {}).get("strength", "?"))]
                for side in scenario.sides
                for ut in (library.army_list(side.army.army_list).units
                           if library.army_list(side.army.army_list) else [])]),
        ]


class _Editor(EditorCapability):
    stat_columns = (StatColumn("strength", "Strength", "int"),)
    options_form = (OptionField("die_sides", "Die sides", "int", 6),
                    OptionField("hit_margin", "Hit margin", "int", 4))


class TinyGame(Ruleset[TinyState, Action]):
    """The smallest game the studio plays (tests/data/plugin_game)."""

    id = "tiny-game"
    name = "Tiny Game"
    option_names = tuple(SPEC)

    counters = _Counters()
    sheets = _Sheets()
    schema = SchemaFragments(options=OPTIONS_SCHEMA,
                             unit_stats={"type": "object", "required": ["strength"],
                                         "properties": {"strength": {"type": "integer"}}})
    editor = _Editor()

    def options(self, ruleset_file, override=None) -> dict:
        return _options(ruleset_file, override)

    def new_game(self, scenario, library, seed: int = 0, options_override=None, *,
                 dice=None, unit_points=None) -> TinyState:
        game, lists, where = ruleset_game(self, _options, scenario, library, seed,
                                          options_override,
                                          unit_points or (lambda al, ut: 1.0))
        units = []
        for u, _ in place_units(game, scenario, lists, where, Profile, TinyUnit,
                                faced=lambda profile: False):
            u.leader, u.acted = False, False
            units.append(u)
        state = TinyState().start(game, units, dice if dice is not None else Dice(seed))
        state.opening_events = ()
        return state

    def legal_actions(self, state: TinyState) -> list[Action]:
        if state.over:
            return []
        side = state.order[state.active]
        out: list[Action] = []
        for u in state.units:
            if u.side != side or u.status != ON or u.acted:
                continue
            out += [Attack(u.uid, t.uid) for t in _adjacent_enemies(state, u)]
            out += [Move(u.uid, state.game.board.labels[n]) for n in _free_neighbours(state, u)]
        out.append(EndTurn(state.side_id(side)))
        return out

    def apply(self, state: TinyState, action: Action) -> list:
        if action not in self.legal_actions(state):
            raise IllegalAction(action, "not legal now")
        events: list = []
        if isinstance(action, Move):
            u = state.unit(action.unit)
            u.hex, u.acted = state.game.board.index_of_label(action.to), True
            events.append(state.event("moved", unit=u.uid, to=action.to))
        elif isinstance(action, Attack):
            u, t = state.unit(action.unit), state.unit(action.target)
            u.acted = True
            opts = state.game.options
            roll = state.dice.roll(opts["die_sides"])
            hit = roll + u.profile.strength >= t.profile.strength + opts["hit_margin"]
            events.append(state.event("attack", unit=u.uid, target=t.uid, roll=roll, hit=hit))
            if hit:
                t.status = DESTROYED
                events.append(state.event("eliminated", unit=t.uid))
        else:
            for u in state.units:
                u.acted = False
            state.active += 1
            if state.active == len(state.order):
                state.active = 0
                state.round += 1
            events.append(state.event("turn", side=state.side_id(state.order[state.active]),
                                      round=state.round))
        final = state.game.round_limit is not None and state.round >= state.game.round_limit
        result = evaluate(state, final)
        if result is not None:
            game_over(state, result, events)
        state.record_action(action, events)
        return events

    def action_to_dict(self, action: Action) -> dict:
        return {"type": type(action).__name__.lower(), **action._asdict()}

    def action_from_dict(self, data) -> Action:
        kinds = {"move": Move, "attack": Attack, "endturn": EndTurn}
        try:
            kind = kinds[str(data["type"])]
            return kind(**{k: str(v) for k, v in data.items() if k != "type"})
        except (KeyError, TypeError) as err:
            raise ValueError(f"not a Tiny Game action: {data!r} ({err})") from None

    def action_unit(self, action: Action) -> str | None:
        return None if isinstance(action, EndTurn) else action.unit

    def action_hex(self, state: TinyState, action: Action) -> int | None:
        if isinstance(action, Move):
            return state.game.board.index_of_label(action.to)
        if isinstance(action, Attack):
            return state.unit(action.target).hex
        return None

    def action_text(self, state: TinyState, action: Action) -> str:
        if isinstance(action, Move):
            return f"Move {action.unit} to {action.to}"
        if isinstance(action, Attack):
            return f"{action.unit} attacks {action.target}"
        return f"End the turn of {action.side}"

    def unit_problems(self, army_list, unit_type, ruleset_file=None) -> list:
        stats = unit_type.stats or {}
        if not isinstance(stats.get("strength"), int):
            return [(("stats",), "a Tiny Game unit needs stats: {strength: N}")]
        return []

    def unit_faced(self, army_list, unit_type) -> bool:
        return False


RULES = TinyGame()
