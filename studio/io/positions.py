"""Where each value of a loaded file sits in its source: line and column, 1-based.

Positions are looked up lazily in the YAML node tree the loader composed, so loading pays
nothing for them; a lookup walks the path (keys and list indices) down from the root.

>>> from studio.io.yaml_source import parse_yaml
>>> src = parse_yaml(b"kind: scenario\\nmap:\\n  terrain: |\\n    ..f\\n    .~.\\n")
>>> src.positions.at(("map", "terrain"))
(3, 12)
>>> src.positions.key_at(("map", "terrain"))
(3, 3)
>>> src.positions.row_of(("map", "terrain"), 2)
5
>>> src.positions.cell_at(("map", "terrain"), 2, 2)
(5, 6)
>>> src.positions.at(("map", "no-such-key", 3))    # nearest ancestor that exists
(3, 3)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

Path = tuple[Any, ...]
LineCol = tuple[int | None, int | None]

_NOWHERE: LineCol = (None, None)


def parse_pointer(pointer: str) -> Path:
    """A JSON pointer ("/sides/0/units") as a path; all-digit parts become indices."""
    if not pointer or pointer == "/":
        return ()
    parts = pointer.lstrip("/").split("/")
    out: list[Any] = []
    for part in parts:
        part = part.replace("~1", "/").replace("~0", "~")
        out.append(int(part) if part.isdigit() else part)
    return tuple(out)


def pointer(path: Iterable[Any]) -> str:
    """The JSON pointer of a path: ("sides", 0, "id") -> "/sides/0/id"."""
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path)


class Positions:
    """Source positions of a document's values, by path.

    `at(path)` is where the value starts, `key_at(path)` where its mapping key starts (the
    place to point at for an unknown or misspelt key). A path that does not exist falls back
    to its nearest existing ancestor, so a finding about a missing key points at the mapping
    that lacks it. A document built in memory has no source: every lookup gives (None, None).
    """

    __slots__ = ("_root", "_text", "_lines", "_maps")

    def __init__(self, root: Node | None = None, text: str | None = None):
        self._root = root
        self._text = text
        self._lines: list[str] | None = None
        self._maps: dict[int, dict[str, tuple[Node, Node]]] = {}

    def __bool__(self) -> bool:
        return self._root is not None

    def __repr__(self) -> str:
        return "Positions(empty)" if self._root is None else "Positions(<yaml nodes>)"

    # -- walking -------------------------------------------------------------------------
    def _children(self, node: MappingNode) -> dict[str, tuple[Node, Node]]:
        table = self._maps.get(id(node))
        if table is None:
            table = {}
            for knode, vnode in node.value:
                if isinstance(knode, ScalarNode):
                    table.setdefault(knode.value, (knode, vnode))
            self._maps[id(node)] = table
        return table

    def _walk(self, path: Iterable[Any] | str) -> tuple[Node | None, Node | None, bool]:
        """(deepest node reached, its key node if any, whether the whole path was found)."""
        if isinstance(path, str):
            path = parse_pointer(path)
        node, key = self._root, None
        if node is None:
            return None, None, False
        for part in path:
            if isinstance(node, MappingNode):
                hit = self._children(node).get(str(part))
                if hit is None:
                    return node, key, False
                key, node = hit
            elif isinstance(node, SequenceNode) and isinstance(part, int) \
                    and not isinstance(part, bool) and 0 <= part < len(node.value):
                node, key = node.value[part], None
            else:
                return node, key, False
        return node, key, True

    def node(self, path: Iterable[Any] | str) -> Node | None:
        """The YAML node at exactly `path`, or None."""
        found, _, complete = self._walk(path)
        return found if complete else None

    def has(self, path: Iterable[Any] | str) -> bool:
        return self._walk(path)[2]

    # -- positions -----------------------------------------------------------------------
    def at(self, path: Iterable[Any] | str = ()) -> LineCol:
        """(line, column) where the value at `path` starts, else its nearest ancestor."""
        found, _, _ = self._walk(path)
        if found is None:
            return _NOWHERE
        mark = found.start_mark
        return mark.line + 1, mark.column + 1

    def key_at(self, path: Iterable[Any] | str) -> LineCol:
        """(line, column) of the mapping key naming the value at `path` (else like `at`)."""
        found, key, complete = self._walk(path)
        if found is None:
            return _NOWHERE
        mark = (key if complete and key is not None else found).start_mark
        return mark.line + 1, mark.column + 1

    def end_at(self, path: Iterable[Any] | str) -> LineCol:
        """(line, column) just after the value at `path` (or its nearest ancestor)."""
        found, _, _ = self._walk(path)
        if found is None:
            return _NOWHERE
        mark = found.end_mark
        return mark.line + 1, mark.column + 1

    def raw(self, path: Iterable[Any] | str) -> str | None:
        """The scalar's text as written (before any conversion), e.g. "0503" for an unquoted
        label that YAML read as a number; None when `path` is not a scalar."""
        found = self.node(path)
        return found.value if isinstance(found, ScalarNode) else None

    def is_plain(self, path: Iterable[Any] | str) -> bool:
        """Whether the scalar at `path` was written without quotes or block indicator."""
        found = self.node(path)
        return isinstance(found, ScalarNode) and not found.style   # libyaml says '', PyYAML None

    # -- rows of block scalars (map terrain and elevation) --------------------------------
    def block_start_line(self, path: Iterable[Any] | str) -> int | None:
        """Line of the first content line of the literal block scalar (`|`) at `path`;
        for any other scalar, the line it starts on."""
        found = self.node(path)
        if not isinstance(found, ScalarNode):
            return None
        if found.style == "|":
            return found.start_mark.line + 2    # the content starts under the `|` line
        return found.start_mark.line + 1

    def row_of(self, path: Iterable[Any] | str, n: int) -> int | None:
        """Line of row `n` (1-based) of the block scalar at `path`. For a scalar that is not
        a literal block, the line it starts on; for a missing path, the nearest ancestor's."""
        found = self.node(path)
        if isinstance(found, ScalarNode) and found.style == "|":
            return found.start_mark.line + 1 + max(n, 1)
        return self.at(path)[0]

    def row_at(self, path: Iterable[Any] | str, n: int) -> LineCol:
        """(line, column) of the first character of row `n` of a literal block scalar."""
        return self.cell_at(path, n, 1)

    def cell_at(self, path: Iterable[Any] | str, n: int, index: int) -> LineCol:
        """(line, column) of character `index` (1-based) of row `n` of a literal block."""
        found = self.node(path)
        if not (isinstance(found, ScalarNode) and found.style == "|"):
            return self.at(path)
        line = found.start_mark.line + 1 + max(n, 1)
        return line, self._block_indent(found) + max(index, 1)

    def _block_indent(self, node: ScalarNode) -> int:
        """Indentation of a literal block's content: that of its first non-blank line."""
        lines = self._source_lines()
        first, last = node.start_mark.line + 1, node.end_mark.line
        for i in range(first, min(last + 1, len(lines))):
            stripped = lines[i].lstrip(" ")
            if stripped:
                return len(lines[i]) - len(stripped)
        return node.start_mark.column + 2

    def _source_lines(self) -> list[str]:
        if self._lines is None:
            self._lines = (self._text or "").split("\n")
        return self._lines
