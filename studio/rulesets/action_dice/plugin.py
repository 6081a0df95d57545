"""Action Dice behind the kernel's ruleset protocol (`studio.engine.rules.Rules`)."""
from __future__ import annotations

from studio.engine.errors import SetupError
from studio.engine.odds_words import outcome_phrases
from studio.engine.state import ON

from .credits import first_mover, kill_credits
from .options import OPTION_NAMES, defaults, options_from, table_problems
from .play import apply, legal_actions
from .profile import (costing, has_facing, parse_dice, specials_of, stats_problems,
                      weapon_of)
from .setup import new_game
from .state import EndActivation, EndTurn, Melee, Move, Ram, Shoot, Special
from .turns import can_activate
from .vehicles import damage_summary, defense_of
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


class ActionDice:
    """The Action Dice skirmish rules (docs/rulesets/action-dice.md)."""

    id = "action-dice"
    name = "Action Dice Skirmish"
    option_names = OPTION_NAMES
    hidden_information = False
    # S23: the win its rounds decide before any scenario condition, in a report's words
    deciding_causes = {"last-force": "last force on the table"}
    # Printed markers: disorder (any unit), objectives, the round. A failed morale token is
    # the counter's back; the order is rolled each round, so no initiative marker.
    marker_kinds = ("disrupted", "objective", "round")
    unit_markers = ("disrupted",)

    options = staticmethod(options_from)
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    describe = staticmethod(describe)
    kill_credits = staticmethod(kill_credits)
    turn_words = staticmethod(turn_words)
    first_mover = staticmethod(first_mover)

    # -- data ------------------------------------------------------------------------------
    def unit_problems(self, army_list, unit_type) -> list:
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

    def unit_problems_in(self, ruleset_file, army_list, unit_type) -> list:
        """`unit_problems`, and the weapon and specials checked against the tables of the
        list's ruleset file."""
        out = self.unit_problems(army_list, unit_type)
        if out:
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

    def option_problems(self, ruleset_file) -> list:
        from studio.engine.options import read_options

        from .options import SPEC
        try:
            values = read_options(SPEC, dict(ruleset_file.options or {}),
                                  f"ruleset {ruleset_file.id!r}")
        except SetupError as err:
            return [((), str(err))]
        return table_problems(values)

    def unit_costing(self, unit_type) -> tuple[float, str]:
        """The price with the seed's own weapons and specials (no ruleset file at hand)."""
        from studio.points import SKIRMISH_DIVISORS
        return costing(None, unit_type, defaults(), dict(SKIRMISH_DIVISORS))

    def list_costing(self, army_list, unit_type, library) -> tuple[float, str]:
        """The price with the weapons and specials of the list's own ruleset file."""
        from studio.points import skirmish_divisors
        return costing(army_list, unit_type, _ruleset_options(army_list, library),
                       skirmish_divisors(army_list))

    def not_simulated(self, army_list) -> set[str]:
        names = set()
        for ut in army_list.units:
            names.update(a.name for a in ut.abilities)
            specials = (ut.stats or {}).get("specials") or []
            if isinstance(specials, list):
                names.update(s for s in specials if s not in SIMULATED)
        return names

    def test_game_gaps(self, army_list, placed_units) -> list[dict]:
        types = {getattr(ru, "type", ru) for ru in placed_units}
        missing = self.not_simulated(army_list)
        gaps: dict[str, list] = {}
        for ut in army_list.units:
            if ut.id not in types:
                continue
            names = {a.name for a in ut.abilities} | set((ut.stats or {}).get("specials") or [])
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

    def action_from_dict(self, data: dict):
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
        return getattr(action, "unit", None)

    def action_hex(self, state, action):
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        target = getattr(action, "target", None)
        if target is not None:
            t = state.unit(target)
            return t.hex if t.hex >= 0 else None
        return None

    def log_line(self, event):
        if event.kind in ("side-turn", "activated"):
            return None
        return describe(event)

    def log_shown(self, event) -> bool:
        return event.kind not in ("side-turn", "activated")

    # -- seeing ----------------------------------------------------------------------------
    def view(self, state, side: str):
        return state

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

    # -- odds ------------------------------------------------------------------------------
    @staticmethod
    def odds_words(odds: dict) -> list[str]:
        """Its odds' outcomes are words already."""
        return outcome_phrases(odds)

    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        from .odds import state_odds
        return state_odds(state, attacker_id, target_id)

    def action_odds(self, state, action) -> dict:
        """The odds of one attack action (a vehicle's drive into a unit has its own)."""
        from .odds import action_odds
        return action_odds(state, action)

    def unit_odds(self, library, attacker: tuple, defender: tuple, situation: dict) -> dict:
        from .odds import unit_odds
        return unit_odds(library, attacker, defender, situation)

    # -- AI --------------------------------------------------------------------------------
    def evaluate(self, state, side: str) -> float:
        """Points left on the table (by figures, hero dice and vehicle defense) against the
        enemies'."""
        from studio.engine.victory import points_of, standing

        def value(u) -> float:
            share = (u.figures / u.start_figures if u.profile.kind not in ("hero", "vehicle")
                     else u.die / u.profile.die if u.profile.kind == "hero"
                     else defense_of(u) / u.profile.defense)
            return points_of(state, u) * share
        return standing(state, side, value)

    def player(self, seed: int):
        from .ai import ActionDiceAI
        return ActionDiceAI(seed)

    # -- print -----------------------------------------------------------------------------
    def counter_face(self, army_list, unit_type) -> dict:
        from .counter import counter_face
        return counter_face(army_list, unit_type)

    def playsheet(self, ruleset_file, scenario, library) -> list:
        from .sheet import playsheet
        return playsheet(ruleset_file, scenario, library)

    def legend_rows(self, terrain_set, ruleset_file) -> list[tuple[str, str]]:
        from .sheet import legend_rows
        return legend_rows(terrain_set, ruleset_file)

    def elevation_words(self, terrain_set, ruleset_file) -> str:
        from .sheet import elevation_words
        return elevation_words(terrain_set, ruleset_file)

    def __repr__(self) -> str:
        return f"<rules {self.id}>"


RULES = ActionDice()
