"""R111: the names in attachment option values (`bombingTargets`, `placement`, `players` ...)
are declared; their formats are `option_formats`'s."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from itertools import chain, compress, count, repeat
from operator import eq, gt, itemgetter
from typing import Iterator

from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.model import ATTACHMENT_PATH, PLAYER, TECHNOLOGY, TERRITORY, TERRITORY_EFFECT
from converter.check.option_formats import (ATTACHED_TO, ATTACHMENT_KINDS, KINDS, NOT_NAMES, OPTION_FORMATS,
                                            OPTION_NAMES, PLACE, SUPPORT, ValueFormat)
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them
from converter.check.rules.references import technology_advances
from converter.check.rules.structure import java_int
from converter.check.spelling2x import attachment_name_as_2x
from converter.check.suggest import closest_name
from converter.findings import Severity


def named_parts(value_format: ValueFormat, value: str) -> Iterator[tuple[str, str]]:
    """(kind, name) of each part of `value` (the count already in front) that the setter looks
    up as a declared name, in order; parts past the format are the setter's to refuse or ignore."""
    compared = value if value_format.case_sensitive else value.lower()
    if compared in value_format.whole:
        return
    parts = value.split(":") if value_format.split else [value]  # Guava's Splitter keeps empty parts
    words = compared.split(":") if value_format.split else [compared]
    fields, tail, field_words = value_format.fields, value_format.tail, value_format.field_words
    position = 0
    for part, word in zip(parts, words):
        if word in value_format.stop:
            return
        while True:
            field = position
            if position < len(fields):
                spec = fields[position]
            elif tail:
                spec = tail[(position - len(fields)) % len(tail)]
            else:
                return
            if spec[-1] != "?" or java_int(part) is not None:
                break
            position += 1  # an optional count that is not there
        if spec[-1] != "*":
            position += 1
        kind = spec.rstrip("?*")
        if value_format.skip_blank and not part.strip():
            continue  # setConditions passes over a blank part
        if kind not in NOT_NAMES and word not in value_format.keywords \
                and not (field < len(field_words) and word in field_words[field]):
            yield KINDS[kind], part.removeprefix(value_format.prefix) if value_format.prefix else part


_ACTIVATE = ("TriggerAttachment", "activateTrigger")


@rule("R111", "references.undefined-in-option", Severity.ERROR, "option {option!r} of {attachment} names {what}{note}",
      beyond_engine=False)
