"""The optional point files (vc.txt, decorations.txt, ...) as TripleA 2.x reads them (M318):
generated files against Java's own line splitting (Files.lines), String.isBlank and trim,
and its regular expressions (\\s, \\d), when a JDK is here."""

from __future__ import annotations

from pathlib import Path

from converter.check.javatext import is_blank, java_lines
from converter.check.optionalfiles import _many_points, _one_point, stops

from java_oracle import NEEDS_JDK, generated_texts, run_java

# For each file: per non-blank line, what a name-and-point line and a name-and-points line
# read as, with Java's own text functions; "undecodable" for a file that is not UTF-8.
_JAVA_READER = """
import java.io.*; import java.nio.file.*; import java.util.*; import java.util.regex.*;
public class Lines {
  static final Pattern ONE = Pattern.compile("^([^(]*?)\\\\s*\\\\(\\\\s*(-?\\\\d+)\\\\s*,\\\\s*(-?\\\\d+)\\\\s*\\\\)");
  static final Pattern POINT = Pattern.compile("\\\\s*\\\\(\\\\s*(-?\\\\d+)\\\\s*,\\\\s*(-?\\\\d+)\\\\s*\\\\)");
  static boolean fits(String a, String b) {
    try { Integer.parseInt(a); Integer.parseInt(b); return true; } catch (NumberFormatException e) { return false; }
  }
  public static void main(String[] files) throws Exception {
    for (String file : files) {
      StringBuilder out = new StringBuilder();
      try {
        List<String> lines = new ArrayList<>();
        Files.lines(Path.of(file)).forEachOrdered(lines::add);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          if (line.isBlank()) continue;
          Matcher one = ONE.matcher(line);
          String single = !one.find() ? "none" : fits(one.group(2), one.group(3)) ? "name " + one.group(1) : "int";
          int bracket = line.indexOf('(');
          String many;
          if (bracket < 0) many = "no bracket";
          else if (line.substring(0, bracket).trim().isEmpty()) many = "no name";
          else {
            many = "name " + line.substring(0, bracket).trim();
            Matcher point = POINT.matcher(line);
            while (point.find()) if (!fits(point.group(1), point.group(2))) many = "int";
          }
          out.append(i + 1).append('\\t').append(single).append('\\t').append(many).append('\\n');
        }
      } catch (UncheckedIOException e) {
        out = new StringBuilder("undecodable\\n");
      }
      try (Writer writer = new OutputStreamWriter(new FileOutputStream(file + ".read"), "UTF-8")) {
        writer.write(out.toString());
      }
    }
  }
}
"""

_PIECES = ["Alpha", "Sea Zone", "b", " ", "\t", "\x0b", "\x0c", "\u00a0", "\u2003", "\u2028", "\u0085", "\x1c",
           "\ufeff", "(", ")", ",", "-", "1", "42", "2147483647", "2147483648", "-2147483649", "(3,4)",
           " (10, 20) ", "\n", "\r\n", "\r", "|", "x.png", "\u00e9", "Alpha (2147483648,5)", "(1,-2147483649)",
           "(\u0663,4)", "Alpha (1,\u0663)"]  # U+0663 is a digit to Python's \d, not to Java's


def _python_read(data: bytes) -> list[str]:
    """The same records, from our reader's parts."""
    if stops(data, many_points=False) and stops(data, many_points=False)[0].undecodable:
        return ["undecodable"]
    records = []
    for number, line in enumerate(java_lines(data.decode("utf-8")), start=1):
        if is_blank(line):
            continue
        name, reason = _one_point(line)
        single = {None: f"name {name}", "has no (x,y) right after its name": "none"}.get(reason, "int")
        name, reason = _many_points(line)
        many = {None: f"name {name}", "has no '('": "no bracket", "has no name before its '('": "no name"}.get(
            reason, "int")
        records.append(f"{number}\t{single}\t{many}")
    return records


@NEEDS_JDK
def test_generated_lines_read_as_java_reads_them(tmp_path: Path) -> None:
    files = []
    for number, text, rng in generated_texts(2611, _PIECES, 400, 30):
        data = text.encode("utf-8")
        if rng.random() < 0.05:  # now and then a byte that is not UTF-8
            at = rng.randint(0, len(data))
            data = data[:at] + b"\xff" + data[at:]
        path = tmp_path / f"case{number}.txt"
        path.write_bytes(data)
        files.append(path)
    run_java(tmp_path, "Lines", _JAVA_READER, map(str, files))
    kinds = set()
    for path in files:
        java = Path(f"{path}.read").read_text(encoding="utf-8").split("\n")[:-1]
        assert _python_read(path.read_bytes()) == java, path.read_bytes()
        for record in java:  # "3\tname Alpha\tname Alpha", or "undecodable"
            number, *parts = record.split("\t")
            kinds.add(tuple(part.split(" ")[0] for part in parts) or (number,))
    # lines of every kind were compared: read or not, by either reading, and files not UTF-8
    assert {single for single, *_ in kinds} == {"name", "none", "int", "undecodable"}
    assert {many for _, many in (kind for kind in kinds if len(kind) == 2)} == {"name", "no", "int"}


def test_a_file_stops_at_each_line_java_cannot_read() -> None:
    data = "\ufeffAlpha (1,2)\n Alpha (3,4)\nAlpha(5,6)\nAlpha\t(9,9)\nBeta 7,8\n\u2003\nGamma (2147483648,0)\n".encode()
    assert [(stop.line, stop.reason) for stop in stops(data, many_points=False)] == [
        (4, "gives 'Alpha' again (first on line 3)"),  # the byte-order mark and a leading blank are in the names
        (5, "has no (x,y) right after its name"),
        (7, "has a coordinate beyond Java's int range")]
    assert [(stop.line, stop.undecodable) for stop in stops(b"Alpha (1,2)\r\nBeta (3,\xe9)\n", False)] == [(2, True)]
