"""The closing record of a game log: its last line, written with the log, holds the game's
result (or that the game was not over when it was saved) and the SHA-256 of every line
before it (the header's `scenario_path` aside). A log cut short loses it; a log changed
after it was written no longer matches it. Logs written before there was a closing record
have none and are still read: replay then says "no closing record".

>>> text = '{"type": "game", "format": 1}\\n'
>>> body, closing = split_closing(closed(text, []))
>>> body == text, closing["finished"], closing["lines"]
(True, False, 1)
"""
from __future__ import annotations

import hashlib
import json

END = "end"


def _result(events) -> dict | None:
    """The result the log's game-over event records (None: the game is not over)."""
    for e in reversed(events):
        if e.kind == "game-over":
            return {"outcome": e.data["result"], "winner": e.data.get("winner"),
                    "round": e.data.get("round")}
    return None


def _digest(body: str) -> str:
    """SHA-256 of the lines, the header read without `scenario_path`: where the scenario
    file lies is not part of the game (a user may move it and fix the path by hand)."""
    first, newline, rest = body.partition("\n")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        header = None
    if isinstance(header, dict):
        header.pop("scenario_path", None)
        first = json.dumps(header, sort_keys=True)
    return hashlib.sha256((first + newline + rest).encode("utf-8")).hexdigest()


def closed(text: str, events) -> str:
    """`text` (whole JSON lines) with its closing record appended; `events`: the game's."""
    result = _result(events)
    record = {"type": END, "finished": result is not None, "result": result,
              "lines": text.count("\n"),
              "sha256": _digest(text)}
    return text + json.dumps(record, sort_keys=True) + "\n"


def split_closing(text: str) -> tuple[str, dict | None]:
    """The lines before the closing record, and the record (None when the log has none),
    its `intact` True when it matches the lines before it, else `changed` says how they
    differ. ValueError when the record is not one `closed` writes."""
    body = text.rstrip("\n")
    cut = body.rfind("\n")
    last = body[cut + 1:]
    if not last.startswith('{') or f'"type": "{END}"' not in last[:200] + last[-200:]:
        return text, None
    try:
        record = json.loads(last)
    except (ValueError, RecursionError):
        return text, None
    if not isinstance(record, dict) or record.get("type") != END:
        return text, None
    body = body[:cut + 1]
    line = body.count("\n") + 1
    if not isinstance(record.get("finished"), bool) or (
            record["finished"] and not isinstance(record.get("result"), dict)):
        raise ValueError(f"line {line}: the closing record needs `finished` (true or false) "
                         "and, for a finished game, its `result`")
    record["intact"] = record.get("lines") == body.count("\n") and record.get(
        "sha256") == _digest(body)
    if not record["intact"]:
        record["changed"] = (
            f"the closing record (line {line}) does not match the {line - 1} lines before "
            f"it (it was written after {record.get('lines')!r:.20} lines): the log was cut or "
            "changed after it was written")
    return body, record


def result_of(state) -> dict | None:
    """A state's result as the closing record holds it."""
    r = state.result
    return None if r is None else {"outcome": r.outcome, "winner": r.winner, "round": r.round}
