"""S213, S218, S219, S221, S223: an attachment's options as the engine sets them. It sets an
option each time it is given: an option of one value keeps the last (S219), a list gets the
entry twice (S213), and a trigger's one attachment name is replaced (S218); a trigger set to
fire at a step the sequence lacks never fires there (S221); and one changing a property its
target lacks stops the game when it fires (S223). The values its setters refuse are S220's
(option_values)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from converter.check.builtin_tables import ATTACHMENT_OPTIONS_2X, SINGLE_VALUE_OPTIONS_2X
from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.structure import LEGACY_OPTIONS, decapitalized
from converter.check.suggest import closest_name
from converter.findings import Severity

# trigger options each line of which adds its units (2.x TriggerAttachment setPlacement, setPurchase,
# setRemoveUnits: IntegerMap.add)
_ADDING_TRIGGER_OPTIONS = frozenset(("placement", "purchase", "removeUnits"))
# a trigger's property lines, each added to a list and all applied to its one attachment name
# of that kind (2.x TriggerAttachment: setPlayerProperty adds, setPlayerAttachmentName replaces)
_TRIGGER_TARGET_KINDS = ("unit", "territory", "player", "relationshipType", "territoryEffect")
_TRIGGER_PROPERTY_OPTIONS = frozenset(f"{kind}Property" for kind in _TRIGGER_TARGET_KINDS)
_TRIGGER_NAME_OPTIONS = {f"{kind}AttachmentName": f"{kind}Property" for kind in _TRIGGER_TARGET_KINDS}
# meant to be given again and again (a trigger's or user action's `activateTrigger` lines each fire
# the trigger they name: TriggerAttachment.triggerActivateTriggerOther)
_REPEATING = _ADDING_TRIGGER_OPTIONS | _TRIGGER_PROPERTY_OPTIONS | {"activateTrigger"}


@rule("S213", "structure.duplicate-option", Severity.INFO,
      "option {option!r}=\"{value}\" appears again in attachment {name!r} (first on line {first}){more}")
def duplicate_option(context):
    """Finds an option given twice, with the same value and count, within one attachment.

    Why: TripleA 1.9 applies it twice. For a single value that changes nothing, but an option that
    adds to a list each time it is given, such as a unit's `requiresUnits`, gets the entry twice. It
    is mostly a copy-paste leftover, hence info. The trigger options that add up their units
    (`placement`, `purchase`, `removeUnits`: three lines place three) and `activateTrigger` (each
    line fires the trigger named once more) are meant to repeat and are not reported, nor are a
    trigger's `playerProperty`-style lines (each applies; see S218), nor `conditions` repeated in an
    attachment whose `conditionType` is a count (`3` or `3-4`): 2.x counts each listing, so a repeat
    weighs that condition more. An option name is compared as 2.x reads it, its first letter in
    lower case. From five repeats of one option in a game, they are one finding (a habit of
    copying).

    Fix: Delete the repeated `<option>` from that `<attachment>` in the game XML.
    """
    model = context.model
    if model is None:
        return
    # an option can only repeat another of the same name in the same attachment: only those are read
    written = names = model.option_names
    # 2.x lower-cases an option name's first letter (GameParser), so `IsAirTransportable` repeats
    # `isAirTransportable`; the few distinct names tell whether any needs it
    capitalised = {name for name in set(names) if name[:1].isupper()}
    if capitalised:
        names = [name[:1].lower() + name[1:] if name in capitalised else name for name in names]
    options = model.options
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    end = 0
    found: dict[str, list[dict]] = {}  # option -> its repeats: a habit of copying is one finding from _HABIT on
    for owner, size in enumerate(model.option_counts):
        start, end = end, end + size
        own = names[start:end]
        if len(set(own)) == size:
            continue  # only an attachment naming an option twice can repeat one: only those are read
        repeated = {name for name, times in Counter(own).items() if times > 1} - _REPEATING
        if "conditions" in repeated and _counts_conditions(own, options, start):
            repeated.discard("conditions")
        if not repeated:
            continue  # (a trigger's several placement lines, say)
        indices = [start + position for position in positions(own, repeated)]
        keys = list(zip(map(names.__getitem__, indices), options.column_at("value", indices, ""),
                        options.column_at("count", indices, "")))
        tally = Counter(keys)  # in C: the usual repeated name (`givesMovement`) has other values each time
        if len(tally) == len(keys):
            continue
        first: dict[tuple[str, str, str], int] = {}
        for position in positions(keys, {key for key, times in tally.items() if times > 1}):
            key, index = keys[position], indices[position]
            if key in first:
                found.setdefault(key[0], []).append(dict(line=options.lines[index], option=written[index],
                                                         value=key[1], name=attachment_names[owner],
                                                         first=context.source_lines.start_of(first[key])))
            else:
                first[key] = options.lines[index]
    for repeats in found.values():
        if len(repeats) >= _HABIT:
            others = [str(each["line"]) for each in repeats[1:]]
            yield hit(**repeats[0], more=f"; so do {len(others)} more repeated {repeats[0]['option']!r} lines (this "
                                         f"value or others), on lines {some_of(others)}")
        else:
            for each in repeats:
                yield hit(**each, more="")


_HABIT = 5  # from this many repeats of one option, they are one finding


def _counts_conditions(names: list[str], options, start: int) -> bool:
    """Whether an attachment's last `conditionType` (its options' `names`, from `start` on) is a
    count (`3`, `3-4`), not AND or OR: then 2.x counts each `conditions` entry, repeats included
    (AbstractConditionsAttachment)."""
    given = positions(names, "conditionType")
    kind = options.column_at("value", [start + given[-1]], "")[0] if given else "AND"
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
    lines = model.options.lines
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    last: dict[tuple[int, str], int] = {}  # (attachment element, option) -> the index of its last line
    for index in chosen:
        last[owners[index], names[index]] = index
    first: dict[tuple[int, str], tuple[int, str]] = {}
    for index, value in zip(chosen, values):
        key = (owners[index], names[index])
        if key not in first:
            first[key] = (index, value)
        elif value != first[key][1] and index == last[key]:
            target = value[1] or value[0]  # `count` holds the attachment's name when given, else `value`
            yield hit(line=lines[index], option=names[index], name=attachment_names[owners[index]],
                      first=context.source_lines.start_of(lines[first[key][0]]),
                      property=_TRIGGER_NAME_OPTIONS[names[index]], value=target)


_LEGACY_VALUES = {("victoryCity", "true"): "1", ("victoryCity", "false"): "0", ("conditionType", "xor"): "1"}
_SINGLE_VALUE = {java_class: frozenset(names) - _TRIGGER_NAME_OPTIONS.keys()  # the names: S218
                 for java_class, names in SINGLE_VALUE_OPTIONS_2X.items()}
_SINGLE_VALUE_NAMES = frozenset().union(*_SINGLE_VALUE.values())


@rule("S219", "structure.option-replaced", Severity.WARNING,
      "{given} in attachment {name!r} on {target!r}: {engine} keeps the last, {value}, not {earlier} "
      "(line {earlier_line}){note}")
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
    2.x (1.9 kept them apart; the message then names TripleA 2.x); that is info in a game with no
    land transport (`isLandTransport`), the only units that carry such units; so is an old
    `isParatroop` before `isAirTransportable`, which 1.9 ignored too. Values differing
    only in letter case or spaces count as the same, as do 2.x's old values (`victoryCity` true
    for 1). Where more than one earlier value is replaced, the message names each line.

    Fix: Keep one `<option>` of that name in the `<attachment>`, with the value meant; for two
    territory lists that must both hold, write two conditions and join them with `conditions`;
    for a 1.9 infantry, drop `isMechanized` false (or write `isLandTransportable` true last).
    """
    model = context.model
    if model is None:
        return
    written, owners, names = model.option_names, model.option_owners, names_as_2x_reads_them(model)
    # only options of one value on some class can be replaced: their indices, found in C
    candidates = positions(names, _SINGLE_VALUE_NAMES)
    pairs = list(zip(map(owners.__getitem__, candidates), map(names.__getitem__, candidates)))
    if len(set(pairs)) == len(pairs):
        return  # no attachment gives such an option twice: the usual case
    table, classes = model.table(ATTACHMENT_PATH), attachment_classes(model)
    repeated = {pair for pair, times in Counter(pairs).items() if times > 1
                and pair[1] in _SINGLE_VALUE.get(classes[pair[0]], ())}
    lines_of: dict[tuple[int, str], list[int]] = {}  # (attachment element, option) -> its indices in `options`
    for index, pair in zip(candidates, pairs):
        if pair in repeated:
            lines_of.setdefault(pair, []).append(index)
    attachment_names, targets, options = table.column("name", ""), table.column("attachTo", ""), model.options
    carriers: bool | None = None  # does any unit type carry land units (isLandTransport)?
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
        if decapitalized(written[replaced]) == decapitalized(written[last]):
            given, engine = f"option {written[last]!r} is given again", "the engine"
        else:  # an old name 2.x reads as this one (1.9 sets another option)
            given = f"options {written[replaced]!r} and {written[last]!r} both set {names[last]!r}"
            engine = "TripleA 2.x"
        note, severity = "", {}
        others = [str(options.lines[indices[at]]) for at in range(earlier) if effects[at] != effects[-1]]
        if others:  # more than one earlier value is lost
            note = f"; line{'s' * (len(others) > 1)} {some_of(others)} {'are' if len(others) > 1 else 'is'} " \
                   "replaced too"
        if written[replaced].lower() == "isparatroop" and written[last].lower() != "isparatroop":
            # 1.9's setIsParatroop does nothing: it too ends with the last line's value
            note, severity = note + "; 1.9 ignored 'isParatroop' (its setter does nothing), so both engines play " \
                "the unit the same", {"severity": Severity.INFO}
        elif names[last] == _LAND_TRANSPORTABLE:
            carriers = carriers if carriers is not None else _has_land_transports(model, names)
            if not carriers:  # only land transports carry what it marks (MoveValidator.checkLandTransports)
                note, severity = note + "; no unit type of the game is a land transport, so it changes nothing", \
                    {"severity": Severity.INFO}
        yield hit(line=options.lines[last], given=given, engine=engine, name=attachment_names[owner],
                  target=targets[owner],
                  value=shown_value(values[-1], counts[-1]), earlier=shown_value(values[earlier], counts[earlier]),
                  earlier_line=context.source_lines.start_of(options.lines[replaced]), note=note, **severity)


