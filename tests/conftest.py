import os
import shutil

import pytest

# GUI tests drive the real widgets without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session", autouse=True)
def widgets_application():
    """One QApplication for the whole run, made before the first test. `studio render` makes
    a bare QGuiApplication when none exists, and a widget made after that aborts the
    process, so a widget test that happens to run after a render test would crash."""
    from PySide6.QtWidgets import QApplication
    return QApplication.instance() or QApplication([])


# The offscreen platform's only screen is 800×800; windows size themselves to the screen
# (studio.gui.screen_fit), so the tests get a desktop's instead: 1440×940 free of taskbars.
# A test of another screen patches availableGeometry again (tests/gui/test_screen_fit.py).
TEST_DESKTOP = (1440, 940)


@pytest.fixture(autouse=True)
def desktop_screen(monkeypatch):
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen
    area = QRect(0, 0, *TEST_DESKTOP)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: area)
    return area


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A studio home of the test's own (settings, recent files, recovery, user library), and
    Discard for every "save your changes?" question, so no test reads or writes the user's
    files and none waits on a dialog. A test module that needs other answers defines its own
    `home`; `make_window` then uses that one."""
    from PySide6.QtWidgets import QMessageBox

    folder = tmp_path / "home"
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(folder))
    monkeypatch.delenv("WARGAME_STUDIO_RECOVERY", raising=False)
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    return folder


@pytest.fixture
def sample_copy(tmp_path):
    """The Marathon sample copied into the test's folder: saving and exporting then write
    next to it, never into the repository's templates."""
    from studio.io.samples import sample_scenario_path

    target = tmp_path / "marathon.yaml"
    shutil.copy(sample_scenario_path(), target)
    return target


@pytest.fixture
def make_window(qtbot, home):
    """make_window(path=None, *, library=None, load=None, size=None, show=True,
    exposed=False, **options): a started main window, closed after the test.

    `path` is the scenario to start on (None: the bundled sample, unsaved); `load(window)`
    instead puts a document of the test's own in it. `size` is (width, height); `exposed`
    waits until the window is on the (offscreen) screen, which painting and key events need.
    `options` go to MainWindow; autosave is off unless a test turns it on."""
    from studio.gui.main_window import MainWindow
    from studio.io import default_library

    def make(path=None, *, library=None, load=None, size=None, show=True, exposed=False,
             **options):
        options.setdefault("autosave_seconds", 0)
        w = MainWindow(library=library if library is not None else default_library(), **options)
        qtbot.addWidget(w)
        if load is not None:
            load(w)
        else:
            w.start(path)
        if size is not None:
            w.resize(*size)
        if show:
            w.show()
        if exposed:
            qtbot.waitExposed(w)
        return w
    return make
