"""M32x: map.properties — known keys, well-formed values, a colour for every player.
A bad value silently falls back to the engine's default, so nobody notices."""

from __future__ import annotations

import difflib
import re

from converter.check.builtin_tables import (
    IMPASSABLE_COLOUR_NAMES,
    MAP_PROPERTY_PLAYER_PREFIXES,
    NEUTRAL_PLAYER,
    RENAMED_MAP_PROPERTY_KEYS,
    RETIRED_MAP_PROPERTY_KEYS,
)
from converter.check.rule import hit, rule, some_of
from converter.findings import Severity

# the value each key needs, as TripleA 2.x parses it (MapData, PlayerColors, ScreenshotExporter)
_COLOUR = re.compile(r"^[0-9A-Fa-f]{6}$")  # ColorUtils.fromHexString: six hex digits, no "#"
_INTEGER = re.compile(r"^[+-]?\d+$")  # Integer.parseInt
# Double.parseDouble / Float.parseFloat (which also take a trailing f or d)
_DECIMAL = re.compile(r"^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$")
_BOOLEAN_KEYS = ("map.scrollWrapX", "map.scrollWrapY", "map.hasRelief", "map.showCapitolMarkers",
                 "map.showTerritoryNames", "map.showResources", "map.showComments", "map.showSeaZoneNames",
                 "map.drawNamesFromTopLeft", "map.useNation_convoyFlags", "map.useTerritoryEffectMarkers",
                 "map.mapBlends", "screenshot.title.enabled")
_INTEGER_KEYS = ("map.width", "map.height", "units.width", "units.height", "units.counter.offset.width",
                 "units.counter.offset.height", "units.stack.size", "map.cursor.hotspot.x", "map.cursor.hotspot.y",
                 "screenshot.title.x", "screenshot.title.y", "screenshot.title.font.size", "smallMap.unit.size")
_DECIMAL_KEYS = ("units.scale", "map.mapBlendAlpha", "smallMap.territory.saturation", "smallMap.viewer.fillAlpha")
_COLOUR_KEYS = ("screenshot.title.color", "smallMap.viewer.borderColor", "smallMap.viewer.fillColor")
_COLOUR_PREFIXES = ("color.", "units.transform.color.")
_BRIGHTNESS_PREFIX = "units.transform.brightness."
_FLIP_PREFIX = "units.transform.flip."
# what 2.x does with a bad value: keys whose reader catches the error and uses its default
# (MapData's unit sizes, ScreenshotExporter's title position); other numbers and colours fail
_DEFAULT_ON_BAD_VALUE = frozenset(("units.scale", "units.width", "units.height", "units.counter.offset.width",
                                   "units.counter.offset.height", "screenshot.title.x", "screenshot.title.y",
                                   "screenshot.title.font.size"))
_TRUE_OR_FALSE = "true or false"
# 2.x draws reliefTiles by the player's own setting; map.hasRelief only enables the menu item
# for it (ViewMenu, ReliefMapDrawable)
_NO_RELIEF = ", which changes nothing here: the map has no reliefTiles to draw"
_RELIEF_MENU_OFF = (", which greys out View > Show Map Details: 2.x still draws the reliefTiles unless the "
                    "player turned that off for another map, and then cannot turn it on here")
_FALSE, _DEFAULT, _FAILS = ("the engine reads it as false", "the engine silently uses its default",
                            "the engine fails with an error when it reads it")


