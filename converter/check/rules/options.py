"""S213, S218, S219: an attachment's option given more than once. The engine sets an option
each time it is given: an option of one value keeps the last (S219), a list gets the entry
twice (S213), and a trigger's one attachment name is replaced (S218)."""

from __future__ import annotations

from collections import Counter
from itertools import compress, count

from converter.check.builtin_tables import LEGACY_OPTION_NAMES_2X, SINGLE_VALUE_OPTIONS_2X
from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule
from converter.findings import Severity

# trigger options each line of which adds its units (2.x TriggerAttachment setPlacement, setPurchase,
# setRemoveUnits: IntegerMap.add)
_ADDING_TRIGGER_OPTIONS = frozenset(("placement", "purchase", "removeUnits"))
# a trigger's property lines, each added to a list and all applied to its one attachment name
# of that kind (2.x TriggerAttachment: setPlayerProperty adds, setPlayerAttachmentName replaces)
_TRIGGER_TARGET_KINDS = ("unit", "territory", "player", "relationshipType", "territoryEffect")
_TRIGGER_PROPERTY_OPTIONS = frozenset(f"{kind}Property" for kind in _TRIGGER_TARGET_KINDS)
_TRIGGER_NAME_OPTIONS = {f"{kind}AttachmentName": f"{kind}Property" for kind in _TRIGGER_TARGET_KINDS}


@rule("S213", "structure.duplicate-option", Severity.INFO,
      "option {option!r}=\"{value}\" appears again in attachment {name!r} (first on line {first})")
def duplicate_option(context):
    """Finds an option given twice, with the same value and count, within one attachment.

    Why: TripleA 1.9 applies it twice. For a single value that changes nothing, but an option that
    adds to a list each time it is given, such as a unit's `requiresUnits`, gets the entry twice.
    It is mostly a copy-paste leftover, hence info. The trigger options that add up their units
    (`placement`, `purchase`, `removeUnits`: three lines place three) are meant to repeat and are
    not reported, nor are a trigger's `playerProperty`-style lines (each applies; see S218), nor
    `conditions` repeated in an attachment whose `conditionType` is a count (`3` or `3-4`):
    2.x counts each listing, so a repeat weighs that condition more. An option name is compared
    as 2.x reads it, its first letter in lower case.

    Fix: Delete the repeated `<option>` from that `<attachment>` in the game XML.
    """
    model = context.model
    if model is None:
        return
    # an option can only repeat another of the same name in the same attachment: only those are read
    written = names = model.option_names
    owners = model.option_owners
    # 2.x lower-cases an option name's first letter (GameParser), so `IsAirTransportable` repeats
    # `isAirTransportable`; the few distinct names tell whether any needs it
    capitalised = {name for name in set(names) if name[:1].isupper()}
    if capitalised:
        names = [name[:1].lower() + name[1:] if name in capitalised else name for name in names]
    if len(set(zip(owners, names))) == len(names):
        return  # no attachment names an option twice: the usual case, settled in C
    attached, options = model.attached, model.options
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    end = 0
    for owner, size in enumerate(model.option_counts):
        start, end = end, end + size
        if len(set(names[start:end])) == size or owner not in attached:
            continue  # only an attachment naming an option twice can repeat one: only those are read
        indices = list(range(start, end))
        values = options.column_at("value", indices, "")
        repeating = _ADDING_TRIGGER_OPTIONS | _TRIGGER_PROPERTY_OPTIONS
        if _counts_conditions(names[start:end], values):
            repeating = repeating | {"conditions"}
        first: dict[tuple[str, str, str], int] = {}
        for index, key in zip(indices, zip(names[start:end], values, options.column_at("count", indices, ""))):
            if key in first and key[0] not in repeating:
                yield hit(line=options.lines[index], option=written[index], value=key[1], name=attachment_names[owner],
                          first=first[key])
            first.setdefault(key, options.lines[index])


