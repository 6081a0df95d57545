"""The schema of this game's ruleset files' `options:` (a JSON-Schema fragment: the shared
ruleset schema composes it for files whose `system:` names this game, and `studio.io` checks
each file against it, errors at file:line)."""

OPTIONS_SCHEMA = {
    "title": "ruleset options",
    "type": "object",
    "properties": {
        "die_sides": {
            "type": "integer",
            "minimum": 2,
            "maximum": 100
        },
        "magic_die_halved": {
            "type": "boolean"
        },
        "initiative_leader_penalty": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "front_arc_degrees": {
            "type": "integer",
            "minimum": 0,
            "maximum": 360
        },
        "arc_boundary_inclusive": {
            "type": "boolean"
        },
        "stacking_limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
        },
        "free_turn_hexsides_per_hex": {
            "type": "integer",
            "minimum": 0,
            "maximum": 3
        },
        "turn_any_cost_mp": {
            "$ref": "defs.schema.json#/$defs/mp-amount"
        },
        "uphill_extra_mp": {
            "$ref": "defs.schema.json#/$defs/mp-amount"
        },
        "min_move_one_hex": {
            "type": "boolean"
        },
        "move_through_friends": {
            "type": "boolean"
        },
        "mount_cost_mp": {
            "$ref": "defs.schema.json#/$defs/mp-amount"
        },
        "zone_of_control": {
            "enum": [
                "none",
                "stop"
            ],
            "description": "none or stop"
        },
        "reaction_attacks": {
            "type": "boolean"
        },
        "los_hexside": {
            "enum": [
                "both",
                "either"
            ],
            "description": "both or either"
        },
        "units_block_los": {
            "type": "boolean"
        },
        "auto_hit": {
            "$ref": "#/$defs/natural-rolls"
        },
        "auto_miss": {
            "$ref": "#/$defs/natural-rolls"
        },
        "multi_attacker_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "rear_attack_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "higher_ground_attack_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "defense_from_below_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "rear_defense_penalty": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "terrain_save_strict": {
            "type": "boolean"
        },
        "free_advance": {
            "type": "boolean"
        },
        "leader_morale_penalty": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "outnumbered_penalty": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
        },
        "outnumbered_ratio": {
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": 100
        },
        "outnumbered_radius": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10
        },
        "rally_divisor": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
        },
        "spotting": {
            "type": "boolean"
        },
        "draw_at_round_limit": {
            "type": "boolean"
        }
    },
    "additionalProperties": False,
    "required": [
        "die_sides",
        "magic_die_halved",
        "initiative_leader_penalty",
        "front_arc_degrees",
        "arc_boundary_inclusive",
        "stacking_limit",
        "free_turn_hexsides_per_hex",
        "turn_any_cost_mp",
        "uphill_extra_mp",
        "min_move_one_hex",
        "move_through_friends",
        "mount_cost_mp",
        "zone_of_control",
        "reaction_attacks",
        "los_hexside",
        "units_block_los",
        "auto_hit",
        "auto_miss",
        "multi_attacker_bonus",
        "rear_attack_bonus",
        "higher_ground_attack_bonus",
        "defense_from_below_bonus",
        "rear_defense_penalty",
        "terrain_save_strict",
        "free_advance",
        "leader_morale_penalty",
        "outnumbered_penalty",
        "outnumbered_ratio",
        "outnumbered_radius",
        "rally_divisor",
        "spotting",
        "draw_at_round_limit"
    ],
    "$defs": {
        "natural-rolls": {
            "type": "array",
            "items": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100
            },
            "uniqueItems": True,
            "description": "a list of natural die rolls, e.g. [1, 10]"
        }
    }
}
