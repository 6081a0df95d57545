"""Typed ruleset options from a ruleset file, by a spec each ruleset declares.

A spec maps an option name to an `Option` (its type, bounds or choices, and what it means);
`read_options` checks every option of the file against it and returns them typed. A
missing option takes its default; an unknown one, or an override of one, is an error (a
typo must never fall back silently).

>>> spec = {"die": Option(int, 10, low=2, high=100), "zoc": Option(str, "stop", choices=("stop", "none"))}
>>> read_options(spec, {"die": 6}, "ruleset 'x'")
{'die': 6, 'zoc': 'stop'}
>>> read_options(spec, {"die": 1}, "ruleset 'x'")
Traceback (most recent call last):
...
studio.engine.errors.SetupError: ruleset 'x': option die: 1 is below 2
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import SetupError


@dataclass(frozen=True)
class Option:
    type: type                       # int, float, bool, str, list or dict
    default: Any
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    help: str = ""


def check_option(name: str, opt: Option, value: Any, where: str) -> Any:
    """`value` typed for option `name`, or a SetupError naming what is wrong."""
    kind = opt.type
    if kind is bool:
        if not isinstance(value, bool):
            raise SetupError(f"{where}: option {name}: {value!r} is not true/false")
        return value
    if kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (kind is int and not float(value).is_integer()):
            raise SetupError(f"{where}: option {name}: {value!r} is not a "
                             f"{'whole number' if kind is int else 'number'}")
        value = kind(value)
        if opt.low is not None and value < opt.low:
            raise SetupError(f"{where}: option {name}: {value!r} is below {opt.low!r}")
        if opt.high is not None and value > opt.high:
            raise SetupError(f"{where}: option {name}: {value!r} is above {opt.high!r}")
        return value
    if not isinstance(value, kind):
        raise SetupError(f"{where}: option {name}: {value!r} is not a {kind.__name__}")
    if opt.choices is not None and value not in opt.choices:
        raise SetupError(f"{where}: option {name}: {value!r} is not one of "
                         f"{', '.join(map(str, opt.choices))}")
    return value


def read_options(spec: dict[str, Option], values: Mapping[str, Any], where: str,
                 override: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option of `spec`, from `values` (a ruleset file's options) with `override` on
    top; defaults for the missing ones."""
    override = dict(override or {})
    for source, names in (("the ruleset file", values), ("options_override", override)):
        unknown = sorted(set(names) - set(spec))
        if unknown:
            raise SetupError(f"{where}: {source} names unknown option(s) "
                             f"{', '.join(map(repr, unknown))}; known: {', '.join(spec)}")
    out = {}
    for name, opt in spec.items():
        raw = override.get(name, values.get(name, opt.default))
        out[name] = check_option(name, opt, raw, where)
    return out
