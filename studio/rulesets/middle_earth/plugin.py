"""Middle Earth behind the ruleset contract (`studio.engine.contract.Ruleset`): the game's
calls and its capabilities (odds, AI, counters, playsheet and legend, schema, balance), each
delegated to the module that holds that rule."""
from __future__ import annotations

from collections.abc import Mapping

from studio.engine.contract import (AICapability, BalanceCapability, CounterCapability,
                                    OddsCapability, Ruleset, SchemaFragments, SheetCapability,
                                    SituationParam)
from studio.engine.errors import SetupError
from studio.engine.state import ON

from . import odds
from .abilities import CATALOGUE, SIMULATED
from .ai import MiddleEarthAI
from .options import OPTION_NAMES, read_tables
from .profile import Profile
from .schema import OPTIONS_SCHEMA
from .setup import new_game as build_game
from .setup import options_from
from .sheet import legend_rows, playsheet
from .state import Action, Cast, Charge, EndTurn, Fire, GameState, Hold, Move
from .tables import Tables
from .words import action_words, describe

_UNIT_ACTIONS = {"charge": Charge, "fire": Fire}


class _Odds(OddsCapability):
    situation = (
        SituationParam("distance", "hexes between them (1: a round of melee; more: a volley "
                       "if the attacker shoots that far, else its charge)", "int", 1),
        SituationParam("rear", "the charge or blow comes from behind the defender's flanks",
                       "bool", False),
        SituationParam("figures", "figures in the attacking unit (default: full strength)",
                       "int", None),
        SituationParam("target_figures", "figures in the defending unit (default: full "
                       "strength)", "int", None),
    )

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        return odds.state_odds(state, attacker_id, target_id)

    def unit_odds(self, library, attacker, defender, situation: Mapping[str, object]) -> dict:
        return odds.unit_odds(library, attacker, defender, situation)


class _AI(AICapability):
    def player(self, seed: int, weights=None) -> MiddleEarthAI:
        return MiddleEarthAI(seed)


class _Balance(BalanceCapability):
    def kill_credits(self, events):
        """(unit, (the unit whose blow or volley it was,), share of the unit) for every
        loss of figures a strike or volley caused; a hero slain is credited whole."""
        last = None
        start: dict[str, int] = {}
        for e in events:
            if e.kind in ("strike", "volley", "hero-blow"):
                last = (e.data["unit"], e.data["target"])
            elif e.kind == "losses":
                uid = e.data["unit"]
                start.setdefault(uid, e.data["left"] + e.data["figures"])
                if last is not None and last[1] == uid:
                    yield uid, (last[0],), e.data["figures"] / start[uid]
            elif e.kind == "gone" and e.data["status"] == "destroyed" and last is not None \
                    and last[1] == e.data["unit"] and e.data["unit"] not in start:
                yield e.data["unit"], (last[0],), 1.0

    def first_mover(self, events):
        for e in events:
            if e.kind == "round":
                return e.data["order"][0]
        return None


class _Counters(CounterCapability):
    # Printed markers: disorder and rout (any unit), the move.
    marker_kinds = ("disrupted", "routed", "round")
    unit_markers = ("disrupted", "routed")
    key = ("class · figures · type", "weapon · missile · side")

    def face(self, army_list, unit_type) -> dict:
        """Morale class, figures and troop type big; weapon, missile and side small; the
        back is the unit routed."""
        stats = unit_type.stats or {}
        troop = str(stats.get("type", "?"))
        short = "".join(w[0] for w in troop.split("-")).upper() if "-" in troop else \
            troop[:3].capitalize()
        figures = unit_type.figures.count if unit_type.figures is not None else 1
        big = [str(stats.get("class", "?")), str(figures), short]
        weapon = stats.get("weapon") or stats.get("wizard") or "hero"
        small = [str(weapon).replace("-", " "),
                 str(stats.get("missile") or "no missile").replace("-", " "),
                 str(stats.get("alignment", ""))]
        return {"front": {"stats": big, "small": small, "arrow": True},
                "back": {"stats": big, "small": small, "arrow": False, "band": "ROUTED",
                         "kind": "routed"}}


class _Sheets(SheetCapability):
    def playsheet(self, ruleset_file, scenario, library) -> list:
        return playsheet(ruleset_file, scenario, library)

    def legend_rows(self, terrain_set, ruleset_file) -> list:
        return legend_rows(terrain_set, ruleset_file) if ruleset_file is not None else []


