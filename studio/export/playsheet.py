"""Quick-reference playsheets: one or two pages per side to play the scenario from.

Each side's sheet holds the scenario briefing, the round sequence, movement, the attack
procedure with its modifier tables, morale and rally, the terrain effects chart with the
elevation rule, the side's roster with stats and the abilities it uses, the army list's
special rules, a key to the counters and a round track. Numbers come from the ruleset,
the terrain set and the army lists, never from this file.
"""
from __future__ import annotations

import os
import re
from collections import OrderedDict
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether,
                                PageBreak, PageTemplate, Paragraph, Spacer,
                                Table, TableStyle)

from reportlab.platypus.doctemplate import ActionFlowable, LayoutError, LCActionFlowable

from studio.model import ArmyList, Scenario, Side, TerrainSet, UnitType
from studio.playtest import scenario_events_text
from studio.rulesets.rules_of_war import sheet_text as rules_text

from . import briefing
from .colours import GREY, INK, LIGHT_GREY, WHITE, parse_colour, text_colour_on
from .counter_art import CounterPainter
from .counter_faces import attack_text, unit_counter
from .fonts import FONT, FONT_BOLD, register_fonts
from .ability_lines import ability_line, ability_title
from .arc_diagram import ArcDiagram
from .odds_table import odds_rows, odds_tables
from .patterns import distinct_patterns
from .options import PlaysheetOptions
from .pdf_output import canvas_maker, scenario_subject
from .progress import Progress, finish_partial, partial_path, remove_partial
from .rosters import lookup
from .symbols import draw_symbol_box, symbols_for

from studio.armies.points import PointsError, unit_points


class _Styles:
    def __init__(self, size: float, colour) -> None:
        lead = size * 1.22
        self.body = ParagraphStyle("body", fontName=FONT, fontSize=size, leading=lead,
                                   spaceAfter=size * 0.25)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=size * 0.9,
                                    leading=size * 1.08, spaceAfter=0)
        self.cell = ParagraphStyle("cell", parent=self.body, fontSize=size * 0.9,
                                   leading=size * 1.05, spaceAfter=0)
        self.head = ParagraphStyle("head", fontName=FONT_BOLD, fontSize=size * 1.3,
                                   leading=size * 1.6, textColor=text_colour_on(colour),
                                   backColor=colour, borderPadding=(1.5, 3, 1.5, 3),
                                   spaceBefore=size * 0.9, spaceAfter=size * 0.55,
                                   keepWithNext=1)
        self.title = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=size * 2.1,
                                    leading=size * 2.5, spaceAfter=size * 0.3)
        self.step = ParagraphStyle("step", parent=self.body, leftIndent=size * 0.9,
                                   firstLineIndent=-size * 0.9)


def _p(text: str, style) -> Paragraph:
    return Paragraph(text, style)


def _e(text: str) -> str:
    return escape(text or "")


class _SideStart(Flowable):
    """Zero-size mark telling the page decorations whose sheet this is."""

    def __init__(self, side: Side) -> None:
        super().__init__()
        self.side = side
        self.width = self.height = 0

    def draw(self) -> None:
        pass


class SymbolBox(Flowable):
    """A unit's symbol box, for table cells."""

    def __init__(self, symbols, width: float = 13, height: float = 8.6) -> None:
        super().__init__()
        self.symbols, self.width, self.height = symbols, width, height

    def draw(self) -> None:
        draw_symbol_box(self.canv, self.symbols, 0, 0, self.width, self.height,
                        box_fill=WHITE, ink=INK, line_width=0.45)


