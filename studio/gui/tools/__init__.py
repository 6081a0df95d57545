"""Editing tools of the map view and the controller that switches between them."""
from .base import Tool
from .controller import TOOL_CLASSES, ToolController

__all__ = ["Tool", "ToolController", "TOOL_CLASSES"]
