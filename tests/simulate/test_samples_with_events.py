"""The bundled sample of each game that uses reinforcements, events and a turn track: it
loads back as written, plays through `studio simulate`, and `studio play` tells its events."""
from __future__ import annotations

import pytest

from studio.cli import main
from studio.io import default_library, load_file
from studio.io.loader import load_text
from studio.io.saver import dump_model
from studio.io.samples import scenarios_dir
from studio.simulate.batch import run_batch

# (sample, a seed whose game brings the wave and fires an event, games for the batch)
SAMPLES = [("marathon-spartans", 1, 1), ("qnd-relief-column", 3, 4),
           ("ad-night-raid", 4, 4)]


@pytest.mark.parametrize("name, seed, games", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_sample_plays_with_its_reinforcements_and_events(name, seed, games, capsys):
    path = scenarios_dir() / f"{name}.yaml"
    doc = load_file(path)
    sc = doc.model
    assert sc.reinforcements and sc.events and sc.turn_track
    assert any(ru.arrives for s in sc.sides for ru in s.army.units)
    # Saved and read back, the scenario is the same.
    again = load_text(dump_model(sc))
    assert not again.diagnostics and again.model == sc

    assert main(["play", str(path), "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert "Reinforcements (" in out and "Event: " in out

    report = run_batch(doc, default_library(), games, seed=1)
    assert report.games == games
    arriving = {ru.type for s in sc.sides for ru in s.army.units if ru.arrives}
    fielded = {u.unit_type: u.fielded for side in report.sides for u in side.unit_types}
    assert all(fielded[t] >= 1 for t in arriving)
