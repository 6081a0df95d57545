"""The studio offers the Action Dice game: the New scenario dialog lists it and brings its
terrain, a blank Action Dice scenario gets its army lists, and play mode on the sample
shows the two actions of a unit, the odds as figures removed, and a readable log."""
from __future__ import annotations

import pytest

from studio.gui import main_window as main_window_module
from studio.gui.dialogs.new_scenario import NewScenarioChoice, NewScenarioDialog
from studio.io import default_library
from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/ad-border-skirmish.yaml"


def test_the_new_scenario_dialog_offers_action_dice(qtbot):
    dialog = NewScenarioDialog(default_library())
    qtbot.addWidget(dialog)
    found = dialog.ruleset.findData("action-dice")
    assert found >= 0 and dialog.ruleset.itemText(found) == "Action Dice Skirmish"
    dialog.from_blank.setChecked(True)
    dialog.ruleset.setCurrentIndex(found)
    choice = dialog.choice()
    assert (choice.ruleset, choice.terrain_set) == ("action-dice", "action-dice-table")


def test_a_blank_action_dice_scenario_gets_its_lists(make_window, monkeypatch):
    window = make_window()
    choice = NewScenarioChoice(name="Skirmish at the Ford", columns=25, rows=18,
                               terrain_set="action-dice-table", ruleset="action-dice")
    monkeypatch.setattr(main_window_module, "ask_new_scenario", lambda parent, library: choice)
    assert window.new_scenario()
    m = window.doc.model
    assert m.ruleset == "action-dice"
    assert all(s.army.army_list.startswith("ad-") for s in m.sides)


@pytest.fixture
def window(make_window, tmp_path):
    # the sample with one orc unit already in the archers' range
    text = open(SAMPLE, encoding="utf-8").read()
    assert 'hex: "2206"' in text
    path = tmp_path / "ad-close.yaml"
    path.write_text(text.replace('hex: "2206"', 'hex: "0708"'), encoding="utf-8")
    w = make_window(str(path), size=(1366, 768), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_play_offers_the_two_actions_and_odds_as_figures_removed(window, monkeypatch, tmp_path):
    shot_dir = tmp_path
    mode = window.play_menu.play(PlaySetup.default(["men", "orcs"], 4))
    s, h, dock = mode.session, mode.handler, mode.dock
    assert "Action Dice" in dock.turn_label.text()
    monkeypatch.setattr(h, "choose", lambda options, where: options[0])
    h.select("archers-1")
    shots = [where for where, acts in h.by_hex.items()
             if any(type(a).__name__ == "Shoot" for a in acts)]
    assert len(shots) == 1
    hover = h.hover_text(shots[0])
    assert "shoots at" in hover and "Orc Warriors loses 2" in hover and "%" in hover
    start = s.position
    assert h.play_at(shots[0])
    assert s.position == start + 1 and s.state.current == s.state.unit("archers-1").i
    assert "Archers has 1 action(s) left" in mode.stage.task.text()
    texts = [mode.log_dock.list.item(i).text() for i in range(mode.log_dock.list.count())]
    assert any("shoots at" in t and "÷ Defense" in t for t in texts)
    assert not any("{" in t for t in texts)
    window.grab().save("/tmp/adpdf/play.png")


def test_the_army_builder_shows_figures_dice_and_the_force_shares(qtbot):
    from studio.gui.armies import ArmyBuilder
    from studio.gui.document import ScenarioDocument
    from studio.model import Army, HexMap, Scenario, Side
    lib = default_library()
    scenario = Scenario("t", "T", "action-dice", "action-dice-table", HexMap.blank(25, 18, "."), [
        Side("men", "Men", "#2b5fa8", Army("ad-kingdom-of-men", composition="force",
                                           points_limit=800), map_edge="west",
             setup_zone=["0101-0318"]),
        Side("orcs", "Orcs", "#a82b2b", Army("ad-orc-warband", points_limit=800),
             map_edge="east")])
    b = ArmyBuilder(ScenarioDocument(scenario, library=lib), lib, "men")
    qtbot.addWidget(b)
    b.resize(900, 900)
    b.show()
    for type_id, n in {"spearmen": 2, "archers": 1, "knights": 1, "captain": 1}.items():
        b.count_table.editors[type_id].spin.setValue(n)
    assert b.total.points == 84 * 2 + 182 + 123 + 91
    texts = {line.text.split(":")[0]: line for line in b.checklist.lines()}
    assert texts["at least 50% on basic and ordnance units"].ok
    assert texts["at most 25% on heroes"].ok
    assert "%" in texts["at most 25% on heroes"].text
    b.count_table.editors["captain"].spin.setValue(3)           # 273 of 841: too many heroes
    texts = {line.text.split(":")[0]: line for line in b.checklist.lines()}
    assert not texts["at most 25% on heroes"].ok
    b.count_table.select_type("spearmen")
    table = b.count_table
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    col = header.index("Figures")
    assert not table.isColumnHidden(col)
    figures = {t: table.item(r, col).text() for r, t in enumerate(table.type_ids)}
    assert figures["spearmen"] == "10" and figures["captain"] == "1"
    assert "20 in the 2 units" in table.item(table.type_ids.index("spearmen"), col).toolTip()
    card = b.card.toPlainText()
    assert "Figures" in card and "10" in card and "1d6" in card and "regiment" in card
    assert "Attack by distance" not in card and "84" in card
