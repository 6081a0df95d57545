"""What is printed on each side of a counter, as plain data (no drawing here).

A unit's front shows its name, its symbols, attack · defense · move in large type, and
range, morale and hits in small type, with the facing arrow pointing to the counter's top
edge (R9). Its back is the routed side for one-hit units (R12: the arrow reversed, a
ROUTED band and the rally number of R35) or the damaged side for units with more hits.

>>> from studio.model import ArmyList, UnitType, Attack, ListDefaults
>>> peltasts = UnitType("ionian-peltasts", "Ionian Peltasts", tags=["infantry", "missile"],
...                     move=3, range=3, attack=Attack.melee_ranged(4, 2), defense=4, morale=6)
>>> greek = ArmyList("greek", "Greek", "ancients", ["tactical"], "basic-ground",
...                  defaults=ListDefaults(hits=1), units=[peltasts])
>>> front, back = unit_counter(greek, peltasts, "#2b5fa8")
>>> front.stats, front.small, front.arrow
(('4/2', '4', '3'), ('R3', 'M6', 'H1'), 'up')
>>> back.band, back.arrow, back.stats
('ROUTED', 'down', ('Rally ≤3',))
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from studio.model import ArmyList, UnitType
from studio.model.units import Attack

DASH = "–"


@dataclass(frozen=True, slots=True)
class CounterFace:
    kind: str                         # "unit" | "routed" | "damaged" | "marker"
    name: str
    fill: str                         # "#rrggbb"
    symbols: tuple[str, ...] = ()
    stats: tuple[str, ...] = ()       # the large row (attack, defense, move) or one message
    small: tuple[str, ...] = ()       # the small row (range, morale, hits) or one message
    arrow: str | None = "up"          # "up" (facing), "down" (routed), None
    band: str | None = None           # text across the middle of a back or marker
    extra: str = ""                   # attack dice and the like, under the arrow
    icon: str | None = None           # marker picture: "arrow-down", "star", "burst", ...
    notes: tuple[str, ...] = ()       # attack modifiers against a target type: "+5F"
    boxed_move: bool = False          # moves or attacks in a round, not both: move boxed


@dataclass(frozen=True, slots=True)
class Counter:
    front: CounterFace
    back: CounterFace | None
    group: str = ""                   # side or "markers": sheets start a new row per group
    unit_id: str | None = None


def _num(value) -> str:
    if value is None:
        return DASH
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def attack_text(unit: UnitType, army_list: ArmyList) -> str:
    """Attack ratings by distance joined with '/': "8", "7/2" (melee/ranged), "7/3/–"
    (bands); a unit rated only against tags shows "6F/4S" (against Fighters, Ships)."""
    a: Attack = unit.attack
    if not a.is_none():
        if a.form == "flat":
            return _num(a.flat)
        if a.form == "melee-ranged":
            if a.ranged is None:
                return _num(a.melee)
            return f"{_num(a.melee)}/{_num(a.ranged)}"
        return "/".join(_num(r) for _, _, r in a.bands)
    vs = [ab for ab in army_list.effective_abilities(unit) if ab.name == "attack-rating-vs"]
    if vs:
        parts = []
        for ab in vs:
            tags = ab.get("vs_tags") or []
            parts.append(f"{_num(ab.get('value'))}{tags[0][0].upper() if tags else ''}")
        return "/".join(parts)
    return DASH


def dice_text(unit: UnitType) -> str:
    """Attack dice front/aft/sides ("2/1/2"), or '' for units without them."""
    d = unit.attack_dice
    if not d:
        return ""
    return "/".join(str(d.get(k, 0)) for k in ("front", "aft", "sides") if k in d) + " AD"


def hits_text(hits, shields) -> str:
    text = f"H{_num(hits)}"
    if shields:
        text += f"+{shields}"
    return text


def rally_number(morale, rally_divisor: int) -> int | None:
    """R35: a routed unit rallies on at most its morale divided by the divisor, rounded up."""
    if morale is None:
        return None
    return math.ceil(morale / rally_divisor)


# Abilities that stop a unit attacking (or shooting) in a round in which it moved.
MOVE_OR_ATTACK = frozenset({"no-attack-after-move", "no-ranged-after-move"})


def target_notes(unit: UnitType, army_list: ArmyList) -> tuple[str, ...]:
    """Attack modifiers against a kind of target, as the counter prints them: the signed
    number and the target's initial ("+5F": +5 attacking fighters; the playsheet spells
    them out)."""
    notes = []
    for ab in army_list.effective_abilities(unit):
        if ab.name != "attack-modifier" or not ab.get("value"):
            continue
        targets = list(ab.get("vs_tags") or []) + list(ab.get("vs_terrain") or [])
        if not targets:
            continue
        value = ab.get("value")
        sign = "+" if value > 0 else "−"
        notes.append(f"{sign}{_num(abs(value))}{''.join(t[0].upper() for t in targets)}")
    return tuple(dict.fromkeys(notes))


def moves_or_attacks(unit: UnitType, army_list: ArmyList) -> bool:
    return any(ab.name in MOVE_OR_ATTACK for ab in army_list.effective_abilities(unit))


def _degraded(value, by) -> str:
    if value is None:
        return DASH
    return _num(max(0, value - by))


def rules_faces(rules, army_list: ArmyList, unit: UnitType, fill: str, tags: list[str],
                shown: str) -> tuple[CounterFace, CounterFace | None]:
    """Front and back of a counter of a game that says what its counters print. The
    game may name what its unit is beyond the unit's tags (`symbol_tags`: an Action Dice
    unit's combatant type and weapon), so that the symbols tell the type."""
    from .symbols import symbols_for

    spec = rules.counters.face(army_list, unit)
    tags = tags + [t for t in spec.get("symbol_tags", ()) if t not in tags]
    symbols = symbols_for(tags, flying=unit.flying, era=army_list.era)
    front_spec = spec["front"]
    front = CounterFace(kind="unit", name=shown, fill=fill, symbols=symbols,
                        stats=tuple(front_spec.get("stats", ())),
                        small=tuple(front_spec.get("small", ())),
                        arrow="up" if front_spec.get("arrow", True) else None,
                        extra=front_spec.get("extra", ""))
    back_spec = spec.get("back")
    if back_spec is None:
        return front, None
    back = CounterFace(kind=back_spec.get("kind", "damaged"), name=shown, fill=fill,
                       symbols=symbols, stats=tuple(back_spec.get("stats", ())),
                       small=tuple(back_spec.get("small", ())),
                       arrow="up" if back_spec.get("arrow", True) else None,
                       band=back_spec.get("band"), extra=back_spec.get("extra", ""))
    return front, back


