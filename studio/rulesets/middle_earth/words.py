"""Events and actions in plain words, for the game log and the play mode."""
from __future__ import annotations

from studio.engine.victory import game_over_words

from .state import Cast, Charge, EndTurn, Fire, Hold, Move

REACTIONS = {"advance-2": "uncontrolled advance for 2 moves",
             "advance-1": "uncontrolled advance for 1 move", "obey": "carries out its orders",
             "halt-1": "halts for 1 move", "halt-2": "halts for 2 moves", "retire": "retires",
             "retreat": "retreats", "rout": "routs", "rout-unrallyable": "routs beyond rallying"}


def _signed(n: int) -> str:
    return f"{n:+d}"


def describe(event) -> str:
    d = event.data
    k = event.kind
    if k == "weather":
        wind = f", wind from the {d['wind']}" if d.get("wind") else ""
        return f"Weather: {d['weather']}{wind}"
    if k == "round":
        return f"Move {d['round']}: {' then '.join(d['order'])}"
    if k == "side-turn":
        return f"{d['side']} gives its orders"
    if k == "end-turn":
        return f"{d['side']} ends its orders"
    if k == "hold":
        return f"{d['unit']} holds"
    if k == "moved":
        return f"{d['unit']} moves to {d['path'][-1]} facing {d['facing']}"
    if k == "charge":
        return f"{d['unit']} charges {d['target']} from {d['to']}"
    if k == "morale":
        text = (f"{d['unit']} tests morale ({d['trigger']}): dice {d['dice']} "
                f"{_signed(d['modifier'])} = {d['score']}")
        if d.get("desperation") is not None:
            text += f", desperation throw {d['desperation']}"
        return f"{text}: {REACTIONS.get(d['reaction'], d['reaction'])}"
    if k == "withdraw":
        return f"{d['unit']} {d['how']}s to {d['to']}"
    if k == "organisation":
        return f"{d['unit']} is now {d['state']}"
    if k in ("strike", "volley"):
        what = "shoots at" if k == "volley" else {"impetus": "strikes with impetus at",
                                                  "follow-up": "cuts down the fleeing"}.get(
            d.get("blow"), "strikes")
        return (f"{d['unit']} {what} {d['target']}: weapon {d['weapon_factor']} "
                f"{_signed(d['tactical'])} +{d['plus']} -{d['minus']} = factor {d['factor']}, "
                f"{d['figures']} figures: {d['casualties']} casualties")
    if k == "losses":
        return f"{d['unit']} loses {d['figures']} figures ({d['cause']}), {d['left']} left"
    if k == "gone":
        return f"{d['unit']} {d['why']}"
    if k == "leader-killed":
        return f"{d['unit']}'s leader falls"
    if k == "wounded":
        return f"{d['unit']} takes {d['damage']} ({d['cause']}), defence {d['left']} left"
    if k == "hero-blow":
        if d.get("roll") is None:
            return f"{d['unit']} fights {d['target']}: {d['damage']} damage"
        return (f"{d['unit']} strikes at {d['target']}: d20 {d['roll']} (needs {d['need']}), "
                f"{d['damage']} damage")
    if k == "pushed":
        return f"{d['unit']} is pushed back {d['metres']} m to {d['to']}"
    if k == "ground-to-air":
        return f"{d['unit']} shoots at {d['target']} in the air: {d['hits']} hits"
    if k == "melee-lost":
        return f"{d['unit']} loses the melee to {d['winner']}"
    if k == "half-strength":
        return (f"{d['unit']} is below half strength: d6 {d['roll']}, "
                f"{'fights on' if d['fights_on'] else 'quits the field'}")
    if k == "recovered":
        return f"{d['unit']} recovers to energy level {d['level']}"
    if k == "rally":
        return (f"{d['unit']} tries to rally: {d['dice']} {_signed(d['modifier'])} = {d['score']}: "
                f"{'rallies' if d['rallied'] else 'fails'}")
    if k == "uncontrolled":
        return f"{d['unit']} advances out of control on {d['target']}"
    if k == "obey":
        return (f"{d['unit']} tests its orders: d6 {d['roll']}, total {d['total']}: "
                f"{'obeys' if d['obeys'] else 'refuses'}")
    if k == "cast":
        what = f"{d['unit']} casts {d['spell']}" + (f" at {d['target']}" if d.get("target") else "")
        if d.get("roll") is not None:
            what += f" (roll {d['roll']}, needs {d['need']})"
        return f"{what}: {'it works' if d['success'] else 'it fails'}, energy {d['level']}"
    if k == "will":
        return (f"{d['unit']} wrestles with the will of {d['target']}: d20 {d['roll']} "
                f"(needs {d['need']}): {'masters him' if d['success'] else 'fails'}")
    if k == "disarmed":
        return f"{d['unit']} has {d['figures']} figures disarmed"
    if k == "rout-spell":
        return f"{d['unit']} {'stands' if d['stands'] else 'routs'} before the Rout spell"
    if k == "air-attack":
        return (f"{d['unit']} attacks {d['target']} in the air: d20 {d['roll']}: "
                f"{'hit' if d['hit'] else 'miss'}")
    if k == "game-over":
        return game_over_words(d)
    return f"{k}: {d}"


def action_words(action) -> str:
    if isinstance(action, Move):
        return f"Move {action.unit} to {action.to} facing {action.facing}" + \
            (" in open order" if action.order == "open" else "")
    if isinstance(action, Charge):
        return f"{action.unit} charges {action.target}"
    if isinstance(action, Fire):
        return f"{action.unit} shoots at {action.target}"
    if isinstance(action, Cast):
        at = f" at {action.target}" if action.target else ""
        return f"{action.unit} casts {action.spell}{at}"
    if isinstance(action, Hold):
        return f"{action.unit} holds"
    if isinstance(action, EndTurn):
        return f"End the orders of {action.side}"
    return repr(action)
