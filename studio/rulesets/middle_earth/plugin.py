"""Middle Earth behind the ruleset contract: the game's calls, its odds, words, playsheet,
counters and AI, each delegated to the module that holds that rule."""
from __future__ import annotations

from studio.engine.errors import SetupError
from studio.engine.state import ON

from .options import OPTION_NAMES, read_tables
from .profile import Profile
from .setup import new_game as _new_game
from .setup import options_from
from .state import Cast, Charge, EndTurn, Fire, Hold, Move
from .tables import Tables
from .words import action_words, describe

# Abilities are not how this game's units differ (their stats do); any ability a list
# gives is reported as not simulated.
SIMULATED: frozenset = frozenset()
NOT_SIMULATED_RULES = ("sieges", "gunpowder", "fire", "scaling-ladders", "boiling-oil",
                       "counter-charges", "elephants-going-wild", "orc-quarrels",
                       "warg-revolt", "darts", "hold-portal", "knock", "talk-to-animals",
                       "light", "neutral-woods", "entering-melees", "open-order-bases")
_UNIT_ACTIONS = {"charge": Charge, "fire": Fire}


class MiddleEarth:
    """The 1976 Middle Earth Wargames Rules (docs/rulesets/middle-earth.md)."""

    id = "middle-earth"
    name = "Middle Earth Wargames Rules (1976)"
    option_names = OPTION_NAMES
    hidden_information = False
    marker_kinds = ("disrupted", "routed", "round")
    unit_markers = ("disrupted", "routed")

    options = staticmethod(options_from)
    describe = staticmethod(describe)

    def new_game(self, scenario, library, seed: int = 0, options_override=None, *, dice=None,
                 unit_points=None):
        if unit_points is None:
            from studio.points import points_function
            unit_points = points_function(library)
        return _new_game(self, scenario, library, seed, options_override, dice=dice,
                         unit_points=unit_points)

    def legal_actions(self, state) -> list:
        from .play import legal_actions
        return legal_actions(state)

    def apply(self, state, action) -> list:
        from .play import apply
        return apply(state, action)

    # -- data ------------------------------------------------------------------------------
    def unit_problems(self, army_list, unit_type) -> list:
        stats = unit_type.stats or {}
        if not isinstance(stats, dict):
            return [(("stats",), "give the unit's Middle Earth stats as a mapping")]
        out = []
        for key in ("type", "class", "alignment"):
            if key not in stats:
                out.append((("stats", key), f"stats.{key} is missing (docs/rulesets/"
                                            "middle-earth.md, M3)"))
        return out

    def unit_problems_in(self, ruleset_file, army_list, unit_type) -> list:
        out = self.unit_problems(army_list, unit_type)
        if out:
            return out
        try:
            tables = Tables(options_from(ruleset_file))
        except SetupError:
            return out
        try:
            Profile(army_list, unit_type, tables)
        except ValueError as err:
            field = next((k for k in ("type", "class", "alignment", "weapon", "defends_as",
                                      "missile") if f"stats.{k}" in str(err)), None)
            out.append((("stats", field) if field else ("stats",), str(err)))
        return out

    def unit_faced(self, army_list, unit_type) -> bool:
        return True

    def option_problems(self, ruleset_file) -> list:
        try:
            read_tables(dict(ruleset_file.options or {}), f"ruleset {ruleset_file.id!r}")
        except SetupError as err:
            return [((), str(err))]
        return []

    def unit_costing(self, unit_type) -> tuple[float, str]:
        raise ValueError("Middle Earth units are priced by the figures-001 formula and the "
                         "1976 points table (docs/points.md)")

    def not_simulated(self, army_list) -> set[str]:
        names = set()
        for ut in army_list.units:
            names.update(a.name for a in ut.abilities)
        return names - SIMULATED

    def test_game_gaps(self, army_list, placed_units) -> list[dict]:
        types = {getattr(ru, "type", ru) for ru in placed_units}
        gaps: dict[str, list] = {}
        for ut in army_list.units:
            if ut.id in types:
                for a in ut.abilities:
                    if a.name not in SIMULATED:
                        gaps.setdefault(a.name, []).append(ut.id)
        return [{"ability": k, "unit_types": v} for k, v in sorted(gaps.items())]

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

    def action_from_dict(self, data: dict):
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
        return getattr(action, "unit", None)

    def action_hex(self, state, action):
        board = state.game.board
        if isinstance(action, Move):
            return board.index_of_label(action.to)
        target = getattr(action, "target", None)
        if target:
            t = state.unit(target)
            return t.hex if t.hex >= 0 else None
        return None

    def turn_words(self, state, who, unit_name, side_name):
        return (f"{side_name(who)} gives its orders", "Pick a unit and its order, or end the "
                                                     "side's orders")

    def log_line(self, event):
        return None if event.kind == "side-turn" else describe(event)

    def log_shown(self, event) -> bool:
        return event.kind != "side-turn"

    def first_mover(self, events):
        for e in events:
            if e.kind == "round":
                return e.data["order"][0]
        return None

    def kill_credits(self, events):
        """(unit, (the unit whose blow or volley it was,), share of the unit) for every loss
        of figures a strike or volley caused; a hero slain is credited whole."""
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

    # -- seeing ----------------------------------------------------------------------------
    def view(self, state, side: str):
        return state

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

    # -- odds ------------------------------------------------------------------------------
    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        from .odds import state_odds
        return state_odds(state, attacker_id, target_id)

    def unit_odds(self, library, attacker: tuple, defender: tuple, situation: dict) -> dict:
        from .odds import unit_odds
        return unit_odds(library, attacker, defender, situation)

    # -- AI --------------------------------------------------------------------------------
    def evaluate(self, state, side: str) -> float:
        from studio.engine.victory import points_of, standing

        def value(u) -> float:
            share = (max(0, u.defence) / max(1, u.profile.hit_dice * 3.5) if u.profile.single
                     else u.figures / u.start_figures)
            return points_of(state, u) * min(1.0, share) * (0.5 if u.routed else 1.0)
        return standing(state, side, value)

    def player(self, seed: int):
        from .ai import MiddleEarthAI
        return MiddleEarthAI(seed)

    # -- print -----------------------------------------------------------------------------
    def counter_face(self, army_list, unit_type) -> dict:
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
                         "kind": "routed"},
                "key": ("class · figures · type", "weapon · missile · side")}

    def playsheet(self, ruleset_file, scenario, library) -> list:
        from .sheet import playsheet
        return playsheet(ruleset_file, scenario, library)

    def __repr__(self) -> str:
        return f"<rules {self.id}>"


RULES = MiddleEarth()
