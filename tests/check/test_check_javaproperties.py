"""The keys and values of a .properties file as java.util.Properties reads them (M314's
notifications, M327's production tabs): fixed cases, and generated files against Java's own
Properties.load when a JDK is here."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check.javaproperties import logical_entries, logical_keys, read_keys, read_values

from java_oracle import NEEDS_JDK, generated_texts, run_java

_JAVA_KEYS = """
import java.io.*; import java.util.*;
public class Keys {
  static String shown(String text) {
    return text.replace("\\\\", "\\\\\\\\").replace("\\n", "\\\\n").replace("\\r", "\\\\r").replace("\\t", "\\\\t");
  }
  public static void main(String[] files) throws Exception {
  for (String file : files) {
    Properties properties = new Properties();
    try (InputStream in = new FileInputStream(file)) { properties.load(in); }
    StringBuilder out = new StringBuilder();
    for (String key : new TreeSet<>(properties.stringPropertyNames()))
      out.append(shown(key)).append('\\t').append(shown(properties.getProperty(key))).append('\\n');
    try (Writer writer = new OutputStreamWriter(new FileOutputStream(file + ".keys"), "UTF-8")) { writer.write(out.toString()); }
  }
} }
"""


@pytest.mark.parametrize("text, keys", [
    ("a=1\n  b : 2\nc 3\nd\n", ["a", "b", "c", "d"]),
    ("# a=1\n! b=2\n  # c=3\n", []),
    ("long=<html>one \\\n   two=2\\\n   three\nafter=1\n", ["long", "after"]),  # continued lines are one value
    ("x=\\\\\ny=1\n", ["x", "y"]),  # an even number of backslashes does not continue
    ("a\\ b=1\nc\\:d=2\ne\\u0041=3\n\\tf=4\n", ["a b", "c:d", "eA", "\tf"]),
    ("k=1\r\nl=2\rm=3\n", ["k", "l", "m"]),
    ("cont=x\\\n\nnext=1\n", ["cont", "next"]),  # an empty line ends a continuation
    ("# comment \\\nnot_continued=1\n", ["not_continued"]),  # a comment never continues
])
def test_keys_as_java_reads_them(text: str, keys: list[str]) -> None:
    assert [key for key, _line in logical_keys(text)] == keys


@pytest.mark.parametrize("text, entries", [
    ("a=1\n  b : 2 \nc 3\nd\n", [("a", "1"), ("b", "2 "), ("c", "3"), ("d", "")]),  # trailing blanks stay
    ("k = = v\nm:=x\nq =:x\n", [("k", "= v"), ("m", "=x"), ("q", ":x")]),  # one separator only
    ("x:\\\n   y\\tz\\u0041\n", [("x", "y\tzA")]),  # a continuation's leading blanks go; escapes undone
])
def test_values_as_java_reads_them(text: str, entries: list[tuple[str, str]]) -> None:
    assert [(key, value) for key, value, _line in logical_entries(text)] == entries


def test_a_key_is_found_on_its_first_line_and_the_last_definition_wins(tmp_path: Path) -> None:
    path = tmp_path / "notifications.properties"
    path.write_bytes(b"A=<html>one \\\n two\nB=1\nA=again\n")
    assert read_keys(path) == {"A": 4, "B": 3}


def test_a_malformed_unicode_escape_is_refused_as_java_refuses_it() -> None:
    with pytest.raises(ValueError):
        list(logical_keys("bad\\u12=x\n"))


_PIECES = ["a", "b", "key", " ", "\t", "=", ":", "\\", "\\\\", "\\\n", "\n", "\r\n", "\r", "#", "!", "\\u0041",
           "\\t", "\\=", "\\:", "\\ ", "x y", "<html>", "\u00e9"]


@NEEDS_JDK
def test_generated_files_give_the_keys_java_gives(tmp_path: Path) -> None:
    files = []
    for number, text, rng in generated_texts(2026, _PIECES, 300, 40):
        text = text.replace("\\u", "\\u0041" if rng.random() < 0.5 else "\\u")  # mostly well-formed escapes
        path = tmp_path / f"case{number}.properties"
        path.write_bytes(text.encode("latin-1"))
        try:
            expected = sorted(read_values(path).items())
        except ValueError:  # a malformed \\u escape: Java refuses the file too; not compared
            path.unlink()
            continue
        assert [key for key, _ in expected] == sorted(read_keys(path))
        files.append((path, expected))
    run_java(tmp_path, "Keys", _JAVA_KEYS, (str(path) for path, _ in files))
    for path, expected in files:
        java = Path(str(path) + ".keys").read_text(encoding="utf-8").split("\n")[:-1]
        assert [f"{_shown(key)}\t{_shown(value)}" for key, (value, _line) in expected] == java, (path.read_bytes(), java)


def _shown(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
