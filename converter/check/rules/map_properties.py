"""M32x: map.properties — known keys, well-formed values, a colour for every player.
A bad value silently falls back to the engine's default, so nobody notices."""

from __future__ import annotations

import difflib
import re

from converter.check.rule import hit, rule
from converter.findings import Severity

_COLOUR = re.compile(r"^[0-9A-Fa-f]{6}$")
_BOOLEAN_KEYS = ("map.scrollWrapX", "map.scrollWrapY", "map.hasRelief", "map.showCapitolMarkers",
                 "map.showTerritoryNames", "map.showResources", "map.showComments", "map.showSeaZoneNames",
                 "map.drawNamesFromTopLeft", "map.useNation_convoyFlags", "map.useTerritoryEffectMarkers",
                 "map.mapBlends", "screenshot.title.enabled", "map.hideTerritoryEffectMarkers")
_INTEGER_KEYS = ("map.width", "map.height", "units.width", "units.height", "units.counter.offset.width",
                 "units.counter.offset.height", "units.stack.size", "map.cursor.hotspot.x", "map.cursor.hotspot.y",
                 "screenshot.title.x", "screenshot.title.y", "screenshot.title.font.size", "smallMap.unit.size",
                 "smallMap.unit.width", "smallMap.unit.height")
_DECIMAL_KEYS = ("units.scale", "map.mapBlendAlpha", "smallMap.territory.saturation")


@rule("M320", "map-properties.unknown-key", Severity.WARNING, "map.properties key {key!r} is not read by the engine{suggestion}")
def unknown_key(context):
    properties = context.map_properties
    if properties is None:
        return
    known = context.engine.map_property_keys
    for item in properties.items:
        if item.key.startswith("color.") or item.key in known:
            continue
        match = difflib.get_close_matches(item.key, list(known) + ["color.Impassable"], n=1, cutoff=0.8)
        yield hit(file=properties.path, line=item.line, key=item.key,
                  suggestion=f"; did you mean {match[0]!r}?" if match else "")


@rule("M321", "map-properties.bad-value", Severity.ERROR,
      "map.properties {key}={value!r} is not {expected}; the engine silently uses its default")
def bad_value(context):
    properties = context.map_properties
    for item in properties.items if properties is not None else ():
        expected = _expected(item.key, item.value.strip())
        if expected:
            yield hit(file=properties.path, line=item.line, key=item.key, value=item.value, expected=expected)


def _expected(key: str, value: str) -> str | None:
    if key.startswith("color.") or key in ("screenshot.title.color", "smallMap.viewer.color"):
        return None if _COLOUR.match(value) else "a 6-digit hex colour such as FF0011"
    if key in _BOOLEAN_KEYS:
        return None if value.lower() in ("true", "false") else "true or false"
    if key in _INTEGER_KEYS:
        return None if re.fullmatch(r"-?\d+", value) else "a whole number"
    if key in _DECIMAL_KEYS:
        return None if re.fullmatch(r"-?\d+(\.\d+)?[fFdD]?", value) else "a number"
    return None


@rule("M322", "map-properties.player-colour-missing", Severity.ERROR,
      "map.properties has no color.{name} for player {name!r}")
def player_colour_missing(context):
    properties, model = context.map_properties, context.model
    if properties is None or model is None:
        return
    coloured = {item.key[len("color."):] for item in properties.items if item.key.startswith("color.")}
    for name in dict.fromkeys(model.players):
        if name not in coloured:
            yield hit(file=properties.path, name=name, player=name)


@rule("M323", "map-properties.colour-unknown-player", Severity.INFO,
      "map.properties sets color.{name} but the game has no player {name!r}")
def colour_unknown_player(context):
    properties, model = context.map_properties, context.model
    if properties is None or model is None:
        return
    players = set(model.players) | {"Impassable"}
    for item in properties.items:
        if item.key.startswith("color.") and item.key[len("color."):] not in players:
            yield hit(file=properties.path, line=item.line, name=item.key[len("color."):])


@rule("M324", "map-properties.missing-size", Severity.ERROR, "map.properties has no {key}; the engine needs it")
def missing_size(context):
    properties = context.map_properties
    if properties is None:
        return
    for key in ("map.width", "map.height"):
        if properties.get(key) is None:
            yield hit(file=properties.path, key=key)


@rule("M325", "map-properties.missing-file", Severity.ERROR, "the map folder has no map.properties")
def missing_properties(context):
    map_dir = context.target.map_dir
    if map_dir is not None and context.target.xml is not None and not (map_dir / "map.properties").is_file():
        yield hit(file=map_dir)


@rule("M326", "map-properties.duplicate-key", Severity.WARNING,
      "map.properties key {key!r} is set again (first on line {first}); the last one wins")
def duplicate_key(context):
    properties = context.map_properties
    first: dict[str, int] = {}
    for item in properties.items if properties is not None else ():
        if item.key in first:
            yield hit(file=properties.path, line=item.line, key=item.key, first=first[item.key])
        else:
            first[item.key] = item.line
