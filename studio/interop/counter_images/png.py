"""Counter faces as PNG images: drawn on reportlab's PDF canvas exactly as on the printed
sheets, then rasterised by PDFium (the PDF engine of Chromium, through ``pypdfium2``).

All faces go into one in-memory PDF, one page each, so fonts are embedded once and PDFium
opens one document for the lot.
"""
from __future__ import annotations

import io
from typing import Callable, Iterable, Iterator, Sequence

from reportlab.pdfgen.canvas import Canvas

from studio.export.counter_art import CounterPainter
from studio.export.counter_faces import CounterFace

from .options import CounterImageOptions


def faces_pdf(faces: Sequence[CounterFace], options: CounterImageOptions) -> bytes:
    """One page per face, each page the counter's cut square plus its bleed."""
    import studio.export  # noqa: F401 - sets reportlab's stream options for every export

    side = options.face_size
    out = io.BytesIO()
    c = Canvas(out, pagesize=(side, side), pageCompression=1)
    c.setCreator("Wargame Studio")
    painter = CounterPainter(c, options.counter_size, options.bleed)
    for face in faces:
        painter.draw(face, options.bleed, options.bleed)
        c.showPage()
    c.save()
    return out.getvalue()


def rasterise_pages(pdf: bytes, pixels: int, dpi: int,
                    each: Callable[[], None] | None = None) -> Iterator[bytes]:
    """PNG bytes of each page of ``pdf`` scaled to ``pixels`` wide, tagged with ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            # Scale so the page fills exactly `pixels` (PDFium rounds the bitmap size up).
            scale = (pixels - 1e-6) / page.get_width()
            image = page.render(scale=scale).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, "PNG", dpi=(dpi, dpi))
            page.close()
            yield buffer.getvalue()
            if each is not None:
                each()
    finally:
        document.close()


def png_images(faces: Iterable[CounterFace], options: CounterImageOptions,
               each: Callable[[], None] | None = None) -> list[bytes]:
    """PNG bytes of each face, in order; ``each()`` is called after every image (the
    exporter's progress and cancel check)."""
    faces = list(faces)
    if not faces:
        return []
    return list(rasterise_pages(faces_pdf(faces, options), options.pixels, options.dpi, each))
