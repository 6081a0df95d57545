"""A small RGBA PNG encoder: the tileset image is a few hexes, not worth a dependency."""
from __future__ import annotations

import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_rgba(width: int, height: int, pixels: bytearray) -> bytes:
    """PNG bytes of `pixels`: rows top to bottom, 4 bytes (R, G, B, A) a pixel."""
    if len(pixels) != width * height * 4:
        raise ValueError(f"{len(pixels)} bytes are not {width}×{height} RGBA pixels")
    stride = width * 4
    raw = b"".join(b"\x00" + bytes(pixels[y * stride:(y + 1) * stride]) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))
