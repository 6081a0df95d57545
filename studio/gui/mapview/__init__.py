"""The map view widget and the painting code it shares with `studio render`."""
from .metrics import BASE_HEX_SIZE, MapMetrics
from .style import MapStyle, TerrainPalette
from .view import MapMouseEvent, MapView, MapWheelEvent

__all__ = ["BASE_HEX_SIZE", "MapMetrics", "MapStyle", "TerrainPalette", "MapMouseEvent",
           "MapView", "MapWheelEvent"]
