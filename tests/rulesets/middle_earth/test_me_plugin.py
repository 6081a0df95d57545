"""The Middle Earth plug-in's own calls: actions to and from data, replay, words for every
event, the playsheet and the counter face."""
import random

import yaml

from me_helpers import ROOT, library
from studio.io import Library
from studio.io.to_model import scenario as to_scenario
from studio.rulesets.middle_earth.plugin import RULES


def _ford():
    lib = Library.load([str(ROOT / "libraries")])
    sc = to_scenario(yaml.safe_load(
        (ROOT / "templates" / "scenarios" / "me-ford-of-the-river.yaml").read_text()))
    return sc, lib


def _random_game(seed=3, limit=400):
    sc, lib = _ford()
    st = RULES.new_game(sc, lib, seed)
    rng = random.Random(seed)
    n = 0
    while st.result is None and n < limit:
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
        n += 1
    return sc, lib, st


def test_actions_round_trip_through_data_and_a_game_replays_exactly():
    sc, lib, st = _random_game()
    actions = st.actions()
    assert actions
    again = RULES.new_game(sc, lib, 3)
    for a in actions:
        b = RULES.action_from_dict(RULES.action_to_dict(a))
        assert b == a
        RULES.apply(again, b)
    assert [e.kind for e in again.events()] == [e.kind for e in st.events()]
    assert [(u.uid, u.figures, u.hex, u.status) for u in again.units] == \
        [(u.uid, u.figures, u.hex, u.status) for u in st.units]


def test_every_event_of_a_game_has_words():
    _, _, st = _random_game(seed=5)
    kinds = set()
    for e in st.events():
        text = RULES.describe(e)
        assert not text.startswith(f"{e.kind}:"), e
        kinds.add(e.kind)
    assert {"round", "moved", "morale"} <= kinds


def test_the_playsheet_gives_the_tables_in_the_projects_words():
    lib = library()
    sections = RULES.sheets.playsheet(lib.ruleset("middle-earth"), None, lib)
    titles = [t for t, _ in sections]
    assert titles == ["The move", "Movement", "Orders", "Morale", "Melee and firing", "Magic"]
    morale = dict(sections)["Morale"]
    reactions = next(x for x in morale if isinstance(x, list) and x[0] == ["score", "reaction"])
    assert ["-11 or less", "desperation: 2d6"] in reactions
    movement = dict(sections)["Movement"][0]
    assert ["heavy cavalry", "180", "240", "380", "3"] in movement


def test_counter_face_shows_class_and_figures():
    lib = library()
    al = lib.army_list("me76-mordor")
    face = RULES.counters.face(al, al.unit("orc-band"))
    assert face["front"]["stats"] == ["O", "20", "Orc"] and face["back"]["band"] == "ROUTED"
    face = RULES.counters.face(al, al.unit("morgul-cavalry"))
    assert face["front"]["stats"] == ["B", "8", "HC"]


def test_unit_problems_name_the_stat():
    lib = library()
    al = lib.army_list("me76-west")
    ut = al.unit("gondor-spearmen")
    bad = type(ut)(id="x", name="x", stats={"type": "medium-infantry", "class": "Q",
                                              "alignment": "good"})
    problems = RULES.unit_problems(al, bad, lib.ruleset("middle-earth"))
    assert problems and problems[0][0] == ("stats", "class")


def test_kill_credits_share_each_loss_to_its_striker():
    from studio.engine.events import Event
    events = [Event("strike", {"unit": "a", "target": "b"}),
              Event("losses", {"unit": "b", "figures": 5, "left": 15, "cause": ""}),
              Event("volley", {"unit": "c", "target": "b"}),
              Event("losses", {"unit": "b", "figures": 2, "left": 13, "cause": ""})]
    assert list(RULES.balance.kill_credits(events)) == [("b", ("a",), 0.25), ("b", ("c",), 0.1)]
    assert RULES.balance.first_mover([Event("round", {"round": 1, "order": ["s1", "s0"]})]) == "s1"


def test_validate_lists_what_is_not_simulated(tmp_path, capsys):
    from studio.cli import main
    text = (ROOT / "templates" / "scenarios" / "me-ford-of-the-river.yaml").read_text()
    text = text.replace('      - {id: witch-king,',
                        '      - {id: mumak-1, type: mumak, hex: "2012", facing: NW}\n'
                        '      - {id: ram-1, type: ram-crew, hex: "2014", facing: NW}\n'
                        '      - {id: witch-king,')
    path = tmp_path / "ford-with-a-ram.yaml"
    path.write_text(text)
    main(["validate", str(path)])
    out = capsys.readouterr().out
    assert "ability 'breach' of unit type 'ram-crew'" in out
    assert "ability 'rout-attacks-friends' of unit type 'mumak'" in out
    assert out.count("not simulated") == 2


def test_the_game_declares_every_ability_its_lists_name_and_plays_none():
    """Its lists validate without another game's catalogue, and each ability is reported."""
    lists = [yaml.safe_load((ROOT / "libraries" / "army-lists" / f"{name}.yaml").read_text())
             for name in ("me76-west", "me76-mordor")]
    named = {a if isinstance(a, str) else a["name"]
             for doc in lists for unit in doc["units"] for a in unit.get("abilities", [])}
    assert named == {"breach", "rout-attacks-friends"}
    assert named <= set(RULES.schema.abilities)
    assert RULES.schema.abilities["breach"].params == {"rating": None}
    mordor = Library.load([str(ROOT / "libraries")]).army_list("me76-mordor")
    assert RULES.not_simulated(mordor) == named
