"""The schema of this game's ruleset files' `options:` (a JSON-Schema fragment: the shared
ruleset schema composes it for files whose `system:` names this game, and `studio.io` checks
each file against it, errors at file:line)."""

OPTIONS_SCHEMA = {
    "title": "Action Dice options",
    "description": "See docs/rulesets/action-dice.md (S1-S25).",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "inches_per_hex": {
            "type": "integer",
            "minimum": 1,
            "maximum": 12
        },
        "order_die": {
            "type": "integer",
            "minimum": 2,
            "maximum": 20
        },
        "actions": {
            "type": "integer",
            "minimum": 1,
            "maximum": 4
        },
        "march_fraction": {
            "type": "number",
            "minimum": 0,
            "maximum": 2
        },
        "contact_width": {
            "type": "integer",
            "minimum": 1,
            "maximum": 50
        },
        "fireball_range": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
        },
        "command_radius": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
        },
        "weapons": {
            "type": "array",
            "minItems": 1,
            "items": {
                "$ref": "#/$defs/ad-weapon"
            }
        },
        "specials": {
            "type": "array",
            "items": {
                "$ref": "#/$defs/ad-special"
            }
        },
        "damage_chart": {
            "type": "array",
            "minItems": 1,
            "items": {
                "$ref": "#/$defs/ad-damage-row"
            }
        },
        "defender_picks": {
            "type": "array",
            "minItems": 1,
            "items": {
                "enum": [
                    "move",
                    "defense",
                    "range",
                    "arc"
                ]
            }
        },
        "attacker_picks": {
            "type": "array",
            "minItems": 1,
            "items": {
                "enum": [
                    "move",
                    "defense",
                    "range",
                    "arc"
                ]
            }
        }
    },
    "$defs": {
        "ad-weapon": {
            "title": "weapon",
            "description": "a row of the weapons table: modifier to Fight or Shoot, range (and long range) in inches, cost a figure",
            "type": "object",
            "additionalProperties": False,
            "required": [
                "id",
                "name",
                "range",
                "cost"
            ],
            "properties": {
                "id": {
                    "$ref": "defs.schema.json#/$defs/id"
                },
                "name": {
                    "$ref": "defs.schema.json#/$defs/name"
                },
                "fight": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 20
                },
                "shoot": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 20
                },
                "range": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000
                },
                "long": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000
                },
                "cost": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000
                }
            }
        },
        "ad-special": {
            "title": "special ability",
            "description": "a special ability with its price a figure (or a percent of the unit's cost) and the combatant types that may have it",
            "type": "object",
            "additionalProperties": False,
            "required": [
                "id",
                "name"
            ],
            "properties": {
                "id": {
                    "$ref": "defs.schema.json#/$defs/id"
                },
                "name": {
                    "$ref": "defs.schema.json#/$defs/name"
                },
                "price": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1000
                },
                "percent": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 100
                },
                "types": {
                    "type": "array",
                    "items": {
                        "enum": [
                            "basic",
                            "ordnance",
                            "elite",
                            "hero",
                            "vehicle"
                        ]
                    }
                }
            }
        },
        "ad-damage-row": {
            "title": "vehicle damage chart row",
            "type": "object",
            "additionalProperties": False,
            "required": [
                "from",
                "to",
                "result"
            ],
            "properties": {
                "from": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 99
                },
                "to": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 99
                },
                "result": {
                    "enum": [
                        "defender-chooses",
                        "attacker-chooses",
                        "defender-chooses-plus",
                        "attacker-chooses-plus",
                        "destroyed"
                    ]
                }
            }
        }
    }
}
