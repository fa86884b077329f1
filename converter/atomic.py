"""Atomic, deterministic writes: a file or a whole output folder appears complete or not at all."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if hasattr(os, "fchmod"):  # mkstemp makes it private (0600); the result is meant to be shared
            os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The mode a plain `open(path, "w")` would leave: the existing file's, else 0666 less the umask."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    umask = os.umask(0)  # the only way to read it; set back at once
    os.umask(umask)
    return umask


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


class OutputExistsError(RuntimeError):
    """The output folder exists and was not made by us; refuse to replace it without --force."""


def replace_directory(staged: Path, target: Path, marker: str, force: bool = False) -> None:
    """Swap a fully written `staged` folder into `target`.

    `target` is replaced only if it holds `marker` (we built it) or `force` is set.
    """
    if target.exists():
        if not target.is_dir():
            raise OutputExistsError(f"{target} exists and is not a folder")
        if not force and any(target.iterdir()) and not (target / marker).exists():
            raise OutputExistsError(f"{target} exists and was not built by dday2 (no {marker}); use --force to replace it")
        backup = target.with_name(f".{target.name}.old")
        shutil.rmtree(backup, ignore_errors=True)
        os.replace(target, backup)
        os.replace(staged, target)
        shutil.rmtree(backup, ignore_errors=True)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staged, target)


def staging_directory(target: Path) -> Path:
    """A fresh folder beside `target` (same filesystem, so the final rename is atomic)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".staging"))
    staged.chmod(0o777 & ~_umask())  # mkdtemp makes it private; a plain mkdir would not
    return staged
