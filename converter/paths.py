"""Where the project's data lives: templates, embedded maps, and ../shared beside the checkout."""

import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parent


def _data_root() -> Path:
    """The checkout (editable install, tests) or <prefix>/share/dday2 (a plain `pip install`)."""
    if (REPO_ROOT / "templates").is_dir() and (REPO_ROOT / "maps").is_dir():
        return REPO_ROOT
    installed = Path(sys.prefix) / "share" / "dday2"
    return installed if installed.is_dir() else REPO_ROOT


DATA_ROOT = _data_root()
TEMPLATES_DIR = DATA_ROOT / "templates"
MAPS_DIR = DATA_ROOT / "maps"
DDAY2_MODEL_DIR = MAPS_DIR / "dday2"
# Material for developers and CI; never part of the product (see DEVELOPERS.md).
SHARED_DIR = REPO_ROOT.parent / "shared"
