"""Weather and wind (M38): the season's d20, its effect on moving, the orcs' dislike of fair
weather, and the wind's morale effect."""
from __future__ import annotations

CODES = {"S": "snow", "SR": "stormy-rain", "R": "rain", "N": "normal", "H": "hot"}
BY_NAME = {v: k for k, v in CODES.items()}


def roll_weather(tables, season: str, dice) -> str:
    return CODES[tables.o["weather_table"][season][dice.roll(20) - 1]]


def move_share(tables, weather: str) -> float:
    return float(tables.o["weather_move"][BY_NAME[weather]])


def orc_weather_morale(tables, weather: str, in_mordor_cloud: bool) -> int:
    return 0 if in_mordor_cloud or weather != "rain" else int(tables.o["orcs_rain_morale"])


def wind_morale(tables, wind: str | None, good: bool) -> int:
    """M38: an east or south-east wind costs Law 1 on each test; a west or north-west one
    costs Evil 1."""
    if wind is None:
        return 0
    key = "law_minus" if good else "evil_minus"
    return -1 if wind in tables.o["wind_morale"][key] else 0
