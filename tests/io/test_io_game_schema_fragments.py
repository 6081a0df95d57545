"""A game's schema fragments are composed into the shared schemas: a unit type's `stats:` in
a list of a game that declares `schema.unit_stats` is checked against it, and an error in them
is placed at the file's line."""
import shutil

from plugin_support import PLUGIN_GAME, installed_distribution
from studio.cli import main
from studio.io import default_library, load_file

LIBRARY = PLUGIN_GAME / "library"


def _schema_errors(capsys, path, library):
    code = main(["validate", str(path), "--library", str(library)])
    return code, capsys.readouterr().out


def test_a_plugin_games_unit_stats_are_checked_by_its_fragment_at_file_line(capsys, tmp_path):
    bad = tmp_path / "lib"
    shutil.copytree(LIBRARY, bad)
    listing = bad / "army-lists" / "tiny-red.yaml"
    listing.write_text(listing.read_text().replace("stats: {strength: 2}",
                                                   "stats: {strength: 2.5}"))
    line = next(i for i, t in enumerate(listing.read_text().splitlines(), 1) if "2.5" in t)
    with installed_distribution(PLUGIN_GAME):
        code, out = _schema_errors(capsys, listing, bad)
    found = [t for t in out.splitlines() if f"tiny-red.yaml:{line}:" in t]
    assert code == 1 and any("error[schema" in t and "2.5" in t for t in found), out


def test_a_list_of_another_game_is_not_held_to_the_fragment(tmp_path):
    # The bundled Quick and Dirty lists carry stats with no `strength` (the tiny game's
    # required stat): only lists of the game that brings the fragment are held to it.
    with installed_distribution(PLUGIN_GAME):
        library = default_library()
        for ident in library.ids("army-list"):
            doc = library.document("army-list", ident)
            assert not [d for d in doc.diagnostics if d.code.startswith("schema")], ident
