"""The headless pipeline on one scenario: validate, simulate, export PDFs.

`studio` with no display runs this on the bundled sample so a fresh machine shows what the
studio does; the same functions back `studio validate`, `studio simulate` and
`studio export`.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from studio.diagnostics import has_errors, sort_key


def run_pipeline(scenario_path: Path, out_dir: Path, games: int = 200, seed: int = 1,
                 workers: int = 2, stream: TextIO = sys.stdout) -> int:
    from studio.io import default_library, load_file
    from studio.validate import validate_document

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    library = default_library()
    doc = load_file(scenario_path)
    diagnostics = list(doc.diagnostics)
    if doc.model is not None:
        diagnostics += validate_document(doc, library)
    say(f"1. Validate {scenario_path}")
    for d in sorted(diagnostics, key=sort_key):
        say("   " + d.format())
    errors = sum(d.severity == "error" for d in diagnostics)
    warnings = sum(d.severity == "warning" for d in diagnostics)
    say(f"   {errors} errors, {warnings} warnings")
    if has_errors(diagnostics):
        say("Stopped: fix the errors above first.")
        return 1
    scenario = doc.model
    # Made before the games so a folder that cannot be written stops at once, not after them.
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        say(f"Stopped: cannot make the folder {out_dir.resolve()} for the PDFs "
            f"({exc.strerror}); remove or rename what is in the way, or run from another folder.")
        return 2

    from studio.simulate import run_batch
    say(f"2. Simulate {games} AI-vs-AI games (seed {seed}, {workers} workers)")
    report = run_batch(scenario, library, games=games, seed=seed, workers=workers)
    for line in report.summary_lines():
        say("   " + line)

    from studio.export import export_counters, export_map, export_playsheet, sources_from_scenario
    from studio.export.options import CounterOptions, MapOptions, PlaysheetOptions
    say(f"3. Export PDFs to {out_dir.resolve()}")
    targets = [
        ("counters.pdf", lambda p: export_counters(sources_from_scenario(scenario, library), p,
                                                   CounterOptions(), scenario=scenario)),
        ("playsheet.pdf", lambda p: export_playsheet(scenario, library, p, PlaysheetOptions())),
        ("map.pdf", lambda p: export_map(scenario, library, p, MapOptions())),
    ]
    for name, make in targets:
        path = out_dir / name
        make(path)
        say(f"   {path.resolve()}")
    return 0
