"""Lists every run of 8 or more words that the docs, the code's texts or the libraries share
with the source rule texts, so that sentences copied from a source can be rewritten.

    .venv/bin/python scripts/seed_overlap.py SOURCES_FOLDER [--words 8]

SOURCES_FOLDER holds the source texts as .txt files (they are not part of the repository).
Words are compared lower-case, punctuation dropped. Runs of figures only (a table's row of
numbers) are left out: figures are data and belong in `libraries/`. Exit code 1 when a run
is found."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("README.md", "docs/**/*.md", "studio/**/*.py", "libraries/**/*.yaml",
           "templates/**/*.yaml")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())


def shared_runs(text: str, sources: dict[tuple[str, ...], str], n: int):
    """(run of words, source file name) for each maximal run found in the sources."""
    w = words(text)
    hits = [i for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in sources]
    runs: list[list[int]] = []
    for i in hits:
        if runs and i <= runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    for first, last in runs:
        run = w[first:last + n]
        if not all(word.isdigit() for word in run):
            yield " ".join(run), sources[tuple(w[first:first + n])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path)
    parser.add_argument("--words", type=int, default=8)
    args = parser.parse_args()
    n = args.words
    sources: dict[tuple[str, ...], str] = {}
    for path in sorted(args.sources.glob("*.txt")):
        w = words(path.read_text(errors="replace"))
        for i in range(len(w) - n + 1):
            sources.setdefault(tuple(w[i:i + n]), path.name)
    if not sources:
        print(f"no .txt source texts in {args.sources}", file=sys.stderr)
        return 2
    found = 0
    for pattern in CHECKED:
        for path in sorted(ROOT.glob(pattern)):
            for run, source in shared_runs(path.read_text(), sources, n):
                found += 1
                print(f"{path.relative_to(ROOT)}: [{source}] {run}")
    print(f"{found} shared run(s) of {n}+ words", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
