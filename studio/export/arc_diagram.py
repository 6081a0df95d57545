"""The facing diagram of the playsheet: a hex with the unit's arrow, its front arc shaded
(the ruleset's arc in degrees, centred on the hexside it faces) and the rear left plain,
with what an attack from outside the front arc gains."""
from __future__ import annotations

import math

from reportlab.platypus import Flowable

from .colours import GREY, INK, LIGHT_GREY, WHITE
from .fonts import FONT, FONT_BOLD


class ArcDiagram(Flowable):
    """``arc`` degrees of front centred on the top hexside (a flat-topped hex faces N)."""

    def __init__(self, arc: float, front_text: str, rear_text: str, width: float,
                 font_size: float, pointy: bool = False) -> None:
        super().__init__()
        self.arc, self.front_text, self.rear_text = arc, front_text, rear_text
        self.width, self.fs, self.pointy = width, font_size, pointy
        self.r = min(34.0, width * 0.16)
        self.height = 2 * self.r + 6

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        return self.width, self.height

    def _hex(self, cx: float, cy: float, r: float):
        p = self.canv.beginPath()
        start = 30 if self.pointy else 0
        for k in range(6):
            a = math.radians(start + 60 * k)
            x, y = cx + r * math.cos(a), cy + r * math.sin(a)
            p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
        p.close()
        return p

    def draw(self) -> None:
        c, r = self.canv, self.r
        cx, cy = r + 3, self.height / 2
        c.saveState()
        c.setFillColor(WHITE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.drawPath(self._hex(cx, cy, r), stroke=1, fill=1)
        # the front arc: a wedge from the centre, clipped to the hex
        c.saveState()
        c.clipPath(self._hex(cx, cy, r), stroke=0, fill=0)
        wedge = c.beginPath()
        wedge.moveTo(cx, cy)
        half = self.arc / 2
        steps = 24
        for k in range(steps + 1):
            a = math.radians(90 - half + self.arc * k / steps)
            wedge.lineTo(cx + 2 * r * math.cos(a), cy + 2 * r * math.sin(a))
        wedge.close()
        c.setFillColor(LIGHT_GREY)
        c.drawPath(wedge, stroke=0, fill=1)
        c.restoreState()
        c.drawPath(self._hex(cx, cy, r), stroke=1, fill=0)
        # the arc's edges and the unit's arrow
        c.setStrokeColor(GREY)
        c.setDash(2, 1.5)
        for a in (90 - half, 90 + half):
            t = math.radians(a)
            c.line(cx, cy, cx + r * 1.05 * math.cos(t), cy + r * 1.05 * math.sin(t))
        c.setDash()
        c.setStrokeColor(INK)
        c.setFillColor(INK)
        c.setLineWidth(1.6)
        c.line(cx, cy - r * 0.35, cx, cy + r * 0.3)
        head = c.beginPath()
        head.moveTo(cx, cy + r * 0.5)
        head.lineTo(cx - r * 0.14, cy + r * 0.26)
        head.lineTo(cx + r * 0.14, cy + r * 0.26)
        head.close()
        c.drawPath(head, stroke=0, fill=1)
        # the words beside it
        x = 2 * r + 12
        c.setFont(FONT_BOLD, self.fs)
        c.drawString(x, cy + self.fs * 1.6, f"Front arc ({self.arc:g}°, shaded)")
        c.setFont(FONT, self.fs * 0.92)
        c.drawString(x, cy + self.fs * 0.5, self.front_text)
        c.setFont(FONT_BOLD, self.fs)
        c.drawString(x, cy - self.fs * 1.0, "From outside it")
        c.setFont(FONT, self.fs * 0.92)
        c.drawString(x, cy - self.fs * 2.1, self.rear_text)
        c.restoreState()
