"""The os-level image helpers give what the pathlib and Pillow code they replace gave."""

from __future__ import annotations

import io
import os
from pathlib import Path, PurePath

import pytest
from PIL import Image

from converter.check.imagefiles import image_size, read_file, suffix, unreadable_reason, walk


def _png(size: tuple[int, int], **options) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (1, 2, 3)).save(buffer, "PNG", **options)
    return buffer.getvalue()


def test_suffix_is_pathlibs() -> None:
    for name in ("a.png", "a.PNG", ".png", "a.", "a", "a.b.gif", "..png", "a..", ".", "a.tar.gz", "x.jpeg "):
        assert suffix(name) == PurePath(name).suffix, name


def test_walk_lists_what_sorted_rglob_lists(tmp_path: Path) -> None:
    for relative in ("a/x.png", "a-b/x.png", "a b/y.gif", "A/z.png", ".hidden/q.png", "a/deeper/r.png", "top.png",
                     "a/.dot.png", "a0/s.png"):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(b"x")
    (tmp_path / "empty").mkdir()
    os.symlink(tmp_path / "a", tmp_path / "linked")  # listed, not entered (as rglob)
    os.symlink(tmp_path / "top.png", tmp_path / "a" / "link.png")
    expected = [path.relative_to(tmp_path).as_posix() for path in sorted(tmp_path.rglob("*"))]
    found = walk(str(tmp_path))
    assert [relative for relative, _ in found] == expected
    assert all(entry.path == str(tmp_path / relative) for relative, entry in found)
    assert walk(str(tmp_path / "missing")) == [] == walk(str(tmp_path / "top.png"))
    assert walk(str(tmp_path / "empty")) == []


def test_read_file_reads_whole_files_and_prefixes(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    for content in (b"", b"abc", bytes(range(256)) * 1000):
        path.write_bytes(content)
        assert read_file(str(path)) == content
        assert read_file(str(path), 10) == content[:10]
    with pytest.raises(IsADirectoryError):
        read_file(str(tmp_path))
    with pytest.raises(FileNotFoundError):
        read_file(str(tmp_path / "missing"))


def test_image_size_and_verification_agree_with_pillow(tmp_path: Path) -> None:
    cases = {"plain.png": _png((256, 200)), "profiled.png": _png((9, 4), icc_profile=b"\1" * 300),
             "text.gif": b"GIF89a" + bytes(20), "broken.png": _png((5, 5))[:-30], "junk.png": b"not an image"}
    gif = io.BytesIO()
    Image.new("P", (7, 3)).save(gif, "GIF")
    cases["real.gif"] = gif.getvalue()
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        try:
            with Image.open(path) as image:
                expected_size = image.size
                image.verify()
            expected_reason = None
        except Exception as error:  # noqa: BLE001 - whatever Pillow raises is the expectation
            expected_reason = type(error).__name__
            expected_size = None
        assert unreadable_reason(str(path)) == expected_reason, name
        if expected_size is not None:
            assert image_size(str(path)) == expected_size, name
    assert unreadable_reason(str(tmp_path)) == "IsADirectoryError"
