"""A checkout whose installed metadata predates Middle Earth's entry point (the studio's
distribution declares the group, so the registry's bundled fallback does not run) would not
know the game; register it by hand there. An up-to-date install already has it."""
import pytest


@pytest.fixture(scope="session", autouse=True)
def middle_earth_registered():
    from studio.engine.contract import registry
    from studio.rulesets.middle_earth import RULES
    if RULES.id not in registry.known_ids():
        registry.register(RULES)
    return RULES
