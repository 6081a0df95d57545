"""Nothing on a map sheet prints nearer the paper's edge than 5 mm with the default margin
(8 mm): most printers cannot print the outer 4-5 mm, and the crosshair targets beside the
map sat 3.2 mm from the edge. The targets now sit on their ticks, 2.8 mm into the margin."""
from __future__ import annotations

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from studio.export import MapOptions, export_map
from studio.export.map_sheet import TICK
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

MM = 72 / 25.4


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _path_points(page):
    """Every point of every path drawn on the page itself (m, l, c, re), on the page,
    but for those a clipping rectangle hides (hexes cut at a sheet's printable edge)."""
    stack, ctm, clip = [], [1, 0, 0, 1, 0, 0], None
    path: list[tuple[float, float]] = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op in (b"m", b"l", b"c", b"re"):
            values = [float(v) for v in operands]
            pairs = list(zip(values[::2], values[1::2]))
            if op == b"re":
                (x, y), (w, h) = pairs
                pairs = [(x, y), (x + w, y + h)]
            path += [(x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5])
                     for x, y in pairs]
        elif op in (b"W", b"W*"):
            xs, ys = [x for x, _ in path], [y for _, y in path]
            box = (min(xs), min(ys), max(xs), max(ys))
            clip = box if clip is None else (max(clip[0], box[0]), max(clip[1], box[1]),
                                             min(clip[2], box[2]), min(clip[3], box[3]))
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            for x, y in path:
                if op != b"n" and (clip is None or clip[0] - 1e-6 <= x <= clip[2] + 1e-6
                                   and clip[1] - 1e-6 <= y <= clip[3] + 1e-6):
                    yield x, y
            path = []


@pytest.mark.parametrize("page", ["letter", "a4"])
def test_marks_stay_five_millimetres_from_the_paper_edge(tmp_path, page):
    scenario = load_file(scenarios_dir() / "marathon.yaml").model
    path = tmp_path / "map.pdf"
    export_map(scenario, default_library(), path, MapOptions.parse(page=page, legend=False))
    reader = PdfReader(str(path))
    assert len(reader.pages) > 1                 # tiled: sheets with trim marks
    nearest = float("inf")
    for page_obj in reader.pages:
        w, h = float(page_obj.mediabox.width), float(page_obj.mediabox.height)
        for x, y in _path_points(page_obj):
            nearest = min(nearest, x, y, w - x, h - y)
    assert nearest >= 5 * MM - 1e-6, nearest / MM
    assert TICK <= 8 * MM - 5 * MM               # the marks' reach fits the default margin
