"""R40: every ability the engine claims to simulate does what the catalogue says."""
import pytest

from studio.rulesets.rules_of_war import (Attack, Cast, ChooseOrder, EndPhase, Form, IllegalAction, Jump, Move,
                           Pass, apply, legal_actions)
from studio.rulesets.rules_of_war.abilities import SIMULATED, not_simulated
from studio.engine.board import OFF
from studio.rulesets.rules_of_war.combat import legal_targets, make_context
from studio.rulesets.rules_of_war.event_words import describe
from studio.rulesets.rules_of_war.modifiers import AttackContext, attack_total, defense_total
from studio.rulesets.rules_of_war.morale import morale_modifiers
from studio.rulesets.rules_of_war.odds import state_odds
from studio.rulesets.rules_of_war.play import move_options
from studio.rulesets.rules_of_war.sample import army_list, neighbour_label as nb, skirmish, unit
from studio.model import Ability, Spell, VictoryCondition
from studio.rulesets.rules_of_war.ability_catalogue import CATALOGUE

from test_engine_rules import TYPES, game, kinds, one

A = Ability


def mk(uid, *abilities, **kw):
    return unit(uid, abilities=[a if isinstance(a, Ability) else A(a) for a in abilities], **kw)


def test_R40_simulated_names_are_catalogue_names_and_the_rest_are_reported():
    assert SIMULATED <= set(CATALOGUE)
    must = {"army-leader", "charge", "always-charge", "set-spears", "missiles-first",
            "no-ranged-after-move", "no-attack-after-move", "attack-modifier",
            "defense-modifier", "attack-rating-vs", "defense-rating-vs", "half-at-half-hull",
            "degrade-per-hit", "hero", "legion", "capture-on-destroy", "every-other-round",
            "out-of-ammo", "pila", "magic", "ignores-terrain-defense", "water-only",
            "only-attacked-by", "indirect-fire", "immobile", "counts-for-objectives",
            "hyper-jump", "gravity-well", "round-shot",
            "formations", "square", "never-second-disruption", "exhaust-port",
            "attack-any-arc", "rout-attacks-friends", "must-land", "superlaser"}
    assert must <= SIMULATED
    lst = army_list("x", [mk("ship", "gas-attack", "legion")])
    assert not_simulated(lst) == {"gas-attack"}


def test_R40_charge_extra_move_attack_bonus_and_defense_penalty():
    ch = mk("warband", A("charge", {"move": 1, "cavalry_move": 2, "attack": 1, "defense": -1}),
            move=2, melee=5, defense=5)
    types = TYPES + [ch]
    s = game([("w", "warband", "0506", "N")], [("b", "hvy", "0503", "S")], rolls=[4, 9, 1, 1],
             types=types)
    charge = [a for a in legal_actions(s) if isinstance(a, Move) and a.charge]
    assert Move("w", "0504", "N", True) in charge             # 3 MP with the charge
    apply(s, Move("w", "0504", "N", True))
    atk = one(apply(s, Attack("w", "b")), "attack")
    assert ["charge", 1] in atk["modifiers"] and atk["needed"] == 6
    apply(s, EndPhase("red"))
    atk = one(apply(s, Attack("b", "w")), "attack")
    assert ["charging", -1] in atk["defense_modifiers"]
    with pytest.raises(IllegalAction, match="next to an enemy"):
        s2 = game([("w", "warband", "0510", "N")], [("b", "hvy", "0503", "S")], rolls=[],
                  types=types)
        apply(s2, Move("w", "0509", "N", True))


def test_R40_always_charge_must_charge_when_it_can():
    ber = mk("berserk", "always-charge", A("charge"), move=3, melee=7)
    s = game([("k", "berserk", "0507", "N")], [("b", "inf", "0503", "S")], rolls=[],
             types=TYPES + [ber])
    acts = legal_actions(s)
    assert all(a.charge for a in acts if isinstance(a, Move))
    assert EndPhase("red") not in acts
    with pytest.raises(IllegalAction, match="must charge"):
        apply(s, Move("k", "0506", "N"))


