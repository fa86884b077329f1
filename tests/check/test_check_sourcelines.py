"""Where a start tag opens, against documents whose every tag's first line is known.

The documents are written here tag by tag, so each element's opening line is counted as it is
written; lxml (libxml2) gives each the line its start tag ends on. `tag_start` must give the
opening line for every tag it can read plainly, and never a line that is neither.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

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
    data = b'<game>\n<attachment name="x"\n   type="player">\n</attachment>\n<a/> <!-- was a < b\n --> stray\n</game>\n'
    source = SourceLines(data)
    xml, other = "games/g.xml", "polygons.txt"
    findings = [Finding("S229", "m", Severity.INFO, xml, 3), Finding("X001", "m", Severity.ERROR, xml, 3),
                Finding("M301", "m", Severity.ERROR, other, 3), Finding("S229", "m", Severity.INFO, xml, None),
                Finding("S229", "m", Severity.INFO, xml, 2), Finding("X004", "m", Severity.WARNING, xml, 6)]
    element_lines = {element.sourceline for element in parse_xml(data).getroot().iter(etree.Element)}
    assert element_lines == {1, 3, 5}
    moved = source.moved(findings, xml, lambda: element_lines)
    # line 6 is stray text below a comment holding '<': no element's line, so it stays; the two
    # findings now on line 2 are of two elements and both stay
    assert [finding.line for finding in moved] == [2, 3, 3, None, 2, 6]
    assert source.moved(findings, xml, set) == findings  # no element ends there: nothing moves
    assert SourceLines(None).moved(findings, xml, lambda: element_lines) == findings


def test_a_comment_cdata_or_instruction_holding_a_lt_above_is_no_open_tag():
    for opened in (b"<!-- was a < b", b"<?note a < b", b"<![CDATA[ a < b", b"<!-- <option name='x'"):
        source = SourceLines(b"<a>\n  <b/> " + opened + b"\n  ]]> --> ?> stray > text\n</a>\n")
        assert source.start_of(3) == 3, opened


def test_utf16_text_is_no_lines():
    text = '<a>\n<b n="\u010a\u010a"/>\n<c\n x="1"\n y="2"/>\n</a>\n'
    for encoded in (text.encode("utf-16"), text.encode("utf-16-be")):
        assert SourceLines(encoded).start_of(5) == 5
    assert SourceLines(text.encode()).start_of(5) == 3


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40).map(lambda data: data.replace(b"x", b"\n")),
       st.lists(st.integers(1, 20) | st.integers(2 ** 62, 2 ** 70), max_size=8).map(sorted))
def test_line_offsets_kernel_and_python_agree(data, lines):
    expected = line_offsets_in_python(data, lines)
    split = data.split(b"\n")
    assert expected == [sum(len(part) + 1 for part in split[:line - 1]) if line <= len(split) else -1
                        for line in lines]  # (no sum for the huge numbers: the test stops at the length)
    kernel = accelerator("_positions")
    if kernel is not None:
        assert kernel.line_offsets(data, lines) == expected


def test_line_offsets_refuse_lines_out_of_order():
    kernel = accelerator("_positions")
    for offsets in filter(None, (line_offsets_in_python, kernel and kernel.line_offsets)):
        for lines in ([2, 1], [0]):
            with pytest.raises(ValueError):
                offsets(b"a\nb", lines)


def test_line_offsets_read_the_numbers_once_whatever_converting_them_does():
    kernel = accelerator("_positions")
    if kernel is None:
        pytest.skip("the kernel _positions is not built")
    numbers: list = []

    class Clearing:  # converting it empties the list being read
        def __index__(self):
            numbers.clear()
            return 1

    numbers[:] = [Clearing(), 2, 3]
    assert kernel.line_offsets(b"a\nb\nc", numbers) == [0, 2, 4]
    with pytest.raises(TypeError):
        kernel.line_offsets(memoryview(b"a"), [1])


def test_lines_read_one_by_one_and_together_agree():
    data = b'<a>\n<b x="1"\n y="2"/>\n<c/>\n<d\n/>\n'
    together = SourceLines(data).starts_of(range(1, 9))
    one_by_one = SourceLines(data)
    assert {line: one_by_one.start_of(line) for line in range(1, 9)} == together == \
        {1: 1, 2: 2, 3: 2, 4: 4, 5: 5, 6: 5, 7: 7, 8: 8}
    assert one_by_one.starts_of(range(1, 9)) == together  # from the offsets start_of found
