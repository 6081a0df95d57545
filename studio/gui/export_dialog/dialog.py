"""File ▸ Export…: counter sheets, playsheets and the map as PDF, with a live preview; and
for other tools a VASSAL module, a Tiled map, counter images and the map as a PNG or SVG image.

Each tab builds a request from its widgets: an ExportRequest (PDF) or a FilesRequest (the
other files). A change of options waits PREVIEW_DELAY_MS for more changes, then a worker
draws the preview: the pages of the whole PDF rendered to a temporary folder (pdftoppm),
or a small picture of the other files. Export runs the same request on the worker into the
chosen place, with progress and Cancel; the GUI thread only ever waits on nothing.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QPixmap
from PySide6.QtWidgets import (QDialog, QFileDialog, QHBoxLayout, QLabel, QLineEdit,
                               QProgressBar, QPushButton, QTabWidget, QVBoxLayout, QWidget)

from studio.export.marker_plan import game_marker_kinds
from studio.model import Scenario
from studio.rulesets import rules_for

from .calibration_tab import CalibrationTab
from .counter_images_tab import CounterImagesTab
from .counters_tab import CountersTab
from .errors import error_text
from .files_request import FilesRequest, Written
from .map_image_tab import MapImageTab
from .map_tab import MapTab
from .paths import as_output_path, default_output
from .playsheet_tab import PlaysheetTab
from .preview_pane import PreviewPane
from .raster import page_pngs, pdftoppm
from .request import ExportRequest, export_to
from .snapshot import ScenarioSnapshot
from .summary import count, describe
from .tiled_tab import TiledTab
from .vassal_tab import VassalTab
from .worker import JobRunner, Outcome
from ..screen_fit import fit_to_screen

PREVIEW_DELAY_MS = 500
PROGRESS_UNITS = {"counters": "pages", "map": "pages", "playsheet": "sides",
                  "calibration": "pages", "vassal": "steps"}    # what each counts
DONE_UNITS = {"vassal": "counter"}                  # what an export's result counts: pages
BROWSE_FILTERS = {"tiled": "Tiled maps (*.tmx)", "map-image": "Images (*.png *.svg)",
                  "vassal": "VASSAL modules (*.vmod)"}
CLOSE_WAIT_MS = 30000
NO_PDFTOPPM = ("Install poppler-utils (it provides pdftoppm) to see the pages here; the PDF "
               "itself does not need it.")
ERROR_STYLE = "color: #b00020;"
PRINT_HINT = "Print the PDFs at 100 % (actual size): “fit to page” shrinks counters and hexes."
HINTS = {"tiled": "Keep the .tsx and the -tiles.png beside the .tmx: Tiled reads them from "
                  "there.",
         "counter-images": "Files go into the folder, one per counter face, named "
                           "<side>_<unit>_front and _back.",
         "map-image": "A true-scale SVG prints each hex at the width given when printed at "
                      "100 %."}


@dataclass(slots=True)
class PreviewResult:
    pages: int
    pngs: list[str]             # the preview's pages, in order (none without pdftoppm)
    info: str
    note: str = ""


class ExportDialog(QDialog):
    """Export `scenario` (a snapshot taken now; later edits are not seen). `source_path`
    is the scenario's file, next to which the PDFs go by default (else `documents`, the
    user's documents folder)."""

    exportFinished = Signal(str)        # "done", "cancelled" or "failed"
    previewUpdated = Signal()

    def __init__(self, scenario: Scenario, library: Any, source_path: str | Path | None = None,
                 parent: QWidget | None = None, *, preview_delay_ms: int = PREVIEW_DELAY_MS,
                 documents: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export-dialog")
        self.library = library
        source = Path(source_path) if source_path is not None else None
        self.snapshot = ScenarioSnapshot(scenario, str(source) if source else None)
        self.setWindowTitle(f"Export — {self.snapshot.name}")
        self.runner = JobRunner(self)
        self.runner.progress.connect(self._job_progress)
        self.runner.finished.connect(self._job_finished)
        app = QCoreApplication.instance()
        if app is not None:     # quitting with the dialog open must not wait for a whole PDF
            app.aboutToQuit.connect(self.runner.cancel_all)

        self.counters_tab = CountersTab(self.snapshot.sides,
                                        marker_kinds=_marker_kinds(scenario, library))
        self.playsheet_tab = PlaysheetTab(self.snapshot.sides)
        self.map_tab = MapTab(self.snapshot.name)
        self.calibration_tab = CalibrationTab()
        self.vassal_tab = VassalTab()
        self.tiled_tab = TiledTab()
        self.counter_images_tab = CounterImagesTab(self.snapshot.sides)
        self.map_image_tab = MapImageTab()
        self.option_tabs = (self.counters_tab, self.playsheet_tab, self.map_tab,
                            self.calibration_tab, self.vassal_tab, self.tiled_tab,
                            self.counter_images_tab, self.map_image_tab)
        self.tabs = QTabWidget()
        for tab in self.option_tabs:
            self.tabs.addTab(tab, tab.title)
            tab.changed.connect(self._options_changed)
        self._paths = {tab.kind: str(default_output(self.snapshot.id, tab.kind, source, documents))
                       for tab in self.option_tabs}

        self.path_edit = QLineEdit(self._paths["counters"])
        self.path_edit.setObjectName("export-path")
        self.path_edit.textEdited.connect(self._path_edited)
        self.browse_button = QPushButton("Browse…")
        self.browse_button.clicked.connect(self.browse)
        self.preview = PreviewPane()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        self.status = QLabel(PRINT_HINT)
        self.status.setObjectName("export-status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.open_folder_button = QPushButton("Open folder")
        self.open_folder_button.setVisible(False)
        self.open_folder_button.clicked.connect(self.open_folder)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_export)
        self.export_button = QPushButton("Export")
        self.export_button.clicked.connect(self.export)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        for button in (self.browse_button, self.open_folder_button, self.cancel_button,
                       self.export_button, self.close_button):
            button.setAutoDefault(False)    # Enter in a number field must not start an export
        self._layout()

        self._preview_job: int | None = None
        self._preview_dir: tempfile.TemporaryDirectory | None = None
        self._preview_serial = 0
        self._preview_cache: dict[str, tuple[ExportRequest, PreviewResult, list[QPixmap]]] = {}
        self._export_job: int | None = None
        self._export_target: Path | None = None
        self.last_request: ExportRequest | None = None
        self.saved_path: Path | None = None
        self.last_pages: int | None = None
        self._preview_request: ExportRequest | None = None
        self.preview_timer = QTimer(self)
        self.preview_timer.setSingleShot(True)
        self.preview_timer.setInterval(preview_delay_ms)
        self.preview_timer.timeout.connect(self.refresh_preview)
        self.tabs.currentChanged.connect(self._kind_changed)
        fit_to_screen(self, 1080, 740)
        self._options_changed()

    def _layout(self) -> None:
        path_row = QHBoxLayout()
        path_row.addWidget(QLabel("Save as"))
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(self.browse_button)
        left = QVBoxLayout()
        left.addWidget(self.tabs, 1)
        left.addLayout(path_row)
        top = QHBoxLayout()
        top.addLayout(left, 5)
        top.addWidget(self.preview, 4)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_folder_button)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

    # -- which kind, where to ---------------------------------------------------------------

    def current_tab(self):
        return self.option_tabs[self.tabs.currentIndex()]

    def set_kind(self, kind: str) -> None:
        self.tabs.setCurrentIndex([t.kind for t in self.option_tabs].index(kind))

    def output_path(self) -> Path:
        """The file (a folder for counter images) the current tab exports to; ValueError
        when the field is empty or the options do not parse."""
        request = self.current_tab().request()
        if isinstance(request, FilesRequest):
            return request.target(self.path_edit.text())
        return as_output_path(self.path_edit.text(), self.current_tab().kind)

    def set_output_path(self, path: str | Path, kind: str | None = None) -> None:
        kind = kind or self.current_tab().kind
        self._paths[kind] = str(path)
        if kind == self.current_tab().kind:
            self.path_edit.setText(str(path))

    def _path_edited(self, text: str) -> None:
        self._paths[self.current_tab().kind] = text

    def _kind_changed(self, _index: int) -> None:
        kind = self.current_tab().kind
        self.path_edit.setText(self._paths[kind])
        if self._export_job is None and self.status.text() in (PRINT_HINT, *HINTS.values()):
            self._say(HINTS.get(kind, PRINT_HINT))
        self._options_changed()

    def browse(self) -> None:
        kind = self.current_tab().kind
        if kind == "counter-images":
            path = QFileDialog.getExistingDirectory(self, "Put the counter images in",
                                                    self.path_edit.text())
            if path:
                self.set_output_path(path, kind)
            return
        what = self.current_tab().title.lower() if kind in BROWSE_FILTERS else kind
        path, _ = QFileDialog.getSaveFileName(
            self, f"Export the {what} as", self.path_edit.text(),
            BROWSE_FILTERS.get(kind, "PDF files (*.pdf)") + ";;All files (*)")
        if path:
            self.set_output_path(path, kind)
            try:
                self.set_output_path(str(self.output_path()), kind)
            except ValueError:
                pass

    # -- preview ----------------------------------------------------------------------------

    def _options_changed(self, *_args) -> None:
        try:
            request = self.current_tab().request()
            if isinstance(request, FilesRequest) and request.suffix():
                self._match_suffix(request)
        except ValueError as err:
            self.preview_timer.stop()
            self._cancel_preview()
            self.preview.show_problem(error_text(err))
            self.export_button.setEnabled(False)
            self.previewUpdated.emit()
            return
        self.export_button.setEnabled(self._export_job is None)
        cached = self._preview_cache.get(request.kind)
        if cached is not None and cached[0] == request:
            self.preview_timer.stop()
            self._cancel_preview()
            self.preview.show_pages(cached[2], cached[1].info, cached[1].note, cached[1].pages)
            self.previewUpdated.emit()
            return
        self.preview.show_busy()
        self.preview_timer.start()

    def _match_suffix(self, request: FilesRequest) -> None:
        """A map image's file name follows the chosen format (map.png <-> map.svg)."""
        text = self.path_edit.text().strip()
        if text and Path(text).suffix.lower() in (".png", ".svg") and \
                Path(text).suffix.lower() != request.suffix():
            self.set_output_path(str(Path(text).with_suffix(request.suffix())), request.kind)

    def preview_idle(self) -> bool:
        """No preview waiting or being drawn (tests wait for this)."""
        return not self.preview_timer.isActive() and self._preview_job is None

    def refresh_preview(self) -> None:
        """Draw the pages of the current tab's PDF now (on the worker)."""
        self.preview_timer.stop()
        if self._export_job is not None:
            return
        try:
            request = self.current_tab().request()
        except ValueError as err:
            self.preview.show_problem(error_text(err))
            return
        self._cancel_preview()
        self._preview_serial += 1
        stem = self._preview_folder() / f"{request.kind}-{self._preview_serial}"
        snapshot, library = self.snapshot, self.library
        self.preview.set_title(request.kind in PROGRESS_UNITS)

        def work(progress, cancel) -> PreviewResult:
            scenario = snapshot.model(library)
            if isinstance(request, FilesRequest):
                folder = stem.with_name(stem.name + "-files")
                folder.mkdir()
                png, info, note = request.preview(scenario, library, folder, progress, cancel)
                return PreviewResult(0, [str(png)] if png else [], info, note)
            pdf = stem.with_suffix(".pdf")
            pages = request.write(scenario, library, pdf, progress, cancel, preview=True)
            note = ""
            try:
                pngs = page_pngs(pdf, stem) if pdftoppm() else None
                if pngs is None:
                    note = NO_PDFTOPPM
            except RuntimeError as err:
                pngs, note = None, str(err)
            finally:
                _remove(pdf)
            return PreviewResult(pages, [str(p) for p in pngs or ()],
                                 describe(request, scenario, pages, library), note)

        self._preview_job, _ = self.runner.start(work)
        self._preview_request = request
        self.preview.show_busy()

    def _cancel_preview(self) -> None:
        if self._preview_job is not None:
            self.runner.cancel(self._preview_job)
            self._preview_job = None

    def _preview_folder(self) -> Path:
        if self._preview_dir is None:
            self._preview_dir = tempfile.TemporaryDirectory(prefix="studio-export-preview-")
        return Path(self._preview_dir.name)

    def _preview_done(self, outcome: Outcome) -> None:
        self._preview_job = None
        if outcome.cancelled:
            return
        if outcome.error is not None:
            self.preview.show_problem(error_text(outcome.error))
        else:
            result: PreviewResult = outcome.value
            pixmaps = [QPixmap(png) for png in result.pngs]
            for png in result.pngs:
                _remove(png)
            self.preview.show_pages(pixmaps, result.info, result.note, result.pages)
            request = self._preview_request
            self._preview_cache[request.kind] = (request, result, pixmaps)
        self.previewUpdated.emit()

    # -- export -----------------------------------------------------------------------------

    def is_exporting(self) -> bool:
        return self._export_job is not None

    def export(self) -> bool:
        """Start writing the current tab's PDF; False (with the reason shown) when the
        options or the path are not usable."""
        if self._export_job is not None:
            return False
        try:
            request = self.current_tab().request()
            target = self.output_path()
        except ValueError as err:
            self._say(error_text(err), error=True)
            return False
        self.preview_timer.stop()
        self._cancel_preview()
        self.preview.show_paused()
        self.last_request, self._export_target, self.saved_path = request, target, None
        snapshot, library = self.snapshot, self.library

        def work(progress, cancel) -> int | Written:
            scenario = snapshot.model(library)
            if isinstance(request, FilesRequest):
                return request.write(scenario, library, target, progress, cancel)
            return export_to(request, scenario, library, target, progress, cancel)

        self._export_job, _ = self.runner.start(work)
        self._set_busy(True)
        self.progress.setRange(0, 0)        # busy until the first page reports its total
        self.progress.setTextVisible(False)
        self._say(f"Exporting the {request.kind} to {target}…")
        return True

    def cancel_export(self) -> None:
        if self._export_job is not None:
            self.runner.cancel(self._export_job)
            self.cancel_button.setEnabled(False)
            self._say("Cancelling…")

    def _set_busy(self, busy: bool) -> None:
        for widget in (self.tabs, self.path_edit, self.browse_button, self.export_button):
            widget.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.open_folder_button.setVisible(False if busy else self.saved_path is not None)

    def _job_progress(self, job_id: int, done: int, total: int, message: str) -> None:
        if job_id == self._preview_job and total > 1:
            # The whole PDF is written to show its page 1: say so when that takes a while.
            self.preview.show_busy(f"Updating the preview: {done} of {total} pages written…")
        if job_id != self._export_job:
            return
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.setFormat(f"%v / %m {PROGRESS_UNITS[self.last_request.kind]}"
                                if self.last_request.kind in PROGRESS_UNITS else "%p %")
        self.progress.setTextVisible(True)
        self._say(f"Exporting the {self.last_request.kind}: {message}")

    def _job_finished(self, job_id: int, outcome: Outcome) -> None:
        if job_id == self._export_job:
            self._export_done(outcome)
        elif job_id == self._preview_job:
            self._preview_done(outcome)
        elif outcome.value is not None and getattr(outcome.value, "pngs", None):
            for png in outcome.value.pngs:  # a preview overtaken by a newer one
                _remove(png)

    def _export_done(self, outcome: Outcome) -> None:
        self._export_job = None
        target = self._export_target
        if outcome.cancelled:
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
            self.progress.setTextVisible(False)
            kept = (" (what was there is unchanged)" if target.exists() else "")
            self._say(f"Cancelled: {target.name} was not written{kept}.")
            result = "cancelled"
        elif outcome.error is not None:
            self.progress.setRange(0, 1)
            self.progress.setValue(0)
            self.progress.setTextVisible(False)
            self._say(error_text(outcome.error, target), error=True)
            result = "failed"
        elif isinstance(outcome.value, Written):
            self.saved_path = target
            self.progress.setRange(0, 1)
            self.progress.setValue(1)
            self.progress.setFormat(f"{count(outcome.value.files, 'file')} written")
            self.progress.setTextVisible(True)
            self._say(outcome.value.summary)
            result = "done"
        else:
            self.saved_path = target
            self.last_pages = outcome.value
            self.progress.setRange(0, max(outcome.value, 1))
            self.progress.setValue(outcome.value)
            written = count(outcome.value, DONE_UNITS.get(self.last_request.kind, "page"))
            self.progress.setFormat(f"{written} written")
            self.progress.setTextVisible(True)
            self._say(f"Saved {written} to {target}")
            result = "done"
        self._set_busy(False)
        self._options_changed()             # re-enables Export if the options still parse
        self.exportFinished.emit(result)

    def open_folder(self) -> bool:
        if self.saved_path is None:
            return False
        folder = self.saved_path if self.saved_path.is_dir() else self.saved_path.parent
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self._say(f"Could not open the folder {self.saved_path.parent}; the file is "
                      f"{self.saved_path}.", error=True)
            return False
        return True

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(ERROR_STYLE if error else "")

    # -- closing ----------------------------------------------------------------------------

    def done(self, result: int) -> None:  # noqa: D401 - Qt's name
        """Closing stops the work: cancelled exporters stop within a page."""
        self.preview_timer.stop()
        self.runner.cancel_all()
        self.runner.wait(CLOSE_WAIT_MS)
        if self._preview_dir is not None:
            self._preview_dir.cleanup()
            self._preview_dir = None
        self._preview_cache.clear()
        super().done(result)


def _marker_kinds(scenario: Scenario, library: Any) -> tuple[str, ...]:
    """The marker kinds the scenario's game prints (every kind for a ruleset that does
    not say, or one the library does not know: exporting then reports it)."""
    try:
        return game_marker_kinds(rules_for(scenario, library))
    except ValueError:
        return game_marker_kinds(None)


def _remove(path: str | os.PathLike) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