_LAND_TRANSPORTABLE = "isLandTransportable"


def _has_land_transports(model, names: list[str]) -> bool:
    """Whether a unit attachment sets `isLandTransport` true (what 2.x reads by that name)."""
    values = model.options.column("value", "")
    return any(name == "isLandTransport" and value.strip().lower() == "true" for name, value in zip(names, values))


def names_as_2x_reads_them(model) -> list[str]:
    """Each option's name as 2.x's GameParser sets it: first letter lowered, an old name as its
    new one (LegacyPropertyMapper.mapLegacyOptionName); aligned with `model.option_names`."""
    return model.derived("options.names_as_2x_reads_them", _names_as_2x_reads_them)


def several(kind: str, names: list[str], verb_one: str, verb_many: str) -> str:
    """`trigger 'A' fires` or `triggers 'A' and 3 more fire`: the first of the distinct names
    and how many others, with the verb that agrees."""
    distinct = list(dict.fromkeys(names))
    if len(distinct) == 1:
        return f"{kind} {distinct[0]!r} {verb_one}"
    return f"{kind}s {distinct[0]!r} and {len(distinct) - 1} more {verb_many}"


def options_of(model, name: str, java_class: str) -> list[int]:
    """The indices of the options called `name` (as 2.x reads option names) of the attachments of
    `java_class` (a class's short name) that attach to something, in document order."""
    chosen = positions(names_as_2x_reads_them(model), name)  # found in C
    if not chosen:
        return chosen
    classes, owners = attachment_classes(model), model.option_owners
    return [index for index in chosen if classes[owners[index]] == java_class]


