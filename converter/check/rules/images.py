"""I4xx: unit and flag images, found by TripleA 2.x's own lookup order: units/<Player>/<unit>.png
in the map, then in the engine's assets, then units/<unit>.png in the map, then in the assets
(unitimages.py); flags/<Player>.gif or .png, _small.gif or .png and _large.png, each in the
map, then in the assets. The assets are each engine's own (engineassets.py): an image found
only in 1.9's is reported as such (I407, I408). A missing unit image is drawn as a
placeholder, a missing flag fails whatever needs it."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from converter.check.folderlisting import FILE, FOLDER
from converter.check.imagefiles import reads_ignoring_checksums, unreadable_reason
from converter.check.javatext import is_blank
from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.mapfiles import map_flag
from converter.check.model import ATTACHMENT_PATH, FRONTIER, PLAYER, UNIT
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.capitals import first_capitals
from converter.check.suggest import by_lower_case
from converter.check.techimages import starting_image_name
from converter.check.unitimages import IN_MAP
from converter.findings import Severity


# the engine's player for what nobody owns (2.x PlayerList.getNullPlayer, Constants.PLAYER_NAME_NEUTRAL;
# 1.9 PlayerID.NULL_PLAYERID): its units are drawn from units/Neutral/, and getPlayerId("Neutral") is it
NEUTRAL = NEUTRAL_PLAYER


def drawing_player(owner: str | None) -> str:
    """The player whose images a `<unitPlacement>`'s units are drawn with: its owner, or
    Neutral when it has none (a blank owner places them unowned)."""
    return owner if owner and not is_blank(owner) else NEUTRAL  # 2.x places a blank owner's units unowned


def player_units(model) -> dict[tuple[str, str], int | None]:
    """(player, unit type) pairs the game shows: placed at start (unowned ones as Neutral's),
    held, or purchasable; ordered (I401 and I407 read them, `model.derived`)."""
    pairs = started_units(model)
    for pair, line in offered_units(model).items():
        pairs.setdefault(pair, line)
    players, known_units = {*model.players, NEUTRAL}, model.names(UNIT)
    return dict(sorted((pair, line) for pair, line in pairs.items() if pair[0] in players and pair[1] in known_units))


def started_units(model) -> dict[tuple[str, str], int | None]:
    """(player, unit type) -> the first line that places (unowned ones as Neutral's) or holds
    them at the start."""
    pairs: dict[tuple[str, str], int | None] = {}
    placements = model.table("initialize/unitInitialize/unitPlacement")
    for owner, unit, line in zip(placements.column("owner"), placements.column("unitType", ""), placements.lines):
        pairs.setdefault((drawing_player(owner), unit), line)
    held = model.table("initialize/unitInitialize/heldUnits")
    for player, unit, line in zip(held.column("player", ""), held.column("unitType", ""), held.lines):
        pairs.setdefault((player, unit), line)
    return pairs


def offered_units(model) -> dict[tuple[str, str], int | None]:
    """(player, unit type) -> the `<playerProduction>` line whose frontier offers it the unit."""
    sold = frontier_units(model, model.names(UNIT))
    productions = [group for group in model.reference_groups
                   if group.element == "playerProduction" and group.kind in (PLAYER, FRONTIER)]
    owners: dict[int | None, str] = {}  # line -> the first player named on it
    for group in productions:
        if group.kind == PLAYER:
            for value, line in zip(group.values, group.lines):
                if value:
                    owners.setdefault(line, value)
    pairs: dict[tuple[str, str], int | None] = {}
    for group in productions:
        if group.kind == FRONTIER:
            for value, line in zip(group.values, group.lines):
                owner = owners.get(line)
                for unit in sorted(sold.get(value, ())) if value and owner else ():
                    pairs.setdefault((owner, unit), line)
    return pairs


def frontier_units(model, units: frozenset[str]) -> dict[str | None, set[str]]:
    """Production frontier name -> the unit types its rules give. Read from the tables the
    XML rules read already (a child's rule or frontier is its parent element) rather than by
    walking each element's children from Python. A name given twice: the last one's."""
    rule_results = model.values_by_parent("production/productionRule", "name", "result", "resourceOrUnit")
    frontier_rules = model.values_by_parent("production/productionFrontier", "name", "frontierRules", "name", "")
    return {frontier: {unit for rule_name in names for unit in rule_results.get(rule_name, ()) if unit in units}
            for frontier, names in frontier_rules.items()}


@rule("I401", "images.unit-image-missing", Severity.WARNING,
      "no image for the {unit} of player {player!r}: looked for units/{player}/{image}.png and units/{image}.png"
      "{where}{tech}{case}")
def unit_image_missing(context):
    """Finds units a player starts with, holds or can buy that have no image for that player.

    Why: TripleA 2.x draws a unit without an image as a placeholder, its `missing_unit_image.png` in
    the player's colour with the image's name written on it (TripleA 1.9 draws nothing and only logs
    `MISSING IMAGE`). A player's units here are those of its `<unitPlacement owner=...>` and
    `<heldUnits player=...>` and those its `<playerProduction>` frontier sells (2.x's unit help
    lists those with their images even for a player that never buys); a `<unitPlacement>` without an
    owner places units nobody owns, which the engine draws as its player `Neutral`'s; a unit only
    frontiers offer, to players with no step that buys or places units, is info (it shows only in
    Help > Unit Help, as a broken image: UnitStatsTable); so is a unit map.properties lists in
    `dont_draw_units`, for players that do not buy it: 2.x leaves it off the map and the unit
    tables, but casualty lists and the casualty chooser still draw it. Each is looked for as 2.x
    does: `units/<Player>/<unit>.png` in the map, then in the engine's assets, then
    `units/<unit>.png` in the map, then in the assets (1.9 looks only for the first). The assets are
    those of TripleA 2.x and of 1.9, known by their file names, so the check answers alike with or
    without an engine installed; an image only 1.9 ships is reported by I407 instead. A map file
    whose name differs only in letter case (`heavyBomber.png` for `heavybomber`) is named in the
    message: Windows and macOS find it, Linux does not. For a player that starts with technologies
    (its `techAttachment`), the image 2.x draws the unit with at the start is checked:
    `Cruiser_rockets.png` for a rocket unit with Rockets, `fighter_lr_jp.png`, `rockets.png` for the
    aaGun and so on. The `_hit` and `_disabled` variants, and those of technologies gained in play,
    are not checked. One finding per unit, naming every player without its image; an image the
    engine's assets hold in other letter case (`carrier.png` for the unit `Carrier`) is named too:
    found nowhere since 2.x reads its assets from its jar. A map with no units/ whose game's
    `mapName` names another map took that map's images in 1.9; 2.x takes the map's name from map.yml
    and draws this map's own files: the message says so.

    Fix: Add the image as `units/<Player>/<unit>.png` in the map folder, named exactly as the game
    XML's `<player>` and `<unit>` (`units/Neutral/<unit>.png` for units nobody owns), or as
    `units/<unit>.png` to draw that unit with one image for every player.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    where = where_looked(context)
    missing: dict[tuple[str, str], list[dict]] = {}  # (unit, image): one finding, naming every player
    buyers = None  # players with a step that buys or places units, found at the first missing image
    for (player, unit), line in model.derived("images.player_units", player_units).items():
        image = starting_image_name(model, player, unit)
        if context.unit_image(player, image) is None:
            case = context.unit_image_in_other_case((player,), image) or \
                _in_assets_in_other_case(context, player, image)
            if buyers is None:
                buyers, started, undrawn = _buyers(model), set(started_units(model)), _undrawn_units(context)
                bought = {pair for pair in offered_units(model) if pair[0] in buyers}
                from converter.check.rules.gained_unit_images import gained_units  # (it imports this module)

                started |= set(gained_units(model))  # placed or made by triggers and units: on the board too
            missing.setdefault((unit, image), []).append(
                dict(line=line, player=player, unit=unit, image=image, where=where,
                     tech=_TECH_NOTE if image != unit else "", case=other_case_note(case),
                     help_only=player not in buyers and (player, unit) not in started,
                     undrawn=unit in undrawn and (player, unit) not in bought))
    order = {player: at for at, player in enumerate(dict.fromkeys(model.players))}
    borrowed = borrowed_map_note(context, "units") if missing else ""
    for found in missing.values():
        found.sort(key=lambda each: order.get(each["player"], len(order)))  # in the game's order of players
        first, others = found[0], [repr(each["player"]) for each in found[1:]]
        if others:
            first["case"] += f"; nor for player{'s' * (len(others) > 1)} {some_of(others, 3)}: one " \
                             f"units/{first['image']}.png serves them all"
        first["case"] += borrowed
        help_only, undrawn = [each.pop("help_only") for each in found], [each.pop("undrawn") for each in found]
        if all(help_only):  # no player ever has one on the board
            first.update(severity=Severity.INFO, case=first["case"] + _HELP_ONLY)
        elif all(undrawn):  # map.properties' dont_draw_units: off the map, in casualty lists still
            first.update(severity=Severity.INFO, case=first["case"] + _UNDRAWN)
        yield hit(**first)


_HELP_ONLY = ("; only a frontier offers it, to players with no step that buys or places units: it shows only in "
              "Help > Unit Help, as a broken image")


def _buyers(model) -> set[str]:
    """The players with a step whose delegate buys or places units (a purchase, bid or place
    delegate: 2.x shows what a frontier sells elsewhere only in Unit Help)."""
    classes = model.delegate_classes
    return {step.player for step in model.steps if step.player
            and any(kind in classes.get(step.delegate, "") for kind in ("Purchase", "Place"))}


_UNDRAWN = ("; map.properties lists it in dont_draw_units, so 2.x leaves it off the map and the unit tables, but "
            "casualty lists and the casualty chooser still draw the placeholder")


def _undrawn_units(context) -> set[str]:
    """map.properties' `dont_draw_units`: units 2.x draws neither on the map nor in its unit
    tables and help (MapData.shouldDrawUnit: the value split at commas, untrimmed)."""
    properties = context.map_properties
    value = properties.get("dont_draw_units") if properties is not None else None
    return set(value.split(",")) if value else set()


def borrowed_map_note(context, folder: str) -> str:
    """The note on a map without the `folder` its game took from another map: the game's
    `mapName` property names that map, whose files TripleA 1.9 drew, but 2.x sets `mapName` from
    map.yml (GameParser) and draws this map's own files (UiContext); "" otherwise."""
    top = context.map_folder("")
    yml = context.map_yml
    if top is None or folder in top or yml is None or not yml.map_name or context.model is None:
        return ""
    named = next((prop.value.strip() for prop in reversed(context.model.properties) if prop.name == "mapName"), "")
    if not named or _same_map(named, yml.map_name):
        return ""
    return f" (this map has no {folder}/: the game's mapName names map {named!r}, whose {folder}/ TripleA 1.9 drew, " \
           f"but 2.x takes the map's name from map.yml, {yml.map_name!r}, and draws this map's own files)"


def _same_map(one: str, other: str) -> bool:
    """Do two map names name one map folder (letter case, blanks, `_` and `-` aside)?"""
    def folded(name: str) -> str:
        return "".join(character for character in name.lower() if character not in " _-")
    return folded(one) == folded(other)


def _in_assets_in_other_case(context, player: str, image: str) -> str | None:
    """units/<player>/<image>.png or units/<image>.png as the current engine's assets hold it in
    other letter case ("units/Japanese/carrier.png of TripleA 2.x's assets"); None without one."""
    if not context.engine_assets:
        return None
    assets = context.engine_assets[0]
    lowered = _assets_by_lower_case(assets)
    for wanted in (f"units/{player}/{image}.png", f"units/{image}.png"):
        found = lowered.get(wanted.lower())
        if found is not None:
            return f"{found} of {assets.engine}'s assets"
    return None


_TECH_NOTE = " (the name 2.x draws it by, as the player starts with a technology)"


def other_case_note(path: str | None) -> str:
    """The message's note on a file that differs only in letter case, "" without one. The map's
    files are read from its folder (found by a case-blind file system); 2.x's own assets, since
    2.7.15354 (January 2026, git c1ad1a7bb1), from its jar, where letter case counts everywhere."""
    if path is None:
        return ""
    if path.endswith("'s assets"):
        return f"; {path} differs only in letter case (2.x reads its assets from its jar, where letter case counts " \
               f"on every system; releases before January 2026 read them as files, found on Windows and macOS)"
    return f"; {path} differs only in letter case (found on Windows and macOS, not on Linux)"


def where_looked(context, without: tuple | list = ()) -> str:
    """" in the map and the assets of TripleA 2.x and TripleA 1.9", as the engines' assets are
    (but those `without`, which have the image)."""
    engines = " and ".join(assets.engine for assets in context.engine_assets if assets.engine not in without)
    return f" in the map and the assets of {engines}" if engines else " in the map"


@rule("I407", "images.unit-image-only-in-old-engine", Severity.WARNING,
      "the {unit} of player {player!r} has an image only in {engine}'s assets ({image}); {current} lacks it "
      "and draws a placeholder{more}")
def unit_image_only_in_old_engine(context):
    """Finds units whose image only an older TripleA ships: TripleA 2.x draws a placeholder for them.

    Why: When the map has no image for a unit, TripleA looks in its own assets folder, and what
    that folder holds depends on the engine: TripleA 1.9 shipped unit images for the
    Australians, Canadians and Puppet_States and some older variants (144 files) that 2.x no
    longer ships (its assets, release 47 of github.com/triplea-game/assets). A map that relies
    on them shows its units in 1.9 and placeholders in 2.x (the image's name on a blank
    counter). Units are those I401 looks at, looked for in the same order; this check uses
    the list of each engine's asset files, so it answers alike with or without an engine
    installed. One finding per player, naming its other units whose images only that engine's
    assets hold (a whole `units/<Player>/` folder the map relies on is one cause).

    Fix: Copy the image into the map as `units/<Player>/<unit>.png` (1.9's assets are
    open-source art; keep its licence), or draw one of your own.
    """
    model = context.model
    if model is None or context.target.map_dir is None or not context.engine_assets:
        return
    current = context.engine_assets[0].engine
    old_only: dict[tuple[str, str], list[dict]] = {}  # (player, engine): its units, in the game's order
    for (player, unit), line in model.derived("images.player_units", player_units).items():
        found = context.unit_image(player, starting_image_name(model, player, unit))
        if found is not None and found.engine not in (None, current):
            old_only.setdefault((player, found.engine), []).append(
                dict(line=line, player=player, unit=unit, image=found.path, engine=found.engine, current=current))
    for units in old_only.values():
        first, others = units[0], [each["unit"] for each in units[1:]]
        more = ""
        if others:
            folders = {each["image"].rpartition("/")[0] for each in units}
            copy = f": copy {first['engine']}'s {folders.pop()}/ into the map" if len(folders) == 1 else ""
            more = f"; so {'do' if len(others) > 1 else 'does'} its {some_of(others)}{copy}"
        yield hit(**first, more=more)


_VICTORY_POINTS = "VPs"  # Constants.VPS: the resource bar and the economy table leave it out


@rule("I410", "images.resource-image-missing", Severity.WARNING,
      "no image resources/{image}.png for resource {resource!r}{where}: {effect}{note}")
def resource_image_missing(context):
    """Finds resources the game shows whose image, `resources/<name>.png`, TripleA 2.x cannot find.

    Why: TripleA shows the resources of the game's `<resourceList>` by their images: in the resource
    bar under the map, the economy table of the statistics (every resource, hidden ones too, but
    `VPs`), beside the costs of what players buy, and at the large size (`<name>_large.png`) on the
    purchase panel for a resource a production rule sells. It looks for `resources/<name>.png` in
    the map and then in its own assets, which in 2.x hold 20 images (PUs, Oil, Food, Gold, ...; 1.9
    shipped 70, VPs, Fuel and Money among them). Without one, 2.x releases since May 2026 draw a
    grey square with the name's first two letters, and earlier ones fail with `Cant load`. A file in
    other letter case (in the map, or in 2.x's assets, which it reads from its jar), or one only
    1.9's assets hold, is named. A map with no image in resources/ gets one finding for five missing
    images or more.

    Fix: Add `resources/<name>.png` (20 x 20 px), and `resources/<name>_large.png` (48 x 48 px)
    for a resource players can buy, to the map folder.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    resources = model.table("resourceList/resource")
    if not len(resources):
        return
    costs = set(model.table("production/productionRule/cost").column("resource", ""))
    sold = set(model.table("production/productionRule/result").column("resourceOrUnit", ""))
    listing = context.map_tree("resources")
    in_map = set(listing.with_bit(FILE))
    in_map_by_lower_case = by_lower_case(in_map)
    current = context.engine_assets[0].engine if context.engine_assets else None
    where = where_looked(context)
    lacking: list[dict] = []
    for name, line in zip(resources.column("name", ""), resources.lines):
        wanted = []
        if name != _VICTORY_POINTS or name in costs:
            wanted.append((name, "2.x draws a placeholder wherever it shows the resource"))
        if name in sold:
            wanted.append((f"{name}_large", "2.x draws a placeholder on the purchase panel"))
        for image, effect in wanted:
            file = f"{image}.png"
            if file in in_map:
                continue
            engines = [assets.engine for assets in context.engine_assets if f"resources/{file}" in assets.files]
            if current in engines:
                continue
            other_case = in_map_by_lower_case.get(file.lower())
            if other_case is not None:
                other_case = f"resources/{other_case}"
            elif context.engine_assets:  # the assets' file in other letter case (other_case_note says when found)
                assets = context.engine_assets[0]
                found = _assets_by_lower_case(assets).get(f"resources/{file}".lower())
                other_case = f"{found} of {assets.engine}'s assets" if found else None
            note = (f"; {engines[0]}'s assets have it" if engines else "") + other_case_note(other_case)
            looked = where if not engines else where_looked(context, without=engines)
            lacking.append(dict(line=line, resource=name, image=image, where=looked, effect=effect, note=note))
    if len(lacking) >= _MANY_RESOURCES and not in_map:  # a map with no resources/ images at all: one cause
        others = [f"{each['image']}.png" for each in lacking[1:]]
        lacking[0]["note"] += f"; nor are the images of {len(others)} more resources there ({some_of(others, 3)}): the " \
                              "map has no resources/ images at all"
        lacking = lacking[:1]
    yield from (hit(**each) for each in lacking)


_MANY_RESOURCES = 5  # from this many resource images missing from a map with none, one finding


@lru_cache(maxsize=4)  # the engines' assets are fixed tables (EngineAssets is frozen)
def _assets_by_lower_case(assets) -> dict[str, str]:
    """An engine's asset files by their names in lower case (the first in order, for each)."""
    return by_lower_case(assets.files)


@rule("I403", "images.flag-missing", Severity.WARNING, "no flag image flags/{player}.gif or .png for player {player!r}")
def flag_missing(context):
    """Finds players of the game XML that have no flag image, in the map or the engine's assets.

    Why: TripleA 2.x looks for a player's flag as `flags/<Player>.gif`, then
    `flags/<Player>.png`, each in the map, then in its assets, and fails with `Image Not Found:
    flags/<Player>.gif` wherever it needs the flag and neither exists, e.g. in the player
    chooser, the politics panels and the bar under the map that shows whose turn it is (1.9
    looks for the same files). Builds since May 2026 try a `flags/missing_flag.png` first, but
    the engine ships none. This check looks in the map and in the assets of TripleA 2.x and 1.9
    (which hold flags for many common nations; known by their file names, so it answers alike
    with or without an engine installed); I406 checks the small and large flags, I408 reports a
    flag only 1.9 ships.

    Fix: Add `flags/<Player>.gif` or `flags/<Player>.png` to the map folder, named exactly as the
    game XML's `<player name=...>`.
    """
    for player in _players_without_flag(context, (".gif", ".png")):
        yield hit(line=context.model.first_line(PLAYER, player), player=player)


@rule("I406", "images.small-or-large-flag-missing", Severity.ERROR, "no {flag} for player {player!r}: {effect}")
def small_or_large_flag_missing(context):
    """Finds players without the small flag, or with a capital but without the large flag TripleA needs.

    Why: TripleA 2.x loads every player's small flag, `flags/<Player>_small.gif` or else
    `_small.png`, as it opens the game window (for its stats, technology and comment panels) and
    fails to start the game with `Image Not Found: flags/<Player>_small.gif` when neither is in
    the map or in its assets. It draws the capital marker of each territory whose
    `territoryAttachment` names a `capital` with that player's `flags/<Player>_large.png` (no
    `.gif` is looked for), unless map.properties sets `map.showCapitolMarkers` to anything but
    `true`; without that file the map around the capital stays undrawn and an error is reported.
    TripleA 1.9 looks for the same files. This check looks in the map, then in the assets of
    TripleA 2.x and 1.9 (known by their file names); I408 reports a flag only 1.9 ships.

    Fix: Add `flags/<Player>_small.gif` (or `.png`) for each player, and `flags/<Player>_large.png`
    for each player named as a capital, to the map's flags folder, named exactly as the game XML's
    `<player name=...>`; or set `map.showCapitolMarkers=false` in map.properties to draw no
    capital markers.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    for player in _players_without_flag(context, ("_small.gif", "_small.png")):
        yield hit(line=model.first_line(PLAYER, player), player=player, flag=f"flags/{player}_small.gif or .png",
                  effect="TripleA 2.x cannot start the game without it")
    if not draws_capital_markers(context):
        return
    players = {*model.players, NEUTRAL}  # getPlayerId("Neutral") is the engine's own player
    for player, (territory, line) in first_capitals(model).items():
        if player in players and context.flag_source(player, ("_large.png",)) is None:
            yield hit(line=line, player=player, territory=territory, flag=f"flags/{player}_large.png",
                      effect=f"it is the capital marker drawn on {territory}, and TripleA 2.x leaves the map "
                             "there undrawn without it")


@rule("I408", "images.flag-only-in-old-engine", Severity.ERROR,
      "flags/{flag} for player {player!r} is only in {engine}'s assets; {current} lacks it and {effect}")
def flag_only_in_old_engine(context):
    """Finds flags the map takes from an older TripleA's assets that TripleA 2.x does not ship.

    Why: A flag the map lacks is looked for in the engine's own assets folder, and TripleA 1.9
    shipped flags 2.x no longer does (102 files: Belgians, Norwegians, Swiss, New-Zealanders,
    UK_Union-Jack, variants such as Germans_Modern1; 2.x's assets are release 47 of
    github.com/triplea-game/assets). Such a map works in 1.9. In 2.x a missing small flag stops
    the game from starting and a missing large flag leaves the map around the capital undrawn
    (errors, as I406 reports them), and the player's flag fails with `Image Not Found` where it
    is shown (a warning, as I403 reports it). The flags are those I403 and I406 look for; this
    check uses the list of each engine's asset files, so it answers alike with or without an
    engine installed.

    Fix: Copy the flag file the message names into the map's `flags/` folder (1.9's assets are
    open-source art; keep its licence), or make your own, named exactly as the game XML's
    `<player name=...>`.
    """
    model = context.model
    if model is None or context.target.map_dir is None or not context.engine_assets:
        return
    current = context.engine_assets[0].engine
    flags = [((".gif", ".png"), "stops with Image Not Found wherever it shows the flag", Severity.WARNING),
             (("_small.gif", "_small.png"), "cannot start the game", Severity.ERROR)]
    for player in dict.fromkeys(model.players):
        for endings, effect, severity in flags:
            found = context.flag_source(player, endings)
            if found is not None and found.engine not in (IN_MAP, current):
                yield hit(line=model.first_line(PLAYER, player), flag=found.name, player=player, engine=found.engine,
                          current=current, effect=effect, severity=severity)
    if not draws_capital_markers(context):
        return
    players = {*model.players, NEUTRAL}
    for player, (territory, line) in first_capitals(model).items():
        found = context.flag_source(player, ("_large.png",)) if player in players else None
        if found is not None and found.engine not in (IN_MAP, current):
            yield hit(line=line, flag=found.name, player=player, engine=found.engine, current=current,
                      effect=f"leaves the map around the capital marker on {territory} undrawn")


def _players_without_flag(context, endings: tuple[str, ...]) -> list[str]:
    """The game's players with no flags/<player><ending> for any of the endings, in the map or
    any engine's assets; none without a game or a map folder."""
    model = context.model
    if model is None or context.target.map_dir is None:
        return []
    return [player for player in dict.fromkeys(model.players) if context.flag_source(player, endings) is None]


def draws_capital_markers(context) -> bool:
    """map.properties' map.showCapitolMarkers, read as 2.x's MapData does: Boolean.parseBoolean
    of the value, "true" when it is absent."""
    return map_flag(context.map_properties, "map.showCapitolMarkers", True)


@rule("I404", "images.unreadable", Severity.ERROR, "{name} is not a readable image ({reason})")
def unreadable_image(context):
    """Finds image files under units/ or flags/ that cannot be read as an image.

    Why: Every .png, .gif, .jpg or .jpeg file below the map's `units/` and `flags/` folders is
    opened and decoded here (PNG checksums included), so a truncated or corrupt file, a file
    that is no image at all, or a named pipe or device in its place (reported without being
    read, since reading one could block) is caught before play. The game XML's parser does not
    look at these files, so otherwise the fault shows only in play, when TripleA draws them. A
    flag whose only fault is a chunk's checksum is not reported: 2.x reads flags with Java's
    ImageIO, which never checks them (units are drawn through AWT's decoder, which does).

    Fix: Replace the file the message names with a valid image (export or copy it again), or
    delete it if nothing uses it.
    """
    map_dir = context.target.map_dir
    if map_dir is None:
        return
    known_facts = context.image_facts.get
    for folder, relative, path in context.unit_and_flag_images:
        known = known_facts(path)  # pngscan's verdict, when it has one
        if known is not None and known[0]:
            continue  # pngscan vouches for it (unreadable_reason would say None at once)
        # without pngscan (no C compiler) each image is read in Python: once for all the games of the map
        reason = context.folder_memo(("I404", folder, path, known), lambda: _unreadable(folder, path, known))
        if reason is not None:
            yield hit(file=Path(path), name=f"{folder}/{relative}", reason=reason)


def _unreadable(folder: str, path: str, known) -> str | None:
    """I404's reason to report the image at `path`, None when it is fine."""
    reason = unreadable_reason(path, None if known is None else known[0])
    return None if reason is not None and folder == "flags" and reads_ignoring_checksums(path) else reason


@rule("I405", "images.unknown-player-folder", Severity.INFO,
      "units/{folder}/ is not named after a player of any game of the map{case}")
def unknown_player_folder(context):
    """Finds folders in units/ that are not named after any player of the map's game XMLs.

    Why: TripleA looks for a player's unit images in `units/<Player>/`, named as in the game
    XML's `<player name=...>` (2.x then in `units/`), so images in a folder named after no player
    are drawn for no one; such a folder often belongs to a renamed or misspelt player, whose units
    then lack images (I401). `units/Neutral/` is not reported: the engine draws units nobody owns
    (placed by a `<unitPlacement>` without an owner) as those of its own player `Neutral`, and
    neither is a folder named after a player of another game XML of the map, which shares the
    units folder. A folder whose name differs from a player's only in letter case is used on
    Windows and macOS, not on Linux: the message says so.

    Fix: Rename the folder to the player's name exactly as in the game XML, letter case
    included, or delete it if no player uses it.
    """
    model = context.model
    entries = context.map_folder("units") if model is not None else None
    if entries is None:
        return
    players = {*model.players, NEUTRAL}
    root = str(context.map_file("units"))
    unknown = sorted(name for name, kind in entries.items() if kind & FOLDER and name not in players)
    elsewhere = context.sibling_players if unknown else frozenset()  # read only when needed
    players_by_lower_case = {player.lower(): player for player in (*players, *elsewhere)} if unknown else {}
    for name in unknown:
        if name not in elsewhere:
            player = players_by_lower_case.get(name.lower())
            yield hit(file=Path(os.path.join(root, name)), folder=name,
                      case=f"; it differs only in letter case from player {player!r} (found on Windows and macOS, "
                           "not on Linux)" if player is not None else "")
