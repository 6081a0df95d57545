"""How fast `studio.io` loads: the bundled libraries plus a large generated scenario.

Prints plain numbers (best of N runs, milliseconds):
  * load + schema check + model build of every file with studio.io, against a bare
    `yaml.load(text, Loader=CSafeLoader)` of the same files (goal for the YAML step: <= 1.2x);
  * the schema step with jsonschema against fastjsonschema, both compiled once
    (goal: <= 3x); skipped with a note when fastjsonschema is not importable.

    python3 benchmarks/bench_load.py [--repeat 20] [--units-per-side 60] [--size 200]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import yaml

if __package__ in (None, ""):   # run as a script from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studio.io import load_file, save_file  # noqa: E402
from studio.io.kinds import schemas_dir  # noqa: E402
from studio.io.library import bundled_library_dir, yaml_files  # noqa: E402
from studio.io.saver import write_text_atomic  # noqa: E402
from studio.io.schema_check import check, schema_registry, validator  # noqa: E402
from studio.io.yaml_source import parse_yaml  # noqa: E402
from studio.model import (Army, HexMap, RosterUnit, Scenario, Side,  # noqa: E402
                          VictoryCondition)

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def best(*fns, repeat: int) -> list[float]:
    """Best wall time of `repeat` calls of each function, in milliseconds. The functions
    take turns, so a busy machine slows all of them alike and the ratios stay fair."""
    times = [[] for _ in fns]
    for _ in range(repeat):
        for fn, spent in zip(fns, times):
            t0 = time.perf_counter()
            fn()
            spent.append(time.perf_counter() - t0)
    return [min(spent) * 1000 for spent in times]


# -- inputs ---------------------------------------------------------------------------------
SMALL_TERRAIN = """kind: terrain-set
format: 1
id: bench-ground
name: Bench Ground
terrain:
  - {id: open, name: Open, symbol: ".", colour: "#dddddd", mp: 1}
  - {id: forest, name: Forest, symbol: "f", colour: "#336633", mp: 2, defense: 1}
  - {id: water, name: Water, symbol: "~", colour: "#3366cc", mp: impassable}
"""

SMALL_LIST = """kind: army-list
format: 1
id: bench-{n}
name: Bench {n}
era: ancients
scales: [tactical]
terrain_set: bench-ground
units:
  - {{id: foot, name: Foot, move: 2, attack: 6, defense: 6, morale: 7}}
  - {{id: bow, name: Bow, move: 2, range: 3, attack: {{melee: 3, ranged: 4}}, defense: 4, morale: 6}}
  - {{id: horse, name: Horse, tags: [cavalry], move: 5, attack: 7, defense: 5, morale: 7}}
