"""Inputs the differential fuzzer (scripts/fuzz_check.py) found breaking `dday2 check`, each
rebuilt here from scratch on the small base map: a garbage file gives a finding or a clear
error, never a failed rule (C001) or a traceback, and both paths (C kernels, DDAY2_PURE)
give the same findings."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import zlib
from contextlib import ExitStack
from pathlib import Path

import pytest
from PIL import Image

from check_mapkit import UNIT, base_files, base_xml, write_tree
from converter.check import dtdvalid
from converter.check.accel import accelerator
from converter.check.engine import load_engine
from converter.check.inputs import resolve
from converter.check.rules.map_tiles import SHOWN_TILES
from converter.check.runner import INTERNAL_CODE, check_target
from converter.cli import main
from converter.paths import REPO_ROOT
from converter.xmlsafe import parse_xml


def _findings(root: Path) -> list:
    with ExitStack() as stack:
        return [finding for target in resolve(root, stack) for finding in check_target(target).findings]


def _no_internal_errors(findings: list) -> None:
    assert not [f.message for f in findings if f.code == INTERNAL_CODE]


def _png_chunks(data: bytes) -> list[bytes]:
    """The chunks of a PNG as whole byte strings (length, type, body, CRC)."""
    chunks, at = [], 8
    while at < len(data):
        length = struct.unpack_from(">I", data, at)[0]
        chunks.append(data[at:at + 12 + length])
        at += 12 + length
    return chunks


def test_a_png_whose_first_chunk_is_not_ihdr_is_an_unreadable_image(tmp_path: Path) -> None:
    """Pillow's verify() raises IndexError for it (not one of its usual errors): I404 said C001."""
    buffer = io.BytesIO()
    Image.new("RGB", (48, 48), (1, 2, 3)).save(buffer, "PNG", pnginfo=None)
    data = buffer.getvalue()
    chunks = _png_chunks(data)
    assert chunks[0][4:8] == b"IHDR"
    chunks[0], chunks[1] = chunks[1], chunks[0]  # every CRC still right
    swapped = data[:8] + b"".join(chunks)
    root = write_tree(tmp_path, {**base_files(), f"map/units/Reds/{UNIT}.png": swapped})
    findings = _findings(root)
    _no_internal_errors(findings)
    assert [f.file for f in findings if f.code == "I404"] == [f"map/units/Reds/{UNIT}.png"]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I4s", len(body), kind) + body + struct.pack(">I", zlib.crc32(kind + body))


def test_tiles_pillow_refuses_with_other_errors_are_not_readable_tiles(tmp_path: Path) -> None:
    """M311 caught only OSError from Image.open; Pillow raises ValueError for a short IHDR
    and DecompressionBombError for a huge one: the rule failed (C001)."""
    buffer = io.BytesIO()
    Image.new("RGB", (256, 256)).save(buffer, "PNG")
    rest = b"".join(_png_chunks(buffer.getvalue())[1:])
    signature = b"\x89PNG\r\n\x1a\n"
    short = signature + _chunk(b"IHDR", b"") + rest
    huge = signature + _chunk(b"IHDR", struct.pack(">IIBBBBB", 2**20, 2**20, 8, 2, 0, 0, 0)) + rest
    root = write_tree(tmp_path, {**base_files(), "map/map.properties": base_files()["map/map.properties"]
                                 .replace("map.width=256", "map.width=512"),
                                 "map/baseTiles/0_0.png": short, "map/baseTiles/1_0.png": huge})
    findings = _findings(root)
    _no_internal_errors(findings)
    unreadable = sorted(f.file for f in findings if f.code == "M311" and "not a readable image" in f.message)
    assert unreadable == ["map/baseTiles/0_0.png", "map/baseTiles/1_0.png"]


def test_a_unit_image_linked_to_itself_is_no_image_and_no_rule_failure(tmp_path: Path) -> None:
    """DirEntry.is_file() raises ELOOP for a link to itself (Path.is_file says False):
    I404 and I405 failed on it."""
    root = write_tree(tmp_path, base_files())
    (root / "map" / "units" / "Reds" / f"{UNIT}.png").unlink()
    (root / "map" / "flags" / "Reds.gif").unlink()
    os.symlink(f"{UNIT}.png", root / "map" / "units" / "Reds" / f"{UNIT}.png")
    os.symlink("Reds.gif", root / "map" / "flags" / "Reds.gif")
    os.symlink("Loop", root / "map" / "units" / "Loop")
    findings = _findings(root)
    _no_internal_errors(findings)
    assert ("I403", "Reds") in {(f.code, f.player) for f in findings}  # the flag is missing, as the engine sees it


