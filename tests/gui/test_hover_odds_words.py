"""Hovering over a target in a Quick and Dirty game shows the attack's odds in the game's
own words as a tooltip on the map, one outcome a line (not the chart's codes), and the
status bar says what is there without cutting the odds short."""
from __future__ import annotations

import os

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QToolTip

from studio.gui.mapview.view import MapMouseEvent
from studio.playtest.players import PlaySetup

# two units front to front: whoever acts first may attack in its combat phase
SCENARIO = """kind: scenario
format: 1
id: qnd-duel
name: Duel (Quick and Dirty)
ruleset: quick-and-dirty
terrain_set: quick-and-dirty-field
round_limit: 5
map:
  columns: 8
  rows: 8
  orientation: flat
  offset: even
  terrain: |
    ........
    ........
    ........
    ........
    ........
    ........
    ........
    ........
sides:
  - id: west
    name: West Company
    colour: "#2b5fa8"
    army_list: qnd-free-companies
    units:
      - {type: knights, hex: "0405", facing: N, leader: true}
  - id: east
    name: East Company
    colour: "#a8322b"
    army_list: qnd-free-companies
    units:
      - {type: footmen, hex: "0404", facing: S, leader: true}
victory:
  - {side: west, kind: eliminate, share: 100, measure: units}
  - {side: east, kind: eliminate, share: 100, measure: units}
"""


def _tooltip_label():
    return next((w for w in QApplication.topLevelWidgets()
                 if w.metaObject().className() == "QTipLabel" and w.isVisible()), None)


def test_hover_odds_are_words_in_a_tooltip_on_the_map(make_window, qtbot, tmp_path):
    path = tmp_path / "qnd-duel.yaml"
    path.write_text(SCENARIO)
    window = make_window(str(path), size=(1366, 768), exposed=True, validation_delay_ms=0)
    mode = window.play_menu.play(PlaySetup.default(["west", "east"], 4))
    try:
        s, h = mode.session, mode.handler
        rules = s.state.game.rules
        end = next(a for a in rules.legal_actions(s.state) if rules.action_unit(a) is None)
        assert s.try_act(end)                          # to the combat phase
        mine = next(u for u in s.state.units if s.state.side_id(u.side) == s.state.to_act)
        h.select(mine.uid)
        target_hex = next(iter(h.by_hex))
        said = []
        h.statusMessage.connect(said.append)
        pos = QPointF(window.view.viewport().rect().center())
        h.mouse_move(MapMouseEvent(target_hex, pos, pos, Qt.NoButton, Qt.NoButton,
                                   Qt.NoModifier))
        tip = h.hover_text(target_hex)
        lines = tip.splitlines()
        assert any(line.startswith("click: ") and "attack" in line for line in lines)
        odds = [line.strip() for line in lines if line.startswith("    ")]
        assert odds and all(line.endswith("%") or "%)" in line for line in odds)
        assert any(line.startswith(("defender retreats", "defender lost", "locked"))
                   for line in odds)
        for code in ("defender-loss", "attacker-retreat", "defender-retreat", "locked 0%"):
            assert code not in tip
        assert QToolTip.text() == tip                 # shown on the map at the pointer
        label = _tooltip_label()
        assert label is not None and label.isVisible()
        assert said and "%" not in said[-1] and said[-1].endswith("(odds in the tooltip)")
        shots = os.environ.get("STUDIO_SHOTS")
        if shots:
            label.grab().save(os.path.join(shots, "hover-odds-tooltip.png"))
            window.grab().save(os.path.join(shots, "hover-odds-window-1366.png"))
    finally:
        window.play_menu.leave()


def test_a_combined_attack_shows_the_odds_of_every_attacker():
    """The tooltip's odds are those of the attack as played: units that join it add
    their strength (Q11)."""
    from studio.rulesets.quick_and_dirty import RULES
    from studio.rulesets.quick_and_dirty.state import Attack, EndPhase
    from qnd_helpers import build, uid
    st = build([(0, "footmen", "0505", "N"), (0, "footmen", "0404", "NE"),
                (1, "hill-orcs", "0504", "S")], dice=[9, 1])
    RULES.apply(st, EndPhase("move"))
    both = (uid(st, "footmen", 0), uid(st, "footmen", 1))
    orcs = uid(st, "hill-orcs")
    together = RULES.odds.action_odds(st, Attack(orcs, both), both[0], orcs)
    alone = RULES.odds.action_odds(st, Attack(orcs, both[:1]), both[0], orcs)
    assert together["attack"] == 2 * alone["attack"]
