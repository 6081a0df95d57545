"""Action Dice behind the ruleset contract (`studio.engine.contract.Ruleset`)."""
from __future__ import annotations

from collections.abc import Mapping

from studio.engine.contract import (AICapability, BalanceCapability, CounterCapability,
                                    EditorCapability, Formula, OddsCapability,
                                    OutcomeCapability, PointsCapability, Ruleset,
                                    SchemaFragments, SheetCapability, SituationParam,
                                    StatColumn, option_fields)
from studio.engine.errors import SetupError
from studio.engine.options import read_options
from studio.engine.state import ON

from . import odds
from .ai import ActionDiceAI
from .counter import KEY, counter_face
from .credits import first_mover, kill_credits
from .hexsides import HEXSIDES
from .options import OPTION_NAMES, SPEC, TYPES, defaults, options_from, table_problems
from .play import apply, legal_actions
from .profile import (FORMATIONS, costing, has_facing, parse_dice, specials_of, stats_problems,
                      weapon_of)
from .setup import build_game
from .schema import OPTIONS_SCHEMA
from .sheet import elevation_words, legend_rows, playsheet
from .state import Action, EndActivation, EndTurn, GameState, Melee, Move, Ram, Shoot, Special
from .turns import can_activate
from .vehicles import damage_summary
from .words import action_words, describe, turn_words

SIMULATED = frozenset({"fearless", "fireball", "fast", "command", "additional-turn",
                       "rear-attack-arc"})
_UNIT_ACTIONS = {"melee": Melee, "shoot": Shoot, "ram": Ram}


def _ruleset_options(army_list, library):
    if library is not None:
        try:
            found = library.ruleset(army_list.ruleset)
        except (KeyError, LookupError):
            found = None
        if found is not None:
            return options_from(found)
    return defaults()


class _Odds(OddsCapability):
    situation = (
        SituationParam("distance", "hexes between them (1: melee; more: shooting)", "int", 1),
        SituationParam("rear", "melee from outside the defender's front (S3: it does not "
                       "strike back)", "bool", False),
        SituationParam("figures", "figures in the attacking unit (default: full strength)",
                       "int", None),
        SituationParam("target_figures", "figures in the defending unit (default: full "
                       "strength)", "int", None),
    )

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        return odds.state_odds(state, attacker_id, target_id)

    def action_odds(self, state, action, attacker_id: str, target_id: str) -> dict:
        """The odds of one attack action (a vehicle's drive into a unit has its own)."""
        if isinstance(action, (Melee, Shoot, Ram)) and action.target == target_id:
            return odds.action_odds(state, action)
        return self.state_odds(state, attacker_id, target_id)

    def unit_odds(self, library, attacker, defender, situation: Mapping[str, object]) -> dict:
        return odds.unit_odds(library, attacker, defender, situation)


class _AI(AICapability):
    def player(self, seed: int, weights=None) -> ActionDiceAI:
        return ActionDiceAI(seed)


class _Counters(CounterCapability):
    # Printed markers: disorder (any unit), objectives, the round. A failed morale token is
    # the counter's back; the order is rolled each round, so no initiative marker.
    marker_kinds = ("disrupted", "objective", "round")
    unit_markers = ("disrupted",)
    key = KEY

    def face(self, army_list, unit_type) -> dict:
        return counter_face(army_list, unit_type)


class _Editor(EditorCapability):
    # the spec's help texts and defaults; tables (charts, weapons) stay in the file
    options_form = option_fields(SPEC)
    stat_columns = (
        StatColumn("type", "Type", "choice", "the combatant type (S2)", TYPES),
        StatColumn("dice", "Dice", "dice", "action dice: 1d6, 2d8... (d4 to d12)"),
        StatColumn("move", "Move", "int", "inches"),
        StatColumn("fight", "Fight", "int", "added to each melee die"),
        StatColumn("shoot", "Shoot", "int", "added to each ranged die"),
        StatColumn("defense", "Defense", "int", "a figure is removed for each Defense in "
                   "the attack's total"),
        StatColumn("figures", "Figures", "int", "figures in the unit (a hero or vehicle: 1)"),
        StatColumn("formation", "Formation", "choice", "a regiment has a front; skirmishers "
                   "face every way", FORMATIONS),
        StatColumn("weapon", "Weapon", "text", "a row of the ruleset's weapons table"),
        StatColumn("specials", "Specials", "list", "special ability ids, by commas"),
    )


