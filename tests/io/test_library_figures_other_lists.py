"""Spot checks of the Star Wars, Middle Earth and Ancient Period army lists against their sources.

Every expected figure below was read off the printed tables (seeds 000 and 002) by hand, so a
slip in the YAML shows up here. The lists are read with plain yaml on purpose: these tests
check the data, not the loader.
"""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

import pytest
import yaml

from studio.rulesets import ability_catalogue

CATALOGUE = ability_catalogue()

LISTS_DIR = REPO_ROOT / "libraries" / "army-lists"

UNIT_COUNTS = {
    "star-wars-empire-fleet": 15,
    "star-wars-empire-fighters": 5,
    "star-wars-rebel-fleet": 16,
    "star-wars-rebel-fighters": 4,
    "middle-earth-dark-powers": 39,
    "middle-earth-forces-of-light": 34,
    "ancient-greek": 11,
    "ancient-persian": 15,
    "ancient-macedonian": 16,
    "ancient-indian": 8,
    "ancient-carthaginian": 12,
    "ancient-roman": 11,
    "ancient-gallic-germanic": 9,
    "ancient-celtic": 9,
    "ancient-late-german-goth-hun": 8,
}
STAR_WARS = [k for k in UNIT_COUNTS if k.startswith("star-wars")]
MIDDLE_EARTH = [k for k in UNIT_COUNTS if k.startswith("middle-earth")]
ANCIENTS = [k for k in UNIT_COUNTS if k.startswith("ancient")]
POINTS_CLASSES = {"basic", "ordnance", "elite", "hero", "vehicle"}