def test_R40_set_spears_defense_vs_cavalry_and_first_strike():
    sp = mk("spears", A("set-spears", {"value": 2, "vs_tags": ["cavalry"]}), melee=5, defense=4)
    s = skirmish([("c", "cav", "0505", "N")], [("p", "spears", "0504", "S")], TYPES + [sp],
                 rolls=[1, 9])
    apply(s, Attack("c", "p"))
    assert s.window == "respond"
    ev = apply(s, Attack("p", "c"))       # the spears strike first: roll 1 destroys c
    assert [e["attacker"] for e in kinds(ev, "attack")] == ["p"]
    assert one(ev, "attack-cancelled")["attacker"] == "c"
    s = game([("c", "cav", "0505", "N")], [("p", "spears", "0504", "S")], rolls=[5, 1],
             types=TYPES + [sp])
    atk = one(apply(s, Attack("c", "p")), "attack")
    assert ["set spears", 2] in atk["defense_modifiers"]


def test_R40_missiles_first_when_answering_hand_to_hand():
    bow = mk("bow", "missiles-first", rng=4, melee=3, ranged=4, defense=3)
    s = skirmish([("a", "inf", "0505", "N")], [("w", "bow", "0504", "S")], TYPES + [bow],
                 rolls=[1, 9])
    apply(s, Attack("a", "w"))
    ev = apply(s, Attack("w", "a"))
    assert [e["attacker"] for e in kinds(ev, "attack")] == ["w"] and not s.unit("a").on_map


def test_R40_no_ranged_after_move_and_no_attack_after_move():
    nr = mk("nr", "no-ranged-after-move", rng=4, melee=3, ranged=4)
    na = mk("na", "no-attack-after-move", rng=4, melee=3, ranged=4)
    s = game([("r", "nr", "0508", "N"), ("q", "na", "0908", "N")],
             [("b", "inf", "0503", "S"), ("c", "inf", "0905", "S")], rolls=[9],
             types=TYPES + [nr, na])
    apply(s, Move("r", "0507", "N"))
    with pytest.raises(IllegalAction, match="no-ranged-after-move"):
        apply(s, Attack("r", "b"))
    apply(s, Attack("q", "c"))
    with pytest.raises(IllegalAction, match="no-attack-after-move"):
        apply(s, Move("q", "0907", "N"))


def test_R40_attack_and_defense_modifiers_and_ratings_vs_tags():
    fighter = unit("fighter", melee=3, defense=6, tags=["fighter"])
    inter = mk("inter", A("attack-modifier", {"value": 5, "vs_tags": ["fighter"]}), melee=2)
    shield = mk("shield", A("defense-modifier", {"value": 1, "vs": "ranged"}), defense=6)
    pd = mk("pd", A("attack-rating-vs", {"value": 6, "vs_tags": ["fighter"]}), melee=4)
    armour = mk("armour", A("defense-rating-vs", {"value": 9, "vs_tags": ["fighter"]}),
                defense=2)
    types = TYPES + [fighter, inter, shield, pd, armour]
    s = game([("i", "inter", "0505", "N"), ("p", "pd", "0905", "N"),
              ("f", "fighter", "1305", "N"), ("a", "arch", "1705", "N")],
             [("x", "fighter", "0504", "S"), ("y", "fighter", "0904", "S"),
              ("z", "armour", "1304", "S"), ("w", "shield", "1703", "S")],
             rolls=[10] * 12, types=types, free_advance=False)
    assert one(apply(s, Attack("i", "x")), "attack")["needed"] == 7
    assert one(apply(s, Attack("p", "y")), "attack")["base"] == 6
    assert one(apply(s, Attack("f", "z")), "attack")["defense"] == 9
    atk = one(apply(s, Attack("a", "w")), "attack")
    assert ["defense-modifier", 1] in atk["defense_modifiers"]


