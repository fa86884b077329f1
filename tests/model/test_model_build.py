"""`dday2 build`: the package's files, determinism, atomic replacement, and one edited fact."""

from __future__ import annotations

import shutil
from pathlib import Path

from converter.cli import main
from converter.compile.equivalence import differences, summarize
from converter.paths import DDAY2_MODEL_DIR
from converter.xmlsafe import parse_xml


def build(out: Path, *extra: str) -> int:
    return main(["build", "-o", str(out), *extra])


def test_build_writes_a_map_repository(tmp_path):
    out = tmp_path / "d-day2"
    assert build(out) == 0
    assert (out / "map.yml").read_text().count("D-Day_2.xml") == 1
    assert (out / "description.html").is_file()
    notes = (out / "map" / "games" / "D-Day_2.notes.html").read_text()
    assert "Omaha Beach" in notes and "Rennes Chartres" in notes
    root = parse_xml(out / "map" / "games" / "D-Day_2.xml").getroot()
    assert root.find("info").get("name") == "D-Day 2"
    assert root.find("propertyList/property[@name='notes']").get("value").startswith("<h1>D-Day 2</h1>")


def test_rebuild_is_byte_identical(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    assert build(first) == 0 and build(second) == 0
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files
    for relative in files:
        assert (first / relative).read_bytes() == (second / relative).read_bytes(), relative


def test_existing_foreign_folder_is_kept_unless_forced(tmp_path, capsys):
    out = tmp_path / "precious"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    assert build(out) == 2
    assert (out / "mine.txt").read_text() == "keep me"
    assert "not built by dday2" in capsys.readouterr().err
    assert build(out, "--force") == 0
    assert not (out / "mine.txt").exists()
    assert build(out) == 0  # now it carries our marker: rebuilt without --force


def xml_differences_after_edit(tmp_path: Path, file: str, old: str, new: str) -> list:
    """Build a copy of the model, replace `old` by `new` in one of its files, build again,
    and compare the two game XMLs. The copy has no geography: these tests are about the
    game XML, and an edited border would fail the map's geometry check on purpose (a build
    error of its own, tested in tests/package)."""
    model = tmp_path / "model"
    shutil.copytree(DDAY2_MODEL_DIR, model)
    (model / "geography.toml").unlink()
    before, after = tmp_path / "before", tmp_path / "after"
    assert build(before, "--model", str(model)) == 0
    path = model / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert build(after, "--model", str(model)) == 0
    xml = Path("map/games/D-Day_2.xml")
    return differences(summarize(after / xml), summarize(before / xml))


def test_editing_one_beach_capacity_changes_exactly_the_expected_elements(tmp_path):
    rows = xml_differences_after_edit(tmp_path, "beaches.toml", "capacity = 8", "capacity = 9")  # Omaha Beach
    # the capacity appears in the XML only through the notes written from the model
    assert [(d.aspect, d.item) for d in rows] == [("property", "notes")]
    old_notes, new_notes = rows[0].theirs, rows[0].ours
    assert "<td>Omaha Beach</td><td>US</td><td>8</td>" in old_notes
    assert "<td>Omaha Beach</td><td>US</td><td>9</td>" in new_notes
    assert old_notes.replace("<td>8</td>", "<td>9</td>", 1) == new_notes


def test_editing_one_connection_changes_exactly_that_connection(tmp_path):
    rows = xml_differences_after_edit(tmp_path, "borders.toml", "B1 = [1, 2]", "B1 = [1, 3]")
    assert {(d.aspect, d.item) for d in rows} == {("connection", "B1 ~ P2"), ("connection", "B1 ~ P3")}
