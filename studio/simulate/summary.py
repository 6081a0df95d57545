"""The result of a played game in plain words (any game's `Result`), and who fielded whom:
what `studio play` prints after the game's own story (`Ruleset.outcomes.story`)."""
from __future__ import annotations


def unit_sides(state) -> dict[str, str]:
    """Unit id -> id of the side that fielded it."""
    return {u.uid: state.game.sides[u.original_side].id for u in state.units}


def result_text(result) -> str:
    """"Result: ..." in plain words (any ruleset's `Result`).

    >>> from studio.engine.state import Result
    >>> result_text(Result("win", "a", ("holds 0503",), 4))
    'Result: a wins in round 4: holds 0503'
    """
    if result.outcome == "win":
        return f"Result: {result.winner} wins in round {result.round}: " \
               + "; ".join(result.conditions)
    what = "draw" if result.outcome == "draw" else "no winner"
    return f"Result: {what} in round {result.round}" \
        + (": " + "; ".join(result.conditions) if result.conditions else "")
