"""The abilities Rules of War defines (docs/abilities.md), with their parameters and a plain
description: the game's `schema.abilities`. Which of them the engine plays is
`abilities.SIMULATED`; the validator warns about the others."""
from __future__ import annotations

from studio.model.ability_catalogue import AbilitySpec
from studio.model.ability_catalogue import ability_spec as _spec

CATALOGUE: dict[str, AbilitySpec] = {s.name: s for s in [
    _spec("army-leader", "The side's Army Leader: losing it costs initiative and morale."),
    _spec("hero", "May stack on other units without limit."),
    _spec("legion", "Heroes cannot attack it; it cannot attack heroes stacked on a legion; "
          "+1 to all ratings when adjacent to or stacked with a friendly hero."),
    _spec("charge", "May charge into hand-to-hand: extra move, attack bonus, defense penalty "
          "for that round.", move=1, cavalry_move=2, attack=1, defense=-1),
    _spec("always-charge", "Must charge an enemy it can reach."),
    _spec("set-spears", "Bonus defense against charging cavalry, and strikes first in "
          "hand-to-hand.", value=1, vs_tags=["shock-cavalry", "cavalry"]),
    _spec("missiles-first", "Its ranged attacks are resolved before an enemy's hand-to-hand "
          "attack on it."),
    _spec("no-ranged-after-move", "Cannot make a ranged attack in a round in which it moved, "
          "nor move after a ranged attack."),
    _spec("no-attack-after-move", "Cannot attack in a round in which it moved, nor move after "
          "attacking."),
    _spec("attack-modifier", "Adds `value` to its attack, optionally only against units with "
          "`vs_tags`, against targets in `vs_terrain`, against routed units (`vs_routed`), "
          "only for ranged or melee attacks (`vs`), or when it stands in terrain with "
          "`terrain_tags`.", value=None, vs_tags=[], vs_terrain=[], vs_routed=False,
          vs="any", terrain_tags=[]),
    _spec("defense-modifier", "Adds `value` to its defense, optionally only against attackers "
          "with `vs_tags` or only against ranged or melee attacks (`vs`).",
          value=None, vs_tags=[], vs="any"),
    _spec("attack-rating-vs", "Its attack rating is `value` against units with `vs_tags`.",
          value=None, vs_tags=None),
    _spec("defense-rating-vs", "Its defense rating is `value` against attackers with `vs_tags`.",
          value=None, vs_tags=None),
    _spec("pila", "The first round it enters hand-to-hand it makes `attacks` ranged attacks; "
          "it makes no other ranged attacks.", attacks=2),
    _spec("degrade-per-hit", "Loses move, attack and defense for every hit taken.",
          move=1, attack=1, defense=1),
    _spec("half-at-half-hull", "At half its hull or less, its attack dice and move are halved."),
    _spec("capture-on-destroy", "When destroyed, it is captured instead on a roll of "
          "`max_roll` or less.", max_roll=5),
    _spec("every-other-round", "Attacks only every other round."),
    _spec("out-of-ammo", "An attack roll of `roll` leaves it out of ammunition.", roll=10),
    _spec("magic", "Casts spells of the list, one a round, each costing a magic point.",
          points=None),
    _spec("breach", "Attacks walls and fortifications with this rating.", rating=None),
    _spec("ignores-terrain-defense", "Targets get no terrain defense against its attacks."),
    _spec("water-only", "May only be in terrain tagged `water`."),
    _spec("only-attacked-by", "Only units with `tags` may attack it.", tags=None),
    _spec("must-land", "Must end every `every`-th round on a friendly `terrain`.",
          every=2, terrain="airfield"),
    _spec("indirect-fire", "Needs no line of sight; fires over friendly units."),
    _spec("gas-attack", "A single-use attack on every unit along a line of `length` hexes "
          "downwind.", length=4),
    _spec("round-shot", "A ranged attack also strikes every unit in the straight line to the "
          "target."),
    _spec("formations", "Uses the Napoleonic formations: line; column, attack and defense -1 "
          "and move +1 (`column_penalty`, `column_move`); square, for units with square. A "
          "unit with a hit is disrupted: -1 (`disrupted`) to every rating but range.",
          column_penalty=1, column_move=1, disrupted=1),
    _spec("square", "With formations, may form square: move 0, attack -1 (`attack`), defense "
          "+5 (`vs_cavalry`) against cavalry (`vs_tags`) and -2 (`vs_others`) against the rest.",
          attack=1, vs_cavalry=5, vs_others=-2, vs_tags=["cavalry"]),
    _spec("never-second-disruption", "Its hits never give a disrupted unit with formations its "
          "second marker: the target checks morale instead."),
    _spec("rout-attacks-friends", "When routing, attacks friendly units blocking its escape."),
    _spec("forward-arc-only", "All its attacks go into its front arc."),
    _spec("attack-any-arc", "One of its attack dice may fire into any arc."),
    _spec("hyper-jump", "May leave the battle by hyper jump while moving; enemies may attack "
          "first."),
    _spec("gravity-well", "While it is on the map no ship may hyper jump."),
    _spec("superlaser", "Every `every` rounds one attack at range `range` that destroys any "
          "target it hits.", range=5, every=2),
    _spec("exhaust-port", "A fighter squad that hits it destroys it on a roll of `max_roll` or "
          "less (`jedi_max_roll` for Jedi squads).", max_roll=1, jedi_max_roll=5),
    _spec("jedi-pilot", "Attack and defense +`value`.", value=2),
    _spec("counts-for-objectives", "Counts towards victory objectives while it survives."),
    _spec("immobile", "Never leaves its hex."),
    _spec("leaderless-morale", "Morale `value` when the squad has no officer.", value=-2),
]}
