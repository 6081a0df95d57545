"""Every ability line of the playsheet read against its data: losses printed as losses,
ratings without a sign, modifiers signed, and none of the files' parameter names."""
from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from studio.export import PlaysheetOptions, export_playsheet
from studio.export.ability_lines import ability_line, ability_title
from studio.model import Ability, Attack, UnitType
from studio.rulesets import ability_catalogue

from export_support import Library, scenario

CATALOGUE = ability_catalogue()

SCHEMA_WORDS = re.compile(r"vs_tags|vs_terrain|terrain_tags|vs_routed|_roll|_move|_penalty|"
                          r"\bvalue [-+−\d]|`|\bvs\b|cavalry_move|column_penalty")

SAMPLE = {"value": 3, "rating": 7, "points": 4, "tags": ["fighter"], "vs_tags": ["cavalry"]}


def _params(name: str) -> dict:
    return {k: (SAMPLE.get(k, 1) if v is None else v) for k, v in CATALOGUE[name].params.items()}


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_no_line_shows_a_parameter_name(name):
    line = ability_line(name, _params(name))
    assert line and not SCHEMA_WORDS.search(line), line
    assert "-" not in ability_title(name)


def test_losses_ratings_and_modifiers_read_as_their_numbers():
    degrade = ability_line("degrade-per-hit", {"move": 2, "attack": 1, "defense": 3})
    assert degrade == "loses 2 move, 1 attack and 3 defense for every hit it has taken"
    assert "+" not in degrade
    assert ability_line("defense-rating-vs", {"value": 5, "vs_tags": ["fighter"]}) == \
        "defense 5 against fighter units"
    assert ability_line("attack-modifier", {"value": -1, "vs": "ranged"}) == \
        "attack −1 with ranged attacks"
    assert ability_line("attack-modifier", {"value": 2, "vs_tags": ["cavalry", "shock-cavalry"],
                                            "vs": "melee"}) == \
        "attack +2 in hand-to-hand against cavalry or shock cavalry units"
    assert ability_line("set-spears", {"value": 2, "vs_tags": ["cavalry"]}).startswith(
        "defense +2 against charging cavalry units")
    assert ability_line("square", {"attack": 1, "vs_cavalry": 5, "vs_others": -2,
                                   "vs_tags": ["cavalry"]}) == (
        "with formations, may form square: move 0, attack −1, defense +5 against cavalry "
        "units and −2 against the rest")


def _text(path) -> str:
    reader = PdfReader(str(path))
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def test_the_playsheet_prints_each_units_abilities_from_its_data(tmp_path):
    lib = Library()
    rohan = lib.lists["middle-earth-forces-of-light"]
    ents = rohan.unit("ents")
    ents.abilities = [Ability("degrade-per-hit", {"move": 1, "attack": 2, "defense": 1})]
    eagles = rohan.unit("eagles")
    eagles.abilities = [Ability("defense-rating-vs", {"value": 5, "vs_tags": ["cavalry"]}),
                        Ability("attack-modifier", {"value": 5, "vs_terrain": ["fortress"]}),
                        Ability("defense-modifier", {"value": 2, "vs_tags": ["gas"]})]
    path = tmp_path / "sheet.pdf"
    export_playsheet(scenario(), lib, path, PlaysheetOptions.parse(sides="rohan"))
    text = _text(path)
    # Each unit's abilities as its data gives them, a unit's name before its rule.
    for unit in rohan.units:
        for ability in rohan.effective_abilities(unit):
            if ability.get("vs_tags") == ["gas"]:
                continue          # no gas in this battle: left off (below)
            line = ability_line(ability.name, ability.params)
            rule = f"{ability_title(ability.name)} ("
            assert rule in text, rule
            assert (line[:1].upper() + line[1:]) in text, line
    assert "Loses 1 move, 2 attack and 1 defense for every hit it has taken." in text
    assert "Defense 5 against cavalry units." in text
    assert "gas" not in text                                  # aimed at nobody here
    assert "Attack +5 against units in fortress." in text
    assert "Defense +2 against charging" in text            # the Mûmak's set-spears 2
    assert not SCHEMA_WORDS.search(text), SCHEMA_WORDS.search(text)
    assert "move +1; attack +1" not in text and "value +" not in text