class _Outcomes(OutcomeCapability):
    # S23: the win a round decides before any scenario condition
    cause_words = {"last-force": "last force on the table"}


# The divisor of each combatant type (S24); the source's own table is lost, these are ours.
DIVISORS = {"basic": 10, "ordnance": 10, "elite": 8, "hero": 6, "vehicle": 8}


def _formula(army_list, unit_type, library) -> tuple[float, str]:
    """The price with the weapons and specials of the list's own ruleset file (the seed's
    own tables without a library)."""
    divisors = {**DIVISORS, **(army_list.points.params.get("divisors") or {})}
    return costing(army_list, unit_type, _ruleset_options(army_list, library), divisors)


class ActionDice(Ruleset[GameState, Action]):
    """The Action Dice skirmish rules (docs/rulesets/action-dice.md)."""

    id = "action-dice"
    name = "Action Dice Skirmish"
    option_names = OPTION_NAMES

    odds = _Odds()
    ai = _AI()
    points = PointsCapability((
        Formula("action-dice", "The skirmish system's formula on Action Dice units: (dice × "
                "(die × Move) + die × Defense + 10 × Fight + 10 × Shoot) ÷ type divisor, plus "
                "the weapon's and specials' prices, times the figures.", ("divisors",),
                _formula, {"divisors": DIVISORS}),))
    balance = BalanceCapability(kill_credits, first_mover)
    counters = _Counters()
    sheets = SheetCapability(playsheet, legend_rows, elevation_words)
    outcomes = _Outcomes()
    editor = _Editor()
    schema = SchemaFragments(options=OPTIONS_SCHEMA)
    hexsides = HEXSIDES

    # The rules' own functions are the contract's methods (they take no ruleset object).
    options = staticmethod(options_from)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    describe = staticmethod(describe)
    turn_words = staticmethod(turn_words)

    def new_game(self, scenario, library, seed: int = 0, options_override=None, *,
                 dice=None, unit_points=None) -> GameState:
        return build_game(self, scenario, library, seed, options_override, dice=dice,
                          unit_points=unit_points)

    # -- data ------------------------------------------------------------------------------
    def unit_problems(self, army_list, unit_type, ruleset_file=None) -> list:
        """The stats, and with the list's ruleset file, its weapon and specials checked
        against that file's tables."""
        out = self._stats_problems(unit_type)
        if out or ruleset_file is None:
            return out
        try:
            opts = options_from(ruleset_file)
        except SetupError:
            return out                   # the ruleset file's own problems are reported there
        stats = unit_type.stats
        try:
            weapon_of(stats, opts, "")
        except ValueError as err:
            out.append((("stats", "weapon"), str(err).lstrip(": ")))
        try:
            specials_of(stats, opts, "")
        except ValueError as err:
            out.append((("stats", "specials"), str(err).lstrip(": ")))
        return out

    @staticmethod
    def _stats_problems(unit_type) -> list:
        stats = unit_type.stats or {}
        out = stats_problems(stats)
        kind = stats.get("type") if isinstance(stats, dict) else None
        if not out and kind not in unit_type.tags:
            out.append((("tags",), f"tag the unit {kind!r}: the force rule (50/25/25) counts "
                                   "points by the combatant type's tag"))
        if not out and kind == "ordnance":
            w = defaults().weapon.get(stats.get("weapon", "hand-weapon"))
            if w is not None and not w.get("range"):
                out.append((("stats", "weapon"), "an ordnance unit serves a ranged weapon, "
                                                 f"not {w['name']}"))
        if not out and kind == "vehicle" and parse_dice(stats["dice"])[1] != 6:
            out.append((("stats", "dice"), "a vehicle rolls d6s, one a square inch of its base"))
        return out

    def unit_faced(self, army_list, unit_type) -> bool:
        stats = unit_type.stats
        return has_facing(stats) if isinstance(stats, dict) else True

    def option_problems(self, ruleset_file) -> list:
        try:
            values = read_options(SPEC, dict(ruleset_file.options or {}),
                                  f"ruleset {ruleset_file.id!r}")
        except SetupError as err:
            return [((), str(err))]
        return table_problems(values)

    def not_simulated(self, army_list) -> set[str]:
        names = set()
        for ut in army_list.units:
            names.update(a.name for a in ut.abilities)
            names.update(s for s in _special_ids(ut) if s not in SIMULATED)
        return names

    def test_game_gaps(self, army_list, placed_units) -> list[dict]:
        types = {ru if isinstance(ru, str) else ru.type for ru in placed_units}
        missing = self.not_simulated(army_list)
        gaps: dict[str, list] = {}
        for ut in army_list.units:
            if ut.id not in types:
                continue
            names = {a.name for a in ut.abilities} | set(_special_ids(ut))
            for name in sorted(names & missing):
                gaps.setdefault(name, []).append(ut.id)
        return [{"ability": k, "unit_types": v} for k, v in sorted(gaps.items())]

    # -- actions ---------------------------------------------------------------------------
    def action_to_dict(self, action) -> dict:
        if isinstance(action, Move):
            return {"type": "move", "unit": action.unit, "to": action.to, "facing": action.facing}
        for kind, cls in _UNIT_ACTIONS.items():
            if isinstance(action, cls):
                return {"type": kind, "unit": action.unit, "target": action.target}
        if isinstance(action, Special):
            return {"type": "special", "unit": action.unit, "special": action.special,
                    "target": action.target}
        if isinstance(action, EndActivation):
            return {"type": "end-activation", "unit": action.unit}
        if isinstance(action, EndTurn):
            return {"type": "end-turn", "side": action.side}
        raise ValueError(f"not an Action Dice action: {action!r}")

    def action_from_dict(self, data) -> Action:
        kind = data.get("type") if isinstance(data, dict) else None
        try:
            if kind == "move":
                return Move(str(data["unit"]), str(data["to"]), str(data["facing"]))
            if kind in _UNIT_ACTIONS:
                return _UNIT_ACTIONS[kind](str(data["unit"]), str(data["target"]))
            if kind == "special":
                return Special(str(data["unit"]), str(data["special"]), str(data["target"]))
            if kind == "end-activation":
                return EndActivation(str(data["unit"]))
            if kind == "end-turn":
                return EndTurn(str(data["side"]))
        except (KeyError, TypeError) as err:
            raise ValueError(f"Action Dice action {data!r} lacks {err}") from None
        raise ValueError(f"not an Action Dice action: {data!r}")

    def action_text(self, state, action) -> str:
        """As `action_words`, with the side's name, and no facing for a unit without one."""
        if isinstance(action, EndTurn) and action.side in state.game.side_index:
            return f"End the turn of {state.game.sides[state.game.side_index[action.side]].name}"
        if isinstance(action, Move) and action.unit in state.game.unit_index and \
                not state.unit(action.unit).profile.faced:
            return f"Move {action.unit} to {action.to}"
        return action_words(action)

    def action_unit(self, action):
        return None if isinstance(action, EndTurn) else action.unit

    def action_hex(self, state, action):
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        if isinstance(action, (Melee, Shoot, Ram, Special)):
            t = state.unit(action.target)
            return t.hex if t.hex >= 0 else None
        return None

    def log_line(self, event):
        if event.kind in ("side-turn", "activated"):
            return None
        return describe(event)

    def log_shown(self, event) -> bool:
        return event.kind not in ("side-turn", "activated")

    # -- seeing ----------------------------------------------------------------------------
    def unit_text(self, state, unit) -> str:
        p = unit.profile
        parts = []
        if p.kind not in ("hero", "vehicle"):
            parts.append(f"{unit.figures}/{unit.start_figures} figures")
        parts.append(f"{p.n_dice}d{unit.die}")
        if p.kind == "hero" and unit.die != p.die:
            parts.append(f"wounded (was d{p.die})")
        if p.kind == "vehicle" and unit.damage:
            parts.append(f"damaged: {damage_summary(unit)}")
        if unit.disordered:
            parts.append("disordered")
        if unit.failed:
            parts.append("failed morale")
        if unit.status != ON:
            parts.append(unit.status)
        elif state.current == unit.i:
            parts.append(f"{state.actions_left} action(s) left")
        elif not can_activate(unit):
            # its action list is empty: say why, rather than leave the panel blank
            parts.append("done this round")
        return ", ".join(parts)


RULES = ActionDice()


def _special_ids(unit_type) -> list[str]:
    """The special ability ids a unit type names; a value of the wrong shape (reported on
    its army list as unit-stats) names none."""
    specials = (unit_type.stats or {}).get("specials") or []
    return [s for s in specials if isinstance(s, str)] if isinstance(specials, list) else []
