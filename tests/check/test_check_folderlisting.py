"""The map folder listings: the C kernel (_listing) and its Python twin read the same
listing, and both answer what imagefiles' walk, image filter and tile filter answer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.check import folderlisting
from converter.check.accel import accelerator
from converter.check.folderlisting import FOLDER, FolderListing, _listed_in_python, list_folder
from converter.check.imagefiles import numbered_tiles, verifiable_images, walk

KERNEL = accelerator("_listing")
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the _listing kernel is not built (or DDAY2_PURE is set)")
NAMES = ["a", "b", "A", "a b", ".h", "x.png", "Z.GIF", "q.JpEg", "p.jpeg ", "0_0.png", "12_3.png", "1_2_3.png",
         "_1.png", "1_.png", "²_1.png", "١_٢.png", "é.png", "1_1.PNG", "a.", ".png", "~", "_", "3_4.png.bak"]


def _build(root: Path, tree: list[tuple[list[str], str]]) -> None:
    """Each item: a path (parts) and what to put there: file, folder, fifo, or a link to a
    file, to a folder, to nothing, to itself, to a FIFO."""
    for parts, what in tree:
        path = root.joinpath(*parts)
        if any(parent.exists() and not parent.is_dir() or parent.is_symlink()
               for parent in path.parents if root in parent.parents):
            continue
        if os.path.lexists(path):
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if what == "file":
            path.write_bytes(b"x")
        elif what == "folder":
            path.mkdir()
        elif what == "fifo":
            os.mkfifo(path)
        else:
            target = {"link-file": root / "target.png", "link-folder": root, "link-nothing": root / "gone",
                      "link-self": path, "link-fifo": root / "pipe"}[what]
            os.symlink(target, path)


def _sample(root: Path) -> None:
    (root / "target.png").write_bytes(b"x")
    os.mkfifo(root / "pipe")


KINDS = st.sampled_from(["file", "file", "folder", "fifo", "link-file", "link-folder", "link-nothing", "link-self",
                         "link-fifo"])


def _both(root: str, recursive: bool) -> tuple[FolderListing, FolderListing]:
    return list_folder(root, recursive), _listed_in_python(root, recursive)


@needs_kernel
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=st.lists(st.tuples(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3), KINDS), max_size=20))
def test_the_kernel_lists_what_python_lists(tmp_path_factory, tree) -> None:
    root = tmp_path_factory.mktemp("listing")
    _sample(root)
    _build(root, tree)
    for recursive in (True, False):
        fast, python = _both(str(root), recursive)
        assert fast == python
    # and both answer as the walk, the image filter and the tile filter
    listing = list_folder(str(root), True)
    walked = walk(str(root))
    assert listing.names == [relative for relative, _ in walked]
    assert listing.images() == [relative for relative, _ in verifiable_images(walked)]
    assert [listing.prefix + relative for relative in listing.names] == [entry.path for _, entry in walked]
    flat = list_folder(str(root), False)
    entries = {entry.name: entry for entry in os.scandir(root)}
    assert flat.numbered_tiles() == numbered_tiles(entries)
    assert {name for name, kind in flat.by_name.items() if kind & FOLDER} == \
        {name for name, entry in entries.items() if _is_dir(entry)}


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


@needs_kernel
def test_names_the_kernel_cannot_sort_as_python_go_to_python(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"x")
    os.mkdir(tmp_path / "sub")
    bad = os.path.join(os.fsencode(tmp_path / "sub"), b"\xff\xfe.png")  # not UTF-8: surrogate escapes in str
    with open(bad, "wb") as handle:
        handle.write(b"x")
    assert KERNEL.tree(str(tmp_path), True) is None
    assert KERNEL.tree(str(tmp_path), False) is not None  # the odd name is one level down
    fast, python = _both(str(tmp_path), True)
    assert fast == python and "sub/\udcff\udcfe.png" in fast.images()


@needs_kernel
def test_the_kernel_declines_odd_roots_and_deep_trees(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*["d"] * 300)
    deep.mkdir(parents=True)
    assert KERNEL.tree(str(tmp_path), True) is None  # deeper than it goes: Python walks it
    assert KERNEL.tree(str(tmp_path), False) is not None
    assert KERNEL.tree(str(tmp_path) + "/", False) is None
    assert KERNEL.tree(str(tmp_path / "missing"), False) is None
    assert KERNEL.tree(str(tmp_path / "d" / "d" / "d"), False) == (b"d\0", bytes([1 | 4]), True)
    (tmp_path / "file").write_bytes(b"")
    assert KERNEL.tree(str(tmp_path / "file"), True) is None
    with pytest.raises(ValueError):
        KERNEL.tree("a\0b", True)
    with pytest.raises(TypeError):
        KERNEL.tree(None, True)
    assert list_folder(str(tmp_path), True) == _listed_in_python(str(tmp_path), True)


def test_no_folder_lists_nothing_and_a_flat_listing_is_none(tmp_path: Path) -> None:
    for missing in (tmp_path / "missing", tmp_path / "file"):
        (tmp_path / "file").write_bytes(b"")
        assert list_folder(str(missing), True) == FolderListing(str(missing), [], b"", frozenset())
        assert list_folder(str(missing), False) is None


def test_unreadable_folders_are_skipped_by_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "open" / "inner").mkdir(parents=True)
    (tmp_path / "open" / "inner" / "a.png").write_bytes(b"x")
    (tmp_path / "shut").mkdir()
    (tmp_path / "shut" / "b.png").write_bytes(b"x")
    if os.geteuid() != 0 and KERNEL is not None:  # (root reads any folder)
        os.chmod(tmp_path / "shut", 0)
        try:
            fast, python = _both(str(tmp_path), True)
            assert fast == python and "shut" not in fast.listed
        finally:
            os.chmod(tmp_path / "shut", 0o755)
    real_scandir = os.scandir

    def scandir(path):
        if str(path).endswith("shut"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    python = _listed_in_python(str(tmp_path), True)
    assert python.names == ["open", "open/inner", "open/inner/a.png", "shut"]
    assert python.listed == {"", "open", "open/inner"} and python.images() == ["open/inner/a.png"]
    assert _listed_in_python(str(tmp_path / "shut"), False) == FolderListing(str(tmp_path / "shut"), [], b"",
                                                                              frozenset())


def test_without_the_kernel_the_listing_is_pythons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "u").mkdir()
    (tmp_path / "u" / "1_2.png").write_bytes(b"x")
    monkeypatch.setattr(folderlisting, "_kernel", None)
    listing = list_folder(str(tmp_path), True)
    assert listing.names == ["u", "u/1_2.png"] and listing.images() == ["u/1_2.png"]
    assert list_folder(str(tmp_path / "u"), False).numbered_tiles() == [("1_2.png", "1", "2",
                                                                          str(tmp_path / "u" / "1_2.png"))]
