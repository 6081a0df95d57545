"""A held-out check of `studio odds` for Quick and Dirty and Action Dice: a calculator of its
own, written from the rules pages and the library files alone (it imports nothing of the
engine's odds, combat or profiles), and `studio odds` must agree with it to the last digit
on every attack below, ordnance crews in melee included."""
from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from studio.cli import main

LIB = Path(__file__).resolve().parents[2] / "libraries"


def _yaml(folder, ident):
    return yaml.safe_load((LIB / folder / f"{ident}.yaml").read_text(encoding="utf-8"))


def _unit(list_id, unit_id):
    return next(u for u in _yaml("army-lists", list_id)["units"] if u["id"] == unit_id)


def _studio_odds(capsys, *args):
    assert main(["odds", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


# -- Quick and Dirty: the chart row by the difference, one d10 plus the modifiers ----------

def qnd_strength(u) -> int:
    st = u["stats"]
    return st["type_value"] + st["discipline_value"] + sum((st.get("equipment") or {}).values())


def qnd_bonus(u) -> int:
    return max([e.get("attack", 0) for e in (u["stats"].get("enhancements") or {}).values()],
               default=0)


def qnd_results(att, dfn, mod):
    rules = _yaml("rulesets", "quick-and-dirty")["options"]
    chart = rules["combat_chart"]
    diff = max(-20, min(20, att - dfn))
    row = next(r for r in chart if r["from"] <= diff <= r["to"])
    by_face = {}
    for key, result in row["rolls"].items():
        lo, _, hi = str(key).partition("-")
        for face in range(int(lo), int(hi or lo) + 1):
            by_face[face] = result
    out = Counter()
    for face in range(1, 11):
        out[by_face[max(1, min(10, face + mod))]] += Fraction(1, 10)
    return out


QND_CASES = [
    # attacker, defender, extra options, (rear, terrain, distance)
    ("qnd-free-companies/knights", "qnd-orc-hordes/hill-orcs", ()),
    ("qnd-free-companies/footmen", "qnd-orc-hordes/mountain-orcs", ("--aspect", "rear")),
    ("qnd-orc-hordes/hill-orcs", "qnd-free-companies/footmen", ("--terrain", "rough")),
    ("qnd-orc-hordes/draco-horribilis", "qnd-elven-host/elvish-archers", ("--aspect", "rear")),
    ("qnd-free-companies/crossbowmen", "qnd-orc-hordes/hill-orcs", ("--distance", "3")),
    ("qnd-elven-host/elvish-archers", "qnd-orc-hordes/goblin-clan", ("--distance", "4")),
    ("qnd-orc-hordes/goblin-clan", "qnd-elven-host/wizard-band", ()),
]


@pytest.mark.parametrize("attacker,defender,extra", QND_CASES)
def test_quick_and_dirty_odds_agree_with_a_held_out_calculator(capsys, attacker, defender,
                                                                extra):
    a, d = _unit(*attacker.split("/")), _unit(*defender.split("/"))
    rear = "rear" in extra
    rough = "rough" in extra
    distance = int(extra[extra.index("--distance") + 1]) if "--distance" in extra else 1
    mod = (2 if rear else 0) + (-1 if rough else 0) + qnd_bonus(a)
    expect = qnd_results(qnd_strength(a), qnd_strength(d), mod)
    missile = "missile" in (a.get("tags") or [])
    mob = "mob" in (d.get("tags") or [])
    saved = Fraction(5, 10) if missile and not rear and not mob else Fraction(0)
    got = _studio_odds(capsys, "--attacker", attacker, "--defender", defender, *extra)
    assert got["distance"] == distance
    for result in ("attacker-loss", "attacker-retreat", "locked", "defender-retreat",
                   "defender-loss"):
        assert got["outcomes"][result] == pytest.approx(float(expect[result]), abs=1e-12)
    loss = expect["defender-loss"]
    assert got["outcomes"]["defender-saved"] == pytest.approx(float(loss * saved), abs=1e-12)
    assert got["outcomes"]["defender-destroyed"] == pytest.approx(float(loss * (1 - saved)),
                                                                  abs=1e-12)


# -- Action Dice: every figure's dice summed, divided by Defense -----------------------------

STEPS = (4, 6, 8, 10, 12)


def ad_profile(list_id, unit_id):
    u = _unit(list_id, unit_id)
    st = dict(u["stats"])
    n, die = map(int, re.fullmatch(r"(\d+)d(\d+)", st["dice"]).groups())
    weapons = {w["id"]: w for w in _yaml("rulesets", "action-dice")["options"]["weapons"]}
    w = weapons[st.get("weapon", "hand-weapon")]
    return dict(st, n=n, die=die, wfight=w.get("fight", 0), wshoot=w.get("shoot", 0),
                ranged=w.get("range", 0) > 0, range_in=w.get("range", 0),
                long_in=w.get("long", 0))


def dice_total(count: int, die: int) -> Counter:
    """{sum: ways} of `count` dice: every combination for a few dice, else doubling."""
    if count <= 4:
        return Counter(sum(c) for c in itertools.product(range(1, die + 1), repeat=count))
    half = dice_total(count // 2, die)
    out = Counter()
    for x, wx in half.items():
        for y, wy in half.items():
            out[x + y] += wx * wy
    if count % 2:
        rest = out
        out = Counter()
        for x, wx in rest.items():
            for face in range(1, die + 1):
                out[x + face] += wx
    return out


def removed(figures, n, die, bonus, defense, cap, halve=False) -> dict:
    totals = dice_total(figures * n, die)
    space = die ** (figures * n)
    out = Counter()
    for total, ways in totals.items():
        k = (total + figures * bonus) // defense
        if halve:
            k //= 2
        out[min(k, cap)] += Fraction(ways, space)
    return out


def cap_of(p, figures):
    return STEPS.index(p["die"]) + 1 if p["type"] == "hero" else figures


def melee_side(p, figures):
    rank = min(figures, 5)
    if p["formation"] == "regiment" and p["type"] not in ("hero", "vehicle"):
        rank += min(figures - rank, 5)
    if p["type"] == "ordnance":
        return rank, 1, 4                     # S11/S14: 1d4 a crew figure
    die = STEPS[max(0, STEPS.index(p["die"]) - 1)] if p["ranged"] else p["die"]
    return rank, p["n"], die


AD_CASES = [
    ("ad-colonial-marines/gun-team", "ad-xeno-raiders/raider-pack", ()),
    ("ad-xeno-raiders/raider-pack", "ad-colonial-marines/gun-team", ()),
    ("ad-kingdom-of-men/bolt-thrower", "ad-orc-warband/orc-warriors", ()),
    ("ad-kingdom-of-men/spearmen", "ad-orc-warband/orc-warriors", ()),
    ("ad-kingdom-of-men/knights", "ad-orc-warband/orc-warriors", ("--rear",)),
    ("ad-kingdom-of-men/archers", "ad-orc-warband/wolf-riders", ()),
    ("ad-orc-warband/trolls", "ad-kingdom-of-men/captain", ()),
    ("ad-kingdom-of-men/archers", "ad-orc-warband/orc-warriors", ("--distance", "3")),
    ("ad-kingdom-of-men/bolt-thrower", "ad-orc-warband/trolls", ("--distance", "12")),
    ("ad-kingdom-of-men/bolt-thrower", "ad-orc-warband/trolls", ("--distance", "5")),
]


@pytest.mark.parametrize("attacker,defender,extra", AD_CASES)
def test_action_dice_odds_agree_with_a_held_out_calculator(capsys, attacker, defender, extra):
    a, d = ad_profile(*attacker.split("/")), ad_profile(*defender.split("/"))
    distance = int(extra[extra.index("--distance") + 1]) if "--distance" in extra else 1
    a_cap, d_cap = cap_of(a, a["figures"]), cap_of(d, d["figures"])
    if distance <= 1:
        figs, n, die = melee_side(a, a["figures"])
        to_d = removed(figs, n, die, a["fight"] + a["wfight"], d["defense"], d_cap)
        back = not ("--rear" in extra and d["formation"] == "regiment")
        if back:
            figs, n, die = melee_side(d, d["figures"])
            to_a = removed(figs, n, die, d["fight"] + d["wfight"], a["defense"], a_cap)
        else:
            to_a = Counter({0: Fraction(1)})
    else:
        shooters = 1 if a["type"] in ("ordnance", "vehicle", "hero") else a["figures"]
        # a hex is two inches on the bundled table: beyond the short range is long range
        long = a["type"] == "ordnance" and distance > math.floor(a["range_in"] / 2)
        to_d = removed(shooters, a["n"], a["die"], a["shoot"] + a["wshoot"], d["defense"],
                       d_cap, halve=long)
        to_a = Counter({0: Fraction(1)})
    got = _studio_odds(capsys, "--attacker", attacker, "--defender", defender, *extra)
    for who, expect in (("defender", to_d), ("attacker", to_a)):
        table = {int(k): v for k, v in got["figures_removed"][who].items()}
        want = {k: float(v) for k, v in expect.items() if v}
        assert set(table) == set(want), (who, table, want)
        for k, p in want.items():
            assert table[k] == pytest.approx(p, abs=1e-12), (who, k)
