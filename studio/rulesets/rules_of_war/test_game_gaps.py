"""What AI-against-AI games of Rules of War leave out: abilities the engine does not
simulate, those its AI never uses, and spells the AI never casts. Batch reports print these
next to their results."""
from __future__ import annotations

from .abilities import SIMULATED
from .ai.unused import ABILITIES as AI_UNUSED
from .ai.unused import NOT_CAST
from .spells import spell_effect


def test_game_gaps(army_list, placed) -> list[dict]:
    """[{"ability": label, "unit_types": [...]}, ...] for the placed roster units of one side."""
    out = []
    by_ability: dict[str, list[str]] = {}
    for ru in placed:
        ut = army_list.unit(ru.type)
        if ut is None:
            continue
        for a in army_list.effective_abilities(ut):
            if a.name not in SIMULATED or a.name in AI_UNUSED:
                name = a.name if a.name not in SIMULATED else f"{a.name} ({AI_UNUSED[a.name]})"
                types = by_ability.setdefault(name, [])
                if ut.id not in types:
                    types.append(ut.id)
    for name in sorted(by_ability):
        out.append({"ability": name, "unit_types": by_ability[name]})
    uncast = _spells_not_cast(army_list, placed)
    if uncast:
        out.append({"unit_types": uncast[1],
                    "ability": f"{', '.join(uncast[0])} (spells the AI does not cast)"})
    return out


def _spells_not_cast(army_list, placed) -> tuple[list[str], list[str]] | None:
    """(spell names, caster unit types) when casters in play could cast spells of the list
    the heuristic AI never casts (`spell_choice.NOT_CAST`), else None."""
    names = [sp.name or sp.id for sp in army_list.spells if spell_effect(sp) in NOT_CAST]
    if not names:
        return None
    casters = []
    for ru in placed:
        ut = army_list.unit(ru.type)
        if ut is not None and ut.id not in casters and army_list.has_ability(ut, "magic"):
            casters.append(ut.id)
    return (names, casters) if casters else None
