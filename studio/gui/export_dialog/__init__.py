"""File ▸ Export…: the dialog that prints counter sheets, playsheets and maps (studio.export)
with a live preview, off the GUI thread."""
from .dialog import ExportDialog
from .request import ExportRequest, export_to

__all__ = ["ExportDialog", "ExportRequest", "export_to"]
