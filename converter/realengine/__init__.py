"""The real TripleA engine as a test oracle: parse, play and load maps through a Java harness of ours."""

from converter.realengine.harness import (
    EngineError,
    MapLoadReport,
    ParseReport,
    PlayReport,
    ScriptActionResult,
    TerritoryMapCounts,
    attachment_fields,
    bombing_damage,
    found_by_prefix,
    load_map,
    parse_game,
    parse_games,
    play_game,
)
from converter.realengine.locate import EngineUnavailable, engine_unavailable_reason, locate_engine

__all__ = [
    "EngineError", "EngineUnavailable", "MapLoadReport", "ParseReport", "PlayReport",
    "ScriptActionResult", "TerritoryMapCounts", "attachment_fields", "bombing_damage", "engine_unavailable_reason",
    "found_by_prefix", "load_map", "locate_engine", "parse_game", "parse_games", "play_game",
]
