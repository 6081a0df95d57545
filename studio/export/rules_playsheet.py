"""Playsheets of a game that says what its playsheet prints (`Ruleset.sheets.playsheet`): the side's
briefing and victory, the game's own sections (sequence of play, charts, results,
terrain), and the side's units with the numbers its counters print
(`Ruleset.counters.face`). Rules of War's playsheet is laid out by `playsheet.side_story`."""
from __future__ import annotations

from typing import Any

from studio.model import ArmyList, Scenario, Side

from .briefing import side_with_list
from .colours import parse_colour
from .counter_faces import unit_counter
from .playsheet import (CounterKey, _e, _p, _roster_rows, _SideStart, _Styles, _table,
                        briefing_flowables, odds_flowables)


def _cells(row, st) -> list:
    return [_p(_e(str(cell)), st.cell) for cell in row]


def section_flowables(sections, st, column_width: float, font_size: float) -> list:
    """Flowables of `Rules.playsheet` sections: (title, [paragraph text or table rows])."""
    out: list = []
    for title, parts in sections:
        out.append(_p(_e(title), st.head))
        for part in parts:
            if isinstance(part, str):
                out.append(_p(_e(part), st.body))
                continue
            rows = [list(r) for r in part]
            if not rows:
                continue
            columns = max(len(r) for r in rows)
            rows = [r + [""] * (columns - len(r)) for r in rows]
            data = [rows[0]] + [_cells(r, st) for r in rows[1:]]
            out.append(_table(data, [column_width / columns] * columns, [], font_size))
    return out


def rules_side_story(rules, scenario: Scenario, side: Side, army_list: ArmyList,
                     ruleset_file, library: Any, lists: dict[str, ArmyList], sheet,
                     column_width: float) -> list:
    colour = parse_colour(side.colour)
    st = _Styles(sheet.font_size, colour)
    fs = sheet.font_size
    out: list = [_SideStart(side)]
    out.append(_p(f"{_e(scenario.name)} — {_e(side.name)}", st.title))
    out.append(_p(f"Playsheet for the {_e(side_with_list(side.name, army_list.name))} · "
                  f"{scenario.round_limit} rounds · {_e(rules.name)} "
                  f"(ruleset {_e(scenario.ruleset)})", st.small))
    out += briefing_flowables(scenario, side, lists, dict(ruleset_file.options), st)

    out += section_flowables(rules.sheets.playsheet(ruleset_file, scenario, library), st,
                             column_width, fs)

    rows = _roster_rows(side, army_list)
    if rows:
        out.append(_p(f"Your units ({_e(army_list.name)})", st.head))
        table = [["Unit", "No.", "Counter", "Back"]]
        for unit, count in rows:
            face = rules.counters.face(army_list, unit)
            front = " · ".join(face["front"].get("stats", []) + face["front"].get("small", []))
            back_spec = face.get("back") or {}
            back = " · ".join(([back_spec["band"]] if back_spec.get("band") else [])
                              + back_spec.get("stats", []) + back_spec.get("small", []))
            table.append([_p(_e(unit.name), st.cell), str(count), _p(_e(front), st.cell),
                          _p(_e(back), st.cell)])
        out.append(_table(table, [column_width * 0.34, column_width * 0.08,
                                  column_width * 0.32, column_width * 0.26], [], fs))
        front, back = unit_counter(army_list, rows[0][0], side.colour, rules=rules)
        if back is not None:
            out.append(_p("Reading the counters", st.head))
            out.append(CounterKey(front, back, min(54.0, column_width / 4.5), fs,
                                  rules.counters.key))
    out += odds_flowables(rules, library, side, army_list, scenario, lists, st, column_width, fs)
    return out