def load(list_id: str) -> dict:
    with open(LISTS_DIR / f"{list_id}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def unit(doc: dict, unit_id: str) -> dict:
    matches = [u for u in doc["units"] if u["id"] == unit_id]
    assert len(matches) == 1, f"{doc['id']}: expected one unit {unit_id!r}, found {len(matches)}"
    return matches[0]


def ability_names(u: dict) -> list[str]:
    return [a if isinstance(a, str) else a["name"] for a in u.get("abilities", [])]


def ability(u: dict, name: str) -> dict:
    for a in u.get("abilities", []):
        if a == name:
            return {"name": name}
        if isinstance(a, dict) and a["name"] == name:
            return a
    raise AssertionError(f"{u['id']} has no ability {name!r}")


# ----------------------------------------------------------------------------- every list

@pytest.mark.parametrize("list_id", list(UNIT_COUNTS))
def test_header_and_unit_count(list_id):
    doc = load(list_id)
    assert doc["kind"] == "army-list" and doc["format"] == 1 and doc["id"] == list_id
    assert doc["ruleset"] == "rules-of-war"
    assert doc["points"] == {"formula": "rules-of-war"}
    assert len(doc["units"]) == UNIT_COUNTS[list_id]
    ids = [u["id"] for u in doc["units"]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("list_id", list(UNIT_COUNTS))
def test_every_unit_has_exactly_one_points_class_tag(list_id):
    for u in load(list_id)["units"]:
        assert len(POINTS_CLASSES & set(u["tags"])) == 1, u["id"]


@pytest.mark.parametrize("list_id", list(UNIT_COUNTS))
def test_abilities_come_from_the_catalogue_with_known_params(list_id):
    doc = load(list_id)
    refs = [a for u in doc["units"] for a in u.get("abilities", [])]
    refs += [a for r in doc.get("special_rules", []) for a in r.get("abilities", [])]
    for a in refs:
        name = a if isinstance(a, str) else a["name"]
        spec = CATALOGUE.get(name)
        assert spec is not None, f"{list_id}: unknown ability {name!r}"
        params = {} if isinstance(a, str) else {k: v for k, v in a.items() if k != "name"}
        assert set(params) <= set(spec.params), (list_id, a)
        assert {k for k, d in spec.params.items() if d is None} <= set(params), (list_id, a)


@pytest.mark.parametrize("list_id", list(UNIT_COUNTS))
def test_selectors_and_compositions_name_units_of_the_list(list_id):
    doc = load(list_id)
    ids = {u["id"] for u in doc["units"]}
    for rule in doc.get("special_rules", []):
        assert set(rule.get("applies_to", {}).get("units", [])) <= ids
    for comp in doc.get("compositions", []):
        for rule in comp["rules"]:
            assert set(rule.get("units", [])) <= ids, (comp["id"], rule)


# ----------------------------------------------------------------------------- Star Wars

@pytest.mark.parametrize("list_id", STAR_WARS)
def test_star_wars_headers_and_list_wide_rules(list_id):
    doc = load(list_id)
    assert doc["era"] == "future"
    assert doc["scales"] == ["skirmish", "tactical"]
    assert doc["terrain_set"] == "basic-space"
    assert doc["defaults"]["morale"] == 10 and doc["defaults"]["range"] == 1
    rules = {tuple(r["applies_to"]["tags"]): r["abilities"]
             for r in doc["special_rules"] if "applies_to" in r and "attack-rating-vs" in str(r)}
    assert rules[("point-defense",)] == [
        {"name": "attack-rating-vs", "value": 6, "vs_tags": ["fighter"]},
        {"name": "attack-rating-vs", "value": 4, "vs_tags": ["ship"]}]
    assert rules[("bombardment",)] == [
        {"name": "attack-rating-vs", "value": 4, "vs_tags": ["fighter"]},
        {"name": "attack-rating-vs", "value": 6, "vs_tags": ["ship"]}]
    assert any("leader" in r["text"] and "abilities" not in r for r in doc["special_rules"])


@pytest.mark.parametrize("list_id", ["star-wars-empire-fleet", "star-wars-rebel-fleet"])
def test_fleet_list_wide_abilities(list_id):
    doc = load(list_id)
    assert doc["defaults"]["defense"] == 0
    everyone = [a for r in doc["special_rules"] if "applies_to" not in r
                for a in r.get("abilities", [])]
    assert "hyper-jump" in everyone and "half-at-half-hull" in everyone
    objective_tags = {t for r in doc["special_rules"]
                      if "counts-for-objectives" in r.get("abilities", [])
                      for t in r["applies_to"]["tags"]}
    assert objective_tags == {"bombardment"}  # troops are cargo counts, not units: text only
    assert all("ship" in u["tags"] for u in doc["units"])


def test_empire_fleet_figures():
    doc = load("star-wars-empire-fleet")
    galleon = unit(doc, "star-galleon")
    assert galleon["move"] == 2
    assert galleon["attack_dice"] == {"front": 0, "aft": 1, "sides": 1}
    assert (galleon["hits"], galleon["shields"]) == (1, 2)
    assert galleon["carry"] == {"troops": 3}
    assert "point-defense" in galleon["tags"] and "attack" not in galleon

    ssd = unit(doc, "super-star-destroyer")
    assert ssd["move"] == 3
    assert ssd["attack_dice"] == {"front": 7, "aft": 3, "sides": 5}
    assert (ssd["hits"], ssd["shields"]) == (6, 12)
    assert ssd["carry"] == {"fighter": 12, "troops": 9}
    assert "bombardment" in ssd["tags"]

    death_star = unit(doc, "death-star")
    assert death_star["move"] == 1
    assert death_star["attack_dice"] == {"front": 8, "aft": 8, "sides": 8}
    assert (death_star["hits"], death_star["shields"]) == (12, 18)
    assert death_star["carry"] == {"fighter": 24, "troops": 18}
    assert ability(death_star, "superlaser") == {"name": "superlaser", "range": 5, "every": 2}
    assert ability(death_star, "exhaust-port") == {
        "name": "exhaust-port", "max_roll": 1, "jedi_max_roll": 5}

    plain_galleon = unit(doc, "galleon")     # AD "-": no attack at all
    assert "attack_dice" not in plain_galleon and "attack" not in plain_galleon
    assert (plain_galleon["move"], plain_galleon["hits"], plain_galleon["shields"]) == (3, 1, 1)
    assert plain_galleon["carry"] == {"troops": 2}

    carrack = unit(doc, "carrack-light-cruiser")
    assert (carrack["move"], carrack["attack"]) == (5, 5)
    assert carrack["attack_dice"] == {"front": 1, "aft": 1, "sides": 2}
    assert "carry" not in carrack

    interdictor = unit(doc, "interdictor-cruiser")
    assert ability_names(interdictor) == ["gravity-well"]
    assert (interdictor["attack"], interdictor["shields"]) == (5, 6)

    escort = unit(doc, "imperial-escort-cruiser")
    assert escort["carry"] == {"fighter": 6}


def test_rebel_fleet_figures():
    doc = load("star-wars-rebel-fleet")
    bulwark = unit(doc, "bulwark-battlecruiser")
    assert bulwark["move"] == 3
    assert bulwark["attack_dice"] == {"front": 8, "aft": 2, "sides": 5}
    assert (bulwark["hits"], bulwark["shields"]) == (5, 11)
    assert bulwark["carry"] == {"fighter": 10, "troops": 4}

    falcon = unit(doc, "millennium-falcon")
    assert falcon["move"] == 6 and falcon["defense"] == 5
    assert falcon["attack_dice"] == {"front": 1, "aft": 1, "sides": 1}
    assert (falcon["hits"], falcon["shields"]) == (1, 1)
    assert "carry" not in falcon and "point-defense" in falcon["tags"]

    transport = unit(doc, "bulk-transport")
    assert "attack_dice" not in transport and "attack" not in transport
    assert (transport["move"], transport["hits"], transport["shields"]) == (2, 1, 2)
    assert transport["carry"] == {"troops": 6}

    frigate = unit(doc, "corellian-frigate")
    assert frigate["attack_dice"] == {"front": 1, "aft": 1, "sides": 2}
    assert (frigate["attack"], frigate["hits"], frigate["shields"]) == (5, 1, 3)
    assert ability_names(frigate) == ["gravity-well"]

    medium = unit(doc, "medium-transport")
    assert medium["attack_dice"] == {"front": 0, "aft": 0, "sides": 1}
    assert medium["carry"] == {"troops": 2}
    assert [u["id"] for u in doc["units"] if "defense" in u] == ["millennium-falcon"]


def test_empire_fighter_figures():
    doc = load("star-wars-empire-fighters")
    assert doc["defaults"]["hits"] == 1
    tie = unit(doc, "tie-fighter-squad")
    assert (tie["move"], tie["attack_dice"], tie["defense"]) == (7, {"front": 1}, 6)
    assert "point-defense" in tie["tags"]
    interceptor = unit(doc, "tie-interceptor-squad")
    assert (interceptor["move"], interceptor["attack_dice"], interceptor["defense"]) == (
        8, {"front": 2}, 7)
    assert interceptor["attack"] == 5
    bomber = unit(doc, "tie-bomber-squad")
    assert (bomber["move"], bomber["attack_dice"], bomber["defense"]) == (6, {"front": 2}, 5)
    assert "bombardment" in bomber["tags"]
    slave = unit(doc, "slave-1")
    assert slave["name"] == "Slave-1 (Boba Fett's Ship)"
    assert (slave["move"], slave["attack_dice"], slave["defense"], slave["attack"]) == (
        6, {"front": 2}, 7, 7)
    assert all("fighter" in u["tags"] for u in doc["units"])


def test_rebel_fighter_figures():
    doc = load("star-wars-rebel-fighters")
    a_wing = unit(doc, "a-wing-squad")
    assert (a_wing["move"], a_wing["attack_dice"], a_wing["defense"]) == (8, {"front": 1}, 7)
    b_wing = unit(doc, "b-wing-squad")
    assert (b_wing["move"], b_wing["attack_dice"], b_wing["defense"]) == (6, {"front": 3}, 5)
    y_wing = unit(doc, "y-wing-squad")
    assert (y_wing["move"], y_wing["attack_dice"], y_wing["defense"], y_wing["attack"]) == (
        6, {"front": 2}, 6, 5)
    assert ability_names(y_wing) == ["attack-any-arc"]
    x_wing = unit(doc, "x-wing-squad")
    assert (x_wing["move"], x_wing["attack_dice"], x_wing["defense"], x_wing["attack"]) == (
        7, {"front": 2}, 6, 5)
    forward = [r for r in doc["special_rules"] if r.get("abilities") == ["forward-arc-only"]]
    assert len(forward) == 1 and "applies_to" not in forward[0]


# ----------------------------------------------------------------------------- Middle Earth

@pytest.mark.parametrize("list_id", MIDDLE_EARTH)
def test_middle_earth_headers_spells_and_rules(list_id):
    doc = load(list_id)
    assert doc["era"] == "fantasy"
    assert doc["scales"] == ["skirmish", "tactical", "brigade"]
    assert doc["terrain_set"] == "basic-ground"
    assert doc["defaults"] == {"range": 1, "hits": 1}
    spells = {s["id"]: s for s in doc["spells"]}
    assert list(spells) == ["haste", "barrier", "aid", "fear"]
    assert (spells["haste"]["targets"], spells["haste"]["move_bonus"]) == ("1D10", "1D10")
    assert spells["barrier"]["hexes"] == "1D10"
    assert spells["aid"]["rating_change"] == "1D5" and spells["aid"]["opponents_turn"] is True
    assert (spells["fear"]["targets"], spells["fear"]["morale_modifier"]) == ("1D5", -2)
    assert not any("army-leader" in ability_names(u) for u in doc["units"])
    assert any("Army Leader" in r["text"] and "abilities" not in r for r in doc["special_rules"])
    for u in doc["units"]:
        assert ("hero" in u["tags"]) == ("hero" in ability_names(u)), u["id"]
        assert ("legion" in u["tags"]) == ("legion" in ability_names(u)), u["id"]
        assert ("flyer" in u["tags"]) == bool(u.get("flying")), u["id"]
        assert "*" not in u["name"]
        ranged = u.get("attack", {}).get("ranged")
        assert ("missile" in u["tags"]) == (ranged is not None), u["id"]
        if ranged is not None:
            assert u["range"] in (2, 3), u["id"]


def test_dark_powers_figures():
    doc = load("middle-earth-dark-powers")
    tags = [u["tags"] for u in doc["units"]]
    assert sum("hero" in t for t in tags) == 5
    assert sum("legion" in t for t in tags) == 23
    assert sum("flyer" in t for t in tags) == 4

    sauron = unit(doc, "sauron-the-dark-lord")
    assert sauron["name"] == "Sauron the Dark Lord"
    assert (sauron["move"], sauron["attack"], sauron["defense"], sauron["morale"]) == (
        0, {"melee": 7}, 9, 10)
    assert ability(sauron, "magic") == {"name": "magic", "points": 20}
    assert {"hero", "immobile"} <= set(ability_names(sauron))

    drake = unit(doc, "winged-fire-drake")
    assert (drake["move"], drake["flying"], drake["range"]) == (8, True, 2)
    assert drake["attack"] == {"melee": 8, "ranged": 5}
    assert (drake["defense"], drake["morale"], drake["hits"]) == (8, 9, 2)
    assert "legion" not in drake["tags"]

    orcs = unit(doc, "orcs")
    assert (orcs["move"], orcs["attack"], orcs["defense"], orcs["morale"]) == (
        2, {"melee": 3, "ranged": 2}, 2, 4)
    assert orcs["range"] == 2 and "legion" in orcs["tags"] and orcs["notes"] == "Goblins"

    kraken = unit(doc, "kraken")
    assert (kraken["move"], kraken["attack"], kraken["defense"], kraken["morale"]) == (
        1, {"melee": 9}, 8, 9)
    assert kraken["hits"] == 3 and "water-only" in ability_names(kraken)

    catapults = unit(doc, "catapults")
    assert catapults["range"] == 3 and catapults["attack"] == {"melee": 1, "ranged": 3}
    assert (catapults["defense"], catapults["morale"]) == (2, 5)
    assert ability(catapults, "breach") == {"name": "breach", "rating": 2}
    assert ability(unit(doc, "battering-rams"), "breach") == {"name": "breach", "rating": 4}
    assert "ignores-terrain-defense" in ability_names(unit(doc, "siege-towers"))

    assert unit(doc, "fell-beasts")["carry"] == {"nazgul": 1}
    assert unit(doc, "ships")["carry"] == {"legion": 1}
    assert {u["id"] for u in doc["units"] if "nazgul" in u["tags"]} == {
        "witch-king-of-morgul", "nazgul-ring-wraiths"}
    assert ability(unit(doc, "umbar-corsairs"), "attack-modifier") == {
        "name": "attack-modifier", "value": 1, "terrain_tags": ["water"]}
    assert unit(doc, "balrog-demon")["hits"] == 2
    capture = [r for r in doc["special_rules"]
               if {"name": "capture-on-destroy", "max_roll": 5} in r.get("abilities", [])]
    assert set(capture[0]["applies_to"]["units"]) == {
        "siege-towers", "catapults", "battering-rams", "ships"}


def test_forces_of_light_figures():
    doc = load("middle-earth-forces-of-light")
    tags = [u["tags"] for u in doc["units"]]
    assert sum("hero" in t for t in tags) == 12
    assert sum("legion" in t for t in tags) == 22
    assert sum("flyer" in t for t in tags) == 2

    gandalf = unit(doc, "gandalf-the-grey")
    assert (gandalf["move"], gandalf["attack"], gandalf["defense"], gandalf["morale"]) == (
        6, {"melee": 5}, 9, 10)
    assert ability(gandalf, "magic") == {"name": "magic", "points": 8}
    assert ability(unit(doc, "radagast-the-brown"), "magic") == {"name": "magic", "points": 6}

    aragorn = unit(doc, "aragorn")
    assert (aragorn["move"], aragorn["range"], aragorn["attack"]) == (
        5, 2, {"melee": 8, "ranged": 5})
    assert (aragorn["defense"], aragorn["morale"], aragorn["notes"]) == (9, 10, "Strider")

    frodo = unit(doc, "frodo-the-ring-bearer")
    assert "attack" not in frodo and (frodo["move"], frodo["defense"], frodo["morale"]) == (4, 9, 9)

    eagles = unit(doc, "eagles")
    assert (eagles["move"], eagles["flying"], eagles["attack"]) == (8, True, {"melee": 6})
    assert (eagles["defense"], eagles["morale"], eagles["carry"]) == (4, 8, {"any": 1})
    assert "legion" in eagles["tags"] and "hero" not in eagles["tags"]

    gwaihir = unit(doc, "gwaihir-the-windlord")
    assert gwaihir["carry"] == {"hero": 1} and gwaihir["flying"] is True
    assert "hero" in gwaihir["tags"] and "legion" not in gwaihir["tags"]

    ents = unit(doc, "ents")
    assert (ents["move"], ents["attack"], ents["defense"], ents["morale"], ents["hits"]) == (
        2, {"melee": 8}, 9, 10, 2)

    teleri = unit(doc, "teleri-sea-elves")
    assert teleri["attack"] == {"melee": 4, "ranged": 4} and teleri["range"] == 2
    assert ability(teleri, "attack-modifier")["terrain_tags"] == ["water"]

    assert unit(doc, "eowyn")["name"] == "Éowyn"
    assert unit(doc, "king-theoden")["name"] == "King Théoden"
    assert unit(doc, "glimli-the-dwarf-lord")["name"] == "Glimli the Dwarf Lord"   # as printed
    dead = unit(doc, "dead-men-of-dunharrow")
    assert (dead["attack"], dead["defense"], dead["morale"]) == ({"melee": 8}, 7, 10)
    assert "undead" in dead["tags"] and "legion" in dead["tags"]


# ----------------------------------------------------------------------------- Ancient Period

# (list, unit id): (move, range or None for blank, hand to hand, missile or None, defense, morale)
ANCIENT_FIGURES = {
    ("ancient-greek", "general"): (4, None, 8, None, 7, 10),
    ("ancient-greek", "hoplites-standard"): (2, None, 7, None, 7, 6),
    ("ancient-greek", "hoplites-spartan-theban"): (2, None, 8, None, 8, 9),
    ("ancient-greek", "psiloi-bow"): (3, 6, 3, 2, 3, 3),
    ("ancient-greek", "light-cavalry-bow"): (6, 5, 2, 2, 3, 3),
    ("ancient-persian", "spearmen-bow-immortals"): (2, 6, 7, 2, 7, 9),
    ("ancient-persian", "medium-infantry-spear"): (3, None, 4, None, 4, 6),
    ("ancient-persian", "chariots"): (5, 3, 3, 2, 3, 6),
    ("ancient-persian", "elephants"): (4, None, 7, None, 4, 3),
    ("ancient-macedonian", "heavy-cavalry-companions"): (5, None, 4, None, 4, 9),
    ("ancient-macedonian", "light-cavalry-kontos"): (6, None, 4, None, 4, 6),
    ("ancient-macedonian", "artillery"): (2, 12, 3, 2, 3, 6),
    ("ancient-macedonian", "hypaspists"): (2, None, 7, None, 7, 9),
    ("ancient-indian", "medium-infantry-javelin"): (2, 3, 6, 2, 4, 3),
    ("ancient-indian", "medium-infantry-bow"): (2, 6, 6, 2, 5, 3),
    ("ancient-indian", "chariots"): (5, 5, 3, 2, 3, 6),
    ("ancient-carthaginian", "spearmen-citizen"): (2, None, 6, None, 6, 9),
    ("ancient-carthaginian", "gallic-medium-infantry"): (2, None, 6, None, 5, 6),
    ("ancient-carthaginian", "spanish-medium-infantry"): (2, None, 5, None, 5, 6),
    ("ancient-carthaginian", "light-infantry-sling"): (3, 4, 3, 2, 3, 3),
    ("ancient-roman", "legionaries"): (2, None, 6, None, 6, 9),
    ("ancient-roman", "auxiliary-infantry"): (2, None, 5, None, 5, 6),
    ("ancient-roman", "artillery"): (2, 12, 3, 2, 3, 6),
    ("ancient-roman", "light-infantry-javelin"): (3, 3, 3, 2, 4, 3),
    ("ancient-gallic-germanic", "warband"): (2, None, 6, None, 6, 6),
    ("ancient-gallic-germanic", "chariots"): (5, 3, 3, 2, 3, 3),
    ("ancient-gallic-germanic", "medium-cavalry"): (6, None, 4, None, 4, 6),
    ("ancient-celtic", "warband"): (2, None, 6, None, 6, 6),
    ("ancient-celtic", "light-cavalry-javelin"): (6, None, 3, None, 3, 3),
    ("ancient-celtic", "light-infantry-bow"): (3, 6, 3, 2, 3, 3),
    ("ancient-late-german-goth-hun", "light-cavalry-bow"): (5, 3, 3, 2, 3, 3),
    ("ancient-late-german-goth-hun", "medium-infantry-spear-sword"): (2, None, 6, None, 6, 6),
    ("ancient-late-german-goth-hun", "heavy-cavalry"): (5, None, 4, None, 4, 6),
    ("ancient-late-german-goth-hun", "general"): (4, None, 8, None, 7, 10),
}


@pytest.mark.parametrize("key", list(ANCIENT_FIGURES), ids="/".join)
def test_ancient_unit_figures(key):
    list_id, unit_id = key
    move, range_, melee, missile, defense, morale = ANCIENT_FIGURES[key]
    u = unit(load(list_id), unit_id)
    assert u["move"] == move
    assert u.get("range") == range_
    expected_attack = {"melee": melee} if missile is None else {"melee": melee, "ranged": missile}
    assert u["attack"] == expected_attack
    assert (u["defense"], u["morale"]) == (defense, morale)
    assert ("missile" in u["tags"]) == (missile is not None)


def test_late_german_bow_cavalry_differs_from_the_others():
    greek_bow = unit(load("ancient-greek"), "light-cavalry-bow")
    late_bow = unit(load("ancient-late-german-goth-hun"), "light-cavalry-bow")
    assert (greek_bow["move"], greek_bow["range"], greek_bow["attack"]) == (
        6, 5, {"melee": 2, "ranged": 2})
    assert (late_bow["move"], late_bow["range"], late_bow["attack"]) == (
        5, 3, {"melee": 3, "ranged": 2})


@pytest.mark.parametrize("list_id", ANCIENTS)
def test_ancient_headers_and_single_army_leader(list_id):
    doc = load(list_id)
    assert doc["era"] == "ancients"
    assert doc["scales"] == ["skirmish", "tactical", "brigade"]
    assert doc["terrain_set"] == "basic-ground"
    assert doc["defaults"] == {"range": 1, "hits": 2}
    leaders = [u for u in doc["units"] if "army-leader" in ability_names(u)]
    assert [u["id"] for u in leaders] == ["general"]
    assert {"leader", "hero"} <= set(leaders[0]["tags"])


@pytest.mark.parametrize("list_id", ANCIENTS)
def test_ancient_composition_totals_sixteen_units_with_one_leader(list_id):
    (comp,) = load(list_id)["compositions"]
    counts = [r for r in comp["rules"] if r["kind"] == "count"]
    assert sum(r["exactly"] for r in counts if "exactly" in r) == 16
    assert counts[0] == {"kind": "count", "units": ["general"], "exactly": 1,
                         "label": "1 General"}
    assert [r for r in comp["rules"] if r["kind"] == "leader"] == [{"kind": "leader"}]
    assert comp["notes"]


def test_greek_composition():
    (comp,) = load("ancient-greek")["compositions"]
    by_label = {r.get("label"): r for r in comp["rules"]}
    assert by_label["8 Units Hoplites"]["units"] == ["hoplites-standard", "hoplites-spartan-theban"]
    assert by_label["8 Units Hoplites"]["exactly"] == 8
    assert set(by_label["2 Units Psiloi"]["units"]) == {"psiloi-javelin", "psiloi-bow", "psiloi-sling"}
    assert by_label["1 Unit Light Cavalry"]["exactly"] == 1


def test_persian_composition_limits_immortals():
    (comp,) = load("ancient-persian")["compositions"]
    spear_bow = [r for r in comp["rules"] if "spearmen-bow-standard" in r.get("units", [])]
    assert spear_bow == [{"kind": "count", "units": ["spearmen-bow-standard",
                                                     "spearmen-bow-immortals"],
                          "exactly": 6, "label": "6 Units Spearmen/Bow"}]
    immortals = [r for r in comp["rules"] if r.get("units") == ["spearmen-bow-immortals"]]
    assert immortals[0]["max"] == 1 and "exactly" not in immortals[0]


def test_carthaginian_heavy_or_medium_cavalry():
    (comp,) = load("ancient-carthaginian")["compositions"]
    rule = next(r for r in comp["rules"] if r.get("label") == "1 Unit Heavy or Medium Cavalry")
    assert rule["units"] == ["heavy-cavalry", "medium-cavalry"] and rule["exactly"] == 1


def test_celtic_and_gallic_lists_share_one_unit_table():
    gallic, celtic = load("ancient-gallic-germanic"), load("ancient-celtic")
    assert gallic["units"] == celtic["units"]
    assert gallic["compositions"][0]["id"] != celtic["compositions"][0]["id"]
