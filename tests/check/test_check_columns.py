"""The C column reader (_columns) against lxml, its oracle: every attribute and line of the
real game XMLs, generated documents, and input it must leave to lxml (comments, other
objects, odd names) without crashing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from converter.check import columns
from converter.check.accel import accelerator
from converter.xmlsafe import parse_xml

KERNEL = columns._kernel()
pytestmark = pytest.mark.skipif(KERNEL is None, reason="_columns is not built (python3 setup.py build_ext "
                                "--inplace) or DDAY2_PURE is set")


def _reference_xmls() -> list[Path]:
    from converter.paths import SHARED_DIR

    reference = SHARED_DIR / "reference"
    return sorted((reference / "map-xmls").glob("*.xml"))[:12] + sorted(
        (reference / "dday2-community-map").rglob("*.xml"))


@pytest.mark.parametrize("xml", _reference_xmls(), ids=lambda path: path.name)
def test_real_xml_columns_match_lxml(xml: Path) -> None:
    root = parse_xml(xml).getroot()
    elements = [element for element in root.iter() if isinstance(element.tag, str)]
    names = sorted({name for element in elements for name in element.attrib})[:40] + ["absent"]
    assert KERNEL.lines(elements) == [element.sourceline for element in elements]
    for name in names:
        assert KERNEL.column(elements, name.encode()) == [element.get(name) for element in elements], name


_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["a", "b", "name", "x-y"]), _TEXT, max_size=3), max_size=20),
       st.integers(0, 3))
def test_generated_attributes_match_lxml(rows: list[dict], blank_lines: int) -> None:
    children = []
    for row in rows:
        child = etree.Element("e")
        for key, value in row.items():
            try:
                child.set(key, value)
            except ValueError:  # not XML text: lxml refuses it
                pass
        children.append(etree.tostring(child, encoding="unicode"))
    document = etree.fromstring("<root>" + ("\n" * blank_lines).join(children) + "</root>")
    elements = list(document)
    for name in ("a", "b", "name", "x-y", "missing"):
        assert columns.read_column(elements, name) == [element.get(name) for element in elements]
    assert columns.read_lines(elements) == [element.sourceline for element in elements]


def test_leaves_to_lxml_what_it_cannot_read() -> None:
    root = etree.fromstring(b"<a><!-- c --><b x='1'/><?pi x?></a>")
    mixed = list(root)  # a comment and a processing instruction among the elements
    assert KERNEL.column(mixed, b"x") is None and KERNEL.lines(mixed) is None
    assert columns.read_column(mixed, "x") == [element.get("x") for element in mixed]
    assert columns.read_lines(mixed) == [element.sourceline for element in mixed]
    for hostile in ([1, "x", None], (root[1],), [object()], "not a list"):
        assert KERNEL.column(hostile, b"x") is None
        assert KERNEL.lines(hostile) is None
    assert KERNEL.column([root[1]], b"") is None
    assert KERNEL.column([root[1]], b"x\x00y") is None
    assert KERNEL.column([], b"x") == [] and KERNEL.lines([]) == []
    with pytest.raises(TypeError):
        KERNEL.bind(42)


def test_values_made_of_entities_or_dtd_defaults_match_lxml() -> None:
    """The kernel reads a value that is one text in the document itself; an attribute holding
    an entity reference (several nodes, which libxml2 joins), an empty one, and one absent but
    given a default by the document's DTD go the way lxml reads them."""
    document = (b'<!DOCTYPE r [<!ENTITY e "mid"><!ATTLIST b d CDATA "default" f CDATA #FIXED "fixed">]>'
                b'<r><b a="1&e;2" d="given"/><b a="" x="&amp;&lt;"/><b/><b a="&e;"/></r>')
    root = etree.fromstring(document, etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True))
    elements = list(root)
    assert [element.get("a") for element in elements] == ["1mid2", "", None, "mid"]  # the oracle as expected
    nodes = columns.select(root, "b")
    for name in ("a", "d", "f", "x", "absent"):
        expected = [element.get(name) for element in elements]
        assert KERNEL.column(elements, name.encode()) == expected, name
        assert nodes.column(name.encode()) == expected, name
        assert nodes.column(name.encode(), "none") == [value if value is not None else "none" for value in expected]


