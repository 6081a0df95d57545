"""Saving lists and terrain sets into the user library: never over bundled files, never with
an id another file uses; live checks of a model as its saved file would be checked."""
import copy

import pytest

from studio.armies.user_library import SaveRefused, copy_id, is_bundled, save_to_library
from studio.armies.live_check import check_model
from studio.armies.user_library import save_target, user_path
from studio.io import Library, bundled_library_dir, load_file, user_library_dir


@pytest.fixture
def lib(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    return Library.load([bundled_library_dir(), user_library_dir()])


def test_a_copy_goes_to_the_user_library_and_loads_back(lib, tmp_path):
    greek = copy.deepcopy(lib.army_list("ancient-greek"))
    greek.id = copy_id("ancient-greek", lib.ids("army-list"))
    path = save_to_library(greek, None, lib)
    assert path == tmp_path / "libraries" / "army-lists" / "ancient-greek-copy.yaml"
    loaded = load_file(path)
    assert loaded.ok and loaded.model == greek


def test_bundled_files_are_never_written(lib):
    doc = lib.document("army-list", "ancient-greek")
    assert is_bundled(doc.path)
    before = open(doc.path, encoding="utf-8").read()
    # Saving "to" a bundled path goes to the user library instead...
    assert save_target("army-list", "x", doc.path) == user_path("army-list", "x")
    # ...where the same id would clash with the bundled file.
    with pytest.raises(SaveRefused, match="already used by"):
        save_to_library(lib.army_list("ancient-greek"), doc.path, lib)
    assert open(doc.path, encoding="utf-8").read() == before


def test_a_user_file_is_saved_in_place(lib, tmp_path):
    ts = copy.deepcopy(lib.terrain_set("basic-ground"))
    ts.id = "my-ground"
    own = tmp_path / "elsewhere.yaml"
    assert save_to_library(ts, own, lib) == own and load_file(own).model == ts


def test_live_check_reports_schema_and_validation_findings(lib):
    greek = copy.deepcopy(lib.army_list("ancient-greek"))
    greek.id = "my-greeks"
    assert [d for d in check_model(greek, lib) if d.severity == "error"] == []
    greek.units[1].id = greek.units[0].id
    greek.terrain_set = "moon-dust"
    codes = {d.code for d in check_model(greek, lib)}
    assert {"duplicate-unit-type-id", "unknown-terrain-set"} <= codes
    greek.units[0].name = ""
    assert "schema" in {d.code for d in check_model(greek, lib)}