def _counts_conditions(names: list[str], values: list[str]) -> bool:
    """Whether an attachment's last `conditionType` is a count (`3`, `3-4`), not AND or OR: then
    2.x counts each `conditions` entry, repeats included (AbstractConditionsAttachment)."""
    kind = next((value for name, value in zip(reversed(names), reversed(values)) if name == "conditionType"), "AND")
    return kind.strip().upper() not in ("AND", "OR")



@rule("S218", "structure.trigger-target-replaced", Severity.WARNING,
      "option {option!r} is given again in attachment {name!r} (first on line {first}): TripleA 2.x keeps only "
      "the last, so every {property} line applies to {value!r}")
def trigger_target_replaced(context):
    """Finds a trigger that names the attachment its property lines change more than once.

    Why: A trigger's `playerAttachmentName` (likewise `unitAttachmentName`,
    `territoryAttachmentName`, `relationshipTypeAttachmentName`, `territoryEffectAttachmentName`)
    says which attachment its `playerProperty` lines change. TripleA 2.x keeps one such name per
    trigger, the last given, and applies every property line to it, so pairs of lines meant for
    two attachments (a name, its property, another name, its property) all change the last one,
    and the first attachment is never changed.

    Fix: Split the trigger in the game XML's `<attachmentList>`: one trigger attachment per
    attachment name, each with its own property lines.
    """
    model = context.model
    if model is None:
        return
    names, owners = model.option_names, model.option_owners
    chosen = [index for index, name in enumerate(names) if name in _TRIGGER_NAME_OPTIONS]
    if len(chosen) < 2:
        return  # (the usual game)
    # the attachment's name may stand in `count` (the engine joins value and count)
    values = list(zip(model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, "")))
    lines, attached = model.options.lines, model.attached
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    last: dict[tuple[int, str], int] = {}  # (attachment element, option) -> the index of its last line
    for index in chosen:
        last[owners[index], names[index]] = index
    first: dict[tuple[int, str], tuple[int, str]] = {}
    for index, value in zip(chosen, values):
        key = (owners[index], names[index])
        if owners[index] not in attached:
            continue
        if key not in first:
            first[key] = (index, value)
        elif value != first[key][1] and index == last[key]:
            target = value[1] or value[0]  # `count` holds the attachment's name when given, else `value`
            yield hit(line=lines[index], option=names[index], name=attachment_names[owners[index]],
                      first=lines[first[key][0]], property=_TRIGGER_NAME_OPTIONS[names[index]], value=target)


_LEGACY_NAMES = {old.lower(): new for old, new in LEGACY_OPTION_NAMES_2X.items()}
_LEGACY_VALUES = {("victoryCity", "true"): "1", ("victoryCity", "false"): "0", ("conditionType", "xor"): "1"}
_SINGLE_VALUE = {java_class: frozenset(names) - _TRIGGER_NAME_OPTIONS.keys()  # the names: S218
                 for java_class, names in SINGLE_VALUE_OPTIONS_2X.items()}
_SINGLE_VALUE_NAMES = frozenset().union(*_SINGLE_VALUE.values())


@rule("S219", "structure.option-replaced", Severity.WARNING,
      "{given} in attachment {name!r}: {engine} keeps the last, {value}, not {earlier} (line {earlier_line})")