class CounterKey(Flowable):
    """A front and a back of the side's first unit, drawn large, with what each spot means."""

    def __init__(self, front, back, size: float, font_size: float, key=None) -> None:
        super().__init__()
        self.front, self.back, self.size, self.fs = front, back, size, font_size
        # what the large and the small numbers mean (a ruleset's own counters say)
        self.key = key or ("attack · defense · move", "range R · morale M · hits H")
        self.width, self.height = 4 * size, size + 4

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        return self.width, self.height

    def draw(self) -> None:
        c, s = self.canv, self.size
        painter = CounterPainter(c, s)
        painter.draw(self.front, 0, 2)
        if self.back is not None:
            painter.draw(self.back, self.width - s, 2)
        c.setFont(FONT, self.fs * 0.85)
        c.setFillColor(INK)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        labels = [(0.86, "name"), (0.62, "symbol · facing arrow"),
                  (0.26, self.key[0]), (0.07, self.key[1])]
        x = s + 2
        for frac, text in labels:
            y = 2 + s * frac
            c.line(x - 4, y + self.fs * 0.3, x + 4, y + self.fs * 0.3)
            c.drawString(x + 6, y, text)
        if self.back is not None:
            text = "its back" if self.back.kind == "damaged" else "its routed side"
            y = 2 + s * 0.5
            right = self.width - s - 2
            c.drawRightString(right - 10, y, text)
            c.line(right - 8, y + self.fs * 0.3, right + 4, y + self.fs * 0.3)


def _attack_full(unit: UnitType, army_list: ArmyList) -> str:
    rng = army_list.stat(unit, "range") or 1
    a = unit.attack
    if a.form == "melee-ranged" and not a.is_none():
        if a.ranged is None or rng < 2:
            return rules_text.num(a.melee)
        far = f"2–{rng}" if rng > 2 else "2"
        return f"{rules_text.num(a.melee)} adj., {rules_text.num(a.ranged)} at {far}"
    if a.form == "bands" and not a.is_none():
        parts = []
        for first, last, rating in a.bands:
            if first > rng:
                continue
            span = f"{first}+" if last is None else (str(first) if last == first else f"{first}–{last}")
            parts.append(f"{rules_text.num(rating)} at {span}")
        return ", ".join(parts)
    text = attack_text(unit, army_list)
    if unit.attack_dice:
        d = unit.attack_dice
        text += " (" + "/".join(str(d.get(k, 0)) for k in ("front", "aft", "sides") if k in d) + " dice)"
    return text


def _roster_rows(side: Side, army_list: ArmyList) -> list[tuple[UnitType, int]]:
    counts: "OrderedDict[str, int]" = OrderedDict()
    for entry in side.army.expanded():
        counts[entry.type] = counts.get(entry.type, 0) + 1
    rows = []
    for type_id, n in counts.items():
        unit = army_list.unit(type_id)
        if unit is None:
            raise ValueError(f"side {side.id!r}: unit type {type_id!r} is not in army list "
                             f"{army_list.id!r}")
        rows.append((unit, n))
    return rows


def _points(army_list: ArmyList, unit: UnitType, library: Any) -> str:
    """The unit's cost, or a dash when its list's formula cannot price it."""
    try:
        return rules_text.num(unit_points(army_list, unit, library))
    except (PointsError, ValueError, KeyError, TypeError):
        return "–"


def _table(data, widths, style_cmds, font_size, repeat: int = 1) -> Table:
    t = Table(data, colWidths=widths, repeatRows=repeat, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, font_size * 0.9),
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, font_size * 0.85),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, LIGHT_GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.6),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.6),
        ("TOPPADDING", (0, 0), (-1, -1), 1.0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
    ] + style_cmds))
    return t


def briefing_flowables(scenario: Scenario, side: Side, lists: dict[str, ArmyList],
                       options: dict, st: "_Styles") -> list:
    """The briefing: the scenario's story, every side's army (this one in bold), the
    objectives, the victory conditions and the special rules."""
    out: list = [_p("Briefing", st.head)]
    if scenario.description.strip():
        out.append(_p(_e(scenario.description.strip()), st.body))
    for s in scenario.sides:
        placed = sum(1 for u in s.army.units if u.hex)
        to_place = sum(u.count for u in s.army.units if not u.hex and not u.arrives)
        alist = lists.get(s.army.army_list)
        text = briefing.side_summary(s, alist.name if alist else s.army.army_list, placed, to_place)
        bold = "<b>" if s.id == side.id else ""
        out.append(_p(f"{bold}{_e(text)}{'</b>' if bold else ''}", st.step))
    if scenario.objectives:
        objs = "; ".join(f"{_e(o.name or 'Objective')} ({o.hex}"
                         + (f", {o.points} pts" if o.points else "") + ")" for o in scenario.objectives)
        out.append(_p(f"<b>Objectives:</b> {objs}.", st.body))
    out.append(_p("<b>Victory</b>", st.body))
    for line in briefing.victory_lines(scenario, options):
        out.append(_p("• " + _e(line), st.step))
    if scenario.special_rules.strip():
        out.append(_p(f"<b>Special rules:</b> {_e(scenario.special_rules.strip())}", st.body))
    return out + turn_track_flowables(scenario, st)


