"""Dialogs of the main window: new scenario, resize map, questions, keyboard shortcuts."""
