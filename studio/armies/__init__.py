"""Army building and library editing without Qt: roster arithmetic, "fill to limit"
suggestions, which army lists may meet, unit cards, cell values typed into editors, live
checks of an edited list or terrain set, and saving them to the user library.

The studio's army builder and editors (`studio.gui.armies`, `studio.gui.editors`) are views
over these functions; everything here runs and is tested headless.
"""
from .cell_values import (format_attack, format_ids, format_mp, format_number, format_pairs,
                          parse_attack, parse_colour, parse_id, parse_ids, parse_mp,
                          parse_number, parse_pairs, parse_symbol)
from .checklist import CheckLine, composition_checklist
from .compatibility import Compatibility, library_lookup, list_compatibility
from .fill import Addition, FillSuggestion, suggest_fill
from .live_check import check_model
from .roster import (ListCosts, PlacementEntry, RosterError, RosterTotal, TypeCount,
                     list_costs, placement_entries, roster_total, type_counts, with_additions,
                     with_leader, with_type_count)
from .unit_card import CardAbility, UnitCard, unit_card
from .user_library import (SaveRefused, copy_id, free_id, is_bundled, save_target, save_to_library,
                           user_path)

__all__ = [
    "format_attack", "format_ids", "format_mp", "format_number", "format_pairs",
    "parse_attack", "parse_colour", "parse_id", "parse_ids", "parse_mp", "parse_number",
    "parse_pairs", "parse_symbol", "CheckLine", "composition_checklist", "Compatibility", "library_lookup", "list_compatibility",
    "Addition", "FillSuggestion", "suggest_fill", "check_model", "ListCosts",
    "PlacementEntry", "RosterError", "RosterTotal", "TypeCount", "list_costs",
    "placement_entries", "roster_total", "type_counts", "with_additions", "with_leader",
    "with_type_count", "CardAbility", "UnitCard", "unit_card", "SaveRefused", "copy_id", "free_id",
    "is_bundled", "save_target", "save_to_library", "user_path",
]
