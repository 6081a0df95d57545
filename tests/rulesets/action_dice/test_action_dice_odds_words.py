"""Odds as a player reads them in play mode: a vehicle that can both drive into a unit and
shoot at it gets the odds of each (the drive used to show the shot's), and what a hero or a
vehicle loses is said in its own terms (die steps, the damage roll), not as figures."""
from __future__ import annotations

from studio.playtest.players import PlaySetup
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.odds import sum_counts
from studio.rulesets.action_dice.state import Ram, Shoot

CLOSE = "tests/data/ad-ford-close.yaml"   # battle tank 0312 two hexes from the skimmer 0512


def _hover_of(window, uid, target_hex):
    mode = window.play_menu.play(PlaySetup.default(["blue", "red"], 4))
    h = mode.handler
    h.select(uid)
    spot = next(x for x in h.by_hex if window.doc.geometry.label(x) == target_hex)
    return mode, h.hover_text(spot)


def test_driving_into_and_shooting_have_their_own_odds(make_window):
    w = make_window(CLOSE, size=(1366, 768), validation_delay_ms=0)
    mode, hover = _hover_of(w, "battle-tank-1", "0512")
    state = mode.session.state
    drive = RULES.odds.action_odds(state, Ram("battle-tank-1", "skimmer-1"), "battle-tank-1",
                                   "skimmer-1")
    shot = RULES.odds.action_odds(state, Shoot("battle-tank-1", "skimmer-1"), "battle-tank-1",
                                  "skimmer-1")
    # the drive: 6d6 + Fight 0, ÷ the skimmer's Defense 10; the shot adds Shoot 1 + cannon 4
    ways = sum_counts(6, 6)
    two = sum(n for total, n in ways.items() if total // 10 == 2) / 6 ** 6
    assert abs(drive["figures_removed"]["defender"][2] - two) < 1e-9
    assert drive["figures_removed"] != shot["figures_removed"]
    # each action's line, then its own odds one outcome a line (the tooltip's layout)
    blocks = hover.split("click: ")[1:]
    assert len(blocks) == 2 and blocks[0].splitlines()[1:] != blocks[1].splitlines()[1:]
    assert f"rolls damage at +2 {100 * two:.0f}%" in hover
    w.play_menu.leave()


def test_a_hero_steps_down_and_is_removed(make_window):
    w = make_window(CLOSE, size=(1366, 768), validation_delay_ms=0)
    _, hover = _hover_of(w, "gun-team-1", "0408")
    assert "Psion steps down 1 die" in hover and "Psion is removed" in hover
    assert "Psion loses" not in hover
    w.play_menu.leave()


def test_a_unit_that_has_acted_says_so(make_window, monkeypatch):
    w = make_window(CLOSE, size=(1366, 768), validation_delay_ms=0)
    mode = w.play_menu.play(PlaySetup.default(["blue", "red"], 4))
    h, dock = mode.handler, mode.dock
    monkeypatch.setattr(h, "choose", lambda options, where: options[0])
    h.select("rifle-squad-1")
    assert "action(s) left" not in dock.unit_label.text()
    target = next(x for x, acts in h.by_hex.items() if any(isinstance(a, Shoot) for a in acts))
    assert h.play_at(target)
    h.select("rifle-squad-1")
    assert "1 action(s) left" in dock.unit_label.text()
    target = next(x for x, acts in h.by_hex.items() if any(isinstance(a, Shoot) for a in acts))
    assert h.play_at(target)
    h.select("rifle-squad-1")
    assert dock.unit_actions.count() == 0 and "done this round" in dock.unit_label.text()
    w.play_menu.leave()
