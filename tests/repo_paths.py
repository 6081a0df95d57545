"""Where the repository and the shared test folder are, for tests in any sub-folder."""
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
