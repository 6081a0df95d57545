"""Bytes of a designer's file -> plain Python data plus source positions, or diagnostics.

Only the safe subset of YAML a designer needs is accepted: mappings, lists, strings,
numbers, booleans and null. Refused, each with a diagnostic at the offending line:
anchors and aliases (`yaml-alias`: how "billion laughs" files explode), duplicate keys
(`yaml-duplicate-key`), tags naming Python objects or other types (`yaml-tag`), files over
8 MiB (`file-too-large`) or of over 40,000 lines (`file-too-long`: the largest
library file has a few hundred, a 300 × 300 map with elevation and 2,000 units in block
style under 15,000; every line of data costs schema checks, and 40,000 of them validate
in under 2 s: benchmarks/bench_validate_limits.py), bytes that are not UTF-8
(`encoding`), tabs in indentation (`yaml-tab`), other syntax errors (`yaml-syntax`),
nesting deeper than any real file (`yaml-too-deep`), numbers that cannot be read
(`yaml-number`: over 4,300 digits, or `!!int abc`), an empty file (`empty-file`) and a top
level that is not a mapping (`top-level-not-mapping`).

libyaml (`CSafeLoader`) composes the node tree once; one pass over it builds the data, so
loading costs about what a bare `yaml.load` does, and the tree is kept for positions.

>>> src = parse_yaml(b"kind: army\\nunits:\\n  - {type: hoplites, count: 8}\\n")
>>> src.data
{'kind': 'army', 'units': [{'type': 'hoplites', 'count': 8}]}
>>> src.positions.at(("units", 0, "count"))
(3, 29)
>>> [d.code for d in parse_yaml(b"a: &x 1\\nb: *x\\n").diagnostics]
['yaml-alias']
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.diagnostics import Diagnostic

from .positions import Positions

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 8 * 1024 * 1024
MAX_LINES = 40_000             # a 98,000-line file of objectives took 4 s to check
MAX_DEPTH = 64                 # real files nest about 6 deep; jsonschema recurses per level
_C_COMPOSER_SAFE_OPENERS = 5000   # libyaml's C composer recurses; far below its stack limit

_TAG = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ = _TAG + "str", _TAG + "map", _TAG + "seq"
_NULL, _BOOL, _INT, _FLOAT = _TAG + "null", _TAG + "bool", _TAG + "int", _TAG + "float"
# Plain scalars that YAML 1.1 resolves to these stay the text the designer wrote: no file
# format uses dates, and `<<` / `=` have no meaning without merge keys.
_AS_TEXT = {_TAG + "timestamp", _TAG + "merge", _TAG + "value"}
_BOOLS = SafeConstructor.bool_values
_SCALARS = SafeConstructor()

# An anchor or alias token starts with & or * right after whitespace or a flow indicator.
# Text that merely might hold one (a note saying "*hero") takes the exact, slower event scan.
_ANCHOR_MARK = re.compile(r"[&*][^\s]")
_TOKEN_BEFORE = frozenset(" \t\r\n[{,:")


def _maybe_anchor(text: str) -> bool:
    if "&" not in text and "*" not in text:
        return False
    for m in _ANCHOR_MARK.finditer(text):
        i = m.start()
        if i == 0 or text[i - 1] in _TOKEN_BEFORE:
            return True
    return False


@dataclass(slots=True)
class YamlSource:
    """What reading one file gave: the data and positions, or the reasons there are none."""
    data: dict[str, Any] | None
    positions: Positions
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | None = None


def _error(code: str, message: str, filename: str | None, line: int | None = None,
           column: int | None = None, subject: str | None = None) -> Diagnostic:
    return Diagnostic("error", code, message, file=filename, line=line, column=column,
                      subject=subject)


def _failed(diag: Diagnostic, text: str | None = None) -> YamlSource:
    return YamlSource(None, Positions(), [diag], text)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB ({n} bytes)"
    return f"{n} bytes"


def too_large(size: int, filename: str | None) -> Diagnostic:
    return _error("file-too-large",
                  f"the file is {_size(size)}, over the limit of {_size(MAX_BYTES)}; "
                  "split it or check that it is the file you meant", filename)


def read_source(path: str | os.PathLike) -> bytes | Diagnostic:
    """The file's bytes, or a diagnostic. A file over the limit is refused from its size
    alone, before any of it is read."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_BYTES:
                return too_large(size, name)
            raw = f.read(MAX_BYTES + 1)      # the file may have grown since the stat
    except IsADirectoryError:
        return _error("read", f"{name} is a folder, not a file", name)
    except FileNotFoundError:
        return _error("read", f"no such file: {name}", name)
    except OSError as e:
        return _error("read", f"cannot read {name}: {e.strerror or e}", name)
    if len(raw) > MAX_BYTES:
        return too_large(len(raw), name)
    return raw


