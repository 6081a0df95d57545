"""Editing tools of the map view and the controller that switches between them."""
from ..mapview import refcount_guard  # noqa: F401  (first: see its docstring)
from .base import Tool
from .controller import TOOL_CLASSES, ToolController

__all__ = ["Tool", "ToolController", "TOOL_CLASSES"]
