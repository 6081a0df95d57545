"""Game log files checked line by line before the kernel reads them.

A log is a file like any other a user can be handed: it may not be UTF-8, a line may be a
list or `null`, nest a thousand levels, give the seed as "abc", name a ruleset option with a
value no ruleset file could hold, or point `scenario_path` at any file on the disk.
`checked_log` refuses each of those with a ValueError naming the line, so `studio replay`
and the studio's "open game" answer with a message, never a traceback; what passes is a log
the kernel reads and replays without surprise.

>>> checked_log('{"type": "game", "format": 1, "seed": 3, "scenario": "x"}\\n').seed
3
>>> checked_log('{"type": "game", "format": 1, "seed": "abc"}\\n')
Traceback (most recent call last):
...
ValueError: line 1: the seed is 'abc'; it must be a whole number
"""
from __future__ import annotations

import json
from typing import Any

from studio.engine import GameLog, SetupError, from_jsonl
from studio.engine.rules import rules_named

from .log_closing import split_closing

LOG_FORMATS = (1,)
MAX_LOG_BYTES = 64 * 1024 * 1024       # a long game logs a few megabytes
MAX_LINE_DEPTH = 8                     # real lines nest 3 deep (an action's attack pairs)
SCENARIO_SUFFIXES = (".yaml", ".yml")
LINE_TYPES = ("game", "action", "event", "end")
EXCERPT_CHARS = 60                     # of a bad value quoted back (a line may be megabytes)


def excerpt(value: Any) -> str:
    """`value` as Python shows it, cut to EXCERPT_CHARS with its full length said.

    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1,002 characters)"
    """
    text = repr(value)
    return text if len(text) <= EXCERPT_CHARS else \
        f"{text[:EXCERPT_CHARS]}... ({len(text):,} characters)"


def shortened(message: str, limit: int = 400) -> str:
    """A message cut to `limit` characters (it may quote a line of the log)."""
    return message if len(message) <= limit else \
        f"{message[:limit]}... ({len(message):,} characters in all)"


def decoded(raw: bytes, size: int | None = None) -> str:
    """The log's text; ValueError when it is too large or not UTF-8. `size`: the file's
    size, when only its first MAX_LOG_BYTES + 1 bytes were read."""
    size = len(raw) if size is None else size
    if len(raw) > MAX_LOG_BYTES or size > MAX_LOG_BYTES:
        raise ValueError(f"the game log is {size:,} bytes ({size / (1024 * 1024):,.1f} MiB), "
                         f"over the limit of {MAX_LOG_BYTES // (1024 * 1024)} MiB; a long game "
                         "logs a few megabytes: is it a game log?")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise ValueError(f"line {line}: byte {raw[err.start]:#04x} is not UTF-8; a game log "
                         "is UTF-8 text") from None


def checked_log(text: str) -> GameLog:
    """The log in `text`, once every line has the shape `studio play` writes; ValueError
    with the line number otherwise."""
    return read_log(text)[0]


def read_log(text: str) -> tuple[GameLog, dict | None]:
    """`checked_log`, and the log's closing record (None for a log without one)."""
    body, closing = split_closing(text)
    return _checked_lines(body), closing


def _checked_lines(text: str) -> GameLog:
    header: dict | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        d = _line(line, n)
        if header is None:
            if d.get("type") != "game":
                raise ValueError(f"line {n}: the first line must be the game header "
                                 "{\"type\": \"game\", ...}")
            header = d
            rules = _check_header(d, n)
        elif d["type"] == "game":
            raise ValueError(f"line {n}: a second game header; a log holds one game")
        elif d["type"] == "action":
            _check_action(d.get("action"), n, rules)
        elif d["type"] == "end":
            raise ValueError(f"line {n}: a closing record before the last line; the log was "
                             "joined from pieces or changed")
        else:
            if not isinstance(d.get("kind"), str):
                raise ValueError(f"line {n}: an event needs its `kind` as text")
    if header is None:
        raise ValueError("the game log is empty: expected a header line {\"type\": \"game\", ...}")
    try:
        return from_jsonl(text)
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        raise ValueError(shortened(str(err))) from None


def header_scenario_path(header: dict) -> str | None:
    """The header's `scenario_path` when it names a scenario file (.yaml or .yml); None when
    it names none. ValueError when it names anything else."""
    path = header.get("scenario_path")
    if path is None or path == "":
        return None
    if not isinstance(path, str):
        raise ValueError(f"line 1: scenario_path is {excerpt(path)}; it must be the path of a "
                         "scenario file, as text")
    if not path.lower().endswith(SCENARIO_SUFFIXES) or "\0" in path:
        raise ValueError(f"line 1: scenario_path {excerpt(path)} does not name a scenario "
                         "file "
                         "(.yaml); give the scenario with --scenario FILE")
    return path


