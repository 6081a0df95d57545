"""Never lose work: autosave to the recovery folder, the offer to restore at start-up, and the
recovery file going away on a clean save or a normal close."""
import os
import shutil
import time

import pytest
from PySide6.QtWidgets import QMessageBox

from studio.gui.autosave import (find_recovery, read_recovery, recovery_dir, recovery_path,
                                 recovery_text)
from studio.gui.main_window import MainWindow
from studio.io import default_library, load_file, load_text
from studio.samples import sample_scenario_path


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(folder))
    monkeypatch.delenv("WARGAME_STUDIO_RECOVERY", raising=False)
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    return folder


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "marathon.yaml"
    shutil.copy(sample_scenario_path(), path)
    return path


def make_window(qtbot, path, autosave_seconds=0.0):
    w = MainWindow(library=default_library(), autosave_seconds=autosave_seconds)
    qtbot.addWidget(w)
    w.start(path)
    return w


def crashed_copy(source, name="Marathon after the crash"):
    """Leave a recovery file for `source`, newer than it, as a crash would."""
    model = load_file(source).model
    model.name = name
    target = recovery_path(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(recovery_text(model, source), encoding="utf-8")
    later = os.stat(source).st_mtime + 5
    os.utime(target, (later, later))
    return target


def test_recovery_files_live_in_the_studio_home(home, source):
    assert recovery_dir() == home / "recovery"
    assert recovery_path(source).parent == home / "recovery"
    assert recovery_path(source) != recovery_path(source.with_name("other.yaml"))
    assert recovery_path(None).name == "untitled.yaml"


def test_autosave_writes_the_modified_scenario_periodically(qtbot, home, source):
    w = make_window(qtbot, source, autosave_seconds=0.05)
    target = recovery_path(source)
    time.sleep(0.1)
    qtbot.wait(120)
    assert not target.exists()                    # nothing to save while unmodified
    w.doc.set_field("name", "Autosaved name")
    qtbot.waitUntil(target.exists, timeout=3000)
    recorded, text = read_recovery(target)
    assert recorded == source.resolve() or recorded == source
    assert load_text(text).model == w.doc.model
    assert load_file(source).model.name == "Marathon, 490 BC"   # the file itself untouched


def test_a_clean_save_removes_the_recovery_file(qtbot, home, source):
    w = make_window(qtbot, source)
    w.doc.set_field("name", "Saved soon")
    target = w.autosaver.save_now()
    assert target.exists()
    assert w.save()
    assert not target.exists()


def test_a_normal_close_removes_the_recovery_file(qtbot, home, source):
    w = make_window(qtbot, source)
    w.doc.set_field("name", "Dropped")
    target = w.autosaver.save_now()
    assert w.close()                              # the question answers Discard
    assert not target.exists()


def test_start_offers_the_recovery_and_restores_it(qtbot, home, source, monkeypatch):
    asked = []

    def question(parent, title, text, *rest):
        asked.append(title)
        return QMessageBox.Yes
    monkeypatch.setattr(QMessageBox, "question", question)
    target = crashed_copy(source)
    w = make_window(qtbot, source)
    assert asked == ["Recover unsaved work"]
    assert w.doc.model.name == "Marathon after the crash"
    assert w.doc.path == source
    assert w.isWindowModified()                   # restored work is not in the file yet
    assert load_file(source).model.name == "Marathon, 490 BC"
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    assert w.save()
    assert load_file(source).model.name == "Marathon after the crash"
    assert not target.exists()


def test_the_environment_can_answer_the_offer(qtbot, home, source, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "restore")
    crashed_copy(source, "Restored by setting")
    w = make_window(qtbot, source)
    assert w.doc.model.name == "Restored by setting"


def test_declining_deletes_the_recovery_file(qtbot, home, source, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "discard")
    target = crashed_copy(source)
    w = make_window(qtbot, source)
    assert w.doc.model == load_file(source).model
    assert not w.isWindowModified()
    assert not target.exists()


def test_a_recovery_older_than_its_file_is_not_offered(qtbot, home, source):
    target = crashed_copy(source)
    earlier = os.stat(source).st_mtime - 60
    os.utime(target, (earlier, earlier))
    assert find_recovery(source) is None


def test_unsaved_work_is_offered_when_the_studio_opens_untitled(qtbot, home, monkeypatch):
    model = load_file(sample_scenario_path()).model
    model.name = "Never saved"
    target = recovery_path(None)
    target.parent.mkdir(parents=True)
    target.write_text(recovery_text(model, None), encoding="utf-8")
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "restore")
    w = make_window(qtbot, None)                  # the bundled sample opens untitled
    assert w.doc.path is None
    assert w.doc.model.name == "Never saved"
    assert w.isWindowModified()
