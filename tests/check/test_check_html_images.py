"""The image links M329 reads from the game's HTML, as TripleA 2.x's LocalizeHtml finds them:
fixed cases, and generated HTML against Java's own regex engine running 2.x's pattern when a
JDK is here."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check.rules.html_images import _IMAGE_TAG
from java_oracle import NEEDS_JDK, generated_texts, run_java

# LocalizeHtml.PATTERN_HTML_IMG_SRC_TAG, as 2.x writes it (Java source text)
_JAVA_LINKS = r"""
import java.nio.charset.StandardCharsets; import java.nio.file.*; import java.util.regex.*;
public class Links {
  static final Pattern TAG = Pattern.compile(
      "(<img[^>]*src\\s*=\\s*)(?:\"([^\"]+)\"|'([^']+)')([^>]*/?>)", Pattern.CASE_INSENSITIVE);
  public static void main(String[] files) throws Exception {
    for (String file : files) {
      String html = new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8);
      StringBuilder out = new StringBuilder();
      Matcher matcher = TAG.matcher(html);
      while (matcher.find()) {
        String link = matcher.group(2) != null ? matcher.group(2) : matcher.group(3);
        out.append(matcher.start()).append('\t').append(link.replace("\n", "\\n")).append('\n');
      }
      Files.write(Paths.get(file + ".links"), out.toString().getBytes(StandardCharsets.UTF_8));
    }
  }
}
"""


def _links(html: str) -> list[tuple[int, str]]:
    return [(match.start(), match.group(2) or match.group(3)) for match in _IMAGE_TAG.finditer(html)]


@pytest.mark.parametrize("html, links", [
    ('<img src="a.png"/>', ["a.png"]),
    ("<IMG SRC='b c.png'>", ["b c.png"]),
    ('<img alt="x" src = "d.png" width=3>', ["d.png"]),
    ("<img src=e.png>", []),  # 2.x needs the src quoted
    ('<img src="">', []),  # and not empty
    ('<img\nsrc="f.png"\n/>', ["f.png"]),
    ('<img src="g.png"', []),  # no closing `>`
    ('<img src=\u00a0"h.png">', []),  # Java's \\s is ASCII: a no-break space is no blank
])
def test_links_as_2x_finds_them(html: str, links: list[str]) -> None:
    assert [link for _start, link in _links(html)] == links


_PIECES = ["<img", "<IMG", " ", "\t", "\n", "\u00a0", "src", "SRC", "=", '"', "'", "a.png", "b c", ">", "/>", "alt=",
           "<p>", "x", "<", "http://h/i.png", "\u00e9",
           # whole and nearly whole tags, so that matches are common and their edges varied
           '<img src="a.png">', "<IMG SRC='b c.png'/>", '<img alt="x" src = "d.png" ', "<img src=", ' src="e.png"',
           "<img\nsrc='f'", '"g.png">']


@NEEDS_JDK
def test_generated_html_gives_the_links_java_gives(tmp_path: Path) -> None:
    cases = []
    for number, html, _rng in generated_texts(2027, _PIECES, 300, 30):
        path = tmp_path / f"case{number}.html"
        path.write_text(html, encoding="utf-8")
        cases.append((path, html))
    run_java(tmp_path, "Links", _JAVA_LINKS, (str(path) for path, _ in cases))
    found = 0
    for path, html in cases:
        java = Path(str(path) + ".links").read_text(encoding="utf-8").split("\n")[:-1]
        # Java counts UTF-16 units: every piece here is in the BMP, so they are Python's indices
        ours = [f"{start}\t{link}".replace("\n", "\\n") for start, link in _links(html)]
        assert ours == java, (html, java)
        found += len(ours)
    assert found > 50  # the generated HTML exercises the pattern, not only its misses
