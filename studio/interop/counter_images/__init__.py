"""One image per counter face, at the counter's true size: PNG at a chosen resolution or
SVG in millimetres, showing exactly what the printed counter sheets show.

    export_counter_images(roster_sources, folder, CounterImageOptions.parse(...),
                          progress=None, cancel=None) -> [file names]

PNG faces are drawn on reportlab's PDF canvas by ``studio.export.counter_art`` and
rasterised by PDFium; SVG faces are the same drawing calls recorded by
:class:`~.shape_canvas.ShapeCanvas` and written by reportlab's SVG renderer.
"""
from .catalogue import FaceImage, UnitFaces, face_images, marker_faces, unit_faces
from .export import export_counter_images, render_faces
from .options import FORMATS, CounterImageOptions

__all__ = ["export_counter_images", "render_faces", "CounterImageOptions", "FORMATS",
           "FaceImage", "UnitFaces", "face_images", "unit_faces", "marker_faces"]