def option_replaced(context):
    """Finds an option of one value given twice, with different values, within one attachment.

    Why: The engine sets an option each time it is given, and an option that holds one value
    (a unit's `movement` or `isAirTransportable`, a territory's `production`, a condition's
    `alliedOwnershipTerritories` list, a support's `faction`) keeps the last: the earlier value is
    silently lost. That is rarely meant: two territory lists in one condition are not both
    required, only the last is, and `faction` written twice as `enemy` and `allied` supports
    allies only. Options that add each line, such as `requiresUnits` or a trigger's `when`, are
    not reported (S213 reports a line repeated word for word, S218 a trigger's attachment name).
    Names are compared as TripleA 2.x reads them, first letter in lower case and the old names
    as their new ones: 2.x reads `isInfantry` and `isMechanized` both as `isLandTransportable`,
    so a 1.9 unit written `isInfantry` true then `isMechanized` false is not land-transportable in
    2.x (1.9 kept them apart; the message then names TripleA 2.x). Values differing only in letter
    case or spaces count as the same, as do 2.x's old values (`victoryCity` true for 1).

    Fix: Keep one `<option>` of that name in the `<attachment>`, with the value meant; for two
    territory lists that must both hold, write two conditions and join them with `conditions`;
    for a 1.9 infantry, drop `isMechanized` false (or write `isLandTransportable` true last).
    """
    model = context.model
    if model is None:
        return
    written, owners = model.option_names, model.option_owners
    # as 2.x reads them; the few distinct names tell whether any needs it
    renamed = {name: new for name in set(written)
               if (new := _LEGACY_NAMES.get(name.lower()) or _decapitalized(name)) != name}
    names = list(map(renamed.get, written, written)) if renamed else written  # the lookups run in C
    # only options of one value on some class can be replaced: their indices, found in C
    candidates = list(compress(count(), map(_SINGLE_VALUE_NAMES.__contains__, names)))
    pairs = list(zip(map(owners.__getitem__, candidates), map(names.__getitem__, candidates)))
    if len(set(pairs)) == len(pairs):
        return  # no attachment gives such an option twice: the usual case
    table = model.table(ATTACHMENT_PATH)
    classes = table.column("javaClass", "")
    attached = model.attached
    repeated = {pair for pair, times in Counter(pairs).items() if times > 1 and pair[0] in attached
                and pair[1] in _SINGLE_VALUE.get(classes[pair[0]].rsplit(".", 1)[-1], ())}
    lines_of: dict[tuple[int, str], list[int]] = {}  # (attachment element, option) -> its indices in `options`
    for index, pair in zip(candidates, pairs):
        if pair in repeated:
            lines_of.setdefault(pair, []).append(index)
    attachment_names, options = table.column("name", ""), model.options
    for (owner, option), indices in lines_of.items():
        values = options.column_at("value", indices, "")
        counts = options.column_at("count", indices, "")
        if any("$" in value or "$" in given for value, given in zip(values, counts)):
            continue  # a 2.x foreach value: a line naming an empty loop variable is skipped
        effects = [_effect(option, value, given) for value, given in zip(values, counts)]
        earlier = next((at for at in range(len(indices) - 2, -1, -1) if effects[at] != effects[-1]), None)
        if earlier is None:
            continue  # every line gives the same value: S213's
        last, replaced = indices[-1], indices[earlier]
        if _decapitalized(written[replaced]) == _decapitalized(written[last]):
            given, engine = f"option {written[last]!r} is given again", "the engine"
        else:  # an old name 2.x reads as this one (1.9 sets another option)
            given = f"options {written[replaced]!r} and {written[last]!r} both set {names[last]!r}"
            engine = "TripleA 2.x"
        yield hit(line=options.lines[last], given=given, engine=engine, name=attachment_names[owner],
                  value=_shown(values[-1], counts[-1]), earlier=_shown(values[earlier], counts[earlier]),
                  earlier_line=options.lines[replaced])


def _decapitalized(name: str) -> str:
    return name[:1].lower() + name[1:]


def _effect(option: str, value: str, count: str) -> tuple[str, str]:
    """What the engine is given, as far as it tells values apart (2.x joins `count:value`, and
    reads an old victoryCity `true`/`false` as 1/0 and conditionType `XOR` as 1:
    LegacyPropertyMapper.mapLegacyOptionValue)."""
    value, count = value.strip().lower(), count.strip().lower()
    return _LEGACY_VALUES.get((option, value), value), count


def _shown(value: str, count: str) -> str:
    return f'"{value}" (count "{count}")' if count else f'"{value}"'
