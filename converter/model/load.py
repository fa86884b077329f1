"""Read `maps/<name>/*.toml` into a `Ruleset`, reporting every problem with file, key and reason.

Loading is two passes: `Reader` turns each file into dataclasses (shape and type errors),
then `validate.cross_check` checks references between files. Nothing is raised until
every file has been read, so one run names all the problems.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from converter.model import read
from converter.model import types as t
from converter.model.errors import ModelError, ModelLoadError
from converter.model.reader import Reader
from converter.model.validate import cross_check

__all__ = ["ModelError", "ModelLoadError", "load_ruleset"]

FILES = ("game", "units", "areas", "borders", "beaches", "boxes", "setup", "charts", "sequence", "properties")


def _read_documents(folder: Path, errors: list[ModelError]) -> dict[str, Reader]:
    readers = {}
    for stem in FILES:
        path = folder / f"{stem}.toml"
        name = path.name
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            errors.append(ModelError(name, "-", f"file missing in {folder}"))
            data = {}
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            errors.append(ModelError(name, "-", f"not valid TOML: {error}"))
            data = {}
        readers[stem] = Reader(name, data, errors)
    return readers


def load_ruleset(folder: Path | str) -> t.Ruleset:
    """Load and validate a model folder; raises `ModelLoadError` listing every problem."""
    folder = Path(folder)
    errors: list[ModelError] = []
    if not folder.is_dir():
        raise ModelLoadError([ModelError(str(folder), "-", "model folder not found")])
    docs = _read_documents(folder, errors)
    parts = read.read_all(docs)
    if not errors:
        ruleset = t.Ruleset(**parts, source=str(folder))
        cross_check(ruleset, errors)
        if not errors:
            return ruleset
    raise ModelLoadError(errors)
