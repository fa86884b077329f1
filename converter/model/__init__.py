"""The canonical D-Day2 model: frozen dataclasses loaded and validated from `maps/<name>/*.toml`."""

from converter.model.load import ModelError, ModelLoadError, load_ruleset
from converter.model.types import (
    Area, Beach, Border, Box, Chart, ChartRow, Location, Phase, Placement, Player, Ruleset, UnitType,
)

__all__ = [
    "Area", "Beach", "Border", "Box", "Chart", "ChartRow", "Location", "ModelError", "ModelLoadError",
    "Phase", "Placement", "Player", "Ruleset", "UnitType", "load_ruleset",
]
