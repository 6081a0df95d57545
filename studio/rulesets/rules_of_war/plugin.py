"""Rules of War behind the kernel's ruleset protocol (`studio.engine.rules.Rules`)."""
from __future__ import annotations

from studio.engine.state import ON
from studio.engine.victory import points_of, vp_total

from .abilities import not_simulated
from .actions import action_from_dict, action_to_dict
from .event_words import describe
from .log_words import is_shown, log_line
from .options import OPTION_NAMES, options_from
from .play import apply, legal_actions
from .setup import new_game
from .test_game_gaps import test_game_gaps

UNIT_FIELDS = ("move", "attack", "defense", "hits", "morale")


class RulesOfWar:
    """The Warpspawn d10 rules (docs/rulesets/rules-of-war.md, R1-R40)."""

    id = "rules-of-war"
    name = "Rules of War"
    unit_fields = UNIT_FIELDS
    option_names = OPTION_NAMES
    hidden_information = False

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
