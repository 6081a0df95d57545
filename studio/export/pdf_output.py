"""The PDF file every exporter writes: no font it does not embed, and on request the
print-shop form (an output intent with its ICC profile; colours in CMYK).

reportlab starts every page and form stream with ``BT /F1 12 Tf 14.4 TL ET`` naming its
default font, the standard Helvetica, which it never embeds: preflight then reports a
font that is neither embedded nor used. A canvas whose *initial* font is an embedded
TrueType font writes no such preamble (reportlab sets TrueType fonts with each string
instead), so :func:`new_canvas` and :func:`canvas_maker` start every canvas on Vera.

>>> PrintForm.parse(pdfx=True).pdfx, PrintForm.parse(cmyk="yes").pdfx
(True, True)
>>> to_cmyk(Color(1, 0, 0)).cmyk(), to_cmyk(Color(0.5, 0.5, 0.5)).cmyk()
((0.0, 1.0, 1.0, 0.0), (0.0, 0.0, 0.0, 0.5))
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import (PDFArray, PDFDictionary, PDFName, PDFStream,
                                      PDFString)
from reportlab.pdfgen.canvas import Canvas

from .fonts import FONT, register_fonts

# The conditions named in the output intent (ICC's registry of characterised printing
# conditions): sRGB for the colour file, FOGRA39 (offset on coated paper, the common
# European press condition) for CMYK.
SRGB = ("sRGB IEC61966-2.1", "sRGB IEC61966-2.1 (colours as on screen; the print shop "
        "converts them for its press)")
FOGRA39 = ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)")
REGISTRY = "http://www.color.org"


@dataclass(frozen=True, slots=True)
class PrintForm:
    """``pdfx``: an output intent in the catalogue, as PDF/X asks (an sRGB ICC profile
    embedded); ``cmyk``: every colour written as DeviceCMYK with a FOGRA39 intent;
    ``icc``: the print shop's own profile file for the intent instead (RGB, or CMYK with
    ``cmyk``), named by its description."""
    pdfx: bool = False
    cmyk: bool = False
    icc: str | None = None

    @classmethod
    def parse(cls, *, pdfx: bool | str = False, cmyk: bool | str = False,
              icc: str | os.PathLike | None = None) -> "PrintForm":
        from .options import _bool
        cmyk = _bool(cmyk, "cmyk")
        icc = os.fspath(icc) if icc else None
        if icc:
            read_profile(icc, cmyk)          # refused here, before anything is drawn
        return cls(pdfx=_bool(pdfx, "pdfx") or cmyk or bool(icc), cmyk=cmyk, icc=icc)


def read_profile(path: str, cmyk: bool) -> tuple[bytes, str]:
    """The bytes and description of an ICC profile file of the colour space asked for,
    or a ValueError saying what is wrong with it."""
    from PIL import ImageCms
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as err:
        raise ValueError(f"ICC profile {path}: cannot be read ({err.strerror or err})") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError):
        raise ValueError(f"ICC profile {path} is not an ICC colour profile") from None
    space = profile.profile.xcolor_space.strip()
    wanted = "CMYK" if cmyk else "RGB"
    if space != wanted:
        raise ValueError(f"ICC profile {path} is for {space} colours; with"
                         f"{'' if cmyk else 'out'} --cmyk it must be a {wanted} profile")
    description = (ImageCms.getProfileDescription(profile) or os.path.basename(path)).strip()
    return data, description


def to_cmyk(colour) -> CMYKColor:
    """The colour as process CMYK (greys on the black plate alone, so that black text
    and hairlines print in one ink and never out of register)."""
    c = toColor(colour)
    if isinstance(c, CMYKColor):
        return c
    r, g, b = c.red, c.green, c.blue
    alpha = getattr(c, "alpha", 1)
    if abs(r - g) < 1e-6 and abs(g - b) < 1e-6:
        return CMYKColor(0, 0, 0, round(1 - r, 6), alpha=alpha)
    k = 1 - max(r, g, b)
    return CMYKColor(*(round((1 - v - k) / (1 - k), 6) for v in (r, g, b)), round(k, 6),
                     alpha=alpha)


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """An sRGB ICC profile made by Little CMS through Pillow (a reportlab dependency),
    so no profile file has to be found on the machine."""
    from PIL import ImageCms
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def add_output_intent(canvas: Canvas, form: PrintForm) -> None:
    """Name the printing condition in the document catalogue (/OutputIntents)."""
    if not form.pdfx:
        return
    doc = canvas._doc
    ident, info = FOGRA39 if form.cmyk else SRGB
    data = None if form.cmyk else srgb_profile()
    if form.icc:
        data, info = read_profile(form.icc, form.cmyk)
        ident = "Custom"
    intent = {"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
              "OutputConditionIdentifier": PDFString(ident),
              "OutputCondition": PDFString(info), "Info": PDFString(info),
              "RegistryName": PDFString(REGISTRY)}
    if data is not None:
        # FOGRA39 alone is a registered condition the shop's RIP knows by name; sRGB and
        # a shop's own profile are embedded, so that the colours mean the same anywhere.
        channels, alternate = (4, "DeviceCMYK") if form.cmyk else (3, "DeviceRGB")
        profile = PDFStream(PDFDictionary({"N": channels, "Alternate": PDFName(alternate)}),
                            data)
        intent["DestOutputProfile"] = doc.Reference(profile)
    catalog = doc.Catalog
    # The catalogue writes only the keys its class lists; this one document lists one more.
    catalog.__NoDefault__ = list(type(catalog).__NoDefault__) + ["OutputIntents"]
    catalog.OutputIntents = PDFArray([PDFDictionary(intent)])
    doc.info.trapped = "False"


def new_canvas(path: str | os.PathLike, pagesize, form: PrintForm | None = None,
               **kwargs) -> Canvas:
    """A reportlab canvas that names no unembedded font (see the module docstring) and
    writes the print form asked for."""
    register_fonts()
    form = form or PrintForm()
    if form.cmyk:
        kwargs["enforceColorSpace"] = to_cmyk
    canvas = Canvas(os.fspath(path), pagesize=pagesize, initialFontName=FONT, **kwargs)
    add_output_intent(canvas, form)
    return canvas


def canvas_maker(form: PrintForm | None = None):
    """``canvasmaker`` for platypus documents: :func:`new_canvas` with their arguments."""
    def make(path, pagesize=None, **kwargs):
        kwargs.pop("initialFontName", None)
        return new_canvas(path, pagesize, form, **kwargs)
    return make


__all__ = ["PrintForm", "new_canvas", "canvas_maker", "add_output_intent", "to_cmyk",
           "srgb_profile"]
