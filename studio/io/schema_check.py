"""JSON Schema checks of loaded data, each error turned into a Diagnostic at its source line.

The schemas live in `schemas/` (Draft 2020-12), one per kind plus `defs.schema.json` with
the shared definitions; `$ref`s resolve through a `referencing.Registry` built from those
files, never the network. The shared schemas hold only what every game shares: each
registered game's fragments (the schema of its ruleset files' options) are composed in when
the schemas are read (`compose_games`). Every error is reported, not only the first.
"""
from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from typing import Any, Iterable

import math

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from studio.diagnostics import MAX_FINDINGS_PER_FILE, Diagnostic, more_findings

from .kinds import KINDS, schemas_dir
from .positions import Positions, pointer
from .schema_fastpath import Check, compile_checks, is_multiple, safe

_TYPE_WORDS = {
    "integer": "a whole number", "number": "a number", "string": "text",
    "boolean": "true or false", "object": "a mapping", "array": "a list", "null": "null",
}


def _is_integer(checker: Any, value: Any) -> bool:
    """A whole number as the file wrote it: 7.0 and `!!float 1` are numbers, not integers
    (the model would keep them as floats where counts and ratings must be ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(checker: Any, value: Any) -> bool:
    """A finite number: `.nan` and `.inf` pass no bound and break arithmetic downstream."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)


def _multiple_of(checker: Any, step: Any, value: Any, schema: dict) -> Iterable[ValidationError]:
    if checker.is_type(value, "number") and not is_multiple(value, step):
        yield ValidationError(f"{value!r} is not a multiple of {step}")


StudioValidator = validators.extend(
    Draft202012Validator,
    validators={"multipleOf": _multiple_of},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
        {"integer": _is_integer, "number": _is_number}))


def _games() -> tuple[str, ...]:
    """The registered games: the composed schemas are kept per set of games, so a game
    installed while the studio runs (a test's) is checked by its own fragments."""
    from studio.engine.contract import known_ids
    return known_ids()


def schema_registry() -> tuple[Registry, dict[str, dict]]:
    """(registry of every schema file, schema by kind); read once per process."""
    return _schema_registry(_games())


@lru_cache(maxsize=4)
def _schema_registry(games: tuple[str, ...]) -> tuple[Registry, dict[str, dict]]:
    resources = []
    by_kind: dict[str, dict] = {}
    for path in sorted(schemas_dir().glob("*.schema.json")):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        resources.append((schema["$id"], Resource.from_contents(schema)))
        kind = path.name[: -len(".schema.json")]
        if kind in KINDS:
            by_kind[kind] = schema
    missing = [k for k in KINDS if k not in by_kind]
    if missing:
        raise FileNotFoundError(f"schemas missing in {schemas_dir()}: {', '.join(missing)}")
    by_kind["ruleset"], fragments = compose_games(by_kind["ruleset"])
    by_kind["army-list"], stats = compose_unit_stats(by_kind["army-list"])
    fragments += stats
    # A fragment names no dialect of its own: it is read as the shared schemas are (a
    # `$schema` in it would make jsonschema check it with the stock types, 1.0 an integer).
    resources += [(s["$id"], Resource(contents=s, specification=DRAFT202012)) for s in fragments]
    return Registry().with_resources(resources), by_kind


def compose_games(ruleset_schema: dict) -> tuple[dict, list[dict]]:
    """The ruleset schema with a branch for each registered game that brings the schema of
    its options (`Ruleset.schema.options`): a file whose `system:` names that game (or names
    none, for the default game) has its `options:` checked against it. Returns (the composed
    schema, the fragments, each with its own `$id` beside the shared schemas so that their
    `defs.schema.json` references resolve)."""
    return _compose(ruleset_schema, "system", "options",
                    lambda schema: schema.options,
                    lambda ref: {"properties": {"options": ref}})


def compose_unit_stats(army_list_schema: dict) -> tuple[dict, list[dict]]:
    """The army-list schema with a branch for each registered game that brings the schema of
    a unit type's stats (`Ruleset.schema.unit_stats`): in a list whose `ruleset:` names the
    game's own ruleset file (the one named like the game; none: the default game's), every
    unit type's `stats:` is checked against it, so an error in them is placed at file:line."""
    return _compose(army_list_schema, "ruleset", "unit-stats",
                    lambda schema: schema.unit_stats,
                    lambda ref: {"properties": {"units": {"items": {
                        "properties": {"stats": ref}}}}})


