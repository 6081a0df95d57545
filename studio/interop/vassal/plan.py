"""What a scenario's module holds, before any picture is drawn: the board's grid, a piece
per counter (with the image files its faces need), the palettes and the set-up stacks.

>>> facing_steps(MapGeometry(4, 4, "flat"), "SE"), facing_steps(MapGeometry(4, 4, "pointy"), "E")
((6, 2), (6, 1))
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from studio.export.map_sheet import DEFAULT_FACING
from studio.export.marker_plan import offered_kinds
from studio.export.rosters import lookup, sources_from_scenario
from studio.hexgrid import MapGeometry, parse_facing
from studio.interop.counter_images import (CounterImageOptions, FaceImage, marker_faces,
                                           unit_faces)
from studio.model import Scenario

from .buildfile import ModuleSpec, Palette, SetupStackSpec
from .grid import BoardGrid
from .options import VassalOptions
from .pieces import PieceSpec

HELP_TITLE = "Playsheet"            # BrowserHelpFile reads help/<title, spaces as _>
HELP_PAGE = "playsheet.pdf"
BOARD_MARGIN = 6                    # pixels of white round the map: its edge lines stay whole


@dataclass(slots=True)
class ModulePlan:
    spec: ModuleSpec
    counter_options: CounterImageOptions
    files: dict = field(default_factory=dict)   # counter face -> the first FaceImage of it
    turned: set = field(default_factory=set)    # the faces drawn turned (units' faces)
    turn: float = 0.0                           # by this many degrees clockwise

    def image(self, face: FaceImage) -> str:
        """The file of ``face`` under images/ (identical faces share one)."""
        return f"{self.files.setdefault(face.face, face).stem}.png"

    def back_image(self, front: FaceImage, back: FaceImage | None) -> str | None:
        """None when there is no back, or it looks just like the front: nothing to flip."""
        return None if back is None or back.face == front.face else self.image(back)


FACINGS = 6                          # a hex has six sides to face


def face_turn(geometry: MapGeometry) -> float:
    """Degrees clockwise the units' pictures are drawn turned: hexsides lie at multiples of
    60 degrees from upright on flat-topped maps, at 30 + multiples of 60 on pointy-topped
    ones. VASSAL's FreeRotator turns a piece only by multiples of 360 / n from its picture,
    so on a pointy map the picture itself faces the first hexside and six steps of 60
    reach the six others (twelve steps of 30 would face a corner every other turn)."""
    return 0.0 if geometry.orientation == "flat" else 30.0


def facing_count(geometry: MapGeometry) -> int:
    """VASSAL facings of a counter: one a hexside, on either layout."""
    return FACINGS


def facing_steps(geometry: MapGeometry, facing: str | None) -> tuple[int, int]:
    """(number of VASSAL facings, clockwise steps from the picture) for a unit's facing
    name: a counter's top points north, so facing a hexside is a clockwise turn of the
    hexside's screen angle plus 90 degrees, less the turn the picture is drawn with."""
    direction = parse_facing(geometry.orientation,
                             facing or DEFAULT_FACING[geometry.orientation])
    angle = geometry.layout(1.0).direction_angle(direction) + 90.0 - face_turn(geometry)
    return FACINGS, round((angle % 360.0) / (360.0 / FACINGS)) % FACINGS


def _label(geometry: MapGeometry, text: str, what: str) -> str:
    try:
        return geometry.label(geometry.parse_label(text))
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def _stack(grid: BoardGrid, label: str, name: str) -> SetupStackSpec:
    x, y = grid.location(grid.geometry.parse_label(label))
    return SetupStackSpec(name, label, x, y)