def _line(line: str, n: int) -> dict:
    try:
        d = json.loads(line)
    except RecursionError:
        raise ValueError(f"line {n}: lists and objects nest too deep for a game log") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"line {n}: not JSON ({err.msg})") from None
    except ValueError:                    # Python refuses integers of over 4,300 digits
        raise ValueError(f"line {n}: a number too long to read; no game log holds one") from None
    if not isinstance(d, dict):
        raise ValueError(f"line {n}: expected a JSON object {{\"type\": ...}}, got "
                         f"{_kind(d)}")
    if _depth(d) > MAX_LINE_DEPTH:
        raise ValueError(f"line {n}: lists and objects nest more than {MAX_LINE_DEPTH} deep; "
                         "no game log line does")
    if d.get("type") not in LINE_TYPES:
        raise ValueError(f"line {n}: unknown line type {excerpt(d.get('type'))}; expected one "
                         "of "
                         f"{', '.join(LINE_TYPES)}")
    return d


def _check_header(d: dict, n: int):
    """The ruleset the header names, once the header is sound."""
    fmt = d.get("format")
    if type(fmt) is not int or fmt not in LOG_FORMATS:
        raise ValueError(f"line {n}: log format {excerpt(fmt)} is not one this studio reads "
                         f"({', '.join(map(str, LOG_FORMATS))}); it was written by another "
                         "version, or is not a game log")
    seed = d.get("seed")
    if seed is not None and type(seed) is not int:
        raise ValueError(f"line {n}: the seed is {excerpt(seed)}; it must be a whole number")
    scenario = d.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise ValueError(f"line {n}: the scenario id is {excerpt(scenario)}; it must be text")
    header_scenario_path(d)
    named = d.get("rules")
    if named is not None and not isinstance(named, str):
        raise ValueError(f"line {n}: the ruleset is {excerpt(named)}; it must be a ruleset's "
                         "id")
    try:
        rules = rules_named(named)
    except SetupError as err:
        raise ValueError(f"line {n}: {shortened(str(err))}") from None
    override = d.get("options_override")
    if override is None:
        return rules
    if not isinstance(override, dict):
        raise ValueError(f"line {n}: options_override is {_kind(override)}; it must be an "
                         "object of ruleset option names and values")
    # Values are checked where the game is set up (the ruleset's options name a bad one).
    for name in override:
        if name not in rules.option_names:
            raise ValueError(f"line {n}: options_override: unknown option {excerpt(name)} of "
                             f"{rules.name}; known options: {', '.join(rules.option_names)}")
    return rules


def _check_action(action: Any, n: int, rules) -> None:
    if not isinstance(action, dict):
        raise ValueError(f"line {n}: an action line needs `action` as an object")
    kind = action.get("type")
    try:
        cls = type(rules.action_from_dict(action))
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        raise ValueError(f"line {n}: {shortened(str(err))}") from None
    if not hasattr(cls, "_field_defaults"):
        return      # not a named tuple: the ruleset's decoder is the only check
    fields = {k: _annotation_text(a) for k, a in cls.__annotations__.items()}
    for key, value in action.items():
        if key == "type":
            continue
        if key not in fields:
            raise ValueError(f"line {n}: a {excerpt(kind)} action has no field {excerpt(key)}")
        if not _fits(fields[key], key, value):
            raise ValueError(f"line {n}: {excerpt(kind)} field {key!r} is {excerpt(value)}, "
                             "which is not "
                             f"{fields[key]}")
    missing = [k for k in fields if k not in action and k not in cls._field_defaults]
    if missing:
        raise ValueError(f"line {n}: a {excerpt(kind)} action needs {', '.join(missing)}")


def _annotation_text(annotation: Any) -> str:
    """'str', 'str | None', 'tuple', ... however the NamedTuple keeps the annotation."""
    annotation = getattr(annotation, "__forward_arg__", annotation)
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__",
                                                                  str(annotation))


def _fits(annotation: str, key: str, value: Any) -> bool:
    """Whether `value` (from JSON) fits the action field's annotation, as `studio play`
    writes it: names and labels as text, lists of them, attack pairs, sign ±1."""
    if value is None:
        return "None" in annotation
    if annotation.startswith("str"):
        return isinstance(value, str)
    if annotation == "bool":
        return isinstance(value, bool)
    if annotation == "int":
        return type(value) is int and value in (-1, 1)
    if annotation.startswith("tuple"):
        if not isinstance(value, list):
            return False
        if key == "attacks":
            return all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
                       for p in value)
        return all(isinstance(x, str) for x in value)
    return False


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, depth)
            if depth > MAX_LINE_DEPTH:
                return depth
            stack.extend((child, depth + 1) for child in
                         (node.values() if isinstance(node, dict) else node))
    return deepest


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {list: "a list", str: "text", bool: "true or false", dict: "an object"}.get(
        type(value), "a number")
