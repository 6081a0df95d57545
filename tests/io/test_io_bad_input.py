"""Bad files give one clear diagnostic with the right code at the right line, never a
traceback, and loading never executes anything."""
from __future__ import annotations
from repo_paths import TESTS_DIR

import os
from pathlib import Path

import pytest

from studio.io import load_file, load_text
from studio.io import yaml_source
from studio.io.yaml_source import MAX_BYTES, MAX_DEPTH, parse_yaml

BAD = TESTS_DIR / "data" / "bad"


def only(doc):
    assert doc.model is None
    assert len(doc.diagnostics) == 1, [d.format() for d in doc.diagnostics]
    d = doc.diagnostics[0]
    assert d.severity == "error"
    return d


@pytest.mark.parametrize("name, code, line, column", [
    ("malformed.yaml", "yaml-syntax", 5, 8),
    ("tab-indent.yaml", "yaml-tab", 7, 1),
    ("alias-bomb.yaml", "yaml-alias", 4, 8),
    ("non-utf8.yaml", "encoding", 4, 10),
    ("duplicate-key.yaml", "yaml-duplicate-key", 6, 1),
    ("empty.yaml", "empty-file", 1, 1),
    ("top-level-list.yaml", "top-level-not-mapping", 1, 1),
    ("python-tag.yaml", "yaml-tag", 4, 7),
    ("unknown-kind.yaml", "unknown-kind", 1, 7),
])
def test_bad_fixture_gives_one_located_diagnostic(name, code, line, column):
    d = only(load_file(BAD / name))
    assert (d.code, d.line, d.column) == (code, line, column)
    assert d.file == str(BAD / name)
    assert d.format().startswith(f"{BAD / name}:{line}:{column}: error[{code}]: ")


def test_malformed_yaml_quotes_libyaml_problem_and_where_the_list_started():
    d = only(load_file(BAD / "malformed.yaml"))
    assert "did not find expected ',' or ']'" in d.message
    assert "line 4" in d.message


def test_tab_message_says_to_indent_with_spaces():
    d = only(load_text("a:\n  b: 1\n\tc: 2\n"))
    assert d.code == "yaml-tab" and d.line == 3
    assert "indent with spaces" in d.message


def test_tab_inside_block_scalar_indentation():
    d = only(load_text("kind: scenario\nmap:\n  terrain: |\n    ...\n\t...\n"))
    assert (d.code, d.line) == ("yaml-tab", 5)


def test_non_utf8_names_the_byte_and_place():
    d = only(load_file(BAD / "non-utf8.yaml"))
    assert "e9" in d.message and "UTF-8" in d.message


def test_utf16_file_is_an_encoding_error(tmp_path):
    path = tmp_path / "utf16.yaml"
    path.write_bytes("kind: army\n".encode("utf-16"))
    d = only(load_file(path))
    assert d.code == "encoding" and "UTF-16" in d.message


def test_utf8_bom_is_accepted():
    doc = load_text(b"\xef\xbb\xbfkind: army\nformat: 1\nid: a\nname: A\narmy_list: greek\n")
    assert doc.ok, [d.format() for d in doc.diagnostics]


def test_100_mib_file_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.truncate(100 * 1024 * 1024)          # sparse: costs no disk and no time
    read_sizes = []
    real_open = open

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def fileno(self):
            return self.f.fileno()

        def read(self, n=-1):
            read_sizes.append(n)
            return self.f.read(n)

    monkeypatch.setattr(yaml_source, "open", lambda *a, **k: Spy(real_open(*a, **k)),
                        raising=False)
    d = only(load_file(path))
    assert d.code == "file-too-large"
    assert "100.0 MiB" in d.message and "8.0 MiB" in d.message
    assert read_sizes == []


def test_oversized_text_in_memory_is_refused():
    d = only(load_text(b"a: 1\n" + b"#" * MAX_BYTES))
    assert d.code == "file-too-large"


def test_alias_bomb_is_refused_without_expanding():
    doc = load_file(BAD / "alias-bomb.yaml")
    d = only(doc)
    assert "*a" in d.message and doc.data is None


def test_lone_anchor_is_refused_at_its_line():
    d = only(load_text("kind: army\nformat: 1\nname: &n Name\n"))
    assert (d.code, d.line, d.column) == ("yaml-alias", 3, 7)


def test_star_in_text_is_not_an_alias():
    doc = load_text("kind: army\nformat: 1\nid: a\nname: Heroes *marked* & co\n"
                    "army_list: greek\n")
    assert doc.ok, [d.format() for d in doc.diagnostics]


def test_duplicate_key_points_at_second_and_names_first():
    d = only(load_file(BAD / "duplicate-key.yaml"))
    assert "'name'" in d.message and "line 4" in d.message


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_files(text):
    assert only(load_text(text)).code == "empty-file"


