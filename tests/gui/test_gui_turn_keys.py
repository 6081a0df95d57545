"""Q turns a unit anticlockwise and E clockwise, in the editor and in play mode alike, as
the ⟲ / ⟳ arrows of the play panel's Turn buttons say (issue 15 item 5)."""
from PySide6.QtCore import Qt

from studio.hexgrid import FACING_NAMES
from studio.playtest.players import PlaySetup

from test_gui_play_moves import click_hex, window  # noqa: F401 (the fixture)


def _step(orientation, before, after):
    """+1 when `after` is one step anticlockwise of `before`, -1 clockwise."""
    names = FACING_NAMES[orientation]
    return {1: 1, 5: -1}[(names.index(after) - names.index(before)) % 6]


def test_q_and_e_turn_the_same_way_in_the_editor_and_in_play(window, qtbot):  # noqa: F811
    doc, view = window.doc, window.view
    orientation = doc.model.map.orientation
    # the editor: select a placed unit with the unit tool
    side = doc.model.sides[0]
    index = next(i for i, u in enumerate(side.army.units) if u.hex is not None)
    window.tools.set_tool("unit")
    window.tools.select_unit((side.id, index))
    view.setFocus()
    editor = {}
    for key in (Qt.Key_Q, Qt.Key_E):
        before = doc.unit(side.id, index).facing
        qtbot.keyClick(view, key)
        editor[key] = _step(orientation, before, doc.unit(side.id, index).facing)
    assert editor == {Qt.Key_Q: 1, Qt.Key_E: -1}        # Q anticlockwise, E clockwise
    doc.undo_stack.setIndex(0)

    mode = window.play_menu.play(PlaySetup.default([s.id for s in doc.model.sides],
                                                   dice_seed=1))
    h = mode.handler
    qtbot.mouseClick(mode.dock.second_button, Qt.LeftButton)     # the Persians let Athens move
    click_hex(qtbot, mode, "0604")
    click_hex(qtbot, mode, "0705")
    assert h.pending is not None and len(h.pending.facings) == 6
    play = {}
    for key in (Qt.Key_Q, Qt.Key_E):
        before = h.pending.facing
        qtbot.keyClick(mode.view, key)
        play[key] = _step(orientation, before, h.pending.facing)
    assert play == editor
    for button, key in ((mode.dock.left_button, Qt.Key_Q), (mode.dock.right_button, Qt.Key_E)):
        before = h.pending.facing
        qtbot.mouseClick(button, Qt.LeftButton)
        assert _step(orientation, before, h.pending.facing) == editor[key]
    assert mode.dock.left_button.text().startswith("⟲")
    assert mode.dock.right_button.text().endswith("⟳")
