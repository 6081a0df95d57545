"""Shared pieces of the export tests: small model objects and a PDF reader that reports
text with its position on the page, as a person would see it.

Text positions come from pypdf (a visitor composing the text and graphics matrices, and
for text inside a form XObject the matrix the form was placed with); when poppler's
``pdftotext`` is installed, tests/export/test_export_support.py checks that both agree.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from fractions import Fraction

from pypdf import PdfReader
from pypdf.generic import ContentStream

from studio.model import (Ability, Army, ArmyList, Attack, ElevationRule, HexMap,
                          ListDefaults, Objective, RosterUnit, Ruleset, Scenario, Selector,
                          Side, SpecialRule, TerrainSet, TerrainType, UnitType,
                          VictoryCondition)

RULESET_OPTIONS = {
    "die_sides": 10, "magic_die_halved": True, "initiative_leader_penalty": 2,
    "front_arc_degrees": 120, "arc_boundary_inclusive": True, "stacking_limit": 1,
    "free_turn_hexsides_per_hex": 1, "turn_any_cost_mp": 1, "uphill_extra_mp": 1,
    "min_move_one_hex": True, "move_through_friends": True, "mount_cost_mp": 1,
    "zone_of_control": "none", "reaction_attacks": True, "los_hexside": "both",
    "units_block_los": False, "auto_hit": [1, 10], "auto_miss": [], "multi_attacker_bonus": 1,
    "rear_attack_bonus": 2, "higher_ground_attack_bonus": 1, "defense_from_below_bonus": 1,
    "rear_defense_penalty": 3, "terrain_save_strict": True, "free_advance": True,
    "leader_morale_penalty": 2, "outnumbered_penalty": 1, "outnumbered_ratio": 2,
    "outnumbered_radius": 2, "rally_divisor": 2, "spotting": False, "draw_at_round_limit": True,
}


def ruleset(**changes) -> Ruleset:
    return Ruleset("rules-of-war", "Rules of War", dict(RULESET_OPTIONS, **changes))


def terrain_set() -> TerrainSet:
    return TerrainSet("basic-ground", "Basic Ground", [
        TerrainType("open", "Open", ".", "#e3edc1", notes="Grassland and plains."),
        TerrainType("forest", "Forest", "f", "#5e9a4a", Fraction(2), pattern="trees", defense=1,
                    ranged_defense=2, blocks_los=True),
        TerrainType("water", "Water", "~", "#5b8fd0", None, pattern="waves", tags=["water"]),
        TerrainType("marsh", "Marsh", "m", "#9fb98a", Fraction(2), pattern="marsh", defense=-1),
        TerrainType("road", "Road", "r", "#d8c8a0", Fraction(1, 2)),
        TerrainType("fortress", "Fortress", "F", "#8c8c96", Fraction(3), pattern="bricks",
                    defense=2, ranged_defense=3, blocks_los=True),
        TerrainType("mountain", "Mountainous", "^", "#9a8a78", None, pattern="rocks",
                    blocks_los=True),
    ], ElevationRule())


def greek_list() -> ArmyList:
    return ArmyList(
        "persian-wars-greek", "Persian Wars Greek", "ancients", ["tactical"], "basic-ground",
        defaults=ListDefaults(hits=1),
        special_rules=[
            SpecialRule("Bowmen may not shoot in a round in which they moved.",
                        [Ability("no-ranged-after-move")], Selector(tags=["missile"])),
        ],
        units=[
            UnitType("spartan-warband", "Spartan Warband", ["infantry", "heavy"], move=2, range=1,
                     attack=Attack.melee_ranged(8, None), defense=8, morale=10),
            UnitType("cretan-bowmen", "Cretan Bowmen", ["infantry", "missile"], move=3, range=6,
                     attack=Attack.melee_ranged(3, 2), defense=3, morale=5),
            UnitType("war-chariots", "War Chariots", ["chariot"], move=4, range=3,
                     attack=Attack.melee_ranged(5, 2), defense=5, morale=9,
                     abilities=[Ability("charge")]),
            UnitType("greek-archon", "Greek Archon", ["infantry", "leader"], move=4, range=1,
                     attack=Attack.melee_ranged(8, None), defense=7, morale=10,
                     abilities=[Ability("army-leader")]),
        ])


def rohan_list() -> ArmyList:
    return ArmyList(
        "middle-earth-forces-of-light", "Forces of Light", "fantasy", ["tactical"],
        "basic-ground", defaults=ListDefaults(range=1, hits=1),
        special_rules=[SpecialRule("Heroes may stack on other units.")],
        units=[
            UnitType("eowyn", "Éowyn", ["hero", "cavalry"], move=4,
                     attack=Attack.melee_ranged(7, None), defense=8, morale=10,
                     abilities=[Ability("hero")]),
            UnitType("theoden", "King Théoden", ["hero", "cavalry", "leader"], move=4,
                     attack=Attack.melee_ranged(5, None), defense=6, morale=10,
                     abilities=[Ability("hero"), Ability("army-leader")]),
            UnitType("horsemen-of-rohan", "Horsemen of Rohan", ["cavalry", "missile", "legion"],
                     move=4, range=2, attack=Attack.melee_ranged(5, 2), defense=4, morale=8,
                     abilities=[Ability("legion")]),
            UnitType("ents", "Ents", ["infantry"], move=2, attack=Attack.melee_ranged(8, None),
                     defense=9, morale=10, hits=2),
            UnitType("eagles", "Eagles", ["flyer"], move=8, flying=True,
                     attack=Attack.melee_ranged(6, None), defense=4, morale=8),
            UnitType("war-elephant", "Mûmak", ["elephant"], move=3,
                     attack=Attack.from_bands([(1, 1, 7), (2, 5, 3), (6, None, None)]),
                     range=5, defense=8, morale=8, hits=3,
                     abilities=[Ability("set-spears", {"value": 2})]),
        ])


class Library:
    """The few look-ups the exporters make, over in-memory objects."""

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.rules = rules or ruleset()
        self.lists = {a.id: a for a in (greek_list(), rohan_list())}

    def ruleset(self, ident):
        # None: a list built in memory, of the default game (as `studio.io.Library` reads it)
        return self.rules if ident in (None, self.rules.id) else None

    def terrain_set(self, ident):
        return terrain_set() if ident == "basic-ground" else None

    def army_list(self, ident):
        return self.lists.get(ident)


MAP_ROWS = [
    "....ff......",
    "...fff...~~.",
    "..........~.",
    "rrrrrrrrrrrr",
    "....mm....F.",
    "...mmm...^^.",
    "............",
    "............",
]
ELEVATION = [
    "000000000000",
    "000000000000",
    "000110000000",
    "001221000000",
    "000110000000",
    "000000000110",
    "000000000000",
    "000000000000",
]


def scenario(columns: int = 12, rows: int = 8) -> Scenario:
    if (columns, rows) == (12, 8):
        hexmap = HexMap(12, 8, "flat", "even", list(MAP_ROWS), list(ELEVATION))
    else:
        symbols = ".f.m.r~F"
        terrain = ["".join(symbols[(c * 7 + r * 3) % len(symbols)] for c in range(columns))
                   for r in range(rows)]
        elevation = ["".join(str((c // 5 + r // 7) % 4) for c in range(columns)) for r in range(rows)]
        hexmap = HexMap(columns, rows, "flat", "even", terrain, elevation)
    greeks = Side("greeks", "Greeks", "#2b5fa8", Army("persian-wars-greek", [
        RosterUnit("greek-archon", id="archon", hex="0204", facing="NE", leader=True),
        RosterUnit("spartan-warband", hex="0305", facing="NE"),
        RosterUnit("spartan-warband", hex="0306", facing="N"),
        RosterUnit("cretan-bowmen", count=3),
        RosterUnit("war-chariots", count=2),
    ], points_limit=100), map_edge="west", setup_zone=[f"0101-03{rows:02d}"])
    rohan = Side("rohan", "Rohirrim", "#a83232", Army("middle-earth-forces-of-light", [
        RosterUnit("theoden", id="theoden", hex=f"{columns - 2:02d}04", facing="SW", leader=True),
        RosterUnit("eowyn", hex=f"{columns - 2:02d}05", facing="S"),
        RosterUnit("horsemen-of-rohan", count=4),
        RosterUnit("ents", count=2),
        RosterUnit("eagles"),
        RosterUnit("war-elephant"),
    ]), map_edge="east", setup_zone=[f"{columns - 2:02d}01-{columns:02d}{rows:02d}"])
    return Scenario(
        "fords-of-isen", "Fords of Isen", "rules-of-war", "basic-ground", hexmap, [greeks, rohan],
        round_limit=10, description="A strange meeting at the river crossing.",
        objectives=[Objective("0604", "The Ford", 3),
                    Objective(f"{columns - 1:02d}05", "Watch Tower", 2)],
        victory=[VictoryCondition("greeks", "hold", {"hexes": ["0604"]}),
                 VictoryCondition("rohan", "destroy-leader")],
        special_rules="The river may be crossed only at the ford.")


# -- reading PDFs --------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str
    x: float          # baseline start, PDF points from the page's lower left
    y: float
    size: float


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


IDENTITY = [1, 0, 0, 1, 0, 0]


def page_words(page) -> list[Word]:
    """Every piece of text drawn on the page, with where it starts on the page, text
    inside forms (nested too) included once per placement of the form."""
    words: list[Word] = []
    # pypdf reports text inside a form in the form's own coordinates. It calls the operand
    # visitors for the page's ``Do``, then for each operator inside the form, then again
    # for the ``Do``: a stack of placements (form space -> page) follows that nesting.
    # Text still pending when a ``Do`` is met is reported after the first call and before
    # the form's operators, so a placement only takes effect at the form's first operator.
    placements = [IDENTITY]
    resources = [page.get("/Resources") or {}]
    entering: list = []            # what the Do just met places: (matrix, resources) or None
    entered: list[bool] = []       # per Do being drawn: did its form get a placement

    def before(op, operands, cm, tm):
        if entering:
            form = entering.pop()
            if form is not None:
                placements.append(form[0])
                resources.append(form[1])
                entered[-1] = True
        if op == b"Do" and operands:
            xobjects = resources[-1].get("/XObject") or {}
            xobject = xobjects[operands[0]].get_object() if operands[0] in xobjects else None
            form = None
            if xobject is not None and xobject.get("/Subtype") == "/Form":
                matrix = [float(v) for v in xobject.get("/Matrix", IDENTITY)]
                form = (_mul(matrix, _mul([float(v) for v in cm], placements[-1])),
                        xobject.get("/Resources") or resources[-1])
            entering.append(form)
            entered.append(False)

    def after(op, operands, cm, tm):
        if op == b"Do" and operands:
            if entering:           # an image, or a form without operators
                entering.pop()
            if entered.pop():
                placements.pop()
                resources.pop()

    def visit(text, cm, tm, font, size):
        t = text.strip()
        if not t:
            return
        m = _mul(_mul(tm, cm), placements[-1])
        scale = (m[2] ** 2 + m[3] ** 2) ** 0.5
        words.append(Word(t, m[4], m[5], size * scale))

    page.extract_text(visitor_operand_before=before, visitor_operand_after=after,
                      visitor_text=visit)
    return words


def pdf_words(path) -> list[list[Word]]:
    return [page_words(p) for p in PdfReader(str(path)).pages]


def page_lines(page) -> list[tuple[float, float, float, float]]:
    """Straight segments (``m`` then ``l``) drawn directly on the page, in page
    coordinates, following ``cm`` transforms; form contents are not entered."""
    content = ContentStream(page.get_contents(), page.pdf)
    stack = []
    ctm = [1, 0, 0, 1, 0, 0]
    start = None
    out = []
    for operands, op in content.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            x, y = float(operands[0]), float(operands[1])
            a = (start[0] * ctm[0] + start[1] * ctm[2] + ctm[4], start[0] * ctm[1] + start[1] * ctm[3] + ctm[5])
            b = (x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5])
            out.append((a[0], a[1], b[0], b[1]))
            start = (x, y)
    return out


def form_placements(page) -> list[tuple[str, float, float]]:
    """``(form name, x, y)`` of every form placed on the page (its origin on the page)."""
    content = ContentStream(page.get_contents(), page.pdf)
    stack, ctm, out = [], [1, 0, 0, 1, 0, 0], []
    for operands, op in content.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"Do":
            out.append((str(operands[0]), ctm[4], ctm[5]))
    return out


def poppler_words(path) -> list[list[tuple[str, float, float, float, float]]] | None:
    """``pdftotext -bbox`` words per page (x0, y0 top-down, x1, y1), or None without poppler."""
    exe = shutil.which("pdftotext")
    if exe is None:
        return None
    html = subprocess.run([exe, "-bbox", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    import re
    pages = []
    for chunk in html.split("<page ")[1:]:
        words = [(w[4], float(w[0]), float(w[1]), float(w[2]), float(w[3])) for w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            chunk)]
        pages.append(words)
    return pages


# -- tests of the reader itself --------------------------------------------------------
