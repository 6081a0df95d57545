"""The army-list abilities Middle Earth's lists name (the game's `schema.abilities`), so its
lists validate without another game installed. The game plays none of them: a mumak going
wild (M26), rams and powder kegs (sieges) are outside the simulation, and `studio validate`
warns wherever a scenario fields a unit that has one."""
from __future__ import annotations

from studio.model.ability_catalogue import AbilitySpec
from studio.model.ability_catalogue import ability_spec as _spec

CATALOGUE: dict[str, AbilitySpec] = {s.name: s for s in [
    _spec("breach", "Attacks walls and fortifications with this rating (a ram's value, or a "
          "keg of powder).", rating=None),
    _spec("rout-attacks-friends", "When routing (a mumak gone wild), attacks friendly units "
          "blocking its escape."),
]}

# Catalogue abilities the engine plays: none; every one above is reported as not simulated.
SIMULATED: frozenset[str] = frozenset()
