"""An army list's ruleset file comes from its file or the registry, never from a game named
in the model: a list built in memory names none, a file naming none is read as the default
game's, and writing a list back keeps what it named."""
from studio.engine.rules import default_id
from studio.io import load_text
from studio.io.from_model import army_list as army_list_data
from studio.model import ArmyList

LIST = """kind: army-list
format: 1
id: plain
name: Plain
era: ancients
scales: [tactical]
terrain_set: basic-ground
units: []
"""


def test_a_list_built_in_memory_names_no_ruleset_file():
    lst = ArmyList("l", "L", "ancients", ["tactical"], "basic-ground")
    assert lst.ruleset is None
    assert "ruleset" not in army_list_data(lst)


def test_a_list_file_naming_no_ruleset_is_the_default_games():
    doc = load_text(LIST, "plain.yaml")
    assert doc.model.ruleset == default_id()
    assert army_list_data(doc.model)["ruleset"] == default_id()


def test_the_library_gives_a_list_naming_no_ruleset_file_the_default_games():
    from studio.io import default_library
    library = default_library()
    lst = ArmyList("l", "L", "ancients", ["tactical"], "basic-ground")
    found = library.ruleset(lst.ruleset)
    assert found is not None and found.id == library.ruleset(default_id()).id
