"""Text typed into an editor cell <-> model values, refusing bad input with the reason.

The army-list and terrain-set editors show every value as short text ("7/2", "1/2",
"impassable", "infantry, heavy") and parse what the designer types with these functions;
a ValueError's message is what the status bar shows.

>>> parse_attack("7/2")
Attack(form='melee-ranged', flat=None, melee=7, ranged=2, bands=[])
>>> format_attack(parse_attack("1:7, 2-5:3, 6+:-"))
'1:7, 2-5:3, 6+:-'
>>> parse_attack("9x")
Traceback (most recent call last):
...
ValueError: attack '9x' is not a rating: use a number, 'melee/ranged' like 7/2, or bands like 1:7,2-5:3
>>> parse_number("-1", "move", minimum=0)
Traceback (most recent call last):
...
ValueError: move must be a number ≥ 0, not '-1'
>>> parse_mp("1/2"), format_mp(parse_mp("impassable"))
(Fraction(1, 2), 'impassable')
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterable

from studio.model import Attack

NONE_WORDS = ("", "-", "—", "none", "null")
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_INT_RE = re.compile(r"^[+-]?\d+$")
_NUMBER_RE = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_BAND_RE = re.compile(r"^([1-9]\d*)(?:-([1-9]\d*)|(\+))?$")

ATTACK_HELP = "use a number, 'melee/ranged' like 7/2, or bands like 1:7,2-5:3"


def is_none(text: str) -> bool:
    return text.strip().lower() in NONE_WORDS


def _tidy(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def format_number(value: int | float | Fraction | None) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return str(_tidy(value))


def parse_number(text: str, field: str, *, minimum: float | None = None,
                 integer: bool = False, optional: bool = True) -> int | float | None:
    """A number typed into a cell; empty (or '-') is None when `optional`."""
    raw = text.strip()
    what = "a whole number" if integer else "a number"
    bound = f" ≥ {format_number(minimum)}" if minimum is not None else ""
    if is_none(raw):
        if optional:
            return None
        raise ValueError(f"{field} needs a value: type {what}{bound}")
    pattern = _INT_RE if integer else _NUMBER_RE
    if not pattern.match(raw):
        raise ValueError(f"{field} must be {what}{bound}, not {raw!r}")
    value = int(raw) if integer else _tidy(float(raw))
    if minimum is not None and value < minimum:
        raise ValueError(f"{field} must be {what}{bound}, not {raw!r}")
    return value


def _rating(text: str, whole: str) -> int | None:
    raw = text.strip()
    if is_none(raw):
        return None
    if not _INT_RE.match(raw):
        raise ValueError(f"attack {whole!r} is not a rating: {ATTACK_HELP}")
    return int(raw)


def parse_attack(text: str) -> Attack:
    """'7' (every distance), '7/2' (melee/ranged, '-' for none), '1:7, 2-5:3, 6+:-' (bands),
    or empty for no attack."""
    raw = text.strip()
    if is_none(raw):
        return Attack.flat_rating(None)
    if ":" in raw:
        bands = []
        seen: set[tuple[int, int | None]] = set()
        for part in raw.split(","):
            if ":" not in part:
                raise ValueError(f"attack {raw!r} is not a rating: {ATTACK_HELP}")
            key, value = part.split(":", 1)
            m = _BAND_RE.match(key.strip())
            if m is None:
                raise ValueError(f"attack {raw!r}: band {key.strip()!r} is not a distance; "
                                 "write N, N-M or N+ (like 2-5 or 6+)")
            first = int(m.group(1))
            last = None if m.group(3) else int(m.group(2) or first)
            if last is not None and last < first:
                raise ValueError(f"attack {raw!r}: band {key.strip()!r} ends before it starts")
            if (first, last) in seen:
                raise ValueError(f"attack {raw!r}: band {key.strip()!r} is given twice")
            seen.add((first, last))
            bands.append((first, last, _rating(value, raw)))
        return Attack.from_bands(bands)
    if "/" in raw:
        parts = raw.split("/")
        if len(parts) != 2:
            raise ValueError(f"attack {raw!r} is not a rating: {ATTACK_HELP}")
        return Attack.melee_ranged(_rating(parts[0], raw), _rating(parts[1], raw))
    return Attack.flat_rating(_rating(raw, raw))


def _band_key(first: int, last: int | None) -> str:
    if last is None:
        return f"{first}+"
    return str(first) if first == last else f"{first}-{last}"


def format_attack(attack: Attack) -> str:
    def r(value: int | None) -> str:
        return "-" if value is None else str(value)
    if attack.form == "flat":
        return "" if attack.flat is None else str(attack.flat)
    if attack.form == "melee-ranged":
        return f"{r(attack.melee)}/{r(attack.ranged)}"
    return ", ".join(f"{_band_key(f, l)}:{r(v)}" for f, l, v in attack.bands)


def parse_id(text: str, field: str = "id") -> str:
    raw = text.strip()
    if not ID_RE.match(raw):
        raise ValueError(f"{field} {raw!r} is not kebab-case: use lower-case letters and digits "
                         "joined by single hyphens, like heavy-cavalry")
    return raw


def parse_ids(text: str, field: str = "tag") -> list[str]:
    """A comma- or space-separated list of kebab-case ids, each once, in the order typed."""
    out: list[str] = []
    for word in re.split(r"[,\s]+", text.strip()):
        if not word:
            continue
        parse_id(word, field)
        if word not in out:
            out.append(word)
    return out


def format_ids(items: Iterable[str]) -> str:
    return ", ".join(items)


def parse_name(text: str, field: str = "name") -> str:
    raw = text.strip()
    if not raw:
        raise ValueError(f"{field} cannot be empty: type a name")
    return raw


def parse_mp(text: str) -> Fraction | None:
    """Movement points: a number ≥ 0, a fraction like 1/2, or 'impassable' (None)."""
    raw = text.strip().lower()
    if raw in ("impassable", "x", "∞"):
        return None
    try:
        value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"MP {text.strip()!r} is not a cost: type a number ≥ 0, a fraction "
                         "like 1/2, or impassable") from None
    if value < 0:
        raise ValueError(f"MP must be a number ≥ 0, a fraction like 1/2, or impassable, not "
                         f"{text.strip()!r}")
    return value


def format_mp(value: Fraction | None) -> str:
    return "impassable" if value is None else format_number(value)


def parse_extra_mp(text: str, field: str, optional: bool = True) -> Fraction | None:
    raw = text.strip()
    if is_none(raw) and optional:
        return None
    if raw.lower() == "impassable":
        raise ValueError(f"{field} must be a number ≥ 0 or a fraction like 1/2")
    return parse_mp(raw)


def parse_symbol(text: str, others: Iterable[str] = ()) -> str:
    """A terrain symbol: one character, not a space or '#', not used by another terrain."""
    if len(text) != 1:
        raise ValueError(f"symbol {text!r} must be exactly one character")
    if text.isspace() or text == "#":
        raise ValueError(f"symbol {text!r} cannot be a space or '#': maps use those for layout "
                         "and comments")
    if text in set(others):
        raise ValueError(f"symbol {text!r} is already used by another terrain of the set; "
                         "symbols must be unique")
    return text


def parse_colour(text: str) -> str:
    raw = text.strip()
    if not COLOUR_RE.match(raw):
        raise ValueError(f"colour {raw!r} must be written #rrggbb (six hexadecimal digits), "
                         "like #5e9a4a")
    return raw.lower()


def parse_bool(text: str, field: str) -> bool:
    raw = text.strip().lower()
    if raw in ("yes", "true", "1", "y", "on"):
        return True
    if raw in ("", "no", "false", "0", "n", "off"):
        return False
    raise ValueError(f"{field} must be yes or no, not {text.strip()!r}")


def parse_pairs(text: str, field: str, keys: Iterable[str] | None = None,
                minimum: int = 0) -> dict[str, int]:
    """'front: 2, aft: 1' -> {'front': 2, 'aft': 1}; `keys` limits the names allowed."""
    allowed = list(keys) if keys is not None else None
    out: dict[str, int] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if ":" not in part:
            raise ValueError(f"{field}: {part.strip()!r} needs a name and a number, like "
                             f"{(allowed or ['troops'])[0]}: 2")
        key, value = (s.strip() for s in part.split(":", 1))
        if allowed is not None and key not in allowed:
            raise ValueError(f"{field}: {key!r} is not one of {', '.join(allowed)}")
        if allowed is None:
            parse_id(key, f"{field} name")
        out[key] = parse_number(value, f"{field} {key}", minimum=minimum, integer=True,
                                optional=False)
    return out


def format_pairs(values: dict | None) -> str:
    return ", ".join(f"{k}: {format_number(v)}" for k, v in (values or {}).items())


_FIGURES_RE = re.compile(r"^\s*(\d+)\s*[x×*]\s*([a-z0-9]+(?:-[a-z0-9]+)*)\s*(?:;\s*(.*))?$")


def parse_figures(text: str):
    """'20 × man-sword; medium-armour, shield' -> Figures(20, 'man-sword', [...]); empty: None."""
    from studio.model import Figures
    if is_none(text):
        return None
    m = _FIGURES_RE.match(text)
    if m is None or int(m.group(1)) < 1:
        raise ValueError(f"figures {text.strip()!r}: write count × figure type, then the "
                         "equipment after a semicolon, like 20 × man-sword; medium-armour")
    return Figures(int(m.group(1)), m.group(2), parse_ids(m.group(3) or "", "equipment"))


def format_figures(figures) -> str:
    if figures is None:
        return ""
    kit = f"; {', '.join(figures.equipment)}" if figures.equipment else ""
    return f"{figures.count} × {figures.type}{kit}"
