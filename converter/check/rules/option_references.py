"""R111: the names in attachment option values (`bombingTargets`, `placement`, `players` ...)
are declared; their formats are `option_formats`'s."""

from __future__ import annotations

from collections import defaultdict
from itertools import compress, count
from typing import Iterator

from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.model import ATTACHMENT_PATH, PLAYER, TECHNOLOGY, TERRITORY, TERRITORY_EFFECT
from converter.check.option_formats import KINDS, NOT_NAMES, OPTION_FORMATS, OPTION_NAMES, PLACE, ValueFormat
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them
from converter.check.rules.references import technology_advances
from converter.check.rules.structure import java_int
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
    fields, tail = value_format.fields, value_format.tail
    position = 0
    for part, word in zip(parts, words):
        if word in value_format.stop:
            return
        while True:
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
        if kind not in NOT_NAMES and word not in value_format.keywords:
            yield KINDS[kind], part.removeprefix(value_format.prefix) if value_format.prefix else part


@rule("R111", "references.undefined-in-option", Severity.ERROR,
      "option {option!r} of {attachment} names an undefined {kind} {name!r}{suggestion}", beyond_engine=False)
def undefined_in_option(context):
    """Finds attachment options naming a unit type, player, territory or the like the game never declares.

    Why: An option such as `bombingTargets`, `createsUnitsList`, a trigger's `placement` or
    `players`, or a territory's `capital` names things by their exact names, split at `:` (with
    the option's `count` in front). The option's setter in TripleA 2.x, and in 1.9, looks each
    name up while the game is read and throws at the first it cannot find, so the game is refused
    (`No unit type: ...`, `No player named: ...`). The engine names one option at a time; this
    rule gives every one with its line. Words the setter reads itself (`any`, `all`, `each`,
    `controlled`, `NONE`, `BY`/`FROM`) and the player `Neutral` are not names. Values built
    from 2.x variables are not checked.

    Fix: Correct the name to one the game XML declares (case and spaces included), or declare the
    missing unit type, player, territory or resource. Separate names with `:` alone, with no
    blank around it.
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = list(compress(count(), map(OPTION_NAMES.__contains__, names)))  # found in C
    if not chosen:
        return
    classes, owners = attachment_classes(model), model.option_owners
    # (class, option, count, value) of each: big games repeat the same values hundreds of times,
    # so each distinct one is read once (the keys are built and counted in C)
    keys = list(zip(map(classes.__getitem__, map(owners.__getitem__, chosen)), map(names.__getitem__, chosen),
                    model.options.column_at("count", chosen, ""), model.options.column_at("value", chosen, "")))
    declared = _Declared(model)
    by_format: dict[tuple[str, str], list] = defaultdict(list)
    for key in dict.fromkeys(keys):
        if key[3]:  # 2.x skips an option with an empty value
            by_format[key[:2]].append((key, f"{key[2]}:{key[3]}" if key[2] else key[3]))
    undefined = {}
    for format_key, values in by_format.items():
        value_format = OPTION_FORMATS.get(format_key)
        if value_format is None or _all_declared(value_format, [value for _, value in values], declared):
            continue
        for key, value in values:
            found = _undefined(value_format, value, declared)
            if found:
                undefined[key] = found
    if not undefined:
        return
    attached, lines = model.attached, model.options.lines
    table = model.table(ATTACHMENT_PATH)
    attachment_names, targets = table.column("name", ""), table.column("attachTo", "")
    with_variables = bool(model.variables) or not model.one_attachment_per_element
    for index, key in compress(zip(chosen, keys), map(undefined.__contains__, keys)):
        element = owners[index]
        if element not in attached or with_variables and any("@" in part or "$" in part for part in key[2:]):
            continue  # an attachment on nothing is not read; values built from variables are not checked
        for kind, name in undefined[key]:
            close = closest_name(name.strip(), declared.of(kind)) if name.strip() else None
            yield hit(line=lines[index], option=key[1], kind=kind, name=name,
                      attachment=f"{attachment_names[element]!r} on {targets[element]!r}",
                      suggestion=f"; did you mean {close!r}?" if close else "")


def _all_declared(value_format: ValueFormat, values: list[str], declared: "_Declared") -> bool:
    """Whether every name in these values is declared, asked of all at once in C; only for a
    format of one list of names from a fixed place (`unit*`, `count:unit*`), else False."""
    places = value_format.places
    if not places or len(places) != 1 or not places[0][2] or value_format.whole:
        return False
    start, kind, _ = places[0]
    known = declared.of(kind)
    if known is None:
        return True
    if start:
        values = [value.split(":", start)[-1] if value.count(":") >= start else "" for value in values]
    return known.issuperset(":".join(values).split(":"))


def _undefined(value_format: ValueFormat, value: str, declared: "_Declared") -> list[tuple[str, str]]:
    """(kind, name) of each name in `value` that the game does not declare, in order."""
    places = value_format.places
    if places is None:
        return [(kind, name) for kind, name in named_parts(value_format, value)
                if (known := declared.of(kind)) is not None and name not in known]
    compared = value if value_format.case_sensitive else value.lower()
    if compared in value_format.whole:
        return []
    parts = value.split(":")  # Guava's Splitter keeps empty parts
    found = []
    for index, kind, rest in places:
        known = declared.of(kind)
        named = parts[index:] if rest else parts[index:index + 1]
        if known is None or known.issuperset(named):  # the usual case, settled in C
            continue
        keywords = value_format.keywords
        found += [(kind, name) for name in named if name not in known
                  and (name if value_format.case_sensitive else name.lower()) not in keywords]
    return found

class _Declared:
    """The names each kind of option part may take, gathered on first need; None for a kind
    not checked (territories on a grid map, whose names the engine makes)."""

    def __init__(self, model):
        self._model, self._known = model, {}

    def of(self, kind: str) -> frozenset[str] | None:
        if kind not in self._known:
            self._known[kind] = self._gather(kind)
        return self._known[kind]

    def _gather(self, kind: str) -> frozenset[str] | None:
        model = self._model
        if kind in (TERRITORY, PLACE) and model.has_grid:
            return None
        if kind == PLACE:
            return model.names(TERRITORY) | model.names(TERRITORY_EFFECT)
        if kind == PLAYER:  # PlayerList.getPlayerId("Neutral") is the engine's own player
            return model.names(PLAYER) | {NEUTRAL_PLAYER}
        if kind == TECHNOLOGY:  # an advance is found by its name or its property
            return frozenset(name for pair in technology_advances(model) for name in pair)
        return model.names(kind)
