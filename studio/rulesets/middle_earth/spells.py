"""The spells on the field (M29-M34): who may cast what at whom, and what it does.

Hold Portal, Knock, Talk to Animals and Light act on doors, beasts and darkness that a
field battle on this map does not hold; they are not offered (the rules page lists them).
"""
from __future__ import annotations

from studio.engine.state import ON

from . import magic
from .combat import morale_test, take_losses
from .situation import on_map, within
from .withdraw import react, withdraw_move

FIELD_SPELLS = ("beam-of-good", "cause-fire", "limited-command", "impress", "defence-bolt",
                "fire-burst", "break-staff", "rout", "will")
SMALL = ("orcs", "uruks", "wolves", "wolf-riders", "hobbits", "dwarves")
STURDY = ("trolls", "ents", "elephants", "mumakil", "beornings")


def known(state, u) -> tuple[str, ...]:
    """The field spells `u` may cast now: a wizard's chart (less the staff's spells once it
    is broken), and the struggle of will for a major character with energy (M32)."""
    p = u.profile
    out = []
    if p.wizard and not u.controlled:
        staff = set(state.tables.o["staff_spells"][p.wizard]) if u.staff_broken else set()
        out += [s for s in state.tables.spells_of(p.wizard) if s in FIELD_SPELLS and s not in staff]
    if p.single and p.charisma >= 7 and p.energy and not u.controlled:
        out.append("will")
    return tuple(out)


def targets(state, u, spell: str) -> list:
    """The units a spell may be cast at ([u] itself for a spell around the caster)."""
    t = state.tables
    foes = [o for o in on_map(state) if o.side != u.side]
    bodies = [o for o in foes if not o.profile.single]
    if spell == "beam-of-good":
        return [o for o in within(state, u, 1000, foes) if o.profile.nazgul]
    if spell == "cause-fire":
        return within(state, u, t.o["cause_fire_range"], bodies)
    if spell == "limited-command":
        return within(state, u, t.o["limited_command_range"], bodies)
    if spell == "fire-burst":
        return within(state, u, t.o["fire_burst_range"], bodies)
    if spell in ("impress", "rout"):
        rng = t.o["impress_range"] if spell == "impress" else t.o["rout_spell_range"]
        return [u] if within(state, u, rng, bodies) else []
    if spell == "defence-bolt":
        return [u] if within(state, u, 50, bodies) else []
    if spell == "break-staff":
        return [o for o in foes if o.profile.wizard and not o.staff_broken
                and magic.break_staff_need(t, u.energy, o.energy) is not None]
    if spell == "will":
        held = state.memory.get(("will", u.i))
        return [o for o in foes if o.profile.single and o.profile.charisma >= 7
                and o.profile.energy and (not o.controlled or o.i == held)]
    return []