@rule("M320", "map-properties.unknown-key", Severity.WARNING, "map.properties key {key!r} is not read by the engine{suggestion}")
def unknown_key(context):
    """Finds map.properties keys that TripleA does not read, such as a misspelt setting name.

    Why: TripleA looks each setting up by its exact name, so a key it does not know is never read
    and the setting keeps its default: `unit.scale=0.75` leaves units at full size. Known keys are
    those TripleA 2.x reads (and any the installed 1.9 reads), including the per-player
    `units.transform.color.`, `.brightness.` and `.flip.` keys, which are reported (as info unless
    close to a player's name whose key the file does not set) when the name after them is no player
    of the game XML. Keys that only engines before 2016 read, such as `screenshot.stats.enabled`,
    are info, one finding for those of one cause; a key close to one the file also sets
    (`map.showRelief` beside `map.hasRelief`) is info, a leftover; a key 2.x renamed
    (`smallMap.territory.alpha`) is given with its new name. `color.` lines are left to M322 and
    M323. A line with no `=` or `:`, which Java reads as a key, is info (a comment without its `#`,
    or a colour value without its key). A UTF-8 byte-order mark at the start of the file becomes
    part of the first key (Java reads the file as ISO 8859-1): info when that line is a comment or
    holds nothing else, a warning when a setting is lost.

    Fix: Correct the key in map.properties (the message suggests a close known key when there is
    one), or delete the line.
    """
    properties = context.map_properties
    if properties is None:
        return
    known = context.engine.map_property_keys
    players = _drawn_players(context.model)
    candidates: list[str] | None = None
    elsewhere: frozenset[str] | None = None
    retired = [item for item in properties.items if item.key in RETIRED_MAP_PROPERTY_KEYS]
    reasons = {RETIRED_MAP_PROPERTY_KEYS[item.key] for item in retired}
    for reason in sorted(reasons, key=[RETIRED_MAP_PROPERTY_KEYS[item.key] for item in retired].index):
        alike = [item for item in retired if RETIRED_MAP_PROPERTY_KEYS[item.key] == reason]
        others = f" (as are {len(alike) - 1} more keys of it, {_lines(alike[1:])})" if len(alike) > 1 else ""
        yield hit(file=properties.path, line=alike[0].line, key=alike[0].key, severity=Severity.INFO,
                  suggestion=f"; {reason}{others}")
    set_keys = None
    for item in properties.items:
        key = item.key
        if key.startswith("color.") or key in known or key in RETIRED_MAP_PROPERTY_KEYS:
            continue
        if key in RENAMED_MAP_PROPERTY_KEYS:
            renamed, change = RENAMED_MAP_PROPERTY_KEYS[key]
            yield hit(file=properties.path, line=item.line, key=key,
                      suggestion=f"; TripleA renamed it {renamed!r} {change}")
            continue
        prefix = next((prefix for prefix in MAP_PROPERTY_PLAYER_PREFIXES if key.startswith(prefix)), None)
        if prefix is not None:
            name = key[len(prefix):]
            if players is None or name in players:
                continue
            if elsewhere is None:  # the other games' players, read once and only when needed
                elsewhere = context.sibling_players
            if name in elsewhere:
                continue
            match = _close_player(name, players)
            if match is not None and properties.get(prefix + match) is not None:
                match = None  # that key is set too: this one is a leftover (a player removed), not a misspelling
            yield hit(file=properties.path, line=item.line, key=key, severity=None if match else Severity.INFO,
                      suggestion=f": the game has no player {name!r}" + (
                          f"; did you mean {prefix + match!r}?" if match else ""))
            continue
        if key.startswith(_BYTE_ORDER_MARK) and item is properties.items[0]:
            meant = key[len(_BYTE_ORDER_MARK):]
            harmless = meant[:1] in ("#", "!") or not meant.strip()  # a comment, or a line of its own
            read = "as a key of its own, alone on the first line: no setting is lost" if not meant.strip() else \
                "as part of the first key, so its first line, a comment, is read as a key" if meant[:1] in "#!" else \
                f"as part of the first key, so the engine does not find the key {meant!r}"
            yield hit(file=properties.path, line=item.line, key=key,
                      severity=Severity.INFO if harmless else None,
                      suggestion=f": the file starts with a UTF-8 byte-order mark, which Java reads {read}; save the "
                                 "file without it")
            continue
        if candidates is None:
            candidates = sorted(known) + [f"color.{name}" for name in IMPASSABLE_COLOUR_NAMES[:1]] + \
                [prefix + name for prefix in MAP_PROPERTY_PLAYER_PREFIXES for name in sorted(players or ())]
        match = difflib.get_close_matches(key, candidates, n=1, cutoff=0.8)
        set_keys = set_keys if set_keys is not None else {each.key: each.line for each in properties.items}
        if match and match[0] in set_keys:  # the file sets the key meant too: this line is a leftover
            yield hit(file=properties.path, line=item.line, key=key, severity=Severity.INFO,
                      suggestion=f"; it is close to {match[0]!r}, which the file sets on line {set_keys[match[0]]}: "
                                 "delete this line")
            continue
        if not match and _without_separator(properties.path, item.line):
            yield hit(file=properties.path, line=item.line, key=key, severity=Severity.INFO,
                      suggestion=": its line has no '=' or ':', so Java reads the line's first word as a key "
                                 "(a comment without its '#', or a value without its key?)")
            continue
        yield hit(file=properties.path, line=item.line, key=key,
                  suggestion=f"; did you mean {match[0]!r}?" if match else "")


def _without_separator(path, line: int) -> bool:
    """Whether that line of the file holds neither `=` nor `:` (read again: only for a finding)."""
    try:
        text = path.read_bytes().decode("latin-1").splitlines()[line - 1]
    except (OSError, IndexError):
        return False
    return "=" not in text and ":" not in text


