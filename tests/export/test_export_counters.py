"""Counter sheets as a person sees them: sizes on paper, pitch, mirrored backs, text."""
from __future__ import annotations

import threading
from collections import Counter as Tally

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from studio.export import (CounterOptions, ExportCancelled, export_counters,
                           source_from_army, sources_from_scenario)
from studio.export.counter_sheet import SheetGrid
from studio.export.lengths import parse_length
from studio.export.symbols import SYMBOLS, draw_symbol_box, symbols_for
from studio.model import Army, RosterUnit
from studio.export.colours import INK, WHITE

from export_support import (Library, form_placements, page_lines, page_words, pdf_words,
                                 poppler_words, scenario)


def _export(tmp_path, name="c.pdf", **opts):
    path = tmp_path / name
    options = CounterOptions.parse(**opts)
    pages = export_counters(sources_from_scenario(scenario(), Library()), path, options)
    return path, options, pages


def _texts(words):
    return [w.text for w in words]


def test_every_roster_unit_gets_a_counter_and_counts_expand(tmp_path):
    path, _, pages = _export(tmp_path)
    reader = PdfReader(str(path))
    assert len(reader.pages) == pages == 2          # one sheet: front and back
    front = _texts(page_words(reader.pages[0]))
    tally = Tally(front)
    assert tally["Cretan Bowmen"] == 3 and tally["War Chariots"] == 2
    # at 5/8in no name is set under 5 pt: the longest are abbreviated
    assert tally["Spart. Warb."] == 2 and tally["Hors. Rohan"] == 4
    assert tally["Greek Archon"] == 1 and tally["Ents"] == 2


