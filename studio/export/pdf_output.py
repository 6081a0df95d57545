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

Every page gets a TrimBox and a BleedBox (PDF/X asks for them, and a print shop's
imposition reads them): both the whole page, because each export is printed on paper of
its page size and nothing bleeds off its edge (counters' bleed lies inside the page).
The document information names the scenario: title, author (the scenario's ``author``)
and subject (what the file is, and the scenario's description).
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase.pdfdoc import (PDFArray, PDFDictionary, PDFName, PDFStream,
                                      PDFString)
from reportlab.pdfgen.canvas import Canvas

from .cmyk_profile import (NO_PROFILE, CmykConverter, CmykProfile, formula_cmyk,
                           read_cmyk_profile, system_cmyk_profile)
from .fonts import FONT, register_fonts

# The condition named in the output intent of a colour (RGB) file; CMYK files name their
# profile's (cmyk_profile.CmykProfile.condition).
SRGB = ("sRGB IEC61966-2.1", "sRGB IEC61966-2.1 (colours as on screen; the print shop "
        "converts them for its press)")
REGISTRY = "http://www.color.org"


@dataclass(frozen=True, slots=True)
class PrintForm:
    """``pdfx``: an output intent in the catalogue, as PDF/X asks (an sRGB ICC profile
    embedded); ``cmyk``: every colour written as DeviceCMYK, converted through a CMYK ICC
    profile (:mod:`.cmyk_profile`) that the intent embeds; ``icc``: the print shop's own
    profile file for the intent instead (RGB, or CMYK with ``cmyk``, then also the one the
    colours are converted through), named by its description."""
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

    def cmyk_profile(self) -> CmykProfile | None:
        """The profile CMYK colours are converted through: the shop's, else the system's;
        None when there is none (or the colours stay RGB)."""
        if not self.cmyk:
            return None
        if self.icc:
            return read_cmyk_profile(self.icc)
        return system_cmyk_profile()

    def note(self) -> str | None:
        """What a person should know about the file before sending it to the shop: that
        CMYK had no profile to go through."""
        if self.cmyk and self.cmyk_profile() is None:
            return NO_PROFILE
        return None


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
    """The colour as process CMYK by the plain formula (greys on the black plate alone)."""
    return CmykConverter(None)(colour)


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
    ident, info = SRGB
    data = srgb_profile()
    if form.icc:
        data, info = read_profile(form.icc, form.cmyk)
        ident = "Custom"
    elif form.cmyk:
        profile = form.cmyk_profile()
        if profile is None:
            ident, info, data = "Custom", f"uncalibrated CMYK: {NO_PROFILE}", None
        else:
            ident, info, data = profile.condition, profile.description, profile.data
    intent = {"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
              "OutputConditionIdentifier": PDFString(ident),
              "OutputCondition": PDFString(info), "Info": PDFString(info),
              "RegistryName": PDFString(REGISTRY)}
    if data is not None:
        # The profile the colours were made for is embedded, so that they mean the same
        # anywhere; without one (CMYK by the formula) the condition says it is uncalibrated.
        channels, alternate = (4, "DeviceCMYK") if form.cmyk else (3, "DeviceRGB")
        profile = PDFStream(PDFDictionary({"N": channels, "Alternate": PDFName(alternate)}),
                            data)
        intent["DestOutputProfile"] = doc.Reference(profile)
    catalog = doc.Catalog
    # The catalogue writes only the keys its class lists; this one document lists one more.
    catalog.__NoDefault__ = list(type(catalog).__NoDefault__) + ["OutputIntents"]
    catalog.OutputIntents = PDFArray([PDFDictionary(intent)])
    doc.info.trapped = "False"


class PrintCanvas(Canvas):
    """A Canvas that gives every page its TrimBox and BleedBox: the page it is on (pages
    of a document may differ in size, as a map's legend page may)."""

    def showPage(self) -> None:
        page = (0, 0, *self._pagesize)
        self.setTrimBox(page)
        self.setBleedBox(page)
        super().showPage()


def describe(canvas: Canvas, title: str, subject: str = "", author: str = "") -> None:
    """The document information: title, subject, author (left out, not "anonymous", when
    the scenario names none) and the studio as creator."""
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor(author)
    canvas.setCreator("Wargame Studio")


def scenario_subject(what: str, scenario) -> str:
    """The subject line of a scenario's export: what the file is, then the scenario's
    description, on one line."""
    words = " ".join((getattr(scenario, "description", "") or "").split())
    return f"{what}: {words}" if words else what


def new_canvas(path: str | os.PathLike, pagesize, form: PrintForm | None = None,
               **kwargs) -> Canvas:
    """A reportlab canvas that names no unembedded font (see the module docstring), gives
    every page its boxes and writes the print form asked for."""
    register_fonts()
    form = form or PrintForm()
    if form.cmyk:
        kwargs["enforceColorSpace"] = CmykConverter(form.cmyk_profile())
    canvas = PrintCanvas(os.fspath(path), pagesize=pagesize, initialFontName=FONT, **kwargs)
    canvas.setAuthor("")
    canvas.setSubject("")
    add_output_intent(canvas, form)
    return canvas


def canvas_maker(form: PrintForm | None = None):
    """``canvasmaker`` for platypus documents: :func:`new_canvas` with their arguments."""
    def make(path, pagesize=None, **kwargs):
        kwargs.pop("initialFontName", None)
        return new_canvas(path, pagesize, form, **kwargs)
    return make


__all__ = ["PrintForm", "PrintCanvas", "new_canvas", "canvas_maker", "add_output_intent",
           "to_cmyk", "srgb_profile", "describe", "scenario_subject", "formula_cmyk"]
