"""What happened: one `Event` per fact, with JSON-able data (each ruleset words it for the log)."""
from __future__ import annotations

from typing import Any


class Event:
    """`kind` plus a dict of JSON-able fields (see docs/engine-api.md for every kind)."""

    __slots__ = ("kind", "data")

    def __init__(self, kind: str, data: dict[str, Any]) -> None:
        self.kind = kind
        self.data = data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and self.data == other.data

    def __hash__(self) -> int:
        return hash(self.kind)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"Event({self.kind}: {inner})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Event":
        d = dict(d)
        return cls(d.pop("kind"), d)