def test_page_size_and_names_with_accents(tmp_path):
    path, _, _ = _export(tmp_path, page="a4")
    page = PdfReader(str(path)).pages[0]
    assert float(page.mediabox.width) == pytest.approx(595.28, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(841.89, abs=0.01)
    texts = _texts(page_words(page))
    assert "Éowyn" in texts and "King Théoden" in texts
    assert "Mûmak" in texts


@pytest.mark.parametrize("size, gutter", [("5/8in", "0mm"), ("16mm", "0mm"), ("1/2in", "2mm"),
                                          ("3/4in", "0mm"), ("9/16in", "1mm")])
def test_counter_pitch_measured_from_text(tmp_path, size, gutter):
    path, options, _ = _export(tmp_path, counter_size=size, gutter=gutter)
    words = page_words(PdfReader(str(path)).pages[0])
    xs = sorted(w.x for w in words if w.text.startswith("Hors"))   # abbreviated when small
    assert len(xs) == 4
    pitch = parse_length(size) + parse_length(gutter)
    for a, b in zip(xs, xs[1:]):
        assert b - a == pytest.approx(pitch, abs=0.01)


@pytest.mark.parametrize("size", ["5/8in", "16mm", "1in"])
def test_crop_marks_measure_the_exact_counter_size(tmp_path, size):
    path, options, _ = _export(tmp_path, counter_size=size)
    page = PdfReader(str(path)).pages[0]
    grid = SheetGrid.for_options(options)
    # vertical marks above the grid: every cut line of the columns counters are in
    marks = sorted({round(x1, 3) for x1, y1, x2, y2 in page_lines(page)
                    if abs(x1 - x2) < 1e-6 and min(y1, y2) > grid.top})
    used = {round(x, 3) for _, x, _ in form_placements(page)}
    assert len(marks) == len(used) + 1 <= grid.columns + 1
    for a, b in zip(marks, marks[1:]):
        assert b - a == pytest.approx(parse_length(size), abs=0.001)


def test_counters_are_placed_as_forms_of_the_chosen_size(tmp_path):
    path, options, _ = _export(tmp_path, counter_size="16mm", markers=0)
    reader = PdfReader(str(path))
    placed = form_placements(reader.pages[0])
    xs = sorted({round(x, 3) for _, x, _ in placed})
    assert xs[1] - xs[0] == pytest.approx(16 * 72 / 25.4, abs=0.001)
    form = reader.pages[0]["/Resources"]["/XObject"][placed[0][0]].get_object()
    x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
    assert x1 - x0 == pytest.approx(16 * 72 / 25.4, abs=0.001)
    # a face, text included, is drawn once and placed for every counter showing it: the
    # page itself draws only its header line, the line saying how to print the backs, and
    # one form per counter
    names = {w.text for w in page_words(reader.pages[0]) if w.text[0].isalpha() and len(w.text) > 3
             and "sheet" not in w.text}
    assert len(placed) == 18
    assert len({name for name, _, _ in placed}) == len(names) == 10
    ops = Tally(op for _, op in ContentStream(reader.pages[0].get_contents(), reader).operations)
    assert ops[b"Tj"] + ops[b"TJ"] == 2 and ops[b"Do"] == 18


def test_a_face_is_drawn_once_in_the_document(tmp_path):
    army = Army("persian-wars-greek", [RosterUnit("cretan-bowmen", count=150)], name="Raiders")
    path = tmp_path / "many.pdf"
    options = CounterOptions.parse(counter_size="1in", duplex=True, markers=0)
    pages = export_counters([source_from_army(army, Library())], path, options)
    reader = PdfReader(str(path))
    assert pages == len(reader.pages) >= 4
    fronts = {page["/Resources"]["/XObject"].raw_get(name).idnum
              for page in reader.pages[0::2] for name, _, _ in form_placements(page)}
    backs = {page["/Resources"]["/XObject"].raw_get(name).idnum
             for page in reader.pages[1::2] for name, _, _ in form_placements(page)}
    assert len(fronts) == len(backs) == 1 and fronts != backs


@pytest.mark.parametrize("compress", [True, False])
def test_face_forms_are_compressed_with_the_pages(tmp_path, compress):
    from studio.export.counter_sheet import all_counters, write_counter_sheets
    options = CounterOptions()
    path = tmp_path / "z.pdf"
    write_counter_sheets(all_counters(sources_from_scenario(scenario(), Library()), options),
                         path, options, compress=compress)
    page = PdfReader(str(path)).pages[0]
    forms = page["/Resources"]["/XObject"]
    filters = [list(forms[name].get_object().get("/Filter") or []) for name in forms]
    assert filters and all(("/FlateDecode" in f) == compress for f in filters)


def test_text_inside_the_forms_is_extractable(tmp_path):
    path, _, _ = _export(tmp_path)
    popped = poppler_words(path)
    if popped is None:
        pytest.skip("poppler-utils (pdftotext) is not installed")
    for ours, theirs in zip(pdf_words(path), popped):
        # pdftotext splits names into words; each of ours starts where its first word does
        starts = Tally((text, round(x0, 1)) for text, x0, *_ in theirs)
        for word in ours:
            first = word.text.split()[0]
            assert starts[(first, round(word.x, 1))] > 0, word
    front = Tally(text for text, *_ in popped[0])
    assert front["Cretan"] == 3 and front["Hors."] == 4 and front["Théoden"] == 1


def test_back_page_mirrors_columns_and_applies_offset(tmp_path):
    path, options, _ = _export(tmp_path, back_offset="2mm,-1mm")
    reader = PdfReader(str(path))
    grid = SheetGrid.for_options(options)
    front = form_placements(reader.pages[0])
    back = form_placements(reader.pages[1])
    assert len(front) == len(back)
    dx, dy = 2 * 72 / 25.4, -72 / 25.4
    for (_, fx, fy), (_, bx, by) in zip(front, back):
        col = round((fx - grid.left) / grid.pitch)
        back_col = round((bx - dx - grid.left) / grid.pitch)
        assert back_col == grid.columns - 1 - col
        assert bx == pytest.approx(grid.page[0] - fx - grid.size + dx, abs=0.001)
        assert by == pytest.approx(fy + dy, abs=0.001)


def test_back_of_a_named_counter_lands_behind_its_front(tmp_path):
    # The back shows the band (ROUTED) where the front shows the name, both centred on
    # the counter: held to the light, the one lies on the other.
    path, options, _ = _export(tmp_path)
    words = pdf_words(path)
    width = options.page[0]
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from studio.export.fonts import FONT_BOLD
    front = next(w for w in words[0] if w.text == "Greek Archon")
    centre_front = front.x + stringWidth("Greek Archon", FONT_BOLD, front.size) / 2
    bands = [w for w in words[1] if w.text in ("ROUTED", "1 HIT")
             and abs(w.y - front.y) < options.counter_size / 2]
    centres = [w.x + stringWidth(w.text, FONT_BOLD, w.size) / 2 for w in bands]
    assert any(c == pytest.approx(width - centre_front, abs=0.05) for c in centres)


def test_backs_show_routed_side_or_damage(tmp_path):
    path, _, _ = _export(tmp_path)
    back = _texts(pdf_words(path)[1])
    assert back.count("ROUTED") >= 10
    assert "Rally ≤3" in back             # Cretan Bowmen: morale 5, rally on half rounded up
    assert back.count("1 HIT") == 3       # two Ents (2 hits) and the Mûmak (3 hits)
    assert "H2" in back                   # the Mûmak's back: 2 hits left


def test_rally_number_follows_the_ruleset(tmp_path):
    from export_support import ruleset
    path = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(scenario(), Library(ruleset(rally_divisor=3))), path,
                    CounterOptions())
    assert "Rally ≤2" in _texts(pdf_words(path)[1])     # morale 5 / 3, rounded up


