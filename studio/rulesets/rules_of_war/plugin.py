"""Rules of War behind the ruleset contract (`studio.engine.contract.Ruleset`)."""
from __future__ import annotations

from collections.abc import Mapping

from studio.engine.contract import (ORDERS_PANEL, AICapability, BalanceCapability,
                                    CounterCapability, OddsCapability, OutcomeCapability,
                                    PlayCapability, Ruleset, ScenarioEventsCapability,
                                    SchemaFragments, SheetCapability, SituationParam)

from .abilities import not_simulated
from .ability_catalogue import CATALOGUE
from .action_words import action_words
from .actions import (Action, Advance, Attack, Cast, Exit, Form, Jump, Move, Strike, Volley,
                      action_from_dict, action_to_dict)
from .ai import HeuristicAI
from .credits import first_mover, kill_credits
from .event_words import describe
from .hexsides import HEXSIDES
from .log_words import is_shown, log_line
from .occupancy import forget_occupancy
from .odds import Odds, attack_odds, state_odds
from .options import OPTION_NAMES, options_from
from .play import apply, legal_actions
from .points import POINTS
from .setup import build_game
from .schema import OPTIONS_SCHEMA
from .sheet import elevation_words, legend_rows, playsheet
from .state import GameState
from .summary import format_summary, summarize
from .test_game_gaps import test_game_gaps
from .turn_words import turn_words

UNIT_FIELDS = ("move", "attack", "defense", "hits", "morale")
_UNIT_ACTIONS = (Move, Exit, Jump, Form, Attack, Cast, Advance)


def _odds(o: Odds) -> dict:
    return {"outcomes": {"hit": o.p_hit, "damage": o.p_unsaved, "destroyed": o.p_destroyed,
                         "morale check": o.p_morale_check},
            "terrain_save": o.p_terrain_save, "needed": o.needed,
            "save_needed": o.save_needed, "no_attack_reason": o.reason}


def _where(situation) -> str:
    distance = situation.get("distance") or 1
    where = [f"{distance} hex{'es' if distance > 1 else ''}"]
    if situation.get("rear"):
        where.append("from the rear" if distance == 1 else "(rear counts only hand to hand)")
    if situation.get("terrain"):
        where.append(f"defender in {situation['terrain']}")
    if (situation.get("elevation") or "level") != "level":
        where.append(f"attacker {situation['elevation']}")
    if situation.get("prior_attackers"):
        where.append(f"after {situation['prior_attackers']} other attacker(s)")
    if situation.get("hits_taken"):
        where.append(f"defender has taken {situation['hits_taken']} hit(s)")
    return ", ".join(where)


class _Odds(OddsCapability):
    situation = (
        SituationParam("distance", "hexes between them (default 1: hand to hand)", "int", 1),
        SituationParam("terrain", "terrain id of the defender's hex, in the defender list's "
                       "terrain set", "terrain", None),
        SituationParam("rear", "hand to hand from outside the defender's front arc", "bool",
                       False),
        SituationParam("elevation", "the attacker's hex compared with the defender's", "choice",
                       "level", ("higher", "level", "lower")),
        SituationParam("prior_attackers", "units that attacked the defender before this one "
                       "this round (R26)", "int", 0),
        SituationParam("hits_taken", "hits the defender has already taken", "int", 0),
    )

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        return _odds(state_odds(state, attacker_id, target_id))

    def unit_odds(self, library, attacker, defender, situation: Mapping[str, object]) -> dict:
        (a_list, a_type), (d_list, d_type) = attacker, defender
        terrain = None
        if situation.get("terrain"):
            terrain_set = library.terrain_set(d_list.terrain_set)
            terrain = terrain_set.by_id(situation["terrain"]) if terrain_set else None
            if terrain is None:
                raise ValueError(f"no terrain {situation['terrain']!r} in terrain set "
                                 f"{d_list.terrain_set!r}")
        odds = attack_odds(a_type, a_list, d_type, d_list, library.ruleset(a_list.ruleset),
                           distance=situation.get("distance", 1), terrain=terrain,
                           rear=bool(situation.get("rear")),
                           elevation=situation.get("elevation") or "level",
                           prior_attackers=situation.get("prior_attackers") or 0,
                           defender_hits_taken=situation.get("hits_taken") or 0)
        return _odds(odds)

    def report(self, odds, situation) -> dict:
        chances = odds["outcomes"]
        return {"rear": bool(situation.get("rear") and (situation.get("distance") or 1) == 1),
                "hit": chances["hit"], "unsaved_hit": chances["damage"],
                "destroyed": chances["destroyed"], "morale_check": chances["morale check"],
                "terrain_save": odds["terrain_save"], "needed": odds["needed"],
                "save_needed": odds["save_needed"],
                "no_attack_reason": odds["no_attack_reason"]}

    def lines(self, odds, situation) -> list[str]:
        out = [_where(situation)]
        if odds["needed"] is None:
            reason = odds["no_attack_reason"]
            return out + [f"no attack possible: {reason}" if reason
                          else "no attack possible at this distance"]
        save = "no save roll" if odds["save_needed"] is None else \
            f"saves on {odds['save_needed']} or less before overkill"
        out.append(f"hits on {odds['needed']} or less; {save}")
        report = self.report(odds, situation)
        for label, key in (("hit", "hit"), ("unsaved hit", "unsaved_hit"),
                           ("destroyed", "destroyed"), ("morale check", "morale_check"),
                           ("terrain save", "terrain_save")):
            out.append(f"{label + ':':<14}{100 * report[key]:6.1f}%")
        return out


