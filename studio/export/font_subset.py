"""Embedded TrueType subsets without hinting and without a 'name' table.

reportlab's subsetter copies into every subset it embeds the font's 'name' table (7.6 kB
for Vera) and all of its TrueType hinting: the 'cvt ', 'fpgm' and 'prep' tables and each
glyph's instructions. A PDF reader needs neither. ISO 32000-1 9.9 asks an embedded TrueType
program only for head, hhea, loca, maxp, glyf and hmtx (cmap for a symbolic font, which
reportlab's subsets are; cvt, fpgm and prep only when glyphs carry instructions), since the
PDF names the font itself; and hinting only snaps outlines to a screen's pixel grid at small
sizes, which printing at 300 dpi and more does not need. Poppler, for one, renders
embedded fonts unhinted whether hints are there or not.

``slim_subset`` rewrites a subset after reportlab has made it; ``SlimTTFont`` is a TTFont
whose subsets are rewritten so, and named with a tag of their own: reportlab tags subset n
of every font ``AAAAAA+``, ``AAAAAB+``, ... so that a document's Roman and Bold subsets both
start ``AAAAAA+``, which ISO 32000-1 9.6.4 asks to differ for different subsets (a RIP or
preflight may take two fonts with one name for one). :func:`subset_tag` makes the tag from
the font and the characters of its subset. 'OS/2', 'post' and 'cmap' are kept as reportlab writes
them (a few hundred bytes together).

>>> from studio.export.fonts import font_directory
>>> face = SlimTTFont("Demo", font_directory() + "/Vera.ttf").face
>>> program = face.makeSubset([0] + [ord(c) for c in "Éowyn"])
>>> sorted(read_tables(program))
['OS/2', 'cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post']
"""
from __future__ import annotations

import hashlib
from struct import pack, unpack_from

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace, TTFontMaker, makeToUnicodeCMap

DROPPED_TABLES = ("cvt ", "fpgm", "prep", "name")

# Simple glyph point flags (OpenType 'glyf')
_X_SHORT = 0x02
_Y_SHORT = 0x04
_REPEAT = 0x08
_X_SAME = 0x10
_Y_SAME = 0x20

# Composite glyph component flags
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_HAVE_XY_SCALE = 0x0040
_HAVE_TWO_BY_TWO = 0x0080
_HAVE_INSTRUCTIONS = 0x0100

# maxp 1.0: maxZones at 14, then the twilight points, storage, function and instruction
# definitions, stack elements and instruction size that only hinting uses.
_MAXP_HINTING = slice(16, 28)


def read_tables(sfnt: bytes) -> dict[str, bytes]:
    """The tables of a TrueType font file by tag."""
    count = unpack_from(">H", sfnt, 4)[0]
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = unpack_from(">4sLLL", sfnt, 12 + 16 * i)
        tables[tag.decode("latin-1")] = sfnt[offset:offset + length]
    return tables


def glyph_offsets(tables: dict[str, bytes]) -> list[int]:
    """Where each glyph starts in 'glyf' (and, last, where the final one ends)."""
    count = unpack_from(">H", tables["maxp"], 4)[0] + 1
    if unpack_from(">h", tables["head"], 50)[0] == 0:
        return [2 * n for n in unpack_from(f">{count}H", tables["loca"])]
    return list(unpack_from(f">{count}L", tables["loca"]))


def _outline_size(data: bytes, points: int) -> int:
    """Bytes the flags and coordinates of ``points`` points take at the start of ``data``
    (what follows is the source font's padding, which is dropped with the instructions)."""
    at, flags = 0, []
    while len(flags) < points:
        flag = data[at]
        at += 1
        repeat = 1
        if flag & _REPEAT:
            repeat += data[at]
            at += 1
        flags += [flag] * repeat
    for short, same in ((_X_SHORT, _X_SAME), (_Y_SHORT, _Y_SAME)):
        at += sum(1 if f & short else 0 if f & same else 2 for f in flags)
    return at


