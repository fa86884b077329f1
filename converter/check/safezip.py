"""Extract a map `.zip` safely into a folder we own: members with `..`, absolute paths or
drive letters are refused, as are too many members, too many bytes and suspicious
compression ratios (zip bombs). Sizes are counted while extracting, since a zip's
declared sizes can lie.
"""

from __future__ import annotations

import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


class UnsafeZipError(ValueError):
    pass


@dataclass(frozen=True)
class ZipLimits:
    max_members: int = 20_000
    max_total_bytes: int = 1024 * 1024 * 1024  # real map zips are at most a few hundred MB
    max_member_bytes: int = 256 * 1024 * 1024
    max_ratio: int = 200  # uncompressed / compressed, for members over 1 MB
    ratio_floor_bytes: int = 1024 * 1024


_CHUNK = 1 << 16


def member_path(name: str) -> PurePosixPath:
    """The relative path a member may be written to; raises for anything escaping the folder."""
    cleaned = name.replace("\\", "/")
    path = PurePosixPath(cleaned)
    if cleaned.startswith("/") or (len(cleaned) > 1 and cleaned[1] == ":") or ".." in path.parts:
        raise UnsafeZipError(f"zip member {name!r} points outside the archive; refused")
    return path


def extract(zip_path: Path, into: Path, limits: ZipLimits = ZipLimits()) -> None:
    try:
        archive = zipfile.ZipFile(zip_path)
    except (zipfile.BadZipFile, OSError) as error:
        raise UnsafeZipError(f"{zip_path.name}: not a readable zip ({error})") from None
    with archive:
        members = archive.infolist()
        if len(members) > limits.max_members:
            raise UnsafeZipError(f"{zip_path.name}: {len(members)} members, over the limit of {limits.max_members}")
        declared = sum(member.file_size for member in members)
        if declared > limits.max_total_bytes:
            raise UnsafeZipError(f"{zip_path.name}: {declared} bytes uncompressed, over the limit of {limits.max_total_bytes}")
        for member in members:
            member_path(member.filename)  # refuses `..`, absolute and drive-letter paths up front
            if stat.S_ISLNK(member.external_attr >> 16):
                raise UnsafeZipError(f"zip member {member.filename!r} is a symbolic link; refused")
            if member.file_size > limits.ratio_floor_bytes and \
                    member.file_size > limits.max_ratio * max(member.compress_size, 1):
                raise UnsafeZipError(f"zip member {member.filename!r} expands {member.file_size // max(member.compress_size, 1)}"
                                     f" times; refused as a zip bomb")
        written = 0
        for member in members:
            target = into.joinpath(*member_path(member.filename).parts)
            if member.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            size = 0
            try:
                with archive.open(member) as source, open(target, "wb") as sink:
                    while chunk := source.read(_CHUNK):
                        size += len(chunk)
                        written += len(chunk)
                        if size > limits.max_member_bytes or written > limits.max_total_bytes:
                            raise UnsafeZipError(f"zip member {member.filename!r} expands past the size limit; refused")
                        sink.write(chunk)
            except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as error:
                raise UnsafeZipError(f"zip member {member.filename!r} cannot be read ({error})") from None
