"""Hostile input: XXE, billion laughs, external DTD fetch, zip slip, zip bombs, garbage.
Each gives a finding or a one-line error and exit code, never a traceback or a fetch."""

from __future__ import annotations

import http.server
import os
import threading
import zipfile
from pathlib import Path

import pytest

from check_mapkit import UNIT, base_files, write_tree
from converter.check.safezip import UnsafeZipError, ZipLimits, extract
from converter.cli import main

XXE = b"""<?xml version="1.0"?>
<!DOCTYPE game [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<game><info name="&secret;" version="1"/></game>
"""

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE game [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<game><info name="&lol9;" version="1"/></game>
"""


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_xxe_is_refused_and_nothing_leaks(tmp_path: Path, capsys) -> None:
    xml = tmp_path / "evil.xml"
    xml.write_bytes(XXE)
    code, out, err = _run(capsys, str(xml), "--format", "json")
    assert code == 1
    assert '"code": "X002"' in out
    assert "root:" not in out + err  # no line of /etc/passwd
    assert "Traceback" not in err


def test_billion_laughs_is_refused_quickly(tmp_path: Path, capsys) -> None:
    xml = tmp_path / "laughs.xml"
    xml.write_bytes(BILLION_LAUGHS)
    code, out, _ = _run(capsys, str(xml))
    assert code == 1
    assert "X002" in out
    assert "lollollol" not in out


def test_external_dtd_is_never_fetched(tmp_path: Path, capsys) -> None:
    requests: list[str] = []

    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            requests.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'<!ENTITY x "fetched">')

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        root = write_tree(tmp_path / "repo", base_files())
        xml = root / "map/games/tiny.xml"
        url = f"http://127.0.0.1:{server.server_port}/evil.dtd"
        xml.write_text(xml.read_text().replace('SYSTEM "game.dtd"', f'SYSTEM "{url}"'))
        code, out, err = _run(capsys, str(root), "--format", "json")
    finally:
        server.shutdown()
    assert requests == []
    assert "X005" in out  # the odd DTD is reported, not followed
    assert code in (0, 1) and "Traceback" not in err


def _zip(path: Path, members: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_zip_slip_is_refused(tmp_path: Path, capsys) -> None:
    archive = _zip(tmp_path / "slip.zip", {"map/games/tiny.xml": b"<game/>", "../../escaped.txt": b"x"})
    code, out, err = _run(capsys, str(archive))
    assert code == 2
    assert "outside the archive" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path.parent / "escaped.txt").exists()


@pytest.mark.parametrize("name", ["/etc/cron.d/evil", "C:/windows/evil.txt", "a/../../b"])
def test_member_paths_outside_are_refused(tmp_path: Path, name: str) -> None:
    archive = _zip(tmp_path / "bad.zip", {name: b"x"})
    with pytest.raises(UnsafeZipError):
        extract(archive, tmp_path / "out")


def test_zip_bomb_ratio_is_refused(tmp_path: Path, capsys) -> None:
    archive = _zip(tmp_path / "bomb.zip", {"map/games/zeros.xml": b"\0" * (8 * 1024 * 1024)})
    code, _, err = _run(capsys, str(archive))
    assert code == 2 and "zip bomb" in err


def test_oversized_zip_is_refused(tmp_path: Path) -> None:
    archive = _zip(tmp_path / "big.zip", {f"f{i}.txt": bytes(1000) for i in range(5)}, zipfile.ZIP_STORED)
    with pytest.raises(UnsafeZipError, match="over the limit"):
        extract(archive, tmp_path / "out", ZipLimits(max_total_bytes=4000))
    with pytest.raises(UnsafeZipError, match="members"):
        extract(archive, tmp_path / "out", ZipLimits(max_members=3))


def test_lying_zip_sizes_are_caught_while_extracting(tmp_path: Path) -> None:
    archive = _zip(tmp_path / "ok.zip", {"a.txt": bytes(5000)}, zipfile.ZIP_STORED)
    with pytest.raises(UnsafeZipError, match="size limit"):
        extract(archive, tmp_path / "out", ZipLimits(max_member_bytes=1000, max_total_bytes=10_000))


def test_a_good_zip_is_checked_like_a_folder(tmp_path: Path, capsys) -> None:
    files = base_files()
    archive = _zip(tmp_path / "tiny.zip", {f"tiny-master/{k}": v if isinstance(v, bytes) else v.encode()
                                           for k, v in files.items()})
    code, out, err = _run(capsys, str(archive))
    assert (code, out.strip()) == (0, "no findings"), err


@pytest.mark.parametrize("content", [b"", b"\x89PNG\r\n\x1a\n garbage", b"<game>", "<game>ü</gam>".encode("latin-1")])
def test_garbage_xml_gives_a_finding(tmp_path: Path, capsys, content: bytes) -> None:
    xml = tmp_path / "garbage.xml"
    xml.write_bytes(content)
    code, out, err = _run(capsys, str(xml))
    assert code == 1 and "X001" in out and "Traceback" not in err


def test_not_a_zip_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    fake = tmp_path / "fake.zip"
    fake.write_bytes(b"not a zip")
    code, _, err = _run(capsys, str(fake))
    assert code == 2 and err.count("\n") == 1 and "not a readable zip" in err


def test_a_far_out_polygon_point_costs_no_huge_mask(tmp_path: Path, capsys) -> None:
    # one point a billion pixels away: a mask of its bounding box would need exabytes
    files = base_files()
    files["map/polygons.txt"] = ("Alpha < (0,0) (80,0) (80,100) (0,100) >\n"
                                 "Beta < (60,0) (160,0) (1000000000,1000000000) (60,100) >\n"
                                 "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n")
    root = write_tree(tmp_path / "map", files)
    code, out, err = _run(capsys, str(root), "--format", "json", "--fail-on", "warning")
    assert "C001" not in out and "Traceback" not in err
    assert '"M309"' in out  # Alpha and Beta really overlap: the exact test still finds it
    assert code == 1


def test_a_polygon_point_beyond_int64_is_a_finding_not_a_crash(tmp_path: Path, capsys) -> None:
    files = base_files()
    files["map/polygons.txt"] = ("Alpha < (0,0) (80,0) (80,100) (0,100) >\n"
                                 f"Beta < (60,0) (160,0) ({10**30},5) (60,100) >\n"
                                 "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n")
    root = write_tree(tmp_path / "map", files)
    code, out, err = _run(capsys, str(root), "--format", "json", "--fail-on", "warning")
    assert "C001" not in out and "Traceback" not in err
    # a coordinate beyond Java's int stops TripleA loading the map: that line is one it cannot read
    assert '"M304"' in out and "beyond Java's int range" in out and '"M302"' in out
    assert code == 1


def test_center_and_place_points_beyond_int64_are_findings_not_crashes(tmp_path: Path, capsys) -> None:
    files = base_files()
    files["map/centers.txt"] = f"Alpha (40,50)\nBeta ({10**30},50)\nSea Zone (128,180)\n"
    files["map/place.txt"] = f"Alpha (10,10) (-{10**400},40)\nBeta (90,10)\nSea Zone (20,120)\n"
    root = write_tree(tmp_path / "map", files)
    code, out, err = _run(capsys, str(root), "--format", "json", "--fail-on", "warning")
    assert "C001" not in out and "Traceback" not in err
    assert out.count("beyond Java's int range") == 2  # each line, one the engine cannot load
    assert code == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")
@pytest.mark.parametrize("relative, exit_code, expected", [
    ("map/games/tiny.xml", 1, "X001 error: the game XML cannot be read: not a regular file"),
    ("map/baseTiles/0_0.png", 0, "M311 warning: tile baseTiles/0_0.png is not a readable image"),  # a warning
    (f"map/units/Reds/{UNIT}.png", 1,
     f"I404 error: units/Reds/{UNIT}.png is not a readable image (not a regular file)"),
    ("map/flags/Blues.gif", 1, "I404 error: flags/Blues.gif is not a readable image (not a regular file)"),
    ("map/polygons.txt", 1,
     "M301 error: the map folder has no polygons.txt (only a FIFO, socket or device by that name)"),
    # the files the game's text is read from: a FIFO there is no file, and nothing to report
    ("map/games/tiny.notes.html", 0, "no findings"),
    ("map/tooltips.properties", 0, "no findings"),
    ("map/notifications.properties", 0, "no findings"),
    ("map/unit_icons.properties", 0, "no findings"),
    ("map/production_tabs.properties", 0, "no findings"),
    ("map/production_tabs.Reds.properties", 0, "no findings"),  # found by fuzzing: it blocked
    ("map/objectives.properties", 0, "no findings"),
    ("map/politicstext.properties", 0, "no findings"),
])
def test_a_fifo_in_the_package_is_reported_not_read(tmp_path: Path, capsys, relative: str, exit_code: int,
                                                    expected: str) -> None:
    """Opening a FIFO for reading blocks until someone writes: a check must never open one."""
    root = write_tree(tmp_path, base_files())
    fifo = root / relative
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo)
    outcome: list[int] = []
    worker = threading.Thread(target=lambda: outcome.append(main(["check", str(root)])), daemon=True)
    worker.start()
    worker.join(timeout=60)
    if worker.is_alive():  # a reader is blocked on the FIFO: release it, then fail
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(timeout=10)
        pytest.fail(f"the check blocked reading the FIFO {relative}")
    out, err = capsys.readouterr()
    assert outcome == [exit_code] and expected in out and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")
@pytest.mark.parametrize("relative, linked_from, expected", [
    ("map/reliefTiles/0_0.png", None, "M311 warning: tile reliefTiles/0_0.png is not a readable image"),
    ("map/baseTiles/1_0.png", None, "M311 warning: tile baseTiles/1_0.png is not a readable image"),
    (f"map/units/{UNIT}.png", None, f"I404 error: units/{UNIT}.png is not a readable image (not a regular file)"),
    ("map/units/Reds/extra.GIF", None, "I404 error: units/Reds/extra.GIF is not a readable image (not a regular file)"),
    ("map/misc/pipe", "map/units/Blues/linked.png",
     "I404 error: units/Blues/linked.png is not a readable image (not a regular file)"),
    ("map/misc/pipe", "map/baseTiles/0_1.png", "M311 warning: tile baseTiles/0_1.png is not a readable image"),
])
def test_a_fifo_among_tiles_or_images_is_reported_not_read(tmp_path: Path, capsys, relative: str,
                                                         linked_from: str | None, expected: str) -> None:
    """More FIFOs where the folder listings find tiles and images (the C listing and its
    Python twin both): each is named as unreadable, none is opened for reading."""
    root = write_tree(tmp_path, base_files())
    fifo = root / relative
    fifo.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(fifo)
    if linked_from is not None:
        os.symlink(fifo, root / linked_from)
    outcome: list[int] = []
    worker = threading.Thread(target=lambda: outcome.append(main(["check", str(root)])), daemon=True)
    worker.start()
    worker.join(timeout=60)
    if worker.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(timeout=10)
        pytest.fail(f"the check blocked reading the FIFO {relative}")
    out, err = capsys.readouterr()
    assert outcome and expected in out and "Traceback" not in err


@pytest.mark.parametrize("make, instead", [
    (lambda path: path.mkdir(), "only a folder by that name"),
    (lambda path: path.symlink_to("nowhere"), "only a link to nothing"),
    (lambda path: path.symlink_to(path.name), "only a link loop by that name"),
])
def test_what_stands_where_a_point_file_is_missing_is_named(tmp_path: Path, capsys, make, instead: str) -> None:
    root = write_tree(tmp_path, base_files())
    centers = root / "map" / "centers.txt"
    centers.unlink()
    make(centers)
    code, out, err = _run(capsys, str(root))
    assert code == 1 and f"M301 error: the map folder has no centers.txt ({instead})" in out and "Traceback" not in err


_LAUGHS = "".join(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]\n" for n in range(1, 10))
HOSTILE_MAP_YML = {
    "aliases-that-would-expand-a-billion-times": "a0: &l0 lol\n" + _LAUGHS + "map_name: Tiny\n",
    "nesting-deeper-than-the-parser-recurses": "map_name: " + "[" * 50_000 + "\n",
    "a-python-object-tag": "map_name: !!python/object/apply:os.system ['echo owned']\ngames: []\n",
    "a-games-list-that-is-an-alias-of-itself": "games: &g [*g]\nmap_name: Tiny\n",
}


@pytest.mark.parametrize("content", HOSTILE_MAP_YML.values(), ids=HOSTILE_MAP_YML.keys())
def test_hostile_map_yml_gives_findings_not_a_traceback(tmp_path: Path, capsys, content: str) -> None:
    write_tree(tmp_path, {**base_files(), "map.yml": content})
    code, out, err = _run(capsys, str(tmp_path), "--select", "Y")
    assert code in (0, 1) and "Traceback" not in err and "C001" not in out and "owned" not in out + err, (out, err)
    assert "Y50" in out  # each is reported as a map.yml finding


def test_a_syntax_error_names_its_place_once(tmp_path: Path, capsys) -> None:
    # lxml's own text adds "(<string>, line N)" after libxml2's "line N, column M"
    xml = tmp_path / "broken.xml"
    xml.write_bytes(b'<game>\n<info name="a<b" version="1"/></game>')
    code, out, _ = _run(capsys, str(xml))
    assert code == 1
    assert "X001" in out and "line 2, column" in out and "<string>" not in out, out