def _sides(plan: ModulePlan, scenario: Scenario, library: Any) -> list[SetupStackSpec]:
    """A palette per side with all its units; a stack per side and set-up hex."""
    grid = plan.spec.grid
    geometry = grid.geometry
    sources = {s.side_id: s for s in sources_from_scenario(scenario, library)}
    units = unit_faces(sources.values(), backs=True)
    stacks: dict[tuple[str, str], SetupStackSpec] = {}
    waves: dict[str, Palette] = {}
    for side in scenario.sides:
        palette = Palette(side.name or side.id)
        plan.spec.palettes.append(palette)
        plan.spec.sides.append(palette.name)
        for unit in (u for u in units if u.side == side.id):
            kind = sources[side.id].army_list.unit(unit.unit_type)
            plan.turned.update(f.face for f in (unit.front, unit.back) if f is not None)
            piece = PieceSpec(f"{kind.name if kind is not None else unit.unit_type} ({unit.unit})",
                              plan.image(unit.front), plan.back_image(unit.front, unit.back),
                              (("Side", palette.name), ("Unit", unit.unit),
                               ("UnitType", unit.unit_type)), facing_count(geometry))
            palette.pieces.append(piece)
            if unit.arrives is not None and not unit.hex:
                waves.setdefault(unit.arrives, _wave_palette(scenario, unit.arrives)) \
                    .pieces.append(piece)
                continue
            if not unit.hex:
                continue
            where = f"unit {unit.unit!r} of side {side.id!r}"
            label = _label(geometry, unit.hex, where)
            try:
                facing = facing_steps(geometry, unit.facing)[1]
            except ValueError as err:
                raise ValueError(f"{where}: {err}") from None
            stack = stacks.setdefault((side.id, label),
                                      _stack(grid, label, f"{palette.name} {label}"))
            stack.pieces.append(replace(piece, facing=facing))
    order = {w.id: (w.round or 10 ** 6, n) for n, w in enumerate(scenario.reinforcements)}
    plan.spec.reinforcements = [waves[w] for w in sorted(waves, key=lambda w: order.get(w, (0, 0)))]
    return list(stacks.values())


def _wave_palette(scenario: Scenario, wave_id: str) -> Palette:
    """A Reinforcements tab: "Round 3: The kingdom's knights, by the west edge"."""
    wave = scenario.wave(wave_id)
    if wave is None:
        return Palette(f"Wave {wave_id}")
    when = f"Round {wave.round}" if wave.round else "On an event"
    where = f"by the {wave.edge} edge" if wave.edge else f"at {', '.join(wave.hexes)}"
    return Palette(f"{when}: {wave.name or wave.id}, {where}")


def _markers(plan: ModulePlan, scenario: Scenario, kinds) -> list[SetupStackSpec]:
    """The markers' palette; an objective marker on each objective when there are those."""
    palette = Palette("Markers")
    objective = None
    for front, back in marker_faces(kinds, backs=True):
        piece = PieceSpec(front.marker.replace("-", " ").capitalize(), plan.image(front),
                          plan.back_image(front, back), (("Marker", front.marker),))
        palette.pieces.append(piece)
        if front.marker == "objective":
            objective = piece
    if palette.pieces:
        plan.spec.palettes.append(palette)
    if objective is None:
        return []
    stacks = []
    for o in scenario.objectives:
        label = _label(plan.spec.grid.geometry, o.hex, f"objective {o.name or o.hex!r}")
        name = o.name or label
        stack = _stack(plan.spec.grid, label, f"Objective {name}")
        stack.pieces.append(PieceSpec(f"Objective: {name}", objective.front, objective.back,
                                      (("Marker", "objective"), ("Objective", name))))
        stacks.append(stack)
    return stacks


def plan_module(scenario: Scenario, library: Any, options: VassalOptions) -> ModulePlan:
    """Everything but the pictures. Raises ValueError naming the side, unit or hex that
    stops the export."""
    lookup(library, "terrain_set", scenario.terrain_set, f"scenario {scenario.id!r}")
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    grid = BoardGrid.for_map(geometry, options.hex_flat_to_flat, options.dpi,
                             margin_px=BOARD_MARGIN)
    # Counters drawn at the board's own scale: a counter covers as much of a hex as on paper.
    counters = CounterImageOptions(counter_size=options.counter_size, image_format="png",
                                   dpi=round(grid.scale * 72), backs=True,
                                   marker_kinds=options.marker_kinds)
    title = scenario.name or scenario.id
    plan = ModulePlan(ModuleSpec(
        name=title, version="1.0", description=f"{title}: exported by Wargame Studio",
        sides=[], board_name=title, board_image=f"{scenario.id or 'board'}-board.png",
        grid=grid, palettes=[], stacks=[], help_title=HELP_TITLE, help_page=HELP_PAGE,
        piece_size=counters.pixels), counters, turn=face_turn(geometry))
    # the marker kinds the scenario's game uses (Action Dice has no initiative marker)
    offered = offered_kinds(sources_from_scenario(scenario, library))
    kinds = tuple(k for k in options.marker_kinds if k in offered)
    plan.spec.stacks = _sides(plan, scenario, library) + _markers(plan, scenario, kinds)
    return plan
