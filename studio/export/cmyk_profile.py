"""Process CMYK through a real ICC profile (Little CMS, through Pillow's ImageCms).

The profile is, in this order: the print shop's own CMYK profile (``--icc`` with
``--cmyk``), or one found on the machine (:data:`SYSTEM_PROFILES`: Ghostscript's
SWOP profile from Debian's ``libgs-common``, which ``scripts/setup.sh`` installs, or any
FOGRA39 or SWOP profile in the system's colour folders). None is bundled with the studio:
the free CMYK profiles Debian ships are Ghostscript's, under Ghostscript's licence (AGPL),
read from where the package puts them, never copied into the project.

Without a profile the colours are converted by the plain formula (K = 1 − max(R, G, B)),
and the output intent says so instead of naming a printing condition the numbers were not
made for; the command line and the Export dialog say how to get a profile.

Neutral greys, black text among them, stay on the black plate alone whatever the profile
would make of them: a profile separates black into all four inks (a "rich" black), and
thin lines and small type in four inks print out of register.

>>> formula_cmyk(1, 0, 0), formula_cmyk(0.5, 0.5, 0.5)
((0.0, 1.0, 1.0, 0.0), (0.0, 0.0, 0.0, 0.5))
"""
from __future__ import annotations

import glob
import io
import os
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, toColor

# Where Debian's packages put CMYK profiles: Ghostscript's (libgs-common) first, then any
# FOGRA39 or SWOP profile someone has installed among the system's profiles.
SYSTEM_PROFILES = ("/usr/share/color/icc/ghostscript/default_cmyk.icc",
                   "/usr/share/color/icc/**/*FOGRA39*.ic[cm]",
                   "/usr/share/color/icc/**/*[Ss][Ww][Oo][Pp]*.ic[cm]")

NO_PROFILE = ("no CMYK ICC profile was found, so the colours were converted by a plain "
              "formula, not for any press: install Debian's libgs-common (scripts/setup.sh "
              "does) or give the print shop's CMYK profile with --icc")

# Registered printing conditions (ICC's registry) a profile's description may name.
CONDITIONS = (("FOGRA39", "FOGRA39"), ("SWOP", "CGATS TR 001"))


@dataclass(frozen=True, slots=True)
class CmykProfile:
    """A CMYK ICC profile: its bytes, its description and the file it came from."""
    data: bytes
    description: str
    path: str

    @property
    def condition(self) -> str:
        """The registered condition the profile names (``FOGRA39``, ``CGATS TR 001`` for
        SWOP), or ``Custom``."""
        upper = self.description.upper()
        return next((ident for word, ident in CONDITIONS if word in upper), "Custom")


def read_cmyk_profile(path: str) -> CmykProfile | None:
    """The profile in ``path`` when it is a readable CMYK ICC profile, else None."""
    from PIL import ImageCms
    try:
        with open(path, "rb") as f:
            data = f.read()
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError):
        return None
    if profile.profile.xcolor_space.strip() != "CMYK":
        return None
    description = (ImageCms.getProfileDescription(profile) or os.path.basename(path)).strip()
    return CmykProfile(data, description, path)


@lru_cache(maxsize=1)
def system_cmyk_profile() -> CmykProfile | None:
    """The first CMYK profile of :data:`SYSTEM_PROFILES` on this machine."""
    for pattern in SYSTEM_PROFILES:
        for path in sorted(glob.glob(pattern, recursive=True)):
            profile = read_cmyk_profile(path)
            if profile is not None:
                return profile
    return None


def formula_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """CMYK by the formula with the most black (greys on the black plate alone)."""
    if abs(r - g) < 1e-6 and abs(g - b) < 1e-6:
        return (0.0, 0.0, 0.0, round(1 - r, 6))
    k = 1 - max(r, g, b)
    return (*(round((1 - v - k) / (1 - k), 6) for v in (r, g, b)), round(k, 6))


class CmykConverter:
    """``enforceColorSpace`` for a reportlab canvas: any colour to a CMYKColor, through
    ``profile`` (from sRGB, relative colorimetric with black point compensation) or by
    :func:`formula_cmyk` when there is none. Colours already in CMYK (spot colours among
    them) are kept."""

    def __init__(self, profile: CmykProfile | None) -> None:
        self.profile = profile
        self._transform = None
        if profile is not None:
            from PIL import ImageCms
            self._transform = ImageCms.buildTransform(
                ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile.data)),
                "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        self._cache: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    def values(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        """The four inks, 0..1, for an sRGB colour."""
        if self._transform is None or (abs(r - g) < 1e-6 and abs(g - b) < 1e-6):
            return formula_cmyk(r, g, b)
        key = tuple(max(0, min(255, round(v * 255))) for v in (r, g, b))
        if key not in self._cache:
            from PIL import Image
            pixel = Image.new("RGB", (1, 1), key)
            inks = self._transform.apply(pixel).getpixel((0, 0))
            self._cache[key] = tuple(round(v / 255, 4) for v in inks)
        return self._cache[key]

    def __call__(self, colour) -> CMYKColor:
        c = toColor(colour)
        if isinstance(c, CMYKColor):
            return c
        return CMYKColor(*self.values(c.red, c.green, c.blue), alpha=getattr(c, "alpha", 1))


__all__ = ["CmykProfile", "CmykConverter", "read_cmyk_profile", "system_cmyk_profile",
           "formula_cmyk", "NO_PROFILE", "SYSTEM_PROFILES"]