def undefined_in_option(context):
    """Finds attachment options naming a unit type, player, territory or the like the game never declares.

    Why: An option such as `bombingTargets`, `createsUnitsList`, a trigger's `placement`, `players`
    or `conditions`, or a territory's `capital` names things by their exact names, split at `:`
    (with the option's `count` in front). The option's setter in TripleA 2.x, and in 1.9, looks each
    name up while the game is read and throws at the first it cannot find, so the game is refused
    (`No unit type: ...`, `Could not find rule. ...`). Conditions and triggers (`conditions`,
    `activateTrigger`), and the unit types' support attachments a trigger's `support` names (with
    those 2.x makes for an old `artillery` unit, `supportAttachmentArtyOld<unit>`), are looked for
    among the attachments read so far, so one declared further down the list is not found either;
    and 2.x corrects the old spelling `Attatchment` in an attachment's name but not in the options
    naming it. The engine names one option at a time; this rule gives every one with its line. A
    trigger may not activate itself. Words the setter reads itself (`any`, `all`, `each`,
    `controlled`, `NONE`, `BY`/`FROM`) are not names where it reads them (a trigger's
    `relationshipChange` takes `any` for the old relationship, not for a player), nor is the player
    `Neutral`. A 2.x `foreach` loop is judged copy by copy, its variables replaced as 2.x replaces
    them; the values of a loop 2.x refuses (S236) are not checked.

    Fix: Correct the name to one the game XML declares (case and spaces included), or declare the
    missing unit type, player, territory, resource or condition; move a condition or trigger
    above the attachments that name it. Separate names with `:` alone, with no blank around it.
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = positions(names, OPTION_NAMES)  # found in C
    if not chosen:
        return
    classes, owners = attachment_classes(model), model.option_owners
    # the whole columns, read once in C: the later rules of options are given theirs from them;
    # (class, option, count, value) of each: big games repeat the same values hundreds of times,
    # so each distinct one is read once (the keys are built and counted in C)
    values, counts = model.options.column("value", ""), model.options.column("count", "")
    keys = list(zip(map(classes.__getitem__, map(owners.__getitem__, chosen)), map(names.__getitem__, chosen),
                    map(counts.__getitem__, chosen), map(values.__getitem__, chosen)))
    declared = _Declared(model)
    with_variables = model.loops_left  # else every variable is replaced (`loops`)
    by_format: dict[tuple[str, str], list] = defaultdict(list)
    for key in dict.fromkeys(keys):
        if key[3]:  # 2.x skips an option with an empty value (or none)
            by_format[key[:2]].append((key, f"{key[2]}:{key[3]}" if key[2] else key[3]))
    undefined, latest = {}, {}  # key -> (kind, name) of the names not declared; the last element of one named
    for format_key, group in by_format.items():  # each format asked of at once where it can be
        value_format = OPTION_FORMATS.get(format_key)
        if value_format is None:
            continue
        if not _all_declared(value_format, [value for _, value in group], declared):
            for key, value in group:
                found = _undefined(value_format, value, declared)
                if found:
                    undefined[key] = found
        if value_format.ordered and not with_variables:  # the element of the attachment named declared last
            latest.update((key, last) for (key, _), last in zip(group, _latest(value_format, group, declared))
                          if last > 0)
    if not undefined and not latest:
        return
    lines = model.options.lines
    table = model.table(ATTACHMENT_PATH)
    attachment_names, targets = table.column("name", ""), table.column("attachTo", "")

    def unread(key: tuple) -> bool:  # a value of variables a loop left as written, not checked
        return with_variables and any("@" in part or "$" in part for part in key[2:])

    def where(element: int) -> str:
        return f"{attachment_names[element]!r} on {targets[element]!r}"

    for index, key in compress(zip(chosen, keys), map(undefined.__contains__, keys)):  # the few, chosen in C
        if not unread(key):
            element = owners[index]
            for kind, name in undefined[key]:
                yield hit(line=lines[index], option=key[1], attachment=where(element),
                          what=f"an undefined {kind} {name!r}", note=_suggestion(kind, name, declared.of(kind)))
    if with_variables:
        return  # a loop may declare the attachments named: their order is not followed
    with_latest = list(compress(zip(chosen, keys), map(latest.__contains__, keys)))
    for index, key in with_latest:  # a trigger activating itself: found by its own name, read before its options
        if key[:2] == _ACTIVATE and latest[key] == owners[index]:
            yield hit(line=lines[index], option=key[1], attachment=where(owners[index]), what="the trigger itself",
                      note=": TripleA refuses to load the game (\"Cannot have a trigger activate itself!\")")
    # the options read before an attachment they name, chosen in C: latest[key] > the option's element
    late = compress(with_latest, map(gt, map(latest.__getitem__, map(itemgetter(1), with_latest)),
                                     map(owners.__getitem__, map(itemgetter(0), with_latest))))
    declared_lines, start_of = table.lines, context.source_lines.start_of
    for index, key in late:
        element = owners[index]
        for kind, name in named_parts(OPTION_FORMATS[key[:2]], f"{key[2]}:{key[3]}" if key[2] else key[3]):
            first = declared.first(kind).get(name, -1) if kind in ATTACHMENT_KINDS else -1
            if first > element:
                yield hit(line=lines[index], option=key[1], attachment=where(element),
                          what=f"{kind} {name!r} before the attachment list declares it",
                          note=f" (line {start_of(declared_lines[first])}): the engine looks among the attachments "
                               "read so far")


def _suggestion(kind: str, name: str, known: frozenset[str]) -> str:
    if kind in ATTACHMENT_KINDS and attachment_name_as_2x(name) in known:
        return (f"; 2.x reads that attachment's name as {attachment_name_as_2x(name)!r}, correcting the old "
                "spelling, but not the names options give")
    close = closest_name(name.strip(), known) if name.strip() else None
    return f"; did you mean {close!r}?" if close else ""


def _latest(value_format: ValueFormat, values: list[tuple], declared: "_Declared") -> list[int]:
    """For each (key, value): the <attachment> element of the last declared of the attachments
    the value names (-1 for none)."""
    places = value_format.places
    if places and len(places) == 1 and not (value_format.optional_count or value_format.stop or value_format.whole):
        index, kind, rest = places[0]  # `conditions` and `activateTrigger`: one field from a fixed place
        first = declared.first(kind).get
        if rest:
            return [max(map(first, value.split(":")[index:], repeat(-1))) for _, value in values]
        return [first((value.split(":", index + 1) + [""])[index], -1) for _, value in values]
    return [max((max(map(declared.first(kind).get, named, repeat(-1)))
                 for kind, named, _own in _named(value_format, value) if kind in ATTACHMENT_KINDS), default=-1)
            for _, value in values]


def _all_declared(value_format: ValueFormat, values: list[str], declared: "_Declared") -> bool:
    """Whether every name in these values is declared, asked of all at once in C: True when,
    past a leading count, every part is a name of the format's one kind or a word the setter
    reads itself (the usual case); else field by field (`_fields_declared`). False when that
    does not settle it, and each value is read then."""
    places, fields = value_format.places, value_format.fields
    if fields[0] in ("int", "int?"):
        fields = fields[1:]
    if not places or value_format.whole or len({kind for _, kind, _ in places}) != 1 \
            or not NOT_NAMES.isdisjoint(field.rstrip("?*") for field in fields):  # a number, a name elsewhere
        return _fields_declared(value_format, values, declared)
    known = declared.of(places[0][1])
    if known is None:
        return True
    if value_format.fields[0] == "int":  # a count first: taken off (a number elsewhere is a name)
        values = [value.partition(":")[2] for value in values]
    elif value_format.fields[0] == "int?":  # a leading number, where the setter takes it for a count
        values = _without_counts(values)
    unknown = set(":".join(values).split(":")).difference(known)
    if not unknown:
        return True
    if not value_format.case_sensitive:
        unknown = {part.lower() for part in unknown}
    return all(part in value_format.keywords or part in value_format.stop
               or (value_format.skip_blank and not part.strip()) for part in unknown)


def _fields_declared(value_format: ValueFormat, values: list[str], declared: "_Declared") -> bool:
    """`_all_declared` for a format whose name fields stand at fixed places (`_name_fields`):
    the distinct parts at each place asked of that place's kind at once. True only when no
    value names anything undeclared; False also when a value holds a word after which the
    setter reads nothing (`stop`), so that each value is read."""
    fields = _name_fields(value_format)
    if fields is None:
        return False
    case_sensitive, whole, stop = value_format.case_sensitive, value_format.whole, value_format.stop
    if whole:  # taken as they are, naming nothing
        values = [value for value in values if (value if case_sensitive else value.lower()) not in whole]
    if not value_format.split:
        rows = [[value] for value in values]
    else:
        rows = [value.split(":") for value in values]  # Guava's Splitter keeps empty parts
        if value_format.optional_count:  # a leading whole number is the count (as fixed_parts takes it)
            counts = {first for first in {row[0] for row in rows} if java_int(first) is not None}
            if counts:
                rows = [row[1:] if row[0] in counts else row for row in rows]
    if stop and not stop.isdisjoint(part if case_sensitive else part.lower() for row in rows for part in row):
        return False
    prefix, keywords, field_words = value_format.prefix, value_format.keywords, value_format.field_words
    skipped = int(value_format.optional_count)  # field_words count the count's field
    for index, kind, rest in fields:
        known = declared.of(kind)
        if known is None:
            continue
        parts = set(chain.from_iterable(row[index:] for row in rows)) if rest else \
            {row[index] for row in rows if len(row) > index}
        unknown = {part for part in parts if part.removeprefix(prefix) not in known} if prefix else \
            parts.difference(known)
        own = field_words[index + skipped] if index + skipped < len(field_words) else frozenset()
        for part in unknown:
            word = part if case_sensitive else part.lower()
            if not (word in keywords or word in own or (value_format.skip_blank and not part.strip())):
                return False
    return True


@lru_cache(maxsize=None)
def _name_fields(value_format: ValueFormat) -> tuple[tuple[int, str, bool], ...] | None:
    """(index, kind, the rest from there) of each field whose parts the setter looks up, over
    the split value after an optional count: the format's `places`; or, for a format without
    them whose fields are fixed but for a last repeated one (a `prefix`, or a value not split),
    read from its fields as `named_parts` reads them; None for the others (a repeated tail, an
    optional field)."""
    if value_format.places is not None:
        return value_format.places
    fields = value_format.fields
    if value_format.tail or any(field.endswith("?") for field in fields) \
            or any(field.endswith("*") for field in fields[:-1]) or (not value_format.split and len(fields) != 1):
        return None
    return tuple((index, KINDS[field.rstrip("*")], field.endswith("*")) for index, field in enumerate(fields)
                 if field.rstrip("*") not in NOT_NAMES)


def _without_counts(values: list[str]) -> list[str]:
    """Each value less a leading whole number and its colon (each distinct first part read once)."""
    split = [value.partition(":") for value in values]
    counts = {first for first in {first for first, colon, _ in split if colon} if java_int(first) is not None}
    return [rest if first in counts and colon else value for value, (first, colon, rest) in zip(values, split)]


def fixed_parts(value_format: ValueFormat, value: str) -> list[str] | None:
    """The parts of `value` the setter reads at the format's fixed places (`places`): after an
    optional count, up to a word after which it reads nothing (`controlled`, `all`); None when
    it takes the whole value as it is (`NONE`)."""
    case_sensitive = value_format.case_sensitive
    if value_format.whole and (value if case_sensitive else value.lower()) in value_format.whole:
        return None
    parts = value.split(":")  # Guava's Splitter keeps empty parts
    if value_format.optional_count and java_int(parts[0]) is not None:
        del parts[0]
    stop = value_format.stop
    if stop:
        words = parts if case_sensitive else [part.lower() for part in parts]
        if not stop.isdisjoint(words):  # the setter reads nothing from the first of them on
            del parts[min(words.index(word) for word in stop.intersection(words)):]
    return parts


def _named(value_format: ValueFormat, value: str) -> list[tuple[str, list[str], frozenset[str]]]:
    """(kind, parts, the field's own words) of each field of `value` the setter looks names up in,
    the parts it reads as words of its own (`any`, blanks) included; by `places` when the format
    has them (`named_parts` leaves a field's own words out already)."""
    places = value_format.places
    if places is None:
        return [(kind, [name], frozenset()) for kind, name in named_parts(value_format, value)]
    parts = fixed_parts(value_format, value)
    if parts is None:
        return []
    field_words, skipped = value_format.field_words, int(value_format.optional_count)  # places follow a count
    return [(kind, parts[index:] if rest else parts[index:index + 1],
             field_words[index + skipped] if index + skipped < len(field_words) else frozenset())
            for index, kind, rest in places if index < len(parts)]


def _undefined(value_format: ValueFormat, value: str, declared: "_Declared") -> list[tuple[str, str]]:
    """(kind, name) of each name in `value` that the game does not declare, in order."""
    found = []
    for kind, named, own_words in _named(value_format, value):
        known = declared.of(kind)
        if known is None or known.issuperset(named):  # the usual case, settled in C
            continue
        keywords, case_sensitive = value_format.keywords, value_format.case_sensitive
        found += [(kind, name) for name in named if name not in known
                  and (word := name if case_sensitive else name.lower()) not in keywords and word not in own_words
                  and not (value_format.skip_blank and not name.strip())]
    return found


class _Declared:
    """The names each kind of option part may take, gathered on first need; None for a kind
    not checked (territories on a grid map, whose names the engine makes)."""

    def __init__(self, model):
        self._model, self._known, self._first = model, {}, {}

    def of(self, kind: str) -> frozenset[str] | None:
        if kind not in self._known:
            self._known[kind] = self._gather(kind)
        return self._known[kind]

    def first(self, kind: str) -> dict[str, int]:
        """For a kind naming an attachment (a player's condition or trigger, a unit type's
        support), in a game of one attachment per element: each name's first <attachment>
        element, as 2.x reads the name."""
        if kind not in self._first:
            table = self._model.table(ATTACHMENT_PATH)
            types, attached_to = table.column("type", "unitType"), ATTACHED_TO[kind]
            chosen = [index for index in compress(count(), map(eq, attachment_classes(self._model),
                                                                repeat(ATTACHMENT_KINDS[kind])))
                      if types[index] == attached_to]
            names = table.column_at("name", chosen, "")
            if "ttatchment" in "".join(names):
                names = list(map(attachment_name_as_2x, names))
            if kind == SUPPORT:  # UnitSupportAttachment.get finds them by the start of their names
                chosen, names = _with_old_artillery(self._model, *_support_named(chosen, names))
            self._first[kind] = dict(zip(reversed(names), reversed(chosen)))  # the first of a name wins
        return self._first[kind]

    def _gather(self, kind: str) -> frozenset[str] | None:
        model = self._model
        if kind in ATTACHMENT_KINDS:  # 2.x corrects `Attatchment` in the name declared, not in the names given
            # a loop left as written (`loops_left`) stands for names that are not followed
            return None if model.loops_left else frozenset(self.first(kind))
        if kind in (TERRITORY, PLACE) and model.has_grid:
            return None
        if kind == PLACE:
            return model.names(TERRITORY) | model.names(TERRITORY_EFFECT)
        if kind == PLAYER:  # PlayerList.getPlayerId("Neutral") is the engine's own player
            return model.names(PLAYER) | {NEUTRAL_PLAYER}
        if kind == TECHNOLOGY:  # an advance is found by its name or its property
            return frozenset(name for pair in technology_advances(model) for name in pair)
        return model.names(kind)


_SUPPORT_PREFIX = "supportAttachment"  # Constants.SUPPORT_ATTACHMENT_PREFIX
_OLD_ARTILLERY_SUPPORT = "supportAttachmentArtyOld"  # Constants.SUPPORT_RULE_NAME_OLD, + the unit's name


def _support_named(chosen: list[int], names: list[str]) -> tuple[list[int], list[str]]:
    kept = [position for position, name in enumerate(names) if name.startswith(_SUPPORT_PREFIX)]
    return [chosen[position] for position in kept], [names[position] for position in kept]


def _with_old_artillery(model, chosen: list[int], names: list[str]) -> tuple[list[int], list[str]]:
    """And the support 2.x makes for each unit whose unit attachment sets the old `artillery`
    (or `isArtillery`) true, at that attachment's element, in the list's order."""
    option_names = names_as_2x_reads_them(model)
    if "artillery" not in option_names:
        return chosen, names
    values, owners = model.options.column("value", ""), model.option_owners
    targets = model.table(ATTACHMENT_PATH).column("attachTo", "")
    classes = attachment_classes(model)
    made = sorted({(owners[index], targets[owners[index]])
                   for index in compress(count(), map(eq, option_names, repeat("artillery")))
                   if values[index].lower() == "true" and classes[owners[index]] == "UnitAttachment"})
    joined = sorted([*zip(chosen, names), *((element, _OLD_ARTILLERY_SUPPORT + unit) for element, unit in made)])
    return [element for element, _ in joined], [name for _, name in joined]
