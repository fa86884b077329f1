"""I411, I413: the images of territory effects, drawn on the map where a territory has the effect when
the map asks for them (TileManager.drawTerritoryEffects) and beside its name in the status bar
(BottomBar)."""

from __future__ import annotations

from converter.check.folderlisting import FILE
from converter.check.mapfiles import map_flag
from converter.check.rule import hit, rule
from converter.check.rules.options import options_of
from converter.check.suggest import by_lower_case
from converter.findings import Severity

IMAGE_FOLDER = "territoryEffects"


@rule("I411", "images.territory-effect-image-only-in-old-engine", Severity.WARNING,
      "territory effect {effect!r} has an image only in {engine}'s assets ({image}): {current} draws none on the "
      "map, having looked for {folder}/{effect}_large.png and {folder}/{effect}.png in the map")
def territory_effect_image_only_in_old_engine(context):
    """Finds territory effects whose image only TripleA 1.9's assets hold: 2.x draws none.

    Why: Where a territory has an effect (its `territoryAttachment`'s `territoryEffect`), TripleA
    draws the effect's image on the map when map.properties sets
    `map.useTerritoryEffectMarkers=true` (UiContext, TileManager; a map without it draws none in
    any engine, and is not reported). TripleA 1.9 read `territoryEffects/<effect>.png` from the
    map and then from its own assets, which held `city`, `desert`, `forest`, `hills`, `marsh`,
    `mountain` and `sahara` (until early 2018). TripleA 2.x reads
    `territoryEffects/<effect>_large.png`, then `<effect>.png`, from the map alone: its assets
    have no territory effects. So a map that relied on 1.9's images shows no forests or hills in
    2.x (its status bar names them in text). An effect with no image anywhere is not reported:
    many are rules only (`restricted`, `NoTrain`).

    Fix: Add `territoryEffects/<effect>.png` (and `_large.png` for the map, if it should be
    bigger) to the map: its own art, or a copy of the picture the old engine showed, where its
    licence allows.
    """
    if len(context.engine_assets) < 2:
        return
    current, *older = context.engine_assets
    in_map = set(context.map_tree(IMAGE_FOLDER).with_bit(FILE))
    lowered = by_lower_case(in_map)
    for effect, line in _effects_drawn(context).items():
        names = (f"{effect}_large.png", f"{effect}.png")
        if not effect or any(name in in_map or f"{IMAGE_FOLDER}/{name}" in current.files for name in names):
            continue
        if _in_other_case(lowered, names) is not None:
            continue  # I413's
        old = next(((assets.engine, f"{IMAGE_FOLDER}/{name}") for assets in older for name in names
                    if f"{IMAGE_FOLDER}/{name}" in assets.files), None)
        if old is not None:
            yield hit(line=line, effect=effect, engine=old[0], image=old[1], current=current.engine,
                      folder=IMAGE_FOLDER)


@rule("I413", "images.territory-effect-image-in-other-case", Severity.WARNING,
      "territory effect {effect!r} has its image only in other letter case, {folder}/{image}: {current} looks for "
      "{folder}/{effect}_large.png and {folder}/{effect}.png, and draws none on Linux (Windows and macOS find it)")
def territory_effect_image_in_other_case(context):
    """Finds territory effects whose image the map holds only in other letter case.

    Why: Where a territory has an effect, TripleA 2.x draws `territoryEffects/<effect>_large.png`,
    else `<effect>.png`, when map.properties sets `map.useTerritoryEffectMarkers=true`
    (MapData.getTerritoryEffectImage through the map's resource loader). The name is the
    effect's as the game XML writes it, and the files are looked up on the file system: Windows
    and macOS find `Desert.png` for `desert`, Linux (and a server running there) does not, and
    draws no marker, without a word.

    Fix: Rename the image to the effect's name, letter for letter (`territoryEffects/desert.png`),
    or the effect in the game XML to the image's.
    """
    current = context.engine_assets[0].engine if context.engine_assets else "TripleA 2.x"
    in_map = set(context.map_tree(IMAGE_FOLDER).with_bit(FILE)) if context.target.map_dir is not None else set()
    if not in_map:
        return
    lowered = by_lower_case(in_map)
    for effect, line in _effects_drawn(context).items():
        names = (f"{effect}_large.png", f"{effect}.png")
        if not effect or any(name in in_map for name in names):
            continue
        image = _in_other_case(lowered, names)
        if image is not None:
            yield hit(line=line, effect=effect, image=image, folder=IMAGE_FOLDER, current=current)


def _effects_drawn(context) -> dict[str, int | None]:
    """Each territory effect territories have (their `territoryAttachment`'s `territoryEffect`),
    with its first line, where map.properties has the map draw effect markers; empty otherwise."""
    model, properties = context.model, context.map_properties
    if model is None or context.target.map_dir is None or properties is None:
        return {}
    if not map_flag(properties, "map.useTerritoryEffectMarkers", False):
        return {}
    chosen = options_of(model, "territoryEffect", "TerritoryAttachment")
    first_line: dict[str, int | None] = {}
    for value, line in zip(model.options.column_at("value", chosen, ""), map(model.options.lines.__getitem__, chosen)):
        for effect in value.split(":"):
            first_line.setdefault(effect.strip(), line)
    return first_line


def _in_other_case(lowered: dict[str, str], names: tuple[str, ...]) -> str | None:
    """The map's file (`suggest.by_lower_case` of the folder) of one of `names` in other letter
    case, or None."""
    return next((lowered[name.lower()] for name in names if name.lower() in lowered), None)

