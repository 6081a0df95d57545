"""Seeded fuzz cases for issue 18: mutated scenario and library files through validate, play
and simulate, and mutated game logs through replay. Shared by tests/reliability/test_fuzz_inputs.py (a
bounded run in the suite) and benchmarks/fuzz_campaign.py (a long campaign).

A case is a seed: `make_case(seed)` gives the same files for the same seed, so any failure
can be replayed with `run_case(make_case(seed), folder)`. What must hold: no command ends in
an internal error (exit 3, a traceback, or a check reported as `error[internal]`), and
replay answers 0, 1 or 2.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))
# quick games, one per game system: Rules of War, Quick and Dirty, Action Dice
PLAYED = ("belt-skirmish.yaml", "qnd-mirror.yaml", "ad-mirror.yaml")
LIBRARY_FILES = {
    "belt-skirmish.yaml": ["army-lists/space-fleet.yaml", "terrain-sets/basic-space.yaml",
                           "rulesets/rules-of-war.yaml"],
    "qnd-mirror.yaml": ["rulesets/quick-and-dirty.yaml", "army-lists/qnd-free-companies.yaml",
                        "terrain-sets/quick-and-dirty-field.yaml"],
    "ad-mirror.yaml": ["rulesets/action-dice.yaml", "army-lists/ad-kingdom-of-men.yaml",
                       "terrain-sets/action-dice-table.yaml"],
}

HOSTILE_NUMBERS = [
    "18446744073709551616", "10000000", "-1", "0", "0.0000001", "1e308", ".nan", ".inf",
    "-.inf", "'0000'", "7.0", "!!float 1", "9" * 4400, "0x10", "1_000", "-0", "2.5",
]
HOSTILE_VALUES = [
    "[1, 2]", "{a: 1}", "null", "true", "''", "'0000'", "~", "[]", "{}", '"\\u0000"',
    "x" * 3000, "!!binary AAAA", "&a [1]", "*a", "!!python/object:os.system ls", "[" * 3000,
    "'../../../etc/passwd'", "no-such-id", "|\n  a\n  b", "- 1", ": :",
]
# In range for most fields: such a file often validates, and then it is played.
PLAUSIBLE_NUMBERS = ["0", "1", "2", "3", "6", "12", "20", "50", "99", "100", "0.25", "-3"]
_NUMBER = re.compile(r"(?<![\w\"'.-])-?\d+(?:\.\d+)?(?![\w\"'])")
_SHAPE = re.compile(r"^\s*(columns|rows|format|points_limit|name|description):")
_VALUE = re.compile(r"^(\s*(?:- )?[\w-]+:\s+)(\S.*)$")
_ID = re.compile(r"\b[a-z]+(?:-[a-z0-9]+)+\b")


@dataclass
class Case:
    seed: int
    kind: str                     # "scenario", "library" or "log"
    scenario: str                 # template file name the case is built on
    data: bytes                   # the mutated file (scenario, library file or log)
    library_file: str | None = None   # for "library": the file's path under libraries/
    mutations: list[str] = field(default_factory=list)


@dataclass
class Outcome:
    seed: int
    kind: str
    codes: dict = field(default_factory=dict)     # command -> exit code
    internal: str | None = None                   # the traceback or message of a crash
    seconds: float = 0.0


def mutate(text: str, rng: random.Random, log: list[str]) -> bytes:
    """One to three mutations of `text`, a hostile or careless designer's edits; or one to
    four plausible numbers changed, which a file may well accept."""
    if rng.random() < 0.4:
        lines = text.split("\n")
        spots = [(n, m) for n, line in enumerate(lines)
                 if ":" in line and not _SHAPE.match(line)   # not map rows, nor its size
                 for m in _NUMBER.finditer(line)]
        chosen = rng.sample(spots, min(len(spots), rng.randint(1, 4)))
        # right to left, so a change does not move the spots still to change on its line
        for n, m in sorted(chosen, key=lambda spot: (spot[0], spot[1].start()), reverse=True):
            new = rng.choice(PLAUSIBLE_NUMBERS)
            lines[n] = lines[n][:m.start()] + new + lines[n][m.end():]
            log.append(f"plausible number line {n + 1}: {m.group()} -> {new}")
        return "\n".join(lines).encode("utf-8")
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        op = rng.choice(["number", "number", "value", "value", "delete", "duplicate", "swap",
                         "indent", "truncate", "garbage", "nest", "flood", "id", "row",
                         "bytes"])
        i = rng.randrange(len(lines))
        if op == "number":
            spots = [(n, m) for n, line in enumerate(lines) for m in _NUMBER.finditer(line)]
            if spots:
                n, m = rng.choice(spots)
                new = rng.choice(HOSTILE_NUMBERS)
                lines[n] = lines[n][:m.start()] + new + lines[n][m.end():]
                log.append(f"number line {n + 1}: {m.group()} -> {new[:20]}")
        elif op == "value":
            spots = [n for n, line in enumerate(lines) if _VALUE.match(line)]
            if spots:
                n = rng.choice(spots)
                new = rng.choice(HOSTILE_VALUES)
                lines[n] = _VALUE.sub(lambda m: m.group(1) + new, lines[n])
                log.append(f"value line {n + 1} -> {new[:20]}")
        elif op == "delete":
            del lines[i]
            log.append(f"delete line {i + 1}")
        elif op == "duplicate":
            lines.insert(i, lines[i])
            log.append(f"duplicate line {i + 1}")
        elif op == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            log.append(f"swap lines {i + 1} and {j + 1}")
        elif op == "indent":
            lines[i] = (" " * rng.choice([1, 2, 4])) + lines[i] if rng.random() < 0.7 \
                else lines[i].lstrip()
            log.append(f"indent line {i + 1}")
        elif op == "truncate":
            cut = rng.randrange(len(text) + 1)
            log.append(f"truncate at {cut}")
            text = text[:cut]
            continue
        elif op == "garbage":
            lines.insert(i, rng.choice(["\x00\x01", "\t\tkey: x", "? [a]\n: b", "%YAML 9.9",
                                        "--- !!set", "key: 'unterminated", "@@@"]))
            log.append(f"garbage at line {i + 1}")
        elif op == "nest":
            depth = rng.choice([50, 500, 5000])
            lines.insert(i, "deep: " + "[" * depth + "]" * depth)
            log.append(f"nest {depth} at line {i + 1}")
        elif op == "flood":
            count = rng.choice([100, 3000])
            lines.extend(f"flood_{k}: {k}" for k in range(count))
            log.append(f"flood {count} keys")
        elif op == "id":
            spots = [(n, m) for n, line in enumerate(lines) for m in _ID.finditer(line)]
            if spots:
                n, m = rng.choice(spots)
                new = rng.choice(["no-such-thing", "a" * 300, m.group() + "-x"])
                lines[n] = lines[n][:m.start()] + new + lines[n][m.end():]
                log.append(f"id line {n + 1}: {m.group()} -> {new[:20]}")
        elif op == "row":
            rows = [n for n, line in enumerate(lines) if line.startswith("    ") and
                    " " not in line.strip() and ":" not in line]
            if rows:
                n = rng.choice(rows)
                row = lines[n]
                k = rng.randrange(len(row))
                lines[n] = row[:k] + rng.choice(["", "?", "9", row[k] * 3, "é"]) + row[k + 1:]
                log.append(f"map row line {n + 1}")
        elif op == "bytes":
            log.append("invalid UTF-8")
            text = "\n".join(lines)
            cut = rng.randrange(len(text) + 1)
            return (text[:cut].encode("utf-8", "surrogatepass") + b"\xff\xfe\xc3"
                    + text[cut:].encode("utf-8", "surrogatepass"))
        text = "\n".join(lines)
    return text.encode("utf-8", "surrogatepass")


def make_case(seed: int, game_logs: dict[str, str] | None = None) -> Case:
    """The case of `seed`; a "log" case needs valid game logs to mutate (`game_logs`: the
    text of one per played scenario)."""
    rng = random.Random(seed)
    kind = rng.choice(["scenario", "scenario", "library"] + (["log"] if game_logs else []))
    log: list[str] = []
    if kind == "scenario":
        scenario = rng.choice(SCENARIOS).name
        data = mutate((ROOT / "templates" / "scenarios" / scenario).read_text(), rng, log)
        return Case(seed, kind, scenario, data, None, log)
    if kind == "library":
        scenario = rng.choice(PLAYED)
        library_file = rng.choice(LIBRARY_FILES[scenario])
        data = mutate((ROOT / "libraries" / library_file).read_text(), rng, log)
        return Case(seed, kind, scenario, data, library_file, log)
    scenario = rng.choice(sorted(game_logs))
    return Case(seed, "log", scenario, _mutate_log(game_logs[scenario], rng, log), None, log)


def _mutate_log(text: str, rng: random.Random, log: list[str]) -> bytes:
    lines = text.rstrip("\n").split("\n")
    header = json.loads(lines[0])
    op = rng.choice(["header", "header", "line", "text"])
    if op == "header":
        key = rng.choice(sorted(header))
        value = rng.choice(["abc", 1.5, None, [1], {"a": 1}, 5, -1, 10 ** 30, "", "../x.yaml",
                            str(ROOT / "libraries" / "rulesets" / "rules-of-war.yaml")])
        header[key] = value
        lines[0] = json.dumps(header)
        log.append(f"header {key} = {str(value)[:30]}")
        return ("\n".join(lines) + "\n").encode()
    if op == "line" and len(lines) > 1:
        n = rng.randrange(1, len(lines))
        lines[n] = rng.choice(["null", "[1, 2]", "{}", "[" * 100000, lines[n][: len(lines[n]) // 2],
                               lines[n].replace("1", "7"), "\"x\"", "1e999"])
        log.append(f"log line {n + 1}")
        return ("\n".join(lines) + "\n").encode()
    log.append("log bytes")
    return mutate("\n".join(lines) + "\n", rng, log)


def _cli(args: list[str]) -> tuple[int, str]:
    """Exit code and everything printed, of the `studio` command run in this process."""
    from studio.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(args)
    return code, out.getvalue()


def run_case(case: Case, folder: Path, games: int = 1, simulate: bool = True) -> Outcome:
    """Run the commands a case calls for in `folder` (a fresh temporary folder)."""
    import time
    start = time.perf_counter()
    os.environ["STUDIO_DEBUG"] = "1"         # a crash raises here instead of exit 3
    result = Outcome(case.seed, case.kind)
    try:
        _run(case, folder, result, games, simulate)
    except Exception:  # noqa: BLE001 - the point is to catch them all
        result.internal = traceback.format_exc()
    finally:
        os.environ.pop("STUDIO_DEBUG", None)
    result.seconds = time.perf_counter() - start
    return result


def _run(case: Case, folder: Path, result: Outcome, games: int, simulate: bool) -> None:
    template = ROOT / "templates" / "scenarios" / case.scenario
    library: list[str] = []
    if case.kind == "log":
        log = folder / "game.jsonl"
        log.write_bytes(case.data)
        result.codes["replay"], said = _cli(["replay", str(log)])
        if result.codes["replay"] not in (0, 1, 2):
            result.internal = said
        return
    if case.kind == "scenario":
        scenario = folder / case.scenario
        scenario.write_bytes(case.data)
        checked = scenario
    else:
        scenario = template
        checked = folder / "lib" / case.library_file
        checked.parent.mkdir(parents=True)
        checked.write_bytes(case.data)
        library = ["--library", str(folder / "lib")]
    # a changed library file is validated with the scenario that uses it: "valid" then
    # means play has nothing to refuse
    together = [str(scenario)] if case.kind == "library" else []
    code, said = _cli(["validate", str(checked), *together, *library])
    result.codes["validate"] = code
    if "error[internal]" in said or code not in (0, 1, 2):
        result.internal = said
        return
    if code != 0:
        return
    for seed in range(games):
        result.codes[f"play {seed}"], said = _cli(["play", str(scenario), "--seed", str(seed),
                                                   "--quiet", *library])
        if result.codes[f"play {seed}"] not in (0, 1, 2):
            result.internal = said
            return
    if simulate:
        result.codes["simulate"], said = _cli(["simulate", str(scenario), "--games", "2",
                                               "--workers", "1", *library])
        if result.codes["simulate"] not in (0, 1, 2):
            result.internal = said


def game_logs(folder: Path) -> dict[str, str]:
    """The text of a valid game log of each played scenario."""
    logs = {}
    for name in PLAYED:
        log = folder / f"seed-game-{name}.jsonl"
        code, said = _cli(["play", str(ROOT / "templates" / "scenarios" / name), "--seed", "3",
                           "--quiet", "--log", str(log)])
        assert code == 0, said
        logs[name] = log.read_text()
    return logs


def run_seeds(first: int, count: int, simulate_every: int = 4) -> None:
    """Run seeds first..first+count-1, printing a JSON line as each starts ("start") and
    ends (its outcome and the CPU seconds it used): the last "start" without an end names
    a case that was stopped. Run as `python tests/fuzz_cases.py FIRST COUNT`."""
    import sys
    import tempfile
    import time
    base = Path(tempfile.mkdtemp(prefix="fuzz-cases-"))
    logs = game_logs(base)
    for seed in range(first, first + count):
        case = make_case(seed, logs)
        print(json.dumps({"start": seed}), flush=True)
        folder = base / str(seed)
        folder.mkdir()
        cpu = time.process_time()
        outcome = run_case(case, folder, games=1, simulate=seed % simulate_every == 0)
        print(json.dumps({"seed": seed, "kind": case.kind, "scenario": case.scenario,
                          "codes": outcome.codes, "internal": outcome.internal,
                          "cpu": time.process_time() - cpu, "mutations": case.mutations}),
              flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    import sys
    sys.path.insert(0, str(ROOT))
    run_seeds(int(sys.argv[1]), int(sys.argv[2]))