def test_markers_per_kind_with_their_backs(tmp_path):
    path, _, _ = _export(tmp_path, markers=3)
    words = pdf_words(path)
    front, back = _texts(words[0]), _texts(words[1])
    for label in ("2 HITS", "DISRUPTED", "COLUMN", "OUT OF AMMO", "OBJECTIVE", "ROUND",
                  "PLAYER A"):
        assert front.count(label) == 3, label
    # the Mûmak takes 3 hits: its back shows the first, a 2 HITS / 3 HITS marker the rest
    assert back.count("SQUARE") == 3 and back.count("PLAYER B") == 3 and back.count("3 HITS") == 3


def test_duplex_alternates_fronts_and_backs(tmp_path):
    from studio.export.counter_faces import marker_counter
    from studio.export.counter_sheet import write_counter_sheets
    options = CounterOptions.parse(counter_size="1in", duplex=True)
    counters = [marker_counter("hit") for _ in range(SheetGrid.for_options(options).per_page + 1)]
    path = tmp_path / "d.pdf"
    assert write_counter_sheets(counters, path, options) == 4
    heads = [next(w.text for w in page if "sheet" in w.text) for page in pdf_words(path)]
    assert ["front" in h for h in heads] == [True, False, True, False]
    options = CounterOptions.parse(counter_size="1in")
    write_counter_sheets(counters, path, options)
    heads = [next(w.text for w in page if "sheet" in w.text) for page in pdf_words(path)]
    assert ["front" in h for h in heads] == [True, True, False, False]


def test_each_side_starts_a_new_row(tmp_path):
    path, options, _ = _export(tmp_path)
    words = page_words(PdfReader(str(path)).pages[0])
    greek_rows = {round(w.y) for w in words if w.text in ("Greek Archon", "War Chariots")}
    rohan_rows = {round(w.y) for w in words if w.text in ("King Théoden", "Éowyn", "Ents")}
    assert not greek_rows & rohan_rows


def test_stand_alone_army_in_a_palette_colour(tmp_path):
    army = Army("persian-wars-greek", [RosterUnit("cretan-bowmen", count=5)], name="Raiders")
    path = tmp_path / "a.pdf"
    export_counters([source_from_army(army, Library())], path, CounterOptions(backs=False))
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    assert _texts(page_words(reader.pages[0])).count("Cretan Bowmen") == 5


