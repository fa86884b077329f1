"""2.x's variables and `foreach` loops, replaced as its GameParser does before an attachment is made.

A `<variableList>` declares lists of names. An `<attachment foreach="$A$:$B$^$C$">` is made
once per combination of its variables' elements (`A` and `B` side by side, each of those
with every element of `C`), and in each copy `@A@` in the name, the `attachTo` and the options
stands for that copy's element (GameDataVariables.expandVariableCombinations and
replaceForeachVariables). Then `$A$` in any option value stands for all of `A`'s elements
joined by `:` (replaceVariables). `@A@` outside a loop, and `$A$` in a name or target, stay as
written. TripleA 1.9 read no variables.

The model reads the game with its loops made into the attachments 2.x makes (`expand_loops`),
so every rule judges each copy as the engine does; the copies keep their element's line.
"""

from __future__ import annotations

from copy import deepcopy
from itertools import cycle, islice, starmap
from operator import itemgetter

from lxml import etree

from converter.check.spelling2x import attachment_name_as_2x
from converter.xmlsafe import hardened_parser

MAX_VARIABLE_VALUES = 100_000  # elements of one variable at most: nesting can double them at each level
_MAX_NESTING = 64  # 2.x recurses without bound (a variable naming itself overflows its stack)
MAX_LOOP_NODES = 1_000_000  # attachments and options the loops of one game may copy; beyond, all are left as written
MAX_LOOP_TEXT = 64_000_000  # characters of values the replacing may write (`$v$` of 100,000 elements, 1,000 times)


class _TooLarge(Exception):
    """The game's loops and variables would write more than MAX_LOOP_TEXT: read as written."""


class _Budget:
    def __init__(self) -> None:
        self.left = MAX_LOOP_TEXT

    def spend(self, characters: int) -> None:
        self.left -= characters
        if self.left < 0:
            raise _TooLarge


def read_variables(root: etree._Element) -> dict[str, list[str]]:
    """Each `<variable name="v">`'s elements, by `v`. An element naming an earlier variable
    (`$w$`) stands for that one's elements, as 2.x's GameDataVariables.parse flattens them."""
    found: dict[str, list[str]] = {}
    for variable in root.iterfind("variableList/variable"):
        values: list[str] = []
        for element in variable.iterchildren("element"):
            values += _flattened(element.get("name", ""), found, MAX_VARIABLE_VALUES - len(values))
        found[variable.get("name", "")] = values
    return found


def _flattened(value: str, found: dict[str, list[str]], room: int, depth: int = 0) -> list[str]:
    """`value`, or the elements of the variable it names as `$name$` (2.x findNestedVariables:
    each of those looked up again), at most `room` of them."""
    name = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == "$" else None
    if name is None or name not in found or depth >= _MAX_NESTING:
        return [value][:max(room, 0)]
    flat: list[str] = []
    for each in found[name]:
        if len(flat) >= room:
            break
        flat += _flattened(each, found, room - len(flat), depth + 1)
    return flat


def loop_refusal(foreach: str, variables: dict[str, list[str]]) -> tuple[str, str | None] | None:
    """Why 2.x refuses this loop (and the part at fault, when it is no variable), or None.
    `variables` are keyed `$name$`; Guava's Splitter keeps empty and blank parts."""
    groups = foreach.split("^")
    if len(groups) > 2:
        return "with more than one '^'", None
    for group in groups:
        parts = group.split(":")
        for part in parts:
            if part not in variables:
                return f"where {part!r} is no variable of the <variableList> (written $name$)", part
        sizes = {len(variables[part]) for part in parts}
        if len(sizes) > 1:
            shown = ", ".join(f"{part} {len(variables[part])}" for part in dict.fromkeys(parts))
            return f"whose variables joined by ':' have different numbers of elements ({shown})", None
    return None


def loop_copies(foreach: str, variables: dict[str, list[str]]) -> int:
    """How many attachments one <attachment> makes: one per element of its `foreach` loop's
    first variable, times those of the group after `^`; a loop 2.x refuses counts what its
    known variables give. `variables` are keyed by plain name."""
    if not foreach.strip():
        return 1
    copies = 1
    for loop in foreach.split("^")[:2]:  # more than one `^` is refused (S236)
        copies *= len(variables.get(loop.split(":")[0].strip().strip("$"), ()))
    return copies