class MiddleEarth(Ruleset[GameState, Action]):
    """The 1976 Middle Earth Wargames Rules (docs/rulesets/middle-earth.md)."""

    id = "middle-earth"
    name = "Middle Earth Wargames Rules (1976)"
    option_names = OPTION_NAMES

    odds = _Odds()
    ai = _AI()
    balance = _Balance()
    counters = _Counters()
    sheets = _Sheets()
    schema = SchemaFragments(options=OPTIONS_SCHEMA, abilities=CATALOGUE)

    def options(self, ruleset_file, override=None):
        return options_from(ruleset_file, override)

    def new_game(self, scenario, library, seed: int = 0, options_override=None, *, dice=None,
                 unit_points=None) -> GameState:
        if unit_points is None:
            from studio.armies.points import points_function
            unit_points = points_function(library)
        return build_game(self, scenario, library, seed, options_override, dice=dice,
                          unit_points=unit_points)

    def legal_actions(self, state: GameState) -> list:
        from .play import legal_actions
        return legal_actions(state)

    def apply(self, state: GameState, action) -> list:
        from .play import apply
        return apply(state, action)

    def describe(self, event) -> str:
        return describe(event)

    def turn_words(self, state, who, unit_name, side_name) -> tuple[str, str]:
        return (f"{side_name(who)} gives its orders",
                "Pick a unit and its order, or end the side's orders")

    # -- data ------------------------------------------------------------------------------
    def unit_problems(self, army_list, unit_type, ruleset_file=None) -> list:
        """The stats every unit needs, and with the list's ruleset file, its troop type,
        class, weapon, defence and missile checked against that file's tables."""
        stats = unit_type.stats or {}
        if not isinstance(stats, dict):
            return [(("stats",), "give the unit's Middle Earth stats as a mapping")]
        out = [(("stats", key), f"stats.{key} is missing (docs/rulesets/middle-earth.md, M3)")
               for key in ("type", "class", "alignment") if key not in stats]
        if out or ruleset_file is None:
            return out
        try:
            tables = Tables(options_from(ruleset_file))
        except SetupError:
            return out                   # the ruleset file's own problems are reported there
        try:
            Profile(army_list, unit_type, tables)
        except ValueError as err:
            field = next((k for k in ("type", "class", "alignment", "weapon", "defends_as",
                                      "missile") if f"stats.{k}" in str(err)), None)
            out.append((("stats", field) if field else ("stats",), str(err)))
        return out

    def option_problems(self, ruleset_file) -> list:
        try:
            read_tables(dict(ruleset_file.options or {}), f"ruleset {ruleset_file.id!r}")
        except SetupError as err:
            return [((), str(err))]
        return []

    def not_simulated(self, army_list) -> set[str]:
        return {a.name for ut in army_list.units
                for a in army_list.effective_abilities(ut)} - SIMULATED

    # -- actions ---------------------------------------------------------------------------
    def action_to_dict(self, action) -> dict:
        if isinstance(action, Move):
            return {"type": "move", "unit": action.unit, "to": action.to,
                    "facing": action.facing, "order": action.order}
        for kind, cls in _UNIT_ACTIONS.items():
            if isinstance(action, cls):
                return {"type": kind, "unit": action.unit, "target": action.target}
        if isinstance(action, Cast):
            return {"type": "cast", "unit": action.unit, "spell": action.spell,
                    "target": action.target}
        if isinstance(action, Hold):
            return {"type": "hold", "unit": action.unit}
        if isinstance(action, EndTurn):
            return {"type": "end-turn", "side": action.side}
        raise ValueError(f"not a Middle Earth action: {action!r}")

    def action_from_dict(self, data) -> Action:
        kind = data.get("type") if isinstance(data, dict) else None
        try:
            if kind == "move":
                return Move(str(data["unit"]), str(data["to"]), str(data["facing"]),
                            str(data.get("order", "close")))
            if kind in _UNIT_ACTIONS:
                return _UNIT_ACTIONS[kind](str(data["unit"]), str(data["target"]))
            if kind == "cast":
                return Cast(str(data["unit"]), str(data["spell"]), str(data.get("target", "")))
            if kind == "hold":
                return Hold(str(data["unit"]))
            if kind == "end-turn":
                return EndTurn(str(data["side"]))
        except (KeyError, TypeError) as err:
            raise ValueError(f"Middle Earth action {data!r} lacks {err}") from None
        raise ValueError(f"not a Middle Earth action: {data!r}")

    def action_text(self, state, action) -> str:
        if isinstance(action, EndTurn) and action.side in state.game.side_index:
            return f"End the orders of {state.game.sides[state.game.side_index[action.side]].name}"
        return action_words(action)

    def action_unit(self, action):
        return None if isinstance(action, EndTurn) else action.unit

    def action_hex(self, state, action):
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        if isinstance(action, (Charge, Fire, Cast)) and action.target:
            t = state.unit(action.target)
            return t.hex if t.hex >= 0 else None
        return None

    def log_line(self, event):
        return None if event.kind == "side-turn" else describe(event)

    def log_shown(self, event) -> bool:
        return event.kind != "side-turn"

    # -- seeing ----------------------------------------------------------------------------
    def unit_text(self, state, unit) -> str:
        p = unit.profile
        parts = [f"{p.troop.replace('-', ' ')}, class {p.cls}"]
        if p.single:
            parts.append(f"defence {max(0, unit.defence)}")
        else:
            parts.append(f"{unit.figures}/{unit.start_figures} figures, {unit.org}")
        if p.energy:
            parts.append(f"energy {unit.energy}")
        if unit.reaction:
            parts.append(unit.reaction.replace("-", " "))
        if unit.engaged:
            parts.append("in melee")
        if unit.status != ON:
            parts.append(unit.status)
        return ", ".join(parts)


RULES = MiddleEarth()
