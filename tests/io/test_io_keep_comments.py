"""Saving a file loaded from a designer's text keeps its comments, blank lines and key order
(issue 14): byte for byte when nothing changed, and attached to their keys through edits."""
from repo_paths import REPO_ROOT
import copy
from pathlib import Path

import pytest

from studio.io import dump_model, load_file, load_text, save_file
from studio.model import Objective

ROOT = REPO_ROOT
MARATHON = ROOT / "templates" / "scenarios" / "marathon.yaml"


def commented_marathon() -> str:
    text = MARATHON.read_text(encoding="utf-8")
    edits = [
        ("kind: scenario\n",
         "# Marathon for the club night, draft 3\n# (ask Dana about the marsh)\n\n"
         "kind: scenario\n"),
        ("id: marathon\nname: Marathon, 490 BC\n",
         "name: Marathon, 490 BC   # the title players see\nid: marathon\n"),
        ("round_limit: 12\n", "round_limit: 12        # the battle took one morning\n"),
        ("map:\n", "\n# The plain, seen from the Athenian camp\nmap:\n"),
        ("  terrain: |\n", "  # one symbol per hex\n  terrain: |   # rows north to south\n"),
        ("  - id: persians\n    name: Persian expedition\n",
         "  # the invaders\n  - name: Persian expedition\n    id: persians\n"),
        ('    colour: "#b03a2e"\n', '    colour: "#b03a2e"  # Persian red\n'),
        ('      - {id: datis, type: king-xerxes, hex: "3010", facing: SW}\n',
         '      # their commander\n'
         '      - {id: datis, type: king-xerxes, hex: "3010", facing: SW}  # Datis, not Xerxes\n'),
        ('      - {type: immortals, hex: "2703", facing: NW}\n',
         '      # the guard, front rank\n      - {type: immortals, hex: "2703", facing: NW}\n'),
        ('      - {type: mede-cavalry, hex: "2719", facing: NW}\n',
         '      - {type: mede-cavalry, hex: "2719", facing: NW}   # screens the flank\n'),
        ("victory:\n", "\n# Victory: kill the general\nvictory:\n"),
    ]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text + "# end: playtested twice\n"


def _reload(text: str):
    doc = load_text(text, "marathon.yaml")
    assert doc.ok, [d.format() for d in doc.diagnostics]
    return doc.model


def test_no_edit_round_trip_is_byte_for_byte(tmp_path):
    source = commented_marathon()
    path = tmp_path / "marathon.yaml"
    path.write_text(source, encoding="utf-8")
    doc = load_file(path)
    assert doc.text == source
    assert save_file(doc.model, path, doc.text) == source
    assert path.read_text(encoding="utf-8") == source


@pytest.mark.parametrize("folder, at_least", [("templates/scenarios", 5),
                                               ("tests/data/scenarios", 1),
                                               ("libraries/terrain-sets", 0)])
def test_files_come_back_unchanged_or_in_the_house_style(folder, at_least):
    """A file in the house style comes back byte for byte; one in another style (`>-`
    folded text, lists of mappings on one line) comes back once in the house style, and
    from then on unchanged."""
    unchanged = 0
    for path in sorted((ROOT / folder).glob("*.yaml")):
        doc = load_file(path)
        if doc.model is None:
            continue
        out = dump_model(doc.model, doc.text)
        unchanged += out == doc.text
        again = load_text(out, path.name)
        assert again.model == doc.model, path.name
        assert dump_model(again.model, out) == out, path.name
    assert unchanged >= at_least