def test_names_too_long_are_shrunk_then_abbreviated(tmp_path):
    from studio.model import ArmyList, UnitType, Attack
    long_list = ArmyList("l", "L", "ancients", ["tactical"], "basic-ground", units=[
        UnitType("x", "Lothlorien High Elves of the Golden Wood", ["infantry"], move=2,
                 attack=Attack.flat_rating(5), defense=4, morale=7)])
    lib = Library()
    lib.lists["l"] = long_list
    path = tmp_path / "n.pdf"
    export_counters([source_from_army(Army("l", [RosterUnit("x")]), lib)], path,
                    CounterOptions.parse(counter_size="1/2in", backs=False))
    words = page_words(PdfReader(str(path)).pages[0])
    name = next(w for w in words if w.text.startswith("Lot"))
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from studio.export.fonts import FONT_BOLD
    assert "." in name.text
    assert stringWidth(name.text, FONT_BOLD, name.size) <= 36 * 0.94 + 0.01


def test_options_errors_say_what_to_write():
    with pytest.raises(ValueError, match="has no unit"):
        CounterOptions.parse(counter_size="16")
    with pytest.raises(ValueError, match="needs a gutter of at least 2.00mm"):
        CounterOptions.parse(gutter="1mm", bleed="1mm")
    with pytest.raises(ValueError, match="not a page"):
        CounterOptions.parse(page="b17")
    with pytest.raises(ValueError, match="X,Y pair"):
        CounterOptions.parse(back_offset="3mm")
    with pytest.raises(ValueError, match="not even one counter"):
        CounterOptions.parse(counter_size="20in")


def test_bleed_extends_artwork_past_the_cut_line(tmp_path):
    path, options, _ = _export(tmp_path, gutter="3mm", bleed="1mm")
    reader = PdfReader(str(path))
    name = form_placements(reader.pages[0])[0][0]
    form = reader.pages[0]["/Resources"]["/XObject"][name].get_object()
    x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
    assert x1 - x0 == pytest.approx(45 + 2 * 72 / 25.4, abs=0.001)


def test_progress_and_cancel(tmp_path):
    seen = []
    path = tmp_path / "p.pdf"
    export_counters(sources_from_scenario(scenario(), Library()), path,
                    CounterOptions.parse(markers=4), progress=lambda d, t, m: seen.append((d, t)))
    assert seen[-1][0] == seen[-1][1] == len(PdfReader(str(path)).pages)
    stop = threading.Event()
    stop.set()
    out = tmp_path / "cancelled.pdf"
    with pytest.raises(ExportCancelled):
        export_counters(sources_from_scenario(scenario(), Library()), out, CounterOptions(),
                        cancel=stop)
    assert not out.exists()


