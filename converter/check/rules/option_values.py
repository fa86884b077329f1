"""S220: option values their setters refuse: a whole number or true/false that is neither, a
number below its bound, the forms of `when`, `conditionType`, `rounds`, `chance`, a support's
`side` and the like, and the parts of options of several parts (`count:unit`); the names in
those values are R111's (option_references). S237: the values a setter takes but a getter reads
as false."""

from __future__ import annotations

import re
from functools import partial
from itertools import compress
from typing import Callable, NamedTuple

from converter.check.builtin_tables import BOOLEAN_OPTIONS_2X, WHOLE_NUMBER_OPTIONS_2X, WRITE_ONLY_BOOLEAN_OPTIONS_2X
from converter.check.model import ATTACHMENT_PATH
from converter.check.option_formats import KINDS, OPTION_FORMATS
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.option_references import fixed_parts
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them, options_of, shown_value
from converter.check.rules.structure import java_int
from converter.findings import Severity

# no name is a number on one class and true/false on another: the name tells which
_WHOLE_NUMBER_NAMES = frozenset().union(*WHOLE_NUMBER_OPTIONS_2X.values())
_READ_AS_BOOLEAN = {java_class: (*BOOLEAN_OPTIONS_2X.get(java_class, ()),
                                 *WRITE_ONLY_BOOLEAN_OPTIONS_2X.get(java_class, ()))
                    for java_class in {*BOOLEAN_OPTIONS_2X, *WRITE_ONLY_BOOLEAN_OPTIONS_2X}}
_BOOLEAN_NAMES = frozenset().union(*_READ_AS_BOOLEAN.values())
_TYPED = {java_class: frozenset((*WHOLE_NUMBER_OPTIONS_2X.get(java_class, ()), *_READ_AS_BOOLEAN.get(java_class, ())))
          for java_class in {*WHOLE_NUMBER_OPTIONS_2X, *_READ_AS_BOOLEAN}}
# the player's and the unit's attacking, movement and placement limits (PlayerAttachment.parseUnitLimit,
# UnitAttachment.parseStackingLimit): count:kind[:units]
_LIMITS = tuple((java_class, name) for java_class in ("PlayerAttachment", "UnitAttachment")
                for name in ("attackingLimit", "movementLimit", "placementLimit"))
# numbers the setters refuse below a bound: (class, option) -> (the part of `count:value` split on
# colons that holds it, None for a whole-number option; the least taken)
_LEAST = {
    ("RulesAttachment", "unitPresence"): (0, 0),  # "unitPresence must be a positive integer"
    ("RulesAttachment", "productionPerXTerritories"): (0, 1),  # AbstractPlayerRulesAttachment: n <= 0
    ("RulesAttachment", "relationship"): (3, -1),  # its round count
    ("PlayerAttachment", "suicideAttackResources"): (0, 0),
    **dict.fromkeys(_LIMITS, (0, 0)),
    **dict.fromkeys((("TriggerAttachment", "activateTrigger"), ("UserActionAttachment", "activateTrigger")),
                    (1, 0)),  # the number of times to fire
    **dict.fromkeys((("UnitAttachment", "maxAAattacks"), ("UnitAttachment", "maxRoundsAA"),
                     ("UnitAttachment", "tuv")), (None, -1)),  # -1: all, no end, computed
}
# words the setters take alone at a part: (class, option) -> (the part, the words, in their case,
# and whether every part after it takes them too)
_WORDS = {
    **dict.fromkeys(_LIMITS, (1, ("owned", "allied", "total"), False)),
    ("TechAbilityAttachment", "unitAbilitiesGained"): (1, ("canBlitz", "canBombard"), True),
}


def _by_option_name(table: dict) -> dict[str, set]:
    """{option name: its entries in `table` on any class}: the filter S220 runs before it knows the class."""
    found: dict[str, set] = {}
    for (_, name), entry in table.items():
        found.setdefault(name, set()).add(entry)
    return found


_LEAST_BY_NAME, _WORDS_BY_NAME = _by_option_name(_LEAST), _by_option_name(_WORDS)
_BOUNDED_NAMES = frozenset(_LEAST_BY_NAME).union(_WORDS_BY_NAME)
_ORDINALS = ("first", "second", "third", "fourth")


