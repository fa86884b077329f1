"""S234: the sections a game holds once: one missing that TripleA needs, or one given twice.
S243: an element in <game> that is no section, which both engines pass over.

TripleA 2.x's XML reader (lib/xml-reader XmlMapper) sets a section's field each time it meets
its tag, so of two `<attachmentList>`s only the last is kept, with no word; its parser then
stops on a null where `<map>`, `<playerList>`, `<gamePlay>` or `<sequence>` is missing. 1.9
refused both ("Too many children named", "No child called").
"""

from __future__ import annotations

from collections import defaultdict
from difflib import get_close_matches

from converter.check.rule import hit, rule
from converter.check.rules.xml import for_2x_alone
from converter.findings import Severity

# parent -> the children 2.x reads as one field each (lower case: its reader matches tags in
# any case); one field may have two spellings
_ONCE = {
    "game": ("info", "attachmentlist", "dicesides", "gameplay", "initialize", "map", "resourcelist", "playerlist",
             "unitlist", "relationshiptypes", "territoryeffectlist", "production", "technology", "propertylist",
             "variablelist"),
    "gameplay": ("sequence", "offset"),
    "initialize": ("ownerinitialize", "unitinitialize", "resourceinitialize", "relationshipinitialize"),
    "technology": ("technologies",),
}
_SPELLINGS = {"attatchmentlist": "attachmentlist"}
_ONE_SPELLING = {"attatchmentList": "attachmentList"}
# what 2.x's GameParser reads without asking whether it is there, as the DTD spells it
_REQUIRED = {"game": ("map", "playerList", "gamePlay"), "gameplay": ("sequence",)}
# what 1.9's GameParser alone reads from <game> as one child (getSingleChild, by exact tag); 2.x reads neither
_ONCE_IN_1_9 = ("triplea", "loader")


@rule("S234", "structure.section-count", Severity.ERROR, "<{section}> {problem}", beyond_engine=False)
def section_count(context):
    """Finds a section of the game XML given twice, or missing where TripleA needs it.

    Why: TripleA 2.x reads `<map>`, `<attachmentList>`, `<initialize>`, `<propertyList>`, a
    `<gamePlay>`'s `<sequence>` and the other sections as one each: where a section is given
    twice it keeps only the last and drops the first, silently, so the territories, attachments
    or starting units of the first are lost (often found later as undefined names). A game with
    no `<map>`, `<playerList>`, `<gamePlay>` or `<sequence>` stops loading on a null, with no
    message a map maker can use. TripleA 1.9 refused both. A doubled `<info>` is a warning:
    2.x takes the game's name from map.yml. A doubled `<triplea>` or `<loader>`, which 2.x does
    not read, makes 1.9 refuse the game ("Too many children named"): info where the game is for
    2.x alone.

    Fix: Merge the two sections into one (the order of their entries kept), or add the missing
    section; of two `<triplea>` or `<loader>` elements, delete one.
    """
    if context.model is None:
        return
    # the tags as written (the model's are 2.x's spellings), to tell what 1.9 read
    for parent_tag, children in _children_by_parent(context.tree.getroot()).items():
        once = _ONCE[parent_tag]
        for parent, found in children:
            for tag, elements in found.items():
                if tag in once and len(elements) > 1:
                    shown = elements[0].tag
                    lines = ", ".join(str(element.sourceline) for element in elements)
                    # 1.9 read tags in their exact case, and one spelling of each
                    refused = ", 1.9 refuses the game" if all(each.tag == shown for each in elements) else \
                        ", 1.9 read only one of them, by its exact spelling"
                    yield hit(line=elements[0].sourceline, section=_ONE_SPELLING.get(shown, shown),
                              severity=Severity.WARNING if tag == "info" else None,
                              problem=f"is given {len(elements)} times in <{parent.tag}> (lines {lines}): TripleA "
                                      f"2.x reads only the last and drops the others{refused}")
            for required in _REQUIRED.get(parent_tag, ()):
                if required.lower() not in found:
                    yield hit(line=parent.sourceline, section=required,
                              problem=f"is missing from <{parent.tag}>: TripleA stops loading the game")
    yield from _given_twice_for_1_9(context.tree.getroot())


