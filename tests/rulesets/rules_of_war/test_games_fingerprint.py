"""Seeded AI-against-AI games stay the same to the byte through refactors and speed-ups.

The fingerprint is the hash of 12 games' actions and events (4 on each bundled sample),
recorded before Rules of War moved out of the kernel into its own package. A change that
alters play on purpose updates it, and says so in its commit.
"""
from repo_paths import REPO_ROOT
import importlib.util
from pathlib import Path

ROOT = REPO_ROOT
spec = importlib.util.spec_from_file_location("games_hash", ROOT / "benchmarks" / "games_hash.py")
games_hash = importlib.util.module_from_spec(spec)
spec.loader.exec_module(games_hash)

# ce8add25dc65c138 before and after the move into studio/rulesets/rules_of_war; then the
# hero fix (a `hero` tag alone no longer stacks or passes friends) changed the Greek and
# Persian generals' moves.
FINGERPRINT = "5ac7949e9d183885"


def test_seeded_games_are_unchanged():
    assert games_hash.fingerprint(games_hash.sample_paths(), 4) == FINGERPRINT
