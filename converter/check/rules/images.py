"""I4xx: unit and flag images, found by the engine's own lookup order: the map's
units/<Player>/<unit>.png, then units/<unit>.png, then the installed engine's assets.
A missing image is drawn as a placeholder; nobody is told."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError

from converter.check.model import FRONTIER, PLAYER, UNIT
from converter.check.pngfast import png_verifies
from converter.check.rule import hit, rule
from converter.findings import Severity


def _roots(context) -> list[Path]:
    roots = [context.target.map_dir] if context.target.map_dir is not None else []
    if context.assets_dir is not None:
        roots.append(context.assets_dir)
    return roots


def unit_image(roots: list[Path], player: str, unit: str) -> Path | None:
    for root in roots:
        for candidate in (root / "units" / player / f"{unit}.png", root / "units" / f"{unit}.png"):
            if candidate.is_file():
                return candidate
    return None


def _player_units(context) -> dict[tuple[str, str], int | None]:
    """(player, unit type) pairs the game shows: placed at start, held, or purchasable."""
    model = context.model
    root = context.tree.getroot()
    pairs: dict[tuple[str, str], int | None] = {}
    for element in root.iterfind("initialize/unitInitialize/unitPlacement"):
        if element.get("owner"):
            pairs.setdefault((element.get("owner"), element.get("unitType", "")), element.sourceline)
    for element in root.iterfind("initialize/unitInitialize/heldUnits"):
        pairs.setdefault((element.get("player", ""), element.get("unitType", "")), element.sourceline)
    frontier_units: dict[str, set[str]] = {}
    units = model.names(UNIT)
    rule_results = {r.get("name"): {x.get("resourceOrUnit") for x in r.iterfind("result")}
                    for r in root.iterfind("production/productionRule")}
    for frontier in root.iterfind("production/productionFrontier"):
        frontier_units[frontier.get("name", "")] = {u for fr in frontier.iterfind("frontierRules")
                                                   for u in rule_results.get(fr.get("name"), ()) if u in units}
    for reference in model.references:
        if reference.kind == FRONTIER and reference.element == "playerProduction":
            owner = next((r.value for r in model.references if r.element == "playerProduction"
                          and r.kind == PLAYER and r.line == reference.line), None)
            for unit in sorted(frontier_units.get(reference.value, ())):
                if owner:
                    pairs.setdefault((owner, unit), reference.line)
    players, known_units = set(model.players), units
    return {pair: line for pair, line in pairs.items() if pair[0] in players and pair[1] in known_units}


@rule("I401", "images.unit-image-missing", Severity.WARNING,
      "no image for {player}'s {unit}: looked for units/{player}/{unit}.png and units/{unit}.png{where}")
def unit_image_missing(context):
    if context.model is None or context.target.map_dir is None:
        return
    roots = _roots(context)
    where = " in the map and the engine's assets" if context.assets_dir is not None else " in the map"
    for (player, unit), line in sorted(_player_units(context).items()):
        if unit_image(roots, player, unit) is None:
            yield hit(line=line, player=player, unit=unit, where=where)


@rule("I402", "images.unit-without-any-image", Severity.WARNING,
      "unit type {unit!r} has no image for any player")
def unit_without_any_image(context):
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    roots = _roots(context)
    for unit in sorted(model.names(UNIT)):
        if not any(unit_image(roots, player, unit) for player in model.players):
            yield hit(line=model.first_line(UNIT, unit), unit=unit)


@rule("I403", "images.flag-missing", Severity.WARNING, "no flag image flags/{player}.gif or .png for player {player!r}")
def flag_missing(context):
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    roots = _roots(context)
    for player in dict.fromkeys(model.players):
        if not any((root / "flags" / f"{player}{ext}").is_file() for root in roots for ext in (".gif", ".png")):
            yield hit(line=model.first_line(PLAYER, player), player=player)


@rule("I404", "images.unreadable", Severity.ERROR, "{name} is not a readable image ({reason})")
def unreadable_image(context):
    map_dir = context.target.map_dir
    if map_dir is None:
        return
    for folder in ("units", "flags"):
        for image_path in sorted((map_dir / folder).rglob("*")) if (map_dir / folder).is_dir() else ():
            if image_path.suffix.lower() not in (".png", ".gif", ".jpg", ".jpeg") or not image_path.is_file():
                continue
            try:
                if png_verifies(image_path.read_bytes()):
                    continue  # the usual PNG: proven readable without Pillow's slower walk
                with Image.open(image_path) as image:
                    image.verify()
            except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
                yield hit(file=image_path, name=image_path.relative_to(map_dir).as_posix(),
                          reason=type(error).__name__)


@rule("I405", "images.unknown-player-folder", Severity.INFO, "units/{folder}/ is not named after a player of the game")
def unknown_player_folder(context):
    model, map_dir = context.model, context.target.map_dir
    if model is None or map_dir is None or not (map_dir / "units").is_dir():
        return
    players = set(model.players)
    for folder in sorted(p for p in (map_dir / "units").iterdir() if p.is_dir()):
        if folder.name not in players:
            yield hit(file=folder, folder=folder.name)
