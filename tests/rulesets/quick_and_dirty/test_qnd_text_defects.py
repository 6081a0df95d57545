"""Quick and Dirty where the engine read the seed wrongly (issue 25): each test fixes the
dice and fails on the old reading."""
from __future__ import annotations

from qnd_helpers import build, library, uid
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.odds import unit_odds
from studio.rulesets.quick_and_dirty.state import Attack, EndPhase, Move

FIRST = [9, 1]          # initiative: side 0 rolls 9, side 1 rolls 1
ELVES = ("qnd-elven-host", "qnd-free-companies")
ORCS = ("qnd-orc-hordes", "qnd-free-companies")


def kinds(events):
    return [e.kind for e in events]


def test_an_ambushed_flyer_never_stops_on_impassable_ground():
    rows = ["." * 10] * 8
    rows[5] = "....X....."                                   # 0506 is a cliff
    st = build([(0, "pegasus-archers", "0507", "N"), (1, "footmen", "0505", "S")],
               lists=ELVES, rows=rows, options={"setup": "hidden"}, dice=FIRST)
    peg = st.unit(uid(st, "pegasus-archers"))
    assert RULES.view(st, "s0").units[st.unit(uid(st, "footmen")).i].status == "hidden"
    over = Move(peg.uid, "0503", "N")
    assert over in RULES.legal_actions(st)                  # it cannot know who waits there
    ev = RULES.apply(st, over)
    ambush = next(e for e in ev if e.kind == "ambush")
    board = st.game.board
    # the hex before the footmen is the cliff: it stops on the last ground it may stand on
    assert board.labels[peg.hex] == "0507" == ambush["hex"]
    assert board.facing_names[peg.facing] == "N"


def test_a_hex_in_two_zones_may_face_either_enemy_and_the_log_says_what_was_done():
    probe = build([(0, "footmen", "0508", "N")], dice=FIRST)
    board = probe.game.board
    z = board.index_of_label("0505")
    se = board.facing_index("SE")
    units = [(0, "footmen", "0508", "N"), (1, "hill-orcs", "0504", "S"),
             (1, "hill-orcs", board.labels[board.nbr[z][se]], "NW")]    # both face 0505
    st = build(units, lists=("qnd-free-companies", "qnd-orc-hordes"), dice=FIRST)
    into = [a for a in RULES.legal_actions(st) if isinstance(a, Move) and a.to == "0505"]
    assert {a.facing for a in into} == {"N", "SE"}
    for move in into:
        st = build(units, lists=("qnd-free-companies", "qnd-orc-hordes"), dice=FIRST)
        ev = RULES.apply(st, move)
        moved = next(e for e in ev if e.kind == "move")
        foot = st.unit(move.unit)
        assert moved["facing"] == move.facing == st.game.board.facing_names[foot.facing]


def test_the_missile_halving_option_halves_a_missile_defender_too():
    units = [(0, "hill-orcs", "0505", "N"), (1, "crossbowmen", "0504", "S")]
    st = build(units, lists=ORCS, options={"missiles_halved_in_melee": True}, dice=FIRST + [5])
    RULES.apply(st, EndPhase("move"))
    ev = RULES.apply(st, Attack(uid(st, "crossbowmen"), (uid(st, "hill-orcs"),)))
    assert ev[0]["defence"] == 2                    # crossbowmen 3, halved, rounded up
    lib = library()
    orcs, free = lib.army_list("qnd-orc-hordes"), lib.army_list("qnd-free-companies")
    ruleset = lib.ruleset("quick-and-dirty")
    ruleset.options["missiles_halved_in_melee"] = True
    try:
        odds = unit_odds(lib, (orcs, orcs.unit("hill-orcs")),
                         (free, free.unit("crossbowmen")), {"distance": 1})
    finally:
        ruleset.options["missiles_halved_in_melee"] = False
    assert odds["defence"] == 2 and odds["difference"] == 2


def test_opposing_mobs_that_lock_stay_in_the_fight():
    units = [(0, "goblin-clan", "0505", "N"), (1, "goblin-clan", "0504", "S")]
    lists = ("qnd-orc-hordes", "qnd-orc-hordes")
    st = build(units, lists=lists, dice=FIRST + [4])          # 2 against 2, a 4: locked
    RULES.apply(st, EndPhase("move"))
    a, t = uid(st, "goblin-clan", 0), uid(st, "goblin-clan", 1)
    ev = RULES.apply(st, Attack(t, (a,)))
    assert ev[0]["result"] == "locked" and "mobs-held" in kinds(ev)
    assert "stepped-out" not in kinds(ev) and "flipped" not in kinds(ev)
    assert [st.hex_label(st.unit(x)) for x in (a, t)] == ["0505", "0504"]
    # the old reading, each mob stepping out of the fight, is the option turned off
    st = build(units, lists=lists, options={"mobs_lock_together": False}, dice=FIRST + [4])
    RULES.apply(st, EndPhase("move"))
    ev = RULES.apply(st, Attack(t, (a,)))
    assert "stepped-out" in kinds(ev)
