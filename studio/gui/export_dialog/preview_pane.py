"""The right half of the Export dialog: page 1 as it will print, and a line saying how many
pages on which paper."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

DESK = "#6f747b"
PAD = 10


class PreviewPane(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pixmap = QPixmap()
        self._problem = False
        self.page = QLabel()
        self.page.setObjectName("export-preview-page")
        self.page.setAlignment(Qt.AlignCenter)
        self.page.setMinimumSize(340, 300)
        # Ignored: the scaled page must not push the layout to grow it further.
        self.page.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Ignored)
        self.page.setWordWrap(True)
        self.page.setStyleSheet(f"QLabel#export-preview-page {{ background: {DESK}; "
                                "color: white; }")
        self.info = QLabel()
        self.info.setObjectName("export-preview-info")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.state = QLabel()
        self.state.setObjectName("export-preview-state")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("<b>Preview</b> — page 1")
        layout.addWidget(self.title)
        layout.addWidget(self.page, 1)
        layout.addWidget(self.info)
        layout.addWidget(self.state)

    def set_title(self, pages: bool) -> None:
        """"page 1" for a PDF; other files show a small picture of what is written."""
        self.title.setText("<b>Preview</b> — page 1" if pages else "<b>Preview</b>")

    def pixmap(self) -> QPixmap:
        """Page 1 at full preview resolution (null when there is none)."""
        return self._pixmap

    def show_page(self, pixmap: QPixmap | None, info: str, note: str = "") -> None:
        self._pixmap = pixmap if pixmap is not None else QPixmap()
        self.info.setText(info)
        self.info.setStyleSheet("")
        self.state.setText("")
        self._problem = False
        if self._pixmap.isNull():
            self.page.setPixmap(QPixmap())
            self.page.setText(note or "No picture of the page")
        else:
            self.page.setText("")
            self._fit()

    def show_busy(self, text: str = "Updating the preview…") -> None:
        self.state.setText(text)
        if self._problem:
            self.info.setText("")
            self.info.setStyleSheet("")
            self._problem = False
        if self._pixmap.isNull():
            self.page.setText("Drawing page 1…")

    def show_paused(self) -> None:
        """An export is running; the preview is drawn again once it is done."""
        self.state.setText("")
        if self._pixmap.isNull() and not self._problem:
            self.page.setText("The preview waits while the PDF is written")

    def show_problem(self, message: str) -> None:
        """Options that do not fit together, or a scenario that cannot print."""
        self._pixmap = QPixmap()
        self.page.setPixmap(QPixmap())
        self.page.setText("No preview")
        self.info.setText(message)
        self.info.setStyleSheet("color: #b00020;")
        self.state.setText("")
        self._problem = True

    def _fit(self) -> None:
        if self._pixmap.isNull():
            return
        room = self.page.contentsRect().size() - QSize(2 * PAD, 2 * PAD)
        ratio = self.page.devicePixelRatioF()
        scaled = self._pixmap.scaled(room * ratio, Qt.KeepAspectRatio, Qt.SmoothTransformation)
        scaled.setDevicePixelRatio(ratio)
        self.page.setPixmap(scaled)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()
