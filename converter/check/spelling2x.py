"""The game XML's tags as TripleA 2.x reads them, where that differs from how they are written.

2.x matches tag names in any letter case (its xml-reader XmlParser upper-cases both sides),
so `<TerritoryEffect>` declares a territory effect there. TripleA 1.8 spelt attachments
"attatchment"; 2.x still reads that spelling, in either list (map-data Game.java and
AttachmentList.java take both tag and attribute names, GameParser.parseAttachment corrects the
attachment's name, XmlGameElementMapper drops the javaClass's package). 1.9 reads neither (the
DTD rule reports them, from the tree as written). The model reads a copy made as 2.x reads it.
"""

from __future__ import annotations

from copy import deepcopy

from lxml import etree

from converter.check.columns import tag_names

# the tags of a game XML: TripleA 1.9's game.dtd and 2.x's <variableList>
GAME_TAGS = frozenset((
    "alliance", "attachment", "attachmentList", "boolean", "category", "color", "connection", "cost", "delegate",
    "diceSides", "element", "file", "frontierRules", "game", "gamePlay", "grid", "heldUnits", "info", "initialize",
    "list", "loader", "map", "number", "offset", "option", "ownerInitialize", "player", "playerList",
    "playerProduction", "playerRepair", "playerTech", "production", "productionFrontier", "productionRule",
    "property", "propertyList", "relationship", "relationshipInitialize", "relationshipType", "relationshipTypes",
    "remove", "repairFrontier", "repairRule", "repairRules", "resource", "resourceGiven", "resourceInitialize",
    "resourceList", "result", "sequence", "step", "stepProperty", "string", "tech", "techname", "technologies",
    "technology", "territory", "territoryEffect", "territoryEffectList", "territoryOwner", "triplea", "unit",
    "unitInitialize", "unitList", "unitPlacement", "value", "variable", "variableList",
))
_BY_LOWER_CASE = {tag.lower(): tag for tag in GAME_TAGS}


def as_2x_reads(root: etree._Element) -> etree._Element:
    """`root` itself when 2.x reads it as written (the usual game); else a copy with its
    tags in their own letter case and 1.8's attachment spelling, as 2.x reads them."""
    names = tag_names(root)
    if not GAME_TAGS.issuperset(names):
        renamed = {name: _BY_LOWER_CASE[name.lower()] for name in names
                   if name not in GAME_TAGS and name.lower() in _BY_LOWER_CASE}
        if renamed:
            root = deepcopy(root)
            for element in root.iter(*renamed):
                element.tag = renamed[element.tag]
    return with_2x_attachment_spelling(root)

_LEGACY_LIST = "attatchmentList"
_LEGACY_ATTACHMENT_TAGS = ("attatchment", "Attatchment", "Attachment")
# either old spelling, asked of libxml2 at once (ElementPath walks a predicate in Python)
_USES_LEGACY_SPELLING = etree.XPath("boolean(attatchmentList | attachmentList/*[@attatchTo])")


def attachment_name_as_2x(name: str) -> str:
    """An attachment's name as 2.x's GameParser.parseAttachment keeps it: the old spelling
    `ttatchment` corrected, wherever the attachment stands (1.9 keeps the name as written)."""
    return name.replace("ttatchment", "ttachment") if "ttatchment" in name else name


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
                element.set("name", attachment_name_as_2x(name))
            java_class = element.get("javaClass")
            if java_class is not None and ".attatchments." in java_class:  # 2.x drops the package
                element.set("javaClass", java_class.replace(".attatchments.", ".attachments."))
    return copy
