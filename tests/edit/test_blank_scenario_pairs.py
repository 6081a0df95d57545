"""File ▸ New gives each side a list the other can fight: an Action Dice blank scenario used
to pair the colonial marines (future) with the kingdom of men (fantasy) and opened with an
era-mismatch error in the Problems panel."""
from __future__ import annotations

import pytest

from studio.edit.blank_scenario import NewScenarioChoice, blank_scenario, usual_terrain_set
from studio.io import default_library


@pytest.mark.parametrize("ruleset", ["action-dice", "rules-of-war", "quick-and-dirty"])
def test_a_new_scenarios_two_lists_share_era_and_scale(ruleset):
    lib = default_library()
    choice = NewScenarioChoice(name="t", columns=20, rows=15, ruleset=ruleset,
                               terrain_set=usual_terrain_set(lib, ruleset))
    first, second = (lib.army_list(s.army.army_list) for s in blank_scenario(choice, lib).sides)
    assert first.id != second.id
    assert first.era == second.era and set(first.scales) & set(second.scales)
