"""S250, S258: what a trigger changes is there, on every target it names: the attachments its property
lines change (S250), the technology categories its `availableTech` changes (S258)."""

from __future__ import annotations

from collections import defaultdict

from converter.check.builtin_tables import BUILTIN_RELATIONSHIP_TYPES
from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.game_properties import trigger_fires
from converter.check.rules.options import (TRIGGER_DEFAULT_TARGETS, activated_triggers, attachment_classes,
                                            may_be_activated, names_as_2x_reads_them, trigger_target_attachment)
from converter.findings import Severity

# per kind of property line: the option naming its targets, the <attachment> type they are of, and
# the classes whose attachments the trigger changes (2.x TriggerAttachment.trigger...PropertyChange;
# a class not listed is passed over)
_KINDS = {
    "unit": ("unitType", "unitType", frozenset({"UnitAttachment", "UnitSupportAttachment"})),
    "territory": ("territories", "territory", frozenset({"TerritoryAttachment", "CanalAttachment"})),
    # (a TechAttachment missing is made anew, not looked for: the change is lost with a logged error)
    "player": ("players", "player", frozenset({"PlayerAttachment", "RulesAttachment", "TriggerAttachment",
                                               "PoliticalActionAttachment", "UserActionAttachment"})),
    "relationshipType": ("relationshipTypes", "relationship", frozenset({"RelationshipTypeAttachment"})),
    "territoryEffect": ("territoryEffects", "territoryEffect", frozenset({"TerritoryEffectAttachment"})),
}
_PLAYER_ATTACHMENT, _RELATIONSHIP_TYPE_ATTACHMENT = "playerAttachment", "relationshipTypeAttachment"
_READ = frozenset({f"{kind}Property" for kind in _KINDS} | {f"{kind}AttachmentName" for kind in _KINDS}
                  | {targets for targets, _, _ in _KINDS.values()})


@rule("S250", "structure.trigger-target-lacks-attachment", Severity.ERROR,
      "trigger {trigger!r} changes {what} of {targets}, which {lack} it: the game stops with an error when the "
      "trigger fires")
def trigger_target_lacks_attachment(context):
    """Finds a trigger whose property lines change an attachment some of their targets do not have.

    Why: A trigger's `unitProperty` changes the attachment its `unitAttachmentName` names (the
    unit's `unitAttachment` unless it names another) on each unit type of its `unitType`; likewise
    `territoryProperty` on its `territories`, `playerProperty` on its `players` (the player it is
    attached to when it names none), `relationshipTypeProperty` and `territoryEffectProperty`.
    The game loads whatever the attachment's name, and when the trigger fires, TripleA (2.x and
    1.9 alike) looks the attachment up on each target and stops with an error where one has none
    ("Triggers: No territory attachment for: Sea Zone", "No player attachment for:"): a sea zone
    with no territory attachment among the territories, a player with no `playerAttachment` (the
    one looked for whatever name a `PlayerAttachment` line gives), a condition given to one player
    only. The relationship types the engine makes itself (`default_war_relation` ...) have theirs;
    a missing TechAttachment is made anew, and the change is lost with a logged error, not reported.

    Fix: Give each target the attachment the trigger changes (an `<attachment name="..."
    attachTo="...">` of that class), or leave out of the trigger's targets those that have none.
    """
    model = context.model
    if model is None or model.loops_left:
        return  # (a loop left as written may make the attachments: not judged)
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _READ)
    if not chosen or not any(names[index].endswith("Property") for index in chosen):
        return  # (no trigger changes properties: the usual game)
    classes, owners = attachment_classes(model), model.option_owners
    values, counts = model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, "")
    # trigger element -> option name -> (option index, its value; for an attachment-name line, (name, class) or None)
    read: dict[int, dict[str, list[tuple[int, str | tuple[str, str] | None]]]] = defaultdict(lambda: defaultdict(list))
    for index, value, given in zip(chosen, values, counts):
        if classes[owners[index]] == "TriggerAttachment":
            name = names[index]
            read[owners[index]][name].append((index, trigger_target_attachment(given, value)
                                              if name.endswith("AttachmentName") else f"{given}:{value}" if given
                                              else value))
    if not read:
        return
    table = model.table(ATTACHMENT_PATH)
    # (an attachment with no type is a unit type's: GameParser.parseAttachments)
    attachment_names, targets_of, types = table.column("name", ""), table.column("attachTo", ""), \
        table.column("type", "unitType")
    present = {(name.replace("ttatch", "ttach"), target, kind, classes[element])
               for element, (name, target, kind) in enumerate(zip(attachment_names, targets_of, types))}
    # the relationship types the engine makes itself come with their attachment (RelationshipTypeList)
    present |= {(_RELATIONSHIP_TYPE_ATTACHMENT, builtin, "relationship", "RelationshipTypeAttachment")
                for builtin in BUILTIN_RELATIONSHIP_TYPES}
    for trigger, options in read.items():
        for kind, (targets_option, target_type, changed) in _KINDS.items():
            lines = options.get(f"{kind}Property")
            if not lines:
                continue
            given = options.get(f"{kind}AttachmentName")  # the last line given wins
            if given and given[-1][1] is None:
                continue  # (not "name:Class": 2.x refuses the game)
            name, java_class = given[-1][1] if given else TRIGGER_DEFAULT_TARGETS[kind]
            if java_class not in changed or "@" in name or "$" in name:
                continue
            if java_class == "PlayerAttachment":
                name = _PLAYER_ATTACHMENT  # whatever the line names (PlayerAttachment.get: the player's own)
            if targets_option in options:
                targets = [part for _, value in options[targets_option] for part in value.split(":") if part]
            elif kind == "player":
                targets = [targets_of[trigger]]
            else:
                continue  # (no targets: nothing is changed)
            lacking = [target for target in dict.fromkeys(targets)
                       if (name, target, target_type, java_class) not in present]
            if lacking:
                yield hit(line=model.options.lines[lines[0][0]], trigger=attachment_names[trigger],
                          what=f"its {kind} property lines' {java_class} {name!r}",
                          targets=some_of([repr(target) for target in lacking]),
                          lack="lacks" if len(lacking) == 1 else "lack", player=None)


