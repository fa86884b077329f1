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
    """Finds map.properties keys that TripleA does not read, such as a misspelt setting name.

    Why: TripleA 1.9 looks each setting up by its exact name, so a key it does not know is never
    read and the setting keeps its default: `unit.scale=0.75` leaves units at full size. Known
    keys are those the installed TripleA 1.9 reads for map settings plus a built-in list;
    `color.` lines are left to M322 and M323.

    Fix: Correct the key in map.properties (the message suggests a close known key when there is
    one), or delete the line.
    """
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
    """Finds map.properties values that are not the colour, true/false or number their key needs.

    Why: TripleA 1.9 reads these values only when it needs them, and a bad one does different
    things by key: a `color.` value that is not six hex digits, or a bad `units.stack.size` or
    `map.mapBlendAlpha`, fails with an error; a bad `units.scale` or `units.width` falls back to
    the default; and a true/false key reads anything but `true` as false (so
    `map.hasRelief=yes` means false). Only the common keys whose kind of value this check knows
    are checked.

    Fix: In map.properties, write the value in the form the message names: six hex digits for a
    colour (`color.Germans=5A5A5A`, no `#`), `true` or `false`, or a number (`units.scale=0.75`).
    """
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
    """Finds players of the game XML that have no colour line in map.properties.

    Why: Land a player owns is drawn in the colour of its `color.<Player>` line, the name spelt
    exactly as in the game XML's `<player name=...>`. TripleA 1.9 has no working fallback: when
    it needs the colour of a player without one (to draw that player's land, say), it fails with
    an error.

    Fix: Add `color.<Player>=RRGGBB` to map.properties for each player the message names, e.g.
    `color.Germans=5A5A5A`.
    """
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
    """Finds colour lines in map.properties for names that are no player of the game XML.

    Why: TripleA 1.9 reads `color.` lines only for players, for `Neutral` (its name for the owner
    of land and units nobody owns) and for `color.Impassable`, so a line for another name is never
    used; it is usually left from a renamed or removed player, or misspells a player's name, and
    then that player has no colour (M322). This rule reports `color.Neutral` too, although
    TripleA 1.9 uses it: keep that line if the game has unowned land or units.

    Fix: Delete the line from map.properties, or correct the name after `color.` to match the
    game XML's `<player name=...>` exactly.
    """
    properties, model = context.map_properties, context.model
    if properties is None or model is None:
        return
    players = set(model.players) | {"Impassable"}
    for item in properties.items:
        if item.key.startswith("color.") and item.key[len("color."):] not in players:
            yield hit(file=properties.path, line=item.line, name=item.key[len("color."):])


@rule("M324", "map-properties.missing-size", Severity.ERROR, "map.properties has no {key}; the engine needs it")
def missing_size(context):
    """Finds a map.properties without a map.width or map.height line.

    Why: These two lines give the size of the whole map in pixels. TripleA 1.9 fails with the
    error `Missing map.width or map.height in map.properties` when it asks for the map's size.

    Fix: Add `map.width=<pixels>` and `map.height=<pixels>` to map.properties: the width and
    height of the full map image that was cut into the `baseTiles/` images.
    """
    properties = context.map_properties
    if properties is None:
        return
    for key in ("map.width", "map.height"):
        if properties.get(key) is None:
            yield hit(file=properties.path, key=key)


@rule("M325", "map-properties.missing-file", Severity.ERROR, "the map folder has no map.properties")
def missing_properties(context):
    """Finds a map folder that has no map.properties file.

    Why: map.properties holds the map's size, the players' colours and the unit settings.
    Without it TripleA 1.9 only prints `Error reading map.properties` and goes on with no
    settings, then fails with an error when it needs the map's size or a player's colour.

    Fix: Add `map.properties` to the map folder (beside `polygons.txt`) with at least
    `map.width`, `map.height` and a `color.<Player>=RRGGBB` line for each player.
    """
    map_dir = context.target.map_dir
    if map_dir is not None and context.target.xml is not None and not (map_dir / "map.properties").is_file():
        yield hit(file=map_dir)


@rule("M326", "map-properties.duplicate-key", Severity.WARNING,
      "map.properties key {key!r} is set again (first on line {first}); the last one wins")
def duplicate_key(context):
    """Finds map.properties keys that are set on more than one line.

    Why: Only the last line for a key counts (that is how Java reads a properties file, and
    TripleA 1.9 keeps the last value), so editing the earlier line changes nothing, and the two
    lines can disagree without anyone noticing.

    Fix: Keep one line per key in map.properties: delete the repeats, keeping the value you want.
    """
    properties = context.map_properties
    first: dict[str, int] = {}
    for item in properties.items if properties is not None else ():
        if item.key in first:
            yield hit(file=properties.path, line=item.line, key=item.key, first=first[item.key])
        else:
            first[item.key] = item.line
