"""The schema of this game's ruleset files' `options:` (a JSON-Schema fragment: the shared
ruleset schema composes it for files whose `system:` names this game, and `studio.io` checks
each file against it, errors at file:line)."""

OPTIONS_SCHEMA = {
    "title": "Quick and Dirty options",
    "description": "See docs/rulesets/quick-and-dirty.md (Q1-Q24).",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "die_sides": {
            "type": "integer",
            "minimum": 4,
            "maximum": 20
        },
        "setup": {
            "enum": [
                "all-clear",
                "hidden"
            ]
        },
        "sight_range": {
            "type": "integer",
            "minimum": 1,
            "maximum": 50
        },
        "initiative": {
            "enum": [
                "each-turn",
                "once"
            ]
        },
        "initiative_leader_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 5
        },
        "zone_of_control": {
            "type": "boolean"
        },
        "flyers_ignore_zoc": {
            "type": "boolean"
        },
        "flyers_stopped_by_missile_zoc": {
            "type": "boolean"
        },
        "rough_move_cost": {
            "type": "integer",
            "minimum": 1,
            "maximum": 4
        },
        "rough_attack_modifier": {
            "type": "integer",
            "minimum": -5,
            "maximum": 0
        },
        "flank_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 5
        },
        "rear_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 5
        },
        "missiles_halved_in_melee": {
            "type": "boolean"
        },
        "retreat_min_fraction": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
        },
        "elite_loss_retreats": {
            "type": "boolean"
        },
        "mob_merge": {
            "type": "boolean"
        },
        "mobs_lock_together": {
            "type": "boolean"
        },
        "missile_save": {
            "type": "boolean"
        },
        "missile_save_retreat_max": {
            "type": "integer",
            "minimum": 0,
            "maximum": 20
        },
        "missile_loss_is_retreat": {
            "type": "boolean"
        },
        "hilltop_shoots_over": {
            "type": "boolean"
        },
        "flyers_shoot_over": {
            "type": "boolean"
        },
        "army_break_fraction": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
        },
        "combat_chart": {
            "type": "array",
            "minItems": 1,
            "items": {
                "$ref": "#/$defs/qnd-chart-row"
            }
        }
    },
    "$defs": {
        "qnd-chart-row": {
            "type": "object",
            "additionalProperties": False,
            "required": [
                "from",
                "to",
                "rolls"
            ],
            "properties": {
                "from": {
                    "type": "integer",
                    "minimum": -20,
                    "maximum": 20
                },
                "to": {
                    "type": "integer",
                    "minimum": -20,
                    "maximum": 20
                },
                "rolls": {
                    "type": "object",
                    "minProperties": 1,
                    "additionalProperties": False,
                    "patternProperties": {
                        "^[0-9]{1,2}(-[0-9]{1,2})?$": {
                            "enum": [
                                "attacker-loss",
                                "attacker-retreat",
                                "locked",
                                "defender-retreat",
                                "defender-loss"
                            ]
                        }
                    },
                    "description": "a roll or a range of rolls (\"3-5\") -> its result"
                }
            }
        }
    }
}
