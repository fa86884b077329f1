"""Where the project's data lives: templates, embedded maps, and ../shared beside the checkout."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parent
TEMPLATES_DIR = REPO_ROOT / "templates"
MAPS_DIR = REPO_ROOT / "maps"
DDAY2_MODEL_DIR = MAPS_DIR / "dday2"
# Material for developers and CI; never part of the product (see DEVELOPERS.md).
SHARED_DIR = REPO_ROOT.parent / "shared"