def strip_instructions(glyph: bytes) -> bytes:
    """``glyph`` without its TrueType instructions.

    A simple glyph keeps its contours with an instruction length of 0; a composite glyph
    keeps its components, each without the flag that says instructions follow the last one.
    """
    if not glyph:
        return glyph
    contours = unpack_from(">h", glyph, 0)[0]
    if contours >= 0:
        at = 10 + 2 * contours
        length = unpack_from(">H", glyph, at)[0]
        points = unpack_from(">H", glyph, at - 2)[0] + 1 if contours else 0
        outline = glyph[at + 2 + length:]
        return glyph[:at] + b"\0\0" + outline[:_outline_size(outline, points)]
    out = bytearray(glyph)
    at = 10
    flags = _MORE_COMPONENTS
    while flags & _MORE_COMPONENTS:
        flags = unpack_from(">H", out, at)[0]
        out[at:at + 2] = pack(">H", flags & ~_HAVE_INSTRUCTIONS)
        at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
        if flags & _HAVE_SCALE:
            at += 2
        elif flags & _HAVE_XY_SCALE:
            at += 4
        elif flags & _HAVE_TWO_BY_TWO:
            at += 8
    return bytes(out[:at])


def slim_subset(sfnt: bytes) -> bytes:
    """A TrueType subset without hinting and 'name': the same outlines and metrics."""
    tables = read_tables(sfnt)
    for tag in DROPPED_TABLES:
        tables.pop(tag, None)

    offsets = glyph_offsets(tables)
    glyf = tables["glyf"]
    glyphs, starts, end = [], [], 0
    for start, stop in zip(offsets, offsets[1:]):
        glyph = strip_instructions(glyf[start:stop])
        glyph += b"\0" * (-len(glyph) % 4)      # 4-byte aligned, as the spec recommends
        starts.append(end)
        glyphs.append(glyph)
        end += len(glyph)
    starts.append(end)
    tables["glyf"] = b"".join(glyphs)
    short = end // 2 <= 0xFFFF
    if short:
        tables["loca"] = pack(f">{len(starts)}H", *(s // 2 for s in starts))
    else:
        tables["loca"] = pack(f">{len(starts)}L", *starts)
    head = bytearray(tables["head"])
    head[50:52] = pack(">h", 0 if short else 1)
    tables["head"] = bytes(head)

    maxp = bytearray(tables["maxp"])
    if len(maxp) >= 32:
        maxp[14:16] = pack(">H", 1)             # no twilight zone without instructions
        maxp[_MAXP_HINTING] = bytes(_MAXP_HINTING.stop - _MAXP_HINTING.start)
    tables["maxp"] = bytes(maxp)

    # TTFontMaker orders the tables, writes their checksums and head.checkSumAdjustment.
    maker = TTFontMaker()
    for tag, data in tables.items():
        maker.add(tag, data)
    return maker.makeStream()


class SlimTTFontFace(TTFontFace):
    def makeSubset(self, subset):
        return slim_subset(super().makeSubset(subset))


def subset_tag(font_name: str, subset, taken: set[str] = frozenset()) -> str:
    """Six capital letters for the subset ``subset`` (its character codes) of the font
    ``font_name``, not among ``taken``: the same subset of the same font gets the same tag
    in every file, different subsets different tags.

    >>> subset_tag("Vera", [0, 65]), subset_tag("VeraBd", [0, 65]) != subset_tag("Vera", [0, 65])
    ('WBBGHS', True)
    """
    salt = 0
    while True:
        digest = hashlib.sha256(f"{font_name}|{salt}|{list(subset)}".encode()).digest()
        tag = "".join(chr(ord("A") + b % 26) for b in digest[:6])
        if tag not in taken:
            return tag
        salt += 1


class SlimTTFont(TTFont):
    """A TTFont that embeds its subsets without hinting or 'name', each with a tag of its
    own."""

    def __init__(self, name: str, filename: str, **kwargs) -> None:
        super().__init__(name, filename, **kwargs)
        # TTFont builds its face with no hook for the face's class; the face is parsed
        # once, and only its subsetting differs, so the class is swapped rather than the
        # font file parsed a second time.
        self.face.__class__ = SlimTTFontFace

    def addObjects(self, doc):
        """reportlab's TTFont.addObjects, with :func:`subset_tag` for the prefix of each
        subset's BaseFont (reportlab's counts subsets from AAAAAA for every font)."""
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        taken = doc.__dict__.setdefault("_studio_subset_tags", set())
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            tag = subset_tag(self.face.name.decode("latin-1") + self.face.subfontNameX.decode(
                "latin-1"), subset, taken)
            taken.add(tag)
            base_name = (tag.encode() + b"+" + self.face.name
                         + self.face.subfontNameX).decode("pdfdoc")
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {n}"
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            cmap = pdfdoc.PDFStream()
            cmap.content = makeToUnicodeCMap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]
