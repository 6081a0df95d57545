"""Embedded fonts and text fitting.

The Bitstream Vera TTFs ship inside the reportlab package, so every PDF embeds its font
and prints "Éowyn" and "Théoden" the same on any machine; no system font is looked up.
Each document embeds only the glyphs it prints, without hinting or a 'name' table
(``font_subset``).

>>> register_fonts()
'Vera'
>>> fit_text("Hoplites", FONT_BOLD, 8, 5, 200)
('Hoplites', 8)
>>> fit_text("Scythian Horse Archers", FONT_BOLD, 6, 4, 41)
('Scyt. Horse Arch.', 4)
"""
from __future__ import annotations

import os
from functools import lru_cache

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from .font_subset import SlimTTFont

FONT = "Vera"
FONT_BOLD = "Vera-Bold"
FONT_ITALIC = "Vera-Italic"
FONT_BOLD_ITALIC = "Vera-BoldItalic"

_FILES = {FONT: "Vera.ttf", FONT_BOLD: "VeraBd.ttf", FONT_ITALIC: "VeraIt.ttf",
          FONT_BOLD_ITALIC: "VeraBI.ttf"}


def font_directory() -> str:
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts")


def register_fonts() -> str:
    """Register the Vera family once (bold/italic mapped for Paragraph markup); returns
    the regular face's name."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        folder = font_directory()
        for name, filename in _FILES.items():
            path = os.path.join(folder, filename)
            if not os.path.exists(path):
                raise FileNotFoundError(
                    f"font file {path} is missing: the reportlab package ships it; "
                    f"reinstall reportlab (pip install --force-reinstall reportlab)")
            # Not ASCII-readable: reportlab would otherwise embed all 95 printable ASCII
            # glyphs whether a document prints them or not, to keep its content streams
            # legible as plain text; readers take the text from the ToUnicode map anyway.
            pdfmetrics.registerFont(SlimTTFont(name, path, asciiReadable=False))
        addMapping(FONT, 0, 0, FONT)
        addMapping(FONT, 1, 0, FONT_BOLD)
        addMapping(FONT, 0, 1, FONT_ITALIC)
        addMapping(FONT, 1, 1, FONT_BOLD_ITALIC)
    return FONT


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


_FILLER = {"of", "the", "and", "de", "la", "le", "du", "von", "van", "der", "&"}
_VOWELS = set("aeiouyAEIOUYàáâäéèêëíìîïóòôöúùûüÀÁÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜ")


def _cut(word: str, keep: int) -> str:
    """``word`` cut to ``keep`` letters (fewer if they end in vowels, never under 3) + '.'."""
    core = word[:keep]
    while len(core) > 3 and core[-1] in _VOWELS:
        core = core[:-1]
    return core + "."


def abbreviate(text: str, font: str, size: float, width: float) -> str:
    """Shorten a name until it fits ``width``: small words (of, the...) go, long words are
    cut (longest first) to 6, then 5, 4 and 3 letters with a dot; then trailing words go;
    then letters.

    >>> abbreviate("Lothlorien High Elves", FONT, 5, 40)
    'Loth. High Elv.'
    """
    if text_width(text, font, size) <= width:
        return text
    words = text.split()
    fits = lambda ws: text_width(" ".join(ws), font, size) <= width  # noqa: E731
    trimmed = [w for i, w in enumerate(words) if i == 0 or w.lower() not in _FILLER]
    if trimmed and len(trimmed) < len(words):
        words = trimmed
        if fits(words):
            return " ".join(words)
    for keep in (6, 5, 4, 3):
        order = sorted(range(len(words)), key=lambda i: -len(words[i]))
        for i in order:
            w = words[i]
            if len(w.rstrip(".")) > keep and len(w) > 4:
                words[i] = _cut(w.rstrip("."), keep)
                if fits(words):
                    return " ".join(words)
    while len(words) > 1 and not fits(words):
        words.pop()
    out = " ".join(words)
    while len(out) > 1 and text_width(out, font, size) > width:
        out = out[:-2] + "."
    return out


@lru_cache(maxsize=4096)
def fit_text(text: str, font: str, size: float, min_size: float, width: float,
             step: float = 0.25) -> tuple[str, float]:
    """``(text, size)`` that fits ``width``: shrink from ``size`` down to ``min_size``,
    then abbreviate at ``min_size``."""
    s = size
    while s >= min_size - 1e-9:
        if text_width(text, font, s) <= width:
            return text, s
        s -= step
    return abbreviate(text, font, min_size, width), min_size
