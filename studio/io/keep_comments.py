"""Saving a file a designer wrote by hand: the house-style text of the model, with the
designer's comments, blank lines and key order carried over from the text it was loaded from.

The model holds no comments, so they are taken from the source text and attached to the key
path they belong to: a block of comment (and blank) lines to the key or list item that follows
it, a comment at the end of a line to the deepest key that starts on that line. List items
of the old and new text are paired by their `id` where they have one, else by their whole
content, with items edited in place paired by position (so deleting a unit moves no comment
onto its neighbour, and moving a unit keeps its comment). After the model is written in the house style, with the keys
that were in the source in the designer's order and new keys in the house order, each
comment goes back before (or at the end of) the line where its key now starts. A comment
whose key is gone goes with it. A file in the house style that was not edited comes back
byte for byte.

>>> source = '''# Marathon, as I remember it
... kind: scenario
... name: Marathon   # working title
...
... # the Athenians
... id: marathon
... '''
>>> print(dump_keeping({"kind": "scenario", "id": "marathon", "name": "Marathon 490"},
...                    source), end="")
# Marathon, as I remember it
kind: scenario
name: Marathon 490   # working title
<BLANKLINE>
# the Athenians
id: marathon
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .yaml_writer import dump_data

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# What may follow the last value on a line before its comment: the key's colon, a block
# scalar's indicator (`terrain: |  # rows`), or nothing.
_TRAILING = re.compile(r"^\s*?:?\s*?(?:[|>][-+0-9]*)?(?P<comment>\s+#.*)$")
_EXTRA = re.compile(r"^\s*(#.*)?$|^(---|\.\.\.|%).*$")

Path = tuple


def dump_keeping(data: dict, source: str | None) -> str:
    """`data` in the house style, with the comments and key order of `source` (the text
    the data's file was loaded from); the plain house style when there is none."""
    if not source:
        return dump_data(data)
    source = source.replace("\r\n", "\n")
    try:
        old_root = yaml.compose(source, Loader=_Loader)
    except (yaml.YAMLError, ValueError, RecursionError):
        return dump_data(data)
    if not isinstance(old_root, MappingNode):
        return dump_data(data)
    text = dump_data(_reorder(data, _plain(old_root)))
    new_root = yaml.compose(text, Loader=_Loader)
    out = _put_back(_comments(source, old_root, new_root), text, new_root)
    # Comments must never change what the file says: should a merge ever do so, the
    # designer's comments are worth less than a file that reads back as saved.
    if out != text and yaml.load(out, Loader=_Loader) != yaml.load(text, Loader=_Loader):
        return text
    return out


# -- key order ------------------------------------------------------------------------------

def _reorder(new: Any, old: Any) -> Any:
    """`new` with each mapping's keys in the order `old` has them (keys `old` lacks placed
    after their predecessor in the house order)."""
    if isinstance(new, dict):
        if not isinstance(old, dict):
            return new
        keys = _designer_order(list(new), [k for k in old if k in new])
        return type(new)((k, _reorder(new[k], old.get(k))) for k in keys)
    if isinstance(new, list) and isinstance(old, list):
        by_key = {}
        for i, item in enumerate(old):
            by_key.setdefault(_item_key(item, i), item)
        return [_reorder(item, by_key.get(_item_key(item, i))) for i, item in enumerate(new)]
    return new


def _designer_order(house: list, kept: list) -> list:
    order = list(kept)
    for i, key in enumerate(house):
        if key in order:
            continue
        before = next((k for k in reversed(house[:i]) if k in order), None)
        order.insert(0 if before is None else order.index(before) + 1, key)
    return order


def _item_key(item: Any, index: int) -> Any:
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return ("id", item["id"])
    return index


def _plain(node: Node) -> Any:
    """Keys and list items of a composed tree, enough to read the designer's key order."""
    if isinstance(node, MappingNode):
        return {k.value: _plain(v) for k, v in node.value if isinstance(k, ScalarNode)}
    if isinstance(node, SequenceNode):
        return [_plain(item) for item in node.value]
    return node.value


# -- where keys start ---------------------------------------------------------------------

@dataclass
class _Layout:
    """Per line of a text: the key paths that start there (outermost first), the lines
    inside multi-line values, and how far the last value of each line reaches."""
    starts: dict[int, list[Path]] = field(default_factory=dict)
    inside: set[int] = field(default_factory=set)
    value_end: dict[int, int] = field(default_factory=dict)
    line_of: dict[Path, int] = field(default_factory=dict)

    def start(self, path: Path, line: int) -> None:
        self.starts.setdefault(line, []).append(path)
        self.line_of.setdefault(path, line)

    def reach(self, node: Node) -> None:
        end = node.end_mark
        first, last = node.start_mark.line, end.line
        if last > first and (isinstance(node, ScalarNode) or getattr(node, "flow_style", False)):
            # a block scalar's end mark sits at column 0 of the line after its content
            upto = last if end.column > 0 else last - 1
            self.inside.update(range(first + 1, upto + 1))
        if end.column > 0 or last == first:
            self.value_end[last] = max(self.value_end.get(last, 0), end.column)


def _item_identity(node: Node) -> Any:
    """What pairs a list item of the old text with one of the new: its `id`, else all of it."""
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == "id" and isinstance(v, ScalarNode):
                return ("id", v.value)
    return repr(_plain(node))


def _pairs(old: list[Node], new: list[Node]) -> dict[int, int]:
    """Old item index -> new item index: equal items pair up, and so do the items of a run
    edited in place (as many as both sides have); deleted items pair with none."""
    matcher = difflib.SequenceMatcher(None, [_item_identity(n) for n in old],
                                      [_item_identity(n) for n in new], autojunk=False)
    out: dict[int, int] = {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "replace"):
            out.update(zip(range(i1, i2), range(j1, j2)))
    return out


def _layout(root: Node, partner: Node | None = None, own: bool = True) -> _Layout:
    """Where each key path starts in the text of `root`. List items are named by their index
    in the `partner` tree (the text being written) when `own` is False, so that the paths of
    the old text and the new one agree."""
    out = _Layout()
    stack: list[tuple[Node, Path, Node | None]] = [(root, (), partner)]
    while stack:
        node, path, other = stack.pop()
        flow = getattr(node, "flow_style", False)
        if isinstance(node, MappingNode) and not flow:
            others = {k.value: v for k, v in other.value if isinstance(k, ScalarNode)} \
                if isinstance(other, MappingNode) else {}
            for k, v in reversed(node.value):
                key = k.value if isinstance(k, ScalarNode) else ("?", id(k))
                child = path + (key,)
                out.start(child, k.start_mark.line)
                out.reach(k)
                stack.append((v, child, others.get(key)))
        elif isinstance(node, SequenceNode) and not flow:
            if own:
                names = {i: i for i in range(len(node.value))}
            elif isinstance(other, SequenceNode):
                names = _pairs(node.value, other.value)
            else:
                names = {}
            for i, item in reversed(list(enumerate(node.value))):
                index = names.get(i)
                child = path + (("gone", i) if index is None else index,)
                out.start(child, item.start_mark.line)
                stack.append((item, child,
                              None if index is None or own else other.value[index]))
        else:
            out.reach(node)
    for paths in out.starts.values():
        paths.sort(key=len)
    return out


# -- comments ------------------------------------------------------------------------------

@dataclass
class _Comments:
    before: dict[Path, list[str]] = field(default_factory=dict)   # lines above a key
    after: dict[Path, tuple[int, int, str]] = field(default_factory=dict)  # column, gap, text
    tail: list[str] = field(default_factory=list)                 # lines after the last key


def _comments(source: str, root: Node, new_root: Node) -> _Comments:
    layout = _layout(root, new_root, own=False)
    lines = source.split("\n")
    if lines and lines[-1] == "":
        lines.pop()                       # the final newline ends the last line
    found = _Comments()
    pending: list[str] = []
    for number, line in enumerate(lines):
        if number in layout.inside:
            continue
        paths = layout.starts.get(number)
        if paths is None:
            if _EXTRA.match(line):
                pending.append(line)
            continue
        if pending:
            found.before.setdefault(paths[0], []).extend(pending)
            pending = []
        end = layout.value_end.get(number)
        if end is not None:
            match = _TRAILING.match(line[end:])
            if match:
                spaced = match.group("comment")
                comment = spaced.lstrip()
                found.after.setdefault(paths[-1], (len(line) - len(comment),
                                                   len(spaced) - len(comment), comment))
    found.tail = pending
    return found


def _put_back(comments: _Comments, text: str, root: Node) -> str:
    if not (comments.before or comments.after or comments.tail):
        return text
    layout = _layout(root)
    lines = text.split("\n")
    lines.pop()                                     # dump_data ends with a newline
    above: dict[int, list[str]] = {}
    for path, block in comments.before.items():
        line = layout.line_of.get(path)
        if line is not None:
            above.setdefault(line, []).extend(block)
    for path, (column, gap, comment) in comments.after.items():
        line = layout.line_of.get(path)
        if line is not None:
            # aligned comments stay aligned while the value fits before them
            content = lines[line]
            pad = column - len(content) if len(content) < column else gap
            lines[line] = content + " " * pad + comment
    out: list[str] = []
    for number, line in enumerate(lines):
        out.extend(above.get(number, ()))
        out.append(line)
    out.extend(comments.tail)
    return "\n".join(out) + "\n"
