"""XML parsing hardened against hostile input: no network, no DTD loading, no entity expansion."""

from __future__ import annotations

from pathlib import Path

from lxml import etree


class UnsafeXmlError(ValueError):
    """The document is not well-formed or tries something we refuse (entities, DTD fetch)."""


def hardened_parser(keep_blanks: bool = True) -> etree.XMLParser:
    """keep_blanks=False drops the blank text between elements, as libxml2's NOBLANKS judges
    it (blank text that is an element's only content stays): a reader that never looks at
    that text gets a smaller tree, quicker to build and to free."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=False,
        remove_blank_text=not keep_blanks,
    )


def parse_xml(source: Path | str | bytes, keep_blanks: bool = True) -> etree._ElementTree:
    """Parse a file path or bytes; entity declarations are refused outright."""
    data = Path(source).read_bytes() if isinstance(source, (str, Path)) else source
    try:
        tree = etree.fromstring(data, hardened_parser(keep_blanks)).getroottree()
    except etree.XMLSyntaxError as error:
        raise UnsafeXmlError(f"not well-formed XML: {error.msg or error}") from None  # msg: without "(<string>, line N)"
    return refuse_entities(tree)


def refuse_entities(tree: etree._ElementTree) -> etree._ElementTree:
    """The tree, unless its document declares entities (parsed by our options, they were
    not expanded; refused all the same, as `parse_xml` refuses them)."""
    doctype = tree.docinfo.internalDTD
    if doctype is not None and any(True for _ in doctype.iterentities()):
        raise UnsafeXmlError("the document declares entities; refused (entity expansion is unsafe)")
    return tree