@rule("S220", "structure.bad-option-value", Severity.ERROR,
      "option {option!r}={value} in attachment {name!r} is not {expected}{joined}", beyond_engine=False)
def bad_option_value(context):
    """Finds an option given a value its setter refuses: not a whole number, true/false or its form.

    Why: TripleA refuses to load the game, with a message that names neither the option nor its line
    (`Attachments: x is not a valid int value`, `Attachments: yes is not a valid boolean`). A number
    is read as Java's `Integer.parseInt`: a sign and digits, no spaces; true/false in any letter
    case and nothing else. A `count` given on such an option is read with it as `count:value`, which
    is no number either. The options are those 2.x reads this way (from its source: `movement`,
    `attack`, `isAir`, a territory's `production` and `productionOnly`, a condition's `uses` and
    `switch`, the shortcuts `isAA` and `isTwoHit`, ...); a unit's `isMarine` takes true/false or a
    number, its `special` `none` or `canOnlyPlaceInOriginalTerritories`; a condition's `techs` and
    `atWarPlayers` need a name after their count, which may not be -1 (2.x then looks it up as a
    name). Some options have a form of their own: a trigger's `when` is `before:<step>` or
    `after:<step>`, in lower case; a `conditionType` is AND, OR, a number or a rising range such as
    `1-3` (any case; the old XOR is read as 1); a condition's `rounds` (or old `turns`) lists rounds
    and ranges (`1:3-5:7-+`); a relationship type's `archeType` is war, allied or neutral; a
    condition's `movementRestrictionType` is allowed or disallowed; a `chance` is `x:y` within
    0..120; a support attachment's `side`, `faction` and `dice` are its words (`offence`, not
    `offense`); a condition's `destroyedTUV` is `currentRound` or `allRounds` with a count of -1 or
    more; a relationship type's `upkeepCost` is `default` or a number (with `:flat`, or
    `:percentage` up to 100), and its `rocketsCanFlyOver`, `canMoveThroughCanals` and the like
    `true`, `false` or `default`, in lower case. A territory's `resources` may not give PUs (they
    are its `production`); a condition's `battle` is `attacker:defender:any:round:territories`, its
    round `currentRound` or a range such as `2-4`; a support's `bonusType` is `[count:]type` (1.9
    took it whole). A technology's `unitAbilitiesGained` gives a unit `canBlitz` or `canBombard`,
    nothing else; a limit's kind is `owned`, `allied` or `total`. An option of several parts
    (`createsUnitsList` `count:unit`, a condition's `unitPresence` or `relationship`,
    `activateTrigger`, a unit's `whenCapturedChangesInto` with its pairs of unit and count, a
    player's `placementLimit`) needs as many parts as its setter reads, with numbers and true/false
    where it reads them (the message gives the form); a name there is R111's. Some numbers have a
    least value: a condition's `unitPresence` count 0 or more, its `productionPerXTerritories` count
    1 or more and its `relationship` round count -1 or more; a player's or unit's `attackingLimit`,
    `movementLimit` and `placementLimit` count (a unit's `count:owned`, `allied` or `total`) and a
    player's `suicideAttackResources` 0 or more; `activateTrigger`'s number of times 0 or more; a
    unit's `maxAAattacks`, `maxRoundsAA` and `tuv` -1 or more. A trigger's `playerAttachmentName`
    (and `unitAttachmentName` and its kin) names a class the trigger may change, in that exact case,
    with a `count` naming an attachment of that class by its prefix (`conditionAttachment...` for a
    RulesAttachment). An empty value is a warning: 2.x skips such an option, 1.9 refuses it. An old
    `victoryCity` of true/false is not reported: 2.x reads it as 1/0 (1.9 refuses it). A value
    holding a 2.x variable or loop variable (`@...@`, `$...$`) is checked with it replaced, copy by
    copy of its loop; one that still holds `@` or `$` after that (in a loop 2.x refuses, S236, or
    naming no variable) is not checked.

    Fix: In the game XML, write the option's value as plain digits (`value="2"`), as `true` or
    `false`, or in the form the message gives; drop a `count` from a plain number, and give one
    where the form starts with a number.
    """
    model = context.model
    if model is None:
        return
    written, names = model.option_names, names_as_2x_reads_them(model)
    options = model.options
    values = options.column("value")  # the whole column: other rules read it too
    suspects: list[int] = []  # options of such a name whose value may be refused
    for typed, refused in ((_WHOLE_NUMBER_NAMES, _not_whole_number), (_BOOLEAN_NAMES, _not_boolean)):
        indices = positions(names, typed)  # found in C
        typed_values = list(map(values.__getitem__, indices))
        bad = {value for value in set(typed_values) if value is not None and refused(value)}  # few distinct values
        if bad:
            suspects += compress(indices, map(bad.__contains__, typed_values))
        suspects += compress(indices, options.column_at("count", indices))  # a count makes the value `count:value`
    bounded = positions(names, _BOUNDED_NAMES)  # numbers with a bound: each distinct value read once
    if bounded:
        triples = list(zip(map(names.__getitem__, bounded), options.column_at("count", bounded, ""),
                           map(values.__getitem__, bounded)))
        bad = {triple for triple in set(triples) if triple[2] and _maybe_below(*triple)}
        suspects += compress(bounded, map(bad.__contains__, triples)) if bad else ()
    # the options of a form of their own, and of several parts: each distinct value read once
    formed = positions(names, _FORMED_NAMES)
    if formed:
        keys = list(map(names.__getitem__, formed))
        if not _SHAPED_BY_CLASS.isdisjoint(keys):  # relationshipChange: three parts or four, by class
            classes, owners = attachment_classes(model), model.option_owners
            for position in positions(keys, _SHAPED_BY_CLASS):
                keys[position] = (keys[position], classes[owners[formed[position]]])
        triples = list(zip(keys, options.column_at("count", formed, ""), map(values.__getitem__, formed)))
        bad = {triple for triple in set(triples) if triple[2] and _maybe_refused(*triple)}
        suspects += compress(formed, map(bad.__contains__, triples)) if bad else ()
    if not suspects:
        return  # the usual game
    classes, attachment_names = attachment_classes(model), model.table(ATTACHMENT_PATH).column("name", "")
    owners = model.option_owners
    for index in sorted(set(suspects)):
        owner, name = owners[index], names[index]
        value, given = values[index], options.column_at("count", [index], "")[0]
        formatted, shape = _FORMATTED.get(name), OPTION_FORMATS.get((classes[owner], name))
        typed = name in _TYPED.get(classes[owner], ())
        if not (typed or formatted and classes[owner] in formatted.classes or shape) or value is None:
            continue  # not such an option of this class; or no value, which the engine skips
        if "$" in value + given or "@" in value + given:
            continue  # a 2.x variable or loop variable, replaced before the value is read
        joined = f"{given}:{value}" if given else value
        boolean = name in _BOOLEAN_NAMES
        refused = formatted.refuses if formatted else _not_boolean if boolean else \
            _not_whole_number if typed else partial(_out_of_shape, shape)
        least, words = _LEAST.get((classes[owner], name)), _WORDS.get((classes[owner], name))
        if not refused(joined) and not (least and _below(least, joined)) and not (words and _not_word(words, joined)) \
                or (name == "victoryCity" and joined.lower() in ("true", "false")):
            continue
        expected = formatted.expected if formatted else "true or false" if boolean else "a whole number" if typed else \
            f"in the form {_shape_text(shape)}"
        if least is not None:
            expected += f" of {least[1]} or more" if least[0] is None else \
                f", its {_ORDINALS[least[0]]} part a number of {least[1]} or more"
        if words is not None:
            expected += f", {'each part from its' if words[2] else 'its'} {_ORDINALS[words[0]]} " \
                        f"{'on' if words[2] else 'part'} {_either(list(words[1]))}"
        if not value:  # 2.x's reader makes an empty value none, and GameParser skips the option
            yield hit(line=options.lines[index], option=written[index], value=shown_value(value, ""),
                      name=attachment_names[owner], expected=expected, severity=Severity.WARNING,
                      joined="; TripleA 2.x skips the option, 1.9 refuses to load the game")
            continue
        yield hit(line=options.lines[index], option=written[index], value=shown_value(value, ""),
                  name=attachment_names[owner], expected=expected,
                  joined=f' (with its count the engine reads "{joined}")' if given else "")