def test_symbols_from_tags_and_every_symbol_draws(tmp_path):
    assert symbols_for(["infantry"]) == ("infantry",)
    assert symbols_for(["cavalry", "missile"]) == ("cavalry", "missile")
    assert symbols_for(["chariot"]) == ("chariot",)
    assert symbols_for(["elephant"]) == ("elephant",)
    assert symbols_for(["artillery"]) == ("artillery",)
    assert symbols_for(["fighter", "point-defense"]) == ("fighter",)
    assert symbols_for(["ship", "vehicle", "leader"]) == ("ship", "leader")
    assert symbols_for(["vehicle"]) == ("vehicle",)
    assert symbols_for(["infantry", "hero", "leader"]) == ("infantry", "leader", "hero")
    c = Canvas(str(tmp_path / "s.pdf"))
    for i, name in enumerate(SYMBOLS):
        draw_symbol_box(c, [name], 20 + (i % 6) * 60, 700 - (i // 6) * 50, 45, 30,
                        box_fill=WHITE, ink=INK, line_width=1)
    c.save()
    assert (tmp_path / "s.pdf").stat().st_size > 1000


@pytest.mark.parametrize("size, bleed", [("5/8in", "1mm"), ("1/2in", "0.5mm"), ("16mm", "2mm")])
def test_bleed_without_a_gutter_never_reaches_the_neighbour(tmp_path, size, bleed):
    # Before, a bleed with the default gutter of 0 drew each counter's bleed over the last
    # few points of the one to its left and below.
    path, options, _ = _export(tmp_path, counter_size=size, bleed=bleed)
    b, s = parse_length(bleed), parse_length(size)
    assert options.gutter == pytest.approx(2 * b)
    reader = PdfReader(str(path))
    for page in reader.pages:
        placed = form_placements(page)
        boxes = []
        for name, x, y in placed:
            form = page["/Resources"]["/XObject"][name].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            assert (x1 - x0) == pytest.approx(s + 2 * b, abs=0.001)
            boxes.append((x + x0, y + y0, x + x1, y + y1, x, y))
        for i, (ax0, ay0, ax1, ay1, _, _) in enumerate(boxes):
            for bx0, by0, bx1, by1, cx, cy in boxes[i + 1:]:
                # what one counter paints, its bleed included, never covers another's cut square
                overlap_w = min(ax1, cx + s) - max(ax0, cx)
                overlap_h = min(ay1, cy + s) - max(ay0, cy)
                assert overlap_w <= 1e-6 or overlap_h <= 1e-6


def test_a_gutter_narrower_than_twice_the_bleed_is_refused():
    with pytest.raises(ValueError, match="needs a gutter of at least 2.00mm"):
        CounterOptions.parse(gutter="1.5mm", bleed="1mm")


@pytest.mark.parametrize("page, flip, mirror_rows", [
    ("letter", "long", False), ("letter", "short", True),
    ("letter-landscape", "long", True), ("letter-landscape", "short", False),
    ("a4-landscape", "long", True)])
def test_duplex_backs_follow_the_flip_edge_in_both_orientations(tmp_path, page, flip,
                                                               mirror_rows):
    # Turning a landscape sheet over its long edge mirrors rows, not columns: before, the
    # backs were always mirrored left to right and the grid was not centred vertically.
    path, options, _ = _export(tmp_path, page=page, flip=flip, duplex=True, markers=1)
    grid = SheetGrid.for_options(options)
    reader = PdfReader(str(path))
    w, h = (float(v) for v in reader.pages[0].mediabox[2:])
    cells = {(round(x, 3), round(y, 3)) for x, y in
             (grid.front(c, r) for c in range(grid.columns) for r in range(grid.rows))}
    front, back = form_placements(reader.pages[0]), form_placements(reader.pages[1])
    assert len(front) == len(back) > 0
    s = options.counter_size
    for (_, fx, fy), (_, bx, by) in zip(front, back):
        if mirror_rows:
            assert (bx, by) == (pytest.approx(fx, abs=1e-3), pytest.approx(h - fy - s, abs=1e-3))
        else:
            assert (bx, by) == (pytest.approx(w - fx - s, abs=1e-3), pytest.approx(fy, abs=1e-3))
        # held to the light, the back's cut square is one of the grid's cells
        assert (round(bx, 3), round(by, 3)) in cells
    said = f"flip on the {flip} edge (backs mirrored " + (
        "top to bottom)" if mirror_rows else "left to right)")
    for page_words_ in pdf_words(path)[:2]:
        assert said in " ".join(_texts(page_words_))


def test_the_grid_is_centred_both_ways(tmp_path):
    for page in ("letter", "letter-landscape", "a4"):
        _, options, _ = _export(tmp_path, page=page)
        grid = SheetGrid.for_options(options)
        bottom = grid.top - grid.height
        assert grid.left == pytest.approx(options.page[0] - grid.left - grid.width)
        assert bottom == pytest.approx(options.page[1] - grid.top)
