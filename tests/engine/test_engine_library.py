"""The engine plays the bundled scenarios with the bundled libraries (loaded by studio.io)."""
from repo_paths import REPO_ROOT
from pathlib import Path

import pytest

from studio.rulesets.rules_of_war import Dice, apply, from_jsonl, legal_actions, new_game, record, replay, to_jsonl
from studio.rulesets.rules_of_war.abilities import SIMULATED, not_simulated

ROOT = REPO_ROOT
# Rules of War's own samples (the other games' are played by tests/rulesets/test_rulesets_protocol.py)
SCENARIOS = sorted(p for p in (ROOT / "templates" / "scenarios").glob("*.yaml")
                   if "ruleset: rules-of-war" in p.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def library():
    io = pytest.importorskip("studio.io")
    return io.Library.load([ROOT / "libraries"])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_bundled_scenarios_play_and_replay(library, path):
    from studio.io import load_file
    doc = load_file(path)
    assert doc.model is not None, [d.format() for d in doc.diagnostics]
    sc = doc.model
    state = new_game(sc, library, seed=7)
    pick = Dice(7)
    for _ in range(120):
        if state.over:
            break
        acts = legal_actions(state)
        apply(state, acts[pick.roll(len(acts)) - 1])
    again = replay(sc, library, from_jsonl(to_jsonl(record(state))))
    assert [e.to_dict() for e in again.events()] == [e.to_dict() for e in state.events()]


def test_most_bundled_abilities_are_simulated(library):
    used = set()
    missing = set()
    for alist in library.models("army-list"):
        for u in alist.units:
            used.update(a.name for a in alist.effective_abilities(u))
        missing |= not_simulated(alist)
    assert used and missing == used - SIMULATED
    assert len(used & SIMULATED) / len(used) >= 0.95         # 39 of 41 names
