"""Plain words for Action Dice actions and events (menus, the game log, the studio)."""
from __future__ import annotations

from studio.engine import scenario_events
from studio.engine.victory import game_over_words

from .state import EndActivation, EndTurn, Melee, Move, Ram, Shoot, Special


def action_words(action) -> str:
    if isinstance(action, Move):
        return f"Move {action.unit} to {action.to} facing {action.facing}"
    if isinstance(action, Melee):
        return f"{action.unit} attacks {action.target} in melee"
    if isinstance(action, Shoot):
        return f"{action.unit} shoots at {action.target}"
    if isinstance(action, Ram):
        return f"{action.unit} drives into {action.target}"
    if isinstance(action, Special):
        return f"{action.unit} casts a {action.special} at {action.target}"
    if isinstance(action, EndActivation):
        return f"{action.unit} does nothing more this activation"
    if isinstance(action, EndTurn):
        return f"End {action.side}'s turn"
    return repr(action)


def _dice(rolls) -> str:
    return "+".join(map(str, rolls)) if rolls else "no dice"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _sum(rolls, total: int, figures: int) -> str:
    """The dice and what was added to them, so that the reader can check the total: each
    figure adds its Fight or Shoot and its weapon's modifier once."""
    added = total - sum(rolls)
    if not added:
        return f"{_dice(rolls)} = {total}"
    each = (f" ({added // figures:+d} × {figures} figures)"
            if figures > 1 and added % figures == 0 else "")
    return f"{_dice(rolls)}, {added:+d}{each} = {total}"


def _quotient(total: int, defense: int, removed: int, halved: str = "") -> str:
    """`total ÷ Defense = hits`, with the halving step shown when there is one."""
    whole = total // defense
    if halved and whole != removed:
        return f"÷ Defense {defense} = {whole}, halved {halved} = {_plural(removed, 'hit')}"
    if halved:
        return f"÷ Defense {defense} = {_plural(removed, 'hit')} ({halved})"
    return f"÷ Defense {defense} = {_plural(removed, 'hit')}"


def describe(event) -> str:
    k, d = event.kind, event.data
    if k in scenario_events.KINDS:
        return scenario_events.words(event)
    if k == "round":
        return f"Round {d['round']}"
    if k == "order":
        rolls = ", ".join(f"{s} {r}" for s, r in d["rolls"])
        return f"Order of play (rolls {rolls}): {', '.join(d['order'])}"
    if k == "side-turn":
        return f"{d['side']}'s turn"
    if k == "activated":
        return f"{d['unit']} is activated ({d['actions']} actions)"
    if k == "disorder-lost":
        return f"{d['unit']} is disordered and loses an action"
    if k == "moved":
        how = " in reverse" if d["reverse"] else ""
        if d["frm"] == d["to"]:
            text = f"{d['unit']} turns to face {d['facing']} at {d['to']}"
        else:
            text = f"{d['unit']} moves{how} from {d['frm']} to {d['to']}, facing {d['facing']}"
        if d["rallied"]:
            text += " (falling back after its failed morale)"
        if d["disordered"]:
            text += ", and is disordered"
        return text
    if k == "melee":
        free = "free attack on the withdrawing " if d["free"] else "melee with "
        free_half = "for a free attack" if d["free"] else ""
        text = (f"{d['unit']} makes a {free}{d['target']} at {d['hex']}: "
                f"{_plural(d['figures'], 'figure')} rolled "
                f"{_sum(d['rolls'], d['total'], d['figures'])}, "
                f"{_quotient(d['total'], d['defense'], d['removed'], free_half)}")
        if d["back_figures"]:
            text += (f"; {d['target']} strikes back with {_plural(d['back_figures'], 'figure')}: "
                     f"{_sum(d['back_rolls'], d['back_total'], d['back_figures'])}, "
                     f"{_quotient(d['back_total'], d['back_defense'], d['back_removed'])}")
        elif not d["free"]:
            text += f"; {d['target']} cannot strike back"
        return text
    if k == "shot":
        rng = " at long range" if d["long"] else ""
        return (f"{d['unit']} shoots at {d['target']} ({d['distance']} hexes{rng}): rolled "
                f"{_sum(d['rolls'], d['total'], d['figures'])}, "
                f"{_quotient(d['total'], d['defense'], d['removed'], rng.strip())}")
    if k == "aimed":
        return f"{d['unit']} is short of crew: it spends an action laying its gun on {d['target']}"
    if k == "rammed":
        how = " with its rear" if d["reverse"] else ""
        return (f"{d['unit']} runs into {d['target']}{how}: rolled "
                f"{_sum(d['rolls'], d['total'], 1)}, "
                f"{_quotient(d['total'], d['defense'], d['removed'], how.strip())}")
    if k == "fireball":
        if not d["success"]:
            return (f"{d['unit']}'s fireball at {d['target']} fails (rolled {_dice(d['rolls'])}: "
                    "fewer than two even dice)")
        return (f"{d['unit']}'s fireball strikes {d['target']}: even dice sum {d['total']}, "
                f"÷ Defense {d['defense']} = {_plural(d['removed'], 'hit')}")
    if k == "figures-lost":
        return f"{d['unit']} loses {_plural(d['lost'], 'figure')} ({d['left']} left)"
    if k == "stepped-down":
        return f"{d['unit']} is wounded: its dice step down from d{d['frm']} to d{d['to']}"
    if k == "vehicle-damage":
        took = f", loses {_took(d['took'])}" if d["took"] else ""
        plus = f" +{d['bonus']} earlier damage" if d["bonus"] else ""
        return (f"{d['unit']} damage roll d8 {d['roll']} + {d['quotient']}{plus} = {d['score']}: "
                f"{d['result'].replace('-', ' ')}{took}")
    if k == "eliminated":
        return f"{d['unit']} is removed at {d['hex']} ({d['reason']})"
    if k == "morale":
        if d["fearless"]:
            return f"{d['unit']} is fearless and passes its morale check"
        extra = f" with {d['command']}'s command ({_dice(d['command_rolls'])})" \
            if d["command"] else ""
        verdict = "passes" if d["passed"] else "fails: it must fall back"
        return (f"{d['unit']} checks morale{extra}: rolled {_dice(d['rolls'])}, "
                f"{d['evens']} even against {d['odds']} odd, {verdict}")
    if k == "game-over":
        return game_over_words(d)
    return f"{k}: {d}"


def _took(kind: str) -> str:
    return {"move": "1\" of Move", "defense": "1 Defense", "range": "2\" of range",
            "arc": "an arc of fire"}.get(kind, kind)


def turn_words(state, who: str, unit_name, side_name) -> tuple[str, str]:
    side = state.to_act
    whose = f"{side_name(side)}'s turn" if side is not None else "Game over"
    if state.current is not None:
        u = state.units[state.current]
        return (whose, f"{who} to act: {unit_name(u.uid)} has {state.actions_left} action(s) "
                       "left (move, melee, shoot or special), or stop it")
    failed = [u for u in state.units if u.side == state.game.side_index.get(side) and
              u.failed and u.activations == 0] if side else []
    if failed:
        return (whose, f"{who} to act: {unit_name(failed[0].uid)} failed its morale and must "
                       "be activated first, moving away from the enemy")
    return (whose, f"{who} to act: activate a unit (its first action starts its two), or end "
                   "the turn")
