"""Stats the engine ignores are reported like unsimulated abilities (R40), never silently."""
from repo_paths import REPO_ROOT, TESTS_DIR
from pathlib import Path

from studio.io import default_library, load_file
from studio.validate import validate_document

DUEL = TESTS_DIR / "data" / "scenarios" / "star-wars-duel.yaml"


def test_attack_dice_are_reported_once_per_unit_type_at_the_unit_line():
    doc = load_file(DUEL)
    found = [d for d in validate_document(doc, default_library()) if d.code == "stat-not-simulated"]
    assert [(d.severity, d.line, d.subject) for d in found] == [
        ("warning", 28, "unit-type:star-wars-empire-fleet/imperial-star-destroyer"),
        ("warning", 36, "unit-type:star-wars-rebel-fleet/mon-calamari-cruiser"),
    ]
    assert "attack dice per arc are not simulated" in found[0].message


def test_lists_without_attack_dice_say_nothing():
    doc = load_file(REPO_ROOT / "templates" / "scenarios" / "marathon.yaml")
    assert not [d for d in validate_document(doc, default_library())
                if d.code == "stat-not-simulated"]
