"""The Rules of War (Warpspawn) libraries hold the source's figures.

The tables below are typed from the source text (seeds 000 and 001), not copied from the
YAML, so a slip in either shows up here. Files are read with plain yaml so these checks
stand on their own, whatever the loader does.
"""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

import pytest
import yaml

from studio.rulesets.rules_of_war.ability_catalogue import CATALOGUE

ROOT = REPO_ROOT
LIB = ROOT / "libraries"

LISTS = {
    # id: (unit count, terrain set, era, scales, army-leader unit id or None)
    "persian-wars-greek": (8, "basic-ground", "ancients", ["skirmish", "tactical", "brigade"], "greek-archon"),
    "persian-wars-persian": (13, "basic-ground", "ancients", ["skirmish", "tactical", "brigade"], "king-xerxes"),
    "punic-wars-roman": (8, "basic-ground", "ancients", ["tactical", "brigade"], "centurion"),
    "punic-wars-carthaginian": (10, "basic-ground", "ancients", ["tactical", "brigade"], "hannibal"),
    "barbarian": (10, "basic-ground", "ancients", ["skirmish", "tactical", "brigade"], "chieftain"),
    "medieval": (14, "basic-ground", "medieval", ["skirmish", "tactical", "brigade"], "nobility"),
    "feudal-japan": (13, "basic-ground", "feudal-japan", ["tactical", "brigade"], "daiyamo"),
    "napoleonic": (11, "basic-ground", "napoleonic", ["company"], "general-staff"),
    "world-war-1": (14, "ww1-ground", "ww1", ["tactical", "brigade"], "headquaters"),
    "world-war-2-squad": (7, "ww2-squad-ground", "ww2", ["tactical"], None),
    "space-fleet": (11, "basic-space", "future", ["skirmish", "tactical"], None),
}

# Lists with "Move Range AH AR Defense Morale Notes": (move, range, AH, AR, defense, morale, notes)
AH_AR = {
    "persian-wars-greek": {
        "spartan-warband": (2, 1, 8, None, 8, 10, ""),
        "cretan-bowmen": (3, 6, 3, 2, 3, 5, ""),
        "war-chariots": (4, 3, 5, 2, 5, 9, ""),
        "corinthian-phalanx": (2, 1, 7, None, 8, 9, ""),
        "greek-archon": (4, 1, 8, None, 7, 10, "Army Leader"),
    },
    "persian-wars-persian": {
        "immortals": (2, 6, 6, 2, 6, 9, ""),
        "scythed-chariots": (4, 1, 5, None, 4, 6, ""),
        "scythian-horse-archers": (6, 5, 2, 1, 3, 4, ""),
        "mede-cavalry": (6, 5, 5, 1, 6, 6, ""),
        "bactrian-spearmen": (2, 1, 4, None, 5, 2, ""),
        "king-xerxes": (4, 1, 6, None, 7, 10, "Army Leader"),
    },
    "punic-wars-roman": {
        "velites-skirmishers": (3, 3, 3, 2, 3, 3, ""),
        "princepes-heavy-infantry": (2, 3, 6, 2, 6, 8, "Pila"),
        "triarii-veteran-spearmen": (2, 1, 6, None, 7, 9, ""),
        "centurion": (2, 1, 7, None, 7, 9, "ArmyLeader"),
        "heavy-cavalry": (5, 1, 4, None, 4, 4, ""),
    },
    "punic-wars-carthaginian": {
        "war-elephants": (4, 1, 7, None, 4, 5, ""),
        "balearic-slingers": (3, 4, 2, 1, 2, 3, ""),
        "spanish-cavalrymen": (6, 3, 4, 2, 4, 7, "Pila"),
        "celt-warbands": (2, 1, 6, None, 5, 7, ""),
        "hannibal": (5, 1, 6, None, 7, 10, "Army Leader"),
    },
}

