"""The board image: the printed map (studio.export's drawing) at the board's scale, as PNG.

The map is drawn once on a one-page PDF exactly the board's size, then PDFium rasterises it
in bands of rows that go straight into a PNG stream: a 200x200 map's board is over a
hundred million pixels, and no band holds more than BAND_BYTES of them.
"""
from __future__ import annotations

import io
from typing import BinaryIO, Callable

from reportlab.pdfgen.canvas import Canvas

from studio.export.map_sheet import draw_whole_map
from studio.export.options import MapOptions
from studio.model import Scenario
from studio.export.png import PngWriter

from .grid import BoardGrid

BAND_BYTES = 32 << 20     # pixels rendered at once: PDFium reads the whole page per band


def band_rows(width: int) -> int:
    """Rows per band: as many as fit in BAND_BYTES of RGB pixels (at least 64)."""
    return max(64, BAND_BYTES // (3 * width))


def board_pdf(scenario: Scenario, library, grid: BoardGrid, options: MapOptions) -> bytes:
    """One page of the board's size in points (pixels / scale), the map placed so that
    every hex centre falls where ``grid`` says."""
    import studio.export  # noqa: F401 - sets reportlab's stream options for every export

    width, height = grid.width / grid.scale, grid.height / grid.scale
    out = io.BytesIO()
    c = Canvas(out, pagesize=(width, height), pageCompression=1)
    c.setCreator("Wargame Studio")
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    draw_whole_map(c, scenario, library, options, grid.corner[0] / grid.scale,
                   height - grid.corner[1] / grid.scale)
    c.showPage()
    c.save()
    return out.getvalue()


def write_board_png(pdf: bytes, grid: BoardGrid, out: BinaryIO, level: int,
                    each_band: Callable[[int, int], None] | None = None) -> None:
    """Rasterise the board PDF into ``out`` as an RGB PNG of ``grid.width`` x
    ``grid.height`` pixels; ``each_band(rows_done, rows)`` follows the work (and may raise
    to cancel it)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    width, height = grid.width, grid.height
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        step = band_rows(width)
        with PngWriter(out, width, height, level=level, dpi=grid.scale * 72) as png:
            for top in range(0, height, step):
                rows = min(step, height - top)
                bitmap = pdfium.PdfBitmap.new_native(width, rows, pdfium_c.FPDFBitmap_BGR,
                                                     rev_byteorder=True)
                bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, rows)
                # The whole page is laid out at width x height pixels and shifted up by
                # `top`, so bands meet exactly (whole pixels, no rounding between them).
                pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0,
                                               pdfium_c.FPDF_REVERSE_BYTE_ORDER
                                               | pdfium_c.FPDF_ANNOT)
                png.write_rows(bitmap.buffer, bitmap.stride)
                bitmap.close()
                if each_band is not None:
                    each_band(top + rows, height)
        page.close()
    finally:
        document.close()