def test_a_column_shares_one_string_per_distinct_value() -> None:
    """Equal values of a column are one Python string (made once; Python hashes it once), and
    a column of many distinct values is read whole (the cache stops growing, not reading)."""
    rows = "".join(f'<o name="{name}" value="{index}"/>' for index, name in enumerate(["movement", "attack"] * 40000))
    root = etree.fromstring(f"<r>{rows}</r>".encode())
    nodes = columns.select(root, "o")
    names, values = nodes.column(b"name"), nodes.column(b"value")
    assert len({id(name) for name in names}) == 2 and names[:3] == ["movement", "attack", "movement"]
    assert values == [str(index) for index in range(80000)]
    at = nodes.column(b"name", None, [5, 1, 5])
    assert at == ["attack", "attack", "attack"] and at[0] is at[1]


def test_namespaced_and_non_ascii_names_go_through_lxml() -> None:
    root = etree.fromstring('<a xmlns:p="urn:p"><b p:x="1" x="2" ü="3"/></a>'.encode())
    elements = list(root)
    for name in ("{urn:p}x", "x", "ü"):
        assert columns.read_column(elements, name) == [element.get(name) for element in elements]


def test_big_line_numbers_match_lxml() -> None:
    document = etree.fromstring(b"<a>" + b"\n" * 70000 + b"<b x='1'/></a>")
    elements = list(document)
    assert KERNEL.lines(elements) == [element.sourceline for element in elements] == [70001]


def test_pure_mode_has_no_kernel(monkeypatch) -> None:
    accelerator.cache_clear()
    monkeypatch.setenv("DDAY2_PURE", "1")
    try:
        assert accelerator("_columns") is None
    finally:
        accelerator.cache_clear()


def _lxml_tag_names(root) -> set[str]:
    return {element.tag for element in root.iter() if isinstance(element.tag, str)}


@pytest.mark.parametrize("xml", _reference_xmls()[:4], ids=lambda path: path.name)
def test_tag_names_of_real_xmls_match_lxml(xml: Path) -> None:
    root = parse_xml(xml).getroot()
    assert set(KERNEL.tag_names(root)) == _lxml_tag_names(root)
    for inner in list(root)[:5]:  # a subtree: only its own tags
        assert set(KERNEL.tag_names(inner)) == _lxml_tag_names(inner)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.sampled_from(["a", "B", "a", "é", "Territory", "territory"]),
                    lambda children: st.tuples(st.sampled_from(["a", "B", "c", "ü"]), st.lists(children, max_size=4)),
                    max_leaves=30))
def test_generated_tag_names_match_lxml(tree) -> None:
    def build(node) -> str:
        if isinstance(node, str):
            return f"<{node}/><!-- x --><?p q?>"
        tag, children = node
        return f"<{tag}>text{''.join(map(build, children))}</{tag}>"

    root = etree.fromstring(f"<game>{build(tree)}</game>")
    assert columns.tag_names(root) == _lxml_tag_names(root)
    assert list(KERNEL.tag_names(root)) == list(dict.fromkeys(
        element.tag for element in root.iter() if isinstance(element.tag, str)))  # in order of first appearance


def test_tag_names_leave_namespaces_and_many_names_to_lxml() -> None:
    namespaced = etree.fromstring('<game xmlns:x="urn:x"><x:a/><b/></game>')
    assert KERNEL.tag_names(namespaced) is None
    assert columns.tag_names(namespaced) == {"game", "{urn:x}a", "b"}
    many = etree.fromstring("<game>" + "".join(f"<t{number}/>" for number in range(300)) + "</game>")
    assert KERNEL.tag_names(many) is None and len(columns.tag_names(many)) == 301
    assert KERNEL.tag_names(etree.Comment("x")) is None
