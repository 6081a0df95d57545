"""Building a Middle Earth game from a scenario (M2): units with their figures and good
order, heroes' defence scores, leaders' charisma, wizards' energy, and the weather."""
from __future__ import annotations

from studio.engine.dice import Dice
from studio.engine.errors import SetupError
from studio.engine.setup import place_units, ruleset_game

from . import leaders, melee, weather
from .options import read_tables
from .profile import Profile
from .state import GameState, UnitState
from .tables import NoCell, Tables


def options_from(ruleset_file, override: dict | None = None) -> dict:
    return read_tables(dict(ruleset_file.options or {}), f"ruleset {ruleset_file.id!r}",
                       override)


def _profile(tables, where):
    def make(army_list, unit_type):
        try:
            return Profile(army_list, unit_type, tables)
        except ValueError as err:
            raise SetupError(f"{where}, army list {army_list.id!r}: {err}") from None
    return make


def check_pairings(tables, units, where: str) -> None:
    """Every body of figures must have a weapon factor against every enemy body: a missing
    chart cell is a setup error naming the pair (never a silent zero)."""
    bodies = [u for u in units if not u.profile.single]
    seen = set()
    for a in bodies:
        for b in bodies:
            if a.side == b.side:
                continue
            key = (a.profile.weapon, b.profile.defends_as)
            if key in seen:
                continue
            seen.add(key)
            try:
                tables.weapon_factor(*key)
            except NoCell as err:
                raise SetupError(f"{where}: unit {a.uid!r} against {b.uid!r}: {err}") from None


def new_game(rules, scenario, library, seed: int = 0, options_override: dict | None = None,
             *, dice=None, unit_points=None) -> GameState:
    game, lists, where = ruleset_game(rules, options_from, scenario, library, seed,
                                      options_override, unit_points)
    tables = Tables(game.options)
    dice = dice if dice is not None else Dice(seed)
    units = []
    for u, ru in place_units(game, scenario, lists, where, _profile(tables, where), UnitState,
                             faced=lambda p: p.faced,
                             may_stand=lambda p, t: t.mp is not None or p.flies):
        p = u.profile
        u.leader = bool(ru.leader) or (p.single and p.charisma >= 7)
        u.figures = u.start_figures = u.round_start_figures = p.figures
        u.org = p.formed_order
        u.open_order = False
        u.engaged = set()
        u.reaction, u.reaction_left = None, 0
        u.acted = u.moved = u.fired = u.shot_at = u.cast_this_round = False
        u.lost_this_round = 0
        u.rest_due = u.charges_in_row = 0
        u.busy = False
        u.won_round = u.lost_round = -99
        u.penalty = 0
        u.half_tested = 0
        u.energy = p.energy
        u.rest_moves = u.semi_moves = 0
        u.disarmed = 0
        u.staff_broken = False
        u.controlled = False
        u.hits_taken = 0
        u.defence = 0
        units.append(u)
    check_pairings(tables, units, where)
    # M36: heroes' defence scores; M17: ordinary leaders' charisma by an average die.
    for u in units:
        p = u.profile
        if p.single:
            u.defence = melee.defence_score(dice, p.hit_dice)
            u.charisma = p.charisma
        elif p.charisma:
            u.charisma = p.charisma
        else:
            u.charisma = leaders.charisma(tables, dice)[1]
    st = GameState().start(game, units, dice)
    st.tables = tables
    wx = game.options["weather"]
    season = game.options.get("season")
    if wx == "roll":
        if season not in tables.o.get("weather_table", {}):
            raise SetupError(f"{where}: weather roll needs a season (spring, summer, autumn, "
                             "winter)")
        wx = weather.roll_weather(tables, season, dice)
    st.weather = wx
    st.cloud = bool(game.options["sauron_cloud"])
    st.daylight = bool(game.options["daylight"])
    st.memory = {}
    events: list = [st.event("weather", weather=wx, wind=game.options.get("wind"))]
    from .turns import start_round
    start_round(st, events)
    st.opening_events = tuple(events)
    return st
