"""Ability parameters as an editor shows them: what kind of value each takes (from the
catalogue's default), typed text -> value, and an Ability holding only what differs from the
defaults (so saved files stay short).

>>> param_kind("vs_tags", []), param_kind("value", None), param_kind("vs_routed", False)
('tags', 'number', 'bool')
>>> make_ability("charge", {"attack": "2"})
Ability('charge', {'attack': 2})
>>> make_ability("attack-modifier", {"value": ""})
Traceback (most recent call last):
...
ValueError: ability 'attack-modifier' needs parameter 'value': type a number
"""
from __future__ import annotations

from typing import Any, Mapping

from studio.model import Ability
from studio.rulesets import ability_catalogue

from .cell_values import format_number, is_none, parse_ids, parse_number

KIND_WORDS = {"number": "a number", "tags": "tags separated by commas", "text": "a word",
              "bool": "yes or no"}


def param_kind(name: str, default: Any) -> str:
    """'bool', 'number', 'tags' (a list of kebab-case words) or 'text'."""
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, (int, float)):
        return "number"
    if isinstance(default, list):
        return "tags"
    if isinstance(default, str):
        return "text"
    # A required parameter (default None): lists of tags are named so; the rest are numbers.
    return "tags" if name.endswith("tags") else "number"


def format_param(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, (int, float)):
        return format_number(value)
    return str(value)


def parse_param(ability: str, name: str, kind: str, raw: Any) -> Any:
    """The value typed for parameter `name` (None: left empty)."""
    if kind == "bool":
        return bool(raw)
    text = str(raw)
    if is_none(text):
        return None
    where = f"ability {ability!r} parameter {name!r}"
    if kind == "number":
        return parse_number(text, where)
    if kind == "tags":
        return parse_ids(text, f"{where}: tag")
    return text.strip()


def make_ability(name: str, values: Mapping[str, Any]) -> Ability:
    """An Ability from typed values (text, or bool for yes/no parameters); parameters left
    empty or at their default are left out. Raises ValueError naming what is wrong."""
    spec = ability_catalogue().get(name)
    if spec is None:
        raise ValueError(f"ability {name!r} is not in the catalogue; pick a name from the list")
    params: dict[str, Any] = {}
    for key, default in spec.params.items():
        kind = param_kind(key, default)
        value = parse_param(name, key, kind, values.get(key, "" if kind != "bool" else default))
        if value is None:
            if default is None:
                raise ValueError(f"ability {name!r} needs parameter {key!r}: type "
                                 f"{KIND_WORDS[kind]}")
            continue
        if value != default:
            params[key] = value
    return Ability(name, params)