def combinations(foreach: str, variables: dict[str, list[str]]) -> list[dict[str, str]] | None:
    """Each copy's `@name@` -> element, in 2.x's order (the group after `^` varies fastest);
    None when 2.x refuses the loop. `variables` are keyed `$name$`."""
    if loop_refusal(foreach, variables) is not None:
        return None
    made: list[dict[str, str]] = [{}]
    for group in foreach.split("^"):
        parts = group.split(":")
        tokens = [f"@{part.replace('$', '')}@" for part in parts]
        columns = [variables[part] for part in parts]
        made = [{**earlier, **dict(zip(tokens, elements))} for earlier in made for elements in zip(*columns)]
    return made


def expand_loops(root: etree._Element) -> tuple[etree._Element, str | None]:
    """`root` itself when it declares no variables (the usual game); else a copy in which each
    `foreach` attachment 2.x accepts is replaced by its copies, and `$name$` in option values by
    the variable's elements. A loop 2.x refuses (S236) stays as written; every loop, and every
    variable, stays so in a game whose loops would copy more than `MAX_LOOP_NODES` elements or
    write more than `MAX_LOOP_TEXT` characters, and then the second value says so (S242)."""
    if root.find("variableList") is None:
        return root, None
    variables = {f"${name}$": values for name, values in read_variables(root).items()}
    joined = {token: ":".join(values) for token, values in variables.items()}
    copy = deepcopy(root)
    elements = list(copy.iterfind("attachmentList/attachment"))
    written = [(element, foreach) for element in elements
               if (foreach := element.get("foreach")) is not None and foreach.strip()]
    plain = {token[1:-1]: values for token, values in variables.items()}
    nodes = sum(loop_copies(foreach, plain) * (1 + len(element)) for element, foreach in written
                if loop_refusal(foreach, variables) is None)
    if nodes > MAX_LOOP_NODES:  # counted before any is made: two crossed variables of 100,000 elements are legal
        return root, f"would make {nodes:,} attachments and options, more than the {MAX_LOOP_NODES:,} it expands"
    loops = [(element, combinations(foreach, variables)) for element, foreach in written]
    looped = {element for element, made in loops if made is not None}
    budget = _Budget()
    try:
        for element in elements:
            if element not in looped:
                _replace_in_options(element, joined, budget)
        for element, made in loops:
            if made is not None:
                element.attrib.pop("foreach")
                copies = _copies_as_text(element, made, joined, budget)
                if copies is None:
                    copies = _copies_one_by_one(element, made, joined, budget)
                for each in copies:
                    element.addprevious(each)
                element.getparent().remove(element)
    except _TooLarge:
        return root, f"and variables would write more than the {MAX_LOOP_TEXT:,} characters it expands"
    return copy, None


def _copies_one_by_one(element: etree._Element, made: list[dict[str, str]], joined: dict[str, str],
                       budget: _Budget) -> list:
    """The loop's copies, each made as 2.x makes it (`_copy_for`), equal ones left out (`_content`)."""
    copies: dict[tuple, etree._Element] = {}
    for tokens in made:
        each = _copy_for(element, tokens, joined, budget)
        copies.setdefault(_content(each), each)
    return list(copies.values())


def _content(attachment: etree._Element) -> tuple:
    """What a copy makes: 2.x keeps one attachment per name and target, the last given, so a copy
    equal to an earlier one of its loop (a loop variable its name and options do not use) adds
    nothing and is left out; S202 then reports only copies that differ."""
    return (attachment.get("name"), attachment.get("attachTo"),
            *((option.get("name"), option.get("count"), option.get("value")) for option in attachment))