@pytest.mark.parametrize("name, text", [
    (".dday2.toml", "check = 5\n"),
    (".dday2.toml", "[tool]\ndday2 = 3\n"),
    (".dday2.toml", '[tool.dday2]\ncheck = "x"\n'),
    ("pyproject.toml", "tool = 3\n"),
    ("pyproject.toml", "[tool]\ndday2 = []\n"),
])
def test_a_config_value_that_is_no_table_is_a_usage_error(tmp_path: Path, capsys, name: str, text: str) -> None:
    """`check = 5` crashed load_settings with AttributeError/TypeError: the CLI printed
    'internal error' instead of naming the file."""
    root = write_tree(tmp_path, {**base_files(), name: text})
    code = main(["check", str(root)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{name}: " in err and "must be a table" in err and "internal error" not in err


def _properties(width: int | str, height: int | str = 256) -> str:
    return base_files()["map/map.properties"].replace("map.width=256", f"map.width={width}") \
        .replace("map.height=256", f"map.height={height}")


def test_a_huge_map_size_names_the_first_missing_tiles_and_counts_the_rest(tmp_path: Path) -> None:
    """M310 named every missing tile: map.width=10^12 (or a polygon point far out, when the
    width is unreadable) meant billions of findings, a hang and a MemoryError."""
    root = write_tree(tmp_path, {**base_files(), "map/map.properties": _properties(1_000_000, 512)})
    missing = [f.message for f in _findings(root) if f.code == "M310"]
    assert len(missing) == SHOWN_TILES
    assert sorted(missing)[0] == "baseTiles/0_1.png is missing (map is 1000000x512); no tile lies past y=256: if " \
        "the map's picture ends there, map.height is 256 px too large"  # 0_0.png is there
    counted = [message for message in missing if "more" in message]  # (findings are sorted by message)
    assert len(counted) == 1 and counted[0].endswith(f"; {3907 * 2 - 1 - SHOWN_TILES} more tiles are missing")


@pytest.mark.parametrize("properties, polygon, missing_shown", [
    (_properties(10**15), "", SHOWN_TILES),
    (_properties("x"), "Far < (0,0) (2147483647,0) (2147483647,5) (0,5) >\n", SHOWN_TILES),  # size from the polygons
    (_properties(29900719925474099350, 0), "", 0),  # no tile at all: M310 listed the grid's columns (MemoryError)
], ids=["map.width", "polygon extent", "no height"])
def test_a_far_out_map_size_is_checked_in_moments(tmp_path: Path, properties: str, polygon: str,
                                                  missing_shown: int) -> None:
    root = write_tree(tmp_path, {**base_files(), "map/map.properties": properties,
                                 "map/polygons.txt": base_files()["map/polygons.txt"] + polygon})
    code = ("import sys; from contextlib import ExitStack; from pathlib import Path\n"
            "from converter.check.inputs import resolve; from converter.check.runner import check_target\n"
            "with ExitStack() as stack:\n"
            "    found = [f for t in resolve(Path(sys.argv[1]), stack) for f in check_target(t).findings]\n"
            "print(sum(f.code == 'M310' for f in found), sum(f.code == 'C001' for f in found))\n")
    # in a child: before the fix this ran out of memory or for hours
    child = subprocess.run([sys.executable, "-c", code, str(root)], cwd=REPO_ROOT, capture_output=True, text=True,
                           timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == [str(missing_shown), "0"]


def _ghost_owners_xml(count: int, walk_errors: int = 0) -> bytes:
    """The base game with `count` territories owned by undeclared players (each an IDREF to
    an unknown ID, reported in libxml2's final hash-table pass) after `walk_errors` errors
    of the tree walk (an undeclared attribute each)."""
    owners = "".join(f'<territoryOwner territory="Alpha" owner="Ghost{n:02d}"/>' for n in range(count))
    xml = base_xml().replace("<ownerInitialize>", "<ownerInitialize>" + owners)
    return xml.replace('<info name="Tiny"', '<info name="Tiny"' + "".join(f' x{n}="1"' for n in range(walk_errors))).encode()


@pytest.mark.skipif(load_engine().dtd is None, reason="needs game.dtd from the engine jar")
@pytest.mark.parametrize("count, walk_errors", [(40, 0), (12, 15), (3, 30)])
def test_dtd_errors_shown_are_the_same_every_run_on_both_paths(count: int, walk_errors: int) -> None:
    """libxml2 reports unknown IDREFs walking a hash table seeded at random per table: X004
    showed a different 21st error (or different first 20) from run to run, and the C and
    lxml paths disagreed at random. Both now show them sorted by line and message."""
    dtd = load_engine().dtd
    data = _ghost_owners_xml(count, walk_errors)
    reports = {dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), dtd) for _ in range(8)}
    assert len(reports) == 1
    report = reports.pop()
    assert report.error_count == count + walk_errors and len(report.errors) == min(dtdvalid.SHOWN_ERRORS, count + walk_errors)
    ghosts = [error.message for error in report.errors if "unknown ID" in error.message]
    assert ghosts == sorted(ghosts) and len(ghosts) == min(count, max(dtdvalid.SHOWN_ERRORS - walk_errors, 0))
    if accelerator("_dtdvalid") is not None:
        assert {dtdvalid.validate_bytes(data, dtd) for _ in range(8)} == {report}


def test_a_game_file_name_too_long_for_the_file_system_does_not_exist(tmp_path: Path) -> None:
    """pathlib raises ENAMETOOLONG for a 300-character name: resolving the map (and Y504)
    ended in a traceback."""
    name = "a" * 300 + ".xml"
    root = write_tree(tmp_path, {**base_files(), "map.yml": f"map_name: Tiny\ngames:\n- {{game_name: Tiny, file_name: {name}}}\n"})
    findings = _findings(root)
    _no_internal_errors(findings)
    assert "Y504" in {f.code for f in findings}  # (and Y507: tiny.xml is not listed)
    assert main(["check", str(root)]) == 1


@pytest.mark.parametrize("posix_strings", [True, False])
def test_a_player_name_too_long_for_the_file_system_has_no_flag(tmp_path: Path, monkeypatch,
                                                                 posix_strings: bool) -> None:
    """I403 looked for flags/<300 characters>.gif and failed (C001) on ENAMETOOLONG, by
    string and by Path alike: such a flag cannot exist, so the player has none."""
    from converter.check import unitimages

    monkeypatch.setattr(unitimages, "_POSIX", posix_strings and unitimages._POSIX)
    long_name = "x" * 300
    xml = base_xml().replace('<player name="Blues" optional="false"/>',
                             f'<player name="Blues" optional="false"/><player name="{long_name}" optional="false"/>')
    root = write_tree(tmp_path, {**base_files(), "map/games/tiny.xml": xml})
    findings = _findings(root)
    _no_internal_errors(findings)
    assert long_name in {f.player for f in findings if f.code == "I403"}


def test_far_out_coordinates_give_the_same_boxes_from_tuples_and_from_the_c_readers_rows() -> None:
    """With a coordinate beyond int64 in the file, the scan table is built from the entries'
    points: Python ints (regex-read lines) or numpy rows (the C reader's). A coordinate of
    int64's minimum read as +2**31 from an int, but stayed itself from a numpy value (abs()
    wraps), so M312 named another corner on the two paths."""
    import numpy as np

    from converter.check.scanlines import ScanTable

    far = ((0, 0), (10, -2**63), (20, 5))
    beyond = ((0, 0), (10**30, 0), (0, -10**30))  # no int64 holds these: tuples on both paths
    from_ints = ScanTable.of([("Far", far), ("Beyond", beyond)]).boxes.tolist()
    from_rows = ScanTable.of([("Far", np.array(far, dtype=np.int64)), ("Beyond", beyond)]).boxes.tolist()
    assert from_ints == from_rows == [[0, -2**63, 20, 5], [0, -2**63, 2**63 - 1, 0]]


def test_polygons_at_the_ends_of_javas_int_are_reported_at_their_corners(tmp_path: Path) -> None:
    """(Found with int64's ends, when the readers took any int64: a line beyond Java's int is
    now one the engine cannot load, M304.)"""
    polygons = base_files()["map/polygons.txt"] + "Far < (0,0) (10,-2147483648) (20,5) >\n" \
        "Beyond < (0,0) (2147483647,0) (0,5) >\nPast < (0,0) (2147483648,0) (0,5) >\n" \
        "Long < (0,0) (99999999999999999999,0) (0,5) >\n"
    root = write_tree(tmp_path, {**base_files(), "map/polygons.txt": polygons})
    findings = _findings(root)
    _no_internal_errors(findings)
    corners = {f.territory: f.message for f in findings if f.code == "M312"}
    assert "reaches (0,-2147483648)" in corners["Far"]
    assert "reaches (2147483647,5)" in corners["Beyond"]
    unread = [f.line for f in findings if f.code == "M304" and "beyond Java's int range" in f.message]
    assert unread == [6, 7]


@pytest.mark.skipif(accelerator("_dtdvalid") is None or load_engine().dtd is None,
                    reason="needs the _dtdvalid kernel and game.dtd from the engine jar")
@pytest.mark.parametrize("declaration", ['<?xml version="1.0"?>', "", '<?xml version="1.0" encoding="UTF-8"?>'])
@pytest.mark.parametrize("owner", ["X&#xE9;", "Xé", "X&#x10FFFF;", "X&amp;Y"])
def test_dtd_messages_show_attribute_values_as_lxml_does(declaration: str, owner: str) -> None:
    """lxml names a document without an encoding declaration "UTF-8"; the kernel's own parse
    left it without one, so libxml2 wrote non-ASCII characters of an unknown IDREF as
    character references ("X&#xE9;") in the kernel's X004 messages only."""
    dtd = load_engine().dtd
    data = _ghost_owners_xml(0).decode().replace('<?xml version="1.0"?>', declaration) \
        .replace("<ownerInitialize>", f'<ownerInitialize><territoryOwner territory="Alpha" owner="{owner}"/>').encode()
    expected = dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), dtd)
    assert dtdvalid.validate_bytes(data, dtd) == expected
    assert any("unknown ID" in error.message for error in expected.errors)


