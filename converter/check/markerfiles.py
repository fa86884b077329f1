"""Which territories use a line of each optional point file that draws a marker or label on
only some of them (2.x TileManager.drawTerritory): a capital's marker (capitols.txt), a
victory city's (vc.txt), the production label of a territory that produces (pu_place.txt), a
convoy zone's flag (convoy.txt), a kamikaze or blockade zone's marker, and a sea zone's name
only where the map draws sea zone names (name_place.txt). M303 suggests only such a
territory for a line whose name is none, as the others would never read it."""

from __future__ import annotations

from converter.check.mapfiles import map_flag
from converter.check.techimages import options_of_attachments


def territories_using(context, file_name: str) -> frozenset[str] | None:
    """The game's territories whose marker or label a line of `file_name` places; None for a
    file whose lines every territory uses (centers.txt, place.txt, ...)."""
    if file_name not in _OPTIONS and file_name != "name_place.txt":
        return None
    model, properties = context.model, context.map_properties
    if file_name == "name_place.txt":  # TerritoryNameDrawable: sea zones' names only when the map asks
        if map_flag(properties, "map.showSeaZoneNames", False):
            return frozenset(model.territories)
        # a convoy zone's comment is drawn there too, unless map.showComments is false (true by default)
        convoys = _using(model, "convoy.txt") if map_flag(properties, "map.showComments", True) else frozenset()
        return frozenset(model.territories) - frozenset(model.water) | convoys
    if file_name == "pu_place.txt" and not map_flag(properties, "map.showResources", True):
        return frozenset()  # no production label is drawn at all
    return model.derived(f"markerfiles.{file_name}", lambda model: _using(model, file_name))


# file -> the territoryAttachment options that give a territory its marker
_OPTIONS = {"capitols.txt": ("capital",), "vc.txt": ("victoryCity",), "pu_place.txt": ("production",),
            "convoy.txt": ("convoyRoute", "production"), "kamikaze_place.txt": ("kamikazeZone",),
            "blockade.txt": ("blockadeZone",)}


_WATER_ONLY = frozenset(("convoy.txt", "kamikaze_place.txt", "blockade.txt"))  # TileManager: sea zones' markers


def _using(model, file_name: str) -> frozenset[str]:
    from converter.check.rules.victory import territory_values  # (the rules import this module)

    # victoryCity and production as the engine reads them (victory's reader: an old victoryCity of
    # true is 1); a production label is drawn only above 0 (TerritoryNameDrawable)
    values = territory_values(model)
    using = {territory for territory, read in values.items()
             if ("victoryCity" in _OPTIONS[file_name] and read.get("victoryCity", 0) != 0)
             or ("production" in _OPTIONS[file_name] and read.get("production", 0) > 0)}
    flags = [option for option in _OPTIONS[file_name] if option not in ("victoryCity", "production")]
    for territory, option, value in options_of_attachments(model, "territoryAttachment", "territory", flags) \
            if flags else ():
        if bool(value.strip()) if option == "capital" else value.strip().lower() == "true":
            using.add(territory)
    water = frozenset(model.water)
    return frozenset(territory for territory in using if file_name not in _WATER_ONLY or territory in water)