def test_edits_keep_comments_on_their_keys_and_the_designers_order():
    source = commented_marathon()
    model = _reload(source)
    model.name = "Marathon (club)"
    persians = model.side("persians")
    del persians.army.units[0]                                  # Datis goes, with his comments
    model.round_limit = 100                                # longer than its aligned comment
    model.objectives.append(Objective(hex="1608", name="Soros", points=1))
    model.description = ""                                 # the key disappears
    out = dump_model(model, source)
    lines = out.splitlines()
    assert lines[:4] == ["# Marathon for the club night, draft 3", "# (ask Dana about the marsh)",
                         "", "kind: scenario"]
    # the designer's order: name before id, in the file and in the side
    assert lines.index("name: Marathon (club)    # the title players see") < lines.index(
        "id: marathon")
    assert "round_limit: 100       # the battle took one morning" in lines
    assert not any(line.startswith("description:") for line in lines)
    i = lines.index("# The plain, seen from the Athenian camp")
    assert lines[i - 1:i + 2] == ["", "# The plain, seen from the Athenian camp", "map:"]
    j = lines.index("  # one symbol per hex")
    assert lines[j + 1] == "  terrain: |   # rows north to south"
    k = lines.index("  # the invaders")
    assert lines[k + 1:k + 3] == ["  - name: Persian expedition", "    id: persians"]
    assert '    colour: "#b03a2e"  # Persian red' in lines
    assert "datis" not in out and "their commander" not in out and "Xerxes" not in out
    guard = lines.index("      # the guard, front rank")
    assert lines[guard + 1] == '      - {type: immortals, hex: "2703", facing: NW}'
    assert '      - {type: mede-cavalry, hex: "2719", facing: NW}   # screens the flank' in lines
    assert '  - {hex: "1608", name: Soros, points: 1}' in lines
    assert lines[-1] == "# end: playtested twice"
    again = _reload(out)
    assert again == model                                  # comments never change the data
    assert dump_model(again, out) == out


def test_an_edited_list_item_keeps_its_comment():
    source = commented_marathon()
    model = _reload(source)
    cavalry = next(u for u in model.side("persians").army.units if u.hex == "2719")
    cavalry.hex = "2619"
    out = dump_model(model, source)
    assert '      - {type: mede-cavalry, hex: "2619", facing: NW}   # screens the flank' in \
        out.splitlines()


def test_a_hash_inside_a_block_of_rows_is_map_data_not_a_comment():
    source = commented_marathon()
    model = _reload(source)
    text = source.replace("  elevation: |\n", "  # heights\n  elevation: |\n")
    out = dump_model(_reload(text), text)
    assert out == text
    assert out.count("# heights") == 1 and model.map.terrain.count("#") == 0


def test_a_library_file_saved_in_place_keeps_its_comments(tmp_path, monkeypatch):
    from studio.armies.user_library import save_to_library
    from studio.io import Library, user_library_dir
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    source = (ROOT / "libraries" / "terrain-sets" / "basic-ground.yaml").read_text()
    folder = user_library_dir() / "terrain-sets"
    folder.mkdir(parents=True)
    path = folder / "my-ground.yaml"
    text = ("# my ground, for the club\n" + source.replace("id: basic-ground", "id: my-ground")
            .replace("name: Basic Ground", "name: My Ground  # after the 1976 rules"))
    path.write_text(text)
    lib = Library.load([user_library_dir()])
    model = copy.deepcopy(lib.terrain_set("my-ground"))
    model.name = "My Ground 2"
    save_to_library(model, path, lib)
    saved = path.read_text()
    assert saved.startswith("# my ground, for the club\nkind: terrain-set\n")
    assert "name: My Ground 2  # after the 1976 rules\n" in saved


def test_the_studio_saves_a_commented_scenario_with_its_comments(make_window, tmp_path):
    source = commented_marathon()
    path = tmp_path / "marathon.yaml"
    path.write_text(source, encoding="utf-8")
    w = make_window(path, show=False)
    w.doc.set_field("name", "Marathon, the studio's")
    assert w.save()
    saved = path.read_text(encoding="utf-8")
    assert saved == source.replace("name: Marathon, 490 BC   #", "name: Marathon, the studio's   #")
    w.doc.set_field("round_limit", 10)                     # a second save keeps them too
    assert w.save()
    assert path.read_text(encoding="utf-8") == saved.replace("round_limit: 12 ", "round_limit: 10 ")


def test_problems_name_the_lines_of_the_commented_file(make_window, tmp_path, qtbot):
    """The studio validates the text Save would write: with the designer's comments in it,
    a finding's line is the line in the file."""
    source = commented_marathon()
    path = tmp_path / "marathon.yaml"
    path.write_text(source, encoding="utf-8")
    w = make_window(path, show=False)
    w.doc.set_field("round_limit", 0)                      # out of range: a schema error
    w.validation.run_now()
    qtbot.waitUntil(lambda: any("round_limit" in p.diagnostic.message
                                for p in w.validation.problems), timeout=10000)
    found = next(p.diagnostic for p in w.validation.problems
                 if "round_limit" in p.diagnostic.message)
    assert found.line == source.splitlines().index(
        "round_limit: 12        # the battle took one morning") + 1