# Lists with a single Attack column: the columns named, then notes.
SINGLE = {
    "barbarian": (("move", "range", "attack", "defense", "morale"), {
        "pathfinders": (4, 6, 3, 4, 4, "Short Bows"),
        "naked-warriors": (4, 1, 5, 3, 8, "Always Charge"),
        "spearmen": (3, 1, 4, 4, 6, "+1 Defense vs Shock Cavalry"),
        "hunter-archers": (3, 8, 2, 3, 5, ""),
        "chieftain": (3, 1, 6, 5, 8, "Army Leader"),
    }),
    "medieval": (("move", "range", "attack", "defense", "morale"), {
        "peasant-rabble": (2, 1, 2, 2, 3, ""),
        "crossbowmen": (3, 14, 3, 3, 5, ""),
        "pikemen": (2, 1, 5, 4, 6, "Set spears +2"),
        "shield-men": (2, 1, 3, 6, 5, "+1 Defense vs Ranged Attacks"),
        "mntd-crossbows": (7, 14, 2, 3, 5, ""),
        "nobility": (6, 1, 6, 6, 6, "Army Leader"),
    }),
    "feudal-japan": (("move", "range", "attack", "defense", "morale"), {
        "ashigaru-gunners": (3, 12, 2, 1, 3, ""),
        "bushi-musketeers": (3, 16, 3, 2, 5, ""),
        "bushi-spear-cavalry": (8, 1, 3, 3, 5, "+1 Attack vs Routers"),
        "samurai-naginata": (3, 1, 5, 6, 8, "Set Spears +1"),
        "samurai-horse-archers": (7, 10, 3, 3, 7, ""),
        "daiyamo": (6, 1, 6, 7, 9, "Army Leader"),
    }),
    "world-war-1": (("move", "range", "attack", "defense"), {
        "infantry": (2, 2, 6, 5, ""),
        "flame-throwers": (2, 1, 6, 2, "Attack +5 vs Pillboxes"),
        "mustard-gas": (None, 4, 8, None, "All units have a Def = 5 vs Gas"),
        "tanks": (2, 4, 6, 8, ""),
        "siege-guns": (1, 32, 4, 2, "Attack +5 vs Fortresses"),
        "headquaters": (1, 1, 1, 2, "Army Leader"),
        "airplane": (40, 1, 2, 5, "Attack +5 vs other planes"),
    }),
    "space-fleet": (("move", "range", "attack", "defense", "hits"), {
        "interceptor-fighter": (7, 5, 2, 6, 1, "Attack +5 vs Fighters"),
        "light-fighter": (8, 4, 4, 6, 1, ""),
        "escort-corvette": (4, 8, 3, 6, 2, "Attack +4 vs Fighters"),
        "cruiser-ship": (3, 14, 6, 5, 4, ""),
        "battle-ship": (2, 16, 7, 6, 5, "+1 vs Ships"),
    }),
}

# Napoleonic, as the source orders the columns: Move Range A1 A2-5 A6+ Morale Defense.
NAPOLEONIC = {
    "guard-infantry": (3, 3, 7, 3, None, 9, 6),
    "light-infantry": (4, 5, 5, 3, None, 8, 6),
    "militia": (3, 3, 2, 1, None, 4, 3),
    "dragoons": (6, 2, 4, 2, None, 7, 6),
    "shock-cavalry": (5, 1, 6, None, None, 8, 4),
    "field-pieces": (2, 12, 8, 6, 3, 6, 3),
    "howitzers": (2, 8, 6, 3, 1, 5, 2),
    "general-staff": (5, 1, 3, None, None, 9, 6),
}

# WWII squad, as the source orders the columns: R5 R4 R3 R2 R1 OA MP.
WW2 = {
    "sniper-rifle": (None, 2, 3, 3, 2, None, 6),
    "rifle": (None, 1, 2, 2, 2, None, 6),
    "smg": (None, None, 1, 2, 3, None, 6),
    "officer": (None, None, 1, 2, 2, None, 6),
    "flamethrower": (None, None, None, 1, 4, 10, 4),
    "machinegun": (None, 1, 2, 3, 3, 10, 4),
    "mortar": (2, 2, 2, 1, 1, 10, 4),
}

# Terrain: id -> (mp, defense); mp None = impassable; defense 0 where the source has "-".
TERRAIN = {
    "basic-ground": {
        "open": (1, 0), "forest": (2, 1), "water": (None, 0), "shallow-water": (2, -1),
        "mountainous": (None, 0), "buildings": (None, 0), "bridge": (2, -1),
        "marsh": (2, -1), "desert": (2, 0), "low-wall": (2, 1), "fortress": (3, 2),
    },
    "ww1-ground": {
        "no-mans-land": (1, 0), "mine-field": (1, -1), "barbed-wire": (2, -2),
        "trenches": (2, 3), "roads": ("1/2", 0), "pill-box": (2, 4), "fortress": (2, 6),
        "hill": (1, 1), "forest": (2, 1), "buildings": (2, 2), "airfield": (1, 0),
        "water": (None, 0),
    },
    "ww2-squad-ground": {
        "clear": (1, 0), "road": ("1/2", 0), "tall-grass": (1, 0), "bocage": (2, 0),
        "building": (3, 0), "rubble": (3, 0), "trees": (2, 0), "mud": (2, 0),
        "barbed-wire": (4, 0), "pill-box": (3, 0),
    },
    "basic-space": {
        "void": (1, 0), "gasses": (2, 1), "radiation-belt": (2, 2), "asteroid": (None, 0),
        "space-hulks": (None, 0), "dark-matter": (2, 0), "star-dust": (2, 0),
        "satellites": (None, 0),
    },
}
WW2_SAVES = {"tall-grass": 2, "bocage": 4, "building": 5, "rubble": 6, "trees": 3, "pill-box": 7}