def test_a_far_out_polygon_repeated_is_compared_once(tmp_path: Path, monkeypatch) -> None:
    """A hostile polygons.txt repeated one far-out polygon (left out of the scan) hundreds of
    times, and M309 compared each copy with every polygon exactly (seconds). Copies of one
    polygon under one name answer alike: each is compared once, and the findings stay."""
    from converter.check.rules import polygon_overlaps

    far = "Alpha < (0,0) (80,0) (80,100) (0,2000000000) >\n"
    files = {**base_files(), "map/polygons.txt": base_files()["map/polygons.txt"] + far * 200}
    root = write_tree(tmp_path, files)
    compared = []
    exact = polygon_overlaps.polygons_overlap
    monkeypatch.setattr(polygon_overlaps, "polygons_overlap", lambda *outlines: compared.append(1) or exact(*outlines))

    def overlaps() -> list[str]:
        findings = _findings(root)
        _no_internal_errors(findings)
        return sorted(f.message for f in findings if f.code == "M309")

    once, calls_once = overlaps(), len(compared)
    monkeypatch.setattr(polygon_overlaps, "_distinct", lambda shapes: dict(enumerate(shapes)))  # every copy, as before
    every_copy = overlaps()
    assert once == every_copy and "the polygons of 'Alpha' and 'Sea Zone' overlap" in once
    # the far-out polygon with the three others, and Alpha's two distinct polygons with the
    # sea's in M309's island test, then in its land-over-sea test
    assert calls_once <= 8 < len(compared) - calls_once


def test_a_polygon_pasted_hundreds_of_times_costs_no_more_windows(tmp_path: Path, monkeypatch) -> None:
    """A hostile polygons.txt pasted an overlapping polygon hundreds of times: each copy's
    scanline intervals met every other copy's, row after row (a fuzzed map: minutes). A copy
    right after its twin adds no window, and M309 reports the same overlap as for one copy."""
    from converter.check import scanlines

    calls = []
    counted = scanlines._overlapped_by
    monkeypatch.setattr(scanlines, "_overlapped_by", lambda *arguments: calls.append(1) or counted(*arguments))

    def overlaps(copies: int) -> tuple[list[str], int]:
        calls.clear()
        files = {**base_files()}
        files["map/polygons.txt"] += "Beta < (40,0) (120,0) (120,100) (40,100) >\n" * copies  # over Alpha
        findings = _findings(write_tree(tmp_path / f"copies{copies}", files))
        _no_internal_errors(findings)
        return sorted(f.message for f in findings if f.code == "M309"), len(calls)

    (one, calls_one), (many, calls_many) = overlaps(1), overlaps(300)
    assert one == many and "the polygons of 'Alpha' and 'Beta' overlap" in one[0]
    assert calls_many <= calls_one + 2  # not 300 times as many