"""


def library_files(tmp: Path) -> tuple[list[Path], str, list[str], list[str]]:
    """Library files to load, and the terrain set / army lists the scenario will use."""
    files = yaml_files(bundled_library_dir())
    docs = [load_file(f) for f in files]
    terrains = [d.model for d in docs if d.kind == "terrain-set" and d.ok]
    lists = [d.model for d in docs if d.kind == "army-list" and d.ok and d.model.units]
    for ts in terrains:
        fitting = [al for al in lists if al.terrain_set == ts.id]
        if len(fitting) >= 2:
            return files, ts.id, [t.symbol for t in ts.terrain], \
                [al.id for al in fitting[:2]] + [[u.id for u in al.units] for al in fitting[:2]]
    print("bundled libraries lack a terrain set with two army lists: generating small ones")
    (tmp / "lib").mkdir()
    write_text_atomic(tmp / "lib" / "bench-ground.yaml", SMALL_TERRAIN)
    for n in (1, 2):
        write_text_atomic(tmp / "lib" / f"bench-{n}.yaml", SMALL_LIST.format(n=n))
    files = files + yaml_files(tmp / "lib")
    return files, "bench-ground", [".", "f", "~"], \
        ["bench-1", "bench-2", ["foot", "bow", "horse"], ["foot", "bow", "horse"]]


def big_scenario(size: int, per_side: int, terrain_set: str, symbols: list[str],
                 lists: list, rng: random.Random) -> Scenario:
    list_a, list_b, units_a, units_b = lists
    rows = ["".join(rng.choice(symbols[:3]) for _ in range(size)) for _ in range(size)]
    elevation = ["".join(rng.choice("0001112") for _ in range(size)) for _ in range(size)]
    width = max(2, len(str(size)))

    def label(col: int, row: int) -> str:
        return f"{col:0{width}d}{row:0{width}d}"

    sides = []
    for n, (side_id, army_list, types, first_col) in enumerate(
            [("west", list_a, units_a, 1), ("east", list_b, units_b, size - 9)]):
        roster = [RosterUnit(type=types[i % len(types)],
                             hex=label(first_col + i % 10, 1 + i // 10),
                             facing="NE" if n == 0 else "SW")
                  for i in range(per_side)]
        roster[0].leader = True
        sides.append(Side(side_id, side_id.title(), "#2b5fa8" if n == 0 else "#a8322b",
                          Army(army_list, roster, points_limit=None),
                          map_edge=side_id, setup_zone=[label(first_col, 1) + "-"
                                                        + label(first_col + 9, size)]))
    return Scenario(
        id="bench-battle", name="Bench Battle", ruleset="rules-of-war",
        terrain_set=terrain_set,
        map=HexMap(size, size, "flat", "even", rows, elevation),
        sides=sides,
        victory=[VictoryCondition("west", "destroy-leader"),
                 VictoryCondition("east", "survive")],
        description="A generated battle for timing the loader.\n")


# -- timings --------------------------------------------------------------------------------
def fast_validators():
    try:
        import fastjsonschema
    except ImportError:
        return None
    registry, by_kind = schema_registry()
    by_uri = {}
    for path in schemas_dir().glob("*.schema.json"):
        with open(path, encoding="utf-8") as f:
            sch = json.load(f)
        by_uri[sch["$id"]] = sch
    handlers = {"https": lambda uri: by_uri[uri.split("#")[0]]}
    return {kind: fastjsonschema.compile(sch, handlers=handlers)
            for kind, sch in by_kind.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20, help="runs per timing (best is kept)")
    ap.add_argument("--size", type=int, default=200, help="map columns and rows")
    ap.add_argument("--units-per-side", type=int, default=60)
    args = ap.parse_args(argv)
    rng = random.Random(1)

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        files, ts_id, symbols, lists = library_files(tmp)
        scen = big_scenario(args.size, args.units_per_side, ts_id, symbols, lists, rng)
        scen_path = tmp / "bench-battle.yaml"
        save_file(scen, scen_path)
        loaded = load_file(scen_path)
        if not loaded.ok:
            for d in loaded.diagnostics:
                print(d.format())
            return 1
        files = files + [scen_path]
        raw = [f.read_bytes() for f in files]
        texts = [r.decode("utf-8") for r in raw]
        print(f"files: {len(files)} ({len(raw) - 1} library files + a {args.size}x{args.size} "
              f"scenario with {args.units_per_side} units on each of 2 sides), "
              f"{sum(map(len, raw)) / 1024:.0f} KiB in all")

        bare, yaml_step = best(lambda: [yaml.load(t, Loader=Loader) for t in texts],
                               lambda: [parse_yaml(r) for r in raw], repeat=args.repeat)
        bare_files, full = best(lambda: [yaml.load(f.read_text("utf-8"), Loader=Loader)
                                         for f in files],
                                lambda: [load_file(f) for f in files], repeat=args.repeat)
        print(f"bare yaml.load (CSafeLoader), text in memory   {bare:9.2f} ms")
        print(f"studio.io YAML step (parse_yaml, bytes)        {yaml_step:9.2f} ms   "
              f"ratio {yaml_step / bare:.2f}  (goal <= 1.2)")
        print(f"bare read + yaml.load of the files             {bare_files:9.2f} ms")
        print(f"studio.io load_file (read+YAML+schema+model)   {full:9.2f} ms   "
              f"ratio {full / bare_files:.2f}")

        sources = [parse_yaml(t) for t in texts]
        datas = [(src.data["kind"], src.data, src.positions) for src in sources]
        validators = {kind: validator(kind) for kind, _, _ in datas}

        def with_studio():
            for kind, data, positions in datas:
                check(data, kind, positions, None)

        def with_jsonschema():
            for kind, data, _ in datas:
                for _ in validators[kind].iter_errors(data):
                    pass

        fast = fast_validators()

        def with_fast():
            for kind, data, _ in datas:
                fast[kind](data)

        if fast is None:
            ours, js = best(with_studio, with_jsonschema, repeat=args.repeat)
        else:
            ours, js, fj = best(with_studio, with_jsonschema, with_fast, repeat=args.repeat)
        print(f"schema step, studio.io check                   {ours:9.2f} ms   "
              "(compiled yes/no; jsonschema only when that says no)")
        print(f"schema step, jsonschema iter_errors alone      {js:9.2f} ms")
        if fast is None:
            print("fastjsonschema is not importable: schema comparison skipped")
            return 0
        print(f"schema step, fastjsonschema (compiled once)    {fj:9.2f} ms")
        print(f"ratio studio.io check / fastjsonschema         {ours / fj:9.2f}      (goal <= 3)")
        print(f"ratio jsonschema alone / fastjsonschema        {js / fj:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