POINTS_FIGURES = {
    "hobbit": 0.5, "goblin": 1, "uruck": 3, "man-orc": 3, "man-sword-spear-bow": 4,
    "man-axe-club": 5, "cavalry-sword-spear": 6, "cavalry-lance": 7, "mounted-goblin": 3,
    "wolf": 3, "warg": 4, "elf": 3, "stone-troll": 12, "hill-troll": 13, "large-ent": 14,
    "small-ent": 13, "beorning": 9, "eagle": 14, "dwarf": 3, "elephant": 10, "mumakil": 12,
}
POINTS_EQUIPMENT = {"medium-armour": 1, "heavy-armour": 2, "horse": 1, "armoured-horse": 2}


def load(kind_dir: str, file_id: str) -> dict:
    with open(LIB / kind_dir / f"{file_id}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def units(list_id: str) -> dict[str, dict]:
    return {u["id"]: u for u in load("army-lists", list_id)["units"]}


def ability_names(unit_or_rule: dict) -> list[str]:
    return [a if isinstance(a, str) else a["name"] for a in unit_or_rule.get("abilities", [])]


def rule_abilities(list_id: str, name: str) -> list[tuple[dict, dict | None]]:
    """(ability mapping, applies_to) for every special-rule ability called `name`."""
    found = []
    for rule in load("army-lists", list_id).get("special_rules", []):
        for a in rule.get("abilities", []):
            a = {"name": a} if isinstance(a, str) else a
            if a["name"] == name:
                found.append((a, rule.get("applies_to")))
    return found


@pytest.mark.parametrize("list_id", LISTS)
def test_list_header_and_unit_count(list_id):
    count, terrain_set, era, scales, _ = LISTS[list_id]
    data = load("army-lists", list_id)
    assert (data["kind"], data["format"], data["id"]) == ("army-list", 1, list_id)
    assert data["terrain_set"] == terrain_set
    assert data["ruleset"] == "rules-of-war"
    assert data["era"] == era
    assert data["scales"] == scales
    assert data["points"] == {"formula": "rules-of-war"}
    assert len(data["units"]) == count
    ids = [u["id"] for u in data["units"]]
    assert len(set(ids)) == len(ids)
    assert data["compositions"] == [{"id": "standard", "name": "Standard army", "rules": [
        {"kind": "leader", "label": "exactly one Army Leader"}]}]


@pytest.mark.parametrize("list_id", LISTS)
def test_exactly_one_army_leader_where_the_source_names_one(list_id):
    leader = LISTS[list_id][4]
    found = [uid for uid, u in units(list_id).items() if "army-leader" in ability_names(u)]
    assert found == ([leader] if leader else [])
    tagged = [uid for uid, u in units(list_id).items() if "leader" in u["tags"]]
    assert tagged == found


@pytest.mark.parametrize("list_id", LISTS)
def test_every_ability_is_in_the_catalogue_with_known_params(list_id):
    data = load("army-lists", list_id)
    holders = data["units"] + data.get("special_rules", [])
    for holder in holders:
        for a in holder.get("abilities", []):
            a = {"name": a} if isinstance(a, str) else a
            spec = CATALOGUE[a["name"]]
            assert set(a) - {"name"} <= set(spec.params), (list_id, a)
            required = {k for k, v in spec.params.items() if v is None}
            assert required <= set(a), (list_id, a)


@pytest.mark.parametrize("list_id", LISTS)
def test_every_unit_has_one_points_category(list_id):
    categories = {"basic", "ordnance", "elite", "hero", "vehicle"}
    for u in units(list_id).values():
        assert len(categories & set(u["tags"])) == 1, u["id"]
        ranged = _has_ranged_attack(u)
        assert ("missile" in u["tags"]) == ranged, u["id"]


def _has_ranged_attack(u: dict) -> bool:
    """True when the unit has a rating at some distance from 2 up to its range."""
    attack, reach = u.get("attack"), u.get("range", 1)
    if isinstance(attack, int):
        return reach >= 2
    if "bands" not in attack:
        return attack.get("ranged") is not None
    for key, rating in attack["bands"].items():
        first, _, last = key.rstrip("+").partition("-")
        last = reach if key.endswith("+") else int(last or first)
        if rating is not None and max(int(first), 2) <= min(last, reach):
            return True
    return False


@pytest.mark.parametrize("list_id", AH_AR)
def test_ah_ar_figures(list_id):
    have = units(list_id)
    for uid, (move, reach, ah, ar, defense, morale, notes) in AH_AR[list_id].items():
        u = have[uid]
        expected_attack = {"melee": ah} if ar is None else {"melee": ah, "ranged": ar}
        assert (u["move"], u["range"], u["attack"], u["defense"], u["morale"],
                u.get("notes", "")) == (move, reach, expected_attack, defense, morale, notes), uid


@pytest.mark.parametrize("list_id", SINGLE)
def test_single_attack_figures(list_id):
    columns, table = SINGLE[list_id]
    have = units(list_id)
    for uid, row in table.items():
        u = have[uid]
        assert tuple(u.get(c) for c in columns) + (u.get("notes", ""),) == row, uid


def test_napoleonic_bands_take_morale_before_defense():
    have = units("napoleonic")
    for uid, (move, reach, a1, a25, a6, morale, defense) in NAPOLEONIC.items():
        u = have[uid]
        assert (u["move"], u["range"], u["morale"], u["defense"]) == (move, reach, morale, defense)
        assert u["attack"] == {"bands": {"1": a1, "2-5": a25, "6+": a6}}, uid


def test_ww2_bands_run_from_range_one_and_out_of_ammo():
    have = units("world-war-2-squad")
    for uid, (r5, r4, r3, r2, r1, oa, mp) in WW2.items():
        u = have[uid]
        bands = {"1": r1, "2": r2, "3": r3, "4": r4, "5": r5}
        assert u["attack"] == {"bands": bands}, uid
        assert u["range"] == max(int(k) for k, v in bands.items() if v is not None)
        assert u["move"] == mp
        assert "defense" not in u
        ammo = [a for a in u.get("abilities", []) if isinstance(a, dict)
                and a["name"] == "out-of-ammo"]
        assert [a["roll"] for a in ammo] == ([oa] if oa else [])


def test_list_defaults():
    assert load("army-lists", "persian-wars-greek")["defaults"] == {"hits": 1}
    assert load("army-lists", "world-war-1")["defaults"] == {"morale": 7, "hits": 1}
    assert load("army-lists", "world-war-2-squad")["defaults"] == {"morale": 7, "hits": 1}
    assert load("army-lists", "space-fleet")["defaults"] == {"morale": 10}


def test_list_wide_rules_become_abilities():
    assert rule_abilities("barbarian", "charge") == [
        ({"name": "charge", "move": 1, "cavalry_move": 2, "attack": 1, "defense": -1}, None)]
    assert rule_abilities("medieval", "no-ranged-after-move") == [
        ({"name": "no-ranged-after-move"}, None)]
    assert rule_abilities("feudal-japan", "missiles-first") == [
        ({"name": "missiles-first"}, {"tags": ["missile"]})]
    assert rule_abilities("punic-wars-carthaginian", "rout-attacks-friends") == [
        ({"name": "rout-attacks-friends"}, {"tags": ["elephant"]})]
    assert rule_abilities("space-fleet", "degrade-per-hit") == [
        ({"name": "degrade-per-hit", "move": 1, "attack": 1, "defense": 1},
         {"tags": ["ship", "corvette"]})]
    assert rule_abilities("space-fleet", "defense-modifier") == [
        ({"name": "defense-modifier", "value": 3, "vs_tags": ["ship"]}, {"tags": ["fighter"]})]
    assert rule_abilities("world-war-1", "only-attacked-by") == [
        ({"name": "only-attacked-by", "tags": ["flak", "airplane"]}, {"tags": ["airplane"]})]
    assert rule_abilities("world-war-1", "defense-rating-vs") == [
        ({"name": "defense-rating-vs", "value": 5, "vs_tags": ["gas"]}, None)]
    (charge, who), = rule_abilities("napoleonic", "charge")
    assert charge == {"name": "charge", "move": 0, "cavalry_move": 0, "attack": 2, "defense": -2}
    napoleonic = units("napoleonic")
    assert sorted(who["units"]) == sorted(
        uid for uid, u in napoleonic.items() if "artillery" not in u["tags"])


def test_ww1_move_and_attack_rule_covers_every_other_unit():
    (_, who), = rule_abilities("world-war-1", "no-attack-after-move")
    may_move_and_attack = {"infantry", "snipers", "flame-throwers", "airplane", "cavalry", "tanks"}
    assert set(who["units"]) == set(units("world-war-1")) - may_move_and_attack
    assert units("world-war-1")["airplane"]["flying"] is True


def test_pila_units():
    for list_id in ("punic-wars-roman", "punic-wars-carthaginian"):
        for u in units(list_id).values():
            has_pila = {"name": "pila", "attacks": 2} in u.get("abilities", [])
            assert has_pila == (u.get("notes") == "Pila"), u["id"]


@pytest.mark.parametrize("set_id", TERRAIN)
def test_terrain_rows(set_id):
    data = load("terrain-sets", set_id)
    assert (data["kind"], data["id"]) == ("terrain-set", set_id)
    rows = {t["id"]: t for t in data["terrain"]}
    assert list(rows) == list(TERRAIN[set_id])
    for tid, (mp, defense) in TERRAIN[set_id].items():
        t = rows[tid]
        assert t["mp"] == ("impassable" if mp is None else mp), tid
        assert t.get("defense", 0) == defense, tid
    symbols = [t["symbol"] for t in data["terrain"]]
    assert len(set(symbols)) == len(symbols)
    assert all(len(s) == 1 and s not in " #" for s in symbols)
    assert data["elevation"] == {"uphill_extra_mp": 1, "defense_from_below": 1,
                                 "attack_downhill": 1}


def test_terrain_notes_become_fields():
    basic = {t["id"]: t for t in load("terrain-sets", "basic-ground")["terrain"]}
    assert basic["forest"]["ranged_defense"] == 2
    assert basic["fortress"]["ranged_defense"] == 3
    assert basic["water"]["tags"] == ["water"] and basic["shallow-water"]["tags"] == ["water"]
    ww1 = {t["id"]: t for t in load("terrain-sets", "ww1-ground")["terrain"]}
    assert ww1["mine-field"]["entry_attack"] == 5
    assert ww1["barbed-wire"]["forbidden_tags"] == ["cavalry"]
    assert ww1["fortress"]["destructible_hits"] == 3
    assert (ww1["hill"]["attack_modifier"], ww1["hill"]["uphill_extra_mp"]) == (1, 1)
    ww2 = {t["id"]: t for t in load("terrain-sets", "ww2-squad-ground")["terrain"]}
    assert {tid: t["save"] for tid, t in ww2.items() if "save" in t} == WW2_SAVES
    space = {t["id"]: t for t in load("terrain-sets", "basic-space")["terrain"]}
    assert space["gasses"]["attack_modifier"] == -1
    assert space["radiation-belt"]["attack_modifier"] == -2
    assert space["space-hulks"]["destructible_hits"] == 2
    assert space["satellites"]["destructible_hits"] == 1


def test_ruleset_has_every_documented_option_with_its_default():
    doc = (ROOT / "docs" / "ruleset-options.md").read_text(encoding="utf-8")
    example = doc.split("```yaml", 1)[1].split("```", 1)[0]
    documented = yaml.safe_load(example)["options"]
    data = load("rulesets", "rules-of-war")
    assert (data["kind"], data["id"]) == ("ruleset", "rules-of-war")
    assert list(data["options"]) == list(documented)
    assert data["options"] == documented


def test_middle_earth_points_table():
    data = load("points-tables", "middle-earth-1976")
    assert (data["kind"], data["id"]) == ("points-table", "middle-earth-1976")
    assert {k: v["points"] for k, v in data["figures"].items()} == POINTS_FIGURES
    assert {k: v["points"] for k, v in data["equipment"].items()} == POINTS_EQUIPMENT
    fig, eq = POINTS_FIGURES, POINTS_EQUIPMENT
    assert 20 * (fig["man-sword-spear-bow"] + eq["medium-armour"]) == 100
    assert 10 * (fig["cavalry-lance"] + eq["heavy-armour"] + eq["armoured-horse"]) == 110
