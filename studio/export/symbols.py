"""Unit-type symbols drawn as vectors in the spirit of NATO map symbols.

One function per symbol, each drawing inside the symbol box ``(x, y, w, h)`` (PDF
coordinates, y up) with the surface's current stroke and fill colours (any ``ArtSurface``:
a PDF canvas or the studio's map). A unit's tags pick the symbols (:func:`symbols_for`);
:func:`draw_symbol_box` draws the box and them in order.

>>> symbols_for(["infantry", "missile", "basic"])
('infantry', 'missile')
>>> symbols_for(["cavalry", "leader", "hero"])
('cavalry', 'leader', 'hero')
>>> symbols_for(["ship", "vehicle", "bombardment"]), symbols_for([], flying=True)
(('ship',), ('flyer',))
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

# Every symbol draws through the painter-neutral art surface (a reportlab canvas for the
# PDFs, the map's QPainter adapter in the studio); the name stays Canvas for brevity.
from .art_surface import ArtSurface as Canvas


def infantry(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Crossed diagonals (foot soldiers)."""
    c.line(x, y, x + w, y + h)
    c.line(x, y + h, x + w, y)


def cavalry(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """One diagonal, lower left to upper right (mounted troops)."""
    c.line(x, y, x + w, y + h)


def missile(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A drawn bow with its arrow, low in the box (archers, slingers, guns that shoot)."""
    cx, r = x + w / 2, min(w, h) * 0.28
    base = y + h * 0.12
    p = c.beginPath()
    p.arc(cx - r, base - r * 0.2, cx + r, base + r * 1.6, 0, 180)
    c.drawPath(p, stroke=1, fill=0)
    c.line(cx - r, base + r * 0.6, cx + r, base + r * 0.6)          # string
    tip = base + r * 2.0
    c.line(cx, base + r * 0.6, cx, tip)                              # arrow shaft
    head = r * 0.45
    arrow = c.beginPath()
    arrow.moveTo(cx, tip + head * 0.3)
    arrow.lineTo(cx - head * 0.6, tip - head * 0.5)
    arrow.lineTo(cx + head * 0.6, tip - head * 0.5)
    arrow.close()
    c.drawPath(arrow, stroke=0, fill=1)


def firearm(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A rifle low in the box, muzzle to the right (muskets, rifles, machine guns: the
    missile troops of the gunpowder eras)."""
    base = y + h * 0.2
    c.line(x + w * 0.36, base, x + w * 0.84, base)                   # barrel
    stock = c.beginPath()
    stock.moveTo(x + w * 0.16, base - h * 0.09)
    stock.lineTo(x + w * 0.4, base - h * 0.02)
    stock.lineTo(x + w * 0.4, base + h * 0.06)
    stock.lineTo(x + w * 0.16, base + h * 0.04)
    stock.close()
    c.drawPath(stock, stroke=0, fill=1)


def chariot(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A spoked wheel under a platform (chariots, wagons)."""
    r = min(w, h) * 0.3
    cx, cy = x + w / 2, y + h * 0.42
    c.circle(cx, cy, r, stroke=1, fill=0)
    for k in range(4):
        a = math.radians(45 * k)
        c.line(cx - r * math.cos(a), cy - r * math.sin(a), cx + r * math.cos(a), cy + r * math.sin(a))
    c.line(x + w * 0.15, cy + r * 1.35, x + w * 0.85, cy + r * 1.35)


def elephant(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A domed back, legs and a hanging trunk (war elephants, mûmakil)."""
    left, right = x + w * 0.22, x + w * 0.68
    floor, top = y + h * 0.18, y + h * 0.78
    body = c.beginPath()
    body.moveTo(left, floor)
    body.lineTo(left, y + h * 0.45)
    body.curveTo(left, top, right, top, right, y + h * 0.45)
    body.lineTo(right, floor)
    body.lineTo(right - w * 0.1, floor)
    body.lineTo(right - w * 0.1, y + h * 0.32)
    body.lineTo(left + w * 0.1, y + h * 0.32)
    body.lineTo(left + w * 0.1, floor)
    body.close()
    c.drawPath(body, stroke=0, fill=1)
    trunk = c.beginPath()
    trunk.moveTo(right, y + h * 0.55)
    trunk.curveTo(x + w * 0.85, y + h * 0.6, x + w * 0.82, y + h * 0.3, x + w * 0.86, floor)
    c.drawPath(trunk, stroke=1, fill=0)


def artillery(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A solid ball in the centre (guns, catapults, mortars)."""
    c.circle(x + w / 2, y + h / 2, min(w, h) * 0.16, stroke=0, fill=1)


def leader(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A pennant on a staff in the upper left corner (the Army Leader, commanders)."""
    sx = x + w * 0.1
    c.line(sx, y + h * 0.4, sx, y + h * 0.92)
    flag = c.beginPath()
    flag.moveTo(sx, y + h * 0.92)
    flag.lineTo(sx + w * 0.22, y + h * 0.8)
    flag.lineTo(sx, y + h * 0.68)
    flag.close()
    c.drawPath(flag, stroke=0, fill=1)


def star(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A filled five-pointed star of outer radius ``r`` (heroes, objectives)."""
    p = c.beginPath()
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        a = math.radians(90 + 36 * k)
        px, py = cx + radius * math.cos(a), cy + radius * math.sin(a)
        if k == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def hero(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A five-pointed star in the upper right corner (heroes who stack on others)."""
    r = min(w, h) * 0.2
    star(c, x + w - r * 1.15, y + h - r * 1.1, r)


def flyer(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Spread wings across the top (units that fly)."""
    cx, base = x + w / 2, y + h * 0.72
    span, lift = w * 0.3, h * 0.18
    p = c.beginPath()
    p.moveTo(cx - span, base)
    p.curveTo(cx - span * 0.6, base + lift, cx - span * 0.2, base + lift, cx, base)
    p.curveTo(cx + span * 0.2, base + lift, cx + span * 0.6, base + lift, cx + span, base)
    c.drawPath(p, stroke=1, fill=0)


def ship(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A hull under a mast and sail (ships, star ships)."""
    hull = c.beginPath()
    hull.moveTo(x + w * 0.12, y + h * 0.38)
    hull.lineTo(x + w * 0.88, y + h * 0.38)
    hull.lineTo(x + w * 0.74, y + h * 0.14)
    hull.lineTo(x + w * 0.26, y + h * 0.14)
    hull.close()
    c.drawPath(hull, stroke=0, fill=1)
    mast = x + w * 0.5
    c.line(mast, y + h * 0.38, mast, y + h * 0.9)
    sail = c.beginPath()
    sail.moveTo(mast + w * 0.03, y + h * 0.88)
    sail.lineTo(mast + w * 0.26, y + h * 0.45)
    sail.lineTo(mast + w * 0.03, y + h * 0.45)
    sail.close()
    c.drawPath(sail, stroke=0, fill=1)


def starship(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A wedge hull seen from above, bow up, with two engines (ships that fly in space)."""
    cx = x + w / 2
    hull = c.beginPath()
    hull.moveTo(cx, y + h * 0.9)
    hull.lineTo(cx + w * 0.2, y + h * 0.2)
    hull.lineTo(cx, y + h * 0.3)
    hull.lineTo(cx - w * 0.2, y + h * 0.2)
    hull.close()
    c.drawPath(hull, stroke=0, fill=1)
    for side in (-1, 1):
        c.rect(cx + side * w * 0.13 - w * 0.03, y + h * 0.1, w * 0.06, h * 0.1, stroke=0, fill=1)


def fighter(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A swept-wing jet seen from above, nose up (fighters, fighter squads)."""
    cx = x + w / 2
    p = c.beginPath()
    p.moveTo(cx, y + h * 0.9)
    p.lineTo(cx + w * 0.06, y + h * 0.55)
    p.lineTo(cx + w * 0.3, y + h * 0.3)
    p.lineTo(cx + w * 0.06, y + h * 0.36)
    p.lineTo(cx + w * 0.1, y + h * 0.12)
    p.lineTo(cx - w * 0.1, y + h * 0.12)
    p.lineTo(cx - w * 0.06, y + h * 0.36)
    p.lineTo(cx - w * 0.3, y + h * 0.3)
    p.lineTo(cx - w * 0.06, y + h * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def vehicle(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A track oval (armour, vehicles, siege engines that roll)."""
    c.roundRect(x + w * 0.18, y + h * 0.28, w * 0.64, h * 0.44, h * 0.22, stroke=1, fill=0)


def siege(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A crenellated tower (siege towers, rams, breaching engines)."""
    left, right = x + w * 0.35, x + w * 0.65
    bottom, top = y + h * 0.14, y + h * 0.78
    step = (right - left) / 5
    p = c.beginPath()
    p.moveTo(left, bottom)
    p.lineTo(left, top + step)
    for k in range(5):
        up = k % 2 == 0
        p.lineTo(left + step * (k + 1), top + step if up else top)
        if k < 4:
            p.lineTo(left + step * (k + 1), top if up else top + step)
    p.lineTo(right, bottom)
    p.close()
    c.drawPath(p, stroke=1, fill=0)


def undead(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A small skull low in the box (undead, wraiths)."""
    cx, cy, r = x + w / 2, y + h * 0.3, min(w, h) * 0.14
    c.circle(cx, cy + r * 0.3, r, stroke=1, fill=0)
    c.rect(cx - r * 0.5, cy - r * 1.0, r, r * 0.6, stroke=1, fill=0)
    c.circle(cx - r * 0.4, cy + r * 0.3, r * 0.22, stroke=0, fill=1)
    c.circle(cx + r * 0.4, cy + r * 0.3, r * 0.22, stroke=0, fill=1)


SYMBOLS: dict[str, Callable[[Canvas, float, float, float, float], None]] = {
    f.__name__: f for f in (infantry, cavalry, missile, firearm, chariot, elephant, artillery,
                            leader, hero, flyer, ship, starship, fighter, vehicle, siege, undead)
}

# tag -> symbol; the order here is the order the symbols are drawn in.
_TAG_SYMBOLS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ship", ("ship", "corvette", "fleet")),
    ("fighter", ("fighter", "bomber")),
    ("vehicle", ("vehicle", "tank", "armour", "armor")),
    ("infantry", ("infantry", "troops", "foot")),
    ("cavalry", ("cavalry", "shock-cavalry", "horse")),
    ("chariot", ("chariot",)),
    ("elephant", ("elephant",)),
    ("artillery", ("artillery", "ordnance", "gun")),
    ("siege", ("siege",)),
    ("missile", ("missile", "archers", "archer", "ranged")),
    ("undead", ("undead",)),
    ("flyer", ("flyer", "flying")),
    ("leader", ("leader",)),
    ("hero", ("hero",)),
)


# Eras (an army list's `era`) whose missile troops shoot firearms, and whose ships fly
# between the stars.
FIREARM_ERAS = frozenset({"napoleonic", "ww1", "ww2", "modern", "future"})
SPACE_ERAS = frozenset({"future"})


def symbols_for(tags: Iterable[str], flying: bool = False, era: str | None = None
                ) -> tuple[str, ...]:
    """The symbols a unit with these tags shows, in drawing order.

    A ship or a fighter is one symbol on its own (a star ship tagged "vehicle" is still a
    ship); everything else combines, like the NATO frame's modifiers. The era picks the
    picture: from the Napoleonic wars on missile troops carry a rifle, not a bow, and a
    vehicle's guns are its own (a tank shows the track oval alone); in the future a ship
    is a starship.

    >>> symbols_for(["infantry", "missile", "ordnance"], era="ww1")
    ('infantry', 'artillery', 'firearm')
    >>> symbols_for(["vehicle", "missile"], era="ww1"), symbols_for(["ship"], era="future")
    (('vehicle',), ('starship',))
    """
    tagset = set(tags)
    if flying:
        tagset.add("flyer")
    found = [name for name, keys in _TAG_SYMBOLS if tagset.intersection(keys)]
    if "ship" in found or "fighter" in found:
        main = "ship" if "ship" in found else "fighter"
        if main == "ship" and era in SPACE_ERAS:
            main = "starship"
        found = [main] + [s for s in found if s in ("leader", "hero")]
    elif "vehicle" in found and any(s in found for s in ("chariot", "siege", "artillery")):
        found.remove("vehicle")
    if era in FIREARM_ERAS and "missile" in found:
        if "vehicle" in found:
            found.remove("missile")
        else:
            found[found.index("missile")] = "firearm"
    return tuple(found)


def draw_symbols(c: Canvas, names: Iterable[str], x: float, y: float, w: float, h: float) -> None:
    for name in names:
        try:
            SYMBOLS[name](c, x, y, w, h)
        except KeyError:
            raise ValueError(f"unknown unit symbol {name!r}: known symbols are "
                             f"{', '.join(SYMBOLS)}") from None


def draw_symbol_box(c: Canvas, names: Iterable[str], x: float, y: float, w: float, h: float,
                    *, box_fill, ink, line_width: float) -> None:
    """The NATO-style frame (a rectangle 3:2) with its symbols inside, in ``ink``."""
    c.saveState()
    c.setLineWidth(line_width)
    c.setStrokeColor(ink)
    c.setFillColor(box_fill)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.setFillColor(ink)
    c.setLineJoin(1)
    c.setLineCap(1)
    draw_symbols(c, names, x, y, w, h)
    c.restoreState()