def attachments_of(model, elements: Iterable[int]) -> list:
    """The attachments (`model.attachments`) of these <attachment> elements, in document order."""
    attachments = model.attachments
    return [attachments[element] for element in sorted(elements)]


def attachment_classes(model) -> list[str]:
    """Each <attachment> element's class as 2.x finds it, any package stripped, by element index
    (`Attachment.element`, `model.option_owners`)."""
    return model.derived("options.attachment_classes", _attachment_classes)


def _attachment_classes(model) -> list[str]:
    written = model.table(ATTACHMENT_PATH).column("javaClass", "")
    short = {java_class: java_class.rsplit(".", 1)[-1] for java_class in set(written)}  # each class once
    return list(map(short.__getitem__, written))


def _names_as_2x_reads_them(model) -> list[str]:
    written = model.option_names
    # the few distinct names tell whether any needs it
    renamed = {name: new for name in set(written)
               if (new := LEGACY_OPTIONS.get(name.lower()) or decapitalized(name)) != name}
    return list(map(renamed.get, written, written)) if renamed else written  # the lookups run in C


def _effect(option: str, value: str, count: str) -> tuple[str, str]:
    """What the engine is given, as far as it tells values apart (2.x joins `count:value`, and
    reads an old victoryCity `true`/`false` as 1/0 and conditionType `XOR` as 1:
    LegacyPropertyMapper.mapLegacyOptionValue)."""
    value, count = value.strip().lower(), count.strip().lower()
    return _LEGACY_VALUES.get((option, value), value), count


