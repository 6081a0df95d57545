"""The library index: loading folders, lookups by kind and id, duplicate ids."""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

import platformdirs
import pytest

from studio.io import (Library, bundled_library_dir, default_library, load_any,
                       reset_default_library, user_library_dir)
from studio.model import TerrainSet

from test_io_loader import ARMY_LIST, TERRAIN

ROOT = REPO_ROOT


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, "utf-8")
    return path


def test_load_indexes_by_kind_and_id(tmp_path):
    write(tmp_path / "terrain-sets", "ground.yaml", TERRAIN)
    write(tmp_path / "army-lists" / "deep", "greek.yaml", ARMY_LIST)
    write(tmp_path, "notes.txt", "not yaml")
    lib = Library.load(tmp_path)
    assert len(lib) == 2 and lib.diagnostics == []
    assert isinstance(lib.terrain_set("basic-ground"), TerrainSet)
    assert lib.army_list("persian-wars-greek").units[0].id == "hoplites"
    assert lib.terrain_set("nope") is None and lib.ruleset("basic-ground") is None
    assert lib.document("terrain-set", "basic-ground").path.endswith("ground.yaml")
    assert lib.ids("army-list") == ["persian-wars-greek"]
    assert [i for i, _ in lib.items("terrain-set")] == ["basic-ground"]
    assert lib.models("army-list")[0].id == "persian-wars-greek"
    with pytest.raises(ValueError):
        lib.items("terrain")


def test_duplicate_ids_name_both_files(tmp_path):
    first = write(tmp_path / "a", "one.yaml", TERRAIN)
    second = write(tmp_path / "b", "two.yaml", TERRAIN.replace("Basic Ground", "Other"))
    lib = Library.load(tmp_path)
    dups = [d for d in lib.diagnostics if d.code == "duplicate-id"]
    assert len(dups) == 1
    d = dups[0]
    assert str(first) in d.message and str(second) in d.message
    assert (d.file, d.line, d.column) == (str(second), 3, 5)
    assert lib.terrain_set("basic-ground").name == "Basic Ground"     # the first one stays


def test_same_id_in_different_kinds_is_fine(tmp_path):
    write(tmp_path, "t.yaml", TERRAIN)
    write(tmp_path, "a.yaml", "kind: army\nformat: 1\nid: basic-ground\nname: A\n"
                              "army_list: greek\n")
    assert Library.load(tmp_path).diagnostics == []


def test_broken_documents_are_kept_with_their_findings(tmp_path):
    write(tmp_path, "bad.yaml", TERRAIN.replace("mp: 1.5", "mp: lots"))
    write(tmp_path, "worse.yaml", "kind: [\n")
    lib = Library.load([tmp_path, tmp_path / "missing-folder"])
    assert len(lib.documents) == 2
    assert lib.terrain_set("basic-ground") is None
    assert lib.document("terrain-set", "basic-ground").model is None
    assert sorted(d.code for d in lib.diagnostics) == ["schema", "yaml-syntax"]
    assert lib.items("terrain-set") == []


def test_user_library_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    assert user_library_dir() == tmp_path / "libraries"
    monkeypatch.delenv("WARGAME_STUDIO_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    expected = platformdirs.user_data_path("wargame-studio", appauthor=False) / "libraries"
    assert user_library_dir() == expected


def test_bundled_dir_is_the_repositorys():
    assert bundled_library_dir() == ROOT / "libraries"


def test_default_library_is_cached_and_reloadable(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    reset_default_library()
    try:
        lib = default_library()
        assert default_library() is lib
        write(tmp_path / "libraries", "mine.yaml", TERRAIN.replace("basic-ground", "my-ground"))
        assert default_library().terrain_set("my-ground") is None
        again = default_library(reload=True)
        assert again is not lib and again.terrain_set("my-ground") is not None
    finally:
        reset_default_library()


def test_bundled_library_loads_cleanly():
    if not any(bundled_library_dir().rglob("*.yaml")):
        pytest.skip("no bundled library files yet")
    lib = Library.load(bundled_library_dir())
    assert [d.format() for d in lib.diagnostics] == []


def test_load_any_file_folder_and_missing(tmp_path):
    path = write(tmp_path, "t.yaml", TERRAIN)
    assert load_any(path).terrain_set("basic-ground") is not None
    assert len(load_any(tmp_path)) == 1
    missing = load_any(tmp_path / "nothing")
    assert [d.code for d in missing.diagnostics] == ["read"]
