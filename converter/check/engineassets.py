"""The unit, flag, misc and resource images each TripleA engine ships in its own assets folder.

TripleA looks for an image in the map's folder first, then in its assets (2.x's
ResourceLoader.getResource). Which files those assets hold depends on the engine: 2.x ships
452 unit and flag images, 6 in misc/ and 20 in resources/, 1.9 shipped 697, 22 and 70, and
144 of 1.9's unit images (Australians, Canadians, Puppet_States, ...) are not in 2.x, which
draws a placeholder instead. The names come from `engine_assets.json` (names only, read from
each engine's release), so a check answers alike on a machine without any engine, such as a
CI runner. Where the Debian package of 1.9 is installed, the files of its folder are added to
the 1.9 names (they are the same files, a test compares them; a partly installed or
unreadable folder takes none away).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from converter.check.engine import ENGINE_ASSETS

# the folders the image rules (and M317) look in
ASSET_FOLDERS = ("units", "flags", "misc", "resources", "territoryEffects")
CURRENT_ENGINE = "TripleA 2.x"  # the engine maps are made and played with today
INSTALLED_ENGINE = "TripleA 1.9"  # the engine of Debian's package triplea, at ENGINE_ASSETS
_NAMES_FILE = Path(__file__).with_name("engine_assets.json")


@dataclass(frozen=True)
class EngineAssets:
    """One engine's image files below its assets folder, as `units/<Player>/<unit>.png`,
    `flags/<Player>_small.png`, `misc/vc.png`, `resources/PUs.png` and `territoryEffects/hills.png`
    (always `/`, exact case)."""

    engine: str  # "TripleA 2.x"
    files: frozenset[str]

    @classmethod
    def of_folder(cls, engine: str, folder: Path) -> "EngineAssets":
        """The files below `folder`'s ASSET_FOLDERS (links to files too; folders linked are
        not entered, as os.walk does not)."""
        found: set[str] = set()
        pending = [(str(folder / top), top) for top in ASSET_FOLDERS]
        while pending:
            path, relative = pending.pop()
            try:
                entries = list(os.scandir(path))
            except OSError:  # no such folder, or unreadable: it holds nothing the engine reads
                continue
            for entry in entries:
                name = f"{relative}/{entry.name}"
                try:
                    if entry.is_dir(follow_symlinks=False):
                        pending.append((entry.path, name))
                    elif entry.is_file():  # the directory entry's type: a stat only for links
                        found.add(name)
                except OSError:
                    continue
        return cls(engine, frozenset(found))


@lru_cache(maxsize=1)
def shipped_assets() -> tuple[EngineAssets, ...]:
    """Every engine's assets as engine_assets.json names them, the current engine first."""
    data = json.loads(_NAMES_FILE.read_text(encoding="utf-8"))
    return tuple(EngineAssets(engine["name"], frozenset(engine["files"])) for engine in data["engines"])


@lru_cache(maxsize=4)
def default_assets(installed: Path | None = ENGINE_ASSETS) -> tuple[EngineAssets, ...]:
    """The assets a check looks in, the current engine's first: the shipped names, 1.9's
    with the files of the installed engine's folder when there is one."""
    shipped = shipped_assets()
    if installed is None or not installed.is_dir():
        return shipped
    listed = EngineAssets.of_folder(INSTALLED_ENGINE, installed).files
    return tuple(EngineAssets(each.engine, each.files | listed) if each.engine == INSTALLED_ENGINE else each
                 for each in shipped)