def _given_twice_for_1_9(root):
    """A `<triplea>` or `<loader>` given more than once in `<game>`: 1.9 refuses the game."""
    alone = None
    for tag in _ONCE_IN_1_9:
        elements = root.findall(tag)
        if len(elements) > 1:
            alone = for_2x_alone(root) if alone is None else alone
            lines = ", ".join(str(element.sourceline) for element in elements)
            effect = f"; the game {alone}, so nothing changes" if alone else ""
            yield hit(line=elements[1].sourceline, section=tag, severity=Severity.INFO if alone else None,
                      problem=f"is given {len(elements)} times in <game> (lines {lines}): TripleA 1.9 refuses "
                              f"the game (\"Too many children named {tag}\"); 2.x reads none of them{effect}")


def _children_by_parent(root) -> dict[str, list]:
    """{lower-case parent tag: [(parent element, {lower-case child tag: [child elements]})]}
    for the game and its sections whose own children are read once."""
    by_parent: dict[str, list] = {"game": [(root, _tags(root))]}
    for tag, elements in by_parent["game"][0][1].items():
        if tag in _ONCE and tag != "game":
            by_parent[tag] = [(element, _tags(element)) for element in elements]
    return by_parent


def _tags(parent) -> dict[str, list]:
    found: defaultdict[str, list] = defaultdict(list)
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):
            tag = tag.lower()
            found[_SPELLINGS.get(tag, tag)].append(child)
    return found


# what <game> may hold besides the sections 2.x reads: 1.9's <loader> and <triplea> (2.x reads neither)
_ALSO_IN_GAME = ("loader", "triplea")
# where an element that stands in <game> by mistake belongs (the DTD's parents)
_BELONGS_IN = {"attachment": "attachmentList", "attatchment": "attachmentList", "territory": "map",
               "connection": "map", "player": "playerList", "alliance": "playerList", "unit": "unitList",
               "resource": "resourceList", "property": "propertyList", "delegate": "gamePlay",
               "sequence": "gamePlay", "step": "gamePlay><sequence", "variable": "variableList",
               "productionRule": "production", "productionFrontier": "production",
               "territoryEffect": "territoryEffectList", "relationshipType": "relationshipTypes",
               "unitInitialize": "initialize", "ownerInitialize": "initialize", "technologies": "technology"}


@rule("S243", "structure.element-not-read", Severity.WARNING, "<{tag}> in <game> is read by no TripleA{belongs}")
def element_not_read(context):
    """Finds an element directly in `<game>` that is none of its sections.

    Why: TripleA 2.x's XML reader looks in `<game>` only for its sections (`<map>`,
    `<attachmentList>`, `<propertyList>`...; lib/xml-reader XmlMapper, the fields of its `Game`)
    and passes over any other element with all it holds, without a word; 1.9 read its sections by
    name too and only logged the DTD error. So an `<attachment>` left after `</attachmentList>`
    (a trigger, say) is not in the game at all, and only the DTD's one error on `<game>` hints at
    it (X004).

    Fix: Move the element into the section it belongs in (the message names it), e.g. an
    `<attachment>` inside `<attachmentList>`, or delete it.
    """
    if context.model is None:
        return
    known = {*_ONCE["game"], *_SPELLINGS, *_ALSO_IN_GAME}
    for child in context.tree.getroot():
        if isinstance(child.tag, str) and child.tag.lower() not in known:
            parent = _BELONGS_IN.get(child.tag)
            yield hit(line=child.sourceline, tag=child.tag,
                      belongs=f": it belongs in <{parent}>" if parent else "")


