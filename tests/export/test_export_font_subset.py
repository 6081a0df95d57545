"""Slim embedded fonts and binary streams: the fonts are still embedded and read the same,
print the same glyphs as reportlab's own subsets, and the files are smaller."""
from __future__ import annotations

import shutil
import subprocess
from struct import pack, unpack_from

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from studio.export import (CounterOptions, PlaysheetOptions, export_counters, export_playsheet,
                           sources_from_scenario)
from studio.export.font_subset import (DROPPED_TABLES, glyph_offsets, read_tables,
                                       strip_instructions)
from studio.export.fonts import FONT, FONT_BOLD, _FILES, font_directory, register_fonts

from export_support import Library, scenario

REQUIRED_TABLES = {"head", "hhea", "loca", "maxp", "glyf", "hmtx", "cmap"}
ACCENTED = "King Théoden, Éowyn and the Mûmak"


def _poppler(tool: str) -> str:
    exe = shutil.which(tool)
    if exe is None:
        pytest.skip(f"{tool} (poppler-utils) is not installed")
    return exe


def _counters(tmp_path):
    path = tmp_path / "counters.pdf"
    export_counters(sources_from_scenario(scenario(), Library()), path,
                    CounterOptions.parse(page="a4"))
    return path


def _playsheet(tmp_path):
    path = tmp_path / "sheet.pdf"
    export_playsheet(scenario(), Library(), path, PlaysheetOptions.parse())
    return path


def _font_programs(path) -> dict[str, bytes]:
    """Embedded TrueType programs by font name, from every page and form."""
    programs = {}
    reader = PdfReader(str(path))
    stack = [page.get("/Resources") for page in reader.pages]
    while stack:
        resources = stack.pop()
        if resources is None:
            continue
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                program = descriptor.get_object()["/FontFile2"].get_object().get_data()
                programs[str(font["/BaseFont"])] = program
        for xobject in (resources.get("/XObject") or {}).values():
            stack.append(xobject.get_object().get("/Resources"))
    return programs