class _AI(AICapability):
    def player(self, seed: int, weights=None) -> HeuristicAI:
        return HeuristicAI(seed, weights) if weights is not None else HeuristicAI(seed)


class _Counters(CounterCapability):
    """The numbers of a counter (the print export lays Rules of War's out itself, with
    symbols, attack by distance and the routed back's rally number)."""

    own_layout = True

    def face(self, army_list, unit_type) -> dict:
        def num(name):
            value = army_list.stat(unit_type, name)
            return "–" if value is None else f"{value:g}"
        rng = army_list.stat(unit_type, "range") or 1
        best = unit_type.attack.best(rng)
        front = {"stats": ["–" if best is None else f"{best:g}", num("defense"), num("move")],
                 "small": [f"R{num('range')}", f"M{num('morale')}", f"H{num('hits')}"],
                 "arrow": True}
        back = {"kind": "routed", "band": "ROUTED", "stats": ["–"], "small": [num("move")],
                "arrow": False}
        return {"front": front, "back": back}


class _Outcomes(OutcomeCapability):
    def story(self, events, sides) -> list[str]:
        """Round by round: initiative, moves by side, attacks, routs, rallies, losses."""
        return format_summary(summarize(events, sides))


class RulesOfWar(Ruleset[GameState, Action]):
    """The Warpspawn d10 rules (docs/rulesets/rules-of-war.md, R1-R40)."""

    id = "rules-of-war"
    name = "Rules of War"
    default = True
    unit_fields = UNIT_FIELDS
    option_names = OPTION_NAMES
    army_leader_required = True              # R7: every side fields exactly one

    odds = _Odds()
    ai = _AI()
    points = POINTS
    balance = BalanceCapability(kill_credits, first_mover)
    counters = _Counters()
    sheets = SheetCapability(playsheet, legend_rows, elevation_words)
    schema = SchemaFragments(options=OPTIONS_SCHEMA, abilities=CATALOGUE)
    outcomes = _Outcomes()
    # The studio's panel for orders of charges, volleys, formations and spells.
    play = PlayCapability(panel=ORDERS_PANEL)
    hexsides = HEXSIDES
    scenario_events = ScenarioEventsCapability(arrived=forget_occupancy)

    # The rules' own functions are the contract's methods (they take no ruleset object).
    options = staticmethod(options_from)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    describe = staticmethod(describe)
    turn_words = staticmethod(turn_words)
    action_to_dict = staticmethod(action_to_dict)
    action_from_dict = staticmethod(action_from_dict)
    log_line = staticmethod(log_line)
    log_shown = staticmethod(is_shown)
    not_simulated = staticmethod(not_simulated)
    test_game_gaps = staticmethod(test_game_gaps)

    def new_game(self, scenario, library, seed: int = 0, options_override=None, *,
                 dice=None, unit_points=None) -> GameState:
        return build_game(self, scenario, library, seed, options_override, dice=dice,
                          unit_points=unit_points)

    def action_text(self, state, action) -> str:
        return action_words(action)

    def action_unit(self, action) -> str | None:
        if isinstance(action, Volley):
            return action.attacks[0].unit if action.attacks else None
        return action.unit if isinstance(action, _UNIT_ACTIONS) else None

    def action_hex(self, state, action) -> int | None:
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        if isinstance(action, (Attack, Strike)):
            target = state.unit(action.target)
            return target.hex if target.hex >= 0 else None
        if isinstance(action, Advance):
            unit = state.unit(action.unit)
            return unit.hex if unit.hex >= 0 else None
        return None

    def unit_text(self, state, unit) -> str:
        parts = [f"hits {unit.hits}/{unit.profile.hits}"]
        if unit.routed:
            parts.append("routed")
        if unit.formation != "line":
            parts.append(unit.formation)
        if unit.out_of_ammo:
            parts.append("out of ammunition")
        return ", ".join(parts)


RULES = RulesOfWar()