def turn_track_flowables(scenario: Scenario, st: "_Styles") -> list:
    """The turn track: round by round, the time of day and weather, the reinforcements due
    and the events of those rounds; then the events that may come at any round."""
    rounds = scenario_events_text.turn_track_lines(scenario)
    others = scenario_events_text.other_lines(scenario)
    if not rounds and not others:
        return []
    out: list = [_p("Turn track", st.head)]
    for rnd, lines in rounds:
        out.append(_p(f"<b>Round {rnd}.</b> {_e(' '.join(lines))}", st.step))
    if others:
        out.append(_p("<b>At any round</b>", st.body))
        out += [_p("• " + _e(line), st.step) for line in others]
    return out


def terrain_on_map(scenario: Scenario, terrain_set: TerrainSet) -> set[str]:
    """Ids of the terrain types the scenario's map has."""
    symbols = set("".join(scenario.map.terrain))
    return {t.id for t in terrain_set.terrain if t.symbol in symbols}


def scenario_tags(scenario: Scenario, lists: dict[str, ArmyList]) -> set[str]:
    """Every tag of every unit the scenario fields (all sides)."""
    tags: set[str] = set()
    for s in scenario.sides:
        alist = lists.get(s.army.army_list)
        for entry in s.army.expanded():
            unit = alist.unit(entry.type) if alist else None
            if unit is not None:
                tags.update(unit.tags)
    return tags


def targets_present(ability, tags: set[str]) -> bool:
    """False for an ability aimed only at units the scenario does not field (defense
    against gas in a battle without gas)."""
    aimed = ability.get("vs_tags")
    return not aimed or bool(set(aimed) & tags)


def rule_in_play(rule, units: list[UnitType], tags: set[str]) -> bool:
    """A list rule concerns this battle when it applies to one of the side's units and
    its abilities are not all aimed at units nobody fields."""
    if rule.applies_to is not None and not any(rule.applies_to.matches(u) for u in units):
        return False
    return not rule.abilities or any(targets_present(a, tags) for a in rule.abilities)


class Swatch(Flowable):
    """A terrain's colour with the map's pattern on it, for the terrain chart."""

    def __init__(self, terrain, width: float, height: float, pattern: str | None) -> None:
        super().__init__()
        self.terrain, self.width, self.height = terrain, max(width, 6.0), height
        self.pattern = pattern

    def draw(self) -> None:
        from .colours import BLACK, darker, mix
        from .patterns import draw_pattern
        c, t = self.canv, self.terrain
        fill = parse_colour(t.colour)
        c.saveState()
        c.setFillColor(fill)
        c.setStrokeColor(INK)
        c.setLineWidth(0.3)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=1)
        if self.pattern:
            box = c.beginPath()
            box.rect(0, 0, self.width, self.height)
            c.clipPath(box, stroke=0, fill=0)
            ink = darker(fill, 0.45) if text_colour_on(fill) == BLACK else mix(fill, WHITE, 0.45)
            c.setStrokeColor(ink)
            c.setFillColor(ink)
            c.setLineWidth(0.4)
            c.translate(self.width / 2, self.height / 2)
            draw_pattern(c, self.pattern, max(self.width, self.height) * 0.75)
        c.restoreState()


