"""What triggers change in play: the unit options a trigger's `unitProperty` lines set on the unit
types its `unitType` names, read as TripleA 2.x's TriggerAttachment reads them. Rules that judge a
unit by its options (I409: does it take more than one hit?) read these beside the XML's own."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from typing import NamedTuple

from converter.check.model import ATTACHMENT_PATH, UNIT
from converter.check.positions import positions
from converter.check.rules.game_properties import trigger_fires
from converter.check.rules.options import (TRIGGER_DEFAULT_TARGETS, attachment_classes, names_as_2x_reads_them,
                                            trigger_target_attachment)
from converter.check.spelling2x import attachment_name_as_2x

_UNIT_ATTACHMENT = TRIGGER_DEFAULT_TARGETS["unit"]  # (name, class): the one the engine reads a unit by
_READ = frozenset(("unitProperty", "unitType", "unitAttachmentName"))


class UnitChange(NamedTuple):
    unit: str
    option: str  # as the trigger writes it (2.x looks it up by that exact name)
    value: str  # what the trigger sets it to
    trigger: str  # its name as 2.x reads it
    line: int | None  # of the `unitProperty` line


def unit_changes(model, options: Collection[str]) -> list[UnitChange]:
    """The changes of these options of unit types' `unitAttachment` that the game's triggers make
    when they fire, in document order: triggers that can fire (`Use Triggers` true or editable,
    or fired by a user action). A value or unit holding a 2.x variable is not followed."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _READ)  # found in C
    if "unitProperty" not in map(names.__getitem__, chosen):
        return []  # the usual game
    classes, owners = attachment_classes(model), model.option_owners
    chosen = [index for index in chosen if classes[owners[index]] == "TriggerAttachment"]
    values, counts = model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, "")
    lines = model.options.lines
    units: dict[int, list[str]] = defaultdict(list)  # trigger element -> the unit types it changes
    # trigger element -> (attachment name, class), the last one given (None: not two parts, which 2.x refuses)
    target: dict[int, tuple[str, str] | None] = {}
    changes: list[tuple[int, str, str, int | None]] = []
    for index, value, given in zip(chosen, values, counts):
        element, option, joined = owners[index], names[index], f"{given}:{value}" if given else value
        parts = joined.split(":")
        if option == "unitType":
            units[element] += parts
        elif option == "unitAttachmentName":
            target[element] = trigger_target_attachment(given, value)
        elif parts[-1] in options:  # the last part is the option, the rest its new value
            changes.append((element, parts[-1], ":".join(parts[:-1]), lines[index]))
    if not changes:
        return []
    trigger_names = model.table(ATTACHMENT_PATH).column("name", "")
    fires = trigger_fires(model)
    declared = model.names(UNIT)
    found = []
    for element, option, value, line in changes:
        name = attachment_name_as_2x(trigger_names[element])
        if target.get(element, _UNIT_ATTACHMENT) != _UNIT_ATTACHMENT or not fires(name) \
                or "@" in value or "$" in value:
            continue
        found += (UnitChange(unit, option, value, name, line) for unit in units.get(element, ()) if unit in declared)
    return found
