"""I4xx: unit and flag images, found by the engine's own lookup order: the map's
units/<Player>/<unit>.png, then units/<unit>.png, then the installed engine's assets.
A missing image is drawn as a placeholder; nobody is told."""

from __future__ import annotations

from pathlib import Path

from converter.check.imagefiles import is_dir, unreadable_reason
from converter.check.model import FRONTIER, PLAYER, UNIT
from converter.check.rule import hit, rule
from converter.findings import Severity


def _player_units(context) -> dict[tuple[str, str], int | None]:
    """(player, unit type) pairs the game shows: placed at start, held, or purchasable."""
    model = context.model
    pairs: dict[tuple[str, str], int | None] = {}
    placements = model.table("initialize/unitInitialize/unitPlacement")
    for owner, unit, line in zip(placements.column("owner"), placements.column("unitType", ""), placements.lines):
        if owner:
            pairs.setdefault((owner, unit), line)
    held = model.table("initialize/unitInitialize/heldUnits")
    for player, unit, line in zip(held.column("player", ""), held.column("unitType", ""), held.lines):
        pairs.setdefault((player, unit), line)
    units = model.names(UNIT)
    rule_results = {r.get("name"): {x.get("resourceOrUnit") for x in r.iterchildren("result")}
                    for r in model.table("production/productionRule").elements}
    frontier_units = {frontier.get("name", ""): {u for fr in frontier.iterchildren("frontierRules")
                                                 for u in rule_results.get(fr.get("name"), ()) if u in units}
                      for frontier in model.table("production/productionFrontier").elements}
    productions = [group for group in model.reference_groups
                   if group.element == "playerProduction" and group.kind in (PLAYER, FRONTIER)]
    owners: dict[int | None, str] = {}  # line -> the first player named on it
    for group in productions:
        if group.kind == PLAYER:
            for value, line in zip(group.values, group.lines):
                if value:
                    owners.setdefault(line, value)
    for group in productions:
        if group.kind == FRONTIER:
            for value, line in zip(group.values, group.lines):
                owner = owners.get(line)
                for unit in sorted(frontier_units.get(value, ())) if value else ():
                    if owner:
                        pairs.setdefault((owner, unit), line)
    players, known_units = set(model.players), units
    return {pair: line for pair, line in pairs.items() if pair[0] in players and pair[1] in known_units}


@rule("I401", "images.unit-image-missing", Severity.WARNING,
      "no image for {player}'s {unit}: looked for units/{player}/{unit}.png and units/{unit}.png{where}")
def unit_image_missing(context):
    if context.model is None or context.target.map_dir is None:
        return
    where = " in the map and the engine's assets" if context.assets_dir is not None else " in the map"
    for (player, unit), line in sorted(_player_units(context).items()):
        if context.unit_image(player, unit) is None:
            yield hit(line=line, player=player, unit=unit, where=where)


@rule("I402", "images.unit-without-any-image", Severity.WARNING,
      "unit type {unit!r} has no image for any player")
def unit_without_any_image(context):
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    players = model.players
    for unit in sorted(model.names(UNIT)):
        if not any(context.unit_image(player, unit) for player in players):
            yield hit(line=model.first_line(UNIT, unit), unit=unit)


@rule("I403", "images.flag-missing", Severity.WARNING, "no flag image flags/{player}.gif or .png for player {player!r}")
def flag_missing(context):
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    roots = [root for root in (context.target.map_dir, context.assets_dir) if root is not None]
    for player in dict.fromkeys(model.players):
        if not any((root / "flags" / f"{player}{ext}").is_file() for root in roots for ext in (".gif", ".png")):
            yield hit(line=model.first_line(PLAYER, player), player=player)


@rule("I404", "images.unreadable", Severity.ERROR, "{name} is not a readable image ({reason})")
def unreadable_image(context):
    map_dir = context.target.map_dir
    if map_dir is None:
        return
    facts = context.image_facts
    for folder, relative, entry in context.unit_and_flag_images:
        known = facts.get(entry.path)  # pngscan's verdict, when it has one
        reason = unreadable_reason(entry.path, None if known is None else known[0])
        if reason is not None:
            yield hit(file=Path(entry.path), name=f"{folder}/{relative}", reason=reason)


@rule("I405", "images.unknown-player-folder", Severity.INFO, "units/{folder}/ is not named after a player of the game")
def unknown_player_folder(context):
    model = context.model
    entries = context.map_folder("units") if model is not None else None
    if entries is None:
        return
    players = set(model.players)
    for name in sorted(name for name, entry in entries.items() if is_dir(entry)):
        if name not in players:
            yield hit(file=Path(entries[name].path), folder=name)
