"""Quick and Dirty behind the kernel's ruleset protocol (`studio.engine.rules.Rules`)."""
from __future__ import annotations

from studio.engine.victory import standing
from studio.engine.visibility import masked

from .combat import attack_odds, eligible_attackers, strength
from .credits import first_mover, kill_credits
from .options import OPTION_NAMES, options_from
from .play import apply, legal_actions
from .profile import costing, stats_problems
from .setup import new_game
from .state import Attack, EndPhase, Move
from .words import action_words, describe, odds_words, turn_words



class QuickAndDirty:
    """The Quick and Dirty System for Mass Combat (docs/rulesets/quick-and-dirty.md)."""

    id = "quick-and-dirty"
    name = "Quick and Dirty Mass Combat"
    option_names = OPTION_NAMES
    hidden_information = True
    # Q22-Q23: the wins its turns decide before any scenario condition, in a report's words
    deciding_causes = {"army-break": "enemy army broke",
                       "last-army": "last army on the field"}

    options = staticmethod(options_from)
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    describe = staticmethod(describe)

    # -- data ------------------------------------------------------------------------------
    def unit_problems(self, army_list, unit_type) -> list:
        out = stats_problems(unit_type.stats)
        if unit_type.move is None:
            out.append((("move",), "a Quick and Dirty unit needs a move (hexes)"))
        return out

    def option_problems(self, ruleset_file) -> list:
        """(path inside the options, message) for a bad option or combat chart."""
        from .chart import chart_problems
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

    def unit_costing(self, unit_type) -> tuple[float, str]:
        return costing(unit_type.stats)

    def not_simulated(self, army_list) -> set[str]:
        """Abilities are descriptions here (dragon breath, magic): the seed leaves their
        effects to the game master, so the engine plays none of them."""
        names = set()
        for ut in army_list.units:
            names.update(a.name for a in ut.abilities)
        return names

    def test_game_gaps(self, army_list, placed_units) -> list[dict]:
        types = {getattr(ru, "type", ru) for ru in placed_units}
        gaps: dict[str, list] = {}
        for ut in army_list.units:
            if ut.id in types:
                for a in ut.abilities:
                    gaps.setdefault(a.name, []).append(ut.id)
        return [{"ability": k, "unit_types": v} for k, v in sorted(gaps.items())]

    # -- actions ---------------------------------------------------------------------------
    def action_to_dict(self, action) -> dict:
        if isinstance(action, Move):
            return {"type": "move", "unit": action.unit, "to": action.to, "facing": action.facing}
        if isinstance(action, Attack):
            return {"type": "attack", "target": action.target, "units": list(action.units)}
        if isinstance(action, EndPhase):
            return {"type": "end-phase", "phase": action.phase}
        raise ValueError(f"not a Quick and Dirty action: {action!r}")

    def action_from_dict(self, data: dict):
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
    def view(self, state, side: str):
        return masked(state, state.game.side_index[side])

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

    # -- odds ------------------------------------------------------------------------------
    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        a = state.unit(attacker_id)
        t = state.unit(target_id)
        if state.phase != "combat" or a.side != state.order[state.active] or a.attacked:
            raise ValueError(f"{attacker_id} may not attack now")
        group = eligible_attackers(state, t)
        if a not in group or t.i in state.attacked_targets:
            raise ValueError(f"{attacker_id} may not attack {target_id}")
        return attack_odds(state, [a], t)

    odds_words = staticmethod(odds_words)

    def action_odds(self, state, action) -> dict:
        """The odds of one attack with every unit it joins (Q11), not the first alone."""
        if not isinstance(action, Attack):
            raise ValueError(f"{action!r} is not an attack")
        t = state.unit(action.target)
        return attack_odds(state, [state.unit(u) for u in action.units], t)

    def unit_odds(self, library, attacker: tuple, defender: tuple, situation: dict) -> dict:
        from .odds import unit_odds
        return unit_odds(library, attacker, defender, situation)

    # -- AI --------------------------------------------------------------------------------
    def evaluate(self, state, side: str) -> float:
        """Strength on the field (a flipped unit counts three quarters) against the
        enemies' average."""
        return standing(state, side, lambda u: strength(u) * (0.75 if u.flipped else 1.0))

    def player(self, seed: int):
        from .ai import QuickAndDirtyAI
        return QuickAndDirtyAI(seed)

    # -- print -----------------------------------------------------------------------------
    def counter_face(self, army_list, unit_type) -> dict:
        from .counter import counter_face
        return counter_face(army_list, unit_type)

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

    def __repr__(self) -> str:
        return f"<rules {self.id}>"


RULES = QuickAndDirty()
