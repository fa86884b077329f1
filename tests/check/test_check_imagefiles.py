"""The os-level image helpers give what the pathlib and Pillow code they replace gave."""

from __future__ import annotations

import io
import os
from pathlib import Path, PurePath

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from converter.check.imagefiles import NotRegularFileError, image_size, read_file, suffix, unreadable_reason, walk


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
    for content in (b"", b"abc", bytes(range(256)) * 1000, bytes(range(256)) * 256, bytes(range(251)) * 2000):
        path.write_bytes(content)
        assert read_file(str(path)) == content
        # limits below, at and above the first read's 64 KiB, and beyond the file (read in pieces)
        for limit in (10, 65536, 65537, 100_000, 300_000, 64 * 1024 * 1024):
            assert read_file(str(path), limit) == content[:limit]
    with pytest.raises(IsADirectoryError):
        read_file(str(tmp_path))
    with pytest.raises(FileNotFoundError):
        read_file(str(tmp_path / "missing"))
    if hasattr(os, "mkfifo"):  # opened without blocking, then refused
        os.mkfifo(tmp_path / "pipe.png")
        with pytest.raises(NotRegularFileError):
            read_file(str(tmp_path / "pipe.png"))


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


def _walk_by_split_paths(root: str) -> list[tuple[str, str]]:
    """The walk as it was: list everything, then sort by the split paths."""
    found, pending = [], [(root, "")]
    while pending:
        folder, prefix = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except PermissionError:
            continue
        for entry in entries:
            found.append((prefix + entry.name, entry.path))
            if entry.is_dir(follow_symlinks=False):
                pending.append((entry.path, prefix + entry.name + "/"))
    return sorted(found, key=lambda item: item[0].split("/"))


NAMES = st.sampled_from(["a", "b", "a b", "a-b", "a0", "A", ".h", "x.png", "Z.GIF", "a.b", "é", "~", "_"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=st.lists(st.lists(NAMES, min_size=1, max_size=4), max_size=25))
def test_walk_order_is_the_split_path_order(tmp_path_factory, tree: list[list[str]]) -> None:
    root = tmp_path_factory.mktemp("walk")
    for parts in tree:
        path = root.joinpath(*parts)
        if any(parent.is_file() for parent in path.parents if root in parent.parents):
            continue
        if parts[-1].startswith(("x", "Z")) or len(parts) == 4:
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(b"x")
        else:
            path.mkdir(parents=True, exist_ok=True)
    listed: set[str] = set()
    found = walk(str(root), listed)
    assert [(relative, entry.path) for relative, entry in found] == _walk_by_split_paths(str(root))
    assert listed == {""} | {relative for relative, entry in found if entry.is_dir()}


def test_walk_skips_unreadable_folders_and_does_not_list_them(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "open" / "inner").mkdir(parents=True)
    (tmp_path / "open" / "inner" / "a.png").write_bytes(b"x")
    (tmp_path / "shut").mkdir()
    (tmp_path / "shut" / "b.png").write_bytes(b"x")
    real_scandir = os.scandir

    def scandir(path):  # as for a folder without read permission (root would read it)
        if str(path).endswith("shut"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    listed: set[str] = set()
    found = [relative for relative, _ in walk(str(tmp_path), listed)]
    assert found == ["open", "open/inner", "open/inner/a.png", "shut"]
    assert listed == {"", "open", "open/inner"}
    assert walk(str(tmp_path / "shut"), listed) == []


TRICKY = ["a.png", "a.PNG", ".png", "a.", "a", "a.b.gif", "..png", "x.jpeg", "x.jpeg ", "y.Jpg", "0_0.png", "1_2.png",
          "10_3.png", "_1.png", "1_.png", "1_2_3.png", "a_1.png", "1_a.png", "²_1.png", "1_1.PNG", "3_4.png.bak",
          "01_002.png", "5_5.gif", "dir.png"]


def test_image_and_tile_filters_equal_their_definitions(tmp_path: Path) -> None:
    for name in TRICKY:
        if name == "dir.png":
            (tmp_path / name).mkdir()
        else:
            (tmp_path / name).write_bytes(b"x")
    os.symlink(tmp_path / "a.png", tmp_path / "linked.png")
    os.symlink(tmp_path / "gone", tmp_path / "dangling.png")
    from converter.check.imagefiles import IMAGE_SUFFIXES, numbered_tiles, verifiable_images

    tree = walk(str(tmp_path))
    images = verifiable_images(tree)
    assert images == [(relative, entry) for relative, entry in tree
                      if suffix(entry.name).lower() in IMAGE_SUFFIXES and entry.is_file()]
    assert {relative for relative, _ in images} >= {"a.png", "a.PNG", "..png", "linked.png", "y.Jpg"}
    entries = {entry.name: entry for entry in os.scandir(tmp_path)}
    expected = []  # glob *_*.png, both parts decimal digits, as int() reads them (M311 does)
    for name in sorted(name for name in entries if name.endswith(".png") and "_" in name[:-4]):
        column, _, row = name[:-4].partition("_")
        if column.isdecimal() and row.isdecimal():
            expected.append((name, column, row, entries[name].path))
    assert numbered_tiles(entries) == expected
    # `²` is a digit to str.isdigit but no number to int(): no tile (it failed M311 and M310)
    assert [name for name, *_ in expected] == ["01_002.png", "0_0.png", "10_3.png", "1_2.png"]
