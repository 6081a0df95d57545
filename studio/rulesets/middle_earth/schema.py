"""The schema of this game's ruleset files' `options:` (a JSON-Schema fragment the shared
ruleset schema composes for files whose `system:` is middle-earth): every table the rules
read, of its kind, and the documentation keys a file may carry beside them. The tables'
inner shape is checked when a game is set up (`options.read_tables`)."""
from __future__ import annotations

from .options import OPTIONAL, REQUIRED, WEATHERS

_KIND = {int: {"type": "integer"}, float: {"type": "number"}, bool: {"type": "boolean"},
         str: {"type": "string"}, list: {"type": "array"}, dict: {"type": "object"}}

OPTIONS_SCHEMA = {
    "title": "Middle Earth (1976) options",
    "description": "Every table of the 1976 booklet; see docs/rulesets/middle-earth.md "
                   "(M1-M40).",
    "type": "object",
    "additionalProperties": False,
    "required": sorted(REQUIRED),
    "properties": {
        **{name: dict(_KIND[kind], description=f"{rule}: a table of the booklet")
           for name, (kind, rule) in REQUIRED.items()},
        **{name: {"description": "documentation or an optional table"} for name in OPTIONAL},
        "metres_per_hex": {"type": "integer", "minimum": 5, "maximum": 1000,
                           "description": "M1: metres of the booklet's table in one hex"},
        "weather": {"enum": list(WEATHERS), "description": "M38: the weather, or roll"},
    },
}
