"""The line under the preview: pages, paper, and the size that matters for the kind.

>>> page_name((595.2755905511812, 841.8897637795276)), page_name((792.0, 612.0))
('A4', 'Letter landscape')
>>> page_name((283.46456692913387, 283.46456692913387))
'100 × 100 mm'
"""
from __future__ import annotations

from studio.export.lengths import PAGE_SIZES, format_length
from studio.export.map_sheet import plan_map
from studio.model import Scenario

from .request import ExportRequest

NAMES = {"letter": "Letter", "legal": "Legal", "tabloid": "Tabloid", "a4": "A4", "a3": "A3",
         "a2": "A2", "a1": "A1"}


def page_name(size: tuple[float, float]) -> str:
    w, h = size
    for key, (pw, ph) in PAGE_SIZES.items():
        if abs(w - pw) < 0.5 and abs(h - ph) < 0.5:
            return NAMES.get(key, key)
        if abs(w - ph) < 0.5 and abs(h - pw) < 0.5:
            return f"{NAMES.get(key, key)} landscape"
    return f"{w * 25.4 / 72:.0f} × {h * 25.4 / 72:.0f} mm"


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe(request: ExportRequest, scenario: Scenario, pages: int, library=None) -> str:
    """E.g. "2 pages · Letter · counters 15.9 mm (5/8 in), fronts then backs"."""
    o = request.options
    if request.kind == "counters":
        backs = ("" if not o.backs else
                 f", front and back pages alternate, flip on the {o.flip} edge" if o.duplex
                 else f", fronts then backs (turned over the {o.flip} edge)")
        return (f"{count(pages, 'page')} · {page_name(o.page)} · counters "
                f"{format_length(o.counter_size)}{backs}")
    if request.kind == "calibration":
        return (f"{count(pages, 'page')} · {page_name(o.page)} · back-registration test sheet, "
                f"flip on the {o.flip} edge")
    if request.kind == "playsheet":
        names = [s.name or s.id for s in scenario.sides if not o.sides or s.id in o.sides]
        return (f"{count(pages, 'page')} · {page_name(o.page)} · {', '.join(names)} · "
                f"text {o.font_size:g} pt")
    if request.kind == "vassal":
        return vassal_summary(request, scenario, library)
    plan = plan_map(scenario, o)
    columns, rows = plan.tiles.columns, plan.tiles.rows
    sheets = columns * rows
    where = (f"map on one {page_name(plan.page)} page (fit)" if o.fit_page else
             f"map on 1 sheet of {page_name(plan.page)}" if sheets == 1 else
             f"map on {sheets} sheets ({columns} across × {rows} down) of {page_name(plan.page)}")
    legend = " + legend" if o.legend else ""
    return (f"{count(pages, 'page')} · {where}{legend} · hexes "
            f"{format_length(o.hex_flat_to_flat)} across")


def vassal_summary(request: ExportRequest, scenario: Scenario, library) -> str:
    """E.g. "VASSAL module · board 2198 × 1767 px at 100 px/in · 58 counters, 53 set up"."""
    from studio.interop.vassal import plan_module

    o = request.options
    spec = plan_module(scenario, library, o).spec
    counters = sum(len(p.pieces) for p in spec.palettes)
    placed = sum(len(s.pieces) for s in spec.stacks)
    return (f"VASSAL module · board {spec.grid.width} × {spec.grid.height} px at "
            f"{o.dpi} px/in · {count(counters, 'counter')}, {placed} set up on the map")