def _not_whole_number(value: str) -> bool:
    return java_int(value) is None


def _below(bound: tuple[int | None, int], joined: str) -> bool:
    """Whether the number at the bound's part of `count:value` is a whole number below it."""
    index, least = bound
    parts = joined.split(":") if index is not None else [joined]
    number = java_int(parts[index or 0]) if (index or 0) < len(parts) else None
    return number is not None and number < least


def _not_word(words: tuple[int, tuple[str, ...], bool], joined: str) -> bool:
    """Whether a part the words are for, of `count:value`, is there and none of them."""
    index, taken, every_after = words
    parts = joined.split(":")[index:] if every_after else joined.split(":")[index:index + 1]
    return any(part not in taken for part in parts)


def _maybe_below(name: str, given: str, value: str) -> bool:
    """Whether the value is below a bound, or not a word, some class gives the option (the class
    decides later)."""
    joined = f"{given}:{value}" if given else value
    return any(_below(bound, joined) for bound in _LEAST_BY_NAME.get(name, ())) or \
        any(_not_word(words, joined) for words in _WORDS_BY_NAME.get(name, ()))


# the options of several parts (`count:unit`, `player:player:relationship` ...) whose parts or
# numbers and true/false parts their setters count or read: name -> their formats, any class
_SHAPES: dict[str, list] = {}
for (_, _name), _shape in OPTION_FORMATS.items():  # (an optional count alone refuses nothing: not read)
    if _shape.least > 1 or _shape.most is not None or \
            {"int", "bool"} & {field.rstrip("*") for field in _shape.fields if not field.endswith("?")}:
        _SHAPES.setdefault(_name, []).append(_shape)