def shown_value(value: str, count: str) -> str:
    """An option's value as messages quote it, with its count when it has one."""
    return f'"{value}" (count "{count}")' if count else f'"{value}"'


_TRIGGER_CLASS = "TriggerAttachment"
_WHEN_PARTS = ("before", "after")


@rule("S221", "structure.trigger-unknown-step", Severity.WARNING,
      "{triggers} set to fire at step {step!r}, which the sequence does not have{detail}")
def trigger_unknown_step(context):
    """Finds triggers whose `when` names a step the game's sequence does not have.

    Why: A trigger with `when="before:italiaPlace"` fires when the engine reaches the step of
    exactly that name (TripleA 2.x compares the names as they are, letter case included). With a
    misspelt name (`itlaiaPlace`, `BritainCombatMovee`, `RussiansPurchase` for `russiansPurchase`)
    or a step since renamed or removed, the trigger silently never fires there, and nothing tells
    the map maker. One finding per such step name, with how many triggers name it. A close step name
    is suggested (and, where the trigger's step starts with the player's name and that step's does
    not, the step's own name is said to be the one misspelt). Some maps name a step that does not
    exist on purpose (`before:Never`) for triggers that only another trigger or a user action
    activates (`activateTrigger`), which ignores `when`: when every trigger naming the step is
    activated so, or names another step in a `when` of its own (a trigger fires at each step its
    `when`s name), the finding is info.

    Fix: Correct the step name in the trigger's `when` option to a `<step name=...>` of the
    game XML's `<sequence>`, exactly as written there.
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    whens = positions(names, "when")  # found in C
    if not whens:
        return
    classes, attachment_names = attachment_classes(model), model.table(ATTACHMENT_PATH).column("name", "")
    owners, options = model.option_owners, model.options
    steps = frozenset(step.name for step in model.steps)
    values = options.column_at("value", whens, "")
    counts = options.column_at("count", whens, "")
    if any(counts):  # rare: the engine reads `count:value`
        values = [f"{given}:{value}" if given else value for value, given in zip(values, counts)]
    # each distinct value judged once (a map's hundreds of triggers name a few dozen steps)
    stray = {value: parts[1] for value in set(values) for parts in [value.split(":")]
             if "@" not in value and "$" not in value and len(parts) == 2 and parts[0] in _WHEN_PARTS
             and parts[1] not in steps}  # (2.x replaces variables first; it refuses other forms of `when`)
    unknown: dict[str, list[int]] = {}  # step -> the `when` options naming it
    for index, value in zip(whens, values) if stray else ():
        owner = owners[index]
        if value in stray and classes[owner] == _TRIGGER_CLASS:
            unknown.setdefault(stray[value], []).append(index)
    activated = activated_triggers(model) if unknown else None
    # a trigger fires at each step its `when`s name (AbstractTriggerAttachment.setWhen adds to a list)
    firing_elsewhere = {attachment_names[owners[index]] for index, value in zip(whens, values)
                        if value.partition(":")[2] in steps} if unknown else set()
    for step, indices in unknown.items():
        triggers = list(dict.fromkeys(attachment_names[owners[index]] for index in indices))
        shown = several("trigger", triggers, "is", "are")
        close = closest_name(step, steps) if steps else None
        idle = [name for name in triggers if not may_be_activated(name, activated) and name not in firing_elsewhere]
        severity = None
        if close is not None:
            detail = f"; did you mean {close!r}? {'It never fires' if len(triggers) == 1 else 'They never fire'} there"
            if _step_misspelt(model, step, close):  # `rebelsNonCombatMove` for the step `rebelstNonCombatMove`
                detail += f" (or is that step's name the one misspelt? {step!r} is written as the other players' " \
                          f"steps are)"
        elif idle:
            detail = (": nothing activates it either, so it never fires there" if len(triggers) == 1 else
                      f": nothing activates {len(idle)} of them either ({idle[0]!r} first), so those never fire there")
        else:
            elsewhere = sum(name in firing_elsewhere for name in triggers)
            detail = (": only `activateTrigger` fires " + ("it" if len(triggers) == 1 else "them")
                      + ", which ignores `when` (a way to write 'never on its own')")
            if elsewhere:
                detail = (": " + ("it fires" if len(triggers) == 1 else f"{elsewhere} of them fire" if
                                  elsewhere < len(triggers) else "they fire") + " at a step another `when` names"
                          + ("" if elsewhere == len(triggers) else ", and only `activateTrigger` fires the others"))
            severity = Severity.INFO
        yield hit(line=options.lines[indices[0]], triggers=shown, step=step, detail=detail,
                  **({"severity": severity} if severity else {}))


def _step_misspelt(model, wanted: str, close: str) -> bool:
    """Is `wanted` the player's name and an ending the other players' steps are named with
    (`germansNonCombatMove`), while the step `close` of that player is not so named?"""
    owner = next((step.player for step in model.steps if step.name == close and step.player), None)
    if not owner or not wanted.lower().startswith(owner.lower()):
        return False
    ending = wanted[len(owner):].lower()
    return close.lower() != owner.lower() + ending and any(
        step.player and step.player != owner and step.name.lower() == step.player.lower() + ending
        for step in model.steps)


def activated_triggers(model, testing_conditions: bool = False) -> frozenset[str] | None:
    """The triggers an `activateTrigger` option (of a trigger or a user action) names; with
    `testing_conditions`, only those it fires testing their conditions (its fifth part,
    triggerName:numberOfTimes:useUses:testUses:testConditions:testChance, true). None when a loop
    left as written (`loops_left`) may name one through its variables."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, "activateTrigger")
    values = model.options.column_at("value", chosen, "")
    if model.loops_left and any("$" in value or "@" in value for value in values):
        return None
    if testing_conditions:  # (2.x refuses another count of parts)
        return frozenset(parts[0] for parts in (value.split(":") for value in values)
                         if len(parts) != 6 or parts[4].lower() == "true")
    return frozenset(value.split(":", 1)[0] for value in values)