def odds_flowables(rules, library, side, army_list, scenario, lists, st, column_width, fs) -> list:
    """The hit and kill chances against each enemy type, from the game's exact odds:
    hand-to-hand, and shooting at 2 hexes unless that reads the same (ships and
    fighters fire alike at any distance they reach)."""
    names, melee, what = odds_rows(rules, library, side, army_list, scenario, lists)
    tables = odds_tables(names, melee, st.cell, column_width, fs)
    if not tables:
        return []
    _, shooting, _ = odds_rows(rules, library, side, army_list, scenario, lists, distance=2)
    same = shooting == melee
    if what == "figures":
        title = "Figures removed"
        lead = ("Figures one attack removes on average, exact, from the game's odds "
                "(target·attacker where the target strikes back)")
    else:
        title = "Hit and kill chances"
        lead = ("Chance in % that one attack will "
                f"{'hit, then destroy (hit·destroy)' if what == 'hit·destroy' else 'destroy'}"
                ", exact, from the game's odds")
    several = (" Against a target of several hits (their number after its name) one "
               "attack cannot destroy: the cell is the chance of a hit that counts."
               if what == "hit·destroy" and any(n.endswith(" hits)") for n in names) else "")
    out = [_p(title, st.head),
           _p(f"{lead}: into the target's front, both on level open ground, the target "
              f"unhurt. Each row attacks each column; – : no such attack.{several}", st.small),
           Spacer(1, fs * 0.3)]
    # Each heading is kept with its first table, never left alone at a column's foot.
    heading = ("<b>Hand-to-hand and shooting at 2 hexes</b> (the same)" if same
               else "<b>Hand-to-hand</b> (adjacent)")
    out += _headed(_p(heading, st.small), tables, fs)
    if shooting and not same:
        out += _headed(_p("<b>Shooting</b> at 2 hexes (units that reach)", st.small),
                       odds_tables(names, shooting, st.cell, column_width, fs), fs)
    return out


def _headed(heading, tables: list, fs: float) -> list:
    out = [KeepTogether([heading, tables[0]]), Spacer(1, fs * 0.4)]
    for table in tables[1:]:
        out += [table, Spacer(1, fs * 0.4)]
    return out



