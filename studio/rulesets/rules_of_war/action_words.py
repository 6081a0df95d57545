"""Actions in words for buttons, lists and menus (the reprs are for programmers)."""
from __future__ import annotations

from .actions import (Advance, Attack, Cast, ChooseOrder, EndPhase, Exit, Form, Jump, Move, Pass,
                      Strike, Volley)


class _Ids:
    """Names units by their ids (when no `Names` of the studio's log is at hand)."""

    @staticmethod
    def unit(uid: str) -> str:
        return uid


IDS = _Ids()


def action_words(a, names=IDS) -> str:
    """`a` in plain words; `names.unit(uid)` names the units (their ids by default).

    >>> action_words(Move("hoplites-1", "0504", "N"))
    'hoplites-1 moves to 0504 facing N'
    """
    if isinstance(a, Attack):
        return f"{names.unit(a.unit)} attacks {names.unit(a.target)}"
    if isinstance(a, Volley):
        return "; ".join(action_words(x, names) for x in a.attacks)
    if isinstance(a, Move):
        if a.embark:
            return f"{names.unit(a.unit)} boards {names.unit(a.embark)} in {a.to}"
        how = "charges" if a.charge else "moves"
        return f"{names.unit(a.unit)} {how} to {a.to} facing {a.facing}"
    if isinstance(a, Exit):
        return f"{names.unit(a.unit)} leaves the map"
    if isinstance(a, Form):
        if a.formation == "line":
            return f"{names.unit(a.unit)} tries to re-form line (morale check)"
        return f"{names.unit(a.unit)} tries to form {a.formation} (morale check)"
    if isinstance(a, Jump):
        return f"{names.unit(a.unit)} hyper jumps out of the battle"
    if isinstance(a, Strike):
        return f"Call {a.support.replace('-', ' ')} on {names.unit(a.target)}"
    if isinstance(a, Cast):
        on = [names.unit(t) for t in a.targets] + list(a.hexes)
        what = f" on {', '.join(on)}" if on else ""
        stat = f" ({'+' if a.sign >= 0 else '−'}{a.stat})" if a.stat else ""
        return f"{names.unit(a.unit)} casts {a.spell}{what}{stat}"
    if isinstance(a, Advance):
        return f"{names.unit(a.unit)} advances"
    if isinstance(a, Pass):
        return "Pass"
    if isinstance(a, EndPhase):
        return "End the phase"
    if isinstance(a, ChooseOrder):
        return "Move first" if a.first else "Move second"
    return repr(a)