def _lines(items) -> str:
    numbers = [str(item.line) for item in items]
    return f"line {numbers[0]}" if len(numbers) == 1 else f"lines {', '.join(numbers[:-1])} and {numbers[-1]}"


_BYTE_ORDER_MARK = "\N{LATIN SMALL LETTER I WITH DIAERESIS}\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}" \
    "\N{INVERTED QUESTION MARK}"  # EF BB BF read as ISO 8859-1, as java.util.Properties reads the file


def _close_player(name: str, players: set[str]) -> str | None:
    """The player `name` most likely misspells: the same but for case, else a close spelling."""
    same = [player for player in sorted(players) if player.lower() == name.lower()]
    match = same or difflib.get_close_matches(name, sorted(players), n=1, cutoff=0.7)
    return match[0] if match else None


def _drawn_players(model) -> set[str] | None:
    """Names whose units TripleA draws: the game's players and the neutral owner (None: no game)."""
    return None if model is None else {*model.players, NEUTRAL_PLAYER}


@rule("M321", "map-properties.bad-value", Severity.ERROR,
      "map.properties {key}={value!r} is not {expected}; {outcome}")
def bad_value(context):
    """Finds map.properties values that are not the colour, true/false or number their key needs.

    Why: TripleA 2.x reads these values only when it needs them, and a bad one does different
    things by key: a colour (`color.`, `units.transform.color.`, `smallMap.viewer.borderColor`...)
    that is not six hex digits, a bad `units.stack.size`, `map.mapBlendAlpha` or
    `smallMap.unit.size`, or a `units.transform.brightness.` outside -100..100, fails with an error;
    a bad `units.scale` or `units.width` falls back to the default; and a true/false key reads
    anything but `true` as false (so `map.showCapitolMarkers=yes` means false). The last two are
    warnings: the map draws, only not as its maker meant. A bad
    `map.hasRelief` is a warning: 2.x draws the relief tiles by the player's own setting and
    reads this key only to enable View > Show Map Details (info for a map with no reliefTiles,
    where it changes nothing). The message says which.
    A value keeps its trailing blanks, as Java reads the file: `map.hasRelief=true ` is false, and
    `color.Reds=FF0000 ` fails (the engine trims only decimals and the map size). Only keys whose
    kind of value is known are checked, and only the lines the engine reads: not a key's earlier
    lines (the last one wins, M326), nor a colour for a name that is no player (M323), nor
    `color.Neutral` when no land needs it.

    Fix: In map.properties, write the value in the form the message names: six hex digits for a
    colour (`color.Germans=5A5A5A`, no `#`), `true` or `false`, or a number (`units.scale=0.75`).
    """
    properties = context.map_properties
    if properties is None:
        return
    read = {item.key: item for item in properties.items}  # java.util.Properties keeps the last line of a key
    is_read = _colour_is_read(context)
    for item in properties.items:
        if read[item.key] is not item or not is_read(item.key):
            continue  # a line the engine never reads (M326 reports the duplicate, M323 the name)
        expected = _expected(item.key, item.value)
        if expected:
            blanks = "" if _expected(item.key, item.value.rstrip()) else \
                " (with no blank after it: the engine keeps trailing blanks)"
            if item.key == "map.hasRelief" and expected == _TRUE_OR_FALSE:
                relief = bool(context.map_folder("reliefTiles"))
                yield hit(file=properties.path, line=item.line, key=item.key, value=item.value,
                          severity=Severity.WARNING if relief else Severity.INFO, expected=expected + blanks,
                          outcome=_FALSE + (_RELIEF_MENU_OFF if relief else _NO_RELIEF))
                continue
            outcome = _FALSE if expected == _TRUE_OR_FALSE else _DEFAULT if item.key in _DEFAULT_ON_BAD_VALUE else _FAILS
            yield hit(file=properties.path, line=item.line, key=item.key, value=item.value, expected=expected + blanks,
                      outcome=outcome, **({} if outcome is _FAILS else {"severity": Severity.WARNING}))