def may_be_activated(trigger: str, activated: frozenset[str] | None) -> bool:
    if activated is None or "@" in trigger or "$" in trigger:
        return True  # not resolved here: not claimed never to fire
    return trigger in activated


# the attachment (name, class) a trigger's property lines change when it names none (2.x TriggerAttachment
# getters), as `trigger_target_attachment` reads a line naming one
TRIGGER_DEFAULT_TARGETS = {"unit": ("unitAttachment", "UnitAttachment"),
                           "territory": ("territoryAttachment", "TerritoryAttachment"),
                           "player": ("playerAttachment", "PlayerAttachment"),
                           "relationshipType": ("relationshipTypeAttachment", "RelationshipTypeAttachment"),
                           "territoryEffect": ("territoryEffectAttachment", "TerritoryEffectAttachment")}
_PROPERTY_KINDS = {f"{kind}Property": kind for kind in _TRIGGER_TARGET_KINDS}
_TARGET_NAME_KINDS = {f"{kind}AttachmentName": kind for kind in _TRIGGER_TARGET_KINDS}
_KNOWN_PROPERTIES = {java_class: frozenset(names) for java_class, names in ATTACHMENT_OPTIONS_2X.items()}
# old properties 2.x can set but not read (MutableProperty.ofWriteOnly: each sets newer ones), with
# what to change instead; 1.9 has no getter for them either, but for isSub
_SET_ONLY = {"UnitAttachment": {
    "isTwoHit": "'hitPoints' (2 or 1)", "isSub": "the properties it stands for ('canEvade', 'isFirstStrike', ...)",
    "isFactory": "'canProduceUnits', 'isInfrastructure', 'canBeDamaged' and 'isConstruction'",
    "isAA": "'isAAforCombatOnly', 'isAAforBombingThisUnitOnly', 'isAAforFlyOverOnly' and the like",
    "isAAmovement": "'canNotMoveDuringCombatMove' and the limits it stands for",
    "destroyedWhenCapturedFrom": "'destroyedWhenCapturedBy' ('FROM:' and the players)",
    "unitPlacementOnlyAllowedIn": "'unitPlacementRestrictions' (the territories where it may not be placed)"},
    "TerritoryAttachment": {"productionOnly": "'production'"}}
