"""Plain data -> YAML text in the house style of docs/formats.md.

Mappings are written in block style in their given key order, except `Flow` mappings, which
stay on one line (`{type: hoplites, count: 8}`). Lists of plain values are written inline
(`[infantry, heavy]`), lists holding mappings one item per line. Multi-line text becomes a
literal block (`|`), so map rows stay one per line. Strings are quoted (double quotes) only
when YAML would otherwise read them as something else or cannot hold them bare; anything
that looks like a number ("0503", "1/2" excepted) is always quoted so labels stay text.

>>> print(dump_data({"kind": "army", "units": [Flow({"type": "hoplites", "hex": "0503"})],
...                  "tags": ["a", "b"], "notes": "two\\nlines\\n"}), end="")
kind: army
units:
  - {type: hoplites, hex: "0503"}
tags: [a, b]
notes: |
  two
  lines
"""
from __future__ import annotations

import io
import math
import re
from typing import Any

import yaml
from yaml.emitter import Emitter
from yaml.nodes import ScalarNode

INDENT = 2


class Flow(dict):
    """A mapping the writer keeps on one line, `{a: 1, b: 2}`."""

    __slots__ = ()


class Block(list):
    """A list the writer puts one item a line even when its items are plain (a map's
    hexside edges: adding or removing one is then a one-line diff)."""

    __slots__ = ()


class Quoted(str):
    """Text the writer always puts in double quotes (terrain symbols, as formats.md does)."""

    __slots__ = ()


_ANALYSER = Emitter(io.StringIO(), allow_unicode=True)
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"
# Labels ("0503"), rectangles ("0101-0620"), fractions ("1/2") and bands ("2-5", "6+") are
# always quoted, as docs/formats.md writes them, so no YAML reader takes them for numbers.
_NUMBER_LIKE = re.compile(r"[-+.]?[0-9][0-9_,.:/+eE-]*")


def _printable(ch: str) -> bool:
    o = ord(ch)
    # YAML's printable set, less the characters libyaml would read as line breaks
    return (0x20 <= o <= 0x7E or 0xA0 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD
            or 0x10000 <= o <= 0x10FFFF) and o not in (0x2028, 0x2029, 0xFEFF)


def double_quoted(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif _printable(ch):
            out.append(ch)
        else:
            o = ord(ch)
            out.append(f"\\x{o:02X}" if o <= 0xFF else f"\\u{o:04X}" if o <= 0xFFFF
                       else f"\\U{o:08X}")
    out.append('"')
    return "".join(out)


def _plain_ok(text: str, flow: bool) -> bool:
    if not text or _NUMBER_LIKE.fullmatch(text):
        return False
    if any(not _printable(ch) for ch in text):
        return False
    if _RESOLVER.resolve(ScalarNode, text, (True, False)) != _STR_TAG:
        return False
    analysis = _ANALYSER.analyze_scalar(text)
    return analysis.allow_flow_plain if flow else analysis.allow_block_plain


def string(text: str, flow: bool = False) -> str:
    """A one-line string as a YAML scalar: bare when that reads back the same, else quoted."""
    return text if _plain_ok(text, flow) else double_quoted(text)


def number(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "e" in text:            # YAML 1.1 floats need a dot and a signed exponent: 1.0e-05
        mantissa, exponent = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        if exponent[0] not in "+-":
            exponent = "+" + exponent
        text = f"{mantissa}e{exponent}"
    return text


def scalar(value: Any, flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number(value)
    if isinstance(value, str):
        return double_quoted(value) if isinstance(value, Quoted) else string(value, flow)
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) to YAML: expected "
                    "text, a number, true/false, null, a list or a mapping")


def _literal_ok(text: str) -> bool:
    """Whether `text` reads back unchanged from a literal block with detected indentation."""
    if not text.strip(" \n") or any(not _printable(ch) for ch in text if ch != "\n"):
        return False
    for line in text.split("\n"):
        if line.strip(" "):
            return not line.startswith(" ")   # the first content line sets the indentation
        if line:
            return False      # spaces-only lines before it would confuse that detection


def literal(text: str, indent: int) -> list[str]:
    """A literal block: the header indicator, then the content lines."""
    if text.endswith("\n\n"):
        header, body = "|+", text[:-1]
    elif text.endswith("\n"):
        header, body = "|", text[:-1]
    else:
        header, body = "|-", text
    pad = " " * indent
    return [header] + [pad + line if line else "" for line in body.split("\n")]


def flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{string(str(k), True)}: {flow(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str) and "\n" in value:
        return double_quoted(value)
    return scalar(value, flow=True)


def _is_flat(items: list) -> bool:
    return all(not isinstance(v, (dict, list, tuple)) for v in items)


def _value(key_text: str, value: Any, indent: int, lines: list[str]) -> None:
    """`key_text` ("name:" or "-") followed by `value` at `indent`."""
    pad = " " * indent
    if isinstance(value, Flow) or (isinstance(value, dict) and not value):
        lines.append(f"{pad}{key_text} {flow(value)}")
    elif isinstance(value, dict):
        if key_text == "-":
            _mapping(value, indent + INDENT, lines, first_prefix=f"{pad}- ")
        else:
            lines.append(f"{pad}{key_text}")
            _mapping(value, indent + INDENT, lines)
    elif isinstance(value, (list, tuple)):
        if not value or (_is_flat(value) and not isinstance(value, Block)):
            lines.append(f"{pad}{key_text} {flow(value)}")
        else:
            lines.append(f"{pad}{key_text}")
            for item in value:
                _value("-", item, indent + INDENT, lines)
    elif isinstance(value, str) and "\n" in value and _literal_ok(value):
        block = literal(value, indent + INDENT)
        lines.append(f"{pad}{key_text} {block[0]}")
        lines.extend(block[1:])
    else:
        text = double_quoted(value) if isinstance(value, str) and "\n" in value \
            else scalar(value)
        lines.append(f"{pad}{key_text} {text}")


def _mapping(data: dict, indent: int, lines: list[str], first_prefix: str | None = None) -> None:
    start = len(lines)
    for key, value in data.items():
        _value(string(str(key)) + ":", value, indent, lines)
    if first_prefix is not None and len(lines) > start:
        # the first key of a list item shares the line with its dash
        lines[start] = first_prefix + lines[start][indent:]


def dump_data(data: dict) -> str:
    """YAML text of a top-level mapping, ending with a newline."""
    if not isinstance(data, dict):
        raise TypeError(f"a file's top level must be a mapping, not {type(data).__name__}")
    lines: list[str] = []
    _mapping(data, 0, lines)
    return "\n".join(lines) + "\n"