def test_R40_shields_before_hull_degrade_per_hit_and_half_at_half_hull():
    ship = mk("ship", A("degrade-per-hit", {"move": 1, "attack": 1, "defense": 1}),
              "half-at-half-hull", move=8, melee=6, defense=5, hits=2, shields=2)
    s = game([("s", "ship", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
             types=TYPES + [ship])
    u = s.unit("s")
    assert u.profile.hits == 4 and u.profile.hull == 2
    from studio.rulesets.rules_of_war.allowance import move_allowance
    assert s.board.mp_of(move_allowance(s, u)) == 8
    u.hits = 3                          # shields gone, 1 of 2 hull left: half hull
    s._cache.clear()
    assert s.board.mp_of(move_allowance(s, u)) == 8 - 3 - 4
    s.unit("b").hex = s.board.index_of_label("0504")
    tot = attack_total(make_context(s, u, s.unit("b")), s.options)
    assert tot[2] == 6 - 3


def test_R40_hero_stacking_and_legion_interactions():
    hero = mk("hero", "hero", melee=6)
    leg = mk("legion", "legion", melee=4, defense=4, morale=6)
    types = TYPES + [hero, leg]
    s = game([("h", "hero", "0505", "N"), ("l", "legion", "0605", "N")],
             [("e", "legion", "0504", "S"), ("e2", "legion", nb("0605", "N"), "S")], rolls=[9],
             types=types)
    with pytest.raises(IllegalAction, match="heroes cannot attack legions"):
        apply(s, Attack("h", "e"))
    atk = one(apply(s, Attack("l", "e2")), "attack")
    assert ["with hero", 1] in atk["modifiers"]


def test_R40_capture_on_destroy_hands_the_unit_over():
    tower = mk("tower", A("capture-on-destroy", {"max_roll": 5}), melee=4, defense=None)
    s = game([("a", "inf", "0505", "N")], [("t", "tower", "0504", "S")], rolls=[3, 4],
             types=TYPES + [tower])
    ev = apply(s, Attack("a", "t"))
    assert one(ev, "captured")["by"] == "red" and s.unit("t").side == 0
    assert s.unit("t").on_map and one(ev, "attack")["captured"]
    s = game([("a", "inf", "0505", "N")], [("t", "tower", "0504", "S")], rolls=[3, 6],
             types=TYPES + [tower])
    one(apply(s, Attack("a", "t")), "destroyed")


def test_R40_every_other_round_and_out_of_ammo():
    siege = mk("siege", "every-other-round", rng=6, melee=4, ranged=4)
    mg = mk("mg", A("out-of-ammo", {"roll": 10}), rng=4, melee=3, ranged=3)
    types = TYPES + [siege, mg]
    s = game([("g", "siege", "0510", "N"), ("m", "mg", "0910", "N")],
             [("b", "hvy", "0505", "S"), ("c", "hvy", "0906", "S")],
             rolls=[9, 10, 1, 10, 1], types=types)
    apply(s, Attack("g", "b"))
    ev = apply(s, Attack("m", "c"))                      # rolls 10: hits, and out of ammo
    assert one(ev, "out-of-ammo")["unit"] == "m"
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    from studio.rulesets.rules_of_war import ChooseOrder
    apply(s, ChooseOrder("red", True))
    with pytest.raises(IllegalAction, match="every other round"):
        apply(s, Attack("g", "b"))
    with pytest.raises(IllegalAction, match="out of ammunition"):
        apply(s, Attack("m", "c"))


def test_R40_pila_volley_before_the_first_hand_to_hand_and_no_other_ranged():
    legionary = mk("legionary", A("pila", {"attacks": 2}), rng=3, melee=5, ranged=2)
    s = game([("p", "legionary", "0505", "N"), ("q", "legionary", "0905", "N")],
             [("b", "hvy", "0504", "S"), ("c", "inf", "0903", "S")],
             rolls=[9, 9, 9], types=TYPES + [legionary])
    with pytest.raises(IllegalAction, match="pila"):
        apply(s, Attack("q", "c"))
    ev = apply(s, Attack("p", "b"))
    whys = [e["why"] for e in kinds(ev, "roll")]
    assert whys == ["pila", "pila", "attack"]
    assert [e["needed"] for e in kinds(ev, "attack")][:2] == [2, 2]


def test_R40_ignores_terrain_defense_water_only_only_attacked_by_indirect_immobile():
    tower = mk("tower", "ignores-terrain-defense", melee=5)
    kraken = mk("kraken", "water-only", move=2, melee=9)
    plane = mk("plane", A("only-attacked-by", {"tags": ["flak"]}), melee=2)
    how = mk("how", "indirect-fire", "immobile", rng=8, melee=None, ranged=3)
    types = TYPES + [tower, kraken, plane, how]
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....fss" + "." * 13
    terrain[5] = "ffffff" + "." * 14
    s = game([("t", "tower", "0505", "N"), ("k", "kraken", "0604", "N"),
              ("h", "how", "0508", "N"), ("i", "inf", "1305", "N")],
             [("b", "inf", "0504", "S"), ("p", "plane", "1304", "S")],
             rolls=[6, 9], types=types, terrain=terrain)
    assert {k[0] for k in move_options(s, "k")} <= {"0604", "0704"}
    assert move_options(s, "h") == {}
    with pytest.raises(IllegalAction, match="only units tagged flak"):
        apply(s, Attack("i", "p"))
    assert Attack("h", "b") in legal_actions(s)            # forests between: no LOS needed
    atk = one(apply(s, Attack("t", "b")), "attack")
    assert atk["defense_modifiers"] == [] or atk["defense_modifiers"][0][0] != "Forest"


def test_R40_jedi_pilot_and_leaderless_morale():
    jedi = mk("jedi", A("jedi-pilot", {"value": 2}), melee=5, defense=6)
    squad = mk("squad", A("leaderless-morale", {"value": -2}), melee=3, morale=7, hits=2)
    s = game([("j", "jedi", "0505", "N")], [("q", "squad", "0504", "S")], rolls=[6, 10, 1],
             types=TYPES + [jedi, squad])
    ev = apply(s, Attack("j", "q"))
    assert ["jedi-pilot", 2] in one(ev, "attack")["modifiers"]
    assert ["no officer", -2] in one(ev, "morale")["modifiers"]


def _magic_game(rolls, red, blue, **kw):
    wizard = mk("wizard", A("magic", {"points": 2}), "hero", melee=3, morale=10)
    spells = [Spell("haste", "Haste", "", {}), Spell("barrier", "Barrier", "", {}),
              Spell("aid", "Aid", "", {}), Spell("fear", "Fear", "", {})]
    types = TYPES + [wizard]
    from studio.rulesets.rules_of_war import sample
    lists_backup = sample.army_list

    def with_spells(list_id, units, **k):
        return lists_backup(list_id, units, spells=spells, **k)
    sample.army_list = with_spells
    try:
        return game(red, blue, rolls=rolls, types=types, **kw)
    finally:
        sample.army_list = lists_backup


def test_R40_magic_haste_barrier_aid_fear_one_spell_a_round_magic_points():
    s = _magic_game([2, 5], [("g", "wizard", "0510", "N"), ("a", "inf", "0509", "N"),
                             ("c", "inf", nb("0510", "NE"), "N")],
                    [("b", "inf", "0503", "S")])
    ev = apply(s, Cast("g", "haste", ("a", "c")))
    spell = one(ev, "spell")
    assert spell["targets"] == ["a", "c"] and spell["amount"] == 5
    assert s.board.mp_of(__import__("studio.rulesets.rules_of_war.allowance", fromlist=["x"])
                         .move_allowance(s, s.unit("a"))) == 8
    with pytest.raises(IllegalAction, match="already cast a spell this round"):
        apply(s, Cast("g", "fear", ("b",)))
    assert s.unit("g").magic == 1
    # Barrier: enemy units may not enter the first 1D10 hexes of the chain this round.
    s = _magic_game([2], [("g", "wizard", "0510", "N")], [("b", "inf", "0507", "S")])
    apply(s, Cast("g", "barrier", hexes=("0508", "0608", "0708")))
    assert s.barriers and len(s.barriers) == 2
    apply(s, EndPhase("red"))
    assert not any(k[0] == "0508" for k in move_options(s, "b"))
    # Aid: any rating of any unit +/- 1D5, even in the opponent's window.
    s = _magic_game([7], [("g", "wizard", "0510", "N")], [("b", "inf", "0507", "S")])
    ev = apply(s, Cast("g", "aid", ("b",), stat="defense", sign=-1))
    assert one(ev, "spell")["amount"] == -4 and s.unit("b").aid == {"defense": -4}
    # Fear: 1D5 adjacent enemies check morale at -2.
    s = _magic_game([4, 1, 1], [("g", "wizard", "0510", "N")],
                    [("b", "inf", "0509", "S"), ("c", "inf", nb("0510", "NE"), "S")])
    ev = apply(s, Cast("g", "fear", ("b", "c")))
    checks = kinds(ev, "morale")
    assert [m["unit"] for m in checks] == ["b", "c"]
    assert all(["fear", -2] in m["modifiers"] for m in checks)


def test_R40_counts_for_objectives_only_marked_units_hold_hexes():
    troops = mk("troops", "counts-for-objectives", move=2, melee=5)
    hold = [VictoryCondition("red", "hold", {"hexes": ["0505"]})]
    for who, held in (("inf", False), ("troops", True)):
        s = game([("a", who, "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
                 victory=hold, round_limit=1, types=TYPES + [troops])
        apply(s, EndPhase("red"))
        apply(s, EndPhase("blue"))
        assert (s.result.winner == "red") is held, who
    # Without the ability in the list, any unit holds (R39).
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
             victory=hold, round_limit=1)
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    assert s.result.winner == "red"


SHIP = mk("ship", "hyper-jump", move=3, melee=5, defense=5, carry={"infantry": 1})
MARINES = mk("marines", move=2, melee=5, tags=["infantry"])
WELL = mk("well", "gravity-well", move=3, melee=5)


def test_R40_hyper_jump_leaves_the_battle_with_its_cargo():
    s = game([("s", "ship", "0505", "N"), ("m", "marines", "0506", "N")],
             [("b", "inf", "0520", "S")], rolls=[], types=TYPES + [SHIP, MARINES])
    apply(s, Move("m", "0505", "N", embark="s"))
    assert Jump("s") in legal_actions(s) and Jump("m") not in legal_actions(s)
    ev = apply(s, Jump("s"))
    assert one(ev, "jumped").data == {"unit": "s", "at": "0505"}
    assert s.unit("s").status == s.unit("m").status == "jumped"
    assert s.unit("s").hex == s.unit("m").hex == OFF
    assert not s.over
    with pytest.raises(IllegalAction, match="no longer on the map"):
        apply(s, Jump("s"))


def test_R40_hyper_jump_enemies_may_attack_first():
    types = TYPES + [SHIP]
    # Next to an enemy: its reaction window opens before the ship goes.
    s = game([("s", "ship", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[],
             types=types, reaction_attacks=True)
    ev = apply(s, Jump("s"))
    assert kinds(ev, "jumped") == [] and s.window == "react" and s.to_act == "blue"
    ev = apply(s, Pass("blue"))
    assert one(ev, "jumped").data["unit"] == "s" and s.to_act == "red"
    assert "s" not in [u.uid for u in legal_targets(s, s.unit("b"))]   # nothing stale
    assert Jump("s") not in legal_actions(s)
    # Destroyed by the reaction: no jump.
    s = game([("s", "ship", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[1, 10],
             types=types, reaction_attacks=True)
    apply(s, Jump("s"))
    ev = apply(s, Attack("b", "s"))
    assert kinds(ev, "jumped") == [] and s.unit("s").status == "destroyed"


def test_R40_gravity_well_keeps_every_ship_from_jumping():
    for side in ("red", "blue"):
        well = [("w", "well", "0515", "N")]
        red = [("s", "ship", "0505", "N")] + (well if side == "red" else [])
        blue = [("b", "inf", "0520", "S")] + (well if side == "blue" else [])
        s = game(red, blue, rolls=[], types=TYPES + [SHIP, WELL])
        assert Jump("s") not in legal_actions(s)
        with pytest.raises(IllegalAction, match="gravity well of w in 0515"):
            apply(s, Jump("s"))


def test_R40_a_jumped_ship_counts_as_lost_but_gives_no_victory_points():
    from studio.engine.victory import vp_total
    vc = [VictoryCondition("blue", "eliminate", {"share": 50})]
    s = game([("s", "ship", "0505", "N"), ("t", "inf", "0515", "N")],
             [("b", "inf", "0520", "S")], rolls=[], types=TYPES + [SHIP], victory=vc)
    apply(s, Jump("s"))
    assert s.result.winner == "blue"
    assert vp_total(s, 1) == 0


def test_R40_round_shot_strikes_every_unit_on_the_line_to_the_target():
    gun = mk("gun", "round-shot", move=2, rng=6, melee=2, ranged=6, defense=3)
    s = game([("g", "gun", "0510", "N"), ("f", "nodef", "0508", "N")],
             [("t", "nodef", "0505", "S"), ("e", "nodef", "0507", "S"),
              ("x", "nodef", "0607", "S")], rolls=[1, 1, 1], types=TYPES + [gun])
    ev = apply(s, Attack("g", "t"))
    struck = [e.data["target"] for e in kinds(ev, "attack")]
    assert struck[0] == "t" and sorted(struck[1:]) == ["e", "f"]      # not x, off the line
    assert describe(kinds(ev, "attack")[1]).startswith("g's round shot strikes ")
    assert {u.uid for u in s.units if u.status == "destroyed"} == {"t", "e", "f"}
    assert s.dice.remaining == []
    # Next to its target there is nothing in between: one attack.
    s = game([("g", "gun", "0506", "N")], [("t", "nodef", "0505", "S")], rolls=[1],
             types=TYPES + [gun])
    assert len(kinds(apply(s, Attack("g", "t")), "attack")) == 1


LINE = mk("line", "formations", "square", move=3, melee=5, defense=5, morale=7, hits=2)
MILITIA = mk("militia", "formations", "never-second-disruption", move=3, melee=9, defense=3,
             morale=5, hits=2)


def test_R40_formations_column_needs_a_morale_check_and_replaces_the_attack():
    types = TYPES + [LINE]
    s = game([("l", "line", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[7],
             types=types)
    assert {Form("l", "column"), Form("l", "square")} <= set(legal_actions(s))
    ev = apply(s, Form("l", "column"))
    assert one(ev, "formation").data["passed"] and s.unit("l").formation == "column"
    assert ("0501", "N") in move_options(s, "l")             # move 3 + 1 in column
    assert not any(isinstance(a, (Attack, Form)) and a.unit == "l" for a in legal_actions(s))
    ctx = AttackContext(s.unit("l").profile, s.unit("b").profile, 1, attacker_formation="column",
                        defender_formation="column")
    assert ("column", -1) in attack_total(ctx, s.options)[1]
    ctx = AttackContext(s.unit("b").profile, s.unit("l").profile, 1, defender_formation="column")
    assert ("column", -1) in defense_total(ctx, s.options)[1]
    # Failing the check: no new formation, and nothing more this round.
    s = game([("l", "line", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[8],
             types=types)
    ev = apply(s, Form("l", "column"))
    assert not one(ev, "formation").data["passed"] and s.unit("l").formation == "line"
    with pytest.raises(IllegalAction, match="already moved"):
        apply(s, Move("l", "0504", "N"))


def test_R40_square_stands_fast_and_defends_against_cavalry():
    types = TYPES + [LINE, mk("cols", "formations", move=3)]
    s = game([("l", "line", "0505", "N"), ("k", "cols", "0508", "N")],
             [("c", "cav", "0504", "S"), ("i", "inf", "0604", "SW")],
             rolls=[1], types=types)
    assert Form("k", "square") not in legal_actions(s)
    with pytest.raises(IllegalAction, match="cannot form square"):
        apply(s, Form("k", "square"))
    apply(s, Form("l", "square"))
    with pytest.raises(IllegalAction, match="stands in square"):
        apply(s, Move("l", "0506", "N"))
    mods = {who: defense_total(make_context(s, s.unit(who), s.unit("l")), s.options)[1]
            for who in ("c", "i")}
    assert ("square", 5) in mods["c"] and ("square", -2) in mods["i"]
    assert ("square", -1) in attack_total(make_context(s, s.unit("l"), s.unit("c")),
                                          s.options)[1]


def test_R40_a_hit_disrupts_and_militia_never_give_the_second_disruption():
    types = TYPES + [LINE, MILITIA]
    # Militia hit (no save: the overkill leaves none needed), then l's morale check holds.
    s = game([("l", "line", "0505", "N")], [("m", "militia", "0504", "S")], rolls=[1, 2],
             types=types)
    line = s.unit("l")
    line.hits = 1                                           # disrupted
    assert ("disrupted", -1) in attack_total(make_context(s, line, s.unit("m")), s.options)[1]
    assert ("disrupted", -1) in defense_total(make_context(s, s.unit("m"), line), s.options)[1]
    assert ("disrupted", -1) in morale_modifiers(s, line)
    apply(s, EndPhase("red"))
    ev = apply(s, Attack("m", "l"))
    atk = one(ev, "attack").data
    assert atk["hit"] and atk["damage"] == 0 and atk["morale_instead"]
    assert one(ev, "morale").data["unit"] == "l"
    assert line.hits == 1 and line.status == "on"


def test_R40_exhaust_port_a_fighter_hit_may_destroy_it_outright():
    ds = mk("ds", "exhaust-port", move=1, melee=2, defense=None, hits=3)
    xw = mk("xw", move=7, melee=9, tags=["fighter"])
    jedi = mk("jedi", A("jedi-pilot", {"value": 2}), move=7, melee=9, tags=["fighter"])
    types = TYPES + [ds, xw, jedi]
    # Rolls: the attack, the exhaust-port roll (fighters only), a survivor's morale check.
    for attacker, rolls, destroyed in (("xw", [1, 1], True), ("xw", [1, 2, 1], False),
                                       ("jedi", [1, 5], True), ("jedi", [1, 6, 1], False),
                                       ("inf", [1, 1], False)):
        s = game([("a", attacker, "0505", "N")], [("d", "ds", "0504", "S")], rolls=rolls,
                 types=types)
        ev = apply(s, Attack("a", "d"))
        assert (s.unit("d").status == "destroyed") is destroyed, (attacker, rolls)
        assert s.dice.remaining == []
        if destroyed:
            assert one(ev, "attack").data["destroyed_by"] == "exhaust-port"
        else:
            assert s.unit("d").hits == 1


def test_R40_attack_any_arc_attacks_behind_it():
    yw = mk("yw", "forward-arc-only", "attack-any-arc", move=6, melee=5)
    for who, allowed in (("yw", True), ("inf", False)):
        s = game([("y", who, "0505", "N")], [("b", "inf", "0506", "N")], rolls=[],
                 types=TYPES + [yw])
        assert (Attack("y", "b") in legal_actions(s)) is allowed
        if not allowed:
            with pytest.raises(IllegalAction, match="outside y's front arc"):
                apply(s, Attack("y", "b"))


def test_R40_rout_attacks_friends_that_block_its_flight():
    elephants = mk("elephants", "rout-attacks-friends", move=1, melee=7)
    oxen = mk("oxen", move=1, melee=7)
    types = TYPES + [elephants, oxen]
    probe = game([("el", "elephants", "0505", "N")], [("b", "inf", "0506", "N")], rolls=[],
                 types=types)
    board = probe.board
    around = [board.labels[n] for n in board.nbr[board.index_of_label("0505")]
              if n != OFF and board.labels[n] != "0506"]
    friends = [(f"f{k}", "nodef", lab, "N") for k, lab in enumerate(around)]
    for kind, attacks in (("elephants", True), ("oxen", False)):
        # Rolls: the elephants' attack on a friend, then the next round's initiative.
        s = game([("el", kind, "0505", "N")] + friends, [("b", "inf", "0506", "N")],
                 rolls=[1, 5, 3] if attacks else [5, 3], types=types)
        el = s.unit("el")
        el.routed, el.routed_round = True, s.round          # no rally roll this round
        apply(s, EndPhase("red"))
        ev = apply(s, EndPhase("blue"))
        assert one(ev, "fled").data["path"] == [] and el.hex == board.index_of_label("0505")
        hits = kinds(ev, "attack")
        if attacks:
            assert len(hits) == 1 and hits[0].data["rout_attack"]
            assert describe(hits[0]).startswith("el, routing, attacks its own f")
            assert hits[0].data["attacker"] == "el" and hits[0].data["target"].startswith("f")
            assert s.unit(hits[0].data["target"]).status == "destroyed"
        else:
            assert hits == []


def test_R40_must_land_a_plane_off_its_airfield_in_a_landing_round_is_lost():
    plane = mk("plane", A("must-land", {"every": 2, "terrain": "road"}), move=40, melee=2,
               flying=True)
    terrain = ["." * 20] * 20
    terrain[5] = "....r" + "." * 15                     # a road hex, 0506, for an airfield
    for where, lost in (("0506", False), ("0508", True)):
        s = game([("p", "plane", where, "N")], [("b", "inf", "0520", "S")],
                 rolls=[5, 3, 5, 3], types=TYPES + [plane], terrain=terrain)
        for _ in range(2):                              # rounds 1 and 2
            apply(s, EndPhase("red"))
            ev = apply(s, EndPhase("blue"))
            if s.round == 2:
                assert s.unit("p").status == "on"       # round 1: no landing due
                apply(s, ChooseOrder("red", True))
        assert (s.unit("p").status == "destroyed") is lost
        if lost:
            assert one(ev, "destroyed").data == {"unit": "p", "cause": "no-airfield"}


def test_R40_superlaser_destroys_what_it_hits_every_other_round():
    ds = mk("ds", A("superlaser", {"range": 5, "every": 2}), move=1, melee=6, defense=None,
            hits=30)
    big = mk("big", move=2, melee=2, defense=9, hits=5)
    types = TYPES + [ds, big]
    s = game([("d", "ds", "0510", "N")], [("t", "big", "0505", "S"), ("u", "big", "0506", "S")],
             rolls=[6, 5, 3], types=types)
    assert {Attack("d", "t"), Attack("d", "u")} <= set(legal_actions(s))
    odds = state_odds(s, "d", "t")
    assert odds.needed == 6 and odds.p_destroyed == odds.p_hit > 0.5    # 5 hits, no save
    ev = apply(s, Attack("d", "t"))                    # 6: a hit at the rating, no save
    atk = one(ev, "attack").data
    assert atk["destroyed_by"] == "superlaser" and atk["save_needed"] is None
    assert s.unit("t").status == "destroyed"
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    apply(s, ChooseOrder("red", True))                 # round 2: not ready again yet
    assert Attack("d", "u") not in legal_actions(s)
    with pytest.raises(IllegalAction, match="beyond range 1"):
        apply(s, Attack("d", "u"))