def cast(state, u, spell: str, target, events: list) -> None:
    t = state.tables
    p = u.profile
    u.cast_this_round = True
    if spell == "will":
        again = state.memory.get(("will", u.i)) == target.i
        w = magic.struggle(t, u.energy, target.energy, state.dice, again=again)
        events.append(state.event("will", unit=u.uid, target=target.uid, roll=w.roll,
                                  need=w.need, success=w.success))
        u.energy, target.energy = w.assailant, w.victim
        if w.success:
            state.memory[("will", u.i)] = target.i
            if not target.controlled:
                target.controlled = True
                for o in on_map(state):
                    if o.side == target.side and not o.profile.single:
                        morale_test(state, o, events, "leader-controlled",
                                    extra=magic.spell_morale(t, "leader-controlled",
                                                             o.profile.cls, o.profile.good))
        elif state.memory.pop(("will", u.i), None) == target.i:
            target.controlled = False          # the hold is broken by a failure (M32)
        return
    if spell == "break-staff" and target is not None:
        need = magic.break_staff_need(t, u.energy, target.energy)
        c = magic.cast(t, p.wizard, spell, u.energy, state.dice)
        roll = state.dice.roll(20)
        ok = c.success and roll >= need
        if not ok and c.success:            # M33: a failure costs half the drop
            c = magic.Cast(False, max(0, u.energy - (c.drop + 1) // 2), c.drop, roll, need)
        u.energy = c.level
        events.append(state.event("cast", unit=u.uid, spell=spell, target=target.uid,
                                  success=ok, level=u.energy, roll=roll, need=need))
        if ok:
            target.staff_broken = True
        return
    c = magic.cast(t, p.wizard, spell, u.energy, state.dice)
    u.energy = c.level
    events.append(state.event("cast", unit=u.uid, spell=spell,
                              target=target.uid if target is not None else None,
                              success=c.success, level=u.energy, roll=c.roll, need=c.need))
    if not c.success:
        return
    EFFECTS[spell](state, u, target, events)


def _fire_on(state, u, target, events, killed: int = 0) -> None:
    t = state.tables
    troop = target.profile.troop
    if troop in STURDY:
        morale_test(state, target, events, "magic", extra=int(t.o["cause_fire_sturdy_morale"]))
        return
    hits, _ = magic.cause_fire(t, troop in SMALL, state.dice)
    take_losses(state, target, hits + killed, events, f"fire of {u.uid}")
    if target.status == ON:
        target.org = "disorganised" if target.org != "scattered" else "scattered"
        events.append(state.event("organisation", unit=target.uid, state=target.org))
        morale_test(state, target, events, "magic")


def beam(state, u, target, events) -> None:
    """M33 Beam of Good: a Nazgul driven off by range bands (the Witch-King at long range
    tests instead)."""
    t = state.tables
    kind = "witch-king" if target.profile.nazgul == "witch-king" else "ringwraith"
    dist_m = state.game.board.distance(u.hex, target.hex) * t.o["metres_per_hex"]
    for band in t.o["beam_of_good"][kind]:
        if dist_m <= band["to"]:
            if "morale" in band:
                morale_test(state, target, events, "beam-of-good", extra=int(band["morale"]))
            else:
                withdraw_move(state, target, "retreat", events)
                event = "witch-king-retreats" if kind == "witch-king" else "ringwraith-retreats"
                for o in on_map(state):
                    if not o.profile.single and state.game.board.distance(o.hex, target.hex) <= \
                            t.hexes(300):
                        morale_test(state, o, events, event,
                                    extra=magic.spell_morale(t, event, o.profile.cls,
                                                             o.profile.good))
            return


def impress(state, u, target, events) -> None:
    """M33 Impress: the enemy within 75 m test at the table's deduction; the caster's side
    takes the bonus on its tests this move."""
    t = state.tables
    state.memory[("impress", u.side)] = state.round
    for o in within(state, u, t.o["impress_range"], on_map(state)):
        if o.side != u.side and not o.profile.single:
            morale_test(state, o, events, "impress",
                        extra=-magic.spell_morale(t, "impress", o.profile.cls, o.profile.good))


def defence_bolt(state, u, target, events) -> None:
    t = state.tables
    for o in within(state, u, 50, on_map(state)):
        if o.side != u.side and not o.profile.single:
            take_losses(state, o, int(t.o["defence_bolt_figures"]), events, f"bolt of {u.uid}")
    for o in within(state, u, 300, on_map(state)):
        if o.side != u.side and not o.profile.single and o.status == ON:
            morale_test(state, o, events, "defence-bolt",
                        extra=magic.spell_morale(t, "defence-bolt", o.profile.cls, o.profile.good))


def fire_burst(state, u, target, events) -> None:
    _fire_on(state, u, target, events, killed=int(state.tables.o["fire_burst_killed"]))


def limited_command(state, u, target, events) -> None:
    n = magic.limited_command(state.tables, state.dice)
    target.disarmed = min(target.figures, target.disarmed + n)
    events.append(state.event("disarmed", unit=target.uid, figures=target.disarmed))
    morale_test(state, target, events, "magic", context=[("morale_minus", "surprised", -1)])


def rout_spell(state, u, target, events) -> None:
    """M33 Rout: every enemy unit within 50 m routs for a period unless a hero or a named
    leader with it holds it."""
    t = state.tables
    foes = [o for o in within(state, u, t.o["rout_spell_range"], on_map(state))
            if o.side != u.side and not o.profile.single]
    for o in foes:
        protector = None
        if o.profile.special in (4, 5):
            protector = f"special-{o.profile.special}"
        if any(h.side == o.side and h.profile.heroic
               for h in within(state, o, 50, on_map(state))):
            protector = "hero"
        stands, roll = magic.rout_spell_stands(t, protector, state.dice)
        events.append(state.event("rout-spell", unit=o.uid, roll=roll, stands=stands))
        if not stands:
            react(state, o, "rout", events)


EFFECTS = {"beam-of-good": beam, "cause-fire": _fire_on, "impress": impress,
           "defence-bolt": defence_bolt, "fire-burst": fire_burst,
           "limited-command": limited_command, "rout": rout_spell}
