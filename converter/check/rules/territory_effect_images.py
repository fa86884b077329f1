"""I411: the images of territory effects, drawn on the map where a territory has the effect when
the map asks for them (TileManager.drawTerritoryEffects) and beside its name in the status bar
(BottomBar)."""

from __future__ import annotations

from converter.check.folderlisting import FILE
from converter.check.rule import hit, rule
from converter.check.rules.options import options_of
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
    model, properties = context.model, context.map_properties
    if model is None or context.target.map_dir is None or len(context.engine_assets) < 2 or properties is None:
        return
    markers = properties.get("map.useTerritoryEffectMarkers")
    if markers is None or markers.lower() != "true":  # Boolean.parseBoolean, default false (MapData)
        return
    chosen = options_of(model, "territoryEffect", "TerritoryAttachment")
    if not chosen:
        return
    first_line: dict[str, int | None] = {}
    for value, line in zip(model.options.column_at("value", chosen, ""), map(model.options.lines.__getitem__, chosen)):
        for effect in value.split(":"):
            first_line.setdefault(effect.strip(), line)
    current, *older = context.engine_assets
    in_map = set(context.map_tree(IMAGE_FOLDER).with_bit(FILE))
    for effect, line in first_line.items():
        names = (f"{effect}_large.png", f"{effect}.png")
        if not effect or any(name in in_map or f"{IMAGE_FOLDER}/{name}" in current.files for name in names):
            continue
        old = next(((assets.engine, f"{IMAGE_FOLDER}/{name}") for assets in older for name in names
                    if f"{IMAGE_FOLDER}/{name}" in assets.files), None)
        if old is not None:
            yield hit(line=line, effect=effect, engine=old[0], image=old[1], current=current.engine,
                      folder=IMAGE_FOLDER)
