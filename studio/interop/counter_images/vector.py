"""Counter faces as SVG: the printed artwork recorded through :class:`ShapeCanvas` and
written at the counter's true size in millimetres, letters as outlines."""
from __future__ import annotations

from typing import Callable, Iterable

from studio.export.counter_art import CounterPainter
from studio.export.counter_faces import CounterFace

from .options import CounterImageOptions
from .shape_canvas import ShapeCanvas
from .svg import svg_text


def face_drawing(face: CounterFace, options: CounterImageOptions):
    """The face as a reportlab Drawing of ``face_size`` points square."""
    canvas = ShapeCanvas(options.face_size, options.face_size)
    CounterPainter(canvas, options.counter_size, options.bleed, use_forms=False).draw(
        face, options.bleed, options.bleed)
    return canvas.drawing()


def svg_images(faces: Iterable[CounterFace], options: CounterImageOptions,
               each: Callable[[], None] | None = None) -> list[bytes]:
    out = []
    for face in faces:
        title = " ".join(t for t in (face.name, face.band or "") if t)
        out.append(svg_text(face_drawing(face, options), title).encode("utf-8"))
        if each is not None:
            each()
    return out