def _compose(shared: dict, selector: str, name: str, fragment_of, then_of
             ) -> tuple[dict, list[dict]]:
    """`shared` with an `if <selector> is the game's id then <then_of($ref)>` branch for each
    registered game whose fragment (`fragment_of(rules.schema)`) is not empty, and the
    fragments, each with its own `$id` (`<game>.<name>.schema.json`)."""
    from studio.engine.contract import all_rules
    base = shared["$id"].rsplit("/", 1)[0]
    branches, fragments = [], []
    for rules in all_rules():
        own = fragment_of(rules.schema)
        if not own:
            continue
        fragment = {**own, "$id": f"{base}/{rules.id}.{name}.schema.json"}
        fragments.append(fragment)
        named: dict = {"properties": {selector: {"const": rules.id}}}
        if not rules.default:              # a file that names none is of the default game
            named["required"] = [selector]
        branches.append({"if": named, "then": then_of({"$ref": fragment["$id"]})})
    composed = dict(shared)
    if branches:
        composed["allOf"] = [*shared.get("allOf", ()), *branches]
    return composed, fragments


def schema(kind: str) -> dict:
    return schema_registry()[1][kind]


def validator(kind: str) -> Draft202012Validator:
    return _validator(kind, _games())


@lru_cache(maxsize=None)
def _validator(kind: str, games: tuple[str, ...]) -> Draft202012Validator:
    registry, by_kind = _schema_registry(games)
    return StudioValidator(by_kind[kind], registry=registry)


def _quick_checks() -> dict[str, Check]:
    return _quick_checks_of(_games())


@lru_cache(maxsize=4)
def _quick_checks_of(games: tuple[str, ...]) -> dict[str, Check]:
    registry, by_kind = _schema_registry(games)
    return {kind: safe(c) for kind, c in compile_checks(registry, by_kind).items()}


def is_valid(data: Any, kind: str) -> bool:
    """Whether `data` is a valid document of `kind` (fast; same verdict as jsonschema)."""
    quick = _quick_checks().get(kind)
    if quick is not None and quick(data):
        return True
    return validator(kind).is_valid(data)


def check(data: Any, kind: str, positions: Positions, filename: str | None) -> list[Diagnostic]:
    """Every schema error of `data` (a document of `kind`), sorted by position.

    A compiled yes/no check answers first; only a document it does not pass goes through
    jsonschema, which finds and locates every error."""
    quick = _quick_checks().get(kind)
    if quick is not None and quick(data):
        return []
    found: list[Diagnostic] = []
    seen: set[tuple] = set()
    more = 0    # findings past the cap: counted, never built (a flood costs little)
    for error in validator(kind).iter_errors(data):
        if len(found) >= MAX_FINDINGS_PER_FILE:
            more += _size(error)
            continue
        made = 0
        for diag in _diagnostics(error, positions, filename, validator(kind)):
            made += 1
            if len(found) >= MAX_FINDINGS_PER_FILE:
                more += _size(error) - made + 1
                break
            key = (diag.line, diag.column, diag.message)
            if key not in seen:
                seen.add(key)
                found.append(diag)
    found.sort(key=lambda d: (d.line or 0, d.column or 0))
    if more:
        found.append(more_findings(filename, more))
    return found


