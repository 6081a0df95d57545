"""VASSAL on pointy-topped maps: each unit turns through six facings, every one a hexside
(its picture is drawn turned 30 degrees, the rotator's steps are 60), and every entry of
the module unpacks readable by all (mode 0644)."""
import io
import stat
import zipfile

import pytest
from PIL import Image

from studio.interop.vassal import VassalOptions, export_vassal
from studio.io import default_library

from test_vassal_export import MARATHON, _build, _facing, _slots, _variant, P
from studio.io import load_file


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    library = default_library()
    scenario = load_file(MARATHON).model
    out = {}
    for orientation in ("flat", "pointy"):
        path = tmp_path_factory.mktemp(orientation) / "m.vmod"
        export_vassal(_variant(scenario, orientation, "even"), library, path,
                      VassalOptions(dpi=72, marker_kinds=("round",)))
        out[orientation] = zipfile.ZipFile(path)
    return out


def _unit_images(archive):
    names = set()
    for slot in _slots(_build(archive)):
        if _facing(slot) is not None:
            names |= {n for n in archive.namelist() if n.startswith("images/")
                      and n[len("images/"):] in slot.text}
    return names


def test_pointy_units_turn_through_six_hexsides(modules):
    for orientation, archive in modules.items():
        facings = [_facing(slot) for slot in _slots(_build(archive))]
        counts = {f[0] for f in facings if f is not None}
        assert counts == {6}, orientation
        # every set-up piece's turn, plus the picture's, is a hexside
        turn = 0 if orientation == "flat" else 30
        for stack in _build(archive).iter(P + "SetupStack"):
            for slot in _slots(stack):
                f = _facing(slot)
                if f is not None:
                    assert (f[1] + turn) % 60 == turn, (orientation, f)


def test_pointy_unit_pictures_are_drawn_facing_the_first_hexside(modules):
    sizes = {}
    for orientation, archive in modules.items():
        names = _unit_images(archive)
        assert names, orientation
        image = Image.open(io.BytesIO(archive.read(sorted(names)[0]))).convert("RGBA")
        sizes[orientation] = image.size
        if orientation == "pointy":
            # turned 30 degrees: the corners are see-through, the square's corners reach
            # the middle of the picture's edges
            w, h = image.size
            assert image.getpixel((0, 0))[3] == 0 and image.getpixel((w - 1, h - 1))[3] == 0
            assert image.getpixel((w // 2, h // 2))[3] == 255
    flat, pointy = sizes["flat"], sizes["pointy"]
    # a square of side s turned 30 degrees needs s (cos 30 + sin 30) = 1.366 s
    assert pointy[0] == pytest.approx(flat[0] * 1.366, abs=3)
    # markers are not turned
    for archive in modules.values():
        marker = [n for n in archive.namelist() if n.startswith("images/")
                  and n not in _unit_images(archive) and "board" not in n]
        assert marker


def test_every_entry_is_readable_by_all(modules):
    for archive in modules.values():
        for info in archive.infolist():
            mode = info.external_attr >> 16
            assert stat.S_IMODE(mode) == 0o644, (info.filename, oct(mode))
            assert stat.S_ISREG(mode), info.filename
