"""X0xx: the game XML itself — readable, well-formed, safe, the right root, valid by the DTD."""

from __future__ import annotations

import re

from converter.check.dtdvalid import SHOWN_ERRORS
from converter.check.rule import hit, rule
from converter.findings import Severity

_ENTITIES = "declares entities"
MAX_DTD_FINDINGS = SHOWN_ERRORS - 1  # a 2.x XML can break the 1.9 DTD hundreds of times; the first ones say enough
SHOWN_MESSAGE = 200  # characters of a DTD error shown; a content model's list is cut short first
# libxml2's error for children out of the content model: "expecting (a , b? , c+), got (a c )"
_CONTENT_ERROR = re.compile(r"(Element .+ content does not follow the DTD), expecting \((.*)\), got \((.*)\)", re.S)
_PLAIN_ITEM = re.compile(r"[\w.:-]+[?*+]?")


@rule("X001", "xml.not-well-formed", Severity.ERROR, "the game XML cannot be read: {reason}", beyond_engine=False)
def not_well_formed(context):
    """Finds a game XML that cannot be read: not well-formed, not a readable file, or over 64 MiB.

    Why: TripleA 1.9 does not load a game XML that is not well-formed: it stops at the first
    syntax error (e.g. `must be terminated by the matching end-tag`). dday2 check checks nothing
    else in an XML it cannot read, so any other mistakes in it stay hidden until this is fixed.

    Fix: Correct the game XML at the line the message gives (an unclosed or mismatched tag, an
    unquoted attribute value, a bare `&` or `<` in a value), or make it a readable, ordinary file
    of at most 64 MiB.
    """
    if context.target.xml is not None and context.tree is None and _ENTITIES not in (context.xml_error or ""):
        reason = context.xml_error or "unknown"
        line = _line_of(reason)
        yield hit(line=line, reason=reason.split(" (line")[0][:200])


@rule("X002", "xml.entity-declaration", Severity.ERROR,
      "the game XML declares entities; refused unexpanded (XXE and entity-expansion attacks)")
def entity_declaration(context):
    """Finds a game XML whose DOCTYPE declares entities, which dday2 check refuses to expand.

    Why: TripleA 1.9 can load such a file, but entity declarations are what XML external-entity
    (XXE) and entity-expansion ("billion laughs") attacks use to read other files or exhaust
    memory, so the checker reads no further and none of its other checks run on this XML.

    Fix: Remove the `<!ENTITY ...>` declarations from the game XML, write out the text they stood
    for, and keep the usual `<!DOCTYPE game SYSTEM "game.dtd">`.
    """
    if context.target.xml is not None and _ENTITIES in (context.xml_error or ""):
        yield hit(line=1)


@rule("X003", "xml.wrong-root", Severity.ERROR, "the root element is <{tag}>, not <game>", beyond_engine=False)
def wrong_root(context):
    """Finds a game XML whose root element is something other than game.

    Why: dday2 check reads nothing more of such a file, so none of its other checks run on it.
    TripleA 1.9 looks for `<info>`, `<map>` and the other parts directly under the root, whatever
    it is called: a file without them does not load (`No child called info`), while a game with
    only its root renamed loads with a DTD error in the log.

    Fix: If it is a game XML, make `<game>` its root element; if it is some other XML file, move
    it out of the map's `games/` folder, where every `.xml` file is checked as a game.
    """
    tree = context.tree
    if tree is not None and tree.getroot().tag != "game":
        yield hit(line=tree.getroot().sourceline, tag=tree.getroot().tag)


