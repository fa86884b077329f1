"""TripleA 1.8 spelt attachments "attatchment"; 2.x still reads that spelling, in either list
(map-data Game.java and AttachmentList.java take both tag and attribute names,
GameParser.parseAttachment corrects the attachment's name, XmlGameElementMapper drops the
javaClass's package); 1.9 does not (the DTD rule reports it, from the tree as written).
"""

from __future__ import annotations

from copy import deepcopy

from lxml import etree

_LEGACY_LIST = "attatchmentList"
_LEGACY_ATTACHMENT_TAGS = ("attatchment", "Attatchment", "Attachment")
# either old spelling, asked of libxml2 at once (ElementPath walks a predicate in Python)
_USES_LEGACY_SPELLING = etree.XPath("boolean(attatchmentList | attachmentList/*[@attatchTo])")


def with_2x_attachment_spelling(root: etree._Element) -> etree._Element:
    """`root` itself when it uses no old spelling (the usual game); else a copy with 1.8's
    attachment spelling read as 2.x reads it."""
    if not _USES_LEGACY_SPELLING(root):
        return root
    copy = deepcopy(root)
    for listing in [*copy.iterfind(_LEGACY_LIST), *copy.iterfind("attachmentList")]:
        listing.tag = "attachmentList"
        for element in listing:
            if element.tag in _LEGACY_ATTACHMENT_TAGS:
                element.tag = "attachment"
            if element.get("attachTo") is None and element.get("attatchTo") is not None:
                element.set("attachTo", element.attrib.pop("attatchTo"))
            name = element.get("name")
            if name is not None and "ttatchment" in name:
                element.set("name", name.replace("ttatchment", "ttachment"))
            java_class = element.get("javaClass")
            if java_class is not None and ".attatchments." in java_class:  # 2.x drops the package
                element.set("javaClass", java_class.replace(".attatchments.", ".attachments."))
    return copy
