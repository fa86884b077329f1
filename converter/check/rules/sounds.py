"""M336: sounds.properties paths TripleA finds no clip at, in the map's sounds/ folder
(ClipPlayer.parseClipPaths)."""

from __future__ import annotations

from converter.check.folderlisting import FILE, FOLDER
from converter.check.rule import hit, rule
from converter.check.suggest import by_lower_case
from converter.findings import Severity

SOUNDS_FILE = "sounds.properties"
_DEFAULT_FOLDER = "Sound.Default.Folder"  # the era folder's name, no clip path
_MP3 = ".mp3"  # ClipPlayer.findClipFiles keeps these alone


@rule("M336", "map-files.sound-not-found", Severity.WARNING,
      "{file_name} key {key!r} names {path!r}{problem}: TripleA skips it{fallback}")
def sound_not_found(context):
    """Finds sounds.properties paths naming no clip TripleA can play in the map's sounds/ folder.

    Why: sounds.properties gives each sound (`battle_land`, `chat_join_game`, ...) its clips: paths
    below `sounds/`, separated by `;`, each an `.mp3` file or a folder of them (ClipPlayer). TripleA
    2.x looks each path up in the map, then in its own assets, keeps only the `.mp3` files, and
    when none is found plays the engine's generic clips for the sound: a path written without its
    `.mp3` (`battle_retreat_sea_01` for `battle_retreat_sea_01.mp3`), in other letter case (found on
    Windows and macOS, not on Linux), or naming a file or folder the map's own folders lack, leaves
    the map's clip unplayed, without a word. Only paths into the map's own sounds/ are judged (a
    path may name the engine's assets, which this check does not list); `NONE` plays nothing, on
    purpose.

    Fix: Write the path as the file is named below the map's `sounds/` folder, with its `.mp3`,
    letter for letter, or name its folder.
    """
    if context.target.map_dir is None:
        return
    path, values = context.properties_file(SOUNDS_FILE)
    if not values:
        return
    entries = context.map_tree("sounds").by_name
    files = {name for name, kind in entries.items() if kind & FILE}
    folders = {name for name, kind in entries.items() if kind & FOLDER}
    lowered = by_lower_case(entries)
    for key, (value, line) in values.items():
        if key == _DEFAULT_FOLDER or value == "NONE":
            continue
        parts = [part for part in value.replace("\\", "/").split(";") if part]
        problems = [(part, _problem(part, files, folders, lowered)) for part in parts]
        unplayed = [(part, problem) for part, problem in problems if problem]
        fallback = ", and plays the engine's generic clips for the sound" if len(unplayed) == len(parts) else ""
        for part, problem in unplayed:
            yield hit(file=path, line=line, file_name=SOUNDS_FILE, key=key, path=part, problem=problem,
                      fallback=fallback)


def _problem(part: str, files: set[str], folders: set[str], lowered: dict[str, str]) -> str:
    """Why the map's sounds/ holds no clip at `part`; "" when it does, or when the path is not
    into the map's own folders (the engine's assets may hold it)."""
    if part in folders:
        return "" if any(name.startswith(part + "/") and name.endswith(_MP3) for name in files) else \
            f", a folder of the map's sounds/ with no {_MP3} file in it"
    if part in files:
        return "" if part.endswith(_MP3) else f", a file TripleA does not play (it plays {_MP3} files alone)"
    if part + _MP3 in files:
        return f" without its {_MP3} (the map's file is sounds/{part}{_MP3})"
    other = lowered.get(part.lower()) or lowered.get((part + _MP3).lower())
    if other is not None:
        return f", which differs only in letter case from the map's sounds/{other} (found on Windows and macOS, " \
               "not on Linux)"
    top = part.split("/")[0]
    if "/" in part and top in folders:
        return f", which the map's sounds/{top}/ does not hold"
    return ""
