"""A quick yes/no answer to "is this document valid against its schema?".

jsonschema reports every error with its path, which the diagnostics need, but it pays for
that on every node even when a file is fine, and nearly every file a designer loads is.
This module compiles the same schema files (through the same `referencing.Registry`) into
nested closures that only answer yes or no; `schema_check.check` asks it first and runs
jsonschema only when it says no, so the reported errors always come from jsonschema.

The compiled check knows the keywords our schemas use and nothing else (a schema with any
other keyword refuses to compile, and jsonschema then does all the work), and the plain
values YAML gives (dict, list, str, int, float, bool, None) and nothing else: any other
value raises `Unsure` from wherever it is met -- so a `not` or `if` cannot turn doubt into
a yes -- and the top-level check answers no. Tests compare its answers with jsonschema's.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Callable

from referencing import Registry

Check = Callable[[Any], bool]

# Keywords that only describe (no effect on validity).
_ANNOTATIONS = frozenset({"title", "description", "$schema", "$id", "$defs", "$comment",
                          "default", "examples"})
_SUPPORTED = _ANNOTATIONS | frozenset({
    "type", "properties", "patternProperties", "additionalProperties", "required",
    "minProperties", "maxProperties", "items", "minItems", "uniqueItems", "enum", "const", "pattern",
    "minLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "$ref",
    "not", "anyOf", "allOf", "if", "then", "else", "dependentSchemas",
})


class Unsupported(Exception):
    """The schema uses a keyword this compiler does not implement."""


class Unsure(Exception):
    """A value of a type YAML never gives: only jsonschema can judge it."""


_PLAIN = frozenset({dict, list, str, int, float, bool, type(None)})


def _plain(x: Any) -> type:
    cls = x.__class__
    if cls not in _PLAIN:
        raise Unsure(cls.__name__)
    return cls


def _is_number(x: Any) -> bool:
    """As `schema_check`'s type checker: finite numbers only."""
    cls = _plain(x)
    return cls is int or (cls is float and math.isfinite(x))


def _is_integer(x: Any) -> bool:
    """As `schema_check`'s type checker: 7.0 is a number, not an integer."""
    return _plain(x) is int


