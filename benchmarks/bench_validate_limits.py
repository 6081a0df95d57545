"""How long `studio validate` takes on files at the limits validate accepts (issue 29 item
12: every legal file under 2 s). Each file is built here, validated in this process, and its
wall and CPU seconds printed (CPU is what a busy machine does not inflate).

    nice python3 benchmarks/bench_validate_limits.py [--sides 64,1000] [--maps 300x300]
                                                     [--objectives 1000,32000]
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BLANK = ROOT / "templates" / "scenarios" / "blank-20x15-flat.yaml"


class _Dumper(yaml.SafeDumper):
    """Map rows as a literal block, one line a row, as the studio writes them."""


_Dumper.add_representer(str, lambda dumper, text: dumper.represent_scalar(
    "tag:yaml.org,2002:str", text, style="|" if "\n" in text else None))


def many_sides(count: int) -> dict:
    data = yaml.safe_load(BLANK.read_text())
    model = data["sides"][1]
    for k in range(len(data["sides"]), count):
        data["sides"].append(copy.deepcopy(dict(model, id=f"side-{k}", name=f"Side {k}")))
    return data


def long_map(columns: int, rows: int) -> dict:
    data = yaml.safe_load(BLANK.read_text())
    data["map"].update(columns=columns, rows=rows,
                       terrain="\n".join(["." * columns] * rows) + "\n")
    digits = 2 if columns < 100 and rows < 100 else (3 if max(columns, rows) < 1000 else 5)
    for side in data["sides"]:
        side["setup_zone"] = [f"{1:0{digits}d}{1:0{digits}d}-{1:0{digits}d}{rows:0{digits}d}"]
    return data


def many_objectives(count: int) -> dict:
    data = yaml.safe_load(BLANK.read_text())
    data["objectives"] = [{"hex": f"{k % 20 + 1:02d}{k // 20 % 15 + 1:02d}",
                           "name": f"objective {k}", "points": 1} for k in range(count)]
    return data


def validate_seconds(data: dict, folder: Path, name: str) -> tuple[int, float, float, str]:
    from studio.cli import main
    path = folder / name
    path.write_text(yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                              width=10 ** 6))
    lines = path.read_text().count("\n")
    wall, cpu = time.perf_counter(), time.process_time()
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        code = main(["validate", str(path)])
    last = said.getvalue().strip().splitlines()[-1] if said.getvalue().strip() else ""
    return lines, time.perf_counter() - wall, time.process_time() - cpu, f"exit {code}: {last}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", default="64,1000")
    parser.add_argument("--maps", default="300x300,9x9999")
    parser.add_argument("--objectives", default="1000,13000,32000")
    args = parser.parse_args()
    from studio.cli import main as warm
    with contextlib.redirect_stdout(io.StringIO()):
        warm(["validate", str(BLANK)])              # imports and the bundled library
    # CPU seconds are this process's: validate runs here, and a loaded machine inflates the
    # wall time, not them.
    with tempfile.TemporaryDirectory(prefix="bench-validate-") as folder:
        print(f"{'file':<22} {'lines':>7} {'wall s':>7} {'cpu s':>6}  result")
        cases = [(f"{n} sides", many_sides(int(n))) for n in args.sides.split(",")]
        cases += [(f"map {spec}", long_map(*map(int, spec.split("x"))))
                  for spec in args.maps.split(",")]
        cases += [(f"{n} objectives", many_objectives(int(n)))
                  for n in args.objectives.split(",")]
        for label, data in cases:
            lines, wall, cpu, result = validate_seconds(data, Path(folder), "f.yaml")
            print(f"{label:<22} {lines:>7,} {wall:>7.2f} {cpu:>6.2f}  {result[:90]}",
                  flush=True)


if __name__ == "__main__":
    main()
