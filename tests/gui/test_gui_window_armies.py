"""The army builder dock and the library editors, as the main window embeds them."""
import pytest

from studio.io import default_library


@pytest.fixture
def window(make_window, sample_copy):
    return make_window(sample_copy)


def test_builder_edits_the_open_scenario_and_undo_takes_it_back(window):
    builder = window.armies.builder
    builder.set_side("athenians")
    side = window.doc.model.side("athenians")
    before = sum(u.count for u in side.army.units if u.type == "cretan-bowmen")
    assert builder.set_count("cretan-bowmen", before + 2)
    after = window.doc.model.side("athenians")
    assert sum(u.count for u in after.army.units if u.type == "cretan-bowmen") == before + 2
    assert window.isWindowModified()
    window.undo_action.trigger()
    again = window.doc.model.side("athenians")
    assert sum(u.count for u in again.army.units if u.type == "cretan-bowmen") == before


def test_place_request_arms_the_unit_tool(window):
    builder = window.armies.builder
    side = window.doc.model.side("athenians")
    side.army.units[0].hex = None   # a unit still to place
    builder.placeRequested.emit("athenians", 0)
    assert window.tools.tool.name == "unit"


def test_library_menu_opens_the_editors(window, qtbot):
    titles = [a.text() for a in window.armies.menu.actions()]
    assert "&New army list…" in titles and "Edit terrain &set…" in titles
    editor = window.armies.open_army_list_editor("persian-wars-greek")
    qtbot.addWidget(editor)
    assert editor.isVisible()
    assert editor in window.armies.editors


def test_library_reload_reaches_the_document(window):
    lib = default_library(reload=True)
    window.armies.library_reloaded(lib)
    assert window.library is lib and window.doc.library is lib
    assert window.doc.army_list("athenians") is lib.army_list("persian-wars-greek")


def test_play_mode_hides_the_army_builder_and_gives_it_back(window):
    from studio.playtest.players import PlaySetup
    builder = window.armies.builder
    builder.show()
    mode = window.play_menu.play(PlaySetup.default([s.id for s in window.doc.model.sides],
                                                   dice_seed=1))
    assert not builder.isVisible() and not builder.isEnabled()
    window.play_menu.leave()
    assert builder.isVisible() and builder.isEnabled()
    assert mode is not None
