"""M335: files and folders of the map folder named as TripleA reads them but in other letter
case, which a case-blind file system finds and Linux does not."""

from __future__ import annotations

from converter.check.folderlisting import FOLDER
from converter.check.optionalfiles import READ_ORDER
from converter.check.rule import hit, rule
from converter.check.rules.repeated_keys import TEXT_FILES
from converter.findings import Severity

# the names 2.x opens in the map folder as they are written (ResourceLoader, MapData, MapImage,
# the image factories, LocalizeHtml)
READ_NAMES = (*READ_ORDER, *TEXT_FILES, "smallMap.jpeg", "smallMap.jpg", "smallMap.png",
              "baseTiles", "reliefTiles", "units", "flags", "misc", "doc", "resources", "territoryEffects",
              "territoryNames", "PUs", "sounds")
_BY_LOWER = {name.lower(): name for name in READ_NAMES}
_SMALL_MAPS = ("smallMap.jpeg", "smallMap.jpg", "smallMap.png")  # MapImage takes the first it finds
_ALTERNATIVES = dict.fromkeys(_SMALL_MAPS, _SMALL_MAPS)


@rule("M335", "map-files.name-in-other-letter-case", Severity.WARNING,
      "{found} differs only in letter case from {name}, the name TripleA reads: found on Windows and macOS, "
      "not on Linux")
def name_in_other_letter_case(context):
    """Finds map files and folders named as TripleA reads them but in other letter case.

    Why: TripleA 2.x opens the map's files by fixed names (`polygons.txt`, `map.properties`,
    `notifications.properties`, `smallMap.jpeg`, ...) and folders (`baseTiles/`, `flags/`,
    `units/`, `misc/`, `doc/`, ...), and compares them exactly. Windows and macOS find
    `BaseTiles/` or `Flags/` all the same, so the map works where it was made; on Linux (and on
    a server or CI running there) the file is not found: the map is drawn without its base
    tiles, its own flags give way to the engine's or to `Image Not Found`, a missing
    polygons.txt refuses the game. Names of files in these folders are checked by the rules of
    each kind (I401, I405, ...).

    Fix: Rename the file or folder to the name TripleA reads, letter case included (`git mv
    Flags flags`; on Windows or macOS through a temporary name).
    """
    top = context.map_folder("") if context.target.map_dir is not None else None
    for found in sorted(top or ()):
        name = _BY_LOWER.get(found.lower())
        if name is not None and name != found and not any(each in top for each in _ALTERNATIVES.get(name, (name,))):
            slash = "/" if top[found] & FOLDER else ""
            yield hit(file=context.map_file(found), found=found + slash, name=name + slash)
