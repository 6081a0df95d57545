"""PNG files written a band of rows at a time, with a chosen zlib compression level.

Map renders and VASSAL boards are large flat-coloured pictures (a 200x200 map at 32 px is
over 100 million pixels). For them the usual writers spend most of their time choosing a
row filter and compressing at a high level; rows stored unfiltered at a low level come out
about as small (long runs of one colour compress well as they are) in a fraction of the
time. Rows are taken in bands, so a picture rendered in strips never has to be held whole.

>>> import io, zlib
>>> out = io.BytesIO()
>>> with PngWriter(out, 2, 1, level=1, dpi=72) as png:
...     png.write_rows(bytes([255, 0, 0, 0, 0, 255]))
>>> data = out.getvalue()
>>> data[:8] == PNG_SIGNATURE, b"pHYs" in data, data[-8:-4]
(True, True, b'IEND')
"""
from __future__ import annotations

import os
import struct
import zlib
from typing import BinaryIO

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DEFAULT_LEVEL = 3           # see benchmarks/bench_render.py: as small as Qt's default, 3x faster
IDAT_SIZE = 1 << 20         # compressed bytes gathered before an IDAT chunk is written


def _chunk(out: BinaryIO, tag: bytes, data: bytes) -> None:
    out.write(struct.pack(">I", len(data)))
    out.write(tag)
    out.write(data)
    out.write(struct.pack(">I", zlib.crc32(data, zlib.crc32(tag)) & 0xFFFFFFFF))


def check_level(level: int) -> int:
    if not isinstance(level, int) or not 0 <= level <= 9:
        raise ValueError(f"PNG compression {level!r} must be a whole number from 0 (fastest, "
                         "largest file) to 9 (slowest, smallest)")
    return level


class PngWriter:
    """An 8-bit RGB (or RGBA with ``alpha=True``) PNG of ``width`` x ``height`` pixels on an
    open binary file; rows arrive top to bottom through :meth:`write_rows`."""

    def __init__(self, out: BinaryIO, width: int, height: int, *, level: int = DEFAULT_LEVEL,
                 dpi: float | None = None, alpha: bool = False) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a PNG needs at least one pixel, not {width}x{height}")
        self.out = out
        self.width, self.height = width, height
        self.channels = 4 if alpha else 3
        self.row_bytes = width * self.channels
        self.rows_written = 0
        self._zip = zlib.compressobj(check_level(level))
        self._pending: list[bytes] = []
        self._pending_size = 0
        out.write(PNG_SIGNATURE)
        _chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
        if dpi:
            per_metre = round(dpi / 0.0254)
            _chunk(out, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))

    def write_rows(self, data, stride: int | None = None) -> None:
        """Whole rows of packed pixels (R, G, B[, A] bytes); ``stride`` is the distance in
        bytes from one row's start to the next when rows carry padding."""
        view = memoryview(data).cast("B")
        stride = stride or self.row_bytes
        rows = (len(view) + stride - self.row_bytes) // stride
        if self.rows_written + rows > self.height:
            raise ValueError(f"{self.rows_written + rows} rows given for a {self.height}-row PNG")
        compress = self._zip.compress
        for y in range(rows):
            start = y * stride
            self._gather(compress(b"\0"))            # filter type 0: the row as it is
            self._gather(compress(view[start:start + self.row_bytes]))
        self.rows_written += rows

    def _gather(self, piece: bytes) -> None:
        if piece:
            self._pending.append(piece)
            self._pending_size += len(piece)
            if self._pending_size >= IDAT_SIZE:
                self._flush()

    def _flush(self) -> None:
        if self._pending:
            _chunk(self.out, b"IDAT", b"".join(self._pending))
            self._pending, self._pending_size = [], 0

    def close(self) -> None:
        if self.rows_written != self.height:
            raise ValueError(f"PNG has {self.rows_written} of its {self.height} rows")
        self._gather(self._zip.flush())
        self._flush()
        _chunk(self.out, b"IEND", b"")

    def __enter__(self) -> "PngWriter":
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.close()


def write_png(path: str | os.PathLike, width: int, height: int, data, stride: int | None = None,
              *, level: int = DEFAULT_LEVEL, dpi: float | None = None, alpha: bool = False,
              strips: int = 1, on_strip=None) -> None:
    """A whole picture to ``path``: written beside it first and renamed when complete, so a
    failure never leaves half a file where the picture belongs. With ``strips`` above 1 the
    rows go in that many bands and ``on_strip(rows_done)`` is called after each; whatever
    it raises (a cancel) stops the writing and removes the partial file."""
    from studio.export.progress import written_in_place

    with written_in_place(path) as part:
        view = memoryview(data).cast("B")
        stride = stride or width * (4 if alpha else 3)
        with open(part, "wb") as out, PngWriter(out, width, height, level=level, dpi=dpi,
                                                alpha=alpha) as png:
            edges = [round(height * i / max(1, strips)) for i in range(max(1, strips) + 1)]
            for top, bottom in zip(edges, edges[1:]):
                if bottom > top:
                    png.write_rows(view[top * stride:bottom * stride], stride)
                if on_strip is not None:
                    on_strip(bottom)
