"""Issue 29 item 1: a game with more sides than the initiative die has faces ends. Rules of
War re-rolled every tie on a d10, so with 11 sides there was always a tie and the game
looped while its log grew. Each game here is bounded by work, not time: the dice may be
rolled at most ROLL_BUDGET times."""
import copy

import pytest
import yaml

from fuzz_cases import ROOT, _cli
from studio.engine import dice as dice_module

ROLL_BUDGET = 200_000


class _TooManyRolls(Exception):
    pass


@pytest.fixture
def roll_budget(monkeypatch):
    """Dice that stop the game after ROLL_BUDGET rolls (a looping initiative)."""
    real = dice_module.Dice.roll
    count = [0]

    def counted(self, sides):
        count[0] += 1
        if count[0] > ROLL_BUDGET:
            raise _TooManyRolls(f"more than {ROLL_BUDGET} dice rolled")
        return real(self, sides)

    monkeypatch.setattr(dice_module.Dice, "roll", counted)
    return count


def many_sides(template: str, sides: int, folder) -> str:
    """The template with its second side copied up to `sides` sides, each copy one unit
    strong (none on a map without units) along the top and bottom rows."""
    data = yaml.safe_load((ROOT / "templates" / "scenarios" / template).read_text())
    model = data["sides"][1]
    rows = data["map"]["rows"]
    free = [f"{c:02d}{r:02d}" for r in (1, 2, rows - 1, rows) for c in range(5, 17)]
    for k in range(len(data["sides"]), sides):
        side = {key: copy.deepcopy(value) for key, value in model.items()
                if key not in ("map_edge", "composition", "units")}
        side.update(id=f"extra-{k}", name=f"Extra {k}", units=[])
        if model.get("units"):
            unit = next({key: value for key, value in u.items() if key != "id"}
                        for u in model["units"] if u.get("leader"))
            side["units"] = [dict(unit, hex=free.pop(0))]
        data["sides"].append(side)
    path = folder / f"{sides}-{template}"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


@pytest.mark.parametrize("template", ["blank-20x15-flat.yaml", "qnd-mirror.yaml",
                                      "ad-mirror.yaml"])
@pytest.mark.parametrize("sides", [11, 12, 40])
def test_a_game_of_many_sides_ends(template, sides, tmp_path, roll_budget):
    path = many_sides(template, sides, tmp_path)
    code, said = _cli(["validate", path])
    assert code == 0, said
    for seed in range(3):
        code, said = _cli(["play", path, "--seed", str(seed), "--quiet"])
        assert code == 0, said
