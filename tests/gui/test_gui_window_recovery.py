"""Never lose work: autosave to the recovery folder, the offer to restore at start-up, and the
recovery file going away on a clean save or a normal close."""
import os
import time

from PySide6.QtWidgets import QMessageBox

from studio.gui.autosave import (find_recovery, read_recovery, recovery_dir, recovery_path,
                                 recovery_text)
from studio.io import load_file, load_text
from studio.io.samples import sample_scenario_path


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


def test_recovery_files_live_in_the_studio_home(home, sample_copy):
    assert recovery_dir() == home / "recovery"
    assert recovery_path(sample_copy).parent == home / "recovery"
    assert recovery_path(sample_copy) != recovery_path(sample_copy.with_name("other.yaml"))
    assert recovery_path(None).name == "untitled.yaml"


def test_autosave_writes_the_modified_scenario_periodically(make_window, qtbot, home,
                                                            sample_copy):
    w = make_window(sample_copy, show=False, autosave_seconds=0.05)
    target = recovery_path(sample_copy)
    time.sleep(0.1)
    qtbot.wait(120)
    assert not target.exists()                    # nothing to save while unmodified
    w.doc.set_field("name", "Autosaved name")
    qtbot.waitUntil(target.exists, timeout=3000)
    recorded, text = read_recovery(target)
    assert recorded == sample_copy.resolve() or recorded == sample_copy
    assert load_text(text).model == w.doc.model
    assert load_file(sample_copy).model.name == "Marathon, 490 BC"   # the file itself untouched


def test_a_clean_save_removes_the_recovery_file(make_window, home, sample_copy):
    w = make_window(sample_copy, show=False)
    w.doc.set_field("name", "Saved soon")
    target = w.autosaver.save_now()
    assert target.exists()
    assert w.save()
    assert not target.exists()


def test_a_normal_close_removes_the_recovery_file(make_window, home, sample_copy):
    w = make_window(sample_copy, show=False)
    w.doc.set_field("name", "Dropped")
    target = w.autosaver.save_now()
    assert w.close()                              # the question answers Discard
    assert not target.exists()


def test_start_offers_the_recovery_and_restores_it(make_window, home, sample_copy, monkeypatch):
    asked = []

    def question(parent, title, text, *rest):
        asked.append(title)
        return QMessageBox.Yes
    monkeypatch.setattr(QMessageBox, "question", question)
    target = crashed_copy(sample_copy)
    w = make_window(sample_copy, show=False)
    assert asked == ["Recover unsaved work"]
    assert w.doc.model.name == "Marathon after the crash"
    assert w.doc.path == sample_copy
    assert w.isWindowModified()                   # restored work is not in the file yet
    assert load_file(sample_copy).model.name == "Marathon, 490 BC"
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    assert w.save()
    assert load_file(sample_copy).model.name == "Marathon after the crash"
    assert not target.exists()


def test_the_environment_can_answer_the_offer(make_window, home, sample_copy, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "restore")
    crashed_copy(sample_copy, "Restored by setting")
    w = make_window(sample_copy, show=False)
    assert w.doc.model.name == "Restored by setting"


def test_declining_deletes_the_recovery_file(make_window, home, sample_copy, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "discard")
    target = crashed_copy(sample_copy)
    w = make_window(sample_copy, show=False)
    assert w.doc.model == load_file(sample_copy).model
    assert not w.isWindowModified()
    assert not target.exists()


def test_a_recovery_is_offered_whatever_the_files_times(make_window, home, sample_copy,
                                                       monkeypatch):
    """Issue 18 item 3: a sync tool, a checkout or `touch` makes the file newer than the
    copy a crash left: the copy is still offered, and closing never deletes it unseen."""
    target = crashed_copy(sample_copy)
    later = os.stat(target).st_mtime + 60
    os.utime(sample_copy, (later, later))
    assert find_recovery(sample_copy) == target
    asked = []

    def question(parent, title, text, *rest):
        asked.append(text)
        return QMessageBox.No if title == "Recover unsaved work" else QMessageBox.Discard
    monkeypatch.setattr(QMessageBox, "question", question)
    w = make_window(sample_copy, show=False)
    assert len(asked) == 1 and "different from the saved file" in asked[0]
    assert not target.exists()                    # deleted because the user said No


def test_a_copy_never_offered_survives_a_close(make_window, home, sample_copy, monkeypatch):
    target = crashed_copy(sample_copy)
    broken = "not a recovery file\n"               # unreadable: the offer shows an error
    target.write_text(broken, encoding="utf-8")
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "restore")
    errors = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: errors.append(a[1]))
    w = make_window(sample_copy, show=False)
    assert errors == ["Cannot restore"]
    w.doc.set_field("name", "Edited then dropped")
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    assert w.close()
    assert target.read_text(encoding="utf-8") == broken


def test_a_copy_equal_to_the_file_is_not_offered(home, sample_copy):
    target = crashed_copy(sample_copy, load_file(sample_copy).model.name)
    assert find_recovery(sample_copy) is None
    assert target.exists()


def test_unsaved_work_is_offered_when_the_studio_opens_untitled(make_window, home, monkeypatch):
    model = load_file(sample_scenario_path()).model
    model.name = "Never saved"
    target = recovery_path(None)
    target.parent.mkdir(parents=True)
    target.write_text(recovery_text(model, None), encoding="utf-8")
    monkeypatch.setenv("WARGAME_STUDIO_RECOVERY", "restore")
    w = make_window(None, show=False)             # the bundled sample opens untitled
    assert w.doc.path is None
    assert w.doc.model.name == "Never saved"
    assert w.isWindowModified()