# the attributes TripleA 2.x reads of each element it reads (map-data's org.triplea.map.data.elements,
# their @Attribute fields, matched by exact name); <info>, <loader> and <triplea> aside (2.x reads none
# of theirs but <info name>, and takes the game's name from map.yml)
ATTRIBUTES_2X = {tag: frozenset(names.split()) for tag, names in {
    "attachment": "foreach name attachTo attatchTo javaClass type", "option": "name value count",
    "diceSides": "value", "delegate": "name javaClass display", "step": "name delegate player maxRunCount display",
    "stepProperty": "name value", "offset": "round", "territoryOwner": "territory owner",
    "unitPlacement": "unitType territory quantity owner hitsTaken unitDamage", "heldUnits": "unitType player quantity",
    "resourceGiven": "player resource quantity", "relationship": "type roundValue player1 player2",
    "territory": "name water", "connection": "t1 t2", "player": "name optional canBeDisabled defaultType isHidden",
    "alliance": "player alliance", "cost": "resource quantity", "result": "resourceOrUnit quantity",
    "productionRule": "name", "repairRule": "name", "repairFrontier": "name", "repairRules": "name",
    "productionFrontier": "name", "frontierRules": "name", "playerProduction": "player frontier",
    "playerRepair": "player frontier", "property": "name editable player value min max", "number": "min max",
    "relationshipType": "name", "resource": "name isDisplayedFor", "techname": "name tech", "playerTech": "player",
    "category": "name", "tech": "name", "territoryEffect": "name", "unit": "name", "variable": "name",
    "element": "name"}.items()}


@rule("S245", "structure.attribute-not-read", Severity.WARNING,
      "<{tag}> has the attribute {attribute!r}, which TripleA 2.x does not read{suggestion}: it is ignored, "
      "without a word")
def attribute_not_read(context):
    """Finds an attribute TripleA 2.x does not read, in a game for 2.x alone.

    Why: 2.x's XML reader takes each element's attributes by their exact names (map-data's
    elements: `<unitPlacement>`'s `unitType`, `territory`, `quantity`, `owner`, `hitsTaken`,
    `unitDamage`, ...) and passes over any other without a word, so a misspelt one is lost: a
    find-and-replace accident such as `quaBalochistanity` for `quantity` places no unit, and an
    option's `costarunt` for `count` drops the count. 1.9's DTD check names such attributes (X004),
    but 2.x ignores the DTD, and X004 then gives one finding for the whole game, where these are
    lost among 2.x's own additions; so this rule looks at games for 2.x alone (a `minimumVersion` of
    2 or more, or what only 2.x reads). The suggestion is an attribute the element lacks.

    Fix: Correct the attribute's name to the one the message suggests, or delete it.
    """
    model = context.model
    if model is None or not for_2x_alone(context.tree.getroot()):
        return
    seen: set[tuple[int | None, str]] = set()  # (two elements on one line, alike)
    # the game as written: a loop's copies keep its element's attributes (imperialism's 133,000
    # copies took 170 ms to walk), and a typo in a loop made over no element is a typo all the same
    for element in context.tree.getroot().iter(*ATTRIBUTES_2X):
        keys = element.keys()
        known = ATTRIBUTES_2X[element.tag]
        if not keys or known.issuperset(keys) or element.tag == "option" and "name" not in keys:
            continue  # (an option with no name is S208's)
        for attribute in keys:
            if attribute in known or (element.sourceline, attribute) in seen:
                continue
            seen.add((element.sourceline, attribute))
            lacking = sorted(known - set(keys))
            # (a lacking attribute is a strong hint: a looser cutoff than for names elsewhere)
            close = get_close_matches(attribute.lower(), [name.lower() for name in lacking], n=1, cutoff=0.55)
            suggestion = f" (did you mean {lacking[[name.lower() for name in lacking].index(close[0])]!r}, " \
                "which it lacks?)" if close else ""
            yield hit(line=element.sourceline, tag=element.tag, attribute=attribute, suggestion=suggestion)
