"""The `studio` entry point: the GUI hook, the command registry, usage and internal errors."""
from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import studio.cli as cli
from studio.cli import main


def test_no_command_prints_help_when_the_gui_entry_is_absent(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "studio.app_entry", None)
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "usage: studio" in out and "validate" in out and "library" in out


def test_no_command_launches_the_gui_entry_when_present(monkeypatch):
    calls = []
    fake = types.ModuleType("studio.app_entry")
    fake.launch = lambda argv: calls.append(argv) or 0
    monkeypatch.setitem(sys.modules, "studio.app_entry", fake)
    assert main([]) == 0 and calls == [[]]


def test_help_exits_0_and_unknown_commands_exit_2(capsys):
    assert main(["--help"]) == 0
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_version_names_the_package_version(capsys):
    import studio
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"studio {studio.__version__}"


def test_a_command_module_is_one_line_in_the_registry(monkeypatch, capsys):
    fake = types.ModuleType("studio.commands.hello")

    def add_parser(subparsers):
        p = subparsers.add_parser("hello", help="say hello")
        p.add_argument("name")
        return p

    fake.add_parser = add_parser
    fake.run = lambda args: print(f"hello {args.name}") or 0
    monkeypatch.setitem(sys.modules, "studio.commands.hello", fake)
    monkeypatch.setattr(cli, "COMMANDS", [*cli.COMMANDS, "studio.commands.hello"])
    assert main(["hello", "world"]) == 0
    assert capsys.readouterr().out == "hello world\n"


def test_an_internal_error_is_a_message_and_exit_3(monkeypatch, capsys):
    import studio.commands.validate as command

    def broken(args):
        raise RuntimeError("kaput")

    monkeypatch.delenv("STUDIO_DEBUG", raising=False)
    monkeypatch.setattr(command, "run", broken)
    assert main(["validate", "x.yaml"]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError('kaput')" in err and "Traceback" not in err


def test_the_module_runs_as_a_program(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: army\nformat: 1\nid: x\nname: X\narmy_list: nowhere\n", encoding="utf-8")
    root = Path(cli.__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-m", "studio.cli", "validate", str(bad)],
                          cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "error[unknown-army-list]" in done.stdout and done.stderr == ""


def test_a_file_instead_of_a_command_opens_it_in_the_studio(monkeypatch, capsys):
    calls = []
    fake = types.ModuleType("studio.app_entry")
    fake.launch = lambda argv: calls.append(argv) or 0
    monkeypatch.setitem(sys.modules, "studio.app_entry", fake)
    assert main(["marathon.yaml"]) == 0 and calls == [["marathon.yaml"]]
    assert main(["valdate", "x.yaml"]) == 2          # a mistyped command is not a file
    assert "invalid choice" in capsys.readouterr().err and len(calls) == 1