@pytest.mark.parametrize("text, what", [("- a\n- b\n", "a list"), ("just text\n", "a single value"),
                                         ("42\n", "a single value")])
def test_top_level_must_be_a_mapping(text, what):
    d = only(load_text(text))
    assert d.code == "top-level-not-mapping" and what in d.message


def test_python_tag_is_never_executed(tmp_path):
    marker = tmp_path / "pwned"
    text = (f"kind: army\nformat: 1\nid: x\nname: !!python/object/apply:os.system "
            f"[\"touch {marker}\"]\narmy_list: greek\n")
    d = only(load_text(text))
    assert d.code == "yaml-tag" and d.line == 4
    assert not marker.exists()


@pytest.mark.parametrize("text", [
    "a: !!python/name:os.system\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!set {x, y}\n",
    "a: !custom 1\n",
    "a: !!omap [{x: 1}]\n",
])
def test_other_tags_are_refused(text):
    assert only(load_text(text)).code == "yaml-tag"


def test_explicit_standard_tags_are_fine():
    src = parse_yaml("a: !!str 0503\nb: !!int '7'\n")
    assert src.data == {"a": "0503", "b": 7}


def test_deep_nesting_is_refused_not_crashed():
    # libyaml's C composer recurses: tens of thousands of levels would crash the process
    d = only(load_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n"))
    assert d.code == "yaml-too-deep"
    d = only(load_text("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"))
    assert d.code == "yaml-too-deep"


def test_control_character_is_a_syntax_error_at_its_place():
    d = only(load_text("kind: army\nname: a\x07b\n"))
    assert (d.code, d.line, d.column) == ("yaml-syntax", 2, 8)


def test_several_documents_in_one_file():
    d = only(load_text("kind: army\n---\nkind: army\n"))
    assert d.code == "yaml-syntax" and d.line == 2


def test_non_scalar_key():
    d = only(load_text("? [a, b]\n: 1\n"))
    assert d.code == "yaml-key"


def test_unknown_kind_lists_the_kinds_and_missing_kind_says_so():
    d = only(load_file(BAD / "unknown-kind.yaml"))
    for kind in ("terrain-set", "army-list", "ruleset", "points-table", "scenario", "army"):
        assert kind in d.message
    d = only(load_text("format: 1\nid: x\n"))
    assert d.code == "unknown-kind" and "no `kind:`" in d.message


def test_missing_file_and_folder(tmp_path):
    assert only(load_file(tmp_path / "nope.yaml")).code == "read"
    assert only(load_file(tmp_path)).code == "read"


def test_keys_stay_as_written():
    src = parse_yaml("1: a\nyes: b\n2-5: c\nnull: d\n")
    assert src.data == {"1": "a", "yes": "b", "2-5": "c", "null": "d"}


def test_scalars_convert_like_yaml_load():
    import yaml
    text = ("a: 12\nb: -3\nc: 0x1F\nd: 1_000\ne: 0.5\nf: .inf\ng: true\nh: no\ni: ~\n"
            "j: '0503'\nk: 1e+3\nl: 1.5e-3\nm: +7\n")
    assert parse_yaml(text).data == yaml.load(text, Loader=yaml.SafeLoader)


def test_dates_stay_text():
    assert parse_yaml("when: 2024-01-31\n").data == {"when": "2024-01-31"}


def test_fuzzed_bytes_never_raise():
    import random
    rng = random.Random(7)
    seeds = [p.read_bytes() for p in sorted(BAD.iterdir())]
    alphabet = b" \t\n:-[]{}&*!|>'\"#,?%@`abc019\xff\xc3"
    for _ in range(400):
        base = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 6)):
            pos = rng.randint(0, len(base))
            base[pos:pos] = bytes([rng.choice(alphabet)])
        doc = load_text(bytes(base), "fuzz.yaml")
        assert doc.diagnostics or doc.model is not None
        for d in doc.diagnostics:
            assert d.file == "fuzz.yaml" and d.code and d.message


def test_file_larger_than_limit_by_one_byte(tmp_path):
    path = tmp_path / "edge.yaml"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    assert only(load_file(path)).code == "file-too-large"
    assert os.path.getsize(path) == MAX_BYTES + 1


def test_pure_python_loader_gives_the_same_findings(monkeypatch):
    import yaml

    def findings():
        return [[(d.code, d.line, d.column) for d in load_file(p).diagnostics]
                for p in sorted(BAD.iterdir())]
    with_libyaml = findings()
    monkeypatch.setattr(yaml_source, "Loader", yaml.SafeLoader)
    assert findings() == with_libyaml
    assert only(load_text("a: " + "[" * 900 + "]" * 900 + "\n")).code == "yaml-too-deep"