_READ_BY_1_9 = frozenset({"isSub"})  # (1.9 reads its field, m_isSub)


def trigger_target_attachment(count: str, value: str) -> tuple[str, str] | None:
    """(name, class) of the attachment a trigger's `...AttachmentName` line names ("name:Class",
    the name as its count), the old spelling `Attatchment` corrected as 2.x corrects it; None for
    a line of other than two parts, which 2.x refuses."""
    parts = (f"{count}:{value}" if count else value).replace("ttatch", "ttach").split(":")
    return (parts[0], parts[1]) if len(parts) == 2 else None


def trigger_changed_property(count: str, value: str) -> str:
    """The property a trigger's property line (`unitProperty`, `playerProperty`, ...) changes: the
    last part of the line, its count joined before its value; the parts before are the new value."""
    return (f"{count}:{value}" if count else value).split(":")[-1]


def trigger_changed_properties(model, line_name: str) -> set[str]:
    """The properties the game's `territoryProperty` (or `playerProperty`, ...) lines change, as
    2.x reads option names; a variable left in one (`@x@`) as written."""
    chosen = positions(names_as_2x_reads_them(model), line_name)
    if not chosen:
        return set()
    values, counts = model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, "")
    return {trigger_changed_property(count, value).strip() for value, count in zip(values, counts)}


@rule("S223", "structure.trigger-unknown-property", Severity.ERROR,
      "{triggers} property {property!r} of {java_class}, {which}: the game fails with an error when {they}{hint}")
