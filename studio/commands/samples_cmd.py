"""`studio samples [list]` and `studio samples copy NAME...|all -o FOLDER`: the sample
scenarios and blank starts that ship inside the package, for a user who installed the
studio and has no checkout to find templates/scenarios in.

Exit code 0 when listed or copied, 2 when a name is unknown, the folder cannot be made or
a file there would be replaced (without --force).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys

EXIT_UNUSABLE = 2


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "samples", help="list the bundled sample scenarios; copy them to a folder",
        description="The sample scenarios and blank starts bundled with the studio. "
                    "`studio samples` lists them; `studio samples copy marathon -o mine/` "
                    "copies one (or several, or `all`) into a folder, to open, change and "
                    "play (`studio mine/marathon.yaml`).")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", dest="samples_action")
    actions.add_parser("list", help="every sample: its name, game, map and what it is")
    copy = actions.add_parser("copy", help="copy samples into a folder",
                              description="Copy samples (by the names `studio samples` "
                                          "lists, or `all`) into FOLDER, made if missing.")
    copy.add_argument("names", nargs="+", metavar="NAME|all")
    copy.add_argument("-o", "--output", required=True, metavar="FOLDER",
                      help="the folder to copy them into")
    copy.add_argument("--force", action="store_true",
                      help="replace files of the same name in the folder")
    return parser


def _samples() -> dict[str, object]:
    """Name (file stem) -> path of every bundled scenario template, in name order."""
    from studio.io.samples import scenario_templates
    return {path.stem: path for path in scenario_templates()}


def _summary(path) -> str:
    from studio.io import load_file
    doc = load_file(path)
    model = doc.model
    if model is None or not hasattr(model, "map"):
        return "(cannot be read)"
    m = model.map
    words = " ".join((model.description or "").split())
    first = words.split(". ")[0].rstrip(".") if words else ""
    text = f"{model.name} — {model.ruleset}, {m.columns}×{m.rows} {m.orientation}-top"
    return f"{text}: {first}" if first else text


def run(args: argparse.Namespace) -> int:
    samples = _samples()
    if getattr(args, "samples_action", None) in (None, "list"):
        from studio.io.samples import scenarios_dir
        width = max(map(len, samples), default=0)
        for name, path in samples.items():
            print(f"{name.ljust(width)}  {_summary(path)}")
        print(f"\n{len(samples)} samples in {scenarios_dir()}; copy one to a folder of "
              f"yours with `studio samples copy NAME -o FOLDER` (or `all`), then open it "
              f"with `studio FOLDER/NAME.yaml`.")
        return 0
    names = list(samples) if "all" in args.names else args.names
    unknown = [n for n in names if n not in samples]
    if unknown:
        print(f"studio: samples copy: no sample called {', '.join(map(repr, unknown))}; "
              f"the samples: {', '.join(samples)}, or all", file=sys.stderr)
        return EXIT_UNUSABLE
    folder = args.output
    if os.path.exists(folder) and not os.path.isdir(folder):
        print(f"studio: samples copy: -o {folder} is a file, not a folder", file=sys.stderr)
        return EXIT_UNUSABLE
    clashes = [n for n in names if os.path.exists(os.path.join(folder, f"{n}.yaml"))]
    if clashes and not args.force:
        print(f"studio: samples copy: {', '.join(f'{n}.yaml' for n in clashes)} already in "
              f"{folder}; copying would replace it (add --force, or choose another folder)",
              file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        os.makedirs(folder, exist_ok=True)
        for name in names:
            shutil.copyfile(samples[name], os.path.join(folder, f"{name}.yaml"))
    except OSError as err:
        print(f"studio: samples copy: cannot write into {folder} ({err.strerror or err})",
              file=sys.stderr)
        return EXIT_UNUSABLE
    if len(names) == 1:
        print(f"copied {names[0]}.yaml to {folder}; open it with "
              f"`studio {os.path.join(folder, names[0] + '.yaml')}`")
    else:
        print(f"copied {len(names)} samples to {folder}")
    return 0