@rule("S258", "structure.trigger-tech-category-missing", Severity.ERROR,
      "trigger {trigger!r} changes the technologies of category {category!r} for {players}, which "
      "{have} no such category: the game stops when the trigger fires ({engine})")
def trigger_tech_category_missing(context):
    """Finds a trigger's `availableTech` naming a technology category a player it applies to lacks.

    Why: A trigger's `availableTech` (`Land:mechanizedInfantry`) adds technologies to, or with
    `-` takes them from, the category its first part names, for each player of its `players`
    (the player it is attached to when it names none). The category is one of that player's
    `<playerTech>` in the game XML's `<technology>`; TripleA looks it up only when the trigger
    fires, and stops the game where a player has none of that name (2.x: "TechnologyFrontier
    doesn't exist: Sea for player: Reds"; 1.9: "Triggers: tech category doesn't exist"). The game
    loads without a word. A trigger that cannot fire is not reported, nor one without a `when`
    whose player has no research step (TechnologyDelegate, which fires such triggers) unless
    another trigger's or a user action's `activateTrigger` names it (which fires it anywhere).

    Fix: Name one of the player's categories (as its `<playerTech>` lists them, in the same
    letter case), give the player that category, or leave the player out of the trigger's
    `players`.
    """
    model = context.model
    if model is None or model.loops_left:
        return
    names = names_as_2x_reads_them(model)
    chosen = positions(names, frozenset(("availableTech", "players", "when")))
    if not chosen or "availableTech" not in map(names.__getitem__, chosen):
        return
    classes, owners = attachment_classes(model), model.option_owners
    values, counts = model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, "")
    players: dict[int, list[str]] = defaultdict(list)
    timed: set[int] = set()  # the triggers with a `when`
    techs: list[tuple[int, str, int | None]] = []  # (trigger element, category, line)
    for index, value, given in zip(chosen, values, counts):
        if classes[owners[index]] != "TriggerAttachment" or "@" in value or "$" in value:
            continue
        if names[index] == "when":
            timed.add(owners[index])
        elif names[index] == "players":
            players[owners[index]] += [part.strip() for part in value.split(":")]
        else:
            parts = (f"{given}:{value}" if given else value).split(":")
            if len(parts) >= 2:  # (fewer: the game does not load, S220's)
                techs.append((owners[index], parts[0], model.options.lines[index]))
    if not techs:
        return
    categories = tech_categories(model)
    table = model.table(ATTACHMENT_PATH)
    trigger_names, attached = table.column("name", ""), table.column("attachTo", "")
    fires = trigger_fires(model)
    kinds = model.delegate_kinds
    # without a `when`, its own player's research step fires it (TechnologyDelegate.start)
    researching = {step.player for step in model.steps if kinds.get(step.delegate) == "TechnologyDelegate"}
    activated = activated_triggers(model)
    for element, category, line in techs:
        name = trigger_names[element]
        if not fires(name) or element not in timed and attached[element] not in researching and \
                not may_be_activated(name, activated):
            continue  # (another trigger's or an action's `activateTrigger` fires it at any step)
        lacking = [player for player in dict.fromkeys(players.get(element) or [attached[element]])
                   if category not in categories.get(player, ())]
        if lacking:
            yield hit(line=line, trigger=trigger_names[element], category=category,
                      players=some_of([repr(player) for player in lacking], 3),
                      have="has" if len(lacking) == 1 else "have",
                      engine=f"TechnologyFrontier doesn't exist: {category} for player: {lacking[0]}")


def tech_categories(model) -> dict[str, set[str]]:
    """Each player's technology categories (`<technology><playerTech player=...><category name=...>`)."""
    player_techs = model.table("technology/playerTech")
    categories = model.table("technology/playerTech/category")
    owner_names = player_techs.column("player", "")
    found: dict[str, set[str]] = defaultdict(set)
    for owner, name in zip(categories.owners(player_techs), categories.column("name", "")):
        if owner >= 0:
            found[owner_names[owner]].add(name)
    return found
