"""S251: attachment options that a game property the game leaves off keeps from doing anything."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import names_as_2x_reads_them
from converter.check.rules.references import last_declaration
from converter.check.rules.structure import java_int, on_or_editable
from converter.check.spelling2x import attachment_name_as_2x
from converter.findings import Severity

# option (as 2.x names it) -> the game property it needs on, and what it does then (2.x's readers)
_SWITCHED = {
    "objectiveValue": ("National Objectives", "pays a national objective at the end of a turn",
                       "EndTurnDelegate.doNationalObjectivesAndOtherEndTurnEffects"),
    "requiresUnits": ("Unit Placement Restrictions", "asks for units where a unit is placed",
                      "AbstractPlaceDelegate.hasUnitPlacementRestrictions"),
    "unitPlacementRestrictions": ("Unit Placement Restrictions", "keeps a unit from being placed in territories",
                                  "AbstractPlaceDelegate.hasUnitPlacementRestrictions"),
    "canOnlyBePlacedInTerritoryValuedAtX": ("Unit Placement Restrictions",
                                            "keeps a unit from being placed in territories of less production",
                                            "AbstractPlaceDelegate.hasUnitPlacementRestrictions"),
    "givesMovement": ("Units May Give Bonus Movement", "gives units movement",
                      "MoveDelegate.resetAndGiveBonusMovement"),
    "canBeCapturedOnEnteringBy": ("Capture Units On Entering Territory", "lets units be captured by entering",
                                  "Matches.unitCanBeCapturedOnEnteringThisTerritory"),
    "canScramble": ("Scramble Rules In Effect", "lets units scramble", "ScrambleLogic"),
    "fuelCost": ("Use Fuel Cost", "charges fuel for a move", "Route.getFuelCostsAndUnitsChargedFlatFuelCost"),
    "fuelFlatCost": ("Use Fuel Cost", "charges fuel for a move", "Route.getFuelCostsAndUnitsChargedFlatFuelCost"),
    "whenCapturedChangesInto": ("Units Can Be Changed On Capture", "changes units when their territory is captured",
                                "BattleTracker.captureOrDestroyUnits"),
    "destroyedWhenCapturedBy": ("Units Can Be Destroyed Instead Of Captured",
                                "destroys units when their territory is captured",
                                "BattleTracker.captureOrDestroyUnits"),
    "destroyedWhenCapturedFrom": ("Units Can Be Destroyed Instead Of Captured",
                                  "destroys units when their territory is captured",
                                  "BattleTracker.captureOrDestroyUnits"),
    "captureUnitOnEnteringBy": ("Capture Units On Entering Territory", "lets units be captured by entering",
                                "Matches.unitCanBeCapturedOnEnteringThisTerritory"),
}
_OBJECTIVE_PREFIX = "objectiveAttachment"  # the national objectives the end of a turn pays (RulesAttachment)
# values that ask for nothing, whatever the property (any other option: an empty or blank value)
_ASKS_NOTHING = {"objectiveValue": lambda value: java_int(value) in (None, 0),  # (nothing to pay)
                 "canScramble": lambda value: value.strip().lower() != "true"}


@rule("S251", "structure.option-switched-off", Severity.WARNING,
      "option {option!r} of {attachments} does nothing: it {does} only with the game property {prop!r} on "
      "({reader}), and the game {state}")
def option_switched_off(context):
    """Finds attachment options that do nothing because the game property they need is off.

    Why: Some options act only where a game property turns their rule on, and TripleA reads them
    without a word otherwise: an `objectiveValue` is paid only with `National Objectives` on;
    `requiresUnits`, `unitPlacementRestrictions` and `canOnlyBePlacedInTerritoryValuedAtX` hold
    only with `Unit Placement Restrictions`; `givesMovement` needs `Units May Give Bonus Movement`,
    `canBeCapturedOnEnteringBy` needs `Capture Units On Entering Territory`, `canScramble` needs
    `Scramble Rules In Effect`, `whenCapturedChangesInto` needs `Units Can Be Changed On Capture`,
    `destroyedWhenCapturedBy` (and its old `destroyedWhenCapturedFrom`) `Units Can Be Destroyed
    Instead Of Captured`, a territory's or player's `captureUnitOnEnteringBy` `Capture Units On
    Entering Territory`, and `fuelCost` and (2.x's alone) `fuelFlatCost` need `Use Fuel Cost` (2.x
    and 1.9 alike). A game that gives the option but leaves the property out, or sets it false where
    the host cannot change it, plays without the rule the map maker wrote. A property the host may
    turn on (`editable`) is the host's choice, and not reported.

    Fix: Declare the property in the game XML's `<propertyList>` with the value true (or
    editable), or delete the options if the rule is not wanted.
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = positions(names, frozenset(_SWITCHED))
    if not chosen:
        return
    values = model.options.column_at("value", chosen, "")
    table = model.table(ATTACHMENT_PATH)
    attachment_names, targets, owners = table.column("name", ""), table.column("attachTo", ""), model.option_owners
    off: dict[str, list[int]] = {}  # option -> the options given that would act
    for index, value in zip(chosen, values):
        name = names[index]
        asks_nothing = _ASKS_NOTHING[name](value) if name in _ASKS_NOTHING else not value.strip()
        if asks_nothing or on_or_editable(model, _SWITCHED[name][0]):
            continue
        if name == "objectiveValue" and not attachment_name_as_2x(attachment_names[owners[index]]).startswith(
                _OBJECTIVE_PREFIX):
            continue  # (never paid whatever the property: S230's)
        off.setdefault(name, []).append(index)
    if not off:
        return
    lines = model.options.lines
    for name, indices in off.items():
        prop, does, reader = _SWITCHED[name]
        declared = last_declaration(model, prop)
        attachments = list(dict.fromkeys(f"{attachment_names[owners[index]]!r} on {targets[owners[index]]!r}"
                                         for index in indices))
        yield hit(line=lines[indices[0]], option=name, prop=prop, does=does, reader=reader,
                  attachments=some_of(attachments, 1),
                  state=f"sets it to {declared.value!r} (line {context.source_lines.start_of(declared.line)}), "
                        "which the host may not change" if declared is not None else "does not declare it")
