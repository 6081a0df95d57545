"""Counters look like their own game: a 1/2in Quick and Dirty counter keeps strength,
move, flying and range; an Action Dice counter's symbol box tells foot, riders and
missile troops apart; a three-sided sheet has an initiative marker for every side."""
from __future__ import annotations

import subprocess

from PIL import Image

from studio.cli import main
from studio.io import default_library, load_file

from export_support import poppler_words

QND = "templates/scenarios/qnd-battle-of-three-armies.yaml"
AD = "templates/scenarios/ad-border-skirmish.yaml"


def test_quick_and_dirty_half_inch_counters_keep_every_stat(tmp_path):
    from studio.export.counter_faces import unit_counter
    out = tmp_path / "c.pdf"
    assert main(["export", "counters", QND, "-o", str(out), "--counter-size", "1/2in",
                 "--quiet"]) == 0
    library = default_library()
    scenario = load_file(QND).model
    words = poppler_words(out)[0]
    texts = [w[0] for w in words]
    for side in scenario.sides:
        al = library.army_list(side.army.army_list)
        for entry in side.army.units:
            unit = al.unit(entry.type)
            stats = unit.stats
            move = f"{unit.move}" + ("F" if unit.flying else "")
            front, _ = unit_counter(al, unit, side.colour, rules=_rules(library, al))
            assert front.stats[1] == move
            assert move in texts, (unit.name, move)
            assert stats["discipline"] in texts, unit.name
    # the griffons (fly, no range) and the archers (range 4) once more, by their squares
    griffon = _square_of(words, "Griffon")
    assert {"6", "8F", "–", "irregular"} <= set(griffon)
    archers = _square_of(words, "Elv.") or _square_of(words, "Elvish")
    assert {"6", "4", "elite"} <= set(archers) and archers.count("4") == 2


def _rules(library, army_list):
    from studio.rulesets import rules_named, system_of
    return rules_named(system_of(library.ruleset(army_list.ruleset)))


def _square_of(words, first_word: str, size_pt: float = 36.0, margin: float = 36.0
               ) -> list[str]:
    """The words of the first counter whose name starts with `first_word`: those inside
    its square on the sheet's grid (the page margin, then counters edge to edge)."""
    name = next((w for w in words if w[0] == first_word), None)
    if name is None:
        return []
    left = margin + size_pt * ((name[1] - margin) // size_pt)
    top = name[2] - 6 * size_pt / 100
    return [w[0] for w in words if left <= (w[1] + w[3]) / 2 < left + size_pt
            and top <= (w[2] + w[4]) / 2 < top + size_pt]


def test_the_quick_and_dirty_counter_key_reads_its_own_stats(tmp_path):
    out = tmp_path / "p.pdf"
    assert main(["export", "playsheet", QND, "-o", str(out), "--quiet"]) == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "strength · move (F: flies) · missile range" in text
    assert "discipline" in text
    assert "attack · defense · move" not in text and "morale M" not in text


def _dark(img, box) -> int:
    x0, y0, x1, y1 = (int(v) for v in box)
    return sum(1 for x in range(x0, x1) for y in range(y0, y1)
               if sum(img.getpixel((x, y))[:3]) < 200)


def test_action_dice_symbols_tell_the_combatant(tmp_path, dpi=200):
    """The symbol box of each counter (5/8in, 45pt) is found from the name above it; a
    body of foot shows both diagonals, riders one, archers a bow low in the box."""
    out = tmp_path / "c.pdf"
    assert main(["export", "counters", AD, "-o", str(out), "--quiet"]) == 0
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(out),
                    str(tmp_path / "p")], check=True)
    img = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")
    words = poppler_words(out)[0]
    k = dpi / 72
    u = 45 / 100

    def box(name: str) -> tuple[float, float, float, float]:
        w = next(w for w in words if w[0] == name)
        left = (w[1] + w[3]) / 2 - 50 * u           # names are centred on the counter
        top = w[2] - 6 * u                          # poppler's box starts 6u under the cut
        pad = 2.5 * u                               # inside the frame's line
        return ((left + 8 * u + pad) * k, (top + 23 * u + pad) * k,
                (left + 56 * u - pad) * k, (top + 55 * u - pad) * k)

    def quarter(b, fx, fy):
        x0, y0, x1, y1 = b
        x, y = x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy
        return (x - 3, y - 3, x + 3, y + 3)

    for name in ("Spearmen", "Knights", "Archers", "Orc", "Wolf", "Warboss", "Bolt"):
        assert _dark(img, box(name)) > 20, f"{name}: empty symbol box"
    foot, riders = box("Spearmen"), box("Knights")
    # both diagonals cross the upper left quarter of a foot box; a rider's does not
    assert _dark(img, quarter(foot, 0.2, 0.2)) > 0
    assert _dark(img, quarter(riders, 0.2, 0.2)) == 0
    assert _dark(img, quarter(riders, 0.8, 0.2)) > 0
    assert _dark(img, quarter(box("Archers"), 0.5, 0.75)) > 0       # the bow


def test_three_sides_get_an_initiative_marker_each(tmp_path):
    out = tmp_path / "c.pdf"
    assert main(["export", "counters", QND, "-o", str(out), "--quiet"]) == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                          check=True).stdout
    for letter in "ABC":
        assert f"PLAYER {letter}" in text
    two = tmp_path / "two.pdf"
    assert main(["export", "counters", "templates/scenarios/qnd-mirror.yaml", "-o", str(two),
                 "--quiet"]) == 0
    text = subprocess.run(["pdftotext", str(two), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "PLAYER A" in text and "PLAYER B" in text and "PLAYER C" not in text
