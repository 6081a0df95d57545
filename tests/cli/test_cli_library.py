"""`studio library list` and `studio library show`, text and JSON, on the bundled library."""
from __future__ import annotations

import json

from studio.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_list_json_has_every_kind_with_army_list_details(capsys):
    code, out, _ = run(capsys, "library", "list", "--format", "json")
    assert code == 0
    entries = json.loads(out)
    kinds = {e["kind"] for e in entries}
    assert {"terrain-set", "army-list", "ruleset", "points-table"} <= kinds
    greek = next(e for e in entries if e["id"] == "ancient-greek")
    assert greek == {"kind": "army-list", "id": "ancient-greek", "name": "Ancient Greek",
                     "file": greek["file"], "era": "ancients",
                     "scales": ["skirmish", "tactical", "brigade"],
                     "terrain_set": "basic-ground", "units": 11}
    assert greek["file"].endswith("ancient-greek.yaml")
    ground = next(e for e in entries if e["id"] == "basic-ground")
    assert set(ground) == {"kind", "id", "name", "file"}


def test_list_text_is_a_table_and_can_filter_by_kind(capsys):
    code, out, _ = run(capsys, "library", "list", "--kind", "terrain-set")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["kind", "id", "name"]
    assert set(lines[1]) <= {"-", " "}
    assert all(line.startswith("terrain-set") for line in lines[2:]) and len(lines) >= 6


def test_show_army_list_json(capsys):
    code, out, _ = run(capsys, "library", "show", "ancient-greek", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["kind"], data["id"], data["era"], data["terrain_set"]) == (
        "army-list", "ancient-greek", "ancients", "basic-ground")
    assert data["points"] == {"formula": "rules-of-war", "params": {}}
    assert [c["id"] for c in data["compositions"]] == ["greek-army"]
    assert data["compositions"][0]["rules"][1]["label"] == "8 Units Hoplites"
    assert data["special_rules"] and "text" in data["special_rules"][0]
    units = {u["id"]: u for u in data["units"]}
    bow = units["psiloi-bow"]
    assert bow["attack_by_distance"] == [3, 2, 2, 2, 2, 2]
    assert (bow["move"], bow["range"], bow["defense"], bow["morale"], bow["hits"]) == (3, 6, 3, 3, 2)
    assert bow["points"] == 5 and bow["points_formula"].startswith("rules-of-war:")
    general = units["general"]
    assert general["attack_by_distance"] == [8]
    assert general["abilities"] == [{"name": "army-leader", "params": {}}]
    assert general["tags"] == ["leader", "hero"]
    for u in data["units"]:
        assert {"id", "name", "move", "flying", "range", "attack_by_distance", "defense",
                "morale", "hits", "shields", "points", "points_formula", "tags", "abilities",
                "notes"} <= set(u)


def test_show_army_list_text(capsys):
    code, out, _ = run(capsys, "library", "show", "ancient-greek")
    assert code == 0
    assert out.startswith("Ancient Greek (army-list ancient-greek)\n")
    row = next(line for line in out.splitlines() if line.startswith("psiloi-bow "))
    assert "3 2x5" in row
    assert "compositions:" in out and "8 Units Hoplites" in out


def test_show_bands_and_null_attacks(capsys):
    code, out, _ = run(capsys, "library", "show", "napoleonic", "--format", "json")
    assert code == 0
    pieces = next(u for u in json.loads(out)["units"] if u["id"] == "field-pieces")
    assert pieces["attack_by_distance"][:6] == [8, 6, 6, 6, 6, 3]
    shock = next(u for u in json.loads(out)["units"] if u["range"] == 1)
    assert len(shock["attack_by_distance"]) == 1


def test_show_terrain_set_ruleset_and_points_table(capsys):
    code, out, _ = run(capsys, "library", "show", "basic-ground", "--format", "json")
    terrain = {t["id"]: t for t in json.loads(out)["terrain"]}
    assert code == 0 and terrain["water"]["mp"] == "impassable" and terrain["forest"]["mp"] == 2
    assert terrain["forest"]["ranged_defense"] == 2 and terrain["open"]["symbol"] == "."
    code, out, _ = run(capsys, "library", "show", "rules-of-war", "--format", "json")
    assert code == 0 and json.loads(out)["options"]["die_sides"] == 10
    code, out, _ = run(capsys, "library", "show", "rules-of-war")
    assert code == 0 and any(line.split()[:2] == ["die_sides", "10"] for line in out.splitlines())
    code, out, _ = run(capsys, "library", "show", "middle-earth-1976", "--format", "json")
    assert code == 0 and json.loads(out)["figures"]["hobbit"]["points"] == 0.5


def test_show_unknown_id_exits_2_with_a_suggestion(capsys):
    code, out, err = run(capsys, "library", "show", "ancient-greeks")
    assert code == 2 and out == ""
    assert "no library entry with id 'ancient-greeks' (did you mean 'ancient-greek'?)" in err
    code, _, err = run(capsys, "library", "show", "ancient-greek", "--kind", "terrain-set")
    assert code == 2 and "no terrain set with id 'ancient-greek'" in err


def test_library_without_action_prints_its_help(capsys):
    code, out, _ = run(capsys, "library")
    assert code == 2 and "list" in out and "show" in out