def _size(error: ValidationError) -> int:
    """How many findings `_diagnostics` makes of `error`, without making them."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return len(_unknown_keys(error.instance, error.schema))
    return 1


def _unknown_keys(value: dict, sch: Any) -> list:
    sch = sch if isinstance(sch, dict) else {}
    allowed = sch.get("properties", {})
    patterns = list(sch.get("patternProperties", {}))
    return [key for key in value if key not in allowed
            and not any(re.search(p, str(key)) for p in patterns)]


# -- messages -------------------------------------------------------------------------------
def _show(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _field(path: tuple) -> str:
    """How to name the value at `path` in a message: its key, or "item N of <key>"."""
    if not path:
        return "the file"
    last = path[-1]
    if isinstance(last, int):
        owner = next((p for p in reversed(path[:-1]) if isinstance(p, str)), "the list")
        return f"item {last + 1} of {owner}"
    return f"`{last}`"


def _title(sch: Any, default: str = "this mapping") -> str:
    return sch.get("title", default) if isinstance(sch, dict) else default


def _expected(sch: dict, fallback: str) -> str:
    return sch.get("description") or fallback


def _types(types: Any) -> str:
    if isinstance(types, str):
        types = [types]
    words = [_TYPE_WORDS.get(t, t) for t in types]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _diagnostics(error: ValidationError, positions: Positions, filename: str | None,
                 checker: Draft202012Validator) -> Iterable[Diagnostic]:
    path = tuple(error.absolute_path)
    kw = error.validator
    sch = error.schema if isinstance(error.schema, dict) else {}
    value = error.instance

    def diag(message: str, where: tuple = path, key: bool = False) -> Diagnostic:
        line, column = positions.key_at(where) if key else positions.at(where)
        return Diagnostic("error", "schema", message, file=filename, line=line, column=column,
                          subject="path:" + pointer(where))

    if kw == "additionalProperties" and isinstance(value, dict):
        allowed = list(sch.get("properties", {}))
        patterns = list(sch.get("patternProperties", {}))
        for key in _unknown_keys(value, sch):
            where = path + (key,)
            if allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                extra = " and other snake_case parameters" if patterns else ""
                yield diag(f"unknown key '{key}' in {_title(sch)} (allowed: "
                           f"{', '.join(allowed)}{extra}){hint}", where, key=True)
            else:
                yield diag(f"key '{key}' in {_title(sch)} is not allowed: expected "
                           f"{_expected(sch, 'other keys')}", where, key=True)
        return

    if kw == "required" and isinstance(value, dict):
        # a `then` branch says in its description when its keys are needed
        in_then = "then" in error.absolute_schema_path
        when = f" ({sch['description']})" if in_then and "description" in sch else ""
        missing = [k for k in error.validator_value if k not in value]
        if missing:
            keys = ", ".join(f"'{k}'" for k in missing)
            yield diag(f"missing key{'s' if len(missing) > 1 else ''} {keys} in "
                       f"{_title(sch, 'this mapping')}{when}")
        return

    if kw == "type":
        want = _types(error.validator_value)
        raw = positions.raw(path)
        if raw is not None and not isinstance(value, str) and positions.is_plain(path) \
                and checker.evolve(schema=error.schema).is_valid(raw):
            # e.g. an unquoted hex label: 0503 is a number to YAML, "0503" the label
            yield diag(f"{_field(path)} is {raw}, which YAML reads as {_types(_json_type(value))}; "
                       f"write it in quotes (\"{raw}\") to keep it as text")
            return
        if isinstance(value, float) and value.is_integer() and "integer" in str(
                error.validator_value) and checker.evolve(schema=error.schema).is_valid(int(value)):
            yield diag(f"{_field(path)} is {positions.raw(path) or repr(value)}, a number with "
                       f"a fraction part; write it as the whole number {int(value)}")
            return
        desc = sch.get("description")
        expected = desc if desc else want
        yield diag(f"{_field(path)}: expected {expected}, got {_show(value)}")
        return

    if kw in ("enum", "pattern", "const"):
        fallback = {"enum": "one of " + ", ".join(_show(v) for v in error.validator_value)
                    if kw == "enum" else "",
                    "pattern": f"text matching {error.validator_value}",
                    "const": _show(error.validator_value)}[kw]
        hint = ""
        if kw == "enum" and isinstance(value, str):
            words = [v for v in error.validator_value if isinstance(v, str)]
            close = difflib.get_close_matches(value, words, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
        yield diag(f"{_field(path)} is {_show(value)}; expected {_expected(sch, fallback)}"
                   f"{hint}")
        return

    if kw in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than"}[kw]
        yield diag(f"{_field(path)} is {_show(value)}; it must be {bound} {error.validator_value}")
        return

    if kw == "multipleOf":
        yield diag(f"{_field(path)} is {positions.raw(path) or _show(value)}; expected "
                   f"{_expected(sch, f'a multiple of {error.validator_value}')}")
        return

    if kw == "minLength":
        yield diag(f"{_field(path)} must not be empty")
        return
    if kw == "minItems":
        n = error.validator_value
        yield diag(f"{_field(path)} needs at least {n} item{'s' if n != 1 else ''}")
        return
    if kw == "uniqueItems" and isinstance(value, list):
        seen: list = []
        dups = []
        for item in value:
            if item in seen and item not in dups:
                dups.append(item)
            seen.append(item)
        yield diag(f"{_field(path)} lists {', '.join(_show(d) for d in dups)} more than once")
        return
    if kw == "minProperties":
        yield diag(f"{_field(path)} must not be empty: expected {_expected(sch, 'a mapping')}")
        return
    if kw == "not":
        yield diag(f"{_field(path)}: {_expected(sch, error.message)}")
        return
    yield diag(f"{_field(path)}: {error.message}")


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if value is None:
        return "null"
    return "string"
