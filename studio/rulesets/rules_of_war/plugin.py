"""Rules of War behind the kernel's ruleset protocol (`studio.engine.rules.Rules`)."""
from __future__ import annotations

from studio.engine.odds_words import outcome_phrases
from studio.engine.state import ON
from studio.engine.victory import points_of, vp_total

from .abilities import not_simulated
from .action_words import action_words
from .actions import Advance, Attack, Move, Strike, Volley, action_from_dict, action_to_dict
from .credits import first_mover, kill_credits
from .event_words import describe
from .log_words import is_shown, log_line
from .odds import Odds, attack_odds, state_odds
from .options import OPTION_NAMES, options_from
from .play import apply, legal_actions
from .setup import new_game
from .test_game_gaps import test_game_gaps
from .turn_words import turn_words

UNIT_FIELDS = ("move", "attack", "defense", "hits", "morale")


class RulesOfWar:
    """The Warpspawn d10 rules (docs/rulesets/rules-of-war.md, R1-R40)."""

    id = "rules-of-war"
    name = "Rules of War"
    unit_fields = UNIT_FIELDS
    option_names = OPTION_NAMES
    hidden_information = False
    deciding_causes: dict[str, str] = {}      # every win is a scenario condition

    options = staticmethod(options_from)
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    action_to_dict = staticmethod(action_to_dict)
    action_from_dict = staticmethod(action_from_dict)
    describe = staticmethod(describe)
    log_line = staticmethod(log_line)
    log_shown = staticmethod(is_shown)
    not_simulated = staticmethod(not_simulated)
    test_game_gaps = staticmethod(test_game_gaps)

    # Its unit fields and options are whole in the army-list and ruleset schemas; the list's
    # points formula (rules-of-war, skirmish-003, ...) costs its units, not the ruleset.
    def unit_problems(self, army_list, unit_type) -> list:
        return []

    def option_problems(self, ruleset_file) -> list:
        return []

    def unit_costing(self, unit_type) -> tuple[float, str]:
        raise ValueError("Rules of War has no formula of its own; the army list names one")

    kill_credits = staticmethod(kill_credits)
    turn_words = staticmethod(turn_words)
    first_mover = staticmethod(first_mover)

    def playsheet(self, ruleset_file, scenario, library) -> list:
        from .sheet import playsheet
        return playsheet(ruleset_file, scenario, library)

    def legend_rows(self, terrain_set, ruleset_file) -> list[tuple[str, str]]:
        from .sheet import legend_rows
        return legend_rows(terrain_set, ruleset_file)

    def elevation_words(self, terrain_set, ruleset_file) -> str:
        from .sheet import elevation_words
        return elevation_words(terrain_set, ruleset_file)

    def action_text(self, state, action) -> str:
        return action_words(action)

    def action_unit(self, action) -> str | None:
        if isinstance(action, Volley):
            return action.attacks[0].unit if action.attacks else None
        if isinstance(action, Strike):
            return None
        return getattr(action, "unit", None)

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

    @staticmethod
    def _odds(o: Odds) -> dict:
        return {"outcomes": {"hit": o.p_hit, "damage": o.p_unsaved, "destroyed": o.p_destroyed,
                             "morale check": o.p_morale_check},
                "needed": o.needed, "save_needed": o.save_needed, "no_attack_reason": o.reason}

    @staticmethod
    def odds_words(odds: dict) -> list[str]:
        """Its odds' outcomes are words already."""
        return outcome_phrases(odds)

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        return self._odds(state_odds(state, attacker_id, target_id))

    def unit_odds(self, library, attacker: tuple, defender: tuple, situation: dict) -> dict:
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
        return self._odds(odds)

    def view(self, state, side: str):
        """Nothing is hidden from a side in Rules of War's engine (spotting limits who may
        be attacked, not what is known)."""
        return state

    def evaluate(self, state, side: str) -> float:
        """Victory points so far, plus the points of the side's units still fighting
        against those of its enemies."""
        me = state.game.side_index[side]
        standing = sum(points_of(state, u) if u.side == me else -points_of(state, u)
                       for u in state.units if u.status == ON and not u.routed)
        return vp_total(state, me) + standing / max(1, len(state.game.sides) - 1)

    def player(self, seed: int, weights=None):
        from .ai import HeuristicAI
        return HeuristicAI(seed, weights) if weights is not None else HeuristicAI(seed)

    def counter_face(self, army_list, unit_type) -> dict:
        """The numbers of a counter (the print export lays Rules of War's out itself, with
        symbols, attack by distance and the routed back's rally number)."""
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

    def __repr__(self) -> str:
        return f"<rules {self.id}>"


RULES = RulesOfWar()