_PLACEHOLDERS = {"int": "<number>", "bool": "true|false", "text": "<text>"}
_PART_PATTERNS = {"int": "[-+]?[0-9]{1,9}", "bool": "(?i:true|false)"}  # (longer numbers: read in full)


def _repeated_tail(shape) -> bool:
    """Whether the format is fixed fields and then a tail repeated (whenCapturedChangesInto)."""
    return bool(shape.tail) and shape.split and not shape.prefix and \
        not any(field.endswith(("?", "*")) for field in (*shape.fields, *shape.tail))


def _needed_fields(shape) -> int:
    """How many of a fixed format's fields the setter needs: all, unless it takes fewer parts
    than it has fields (a condition's `relationship`, whose round count may be left out)."""
    fields = len(shape.fields) - shape.optional_count
    return shape.least if not shape.optional_count and shape.most == fields and 0 < shape.least < fields else fields


def _shape_pattern(shape) -> str:
    """A regular expression every value the setter takes matches (it may match a few others,
    which `_out_of_shape` then refuses): a filter run in C over a map's many values."""
    if _repeated_tail(shape):  # the fields, then the tail's any number of times
        tail = "".join(":" + _PART_PATTERNS.get(field, "[^:]*") for field in shape.tail)
        pattern = ":".join(_PART_PATTERNS.get(field, "[^:]*") for field in shape.fields) + f"(?:{tail})*"
        return f"(?{'' if shape.case_sensitive else 'i'}:{pattern})"
    if shape.places is None:  # an irregular format: its number of parts alone
        most = "" if shape.most is None else shape.most - 1
        return f"[^:]*(?::[^:]*){{{max(shape.least - 1, 0)},{most}}}"
    fields = shape.fields[1:] if shape.optional_count else shape.fields
    parts = [_PART_PATTERNS.get(field.rstrip("*"), "[^:]*") + ("(?::[^:]*)*" if field.endswith("*") else "")
             for field in fields]
    needed = _needed_fields(shape)  # the fields after them may be left out (a condition's round count)
    pattern = ("(?:[-+]?[0-9]{1,9}:)?" if shape.optional_count else "") + ":".join(parts[:needed]) + \
        "".join(f"(?::{part})?" for part in parts[needed:])
    if shape.most is None and not fields[-1].endswith("*"):
        pattern += "(?::[^:]*)*"  # the setter reads the first parts and lets the others be
    # as many parts as the setter takes: at least `least` - 1 colons, and fewer than `most`
    pattern = (f"(?=(?:[^:]*:){{{shape.least - 1}}})" if shape.least > 1 else "") + \
        (f"(?!(?:[^:]*:){{{shape.most}}})" if shape.most is not None else "") + pattern
    whole = "|".join(map(re.escape, shape.whole))
    return f"(?{'' if shape.case_sensitive else 'i'}:{whole})|(?:{pattern})" if whole else pattern