def side_story(scenario: Scenario, side: Side, army_list: ArmyList, terrain_set: TerrainSet,
               options: dict, library: Any, lists: dict[str, ArmyList],
               sheet: PlaysheetOptions, column_width: float, rules=None) -> list:
    colour = parse_colour(side.colour)
    st = _Styles(sheet.font_size, colour)
    fs = sheet.font_size
    out: list = [_SideStart(side)]
    out.append(_p(f"{_e(scenario.name)} — {_e(side.name)}", st.title))
    out.append(_p(f"Playsheet for the {_e(briefing.side_with_list(side.name, army_list.name))} · "
                  f"{scenario.round_limit} rounds · ruleset {_e(scenario.ruleset)} · "
                  f"all rolls {rules_text.die(options)}", st.small))

    out += briefing_flowables(scenario, side, lists, options, st)
    for support in side.off_map_support:
        out.append(_p(f"<b>Off-map support — {_e(support.name)}:</b> attack {support.attack}, "
                      f"{support.ammunition} strikes in all, at most {support.per_round} a round; "
                      f"it may strike any unit on the map, needing no arc or line of sight.",
                      st.body))

    # -- the round --------------------------------------------------------------
    out.append(_p("The round", st.head))
    for label, text in rules_text.round_sequence(options, scenario.round_limit):
        out.append(_p(f"<b>{_e(label)}.</b> {_e(text)}", st.step))
    out.append(_p("Movement", st.head))
    for text in rules_text.movement_rules(options, terrain_set.elevation.uphill_extra_mp):
        out.append(_p("• " + _e(text), st.step))

    # -- attacks ----------------------------------------------------------------
    out.append(_p("Attacking", st.head))
    for label, text in rules_text.attack_procedure(options):
        out.append(_p(f"<b>{_e(label)}.</b> {_e(text)}", st.step))
    mods = [["Attack modifiers", ""]] + [[_p(_e(a), st.cell), b] for a, b in rules_text.attack_modifiers(options)]
    mods += [["Defense modifiers", ""]] + [[_p(_e(a), st.cell), b] for a, b in rules_text.defense_modifiers(options)]
    split = len(rules_text.attack_modifiers(options)) + 1
    # kept whole: split over two columns it repeated its first row, a header in name only
    out.append(KeepTogether([_table(mods, [column_width * 0.78, column_width * 0.2],
                                    [("FONT", (0, split), (-1, split), FONT_BOLD, fs * 0.85),
                                     ("LINEBELOW", (0, split), (-1, split), 0.6, INK),
                                     ("ALIGN", (1, 0), (1, -1), "CENTER")], fs, repeat=0)]))
    out.append(Spacer(1, fs * 0.5))
    out.append(ArcDiagram(
        float(options.get("front_arc_degrees", 120)),
        "attacks go into it; it faces its attackers",
        f"hand-to-hand: attack {rules_text.signed(options.get('rear_attack_bonus', 0))}, "
        f"defense {rules_text.signed(-options.get('rear_defense_penalty', 0))}",
        column_width, fs))

    # -- morale -------------------------------------------------------------------
    out.append(_p("Morale and rally", st.head))
    for label, text in rules_text.morale_rules(options):
        out.append(_p(f"<b>{_e(label)}.</b> {_e(text)}", st.step))
    if options.get("spotting"):
        out.append(_p("<b>Spotting.</b> A unit can be attacked only once an enemy unit sees it "
                      "within its spotting range.", st.step))

    # -- terrain --------------------------------------------------------------
    out.append(CondPageBreak(80))
    out.append(_p(f"Terrain: {_e(terrain_set.name)}", st.head))
    rows = rules_text.terrain_rows(terrain_set, only=terrain_on_map(scenario, terrain_set))
    patterns = distinct_patterns(terrain_set.terrain)     # as the map prints them
    any_attack = any(r[3] != "–" for r in rows)
    any_save = any(r[4] != "–" for r in rows)
    header = ["", "Terrain", "MP", "Defense"] + (["Att."] if any_attack else []) + \
             (["Save"] if any_save else []) + ["Sight", "Notes"]
    data = [header]
    styles = []
    for i, (t, mp, dfn, att, save, sight, notes) in enumerate(rows, 1):
        row = [Swatch(t, column_width * 0.045 - 3.2, fs * 1.6, patterns[t.id]),
               _p(_e(t.name), st.cell),
               _p(_e(mp), st.cell), _p(_e(dfn), st.cell)]
        if any_attack:
            row.append(att)
        if any_save:
            row.append(save)
        row += [sight, _p(_e(notes), st.cell)]
        data.append(row)
    fixed = [column_width * f for f in (0.045, 0.18, 0.165, 0.15)]
    extra = ([column_width * 0.07] if any_attack else []) + ([column_width * 0.07] if any_save else [])
    sight_w = column_width * 0.1
    notes_w = column_width - sum(fixed) - sum(extra) - sight_w
    out.append(_table(data, fixed + extra + [sight_w, notes_w], styles, fs))
    out.append(Spacer(1, fs * 0.4))
    out.append(_p(_e(rules_text.elevation_text(terrain_set)), st.body))

    # -- roster ---------------------------------------------------------------------
    out.append(CondPageBreak(90))
    out.append(_p(f"Roster: {_e(side.name)}", st.head))
    data = [["", "", "Unit", "Attack", "Def", "Move", "Rng", "Mor", "Hits", "Pts"]]
    for unit, n in _roster_rows(side, army_list):
        hits = army_list.stat(unit, "hits")
        hits_text = rules_text.num(hits) + (f"+{unit.shields}" if unit.shields else "")
        move = rules_text.num(army_list.stat(unit, "move")) + (" fly" if unit.flying else "")
        data.append([f"{n}×", SymbolBox(symbols_for(unit.tags, unit.flying)),
                     _p(_e(unit.name), st.cell), _p(_e(_attack_full(unit, army_list)), st.cell),
                     rules_text.num(army_list.stat(unit, "defense")), move,
                     rules_text.num(army_list.stat(unit, "range")),
                     rules_text.num(army_list.stat(unit, "morale")), hits_text,
                     _points(army_list, unit, library)])
    w = column_width
    widths = [w * 0.06, w * 0.07, w * 0.26, w * 0.2, w * 0.06, w * 0.08, w * 0.06, w * 0.06, w * 0.065]
    widths.append(w - sum(widths))
    out.append(_table(data, widths, [("ALIGN", (4, 1), (-1, -1), "CENTER")], fs))
    leaders = [e for e in side.army.units if e.leader]
    if leaders:
        lead = leaders[0]
        name = army_list.unit(lead.type).name if army_list.unit(lead.type) else lead.type
        out.append(_p(f"<b>Army Leader:</b> {_e(name)}"
                      + (f" ({_e(lead.id)})" if lead.id else "") + ".", st.body))

    # -- abilities present ---------------------------------------------------------
    used: "OrderedDict[str, list[tuple[str, dict]]]" = OrderedDict()
    present = scenario_tags(scenario, lists)
    for unit, _ in _roster_rows(side, army_list):
        for ability in army_list.effective_abilities(unit):
            if not targets_present(ability, present):
                continue
            entries = used.setdefault(ability.name, [])
            if (unit.name, ability.params) not in entries:
                entries.append((unit.name, dict(ability.params)))
    if used:
        out.append(_p("Abilities in play", st.head))
        for name, entries in used.items():
            # one line per rule as the units have it: units with the same numbers share it
            by_rule: "OrderedDict[str, list[str]]" = OrderedDict()
            for unit_name, params in entries:
                by_rule.setdefault(ability_line(name, params), []).append(unit_name)
            for rule, units in by_rule.items():
                out.append(_p(f"<b>{_e(ability_title(name))}</b> ({_e(', '.join(units))}): "
                              f"{_e(rule[:1].upper() + rule[1:])}.", st.step))
    rules_in_play = [r for r in army_list.special_rules
                     if rule_in_play(r, [u for u, _ in _roster_rows(side, army_list)], present)]
    if rules_in_play:
        out.append(_p(f"List rules: {_e(army_list.name)}", st.head))
        for rule in rules_in_play:
            out.append(_p("• " + _e(rule.text), st.step))
    out += odds_flowables(rules, library, side, army_list, scenario, lists, st, column_width, fs)

    # -- counters and round track -------------------------------------------------
    out.append(_ToRightColumn())
    rows = _roster_rows(side, army_list)
    if rows:
        front, back = unit_counter(army_list, rows[0][0], side.colour,
                                   rally_divisor=int(options.get("rally_divisor", 2)))
        out.append(KeepTogether([_p("Reading the counters", st.head),
                                 CounterKey(front, back, min(54.0, column_width / 4.5), fs)]))
    track = list(range(1, scenario.round_limit + 1))
    per_row = 10
    cells = [track[i:i + per_row] for i in range(0, len(track), per_row)]
    if cells and len(cells[-1]) < per_row:
        cells[-1] += [""] * (per_row - len(cells[-1]))
    box = min(column_width / per_row, 22)
    track_table = Table(cells, colWidths=[box] * per_row, rowHeights=[box] * len(cells), hAlign="LEFT")
    track_table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT_BOLD, fs * 1.1),
        ("TEXTCOLOR", (0, 0), (-1, -1), GREY),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.6, INK),
    ]))
    out.append(KeepTogether([_p("Round track", st.head), track_table]))
    return out


