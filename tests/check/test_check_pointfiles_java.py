"""polygons.txt, centers.txt and place.txt as TripleA 2.x reads them: generated files read by
our readers (the C one and the Python one) against a small Java program doing what 2.x's
PointFileReaderWriter does with Java's own Files.lines, String.isBlank and trim, regular
expressions and Integer.parseInt, when a JDK is here. Every entry we read must be what Java
reads on that line; a line Java cannot read must give no entry; a line Java reads that we
refuse must be one of the few our format is stricter about (an empty name, a stray bracket)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check import mapfiles
from converter.check.mapfiles import read_point_file, read_polygons

from java_oracle import NEEDS_JDK, generated_texts, run_java

# Per file and per non-blank line: "<n>\t<file kind>\tfail" or "<n>\t<file kind>\t<name>\t<points>",
# points as "x,y;x,y" and polygons joined by "/"
_JAVA_READER = """
import java.io.*; import java.nio.file.*; import java.util.*; import java.util.regex.*;
public class PointFiles {
  static final Pattern POINT = Pattern.compile("\\\\s*\\\\(\\\\s*(-?\\\\d+)\\\\s*,\\\\s*(-?\\\\d+)\\\\s*\\\\)");
  static final Pattern POLYGON = Pattern.compile("<[^>]*>");
  static final Pattern SINGLE =
      Pattern.compile("^([^(]*?)\\\\s*\\\\(\\\\s*(-?\\\\d+)\\\\s*,\\\\s*(-?\\\\d+)\\\\s*\\\\)");
  static String point(String x, String y) { return Integer.parseInt(x) + "," + Integer.parseInt(y); }
  static String points(String text) {
    Matcher m = POINT.matcher(text); StringJoiner joined = new StringJoiner(";");
    while (m.find()) joined.add(point(m.group(1), m.group(2)));
    return joined.toString();
  }
  static String center(String line) {
    Matcher m = SINGLE.matcher(line);
    if (!m.find()) throw new IllegalArgumentException("no match");
    return m.group(1) + "\\t" + point(m.group(2), m.group(3));
  }
  static String place(String line) {
    String first = line.split(" \\\\| ", -1)[0];  // Splitter.on(" | "): the points' part
    int paren = first.indexOf('(');
    if (paren < 0) throw new IllegalArgumentException("no paren");
    String name = first.substring(0, paren).trim();
    if (name.isEmpty()) throw new IllegalArgumentException("no name");
    return name + "\\t" + points(first);
  }
  static String polygons(String line) {
    int open = line.indexOf('<');
    if (open < 0) throw new IllegalArgumentException("no sign");
    StringJoiner joined = new StringJoiner("/");
    Matcher m = POLYGON.matcher(line);
    while (m.find()) joined.add(points(m.group()));
    return line.substring(0, open).trim() + "\\t" + joined;
  }
  public static void main(String[] files) throws Exception {
    for (String file : files) {
      StringBuilder out = new StringBuilder();
      List<String> lines = new ArrayList<>();
      Files.lines(Path.of(file)).forEachOrdered(lines::add);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.isBlank()) continue;
        for (String kind : new String[] {"centers", "place", "polygons"}) {
          String read;
          try {
            read = kind.equals("centers") ? center(line) : kind.equals("place") ? place(line) : polygons(line);
          } catch (IllegalArgumentException e) {  // NumberFormatException too: the file fails to load
            read = "fail";
          }
          out.append(i + 1).append('\\t').append(kind).append('\\t').append(read).append('\\n');
        }
      }
      try (Writer writer = new OutputStreamWriter(new FileOutputStream(file + ".read"), "UTF-8")) {
        writer.write(out.toString());
      }
    }
  }
}
"""

_PIECES = ["Alpha", "Sea Zone", " ", "  ", "\t", "\x0b", "\x0c", "\u00a0", "\u2003", "\u2028", "\u0085", "\x1c",
           "\ufeff", "(", ")", ",", "-", "1", "42", "2147483647", "-2147483648", "2147483648", "(3,4)", " (10, 20) ",
           "(1,2) (3,4) (5,6)", "< (0,0) (9,0) (9,9) >", "<", ">", "|", " | ", " | overflowToLeft=true", "\n", "\r\n",
           "\r", "(\u0663,4)", "(99999999999,1)", "\u00e9"]  # U+0663 is a digit to Python's \d, not to Java's
# what our format refuses although 2.x reads it: an empty name (2.x keeps "" as a name), a
# place.txt line without a point (it places nothing), and in polygons.txt a stray or unclosed
# bracket or a line without a polygon
_STRICTER = ("no name", "expected `NAME < (x,y) ... >`", "unexpected", "no polygon")


def _ours(path: Path) -> dict[tuple[int, str], str]:
    """Our reading of `path` as each kind of file, in the Java program's records."""
    read: dict[tuple[int, str], str] = {}
    for kind, found in (("centers", read_point_file(path, allow_options=False)),
                        ("place", read_point_file(path, allow_options=True)), ("polygons", read_polygons(path))):
        assert found.unreadable is None
        for bad in found.malformed:
            read[bad.line, kind] = f"fail {bad.reason}"
        for entry in [*found.entries, *found.drawless]:
            if kind == "polygons":
                shapes = "/".join(";".join(f"{x},{y}" for x, y in polygon) for polygon in entry.polygons)
            else:
                shapes = ";".join(f"{x},{y}" for x, y in entry.points)
            read[entry.line, kind] = f"{entry.name}\t{shapes}"
    return read


def _java_polygons_drawn(shapes: str) -> str:
    """Java's polygons of a line, those of fewer than 3 points left out (ours keep them apart)."""
    return "/".join(polygon for polygon in shapes.split("/") if polygon and polygon.count(";") >= 2)


@NEEDS_JDK
@pytest.mark.parametrize("kernel", ["c", "python"])
def test_generated_point_files_read_as_java_reads_them(tmp_path: Path, monkeypatch, kernel: str) -> None:
    if kernel == "python":
        monkeypatch.setattr(mapfiles, "_kernel", lambda: None)
    files = []
    for number, text, _rng in generated_texts(2652, _PIECES, 300, 24):
        path = tmp_path / f"case{number}.txt"
        path.write_bytes(text.encode("utf-8"))
        files.append(path)
    run_java(tmp_path, "PointFiles", _JAVA_READER, map(str, files))
    compared = {"read": 0, "fail": 0, "stricter": 0}
    for path in files:
        ours = _ours(path)
        java = {}
        for record in Path(f"{path}.read").read_text(encoding="utf-8").split("\n")[:-1]:
            number, kind, read = record.split("\t", 2)
            java[int(number), kind] = read
        assert {key for key in ours} <= set(java), (path.read_bytes(), sorted(set(ours) - set(java)))
        for key, read in java.items():
            mine = ours.get(key)
            assert mine is not None, (path.read_bytes(), key, read)
            if read == "fail":
                assert mine.startswith("fail "), (path.read_bytes(), key, mine)
                compared["fail"] += 1
            elif mine.startswith("fail "):
                stricter = _STRICTER + (("no point",) if key[1] == "place" else ())
                assert mine[5:].startswith(stricter), (path.read_bytes(), key, read, mine)
                compared["stricter"] += 1
            else:
                name, shapes = read.rsplit("\t", 1)
                if key[1] == "polygons":
                    shapes = _java_polygons_drawn(shapes)
                assert mine == f"{name}\t{shapes}", (path.read_bytes(), key)
                compared["read"] += 1
    assert min(compared.values()) > 20, compared  # each outcome was met many times
