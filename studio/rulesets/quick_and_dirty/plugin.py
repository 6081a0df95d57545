"""Quick and Dirty behind the ruleset contract (`studio.engine.contract.Ruleset`)."""
from __future__ import annotations

from collections.abc import Mapping

from studio.engine.contract import (AICapability, BalanceCapability, CounterCapability,
                                    EditorCapability, Formula, OddsCapability,
                                    OutcomeCapability, PointsCapability, Ruleset,
                                    SchemaFragments, SheetCapability, SituationParam,
                                    StatColumn, option_fields)

from .ai import QuickAndDirtyAI
from .chart import chart_problems
from .combat import attack_odds, eligible_attackers, strength
from .counter import KEY, counter_face
from .credits import first_mover, kill_credits
from .hexsides import HEXSIDES
from .odds import ASPECTS, unit_odds
from .options import OPTION_NAMES, SPEC, options_from
from .play import apply, legal_actions
from .profile import costing, stats_problems
from .setup import build_game
from .schema import OPTIONS_SCHEMA
from .sheet import elevation_words, legend_rows, playsheet
from .state import Action, Attack, EndPhase, GameState, Move
from .words import action_words, describe, odds_words, turn_words


class _Odds(OddsCapability):
    situation = (
        SituationParam("distance", "hexes between them (1: the front touches; more: missiles)",
                       "int", 1),
        SituationParam("aspect", "the side of the defender the attack comes from (Q10: flank "
                       "and rear add to the roll)", "choice", "front", ASPECTS),
        SituationParam("terrain", "terrain id of the defender's hex (rough ground, Q8)",
                       "terrain", None),
    )

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        a = state.unit(attacker_id)
        t = state.unit(target_id)
        if state.phase != "combat" or a.side != state.order[state.active] or a.attacked:
            raise ValueError(f"{attacker_id} may not attack now")
        group = eligible_attackers(state, t)
        if a not in group or t.i in state.attacked_targets:
            raise ValueError(f"{attacker_id} may not attack {target_id}")
        return attack_odds(state, [a], t)

    def action_odds(self, state, action, attacker_id: str, target_id: str) -> dict:
        """The odds of one attack with every unit it joins (Q11), not the first alone."""
        if not isinstance(action, Attack):
            return self.state_odds(state, attacker_id, target_id)
        return attack_odds(state, [state.unit(u) for u in action.units],
                           state.unit(action.target))

    def words(self, odds) -> list[str]:
        return odds_words(odds)

    def unit_odds(self, library, attacker, defender, situation: Mapping[str, object]) -> dict:
        return unit_odds(library, attacker, defender, situation)


class _AI(AICapability):
    def player(self, seed: int, weights=None) -> QuickAndDirtyAI:
        return QuickAndDirtyAI(seed)


class _Counters(CounterCapability):
    key = KEY

    def face(self, army_list, unit_type) -> dict:
        return counter_face(army_list, unit_type)


class _Editor(EditorCapability):
    # the spec's help texts and defaults; tables (charts, weapons) stay in the file
    options_form = option_fields(SPEC)
    stat_columns = (
        StatColumn("move", "Move", "int", "hexes a turn (Q6)", where="unit"),
        StatColumn("flying", "Fly", "bool", "flies: ignores zones of control and rough (Q7)",
                   where="unit"),
        StatColumn("range", "Range", "int", "missile range in hexes (tag the unit missile)",
                   where="unit"),
        StatColumn("type", "Type", "text", "foot, horse, flyer, monster..."),
        StatColumn("type_value", "Type value", "int", "the type's part of the strength (Q9)"),
        StatColumn("discipline", "Discipline", "text", "mob, levy, irregular, regular, "
                   "veteran, elite... (elite and veteran matter to Q17's option)"),
        StatColumn("discipline_value", "Discipline value", "int",
                   "the discipline's part of the strength (Q9)"),
        StatColumn("equipment", "Equipment", "map", "each piece and its value: spear 1, "
                   "armor 1 (Q9)"),
        StatColumn("enhancements", "Enhancements", "map", "each enhancement and its cost, "
                   "with an attack bonus after a slash: hatred 1/+1 (Q13, Q24)"),
    )