def unit_counter(army_list: ArmyList, unit: UnitType, fill: str, *, name: str | None = None,
                 rally_divisor: int = 2, group: str = "", unit_id: str | None = None,
                 leader: bool = False, rules=None) -> tuple[CounterFace, CounterFace]:
    """Front and back faces of one counter of ``unit`` (`rules`: the game's ruleset, when
    it is not Rules of War)."""
    from .symbols import symbols_for

    tags = list(unit.tags)
    if leader and "leader" not in tags:
        tags.append("leader")
    if rules is not None and not rules.counters.own_layout:
        return rules_faces(rules, army_list, unit, fill, tags, name or unit.name)
    symbols = symbols_for(tags, flying=unit.flying, era=army_list.era)
    move = army_list.stat(unit, "move")
    rng = army_list.stat(unit, "range")
    defense = army_list.stat(unit, "defense")
    morale = army_list.stat(unit, "morale")
    hits = army_list.stat(unit, "hits")
    shown = name or unit.name
    front = CounterFace(
        kind="unit", name=shown, fill=fill, symbols=symbols,
        stats=(attack_text(unit, army_list), _num(defense),
               _num(move) + ("F" if unit.flying else "")),
        small=(f"R{_num(rng)}", f"M{_num(morale)}", hits_text(hits, unit.shields)),
        arrow="up", extra=dice_text(unit), notes=target_notes(unit, army_list),
        boxed_move=moves_or_attacks(unit, army_list))
    total_hits = (hits or 1) + (unit.shields or 0)
    if total_hits <= 1:
        rally = rally_number(morale, rally_divisor)
        back = CounterFace(
            kind="routed", name=shown, fill=fill, symbols=symbols,
            stats=(f"Rally ≤{rally}" if rally is not None else "No rally",),
            small=(f"Move {_num(move)}, no attack",), arrow="down", band="ROUTED")
    else:
        degrade = next((a for a in army_list.effective_abilities(unit)
                        if a.name == "degrade-per-hit"), None)
        if degrade is not None:
            stats = (_degraded(unit.attack.best(rng or 1), degrade.get("attack", 1)),
                     _degraded(defense, degrade.get("defense", 1)),
                     _degraded(move, degrade.get("move", 1)))
        else:
            stats = front.stats
        if unit.shields:
            left = f"H{_num(hits)}+{unit.shields - 1}" if unit.shields > 1 else f"H{_num(hits)}"
        else:
            left = f"H{total_hits - 1}"
        back = CounterFace(
            kind="damaged", name=shown, fill=fill, symbols=symbols, stats=stats,
            small=(f"R{_num(rng)}", f"M{_num(morale)}", left), arrow="up",
            band="1 HIT" if not unit.shields else "SHIELDS HIT", extra=front.extra,
            notes=front.notes, boxed_move=front.boxed_move)
    return front, back


