"""S229, S230, S240: attachments the engine finds by their names, exactly (S229) or by how the
name starts (S230). A name it does not find leaves the attachment parsed but never used; one it
takes for another class fails the game in play (S240)."""

from __future__ import annotations

from typing import NamedTuple

from converter.check.builtin_tables import TECH_ATTACHMENT_CLASS, sets_a_default
from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, options_of
from converter.check.rules.structure import java_int
from converter.check.spelling2x import attachment_name_as_2x
from converter.findings import Severity

# the attachments the engine looks up by their exact name (Constants.*_ATTACHMENT_NAME; a unit's is S207's)
_LOOKED_UP_BY_NAME = {name.lower(): name for name in (
    "techAttachment", "techAbilityAttachment", "resourceAttachment", "territoryAttachment", "rulesAttachment",
    "playerAttachment", "relationshipTypeAttachment", "territoryEffectAttachment")}


@rule("S229", "structure.attachment-name-case", Severity.WARNING,
      "attachment {name!r} on {target!r} is never read: TripleA looks it up as {expected!r}, in that letter case")
def attachment_name_case(context):
    """Finds an attachment whose name is one the engine looks up, written in other letter case.

    Why: TripleA finds a player's `rulesAttachment`, `playerAttachment` and `techAttachment`, a
    territory's `territoryAttachment` and the like by their exact names (`getAttachment(
    "rulesAttachment")`, case-sensitive), so one written `rulesattachment` is parsed but never
    read: its options do nothing, without a word (a player's movement restrictions, production
    per territories and placement rules, its capital and victory points, its technologies). The
    old spelling `Attatchment` is corrected first, as 2.x does. A unit's `unitAttachment` is S207's.
    A techAttachment that sets every technology `false` is info: 2.x makes a player without one a
    default one, so the game plays the same.

    Fix: Write the attachment's name in the game XML exactly as the message gives it.
    """
    model = context.model
    if model is None:
        return
    written = model.table(ATTACHMENT_PATH).column("name", "")
    if not any(attachment_name_as_2x(name.lower()) in _LOOKED_UP_BY_NAME for name in set(written)):
        return  # the usual game: every such name is right (one scan of the distinct names)
    reported = set()
    classes = attachment_classes(model)
    for attachment in model.attachments:
        name = attachment_name_as_2x(attachment.name)
        expected = _LOOKED_UP_BY_NAME.get(name.lower())
        if expected is not None and name != expected and (attachment.name, attachment.attach_to) not in reported:
            reported.add((attachment.name, attachment.attach_to))
            if _only_defaults(model, attachment.element, classes[attachment.element]):
                yield hit(line=attachment.line, name=attachment.name, target=attachment.attach_to, expected=expected,
                          severity=Severity.INFO)
                continue
            yield hit(line=attachment.line, name=attachment.name, target=attachment.attach_to, expected=expected)


def _only_defaults(model, element: int, java_class: str) -> bool:
    """Does a technology attachment set nothing but what the engine holds anyway (every advance
    false)? 2.x makes a player without one a default techAttachment (GamePlayer.getTechAttachment),
    so, read or not, the game plays the same. (A land territory without its territoryAttachment
    stops the game: TerritoryAttachment.getOrThrow, S225.)"""
    short = java_class.rpartition(".")[2]
    chosen = [index for index, owner in enumerate(model.option_owners) if owner == element]
    if not chosen or short != TECH_ATTACHMENT_CLASS:
        return False
    values = model.options.column_at("value", chosen, "")
    return all(sets_a_default(short, model.option_names[index], value) for index, value in zip(chosen, values))


class _Collected(NamedTuple):
    """What the engine's collector of one attachment class takes, and what one it misses does."""
    kind: str
    prefix: str  # Constants.*_PREFIX: the collector takes names that start with it, case-sensitively
    effect: str
    uses: str
    severity: Severity = Severity.WARNING


