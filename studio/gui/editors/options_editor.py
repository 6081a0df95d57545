"""The options of a ruleset file, as a form built from its game's options (the ruleset's
`option_form`: each option's kind, bounds, choices and help), so hidden or all-clear
set-up, zones of control or the morale threshold are set without editing YAML.

Like the other library editors: one undo step per change, live checks, bundled files open
read-only and are saved as a copy (a new id) into the user library. Tables (a combat chart,
a weapons list) stay in the file; the form says so.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel,
                               QLineEdit, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from studio.engine.contract import OptionField
from studio.rulesets import rules_named, system_of

from .editor_window import EditorWindow

SPIN_RANGE = 1_000_000


class RulesetOptionsEditor(EditorWindow):
    kind = "ruleset"
    title = "Ruleset options"

    def __init__(self, library: Any, model: Any, path: str | Path | None,
                 reload_library: Callable[[], Any] | None = None, parent=None) -> None:
        super().__init__(library, model, path, reload_library, parent)
        self.rules = rules_named(system_of(self.model))
        self.fields: tuple[OptionField, ...] = self.rules.option_form()
        self.widgets: dict[str, QWidget] = {}
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.read_only_banner)
        self.about = QLabel()
        self.about.setWordWrap(True)
        layout.addWidget(self.about)
        form = QFormLayout()
        # numbers and choices at their own width, not stretched across a wide window
        form.setFieldGrowthPolicy(QFormLayout.FieldsStayAtSizeHint)
        for f in self.fields:
            widget = self._widget(f)
            widget.setToolTip(f.tooltip or f.name)
            widget.setObjectName(f"option-{f.name}")
            self.widgets[f.name] = widget
            label = QLabel(f.title)
            label.setToolTip(f.tooltip or f.name)
            form.addRow(label, widget)
        layout.addLayout(form)
        tables = sorted(set(self.rules.option_names) - {f.name for f in self.fields})
        self.tables_note = QLabel(f"Edited in the file: {', '.join(tables)}." if tables else "")
        self.tables_note.setWordWrap(True)
        self.tables_note.setVisible(bool(tables))
        layout.addWidget(self.tables_note)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setCentralWidget(scroll)
        self.modelChanged.connect(self.show_model)
        self.show_model()
        self.finish_setup()
        self.resize(560, 720)

    @classmethod
    def open_id(cls, library: Any, ruleset_id: str, **kwargs) -> "RulesetOptionsEditor":
        """The library's ruleset file `ruleset_id` (read-only when bundled)."""
        doc = library.document("ruleset", ruleset_id)
        if doc is None or doc.model is None:
            raise ValueError(f"ruleset {ruleset_id!r} is not in the library or did not load")
        return cls(library, doc.model, doc.path, **kwargs)

    # -- the form ------------------------------------------------------------------------

    def _widget(self, f: OptionField) -> QWidget:
        if f.kind == "bool":
            box = QCheckBox()
            box.toggled.connect(lambda on, name=f.name: self.set_option(name, bool(on)))
            return box
        if f.kind == "choice":
            combo = QComboBox()
            combo.addItems(list(f.choices))
            combo.activated.connect(
                lambda i, name=f.name, c=combo: self.set_option(name, c.itemText(i)))
            return combo
        if f.kind == "int":
            spin = QSpinBox()
            spin.setRange(int(f.low) if f.low is not None else -SPIN_RANGE,
                          int(f.high) if f.high is not None else SPIN_RANGE)
            spin.editingFinished.connect(
                lambda name=f.name, s=spin: self.set_option(name, s.value()))
            return spin
        if f.kind == "float":
            spin = QDoubleSpinBox()
            spin.setDecimals(2)
            spin.setSingleStep(0.05)
            spin.setRange(f.low if f.low is not None else -SPIN_RANGE,
                          f.high if f.high is not None else SPIN_RANGE)
            spin.editingFinished.connect(
                lambda name=f.name, s=spin: self.set_option(name, round(s.value(), 4)))
            return spin
        line = QLineEdit()
        line.editingFinished.connect(lambda name=f.name, e=line: self.set_option(name, e.text()))
        return line

    def value(self, f: OptionField) -> Any:
        """The option as the file has it, else the game's default."""
        return self.model.options.get(f.name, f.default)

    def show_model(self) -> None:
        self.about.setText(f"Options of the ruleset file {self.model.id!r} for "
                           f"{self.rules.name}. Scenarios naming this ruleset play by them.")
        for f in self.fields:
            widget, value = self.widgets[f.name], self.value(f)
            widget.blockSignals(True)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(0, widget.findText(str(value))))
            elif isinstance(widget, (QSpinBox, QDoubleSpinBox)) and value is not None:
                widget.setValue(value)
            elif isinstance(widget, QLineEdit):
                widget.setText("" if value is None else str(value))
            widget.blockSignals(False)

    def set_editable(self, editable: bool) -> None:
        for widget in self.widgets.values():
            widget.setEnabled(editable)

    # -- editing -------------------------------------------------------------------------

    def set_option(self, name: str, value: Any) -> bool:
        """Set option `name` (one undo step); an unchanged value pushes nothing."""
        field = next(f for f in self.fields if f.name == name)

        def mutate(model) -> None:
            options = dict(model.options)
            options[name] = value
            model.options = options

        changed = self.edit(f"Set {field.title.lower()} to {value}", mutate)
        if not changed:
            self.show_model()          # a refused edit puts the widget back
        return changed