def _render(path, tmp_path, page: int = 1, dpi: int = 150) -> Image.Image:
    stem = tmp_path / f"{path.stem}-{page}"
    subprocess.run([_poppler("pdftoppm"), "-r", str(dpi), "-f", str(page), "-l", str(page),
                    "-singlefile", "-png", str(path), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("L")


def _sfnt_checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    return sum(unpack_from(f">{len(data) // 4}L", data)) & 0xFFFFFFFF


def test_fonts_stay_embedded_and_text_with_accents_extracts(tmp_path):
    for path in (_counters(tmp_path), _playsheet(tmp_path)):
        lines = subprocess.run([_poppler("pdffonts"), str(path)], capture_output=True,
                               text=True, check=True).stdout.splitlines()[2:]
        vera = [line.split() for line in lines if "BitstreamVera" in line]
        assert vera and all(cols[-5] == "yes" for cols in vera)       # the 'emb' column
        assert len(_font_programs(path)) == len(vera)
        text = subprocess.run([_poppler("pdftotext"), str(path), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert "Éowyn" in text and "Théoden" in text and "Mûmak" in text


def test_embedded_programs_have_no_hinting_and_no_name(tmp_path):
    programs = _font_programs(_counters(tmp_path)) | _font_programs(_playsheet(tmp_path))
    assert len(programs) >= 2           # regular and bold
    for name, program in programs.items():
        tables = read_tables(program)
        assert not set(DROPPED_TABLES) & set(tables), name
        assert REQUIRED_TABLES <= set(tables), name
        assert _sfnt_checksum(program) == 0xB1B0AFBA, name        # head.checkSumAdjustment
        assert unpack_from(">H", tables["maxp"], 26)[0] == 0       # maxSizeOfInstructions
        offsets = glyph_offsets(tables)
        assert offsets[-1] == len(tables["glyf"])
        for start, stop in zip(offsets, offsets[1:]):
            glyph = tables["glyf"][start:stop]
            bare = strip_instructions(glyph)       # nothing left to strip but the padding
            assert start % 4 == 0 and glyph == bare + b"\0" * (-len(bare) % 4), name


def test_only_the_glyphs_printed_are_embedded(tmp_path):
    register_fonts()
    path = tmp_path / "word.pdf"
    c = Canvas(str(path), pagesize=(200, 100))
    c.setFont(FONT, 12)
    c.drawString(10, 40, "Éowyn")
    c.showPage()
    c.save()
    (program,) = _font_programs(path).values()
    glyphs = unpack_from(">H", read_tables(program)["maxp"], 4)[0]
    # .notdef, space (kept by reportlab for word spacing), É (a composite: E and the
    # acute accent), o, w, y, n
    assert glyphs <= 9
    assert len(program) < 2000


def test_slim_fonts_print_the_same_glyphs_as_reportlab_subsets(tmp_path):
    """The same line set in each Vera face, once through our subsets and once through
    reportlab's own hinted ones, renders to the same pixels."""
    for name, filename in _FILES.items():
        plain = f"{name}-reportlab"
        if plain not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(plain, f"{font_directory()}/{filename}"))
    register_fonts()
    images = []
    for suffix in ("", "-reportlab"):
        path = tmp_path / f"faces{suffix or '-slim'}.pdf"
        c = Canvas(str(path), pagesize=(320, 200))
        for row, name in enumerate(_FILES):
            for line, size in enumerate((7, 11)):
                c.setFont(name + suffix, size)
                c.drawString(10, 180 - row * 44 - line * 18, ACCENTED)
        c.showPage()
        c.save()
        images.append(_render(path, tmp_path))
    slim, hinted = images
    assert ImageChops.difference(slim, hinted).getbbox() is None
    assert slim.getextrema()[0] < 64                              # there is ink on the page


def test_exported_pages_render_with_ink(tmp_path):
    for path in (_counters(tmp_path), _playsheet(tmp_path)):
        image = _render(path, tmp_path, dpi=50)
        dark = sum(image.histogram()[:128])
        assert dark > 0.01 * image.width * image.height


def test_streams_are_binary_not_ascii85(tmp_path):
    path = _counters(tmp_path)
    reader = PdfReader(str(path))
    filters = set()
    for ident in reader.xref[0]:
        obj = reader.get_object(ident)
        if hasattr(obj, "get_data"):
            value = obj.get("/Filter")
            filters.update([value] if isinstance(value, str) else list(value or []))
    assert filters == {"/FlateDecode"}


def test_counter_sheet_of_a_small_roster_stays_small(tmp_path):
    # 25.8 kB when measured (58.6 kB with reportlab's subsets and ASCII85 streams); the
    # bound leaves room for small changes to the artwork.
    assert _counters(tmp_path).stat().st_size < 32_000


def test_simple_glyph_loses_its_instructions_and_the_padding_after_them():
    # one contour of 3 points: all on-curve, short positive x and y
    points = pack(">3B", *[0x01 | 0x02 | 0x04 | 0x10 | 0x20] * 3) + pack(">6B", 1, 2, 3, 4, 5, 6)
    header = pack(">hhhhh", 1, 0, 0, 10, 10) + pack(">H", 2)
    glyph = header + pack(">H", 5) + b"\xb0\x01\xb0\x02\x2d" + points + b"\0\0\0"
    assert strip_instructions(glyph) == header + b"\0\0" + points
    # repeated flags: one flag byte with a repeat count of 2 stands for all three points
    repeated = pack(">BB", 0x01 | 0x08 | 0x10 | 0x20, 2)          # same x, same y: no bytes
    glyph = header + pack(">H", 1) + b"\x2d" + repeated + b"\0\0"
    assert strip_instructions(glyph) == header + b"\0\0" + repeated


def test_composite_glyph_loses_its_instructions_and_their_flag():
    header = pack(">hhhhh", -1, 0, 0, 10, 10)
    first = pack(">HHbb", 0x0020 | 0x0002, 4, 0, 0)                 # more components follow
    second = pack(">HHhh", 0x0100 | 0x0001 | 0x0002, 7, 100, -20)  # word args, instructions
    glyph = header + first + second + pack(">H", 3) + b"\xb0\x01\x2d" + b"\0"
    stripped = header + first + pack(">HHhh", 0x0001 | 0x0002, 7, 100, -20)
    assert strip_instructions(glyph) == stripped
    assert strip_instructions(b"") == b""


@pytest.mark.parametrize("face", [FONT, FONT_BOLD])
def test_register_fonts_uses_slim_subsets(face):
    from studio.export.font_subset import SlimTTFont
    register_fonts()
    assert isinstance(pdfmetrics.getFont(face), SlimTTFont)