def _maybe_refused(key: str | tuple[str, str], given: str, value: str) -> bool:
    """Whether a setter of this option name (or of this name and class) may refuse the value
    (the class decides later)."""
    joined = f"{given}:{value}" if given else value
    if key in _FORMATTED:
        return _FORMATTED[key].refuses(joined)
    pattern = _SHAPE_PATTERNS.get(key) or _SHAPE_PATTERNS[key[0]]  # a class without that option: any
    return pattern.fullmatch(joined) is None  # a regular expression lets the usual values by, in C


_SHAPE_PATTERNS = {name: re.compile("|".join(f"(?:{_shape_pattern(shape)})" for shape in shapes), re.DOTALL)
                   for name, shapes in _SHAPES.items()}
# option names whose shape differs by class: their values are filtered by (name, class)
_SHAPED_BY_CLASS = frozenset(name for name, shapes in _SHAPES.items() if len(set(shapes)) > 1)
_SHAPE_PATTERNS.update({(name, java_class): re.compile(_shape_pattern(shape), re.DOTALL)
                        for (java_class, name), shape in OPTION_FORMATS.items() if name in _SHAPED_BY_CLASS})


def _out_of_shape(shape, value: str) -> bool:
    """Whether the option's setter refuses the value's shape: fewer or more parts than it takes,
    or a number or true/false part that is neither (a name is R111's)."""
    if (value if shape.case_sensitive else value.lower()) in shape.whole:
        return False
    parts = value.split(":") if shape.split else [value]  # Guava's Splitter keeps empty parts
    if len(parts) < shape.least or shape.most is not None and len(parts) > shape.most:
        return True
    if _repeated_tail(shape):  # whenCapturedChangesInto: the tail's parts come in whole repeats
        extra, fields = len(parts) - len(shape.fields), shape.fields
        if extra < 0 or extra % len(shape.tail):
            return True
        fields += shape.tail * (extra // len(shape.tail))
        return any(map(_part_refused, fields, parts))
    if shape.places is None:
        return False  # an irregular format: only its number of parts is read here
    fields = shape.fields[1:] if shape.optional_count else shape.fields
    return any(map(_part_refused, fields, fixed_parts(shape, value)))


def _part_refused(field: str, part: str) -> bool:
    """Whether a setter refuses this part where it reads a number or true/false (a name is R111's)."""
    return field == "int" and java_int(part) is None or field == "bool" and part.lower() not in ("true", "false")


def _shape_text(shape) -> str:
    """`<number>:<unit type>...` for `int unit*`; an optional count in brackets."""
    words = [(_PLACEHOLDERS.get(field.rstrip("?*")) or f"<{KINDS[field.rstrip('?*')]}>")
             + ("..." if field.endswith("*") else "") for field in shape.fields]
    if shape.fields[:1] == ("int?",):
        return f"[{words[0]}:]" + ":".join(words[1:])
    if _repeated_tail(shape):
        tail = ":".join(_PLACEHOLDERS.get(field) or f"<{KINDS[field]}>" for field in shape.tail)
        return ":".join(words) + f"[:{tail}]..."
    needed = _needed_fields(shape)
    return ":".join(words[:needed]) + "".join(f"[:{word}]" for word in words[needed:])


# RelationshipTypeAttachment's options its setters refuse anything but these three words in
_RELATIONSHIP_SWITCHES = ("alliancesCanChainTogether", "isDefaultWarPosition", "givesBackOriginalTerritories",
                          "canMoveIntoDuringCombatMove", "canMoveThroughCanals", "rocketsCanFlyOver")
_CONDITIONS_CLASSES = ("RulesAttachment", "TriggerAttachment", "PoliticalActionAttachment", "UserActionAttachment")
_CONDITION_TYPE = re.compile(r"AND|OR|([0-9]+)(?:-([0-9]+))?")  # CONDITION_REGEX, matched on the value in capitals
# UnitSupportAttachment's words: each part of the value one of them, in any case
_SUPPORT_WORDS = {"side": ("offence", "defence"), "faction": ("allied", "enemy"),
                  "dice": ("roll", "strength", "aaroll", "aastrength")}
# a trigger's `<kind>AttachmentName` (count:value): the attachment classes it may name, each
# with the prefixes the attachment's name (the count) must start with (TriggerAttachment setters)
_TARGET_CLASSES = {
    "playerAttachmentName": {"PlayerAttachment": ("playerAttachment",),
                             "RulesAttachment": ("rulesAttachment", "objectiveAttachment", "conditionAttachment"),
                             "TriggerAttachment": ("triggerAttachment",), "TechAttachment": ("techAttachment",),
                             "PoliticalActionAttachment": ("politicalActionAttachment",),
                             "UserActionAttachment": ("userActionAttachment",)},
    "unitAttachmentName": {"UnitAttachment": ("unitAttachment",), "UnitSupportAttachment": ("supportAttachment",)},
    "territoryAttachmentName": {"TerritoryAttachment": ("territoryAttachment",),
                                "CanalAttachment": ("canalAttachment",)},
    "relationshipTypeAttachmentName": {"RelationshipTypeAttachment": ("relationshipTypeAttachment",)},
    "territoryEffectAttachmentName": {"TerritoryEffectAttachment": ("territoryEffectAttachment",)},
}


# Each test below tells whether the setter refuses the value (a `count` joined to it as `count:value`).

def _refused_when(value: str) -> bool:  # AbstractTriggerAttachment.setWhen
    parts = value.split(":")  # Guava's Splitter: exactly two parts, the first in lower case
    return len(parts) != 2 or parts[0] not in ("before", "after")


def _refused_condition_type(value: str) -> bool:  # AbstractConditionsAttachment.setConditionType
    if value.lower() == "xor":
        return False  # 2.x reads the old XOR as 1
    found = _CONDITION_TYPE.fullmatch(value.upper())
    if found is None:
        return True
    low, high = found.groups()
    return high is not None and (java_int(high) is None or java_int(low) is None or int(high) <= int(low))


def _refused_rounds(value: str) -> bool:  # AbstractRulesAttachment.setRounds: rounds, or ranges of two or round-+
    return any(java_int(part) is None and not ((ends := part.split("-"))[1:] and len(ends) == 2
                                               and java_int(ends[0]) is not None
                                               and (ends[1] == "+" or java_int(ends[1]) is not None))
               for part in value.split(":"))


def _refused_chance(value: str) -> bool:  # x:y, more parts let be
    parts = value.split(":")
    low, high = (java_int(parts[0]), java_int(parts[1])) if len(parts) > 1 else (None, None)
    return low is None or high is None or not 0 <= low <= high <= 120


def _refused_count_alone(value: str) -> bool:  # setTechs, setAtWarPlayers: the names are R111's
    parts = value.split(":")
    given = java_int(parts[0])
    return given is not None and (len(parts) == 1 or given == -1)


def _refused_is_marine(value: str) -> bool:  # setIsMarine: true/false or a number
    return value.lower() not in ("true", "false") and java_int(value) is None


def _refused_upkeep_cost(value: str) -> bool:  # default, or cost[:flat|percentage]
    parts = value.split(":")
    cost = java_int(parts[0]) if len(parts) <= 2 else None
    return value != "default" and (cost is None or parts[1:] not in ([], ["flat"], ["percentage"])
                                   or parts[1:] == ["percentage"] and cost > 100)


def _refused_destroyed_tuv(value: str) -> bool:  # count:currentRound|allRounds
    parts = value.split(":")
    given = java_int(parts[0]) if len(parts) == 2 else None
    return given is None or given < -1 or parts[1] not in ("currentRound", "allRounds")


def _refused_unless_one_of(words: tuple[str, ...], value: str) -> bool:
    return value not in words


def _refused_unless_parts_of(words: tuple[str, ...], value: str) -> bool:
    return any(part not in words for part in value.split(":"))


def _refused_unless_words_of(words: tuple[str, ...], value: str) -> bool:  # each part, in any case
    return any(part.lower() not in words for part in value.split(":"))


def _refused_target(classes: dict[str, tuple[str, ...]], value: str) -> bool:  # name:class, the name of its kind
    parts = value.split(":")
    prefixes = classes.get(parts[-1]) if len(parts) == 2 else None
    return prefixes is None or not parts[0].startswith(prefixes)


def _refused_player_target(value: str) -> bool:  # 2.x corrects `Attatchment` in this one
    return _refused_target(_TARGET_CLASSES["playerAttachmentName"], value.replace("ttatch", "ttach"))


def _refused_territory_resources(value: str) -> bool:  # TerritoryAttachment.setResources: count:resource
    parts = value.split(":")
    return len(parts) < 2 or java_int(parts[0]) is None or parts[1] == "PUs"


def _refused_battle(value: str) -> bool:  # RulesAttachment.setBattle: attacker:defender:any:round:territory...
    parts = value.split(":")
    if len(parts) < 5 or parts[2].lower() != "any":
        return True
    ends = parts[3].split("-")  # currentRound, or a range read by its first two numbers
    return parts[3].lower() != "currentround" and (len(ends) < 2 or java_int(ends[0]) is None
                                                   or java_int(ends[1]) is None)


def _refused_bonus_type(value: str) -> bool:  # UnitSupportAttachment.setBonusType: [count:]type
    parts = value.split(":")
    return len(parts) > 2 or len(parts) == 2 and java_int(parts[0]) is None


class _Form(NamedTuple):
    """An option of a form of its own: the classes whose setter reads it so, what it takes, and
    the test of a value."""

    classes: tuple[str, ...]
    expected: str
    refuses: Callable[[str], bool]


def _either(words: list[str]) -> str:
    return " or ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} or {words[-1]}"


_FORMATTED = {
    "when": _Form(("TriggerAttachment",), "'before:<step>' or 'after:<step>'", _refused_when),
    "conditionType": _Form(_CONDITIONS_CLASSES, "AND, OR, a number or a range such as 1-3", _refused_condition_type),
    "rounds": _Form(("RulesAttachment",), "rounds and ranges such as 1:3-5:7-+", _refused_rounds),
    "archeType": _Form(("RelationshipTypeAttachment",), "war, allied or neutral",
                       lambda value: value.lower() not in ("war", "allied", "neutral")),
    "movementRestrictionType": _Form(("RulesAttachment",), "allowed or disallowed",  # AbstractPlayerRulesAttachment
                                     partial(_refused_unless_one_of, ("allowed", "disallowed"))),
    "chance": _Form(_CONDITIONS_CLASSES[1:], "x:y with 0 <= x <= y <= 120, such as 1:6", _refused_chance),
    "side": _Form(("UnitSupportAttachment",), "offence, defence or both (offence:defence)",
                  partial(_refused_unless_words_of, _SUPPORT_WORDS["side"])),
    "faction": _Form(("UnitSupportAttachment",), "allied, enemy or both (allied:enemy)",
                     partial(_refused_unless_words_of, _SUPPORT_WORDS["faction"])),
    "dice": _Form(("UnitSupportAttachment",),
                  "roll, strength, AAroll or AAstrength, or several of them joined by colons",
                  partial(_refused_unless_words_of, _SUPPORT_WORDS["dice"])),
    "isMarine": _Form(("UnitAttachment",), "true, false or a whole number", _refused_is_marine),
    # setTechs, setAtWarPlayers: a count of -1 means none, and is then looked up as a name
    "techs": _Form(("RulesAttachment",), "[<number>:]<technology>..., with a technology and a count other than -1",
                   _refused_count_alone),
    "atWarPlayers": _Form(("RulesAttachment",), "[<number>:]<player>..., with a player and a count other than -1",
                          _refused_count_alone),
    "special": _Form(("UnitAttachment",), "none or canOnlyPlaceInOriginalTerritories",  # setSpecial, each part
                     partial(_refused_unless_parts_of, ("none", "canOnlyPlaceInOriginalTerritories"))),
    "destroyedTUV": _Form(("RulesAttachment",), "currentRound or allRounds, with a count of -1 or more",
                          _refused_destroyed_tuv),
    "resources": _Form(("TerritoryAttachment",), "<number>:<resource>, a resource other than PUs (a territory's PUs "
                                                 "are its production)", _refused_territory_resources),
    "battle": _Form(("RulesAttachment",), "<player>:<player>:any:<round>:<territory>..., the round currentRound or "
                                          "a range such as 2-4", _refused_battle),
    "bonusType": _Form(("UnitSupportAttachment",), "[<number>:]<bonus type>", _refused_bonus_type),
    "upkeepCost": _Form(("RelationshipTypeAttachment",), "default, or a number, alone or with :flat or :percentage "
                                                          "(at most 100)", _refused_upkeep_cost),
    **dict.fromkeys(_RELATIONSHIP_SWITCHES, _Form(("RelationshipTypeAttachment",),
                                                  "true, false or default, in lower case",
                                                  partial(_refused_unless_one_of, ("true", "false", "default")))),
    **{name: _Form(("TriggerAttachment",), f"{_either(list(classes))}, with a count naming an attachment of that class "
                   f"({', '.join(prefix + '...' for each in classes.values() for prefix in each)})",
                   _refused_player_target if name == "playerAttachmentName" else partial(_refused_target, classes))
       for name, classes in _TARGET_CLASSES.items()},
}
_FORMED_NAMES = frozenset(_SHAPES).union(_FORMATTED)  # read a value at a time, each distinct once


def _not_boolean(value: str) -> bool:
    return value.lower() not in ("true", "false")


# RelationshipTypeAttachment's options whose setter keeps any value and whose getter reads
# `default` as the archetype's behaviour, `true` as true, and anything else as false
_READ_AS_FALSE_OTHERWISE = ("canMoveAirUnitsOverOwnedLand", "canMoveLandUnitsOverOwnedLand",
                            "canLandAirUnitsOnOwnedLand", "canTakeOverOwnedTerritory")


@rule("S237", "structure.relationship-option-read-as-false", Severity.WARNING,
      "option {option!r}={value} in attachment {name!r} is read as false: TripleA 2.x takes only true, false or "
      "default, in lower case{joined}")
def relationship_option_read_as_false(context):
    """Finds a relationship type's `canMoveLandUnitsOverOwnedLand` or kin whose value 2.x reads as false.

    Why: A relationship type's `canMoveAirUnitsOverOwnedLand`, `canMoveLandUnitsOverOwnedLand`,
    `canLandAirUnitsOnOwnedLand` and `canTakeOverOwnedTerritory` keep any value: `default`
    follows the relationship's archetype (war, allied, neutral), `true` allows, and anything else,
    `True` and `yes` included, silently forbids. So a relationship meant to let units cross or
    land forbids it, and nothing tells the map maker. A `count` given on the option is read
    with it (`count:value`), which is none of the three either.

    Fix: In the game XML, write `true`, `false` or `default`, in lower case, and no `count`.
    """
    model = context.model
    if model is None or "RelationshipTypeAttachment" not in attachment_classes(model):  # the usual game, in C
        return
    options = model.options
    chosen = [index for name in _READ_AS_FALSE_OTHERWISE
              for index in options_of(model, name, "RelationshipTypeAttachment")]
    if not chosen:
        return
    values, given = options.column_at("value", chosen, ""), options.column_at("count", chosen, "")
    names = model.table(ATTACHMENT_PATH).column("name", "")
    for index, value, count_given in zip(chosen, values, given):
        joined = f"{count_given}:{value}" if count_given else value
        if value and joined not in ("true", "false", "default") and "@" not in joined and "$" not in joined:
            yield hit(line=options.lines[index], option=model.option_names[index], value=shown_value(value, ""),
                      name=names[model.option_owners[index]],
                      joined=f' (with its count the engine reads "{joined}")' if count_given else "")
