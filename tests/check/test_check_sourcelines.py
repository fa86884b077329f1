"""Where a start tag opens, against documents whose every tag's first line is known.

The documents are written here tag by tag, so each element's opening line is counted as it is
written; lxml (libxml2) gives each the line its start tag ends on. `tag_start` must give the
opening line for every tag it can read plainly, and never a line that is neither.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from converter.check.accel import accelerator
from converter.check.sourcelines import SourceLines, line_offsets_in_python
from converter.findings import Finding, Severity
from converter.xmlsafe import parse_xml

_GAP = st.sampled_from([" ", " ", "\n      ", "\n"])  # between a tag's parts: a blank, or a new line
_VALUE = st.text(alphabet="ab >\n", max_size=6)  # '>' and line breaks are legal in a value ('<' is not)


@st.composite
def _documents(draw):
    """(text, [(opening line, whether it is plain) of each element in document order])."""
    pieces: list[str] = []
    tags: list[list] = []  # [opening line, closing line, value holds '>']

    def line() -> int:
        return "".join(pieces).count("\n") + 1

    def element(depth: int) -> None:
        entry = [line(), None, False]
        tags.append(entry)
        pieces.append("<e")
        for index in range(draw(st.integers(0, 3))):
            value = draw(_VALUE)
            entry[2] |= ">" in value
            pieces.append(f'{draw(_GAP)}a{index}="{value}"')
        pieces.append(draw(st.sampled_from(["", "\n"])))
        children = draw(st.integers(0, 3)) if depth < 3 else 0
        if not children:
            pieces.append("/>")
            entry[1] = line()
            return
        pieces.append(">")
        entry[1] = line()
        for _ in range(children):
            pieces.append(draw(st.sampled_from(["", "\n", "\n  "])))
            element(depth + 1)
        pieces.append(draw(st.sampled_from(["", "\n"])) + "</e>")

    pieces.append(draw(st.sampled_from(["", "\n"])))
    element(0)
    openings = {opened for opened, _closed, _gt in tags}
    # plain: on one line, or over lines with no '>' in a value and no other tag opening where it closes
    return "".join(pieces), [(opened, opened == closed or (not gt and closed not in openings))
                             for opened, closed, gt in tags]


@settings(max_examples=300, deadline=None)
@given(_documents())
def test_the_line_a_tag_opens_on(document):
    text, tags = document
    source = SourceLines(text.encode())
    elements = list(parse_xml(text.encode(), keep_blanks=False).getroot().iter())
    assert len(elements) == len(tags)
    for element, (opened, plain) in zip(elements, tags):
        found = source.start_of(element.sourceline)
        if plain:
            assert found == opened, (text, element.sourceline, opened)
        else:
            assert found in (opened, element.sourceline), (text, element.sourceline, opened)


def test_text_lines_and_comments_keep_their_line():
    source = SourceLines(b'<a>\n  text > more\n</a>\n<!-- a\n  comment -->\n<b\n c="1">\n')
    assert [source.start_of(number) for number in range(1, 8)] == [1, 2, 3, 4, 5, 6, 6]
    assert source.start_of(99) == 99 and source.start_of(0) == 0 and source.start_of(None) is None


def test_findings_of_the_game_xml_move_and_others_stay():
    source = SourceLines(b'<game>\n<attachment name="x"\n   type="player">\n</attachment>\n</game>\n')
    xml, other = "games/g.xml", "polygons.txt"
    findings = [Finding("S229", "m", Severity.INFO, xml, 3), Finding("X001", "m", Severity.ERROR, xml, 3),
                Finding("M301", "m", Severity.ERROR, other, 3), Finding("S229", "m", Severity.INFO, xml, None),
                Finding("S229", "m", Severity.INFO, xml, 2)]
    assert [finding.line for finding in source.moved(findings, xml)] == [2, 3, 3, None]  # the first and last are one
    assert SourceLines(None).moved(findings, xml) == findings


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40).map(lambda data: data.replace(b"x", b"\n")),
       st.lists(st.integers(1, 20), max_size=8).map(sorted))
def test_line_offsets_kernel_and_python_agree(data, lines):
    expected = line_offsets_in_python(data, lines)
    split = data.split(b"\n")
    assert expected == [sum(len(part) + 1 for part in split[:line - 1]) if line <= len(split) else -1
                        for line in lines]
    kernel = accelerator("_positions")
    if kernel is not None:
        assert kernel.line_offsets(data, lines) == expected


def test_line_offsets_refuse_lines_out_of_order():
    kernel = accelerator("_positions")
    for offsets in filter(None, (line_offsets_in_python, kernel and kernel.line_offsets)):
        for lines in ([2, 1], [0]):
            with pytest.raises(ValueError):
                offsets(b"a\nb", lines)
