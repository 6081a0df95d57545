"""One turning convention for every place a unit is turned (editor and play mode).

Steps count hexgrid direction indices, where + turns anticlockwise on screen. Q turns
anticlockwise and E clockwise, as the ⟲ / ⟳ arrows of the Turn buttons show; the wheel
turns clockwise when rolled away from you.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

ANTICLOCKWISE = +1
CLOCKWISE = -1
TURN_KEYS = {Qt.Key_Q: ANTICLOCKWISE, Qt.Key_E: CLOCKWISE}
ANTICLOCKWISE_ARROW = "⟲"
CLOCKWISE_ARROW = "⟳"


def wheel_turn(steps: float) -> int:
    """The turn for a wheel roll of `steps` notches (positive: away from you)."""
    return CLOCKWISE if steps > 0 else ANTICLOCKWISE