def trigger_unknown_property(context):
    """Finds trigger property lines naming a property their target attachment lacks, or cannot read.

    Why: A trigger's `unitProperty` (likewise `territoryProperty`, `playerProperty`,
    `relationshipTypeProperty`, `territoryEffectProperty`) changes a property of the attachment
    its `unitAttachmentName` names (a unit's UnitAttachment unless it names another). TripleA 2.x
    looks the property up by its exact name when the trigger fires, and a name the class does not
    have fails that step with `unknown property named ...`. The game XML loads fine, so this
    shows only in play, when the trigger fires. Unlike an `<option>`, whose name 2.x reads with its
    first letter in lower case and its old names (`isInfantry`) as their new ones, a property
    line's name is taken as written: `Movement` and `isInfantry` fail. A trigger also reads the
    property's value before it changes it, and some old properties can only be set, each setting
    newer ones (`isTwoHit` sets `hitPoints`; UnitAttachment's `isSub`, `isFactory`, `isAA`,
    `isAAmovement`, `destroyedWhenCapturedFrom`, `unitPlacementOnlyAllowedIn`, TerritoryAttachment's
    `productionOnly`): 2.x stops with "Unable to get the value for isTwoHit", and 1.9, which has no
    getter for them either but for `isSub`, with "No such Property Field". One finding per property
    name and class, with how many triggers change it.

    Fix: Write the property as 2.x names it (`movement`, `isLandTransportable`; the message
    suggests one) in the trigger's property line, or point the trigger at the attachment class
    that has it with `unitAttachmentName`; for a property that can only be set, change the one it
    stands for (the message names it: `hitPoints` for `isTwoHit`).
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = [index for index, name in enumerate(names) if name in _PROPERTY_KINDS or name in _TARGET_NAME_KINDS]
    if not any(names[index] in _PROPERTY_KINDS for index in chosen):
        return  # (no trigger changes properties: the usual game)
    classes, attachment_names = attachment_classes(model), model.table(ATTACHMENT_PATH).column("name", "")
    owners, options = model.option_owners, model.options
    values, counts = options.column_at("value", chosen, ""), options.column_at("count", chosen, "")
    targets: dict[tuple[int, str], str | None] = {}  # (trigger element, kind) -> the class its last name gives
    for index, value, given in zip(chosen, values, counts):
        if names[index] in _TARGET_NAME_KINDS:
            named = trigger_target_attachment(given, value)
            targets[owners[index], _TARGET_NAME_KINDS[names[index]]] = named[1] if named else None
    unknown: dict[tuple[str, str], list[int]] = {}  # (class, property) -> the lines changing it
    for index, value, given in zip(chosen, values, counts):
        owner, kind = owners[index], _PROPERTY_KINDS.get(names[index])
        if kind is None or classes[owner] != _TRIGGER_CLASS:
            continue
        prop = trigger_changed_property(given, value)
        java_class = targets.get((owner, kind), TRIGGER_DEFAULT_TARGETS[kind][1])
        known = _KNOWN_PROPERTIES.get(java_class) if java_class else None
        if known is None or prop in known and prop not in _SET_ONLY.get(java_class, ()) or "@" in prop or "$" in prop:
            continue  # (a class 2.x lacks stops it loading the game; variables are replaced first)
        unknown.setdefault((java_class, prop), []).append(index)
    for (java_class, prop), indices in unknown.items():
        triggers = list(dict.fromkeys(attachment_names[owners[index]] for index in indices))
        shown = several("trigger", triggers, "changes", "change")
        they = "it fires" if len(triggers) == 1 else "they fire"
        instead = _SET_ONLY.get(java_class, {}).get(prop)
        if instead is not None:  # (read first: TriggerAttachment.getPropertyChangeHistoryStartEvent)
            engines = "TripleA 2.x" if prop in _READ_BY_1_9 else "TripleA"
            yield hit(line=options.lines[indices[0]], triggers=shown, property=prop, java_class=java_class,
                      which=f"which {engines} can set but not read, as a trigger does before changing it", they=they,
                      hint=f" (\"Unable to get the value for {prop}\"); change {instead} instead")
            continue
        as_named = LEGACY_OPTIONS.get(prop.lower()) or decapitalized(prop)
        suggestion = as_named if as_named in _KNOWN_PROPERTIES[java_class] else \
            closest_name(prop, _KNOWN_PROPERTIES[java_class])
        yield hit(line=options.lines[indices[0]], triggers=shown, property=prop, java_class=java_class,
                  which="which has no such property in TripleA 2.x", they=they,
                  hint=f" (did you mean {suggestion!r}?)" if suggestion else "")