def _colour_is_read(context):
    """A test of whether the engine ever reads a key, if it is a `color.` line: a player's of a
    game of the map, `Impassable`'s, or `Neutral`'s when unowned land needs it (2.x
    PlayerColors, as 1.9 MapData, look colours up by name). True for any other key. What it
    needs is found once, on first need. Without a game read, no colour line is known to be read."""
    model = context.model
    if model is None:
        return lambda key: not key.startswith("color.")
    known: dict[str, bool] = {name: True for name in (*model.players, *IMPASSABLE_COLOUR_NAMES)}

    def is_read(key: str) -> bool:
        if not key.startswith("color."):
            return True
        name = key[len("color."):]
        if name not in known:  # the other games' players are read once per check (CheckContext)
            known[name] = bool(_unowned_land(model)) if name == NEUTRAL_PLAYER else name in context.sibling_players
        return known[name]

    return is_read


def _expected(key: str, value: str) -> str | None:
    """What `value` (as java.util.Properties keeps it, trailing blanks and all) should be, when
    the engine cannot read it as that; None when it can."""
    if key.startswith(_COLOUR_PREFIXES) or key in _COLOUR_KEYS:
        return None if _COLOUR.fullmatch(value) else "a 6-digit hex colour such as FF0011"
    if key in _BOOLEAN_KEYS or key.startswith(_FLIP_PREFIX):
        # Boolean.parseBoolean: only "true" in any case is true; anything else, "false " too, false
        return None if value.lower() == "true" or value.strip().lower() == "false" else _TRUE_OR_FALSE
    if key.startswith(_BRIGHTNESS_PREFIX):
        return None if _INTEGER.fullmatch(value) and -100 <= int(value) <= 100 else "a whole number from -100 to 100"
    if key in _INTEGER_KEYS:
        # Integer.parseInt takes no blanks, but the map size is trimmed first (MapData.getMapDimensions)
        return None if _INTEGER.fullmatch(value.strip() if key in _TRIMMED_KEYS else value) else "a whole number"
    if key in _DECIMAL_KEYS:
        return None if _DECIMAL.fullmatch(value.strip()) else "a number"  # parseDouble/parseFloat trim
    return None


_TRIMMED_KEYS = ("map.width", "map.height")


@rule("M322", "map-properties.player-colour-missing", Severity.WARNING,
      "map.properties has no color.{name} for {who}; the engine picks one itself{unused}")
def player_colour_missing(context):
    """Finds players of the game XML, and unowned land, that have no colour line in map.properties.

    Why: Land a player owns is drawn in the colour of its `color.<Player>` line, the name spelt
    exactly as in the game XML's `<player name=...>`; land nobody owns belongs to the engine's
    player `Neutral` and is drawn in `color.Neutral` (impassable land uses `color.Impassable`).
    Without the line TripleA 2.x does not fail: it hands out red, magenta, yellow, orange, cyan,
    green, pink and grey, in the order the colours are first needed, then random ones, so the
    player may get another's colour (TripleA 1.9 picks from the same 8 and fails once they run
    out). `color.Neutral` is asked for only when some land that is not impassable has no owner
    at the start; a player that owns nothing at the start and takes no step is info.

    Fix: Add `color.<Player>=RRGGBB` to map.properties for each player the message names, e.g.
    `color.Germans=5A5A5A`, and `color.Neutral=RRGGBB` for unowned land.
    """
    properties, model = context.map_properties, context.model
    if properties is None or model is None:
        return
    coloured = {item.key[len("color."):] for item in properties.items if item.key.startswith("color.")}
    uncoloured = [name for name in dict.fromkeys(model.players) if name not in coloured]
    playing = _players_in_play(model) if uncoloured else set()
    for name in uncoloured:
        yield hit(file=properties.path, name=name, player=name, who=f"player {name!r}",
                  **({"unused": ""} if name in playing else {"unused": _NEVER_DRAWN, "severity": Severity.INFO}))
    if NEUTRAL_PLAYER not in coloured and NEUTRAL_PLAYER not in model.players:
        unowned = _unowned_land(model)
        if unowned:
            yield hit(file=properties.path, name=NEUTRAL_PLAYER, territory=unowned[0], unused="",
                      who=f"unowned land such as {unowned[0]!r} ({len(unowned)} territor"
                          f"{'y' if len(unowned) == 1 else 'ies'} without an owner)")


_NEVER_DRAWN = " (it owns no territory or units at the start and takes no step, so nothing of it is drawn)"


def _players_in_play(model) -> set[str]:
    """Players that own territories or units at the start or take a step: the others are never drawn."""
    found = {step.player for step in model.steps if step.player}
    for group in model.reference_groups:
        if group.element in ("territoryOwner", "unitPlacement") and group.attribute == "owner":
            found.update(group.values)
    return found


