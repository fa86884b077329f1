"""S255-S257: conditions (RulesAttachment) that stop the game, or silently mean something else,
when a trigger, an action or a national objective tests them: one listing itself, one testing a
game property that is no true/false, and a territory list with a keyword out of its place."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.capitals import END_TURN_DELEGATES
from converter.check.rules.game_properties import trigger_fires
from converter.check.rules.options import (activated_triggers, attachment_classes, may_be_activated,
                                            names_as_2x_reads_them, trigger_changed_properties)
from converter.check.rules.structure import java_int, on_or_editable
from converter.check.rules.untimed_triggers import untimed_triggers_not_fired
from converter.findings import Severity

_RULES = "RulesAttachment"
_ACTIONS = ("PoliticalActionAttachment", "UserActionAttachment")  # a player's action tests its conditions
_OBJECTIVE_PREFIX = "objectiveAttachment"  # national objectives: the end of a turn tests them
# the options of territory lists (AbstractRulesAttachment.getTerritoryListBasedOnInputFromXml)
# and the keywords that stand for a group of territories there, alone or after a count
_TERRITORY_LISTS = frozenset(("directOwnershipTerritories", "alliedOwnershipTerritories", "directExclusionTerritories",
                              "alliedExclusionTerritories", "enemyExclusionTerritories",
                              "enemySurfaceExclusionTerritories", "directPresenceTerritories",
                              "alliedPresenceTerritories", "enemyPresenceTerritories"))
_KEYWORDS = frozenset(("controlled", "controlledNoWater", "original", "originalNoWater", "all", "map", "enemy"))


def tested_conditions(model) -> dict[str, str] | None:
    """Each attachment name something tests (following `conditions`), with what tests it first:
    a trigger that can fire (at a step its `when` names, or without one where a step fires what it
    does); a political action (with `Use Politics` on or editable) or user
    action whose player has a step of that delegate; a national objective (with `National
    Objectives` on or editable) whose player has an end-of-turn step. None when a 2.x variable may
    name more."""
    return model.derived("conditions.tested", _tested)


def _tested(model) -> dict[str, str] | None:
    names = names_as_2x_reads_them(model)
    chosen = positions(names, "conditions")
    values = model.options.column_at("value", chosen, "")
    if any("@" in value or "$" in value for value in values):
        return None
    attachment_names, classes, owners = model.table(ATTACHMENT_PATH).column("name", ""), attachment_classes(model), \
        model.option_owners
    listed: dict[str, set[str]] = {}
    for index, value in zip(chosen, values):
        listed.setdefault(attachment_names[owners[index]], set()).update(part.strip() for part in value.split(":"))
    fires = trigger_fires(model)
    kinds = model.delegate_kinds
    step_kinds: dict[str, set[str]] = {}  # player -> the classes of its steps' delegates
    for step in model.steps:
        step_kinds.setdefault(step.player or "", set()).add(kinds.get(step.delegate, ""))
    # what tests an action's or objective's conditions: its player's step of that delegate, with the property on
    # (the start of the names the engines gather them by, the delegates, and whether the property is on)
    testing = {"PoliticalActionAttachment": ("politicalActionAttachment", ("PoliticsDelegate",),
                                             on_or_editable(model, "Use Politics")),
               "UserActionAttachment": ("userActionAttachment", ("UserActionDelegate",), True),
               _RULES: (_OBJECTIVE_PREFIX, END_TURN_DELEGATES, on_or_editable(model, "National Objectives"))}
    idle = _idle_triggers(model)
    tested: dict[str, str] = {}
    for name, java_class, player in zip(attachment_names, classes, model.table(ATTACHMENT_PATH).column("attachTo", "")):
        if java_class == "TriggerAttachment":
            if fires(name) and name not in idle:
                tested.setdefault(name, f"trigger {name!r}")
            continue
        if java_class not in testing or not name.startswith(testing[java_class][0]):
            continue
        _prefix, delegates, switched_on = testing[java_class]
        if switched_on and step_kinds.get(player, set()).intersection(delegates):
            tested.setdefault(name, f"action {name!r}" if java_class in _ACTIONS else
                              f"the national objective {name!r}")
    queue = list(tested)
    while queue:
        name = queue.pop()
        for part in listed.get(name, ()):
            if part not in tested:
                tested[part] = tested[name]
                queue.append(part)
    return tested


def _idle_triggers(model) -> set[str]:
    """The triggers that never test their conditions: `uses` 0, every `when` naming a step the
    sequence lacks (S221's), or no `when` and no step that fires what it does (`untimed_triggers`);
    unless something activates them with `testConditions` true."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, frozenset(("uses", "when")))
    attachment_names, owners = model.table(ATTACHMENT_PATH).column("name", ""), model.option_owners
    steps = {step.name for step in model.steps}
    spent, stray, timed_well = set(), set(), set()
    for index, value, count in zip(chosen, model.options.column_at("value", chosen, ""),
                                   model.options.column_at("count", chosen, "")):
        name = attachment_names[owners[index]]
        if names[index] == "uses":
            if value.strip() == "0":
                spent.add(name)
        elif (f"{count}:{value}" if count else value).partition(":")[2] in steps or "@" in value or "$" in value:
            timed_well.add(name)
        else:
            stray.add(name)
    activated = activated_triggers(model, testing_conditions=True)
    return {name for name in spent | (stray - timed_well) | untimed_triggers_not_fired(model)
            if not may_be_activated(name, activated)}


def _tested_by(model, name: str) -> str | None:
    """What tests the condition `name` (None: nothing does, or variables hide it)."""
    tested = tested_conditions(model)
    return tested.get(name) if tested is not None else None


def _reached_by(model, name: str) -> tuple[str | None, str]:
    """What tests the condition `name` past its `switch` (None when nothing does), and why not:
    RulesAttachment.isSatisfied stops at a switch that is off, before the game property and the
    territory lists."""
    if name in model.derived("conditions.switched_off", _switched_off):
        return None, "its switch is off, and no trigger turns it on"
    by = _tested_by(model, name)
    return by, "" if by else "nothing tests it now"


def _switched_off(model) -> frozenset[str]:
    """The conditions whose last `switch` is false, when no trigger changes a switch."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, "switch")
    if not chosen:
        return frozenset()
    classes, owners = attachment_classes(model), model.option_owners
    if any(changed == "switch" or "@" in changed or "$" in changed
           for changed in trigger_changed_properties(model, "playerProperty")):
        return frozenset()  # (a trigger may turn a switch on)
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    last: dict[str, str] = {}
    for index, value in zip(chosen, model.options.column_at("value", chosen, "")):
        if classes[owners[index]] == _RULES:
            last[attachment_names[owners[index]]] = value.strip().lower()
    return frozenset(name for name, value in last.items() if value == "false")


@rule("S255", "structure.condition-lists-itself", Severity.ERROR,
      "condition {name!r} lists itself in 'conditions': TripleA tests a condition's conditions first, so {effect}")
def condition_lists_itself(context):
    """Finds a condition whose `conditions` option names the condition itself.

    Why: Before a condition (RulesAttachment) is tested, TripleA tests the conditions it lists
    (AbstractConditionsAttachment.testAllConditionsRecursive), and a condition that lists itself
    is tested again without end: the game stops with a StackOverflowError when a trigger, an
    action or a national objective tests it (2.x and 1.9 alike). Neither engine notices it as
    the game loads. A condition nothing tests is a warning: the game plays until something does.
    Tested are those that a trigger that can fire names (not one whose `uses` is 0 or whose
    `when` names no step; one without `when` fires only where a step of its player fires what it
    does: a `purchase` at its purchase step, a `notification` at its combat move, a `resource`
    at its end of turn with `National Objectives` on, and so on, as `untimed_triggers` lists;
    unless something activates it with `testConditions` true), directly or through other conditions; a
    political action (with `Use Politics` on or editable) or a user action whose player has a
    step of that delegate; and a national objective, with `National Objectives` on or editable
    and an end-of-turn step of its player. Only a condition can list itself: the engines refuse
    a list naming a later one, and link a name to the first player (in the playerList's order)
    holding a condition of that name, so a name another player's earlier condition also has
    links that one.

    Fix: Delete the condition's own name from its `conditions` option (list the conditions it
    depends on, declared before it).
    """
    model = context.model
    if model is None:
        return
    attached = model.table(ATTACHMENT_PATH).column("attachTo", "")
    for line, _option, value, element, name in _condition_options(model, "conditions"):
        if name not in (part.strip() for part in value.split(":")) or \
                _linked_player(model, name, element) != attached[element]:
            continue  # (the name links another player's condition of that name)
        by = _tested_by(model, name)
        yield hit(line=line, name=name,
                  effect=f"the game stops with a StackOverflowError when {by} tests it" if by else
                  "a trigger, action or objective testing it would stop the game with a StackOverflowError "
                  "(nothing tests it now)", **({} if by else {"severity": Severity.WARNING}))


def _condition_options(model, wanted: str | frozenset[str], keep=None) -> list[tuple[int | None, str, str, int, str]]:
    """(line, option name, value, attachment element, condition name) of each option called
    `wanted` (a name or a set of them, as 2.x reads option names) of a RulesAttachment, whose
    value `keep` accepts (all without one)."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, wanted)
    if not chosen:
        return []
    values = model.options.column_at("value", chosen, "")
    if keep is not None:  # (a big game has thousands of such options, and few are judged further)
        kept = [(index, value) for index, value in zip(chosen, values) if keep(value)]
        if not kept:
            return []
        chosen, values = [index for index, _value in kept], [value for _index, value in kept]
    classes, owners, lines = attachment_classes(model), model.option_owners, model.options.lines
    attachment_names = model.table(ATTACHMENT_PATH).column("name", "")
    return [(lines[index], names[index], value, owners[index], attachment_names[owners[index]])
            for index, value in zip(chosen, values) if classes[owners[index]] == _RULES]


def _keyword_in_a_list(value: str) -> bool:
    """Whether a value of more than one part has a group keyword among its parts."""
    return ":" in value and not _KEYWORDS.isdisjoint(value.split(":"))


def _linked_player(model, name: str, element: int) -> str | None:
    """The player whose attachment `name` a `conditions` line of the attachment `element` links
    (AbstractConditionsAttachment.setConditions: the first player, in the playerList's order,
    holding an attachment of that name declared so far, this one included)."""
    table = model.table(ATTACHMENT_PATH)
    holders = {target for each, target in zip(table.column("name", "")[:element + 1],
                                                  table.column("attachTo", "")[:element + 1]) if each == name}
    return next((player for player in model.players if player in holders), None)


@rule("S256", "structure.condition-property-not-boolean", Severity.ERROR,
      "condition {name!r} tests game property {property!r}, declared {declared}: {effect}")
def condition_property_not_boolean(context):
    """Finds a condition testing a game property that TripleA does not keep as true or false.

    Why: A condition's `gameProperty` holds while that game property is true, and TripleA reads
    it as a boolean (GameProperties.get with a default of false). A property whose value is no
    true or false (a number, a word) is kept as a number or text, and the cast fails: the game
    stops with a ClassCastException when a trigger, an action or a national objective tests the
    condition (2.x and 1.9). TripleA 1.9 also keeps a true or false as text unless the property
    is typed `<boolean/>`, and stops alike (a warning: 2.x takes the type from the value), as it
    does for a fixed property with no `value` at all, which it keeps as empty text (a warning: 2.x
    reads it as absent, so false). A
    property typed `<boolean/>` with another value is S210's. A condition nothing tests (as
    S255 tells), or whose `switch` is false with no trigger changing a switch (the test stops
    there, before the game property), is a warning.

    Fix: Give the property the value true or false, typed `<boolean/>`
    (`<property name="Our Rule" value="true" editable="false"><boolean/></property>`), or test
    another property.
    """
    model = context.model
    if model is None:
        return
    declared = None
    for line, _option, value, _element, name in _condition_options(model, "gameProperty"):
        declared = declared if declared is not None else {prop.name: prop for prop in model.properties}  # (the last)
        prop = declared.get(value)
        if prop is None or prop.value_type == "boolean":
            continue
        boolean = prop.value.strip().lower() in ("true", "false")
        typed = f"<{prop.value_type}/>" if prop.value_type else "with no type"
        said = f"{typed} with value {prop.value!r} (line {context.source_lines.start_of(prop.line)})"
        by, why_not = _reached_by(model, name)
        when = f"when {by} tests the condition" if by else "when a trigger, action or objective tests the " \
            f"condition ({why_not})"
        if not prop.given and not prop.editable:  # 2.x sets it as none, and reads the default, false
            yield hit(line=line, name=name, property=value, declared=said, severity=Severity.WARNING,
                      effect=f"TripleA 1.9 keeps a property with no value as empty text, and stops with a "
                             f"ClassCastException {when} (2.x reads it as absent: false)")
        elif not boolean:
            kept = "a number" if java_int(prop.value) is not None else "text"
            yield hit(line=line, name=name, property=value, declared=said,
                      effect=f"TripleA keeps it as {kept}, and the game stops with a ClassCastException {when}",
                      **({} if by else {"severity": Severity.WARNING}))
        else:
            yield hit(line=line, name=name, property=value, declared=said, severity=Severity.WARNING,
                      effect=f"TripleA 1.9 keeps it as text unless typed <boolean/>, and stops with a "
                             f"ClassCastException {when} (2.x takes the type from the value)")


@rule("S257", "structure.territory-list-keyword-misplaced", Severity.WARNING,
      "condition {name!r} lists {option} {value!r}: {problem}")
def territory_list_keyword_misplaced(context):
    """Finds a condition's territory list with a group keyword where TripleA does not read it.

    Why: A condition's territory lists (`directOwnershipTerritories`, `alliedPresenceTerritories`
    and the rest) take territory names, or a keyword for a group of them (`controlled`,
    `controlledNoWater`, `original`, `originalNoWater`, `all`, `map`, `enemy`) alone or after a
    count (`2:original`, `each:controlled`). TripleA reads a list of two entries ending in a
    keyword as count and keyword, so `Alpha:controlled` (and `original:controlled`) stops the
    game when the condition is tested ("Attachments: Alpha is not a valid int value"): an error
    where a trigger, action or objective tests it past its `switch` (as S256 tells), a warning
    otherwise. Elsewhere the keyword ends the list without a word: a keyword first
    (`controlled:Alpha`) leaves no territory at all (the condition always holds in 2.x, which
    asks for 0 of none, and never in 1.9), and one further on drops itself and what follows.

    Fix: Write the keyword alone or after a count (`1:controlled`), or list the territories by
    name without it.
    """
    model = context.model
    if model is None:
        return
    for line, option, value, _element, name in _condition_options(model, _TERRITORY_LISTS, _keyword_in_a_list):
        parts = value.split(":")
        at = next((place for place, part in enumerate(parts) if part in _KEYWORDS), None)
        counted = len(parts) == 2 and parts[1] in _KEYWORDS  # (read as a count and a keyword, the first whatever)
        if at is None or len(parts) == 1 or "@" in value or "$" in value or \
                counted and (parts[0] == "each" or java_int(parts[0]) is not None):
            continue
        if counted:
            by, why_not = _reached_by(model, name)
            when = f"when {by} tests it" if by else f"when a trigger, action or objective tests it ({why_not})"
            problem = (f"with two entries TripleA reads the first as the number of territories, so the game stops "
                       f"{when} (\"Attachments: {parts[0]} is not a valid int value\"); write {parts[1]!r} alone or "
                       f"after a count")
            yield hit(line=line, name=name, option=option, value=value, problem=problem,
                      **({"severity": Severity.ERROR} if by else {}))
        elif at == 0:
            yield hit(line=line, name=name, option=option, value=value,
                      problem=f"TripleA stops reading the list at the keyword {parts[0]!r} and finds no territory: "
                              "the condition always holds in 2.x (it asks for 0 of none) and never in 1.9")
        else:
            yield hit(line=line, name=name, option=option, value=value,
                      problem=f"TripleA stops reading the list at the keyword {parts[at]!r}: it and what follows "
                              f"({':'.join(parts[at + 1:]) or 'nothing'}) are ignored")
