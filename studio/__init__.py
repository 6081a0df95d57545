"""Wargame Studio: design, validate, test-play and print hex wargame scenarios."""

# The one place the version is written: pyproject.toml reads it for the package metadata.
__version__ = "0.1.0"