def _decode(raw: bytes, filename: str | None) -> str | Diagnostic:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, e.start) + 1
        column = len(raw[line_start:e.start].decode("utf-8", "replace")) + 1
        bad = raw[e.start:max(e.end, e.start + 1)].hex(" ")
        hint = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        return _error("encoding",
                      f"the file is not UTF-8{hint}: byte(s) {bad} at line {line}, column "
                      f"{column} cannot be decoded; save the file as UTF-8", filename,
                      line, column)


def _line_col(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _syntax_error(e: yaml.YAMLError, text: str, filename: str | None) -> Diagnostic:
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    if mark is None and isinstance(e, yaml.reader.ReaderError):
        index = e.position
        if Loader is not yaml.SafeLoader:     # libyaml counts bytes of the UTF-8 text
            index = len(text.encode("utf-8", "surrogatepass")[:index].decode("utf-8", "ignore"))
        line, column = _line_col(text, index)
        char = chr(e.character) if isinstance(e.character, int) else e.character
        return _error("yaml-syntax",
                      f"character {char!r} (U+{ord(char):04X}) is not allowed "
                      "in YAML: remove it or write it as an escape inside double quotes",
                      filename, line, column)
    if mark is None:
        return _error("yaml-syntax", f"YAML error: {e}", filename)
    line, column = mark.line + 1, mark.column + 1
    lines = text.split("\n")
    for where in {mark.line, getattr(getattr(e, "context_mark", None), "line", mark.line)}:
        if 0 <= where < len(lines):
            row = lines[where]
            indent = row[:len(row) - len(row.lstrip(" \t"))]
            if "\t" in indent:
                return _error("yaml-tab",
                              f"a tab in the indentation of line {where + 1}: YAML needs "
                              "indent with spaces, not tabs", filename, where + 1,
                              indent.index("\t") + 1)
    problem = getattr(e, "problem", None) or str(e)
    if "maximum nesting depth" in problem:          # libyaml's own limit on flow nesting
        return _error("yaml-too-deep", f"lists and mappings nest more than {MAX_DEPTH} deep "
                      "here; no file format needs that", filename, line, column)
    context = getattr(e, "context", None)
    context_mark = getattr(e, "context_mark", None)
    if context and context_mark is not None and context_mark.line != mark.line:
        context += f" that starts at line {context_mark.line + 1}, column {context_mark.column + 1}"
    message = f"{problem} ({context})" if context else problem
    return _error("yaml-syntax", f"YAML syntax error: {message}", filename, line, column)


def _scan_events(text: str, filename: str | None) -> list[Diagnostic]:
    """The exact check for anchors, aliases and runaway nesting, from libyaml's events.

    Run only when a cheap look at the text says the file might hold any of them."""
    diags: list[Diagnostic] = []
    depth = 0
    first_alias = first_anchor = None
    aliases = anchors = 0
    for event in yaml.parse(text, Loader=Loader):
        cls = type(event)
        if cls is yaml.AliasEvent:
            aliases += 1
            first_alias = first_alias or event
            continue
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            anchors += 1
            first_anchor = first_anchor or event
        if cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                diags.append(_error("yaml-too-deep",
                                    f"lists and mappings nest more than {MAX_DEPTH} deep here; "
                                    "no file format needs that", filename, mark.line + 1,
                                    mark.column + 1))
                return diags
        elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
            depth -= 1
    if first_alias is not None:
        mark = first_alias.start_mark
        more = f" ({aliases} aliases and {anchors} anchors in the file)" if aliases > 1 else ""
        diags.append(_error("yaml-alias",
                            f"alias *{first_alias.anchor} is not allowed{more}: write the value "
                            "out in full (anchors and aliases are refused because they can make "
                            "a small file expand without bound)", filename, mark.line + 1,
                            mark.column + 1))
    elif first_anchor is not None:
        mark = first_anchor.start_mark
        diags.append(_error("yaml-alias",
                            f"anchor &{first_anchor.anchor} is not allowed: remove it "
                            "(anchors and aliases are refused)", filename, mark.line + 1,
                            mark.column + 1))
    return diags


def _needs_event_scan(text: str) -> bool:
    if _maybe_anchor(text):
        return True
    openers = (text.count("[") + text.count("{") + text.count("- ") + text.count("-\n")
               + text.count("-\t") + text.count("? "))
    return openers > _C_COMPOSER_SAFE_OPENERS


class _Builder:
    """One pass over the node tree: plain data, with every refusal recorded."""

    __slots__ = ("filename", "diagnostics")

    def __init__(self, filename: str | None):
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []

    def _refuse(self, code: str, message: str, node: Node) -> None:
        mark = node.start_mark
        self.diagnostics.append(_error(code, message, self.filename, mark.line + 1,
                                       mark.column + 1))

    def _bad_tag(self, node: Node) -> None:
        tag = node.tag
        shown = "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag
        self._refuse("yaml-tag", f"tag {shown} is not allowed: files hold only mappings, lists, "
                     "text, numbers, true/false and null; remove the tag", node)

    def scalar(self, node: ScalarNode) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _INT or tag == _FLOAT:
            try:
                if tag == _FLOAT:
                    return _SCALARS.construct_yaml_float(node)
                value = node.value
                if value.isdigit() and (value[0] != "0" or value == "0"):
                    return int(value)
                return _SCALARS.construct_yaml_int(node)
            except (ValueError, TypeError, yaml.YAMLError):
                # Python refuses integers of over 4,300 digits; `!!int abc` is no number
                value = node.value
                if len(value) > 20:
                    message = (f"a number of {len(value)} characters ({value[:12]}...) cannot "
                               "be read; no value in these files needs that many digits")
                else:
                    message = f"{value!r} is not a number; remove the tag or write a number"
                self._refuse("yaml-number", message, node)
                return None
        if tag == _NULL:
            return None
        if tag == _BOOL:
            return _BOOLS[node.value.lower()]
        if tag in _AS_TEXT:
            return node.value
        self._bad_tag(node)
        return None

    def build(self, node: Node, depth: int) -> Any:
        cls = node.__class__
        if cls is ScalarNode:
            if node.tag == _STR:
                return node.value
            return self.scalar(node)
        if depth > MAX_DEPTH:
            self._refuse("yaml-too-deep", f"lists and mappings nest more than {MAX_DEPTH} deep "
                         "here; no file format needs that", node)
            raise _TooDeep
        depth += 1
        if cls is MappingNode:
            if node.tag != _MAP:
                self._bad_tag(node)
                return None
            out: dict[str, Any] = {}
            build = self.build
            for knode, vnode in node.value:
                if knode.__class__ is not ScalarNode:
                    self._refuse("yaml-key", "a key must be a plain word, not a list or mapping",
                                 knode)
                    continue
                key = knode.value       # keys stay the text written: `1:` is the key "1"
                if key in out:
                    self._duplicate(node, knode, key)
                    continue
                out[key] = build(vnode, depth) if vnode.__class__ is not ScalarNode \
                    or vnode.tag != _STR else vnode.value
            return out
        if cls is SequenceNode:
            if node.tag != _SEQ:
                self._bad_tag(node)
                return None
            build = self.build
            return [build(item, depth) for item in node.value]
        self._refuse("yaml-syntax", "unexpected YAML node", node)
        return None

    def _duplicate(self, mapping: MappingNode, knode: ScalarNode, key: str) -> None:
        first = next(k for k, _ in mapping.value if isinstance(k, ScalarNode) and k.value == key)
        self._refuse("yaml-duplicate-key",
                     f"key {key!r} appears twice in this mapping (first at line "
                     f"{first.start_mark.line + 1}); keep one of them", knode)


class _TooDeep(Exception):
    pass


def parse_yaml(raw: bytes | str, filename: str | None = None) -> YamlSource:
    """Parse one file's content. Never raises on bad input: problems come back as
    diagnostics (and then `data` is None)."""
    if isinstance(raw, str):
        text: str | Diagnostic = raw
        if len(raw) > MAX_BYTES // 4 and len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            return _failed(too_large(len(raw.encode("utf-8", "surrogatepass")), filename))
        if text.startswith("\ufeff"):
            text = text[1:]
    else:
        if len(raw) > MAX_BYTES:
            return _failed(too_large(len(raw), filename))
        text = _decode(raw, filename)
        if isinstance(text, Diagnostic):
            return _failed(text)
    lines = text.count("\n")
    if lines > MAX_LINES:
        return _failed(_error("file-too-long", f"the file has {lines:,} lines, over the limit of "
                              f"{MAX_LINES:,}; no file format needs that many: check that it is "
                              "the file you meant", filename, MAX_LINES + 1, 1))
    try:
        if _needs_event_scan(text):
            refused = _scan_events(text, filename)
            if refused:
                return YamlSource(None, Positions(), refused, text)
        loader = Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        if "nesting depth" in str(getattr(e, "problem", "") or ""):
            # PyYAML 6.0.4 and later stop at their own depth limit, before our scan does
            mark = getattr(e, "problem_mark", None)
            line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
            return _failed(_error("yaml-too-deep", "lists and mappings nest too deep here; no "
                                  "file format needs that", filename, line, column), text)
        return _failed(_syntax_error(e, text, filename), text)
    except RecursionError:        # only the pure-Python composer gets here
        return _failed(_error("yaml-too-deep", "lists and mappings nest too deep; no file "
                              "format needs that", filename), text)
    except (ValueError, TypeError) as e:        # e.g. a surrogate in a str that is not text
        return _failed(_error("encoding", f"the text cannot be read: {e}", filename), text)

    if root is None or (isinstance(root, ScalarNode) and root.tag == _NULL
                        and root.value == ""):
        return _failed(_error("empty-file", "the file is empty: it needs at least `kind:` and "
                              "`format:`", filename, 1, 1), text)
    positions = Positions(root, text)
    if not isinstance(root, MappingNode) or root.tag != _MAP:
        what = {ScalarNode: "a single value", SequenceNode: "a list"}.get(type(root), "not a mapping")
        mark = root.start_mark
        return YamlSource(None, positions, [_error(
            "top-level-not-mapping",
            f"the top level is {what}; a file must be a mapping of keys such as `kind:` and "
            "`format:`", filename, mark.line + 1, mark.column + 1)], text)
    builder = _Builder(filename)
    try:
        data = builder.build(root, 0)
    except _TooDeep:
        data = None
    except (ValueError, TypeError, yaml.YAMLError) as e:   # a number YAML cannot convert
        builder.diagnostics.append(_error("yaml-syntax", f"cannot read a value: {e}", filename))
    if builder.diagnostics:
        return YamlSource(None, positions, builder.diagnostics, text)
    return YamlSource(data, positions, [], text)
