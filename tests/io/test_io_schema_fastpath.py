"""The compiled yes/no schema check agrees with jsonschema, so skipping jsonschema on its
"yes" never hides an error."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import copy
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.io.kinds import KINDS
from studio.io.schema_check import _quick_checks, schema_registry, validator
from studio.io.schema_fastpath import Compiler, Unsupported, compile_checks, safe
from studio.io.yaml_source import parse_yaml

from test_io_loader import ARMY_LIST, SCENARIO, TERRAIN

ROOT = REPO_ROOT


def samples() -> list[dict]:
    texts = [TERRAIN, ARMY_LIST, SCENARIO,
             "kind: army\nformat: 1\nid: a\nname: A\narmy_list: g\nunits:\n"
             "  - {type: x, hex: \"0101\", facing: N, leader: true}\n",
             "kind: points-table\nformat: 1\nid: p\nname: P\nfigures:\n"
             "  elf: {name: Elf, points: 2}\n"]
    # small library files keep the test fast; the big ones only add more of the same
    texts += [p.read_text("utf-8") for p in sorted((ROOT / "libraries").rglob("*.yaml"))
              if p.stat().st_size < 2500]
    return [parse_yaml(t).data for t in texts]


ODD_VALUES = [None, True, False, 0, 1, -1, 1.0, 2.5, -0.5, "", "x", "0503", "1/2",
              "impassable", "#12ab34", "N", "hold", "a-b", "A B", [], [1], ["a", "a"], ["a"],
              {}, {"name": "x"}, {"melee": 3}, {"bands": {"1": 2}}, {"x": 1}, 10 ** 20]


def mutate(data, rng: random.Random):
    """A copy of `data` with one random change somewhere inside it."""
    data = copy.deepcopy(data)
    containers = []

    def walk(node):
        if isinstance(node, dict):
            containers.append(node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            containers.append(node)
            for v in node:
                walk(v)
    walk(data)
    target = rng.choice(containers)
    action = rng.random()
    if isinstance(target, dict):
        if action < 0.6 and target:
            target[rng.choice(list(target))] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif action < 0.8 and target:
            del target[rng.choice(list(target))]
        else:
            target[rng.choice(["extra", "name", "mp", "id", "kind", "units", "melee"])] = \
                copy.deepcopy(rng.choice(ODD_VALUES))
    else:
        if action < 0.5 and target:
            target[rng.randrange(len(target))] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif action < 0.7 and target:
            target.append(copy.deepcopy(target[0]))
        else:
            target.append(copy.deepcopy(rng.choice(ODD_VALUES)))
    return data


def agree(data, kind):
    quick = _quick_checks()[kind](data)
    full = validator(kind).is_valid(data)
    assert quick == full, (kind, data)


def test_every_kind_compiles():
    assert sorted(_quick_checks()) == sorted(KINDS)


def test_valid_samples_pass_quickly():
    every = samples() + [parse_yaml(p.read_bytes()).data
                         for p in sorted((ROOT / "libraries").rglob("*.yaml"))]
    for data in every:
        if validator(data["kind"]).is_valid(data):
            assert _quick_checks()[data["kind"]](data), data.get("id")


def test_agrees_with_jsonschema_on_mutated_documents():
    rng = random.Random(2024)
    base = samples()
    for _ in range(1500):
        data = mutate(rng.choice(base), rng)
        kind = data.get("kind") if data.get("kind") in KINDS else rng.choice(KINDS)
        agree(data, kind)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(-2, 12, allow_nan=False)
    | st.sampled_from(["", "a", "0503", "1/2", "#aabbcc", "impassable", "N", "hold", "x-y"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["name", "id", "melee", "ranged", "bands", "1", "2-5",
                                       "units", "tags", "type", "count", "kind", "x"]),
                      inner, max_size=4),
    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(schema_registry()[1]["army-list"]["$defs"])), json_values)
def test_agrees_on_random_values_for_army_list_parts(part, value):
    registry, by_kind = schema_registry()
    sch = {"$ref": f"army-list.schema.json#/$defs/{part}"}
    compiled = safe(Compiler(registry).compile(sch, by_kind["army-list"]["$id"]))
    full = validator("army-list").evolve(schema=sch).is_valid(value)
    assert compiled(value) == full


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(schema_registry()[1]["scenario"]["$defs"])), json_values)
def test_agrees_on_random_values_for_scenario_parts(part, value):
    registry, by_kind = schema_registry()
    sch = {"$ref": f"scenario.schema.json#/$defs/{part}"}
    compiled = safe(Compiler(registry).compile(sch, by_kind["scenario"]["$id"]))
    assert compiled(value) == validator("scenario").evolve(schema=sch).is_valid(value)


def test_values_yaml_never_gives_defer_to_jsonschema():
    data = parse_yaml(TERRAIN).data
    data["terrain"][0]["mp"] = Fraction(1, 2)        # not a plain value: "unsure" -> no
    assert _quick_checks()["terrain-set"](data) is False
    data["terrain"][0]["mp"] = 1
    data["terrain"][0][3] = "x"                      # a key that is not text
    assert _quick_checks()["terrain-set"](data) is False


def test_unknown_keyword_refuses_to_compile():
    registry, _ = schema_registry()
    with pytest.raises(Unsupported):
        Compiler(registry).compile({"type": "string", "format": "email"}, "")
    checks = compile_checks(registry, {"odd": {"type": "object", "unevaluatedProperties":
                                               False}})
    assert checks == {}