class _Outcomes(OutcomeCapability):
    # Q22-Q23: the wins a battle turn decides before any scenario condition
    cause_words = {"army-break": "enemy army broke", "last-army": "last army on the field"}


def _formula(army_list, unit_type, library) -> tuple[float, str]:
    return costing(unit_type.stats)


class QuickAndDirty(Ruleset[GameState, Action]):
    """The Quick and Dirty System for Mass Combat (docs/rulesets/quick-and-dirty.md)."""

    id = "quick-and-dirty"
    name = "Quick and Dirty Mass Combat"
    option_names = OPTION_NAMES
    hidden_information = True

    odds = _Odds()
    ai = _AI()
    points = PointsCapability((
        Formula("quick-and-dirty", "Base strength (type + discipline + equipment) plus "
                "enhancements, never below the type's own value.", (), _formula),))
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
        out = stats_problems(unit_type.stats)
        if unit_type.move is None:
            out.append((("move",), "a Quick and Dirty unit needs a move (hexes)"))
        return out

    def option_problems(self, ruleset_file) -> list:
        """(path inside the options, message) for a bad option or combat chart."""
        from studio.engine.errors import SetupError
        options = dict(ruleset_file.options or {})
        try:
            options_from(ruleset_file)
        except SetupError as err:
            if "combat_chart" not in str(err):
                return [((), str(err))]
        chart = options.get("combat_chart")
        if chart is None:
            return []
        die = options.get("die_sides", 10)
        return [(("combat_chart", *path), f"combat chart: {message}")
                for path, message in chart_problems(chart, die if isinstance(die, int) else 10)]

    # Abilities are descriptions here (dragon breath, magic): the seed leaves their effects
    # to the game master, so the engine plays none of them (the default `not_simulated`).

    # -- actions ---------------------------------------------------------------------------
    def action_to_dict(self, action) -> dict:
        if isinstance(action, Move):
            return {"type": "move", "unit": action.unit, "to": action.to, "facing": action.facing}
        if isinstance(action, Attack):
            return {"type": "attack", "target": action.target, "units": list(action.units)}
        if isinstance(action, EndPhase):
            return {"type": "end-phase", "phase": action.phase}
        raise ValueError(f"not a Quick and Dirty action: {action!r}")

    def action_from_dict(self, data) -> Action:
        kind = data.get("type") if isinstance(data, dict) else None
        try:
            if kind == "move":
                return Move(str(data["unit"]), str(data["to"]), str(data["facing"]))
            if kind == "attack":
                return Attack(str(data["target"]), tuple(str(u) for u in data["units"]))
            if kind == "end-phase":
                return EndPhase(str(data["phase"]))
        except (KeyError, TypeError) as err:
            raise ValueError(f"Quick and Dirty action {data!r} lacks {err}") from None
        raise ValueError(f"not a Quick and Dirty action: {data!r}")

    def action_text(self, state, action) -> str:
        return action_words(action)

    def action_unit(self, action):
        if isinstance(action, Move):
            return action.unit
        if isinstance(action, Attack):
            return action.units[0] if action.units else None
        return None

    def action_hex(self, state, action):
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        if isinstance(action, Attack):
            t = state.unit(action.target)
            return t.hex if t.hex >= 0 else None
        return None

    def log_line(self, event):
        if event.kind in ("phase", "unflipped"):
            return None
        return describe(event)

    def log_shown(self, event) -> bool:
        return event.kind not in ("phase", "unflipped")

    # -- seeing ----------------------------------------------------------------------------
    def unit_text(self, state, unit) -> str:
        parts = [f"strength {strength(unit)}"]
        if unit.flipped:
            parts.append("flipped")
        if unit.extra:
            parts.append("merged mob")
        seen = state.hidden.get(unit.i)
        if seen is not None and len(seen) < len(state.game.sides) - 1:
            parts.append("hidden from " + (", ".join(
                state.side_id(s) for s in range(len(state.game.sides))
                if s != unit.side and s not in seen)))
        return ", ".join(parts)


RULES = QuickAndDirty()
