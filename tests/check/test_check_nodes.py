"""The kernel's node tables (_columns select/scatter, Nodes) against their Python twin
ElementNodes (lxml's XPath, iter and get): the same elements, columns, lines, owners."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from converter.check import columns
from converter.check.columns import ElementNodes
from converter.check.model import JAVA_CLASS_TAGS, QUANTITY_TAGS, REFERENCES, GameModel
from converter.xmlsafe import parse_xml

KERNEL = columns._kernel()
pytestmark = pytest.mark.skipif(KERNEL is None, reason="_columns is not built (python3 setup.py build_ext "
                                "--inplace) or DDAY2_PURE is set")


def _twin_select(root, path: str) -> ElementNodes:
    return ElementNodes(root.findall(path))


def _same(nodes, twin: ElementNodes, names: list[str]) -> None:
    assert len(nodes) == len(twin)
    assert nodes.elements() == twin.elements()
    assert nodes.lines() == twin.lines()
    for name in names:
        assert nodes.column(name.encode()) == twin.column(name.encode()), name
        assert nodes.column(name.encode(), "-") == twin.column(name.encode(), "-"), name


def _reference_xmls() -> list[Path]:
    from converter.paths import SHARED_DIR

    reference = SHARED_DIR / "reference"
    return sorted((reference / "map-xmls").glob("*.xml"))[:10] + sorted(
        (reference / "dday2-community-map").rglob("*.xml"))


@pytest.mark.parametrize("xml", _reference_xmls(), ids=lambda path: path.name)
def test_real_xml_tables_match_lxml(xml: Path) -> None:
    root = parse_xml(xml).getroot()
    paths = sorted({path for path, _attribute, _kind in REFERENCES} | {"attachmentList/attachment",
                                                                       "attachmentList/attachment/option",
                                                                       "map/territory", "propertyList/property"})
    for path in paths:
        nodes, twin = columns.select(root, path), _twin_select(root, path)
        assert not isinstance(nodes, ElementNodes)
        _same(nodes, twin, ["name", "value", "t1", "player", "absent"])
    options, attachments = columns.select(root, "attachmentList/attachment/option"), \
        columns.select(root, "attachmentList/attachment")
    assert options.owners(attachments) == _twin_select(root, "attachmentList/attachment/option").owners(
        _twin_select(root, "attachmentList/attachment"))
    tags = (*QUANTITY_TAGS, *JAVA_CLASS_TAGS)
    found = columns.scatter(root, tags)
    for tag in tags:
        _same(found[tag], ElementNodes(list(root.iter(tag))), ["quantity", "javaClass"])


_TAG = st.sampled_from(["a", "b", "c"])
_NODE = st.recursive(st.tuples(_TAG, st.dictionaries(st.sampled_from(["x", "y"]), st.sampled_from(["1", "", "é"]),
                                                     max_size=2), st.just([])),
                     lambda children: st.tuples(_TAG, st.just({}), st.lists(children | st.just("#"), max_size=4)),
                     max_leaves=25)


def _xml(node) -> str:
    if node == "#":
        return "<!--c-->\n"
    tag, attributes, children = node
    text = " ".join(f'{key}="{value}"' for key, value in attributes.items())
    namespace = ' xmlns="urn:n"' if tag == "c" and not children else ""  # a namespaced element matches no plain tag
    return f"<{tag} {text}{namespace}>\n{''.join(map(_xml, children))}</{tag}>\n"


@settings(max_examples=80, deadline=None)
@given(_NODE)
def test_generated_trees_match_lxml(node) -> None:
    root = etree.fromstring(_xml(node))
    for path in ("a", "b", "a/b", "b/a/a", "a/b/c", "c"):
        nodes, twin = columns.select(root, path), _twin_select(root, path)
        _same(nodes, twin, ["x", "y"])
        parents = path.rpartition("/")[0]
        if parents:
            assert nodes.owners(columns.select(root, parents)) == twin.owners(_twin_select(root, parents))
        assert nodes.owners(columns.select(root, "a")) == twin.owners(_twin_select(root, "a"))
    found = columns.scatter(root, ("a", "c", "b"))
    for tag in ("a", "b", "c"):
        _same(found[tag], ElementNodes(list(root.iter(tag))), ["x"])


def test_nodes_compare_and_refuse_what_they_cannot_read() -> None:
    root = etree.fromstring(b"<r><a x='1'/><a/><b><a/></b></r>")
    assert KERNEL.select(root, (b"a",)) == KERNEL.select(root, (b"a",))
    assert KERNEL.select(root, (b"a",)) != KERNEL.select(root, (b"b", b"a"))
    assert KERNEL.scatter(root, (b"a",))[0] != KERNEL.select(root, (b"a",))  # the nested one too
    assert len(KERNEL.select(root, ())) == 1 and KERNEL.select(root, ()).elements() == [root]
    for wrong in ((b"",), (b"a\x00b",), ("a",), [b"a"]):
        with pytest.raises((TypeError, ValueError)):
            KERNEL.select(root, wrong)
    with pytest.raises((TypeError, ValueError)):
        KERNEL.select(root, (b"a",)).column(b"")
    with pytest.raises(TypeError):
        KERNEL.select(root, (b"a",)).owners([root])
    comment = etree.Comment("c")
    assert KERNEL.select(comment, (b"a",)) is None and KERNEL.scatter(object(), (b"a",)) is None


def test_nodes_keep_their_document() -> None:
    nodes = KERNEL.select(etree.fromstring(b"<r>" + b"<a x='v'/>" * 50 + b"</r>"), (b"a",))
    import gc

    gc.collect()  # only the Nodes holds the root now
    assert nodes.column(b"x") == ["v"] * 50 and len(nodes.elements()) == 50


def test_model_tables_are_the_same_in_pure_mode(community_xml) -> None:
    root = parse_xml(community_xml).getroot()
    fast, pure = GameModel(root), GameModel(root)
    pure_select = lambda path: _twin_select(root, path)  # noqa: E731
    for path in ("map/territory", "map/connection", "attachmentList/attachment/option"):
        pure._tables[path] = type(fast.table(path))(pure_select(path))
    assert fast.option_counts == [sum(child.tag == "option" for child in element)
                                  for element in fast.table("attachmentList/attachment").elements]
    for path in ("map/territory", "map/connection"):
        assert fast.table(path).column("name", "") == pure.table(path).column("name", "")


def test_column_at_reads_only_the_chosen_elements() -> None:
    root = etree.fromstring(b"<r><a x='0'/><a/><a x='2'/><a x='3'/></r>")
    nodes, twin = KERNEL.select(root, (b"a",)), ElementNodes(list(root))
    for indices in ([], [2], [3, 0, 1], [1, 1]):
        assert nodes.column(b"x", "-", indices) == twin.column(b"x", "-", indices)
    with pytest.raises(IndexError):
        nodes.column(b"x", None, [4])
    with pytest.raises(IndexError):
        nodes.column(b"x", None, [-1])
    with pytest.raises(TypeError):
        nodes.column(b"x", None, (0,))