# kind -> ((front text, icon), (back text, icon), fill). Hit markers are numbered:
# `hit_marker` makes them.
MARKERS: dict[str, tuple[tuple[str, str | None], tuple[str, str | None], str]] = {
    "routed": (("ROUTED", "arrow-down"), ("ROUTED", "arrow-down"), "#f2d24b"),
    "hit": (("2 HITS", "burst"), ("3 HITS", "burst"), "#e06040"),
    "disrupted": (("DISRUPTED", "zigzag"), ("DISRUPTED", "zigzag"), "#f0a040"),
    "formation": (("COLUMN", "column"), ("SQUARE", "square"), "#c8d8f0"),
    "out-of-ammo": (("OUT OF AMMO", "empty"), ("OUT OF AMMO", "empty"), "#d0d0d0"),
    "objective": (("OBJECTIVE", "star"), ("OBJECTIVE", "star"), "#ffffff"),
    "round": (("ROUND", "round"), ("ROUND", "round"), "#e8e0c8"),
    "initiative": (("PLAYER A", "initiative"), ("PLAYER B", "initiative"), "#e8e0c8"),
}


def _marker_face(text: str, icon: str | None, fill: str) -> CounterFace:
    return CounterFace(kind="marker", name="", fill=fill, band=text, arrow=None, icon=icon)


def _hits(n: int) -> str:
    return "1 HIT" if n == 1 else f"{n} HITS"


def hit_marker(first: int) -> Counter:
    """A hit marker showing ``first`` hits on its front and one more on its back."""
    fill = MARKERS["hit"][2]
    return Counter(_marker_face(_hits(first), "burst", fill),
                   _marker_face(_hits(first + 1), "burst", fill), group="markers")


def hit_markers(first: int, most: int) -> list[Counter]:
    """One set of hit markers counting from ``first`` hits up to ``most`` (two to a
    counter): a unit that takes its hits one by one always has its number."""
    return [hit_marker(n) for n in range(first, max(most, first) + 1, 2)]


def initiative_markers(sides: int) -> list[Counter]:
    """The initiative markers of a game of `sides` sides. Two sides share one marker,
    PLAYER A on its front and PLAYER B on its back, flipped to whoever has the initiative;
    with three or more every side has its own, lettered on both faces, laid out in the
    order of play each turn."""
    fill = MARKERS["initiative"][2]
    if sides <= 2:
        return [marker_counter("initiative")]
    out = []
    for k in range(sides):
        face = _marker_face(f"PLAYER {side_letter(k)}", "initiative", fill)
        out.append(Counter(face, face, group="markers"))
    return out


def side_letter(index: int) -> str:
    """A, B, ... Z, then AA, AB ...: the letter of the `index`-th side (from 0)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def marker_counter(kind: str) -> Counter:
    try:
        (front_text, front_icon), (back_text, back_icon), fill = MARKERS[kind]
    except KeyError:
        raise ValueError(f"unknown marker kind {kind!r}: choose from {', '.join(MARKERS)}") from None
    return Counter(_marker_face(front_text, front_icon, fill),
                   _marker_face(back_text, back_icon, fill), group="markers")