def _unowned_land(model) -> list[str]:
    """Land territories, not impassable, that no `<territoryOwner>` gives an owner."""
    owned: set[str | None] = set()
    for group in model.reference_groups:
        if group.element == "territoryOwner" and group.attribute == "territory":
            owned.update(group.values)
    water = model.water
    candidates = [name for name in model.territories if name not in owned and name not in water]
    if not candidates:
        return []
    impassable = model.impassable
    return [name for name in dict.fromkeys(candidates) if name not in impassable]


@rule("M323", "map-properties.colour-unknown-player", Severity.INFO,
      "map.properties sets color.{name}{again} but no game of the map has a player {name!r}{more}")
def colour_unknown_player(context):
    """Finds colour lines in map.properties for names that are no player of the game XML.

    Why: TripleA 2.x reads `color.` lines only for players, for `Neutral` (its player owning the
    land nobody owns) and for `Impassable` (or the old spelling `Impassible`: impassable land), so
    a line for another name is never used; it is usually left from a renamed or removed player,
    or misspells a player's name, and then that player has no colour (M322). The players of the
    map's other game XMLs count too: they share its map.properties. A name set on several
    lines is one finding, and so are five or more such names.

    Fix: Delete the line from map.properties, or correct the name after `color.` to match the
    game XML's `<player name=...>` exactly.
    """
    properties, model = context.map_properties, context.model
    if properties is None or model is None:
        return
    players = set(model.players) | {NEUTRAL_PLAYER, *IMPASSABLE_COLOUR_NAMES}
    unknown = [item for item in properties.items if item.key.startswith("color.") and item.key[6:] not in players]
    if unknown:
        elsewhere = context.sibling_players  # read only when needed
        lines: dict[str, list[int]] = {}  # a name set twice is one finding, at its first line
        for item in unknown:
            if item.key[6:] not in elsewhere:
                lines.setdefault(item.key[6:], []).append(item.line)
        names = list(lines)
        for name in names[:1] if len(names) >= _MANY_COLOURS else names:
            at = lines[name]
            again = f" (set again on line{'s' * (len(at) > 2)} {', '.join(map(str, at[1:]))})" if len(at) > 1 else ""
            others = some_of([repr(other) for other in names[1:]], 3)
            more = f", nor {len(names) - 1} more names it colours ({others})" \
                   ": a colour list shared with other maps?" if len(names) >= _MANY_COLOURS else ""
            yield hit(file=properties.path, line=at[0], name=name, again=again, more=more)


_MANY_COLOURS = 5  # from this many colours of no player, one finding


@rule("M324", "map-properties.missing-size", Severity.ERROR, "map.properties has no {key}; the engine needs it")
def missing_size(context):
    """Finds a map.properties without a map.width or map.height line.

    Why: These two lines give the size of the whole map in pixels. TripleA (2.x as 1.9) fails with
    the error `Missing map.width or map.height in map.properties` when it asks for the map's size.

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
    Without it TripleA 2.x only logs `Error reading map.properties` and goes on with no settings,
    then fails with an error when it needs the map's size (TripleA 1.9 also when it needs a
    player's colour; 2.x picks colours itself).

    Fix: Add `map.properties` to the map folder (beside `polygons.txt`) with at least
    `map.width`, `map.height` and a `color.<Player>=RRGGBB` line for each player.
    """
    map_dir = context.target.map_dir
    if map_dir is not None and context.target.xml is not None and not (map_dir / "map.properties").is_file():
        yield hit(file=map_dir)


@rule("M326", "map-properties.duplicate-key", Severity.WARNING,
      "map.properties key {key!r} is set again (first on line {first}); the last one wins{same}")
def duplicate_key(context):
    """Finds map.properties keys that are set on more than one line.

    Why: Only the last line for a key counts (that is how Java reads a properties file, and
    TripleA keeps the last value), so editing the earlier line changes nothing, and the two lines
    can disagree without anyone noticing. A line setting the value the key already had is info:
    nothing changes yet. A colour for a name that is no player is left to M323: no line of it is
    read.

    Fix: Keep one line per key in map.properties: delete the repeats, keeping the value you want.
    """
    properties = context.map_properties
    first: dict[str, int] = {}
    value: dict[str, str] = {}  # each key's value so far
    is_read = _colour_is_read(context)
    for item in properties.items if properties is not None else ():
        if item.key in first:
            if is_read(item.key):  # else M323 reports the lines: neither is read
                same = item.value == value[item.key]
                yield hit(file=properties.path, line=item.line, key=item.key, first=first[item.key],
                          same=" (with the value it had: nothing changes)" if same else "",
                          **({"severity": Severity.INFO} if same else {}))
        else:
            first[item.key] = item.line
        value[item.key] = item.value