class _ToRightColumn(LCActionFlowable):
    """What follows starts in the right column when it would start part-way down the
    left one: the side's last blocks (the counter key, the round track) then head the
    right column, which the side's last page otherwise left empty."""

    def __init__(self) -> None:
        super().__init__(("frameEnd",))

    def apply(self, doc) -> None:
        frame = getattr(doc, "frame", None)
        if getattr(frame, "id", None) == "left" and not getattr(frame, "_atTop", 1):
            super().apply(doc)


class _SheetDoc(BaseDocTemplate):
    def __init__(self, path, sheet: PlaysheetOptions, scenario: Scenario, progress: Progress, **kw):
        super().__init__(str(path), pagesize=sheet.page, leftMargin=sheet.margin,
                         rightMargin=sheet.margin, topMargin=sheet.margin + 10,
                         bottomMargin=sheet.margin, title=f"{scenario.name} playsheets",
                         author=scenario.author, creator="Wargame Studio",
                         subject=scenario_subject(f"Playsheets for {scenario.name}", scenario),
                         **kw)
        self.scenario = scenario
        self.progress = progress
        self.side: Side | None = None
        self.pages_by_side: "OrderedDict[str, list[int]]" = OrderedDict()
        gap = 12
        w = (self.width - gap) / 2
        self.column_width = w
        frames = [Frame(self.leftMargin, self.bottomMargin, w, self.height, id="left",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0),
                  Frame(self.leftMargin + w + gap, self.bottomMargin, w, self.height, id="right",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]
        self.addPageTemplates([PageTemplate("sheet", frames, onPageEnd=self._decorate)])

    def afterFlowable(self, flowable) -> None:
        self.progress.check()
        if isinstance(flowable, _SideStart):
            self.side = flowable.side
            self.progress.step(f"playsheet for {flowable.side.name}")
        if self.side is not None and not isinstance(flowable, (ActionFlowable, PageBreak,
                                                               CondPageBreak)):
            pages = self.pages_by_side.setdefault(self.side.id, [])
            if self.page not in pages:
                pages.append(self.page)

    def _decorate(self, canv, doc) -> None:
        canv.saveState()
        w, h = self.pagesize
        if self.side is not None:
            colour = parse_colour(self.side.colour)
            canv.setFillColor(colour)
            canv.rect(self.leftMargin, h - self.topMargin + 4, self.width, 3, stroke=0, fill=1)
        canv.setFont(FONT, 6.5)
        canv.setFillColor(GREY)
        who = self.side.name if self.side else ""
        n = len(self.pages_by_side.get(self.side.id, [])) if self.side else 0
        canv.drawString(self.leftMargin, h - self.topMargin + 10,
                        f"{self.scenario.name} · {who} playsheet · page {max(n, 1)}")
        canv.drawRightString(self.leftMargin + self.width, self.bottomMargin - 12,
                             "Wargame Studio quick reference")
        canv.restoreState()


def export_playsheet(scenario: Scenario, library: Any, path: str | os.PathLike,
                     options: PlaysheetOptions | None = None, progress=None, cancel=None,
                     *, pages_by_side: dict[str, list[int]] | None = None) -> int:
    """Write the playsheets of every side (or ``options.sides``) to ``path``; returns the
    number of pages. ``library`` answers ``ruleset(id)``, ``terrain_set(id)`` and
    ``army_list(id)``. A dict passed as ``pages_by_side`` is filled with each side's page
    numbers (1-based)."""
    register_fonts()
    options = options or PlaysheetOptions()
    where = f"scenario {scenario.id!r}"
    ruleset = lookup(library, "ruleset", scenario.ruleset, where)
    terrain_set = lookup(library, "terrain_set", scenario.terrain_set, where)
    lists = {}
    for s in scenario.sides:
        lists[s.army.army_list] = lookup(library, "army_list", s.army.army_list,
                                          f"side {s.id!r} of {where}")
    sides = [s for s in scenario.sides if not options.sides or s.id in options.sides]
    missing = [i for i in options.sides if scenario.side(i) is None]
    if missing:
        raise ValueError(f"{where} has no side {missing[0]!r}: its sides are "
                         f"{', '.join(s.id for s in scenario.sides)}")
    prog = Progress(progress, cancel, total=len(sides))
    part = partial_path(path)
    doc = _SheetDoc(part, options, scenario, prog)
    from studio.rulesets import rules_named, system_of
    rules = rules_named(system_of(ruleset))
    story: list = []
    for i, side in enumerate(sides):
        if i:
            story.append(PageBreak())
        if rules.counters.own_layout:
            story += side_story(scenario, side, lists[side.army.army_list], terrain_set,
                                dict(ruleset.options), library, lists, options,
                                doc.column_width, rules)
        else:
            from .rules_playsheet import rules_side_story
            story += rules_side_story(rules, scenario, side, lists[side.army.army_list],
                                      ruleset, library, lists, options, doc.column_width)
    try:
        doc.build(story, canvasmaker=canvas_maker(options.print_form))
        finish_partial(part, path)
    except (LayoutError, ValueError) as err:
        remove_partial(part)
        # A column too narrow for a table's cells ends in reportlab's "negative
        # availWidth", a ValueError; other ValueErrors are ours and say what to fix.
        if not isinstance(err, LayoutError) and "availWidth" not in str(err):
            raise
        width, height = (round(v / mm) for v in options.page)
        raise ValueError(f"a table of the playsheet does not fit on a {width}×{height} mm page "
                         f"at {options.font_size:g} pt: choose a larger page or a smaller font "
                         "size") from None
    except BaseException:
        remove_partial(part)
        raise
    if pages_by_side is not None:
        pages_by_side.update(doc.pages_by_side)
    return doc.page