# the classes whose attachments the engine gathers by name prefix (2.x UnitSupportAttachment.get,
# PoliticalActionAttachment.getPoliticalActionAttachments, UserActionAttachment.getUserActionAttachments,
# CanalAttachment.get and validate; 1.9 the same, but for validate)
_COLLECTED_BY_PREFIX = {
    "UnitSupportAttachment": _Collected("support attachment", "supportAttachment", "never gives its support",
                                        "reads support only from"),
    "PoliticalActionAttachment": _Collected("political action", "politicalActionAttachment", "is never offered",
                                            "offers only"),
    "UserActionAttachment": _Collected("user action", "userActionAttachment", "is never offered", "offers only"),
    "CanalAttachment": _Collected("canal", "canalAttachment",
                                  "stops TripleA 2.x loading the game (\"Canal attachment name invalid\"; 1.9 "
                                  "never applies it)", "takes canals only from", Severity.ERROR),
}
# EndTurnDelegate pays the national objectives: RulesAttachment.getNationalObjectives
_NATIONAL_OBJECTIVE = _Collected("rules attachment", "objectiveAttachment", "never pays its objectiveValue",
                                 "pays only")


@rule("S230", "structure.attachment-name-prefix", Severity.WARNING,
      "{kind} {name!r} on {target!r} {effect}: TripleA {uses} attachments named '{prefix}…' (in that letter case)"
      "{more}")
def attachment_name_prefix(context):
    """Finds an attachment the engine gathers by how its name starts, named otherwise.

    Why: TripleA collects some attachments by the start of their names, case-sensitively:
    battle support from a unit type's attachments named `supportAttachment…`, the political and
    user actions it offers from a player's `politicalActionAttachment…` and `userActionAttachment…`,
    canals from a territory's `canalAttachment…`, and the national objectives it pays at the end
    of a turn from a player's rules attachments named `objectiveAttachment…`. One named otherwise
    is parsed and never used, without a word: artillery that supports no one, an action missing
    from the politics panel, an `objectiveValue` never paid. TripleA 2.x refuses a game with a
    canal so named ("Canal attachment name invalid"); 1.9 loads it and never applies the canal.
    The old spelling `Attatchment` is corrected first, as 2.x does. Five or more of one kind so
    named are one finding, with their count: one habit of naming.

    Fix: Rename the attachment in the game XML to start as the message says (`politicalAttachment_
    war` → `politicalActionAttachment_war`), and rename what refers to it: triggers' `conditions`,
    `politicstext.properties`/`actionstext.properties` keys and objectives.properties entries.
    For a condition that was never meant to pay, drop its `objectiveValue`.
    """
    model = context.model
    if model is None:
        return
    classes = attachment_classes(model)
    if any(java_class in _COLLECTED_BY_PREFIX for java_class in set(classes)):
        names = model.table(ATTACHMENT_PATH).column("name", "")
        misnamed = {element for element, (java_class, name) in enumerate(zip(classes, names))
                    if java_class in _COLLECTED_BY_PREFIX
                    and not attachment_name_as_2x(name).startswith(_COLLECTED_BY_PREFIX[java_class].prefix)}
        found = [(attachment, _COLLECTED_BY_PREFIX[classes[attachment.element]])
                 for attachment in (model.attachments if misnamed else ())  # the usual game: none, and no walk
                 if attachment.element in misnamed]
        yield from _grouped([(attachment, collected, collected.effect) for attachment, collected in found])
    yield from _grouped(list(_unpaid_objectives(model)))


_MANY = 5  # from this many attachments of one kind so named, they are one finding: one habit of naming


def _grouped(found: list):
    """One finding for each (attachment, collected, effect), or one for all of a kind when there
    are many: a map that names one action so names them all."""
    by_kind: dict[str, list] = {}
    for each in found:
        by_kind.setdefault(each[1].kind, []).append(each)
    for alike in by_kind.values():
        if len(alike) < _MANY:
            yield from (_prefix_hit(*each) for each in alike)
            continue
        attachment, collected, effect = alike[0]
        yield _prefix_hit(attachment, collected, effect,
                          more=f"; so are {len(alike) - 1} more of the game's {collected.kind}s, to line "
                               f"{alike[-1][0].line}")


def _unpaid_objectives(model):
    """(attachment, collected, effect) of each rules attachment with an `objectiveValue` (its
    last one, as the engine keeps) that the end of a turn never pays, not being named as a
    national objective."""
    chosen = options_of(model, "objectiveValue", "RulesAttachment")
    if not chosen:
        return
    names = model.table(ATTACHMENT_PATH).column("name", "")
    last_value = dict(zip(map(model.option_owners.__getitem__, chosen), model.options.column_at("value", chosen, "")))
    unpaid = {element: value for element, value in last_value.items() if java_int(value)
              and not attachment_name_as_2x(names[element]).startswith(_NATIONAL_OBJECTIVE.prefix)}
    for attachment in model.attachments if unpaid else ():  # the usual game: none, and no walk
        value = unpaid.get(attachment.element)
        if value is not None:
            yield attachment, _NATIONAL_OBJECTIVE, f"{_NATIONAL_OBJECTIVE.effect} {value}"


