"""Build a map repository folder from a model, atomically and deterministically.

Stages write into a staging folder beside OUT; OUT is swapped in only when every stage
succeeded, and replaced only if a previous `dday2 build` made it (marker file) or --force.
A stage is `fn(rules, staging_dir, options) -> None`; later stages (map files, images)
register themselves in `STAGES`.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from converter import __version__
from converter.atomic import replace_directory, staging_directory
from converter.compile.classic import game_xml_context
from converter.compile.notes import description_html, map_yml, notes_html
from converter.compile.render import render
from converter.model.types import Ruleset
from converter.package.stages import STAGES as _package_stages

MARKER = ".dday2-build"


@dataclass(frozen=True)
class BuildOptions:
    art: Path | None = None  # an existing package whose images and text files to use instead of ours
    extra: tuple[tuple[str, str], ...] = field(default=())


Stage = Callable[[Ruleset, Path, BuildOptions], None]


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # newline="\n": byte-identical output on every platform
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)


def game_xml(rules: Ruleset) -> str:
    return render("game.xml.j2", **game_xml_context(rules, notes_html(rules)))


def write_game_files(rules: Ruleset, root: Path, options: BuildOptions) -> None:
    games = root / "map" / "games"
    stem = Path(rules.file_name).stem
    _write(games / rules.file_name, game_xml(rules))
    _write(games / f"{stem}.notes.html", notes_html(rules))
    _write(root / "map.yml", map_yml(rules))
    _write(root / "description.html", description_html(rules))


STAGES: list[tuple[str, Stage]] = [("game files", write_game_files)]
STAGES += _package_stages  # map geometry, text files, tiles, images (converter/package)


def build_package(rules: Ruleset, out: Path, force: bool = False, options: BuildOptions | None = None,
                  progress: Callable[[str], None] | None = None) -> Path:
    options = options or BuildOptions()
    staging = staging_directory(out)
    try:
        for name, stage in STAGES:
            if progress:
                progress(name)
            stage(rules, staging, options)
        _write(staging / MARKER, f"built by dday2 {__version__} from {Path(rules.source).name or 'model'}\n")
        replace_directory(staging, out, MARKER, force=force)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return out