def _copies_as_text(element: etree._Element, made: list[dict[str, str]], joined: dict[str, str],
                    budget: _Budget) -> list | None:
    """The loop's copies made at once (a loop of thousands is common): the element written out
    once, each copy's `@name@` replaced in the text, and all of them parsed in one call, each
    node given its element's line; equal copies left out (`_content`). None where that text
    replacement could differ from `_copy_for`'s: an empty element (its options are dropped), a
    token or element that `$`/`@` replacement or XML escaping would touch, or `@` in a part of
    the element 2.x does not replace in."""
    if not made:
        return []  # a loop over a variable of no elements makes nothing
    tokens = made[0].keys()
    if any(not value or "@" in value or "$" in value or "ttatchment" in value
           for each in made for value in each.values()) \
            or any(set(token) & _ESCAPED for token in tokens) or any("@" in value for value in joined.values()) \
            or any("@" in value for key, value in element.attrib.items() if key not in ("name", "attachTo")):
        return None
    bare = _bare(element)
    for child in bare:
        if len(child) or "@" in (child.text or "") \
                or any("@" in value for key, value in child.attrib.items() if key not in ("count", "value")):
            return None  # (2.x reads neither an option's text nor what it holds: left to `_copy_for`)
    _replace_in_options(bare, joined, budget)  # before the loop's tokens: no order between the two matters here
    lines = [node.sourceline for node in bare.iter()]
    text = etree.tostring(bare, encoding="unicode", with_tail=False).replace("{", "{{").replace("}", "}}")
    order = [token for token in tokens if token in text]
    longest = max((len(value) for each in made for value in each.values()), default=0)
    budget.spend(len(made) * (len(text) + longest * sum(map(text.count, order))))  # at most this is written
    for number, token in enumerate(order):  # the tokens as str.format fields: each copy formatted in C
        text = text.replace(token, f"{{{number}}}")
    values = list(map(itemgetter(*order), made)) if len(order) > 1 else [(each[order[0]],) for each in made] \
        if order else [()] * len(made)
    if any(not _ESCAPED.isdisjoint(value) for value in {value for each in made for value in each.values()}):
        values = [tuple(map(_escaped, each)) for each in values]
    texts = dict.fromkeys(starmap(text.format, values))
    fragment = etree.fromstring(f"<copies>{''.join(texts)}</copies>", hardened_parser())
    for node, line in zip(islice(fragment.iter(), 1, None), cycle(lines)):
        if line is not None:
            node.sourceline = line
    return list(fragment)


def _bare(element: etree._Element) -> etree._Element:
    """A copy of the element without its comments and the blanks between its options, which no
    reader of the model asks for: a loop's copies are written out and parsed again at a third
    of the size."""
    bare = deepcopy(element)
    bare.text = None
    for child in list(bare):
        if not isinstance(child.tag, str):
            bare.remove(child)  # (its tail goes with it)
        else:
            child.tail = None
    return bare


_ESCAPED = frozenset('&<>"\n\r\t')  # what an attribute value is written with escaped


def _escaped(value: str) -> str:
    """`value` as an attribute written in double quotes holds it."""
    if _ESCAPED.isdisjoint(value):
        return value
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;"))


def _copy_for(element: etree._Element, tokens: dict[str, str], joined: dict[str, str],
              budget: _Budget) -> etree._Element:
    """One copy of a loop's attachment: `@name@` replaced in its name, target and options (then
    `$name$` in the options); an option naming a loop variable whose element is empty is dropped
    (containsEmptyForeachVariable)."""
    made = _bare(element)
    for attribute in ("name", "attachTo"):
        value = made.get(attribute)
        if value is not None and "@" in value:
            replaced = _replace(value, tokens, budget)
            made.set(attribute, attachment_name_as_2x(replaced) if attribute == "name" else replaced)
    empty = [token for token, value in tokens.items() if not value]
    for option in list(made.iterchildren("option")):
        given = f"{option.get('count') or ''}:{option.get('value') or ''}"
        if any(token in given for token in empty):
            made.remove(option)
            continue
        for attribute in ("count", "value"):
            value = option.get(attribute)
            if value is not None and "@" in value:
                option.set(attribute, _replace(value, tokens, budget))
    _replace_in_options(made, joined, budget)
    return made


def _replace_in_options(element: etree._Element, joined: dict[str, str], budget: _Budget) -> None:
    """`$name$` in the element's option values, as 2.x's replaceVariables: every element, `:`-joined."""
    for option in element.iterchildren("option"):
        for attribute in ("count", "value"):
            value = option.get(attribute)
            if value is not None and "$" in value:
                option.set(attribute, _replace(value, joined, budget))


def _replace(text: str, tokens: dict[str, str], budget: _Budget) -> str:
    for token, value in tokens.items():
        if token in text:
            text = text.replace(token, value)
            budget.spend(len(text))
    return text
