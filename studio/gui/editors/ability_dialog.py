"""Pick an ability from the catalogue and fill in its parameters, each with an editor of its
kind (a check box for yes/no, a field for numbers, tags or words), the catalogue's summary
and defaults shown alongside."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from studio.armies.ability_params import KIND_WORDS, format_param, make_ability, param_kind
from studio.model import Ability
from studio.rulesets import ability_catalogue

from .checked_dialog import CheckedDialog



class AbilityDialog(CheckedDialog):
    def __init__(self, ability: Ability | None = None, parent=None) -> None:
        super().__init__("Ability", 460, parent)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.name_combo = QComboBox()
        for name in sorted(ability_catalogue()):
            self.name_combo.addItem(name, name)
            self.name_combo.setItemData(self.name_combo.count() - 1, ability_catalogue()[name].summary,
                                        Qt.ToolTipRole)
        top.addRow("Ability", self.name_combo)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #444;")
        top.addRow("", self.summary)
        layout.addLayout(top)
        self.params_box = QWidget()
        self.params_form = QFormLayout(self.params_box)
        self.params_form.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.params_box)
        self.add_reason_and_buttons(layout)
        self.editors: dict[str, QWidget] = {}
        self.name_combo.currentIndexChanged.connect(lambda _i: self._show_params({}))
        start = ability.name if ability is not None and ability.name in ability_catalogue() else "charge"
        self.name_combo.blockSignals(True)
        self.name_combo.setCurrentIndex(self.name_combo.findData(start))
        self.name_combo.blockSignals(False)
        self._show_params(dict(ability.params) if ability is not None else {})

    def name(self) -> str:
        return self.name_combo.currentData()

    def set_name(self, name: str) -> None:
        self.name_combo.setCurrentIndex(self.name_combo.findData(name))

    def _show_params(self, values: dict) -> None:
        spec = ability_catalogue()[self.name()]
        self.summary.setText(spec.summary)
        while self.params_form.rowCount():
            self.params_form.removeRow(0)
        self.editors = {}
        if not spec.params:
            self.params_form.addRow(QLabel("This ability takes no parameters."))
        for key, default in spec.params.items():
            kind = param_kind(key, default)
            value = values.get(key, default)
            if kind == "bool":
                editor: QWidget = QCheckBox()
                editor.setChecked(bool(value))
            else:
                editor = QLineEdit(format_param(value))
                editor.setPlaceholderText("required" if default is None else
                                          f"default {format_param(default) or '(none)'}")
            editor.setToolTip(f"{KIND_WORDS[kind]}" + (
                "; required" if default is None else f"; default {format_param(default)!r}"))
            label = key + (" *" if default is None else "")
            self.params_form.addRow(label, editor)
            self.editors[key] = editor
        self.error.clear()

    def set_param(self, key: str, text: str | bool) -> None:
        editor = self.editors[key]
        if isinstance(editor, QCheckBox):
            editor.setChecked(bool(text))
        else:
            editor.setText(str(text))

    def values(self) -> dict:
        return {k: (e.isChecked() if isinstance(e, QCheckBox) else e.text())
                for k, e in self.editors.items()}

    def ability(self) -> Ability:
        """The ability as filled in; ValueError with the reason when a value is wrong."""
        return make_ability(self.name(), self.values())

    def build(self) -> Ability:
        return self.ability()


def ask_ability(parent, ability: Ability | None = None) -> Ability | None:
    return AbilityDialog(ability, parent).ask()


def ability_text(ability: Ability) -> str:
    if not ability.params:
        return ability.name
    return f"{ability.name} ({', '.join(f'{k}: {format_param(v)}' for k, v in ability.params.items())})"