_TYPE_TESTS: dict[str, Check] = {
    "object": lambda x: _plain(x) is dict,
    "array": lambda x: _plain(x) is list,
    "string": lambda x: _plain(x) is str,
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda x: _plain(x) is bool,
    "null": lambda x: _plain(x) is type(None),
}


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _same(a: Any, b: Any) -> bool:
    """JSON equality as jsonschema sees it for the plain values YAML gives: booleans are
    not numbers, 1 and 1.0 are equal; containers compare element by element."""
    _plain(a), _plain(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return a.__class__ is b.__class__ and a == b
    if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
        return a.__class__ is b.__class__ and a == b
    if _is_number(a) and _is_number(b):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return False


def is_multiple(x: int | float, step: int | float) -> bool:
    """`multipleOf` as jsonschema tests it (float arithmetic first, exact when that
    overflows), also for integers too large for a float, where jsonschema's own test raises."""
    if isinstance(step, float):
        try:
            quotient = x / step
            return int(quotient) == quotient
        except OverflowError:
            return (Fraction(x) / Fraction(step)).denominator == 1
    return not x % step


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    checks_t = tuple(checks)

    def every(x: Any) -> bool:
        for c in checks_t:
            if not c(x):
                return False
        return True
    return every


class Compiler:
    """Compiles schemas found in `registry` into yes/no checks, sharing compiled `$ref`s."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self._done: dict[int, Check] = {}
        self._keep: list[Any] = []     # keep resolved schemas alive: their ids key `_done`

    def compile(self, schema: Any, base_uri: str) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r} is not a mapping or boolean")
        unknown = set(schema) - _SUPPORTED
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        base_uri = schema.get("$id", base_uri)
        checks: list[Check] = []
        if "type" in schema:
            checks.append(self._type(schema["type"]))
        if "$ref" in schema:
            checks.append(self._ref(schema["$ref"], base_uri))
        if "const" in schema:
            want = schema["const"]
            checks.append(lambda x, w=want: _same(x, w))
        if "enum" in schema:
            options = tuple(schema["enum"])
            if all(isinstance(o, str) for o in options):
                allowed = frozenset(options)
                checks.append(lambda x: _plain(x) is str and x in allowed)
            else:
                checks.append(lambda x: any(_same(x, o) for o in options))
        obj = self._object(schema, base_uri)
        if obj is not None:
            checks.append(obj)
        arr = self._array(schema, base_uri)
        if arr is not None:
            checks.append(arr)
        text = self._string(schema)
        if text is not None:
            checks.append(text)
        num = self._numeric(schema)
        if num is not None:
            checks.append(num)
        checks.extend(self._combinators(schema, base_uri))
        return _all(checks)

    # -- keywords ------------------------------------------------------------------------
    def _type(self, types: Any) -> Check:
        if isinstance(types, str):
            return _TYPE_TESTS[types]
        tests = tuple(_TYPE_TESTS[t] for t in types)
        return lambda x: any(t(x) for t in tests)

    def _ref(self, ref: str, base_uri: str) -> Check:
        resolved = self.registry.resolver(base_uri=base_uri).lookup(ref)
        target = resolved.contents
        key = id(target)
        if key not in self._done:
            self._keep.append(target)
            self._done[key] = lambda x: self._done[key](x)   # placeholder for recursion
            inner_base = str(resolved.resolver._base_uri)  # noqa: SLF001 - referencing API
            self._done[key] = self.compile(target, inner_base or base_uri)
        done = self._done

        def ref_check(x: Any) -> bool:
            return done[key](x)
        return ref_check

    def _object(self, schema: dict, base_uri: str) -> Check | None:
        keys = ("properties", "patternProperties", "additionalProperties", "required",
                "minProperties", "maxProperties", "dependentSchemas")
        if not any(k in schema for k in keys):
            return None
        props = {k: self.compile(v, base_uri) for k, v in schema.get("properties", {}).items()}
        patterns = tuple((re.compile(p), self.compile(v, base_uri))
                         for p, v in schema.get("patternProperties", {}).items())
        extra_schema = schema.get("additionalProperties", True)
        extra = None if extra_schema is True else self.compile(extra_schema, base_uri)
        required = tuple(schema.get("required", ()))
        min_props = schema.get("minProperties", 0)
        max_props = schema.get("maxProperties", math.inf)
        dependent = tuple((k, self.compile(v, base_uri))
                          for k, v in schema.get("dependentSchemas", {}).items())

        def check_object(x: Any) -> bool:
            if x.__class__ is not dict:
                _plain(x)
                return True                        # object keywords ignore other types
            for k in required:
                if k not in x:
                    return False
            if not min_props <= len(x) <= max_props:
                return False
            for k, v in x.items():
                if k.__class__ is not str:
                    raise Unsure("a key that is not text")
                c = props.get(k)
                matched = c is not None
                if matched and not c(v):
                    return False
                for pattern, pc in patterns:
                    if pattern.search(k):
                        matched = True
                        if not pc(v):
                            return False
                if not matched and extra is not None and not extra(v):
                    return False
            for k, dc in dependent:
                if k in x and not dc(x):
                    return False
            return True
        return check_object

    def _array(self, schema: dict, base_uri: str) -> Check | None:
        if not any(k in schema for k in ("items", "minItems", "uniqueItems")):
            return None
        items = self.compile(schema["items"], base_uri) if "items" in schema else None
        min_items = schema.get("minItems", 0)
        unique = schema.get("uniqueItems", False)

        def check_array(x: Any) -> bool:
            if x.__class__ is not list:
                _plain(x)
                return True
            if len(x) < min_items:
                return False
            if items is not None:
                for item in x:
                    if not items(item):
                        return False
            if unique and len(x) > 1:
                if all(i.__class__ is str for i in x):
                    return len(set(x)) == len(x)
                for i, a in enumerate(x):
                    for b in x[i + 1:]:
                        if _same(a, b):
                            return False
            return True
        return check_array

    def _string(self, schema: dict) -> Check | None:
        if "pattern" not in schema and "minLength" not in schema:
            return None
        pattern = re.compile(schema["pattern"]).search if "pattern" in schema else None
        min_len = schema.get("minLength", 0)

        def check_string(x: Any) -> bool:
            if x.__class__ is not str:
                _plain(x)
                return True
            if len(x) < min_len:
                return False
            return pattern is None or pattern(x) is not None
        return check_string

    def _numeric(self, schema: dict) -> Check | None:
        bounds = [(k, schema[k]) for k in ("minimum", "maximum", "exclusiveMinimum",
                                           "exclusiveMaximum", "multipleOf") if k in schema]
        if not bounds:
            return None
        step = schema.get("multipleOf")
        lo = schema.get("minimum")
        hi = schema.get("maximum")
        xlo = schema.get("exclusiveMinimum")
        xhi = schema.get("exclusiveMaximum")

        def check_number(x: Any) -> bool:
            if not _is_number(x):
                return True
            if lo is not None and x < lo:
                return False
            if hi is not None and x > hi:
                return False
            if xlo is not None and x <= xlo:
                return False
            if xhi is not None and x >= xhi:
                return False
            return step is None or is_multiple(x, step)
        return check_number

    def _combinators(self, schema: dict, base_uri: str) -> list[Check]:
        out: list[Check] = []
        if "allOf" in schema:
            out.append(_all([self.compile(s, base_uri) for s in schema["allOf"]]))
        if "anyOf" in schema:
            branches = tuple(self.compile(s, base_uri) for s in schema["anyOf"])
            out.append(lambda x: any(b(x) for b in branches))
        if "not" in schema:
            inner = self.compile(schema["not"], base_uri)
            out.append(lambda x: not inner(x))
        if "if" in schema:
            cond = self.compile(schema["if"], base_uri)
            then = self.compile(schema.get("then", True), base_uri)
            other = self.compile(schema.get("else", True), base_uri)
            out.append(lambda x: then(x) if cond(x) else other(x))
        return out


def compile_checks(registry: Registry, schemas: dict[str, dict]) -> dict[str, Check]:
    """A yes/no check per kind; kinds whose schema cannot be compiled are left out."""
    compiler = Compiler(registry)
    out: dict[str, Check] = {}
    for kind, schema in schemas.items():
        try:
            out[kind] = compiler.compile(schema, schema.get("$id", ""))
        except Unsupported:
            continue
    return out


def safe(check: Check) -> Check:
    """`check`, answering no (let jsonschema look) instead of raising."""
    def guarded(x: Any) -> bool:
        try:
            return check(x)
        except (Unsure, RecursionError, TypeError, ValueError):
            return False
    return guarded