@rule("X004", "xml.dtd-invalid", Severity.WARNING, "not valid by TripleA 1.9's game.dtd: {message}{note}")
def dtd_invalid(context):
    """Finds places where the game XML breaks the installed engine's game.dtd (TripleA 1.9's).

    Why: TripleA 1.9 validates the game XML against its `game.dtd` but only logs what it finds,
    and 2.x ignores the DTD, so an element the engine does not expect, such as `<bogus/>` in
    `<resourceList>`, is passed over without notice. The rule runs only when the engine is
    installed (it reads `game.dtd` from its jar) and lists the first 20 errors, then one finding
    counting the rest. A game that declares `<triplea minimumVersion="2...">` or uses what only
    2.x reads (`<variableList>`, `<resource isDisplayedFor>`, the old spelling
    `<attatchmentList>`), or lacks the `<loader>` 1.9 needs to load it, is written for 2.x, which
    ignores the DTD: its findings are one info finding, the first error and how many more. Where
    children break their parent's content model, the message first names what is wrong: an
    element missing, one not allowed there, one given more often than allowed, or the first one
    out of order; text standing between its children (a leftover `-->`) is named on its own line.
    Elements only out of order are info: 1.9's GameParser and 2.x's XML reader both read a
    parent's children by name, in any order.
    Units placed for `Neutral`, a player the engines know though no game declares it, are no
    error.

    Fix: Correct the element or attribute at the line given as the engine's `game.dtd` wants it
    (its jar's `games/strategy/engine/xml/game.dtd`): the right elements, in the right order,
    with their required attributes.
    """
    # the 1.9 engine validates against game.dtd but only logs what it finds (2.x ignores the DTD)
    report = context.dtd_report
    if report is None or report.valid:
        return
    # the engines' PlayerList takes "Neutral" for its own player: no error of the game
    errors = [error for error in report.errors if not _NEUTRAL_IDREF.fullmatch(error.message)]
    error_count = report.error_count - (len(report.errors) - len(errors))
    if not errors:
        return
    reason = for_2x_alone(context.tree.getroot())
    ignores = ", which ignores the DTD" if reason and reason.startswith("needs") else "; 2.x ignores the DTD"
    later = {"severity": Severity.INFO, "note": f" (the game {reason}{ignores})"} if reason else {"note": ""}
    if "severity" in later:  # a game for 2.x: one finding, as the DTD is not its engine's
        first = errors[0]
        more = error_count - 1
        rest = f"; and {more} more DTD error{'s' * (more > 1)}" if more else ""
        line, message = _shown(context.tree, first, context.source_lines.start_of)
        yield hit(line=line, message=message + rest, **later)
        return
    for error in errors[:MAX_DTD_FINDINGS]:
        line, message = _shown(context.tree, error, context.source_lines.start_of)
        if _only_out_of_order(error.message):  # both engines read a parent's children by name, in any order
            yield hit(line=line, message=message, severity=Severity.INFO,
                      note=" (both engines read these elements by name, so their order changes nothing)")
            continue
        yield hit(line=line, message=message, **later)
    if error_count > MAX_DTD_FINDINGS and len(errors) > MAX_DTD_FINDINGS:
        yield hit(line=errors[MAX_DTD_FINDINGS].line or None,
                  message=f"and {error_count - MAX_DTD_FINDINGS} more DTD errors not shown", **later)


_NEUTRAL_IDREF = re.compile(r'IDREF attribute \w+ references an unknown ID "Neutral"')
# any content model, `(attachment)+` too: the element and the children it got
_CONTENT_GOT = re.compile(r"Element (\S+) content does not follow the DTD, expecting .*, got \((.*)\)", re.S)


def _shown(tree, error, start_of) -> tuple[int | None, str]:
    """The line and message of a DTD error: text standing between an element's children
    (libxml2's `CDATA` in what it got, in a list cut short) is named with its own line.
    `start_of` gives where a start tag that libxml2 numbers by its last line opens."""
    match = _CONTENT_GOT.fullmatch(error.message)
    if match is not None and "CDATA" in match.group(2).split():
        tag = match.group(1)
        stray = _stray_text(tree, tag, error.line, start_of)
        if stray is not None:
            line, text = stray
            return line, (f"<{tag}> (line {start_of(error.line)}) holds text {_cut(text, 40)!r} between its elements, "
                          "which the DTD does not allow (stray characters: a leftover of a comment or of a deleted "
                          "element?)")
    return error.line or None, shown_dtd_message(error.message)


def _stray_text(tree, tag: str, line: int | None, start_of) -> tuple[int, str] | None:
    """(line, text) of the first non-blank text directly in the `tag` element libxml2 numbers
    `line` (or the first such element), or None."""
    elements = [element for element in tree.getroot().iter(tag) if line is None or element.sourceline == line] or \
        list(tree.getroot().iter(tag))
    for element in elements:
        if element.text and element.text.strip():
            return element.sourceline + element.text[:len(element.text) - len(element.text.lstrip())].count("\n"), \
                element.text.strip()
        children = list(element)
        for child, following in zip(children, children[1:] + [None]):
            tail = child.tail or ""
            if tail.strip():
                after = tail[len(tail.rstrip()):].count("\n")  # line breaks between the text and what follows
                end = start_of(following.sourceline) if following is not None else None  # where its tag opens
                return (end - after if end is not None else child.sourceline), tail.strip()
    return None


def shown_dtd_message(message: str) -> str:
    """The DTD error as shown: at most SHOWN_MESSAGE characters. For children that do not
    follow a flat content model, what is wrong first (a required element missing, one the
    model does not name), then the expected and found lists, each cut short."""
    match = _CONTENT_ERROR.fullmatch(message)
    if match is None or len(message) <= SHOWN_MESSAGE:
        return message[:SHOWN_MESSAGE]
    head, expecting, got = match.groups()
    expected, present = [item.strip() for item in expecting.split(",")], got.split()
    hints = []
    if all(_PLAIN_ITEM.fullmatch(item) for item in expected):
        names = {item.rstrip("?*+") for item in expected}
        hints = [f"<{item.rstrip('+')}> is missing" for item in expected
                 if not item.endswith(("?", "*")) and item.rstrip("+") not in present]
        hints += [f"<{name}> is not allowed there" for name in dict.fromkeys(present) if name not in names]
        hints = hints or _order_hints(expected, present)
    lead = f"{head}: {'; '.join(hints)}" if hints else head
    room = max(SHOWN_MESSAGE - len(lead) - len(", expecting (), got ()"), 20)
    return f"{lead}, expecting ({_cut(expecting, room // 2)}), got ({_cut(got.strip(), room - room // 2)})"


