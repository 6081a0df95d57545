"""The right half of the Export dialog: the pages as they will print, one at a time (page
through them with the arrows, PgUp/PgDn or Home/End; zoom in to read a counter), and a line
saying how many pages on which paper."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

DESK = "#6f747b"
PAD = 10
ZOOMS = (1.0, 1.5, 2.0, 3.0, 4.0)     # times the size that fits the pane


class PreviewPane(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pixmaps: list[QPixmap] = []
        self._total = 0                 # pages of the whole export (more than drawn: a big map)
        self._index = 0
        self._zoom = 0                  # index in ZOOMS; 0 fits the page to the pane
        self._problem = False
        self.page = QLabel()
        self.page.setObjectName("export-preview-page")
        self.page.setAlignment(Qt.AlignCenter)
        # Ignored: the scaled page must not push the layout to grow it further.
        self.page.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        self.page.setWordWrap(True)
        self.page.setStyleSheet(f"QLabel#export-preview-page {{ background: {DESK}; "
                                "color: white; }")
        self.scroll = QScrollArea()
        self.scroll.setObjectName("export-preview-scroll")
        self.scroll.setWidget(self.page)
        self.scroll.setWidgetResizable(True)
        self.scroll.setAlignment(Qt.AlignCenter)
        self.scroll.setMinimumSize(340, 300)
        self.scroll.setStyleSheet(f"QScrollArea#export-preview-scroll {{ background: {DESK}; }}")
        self.info = QLabel()
        self.info.setObjectName("export-preview-info")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.state = QLabel()
        self.state.setObjectName("export-preview-state")

        self.title = QLabel("<b>Preview</b>")
        self.first_button = self._button("◀◀", "First page (Home)")
        self.prev_button = self._button("◀", "Previous page (Page Up)")
        self.page_label = QLabel()
        self.page_label.setObjectName("export-preview-page-number")
        self.next_button = self._button("▶", "Next page (Page Down)")
        self.last_button = self._button("▶▶", "Last page (End)")
        self.zoom_out_button = self._button("−", "Zoom out (-)")
        self.zoom_label = QLabel()
        self.zoom_in_button = self._button("+", "Zoom in (+)")
        self.fit_button = self._button("Fit", "The whole page (0)")
        for button, slot in ((self.first_button, lambda: self.go_to(0)),
                             (self.prev_button, lambda: self.go_to(self._index - 1)),
                             (self.next_button, lambda: self.go_to(self._index + 1)),
                             (self.last_button, lambda: self.go_to(len(self._pixmaps) - 1)),
                             (self.zoom_in_button, lambda: self.set_zoom(self._zoom + 1)),
                             (self.zoom_out_button, lambda: self.set_zoom(self._zoom - 1)),
                             (self.fit_button, lambda: self.set_zoom(0))):
            button.clicked.connect(slot)
        for keys, slot in ((("PgUp", "Left"), lambda: self.go_to(self._index - 1)),
                           (("PgDown", "Right"), lambda: self.go_to(self._index + 1)),
                           (("Home",), lambda: self.go_to(0)),
                           (("End",), lambda: self.go_to(len(self._pixmaps) - 1)),
                           (("+", "="), lambda: self.set_zoom(self._zoom + 1)),
                           (("-",), lambda: self.set_zoom(self._zoom - 1)),
                           (("0",), lambda: self.set_zoom(0))):
            for key in keys:
                QShortcut(QKeySequence(key), self.scroll, slot,
                          context=Qt.WidgetWithChildrenShortcut)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.title)
        bar.addStretch(1)
        for w in (self.first_button, self.prev_button, self.page_label, self.next_button,
                  self.last_button):
            bar.addWidget(w)
        bar.addSpacing(12)
        for w in (self.zoom_out_button, self.zoom_label, self.zoom_in_button, self.fit_button):
            bar.addWidget(w)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.info)
        layout.addWidget(self.state)
        self._update_controls()

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        return button

    # -- what the dialog calls --------------------------------------------------------------

    def set_title(self, pages: bool) -> None:
        """Pages to turn for a PDF; other files show one small picture of what is written
        (no paging then)."""
        for w in (self.first_button, self.prev_button, self.page_label, self.next_button,
                  self.last_button):
            w.setVisible(pages)

    def pixmap(self) -> QPixmap:
        """The page shown, at full preview resolution (null when there is none)."""
        return self._pixmaps[self._index] if self._pixmaps else QPixmap()

    def page_count(self) -> int:
        """Pages that can be paged through (a large map's preview draws its first ones)."""
        return len(self._pixmaps)

    def current_page(self) -> int:
        """The page shown, from 1 (0 when there is none)."""
        return self._index + 1 if self._pixmaps else 0

    def show_pages(self, pixmaps: list[QPixmap], info: str, note: str = "",
                   total: int | None = None) -> None:
        """Show the pages (page 1 first, the zoom kept), or `note` when there are none.
        `total`: the pages of the whole export, when only the first ones were drawn."""
        self._pixmaps = [p for p in pixmaps if p is not None and not p.isNull()]
        self._total = max(total or 0, len(self._pixmaps))
        self._index = 0
        self.info.setText(info)
        self.info.setStyleSheet("")
        self.state.setText("")
        self._problem = False
        if not self._pixmaps:
            self.page.setPixmap(QPixmap())
            self.page.setText(note or "No picture of the page")
        else:
            self.page.setText("")
            self._fit()
        self._update_controls()

    def show_page(self, pixmap: QPixmap | None, info: str, note: str = "") -> None:
        """One page only (the dialog's older call)."""
        self.show_pages([pixmap] if pixmap is not None else [], info, note)

    def show_busy(self, text: str = "Updating the preview…") -> None:
        self.state.setText(text)
        if self._problem:
            self.info.setText("")
            self.info.setStyleSheet("")
            self._problem = False
        if not self._pixmaps:
            self.page.setText("Drawing the pages…")

    def show_paused(self) -> None:
        """An export is running; the preview is drawn again once it is done."""
        self.state.setText("")
        if not self._pixmaps and not self._problem:
            self.page.setText("The preview waits while the PDF is written")

    def show_problem(self, message: str) -> None:
        """Options that do not fit together, or a scenario that cannot print."""
        self._pixmaps = []
        self.page.setPixmap(QPixmap())
        self.page.setText("No preview")
        self.info.setText(message)
        self.info.setStyleSheet("color: #b00020;")
        self.state.setText("")
        self._problem = True
        self._update_controls()

    # -- paging and zoom --------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        """Show page `index` (from 0; clamped to the pages there are)."""
        if not self._pixmaps:
            return
        index = max(0, min(len(self._pixmaps) - 1, index))
        if index != self._index:
            self._index = index
            self._fit()
            self._update_controls()

    def set_zoom(self, step: int) -> None:
        """Zoom step: 0 fits the page to the pane, each step above enlarges it (scroll)."""
        step = max(0, min(len(ZOOMS) - 1, step))
        if step != self._zoom:
            self._zoom = step
            self._fit()
            self._update_controls()

    def zoom(self) -> float:
        """The zoom relative to the page fitted to the pane."""
        return ZOOMS[self._zoom]

    def _update_controls(self) -> None:
        n = len(self._pixmaps)
        if not n:
            self.page_label.setText("no pages")
        elif self._total > n:
            self.page_label.setText(f"page {self._index + 1} of {self._total} "
                                    f"(the first {n} drawn)")
        else:
            self.page_label.setText(f"page {self._index + 1} of {n}")
        self.first_button.setEnabled(self._index > 0)
        self.prev_button.setEnabled(self._index > 0)
        self.next_button.setEnabled(self._index < n - 1)
        self.last_button.setEnabled(self._index < n - 1)
        self.zoom_in_button.setEnabled(bool(n) and self._zoom < len(ZOOMS) - 1)
        self.zoom_out_button.setEnabled(self._zoom > 0)
        self.fit_button.setEnabled(self._zoom > 0)
        self.zoom_label.setText(f"{ZOOMS[self._zoom] * 100:.0f}%")

    def _fit(self) -> None:
        if not self._pixmaps:
            return
        pixmap = self._pixmaps[self._index]
        room = self.scroll.viewport().size() - QSize(2 * PAD, 2 * PAD)
        room = room.expandedTo(QSize(40, 40)) * ZOOMS[self._zoom]
        ratio = self.page.devicePixelRatioF()
        scaled = pixmap.scaled(room * ratio, Qt.KeepAspectRatio, Qt.SmoothTransformation)
        scaled.setDevicePixelRatio(ratio)
        self.page.setPixmap(scaled)
        # Fitted, the page follows the pane; zoomed, it is larger than the pane and scrolls.
        self.scroll.setWidgetResizable(self._zoom == 0)
        if self._zoom:
            self.page.resize(scaled.size() / ratio + QSize(2 * PAD, 2 * PAD))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()
