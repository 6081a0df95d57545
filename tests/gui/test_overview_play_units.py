"""The Overview (minimap) shows the game's units in play mode, where the game has them
(issue 28 item 3), and the scenario's set-up again once play mode is left."""
from PySide6.QtGui import QColor

from studio.gui.play import menu as play_menu_module
from studio.playtest.players import PlaySetup


def side_pixels(overview, colour: str) -> int:
    image = overview._image
    want = QColor(colour)
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + \
                    abs(c.blue() - want.blue()) < 40:
                count += 1
    return count


def test_overview_draws_the_games_units_in_play_mode(make_window, qtbot, monkeypatch):
    w = make_window(size=(1400, 900), exposed=True, validation_delay_ms=0)
    overview = w.overview_dock.overview
    overview.rebuild()
    colour = w.doc.model.sides[1].colour
    editing = side_pixels(overview, colour)
    assert editing > 0                               # the set-up's units as dots
    monkeypatch.setattr(play_menu_module, "ask_play_setup",
                        lambda *a: PlaySetup.default([s.id for s in w.doc.model.sides], 3))
    w.play_menu.play_action.trigger()
    mode = w.play_menu.mode
    try:
        assert overview.view is mode.view
        overview.rebuild()
        playing = side_pixels(overview, colour)
        # The same units, now drawn from the game (the view's own set-up is switched off).
        assert playing > 0.8 * editing, (playing, editing)
        markers = mode.view.shown_markers()
        on_map = [u for u in mode.session.state.units if u.status == "on"]
        assert len(markers) == len(on_map)
        # A unit the game moves moves on the overview: the markers follow the game state.
        before = {m.name: m.hex for m in markers}
        s = mode.session
        uid = next(u.uid for u in s.state.units if s.state.side_id(u.side) == s.state.to_act
                   and u.status == "on")
        handler = mode.handler
        handler.select(uid)
        reach = getattr(handler, "reach_labels", None)
        if reach is not None and reach():
            handler.set_destination(sorted(reach())[0])
            if handler.confirm():
                after = {m.name: m.hex for m in mode.view.shown_markers()}
                assert after != before
    finally:
        w.play_menu.leave()
    assert overview.view is w.view
    assert w.view.shown_markers() and all(m.side_id for m in w.view.shown_markers())