def _only_out_of_order(message: str) -> bool:
    """Is the DTD error only of children in another order than the content model's (each one
    allowed, none missing, none given too often)?"""
    match = _CONTENT_ERROR.fullmatch(message)
    if match is None:
        return False
    _head, expecting, got = match.groups()
    expected, present = [item.strip() for item in expecting.split(",")], got.split()
    if not all(_PLAIN_ITEM.fullmatch(item) for item in expected):
        return False
    names = {item.rstrip("?*+") for item in expected}
    if any(name not in names for name in present) or any(
            not item.endswith(("?", "*")) and item.rstrip("+") not in present for item in expected):
        return False
    hints = _order_hints(expected, present)
    return bool(hints) and " is out of order: " in hints[0]


def _order_hints(expected: list[str], present: list[str]) -> list[str]:
    """For children the sequence `expected` names, each allowed: one given more often than the
    model allows, or the first one written after an element the model puts later."""
    once = {item.rstrip("?") for item in expected if not item.endswith(("*", "+"))}
    repeated = [name for name in dict.fromkeys(present) if name in once and present.count(name) > 1]
    if repeated:
        return [f"<{repeated[0]}> is given {present.count(repeated[0])} times, where the DTD allows one"]
    order = {item.rstrip("?*+"): position for position, item in enumerate(expected)}
    latest = None
    for name in present:
        if latest is not None and order[name] < order[latest]:
            return [f"<{name}> is out of order: the DTD wants it before <{latest}>"]
        if latest is None or order[name] > order[latest]:
            latest = name
    return []


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip(" ,") + "…"


def for_2x_alone(root) -> str | None:
    """Why the game is one for TripleA 2.x alone ("needs TripleA 2.6", "uses TripleA 2.x's
    <variableList>", ...), said for a message; None when 1.9 may load it too."""
    version = minimum_version(root)
    major = version.split(".")[0] if version is not None else ""
    if re.fullmatch(r"\d+", major) and int(major) >= 2:  # (`²` passes isdigit, not int)
        return f"needs TripleA {version}"
    return _feature_of_2x(root)


def _feature_of_2x(root) -> str | None:
    """What makes the game one for 2.x alone, said for the message; None when nothing."""
    if root.find("variableList") is not None:
        return "uses TripleA 2.x's <variableList>"
    if root.find("attatchmentList") is not None:  # 2.x reads the old spelling (its XmlMapper); 1.9 does not
        return "uses the old spelling <attatchmentList>, which 2.x reads and 1.9 does not"
    if root.find("resourceList/resource[@isDisplayedFor]") is not None:  # GameParser, since 2018
        return "uses TripleA 2.x's <resource isDisplayedFor>"
    if root.find("loader") is None:  # 1.9's GameParser: getSingleChild("loader") throws; 2.x reads none
        return "has no <loader>, without which 1.9 refuses to load it"
    return None


def minimum_version(root) -> str | None:
    """The game's `<triplea minimumVersion=...>`, as written (stripped); None without one."""
    element = root.find("triplea")
    version = element.get("minimumVersion") if element is not None else None
    return version.strip()[:20] if version is not None else None


@rule("X005", "xml.doctype", Severity.INFO, "the game XML {problem}; the engine expects "
      "<!DOCTYPE game SYSTEM \"game.dtd\">")
def doctype(context):
    """Finds a game XML with no DOCTYPE line, or with one naming a DTD other than game.dtd.

    Why: TripleA 1.9 loads a game XML with no DOCTYPE but cannot validate it, logging `no grammar
    found`; a DOCTYPE naming another file, such as `other.dtd`, makes 1.9 look for that file in
    its own jar and, not finding it, not load the game at all. dday2 check validates against the
    engine's `game.dtd` either way.

    Fix: Put `<!DOCTYPE game SYSTEM "game.dtd">` right after the `<?xml ...?>` line at the top of
    the game XML; the map needs no copy of `game.dtd`, as the engine reads its own.
    """
    tree = context.tree
    if tree is None or tree.getroot().tag != "game":
        return
    info = tree.docinfo
    if not info.doctype:
        yield hit(line=1, problem="has no DOCTYPE")
    elif info.system_url and info.system_url != "game.dtd":
        yield hit(line=1, problem=f"names DTD {info.system_url!r}")


def _line_of(reason: str) -> int | None:
    marker = "line "
    if marker not in reason:
        return None
    digits = reason.split(marker, 1)[1].split(",")[0].split(")")[0].strip()
    return int(digits) if digits.isdecimal() else None