def _prefix_hit(attachment, collected: _Collected, effect: str, more: str = ""):
    return hit(line=attachment.line, kind=collected.kind, name=attachment.name, target=attachment.attach_to,
               effect=effect, uses=collected.uses, prefix=collected.prefix, more=more,
               **({} if collected.severity is Severity.WARNING else {"severity": collected.severity}))


class _Cast(NamedTuple):
    """A prefix whose attachments the engine casts to one class, and when it does."""
    java_class: str
    kind: str  # what they attach to
    when: str


# the engine gathers every attachment of these names and casts each to the class, without asking
# (2.x UnitSupportAttachment.get, used by UnitTypeList.getSupportRules in every battle; CanalAttachment.get,
# used by MoveValidator for every route through the territory); the political and user actions and the
# national objectives are gathered by class first (isInstance), so a name alone does them no harm
_CAST_BY_PREFIX = {
    "supportAttachment": _Cast("UnitSupportAttachment", "unitType", "at the first battle, gathering the game's support "
                                                                    "rules"),
    "canalAttachment": _Cast("CanalAttachment", "territory", "whenever a move or the AI checks a route through "
                                                             "{target!r}"),
}


_PREFIXES = tuple(_CAST_BY_PREFIX)
_CAST_CLASSES = frozenset(cast.java_class for cast in _CAST_BY_PREFIX.values())


@rule("S240", "structure.attachment-prefix-of-another-class", Severity.ERROR,
      "attachment {name!r} on {target!r} is a {java_class} named like a {expected} ('{prefix}…'): TripleA 2.x "
      "takes it for one and fails with a ClassCastException {when}")
def attachment_prefix_of_another_class(context):
    """Finds an attachment named like those the engine casts by their name, but of another class.

    Why: TripleA gathers a unit type's support rules from all its attachments whose names start
    with `supportAttachment`, and a territory's canals from all those starting with
    `canalAttachment`, and takes each for a UnitSupportAttachment or a CanalAttachment without
    asking its class. So a unit attachment, rules attachment or any other class named
    `supportAttachment…` loads without a word, and then the first battle of the game fails with
    a ClassCastException, as the engine gathers the support rules of every unit type; one named
    `canalAttachment…` on a territory fails every move, and every route the AI weighs, through
    that territory. The political and user actions and the national objectives are gathered by
    class as well as by name, so a name alone does them no harm (S230 finds those named
    otherwise). The old spelling `Attatchment` is corrected first, as 2.x does.

    Fix: Rename the attachment in the game XML so that its name does not start with that
    prefix (and rename what refers to it: triggers' `unitAttachmentName` or
    `territoryAttachmentName`), or give it the class its name stands for.
    """
    model = context.model
    if model is None:
        return
    table = model.table(ATTACHMENT_PATH)
    names = table.column("name", "")
    joined = "\n" + "\n".join(names).replace("ttatch", "ttach")
    so_named = sum(joined.count("\n" + prefix) for prefix in _PREFIXES)  # (a name holding a newline aside)
    if not so_named:
        return  # the usual game: no name starts so
    classes, types = attachment_classes(model), table.column("type", "unitType")
    of_the_class = positions(classes, _CAST_CLASSES)
    if so_named == sum(attachment_name_as_2x(names[element]).startswith(_PREFIXES) for element in of_the_class):
        return  # every attachment so named is of its class (a game with supports: walk those few alone)
    for attachment in model.attachments:
        name, element = attachment_name_as_2x(attachment.name), attachment.element
        prefix = next((prefix for prefix in _CAST_BY_PREFIX if name.startswith(prefix)), None)
        cast = _CAST_BY_PREFIX.get(prefix)
        if cast is not None and types[element] == cast.kind and classes[element] != cast.java_class:
            expected = _COLLECTED_BY_PREFIX[cast.java_class].kind
            yield hit(line=attachment.line, name=attachment.name, target=attachment.attach_to,
                      java_class=classes[element], expected=expected, prefix=prefix,
                      when=cast.when.format(target=attachment.attach_to))
