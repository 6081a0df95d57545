"""The architecture's layering rules, checked on the source (DESIGN.md: Layers)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "studio"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                package = path.relative_to(ROOT.parent).with_suffix("").parts[:-node.level]
                base = ".".join(package)
                names.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                names.add(node.module)
    return names


def _modules(under: str = ""):
    for path in sorted((ROOT / under).rglob("*.py")):
        yield path.relative_to(ROOT.parent).as_posix(), _imports(path)


def _offenders(pred, modules):
    return [(name, sorted(i for i in imps if pred(i))) for name, imps in modules
            if any(pred(i) for i in imps)]


def test_only_gui_imports_qt():
    outside = [(n, i) for n, i in _modules() if not n.startswith("studio/gui/")]
    bad = _offenders(lambda m: m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"),
                     outside)
    assert bad == [], f"Qt imported outside studio/gui: {bad}"


def test_engine_does_no_io_and_no_global_random():
    forbidden = ("random", "os", "io", "pathlib", "shutil", "subprocess", "socket", "yaml",
                 "studio.io", "studio.gui", "studio.export")
    bad = _offenders(lambda m: m in forbidden or m.startswith(("studio.io.", "studio.gui.",
                                                               "studio.export.")),
                     _modules("engine"))
    assert bad == [], f"engine modules import I/O or global random: {bad}"
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "open(" not in text.replace("reopen(", ""), f"{path} calls open()"


def test_export_never_imports_gui():
    bad = _offenders(lambda m: m.startswith("studio.gui") or m.split(".")[0] == "PySide6",
                     _modules("export"))
    assert bad == [], bad


def test_model_is_plain_data():
    bad = _offenders(lambda m: m.startswith(("studio.io", "studio.gui", "studio.engine",
                                             "studio.export", "yaml", "PySide6")),
                     _modules("model"))
    assert bad == [], bad


def test_interop_never_imports_gui():
    bad = _offenders(lambda m: m.startswith("studio.gui") or m.split(".")[0] == "PySide6",
                     _modules("interop"))
    assert bad == [], bad
