"""Where TripleA fires a trigger that has no `when`: not at every step, but each kind of effect at
one kind of step of the trigger's own player, and there it tests all the trigger's conditions
first (AbstractTriggerAttachment.whenOrDefaultMatch(null, null), called by seven delegates; 1.9
alike). Read by S255-S257, which ask whether anything tests a condition."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them
from converter.check.rules.capitals import END_TURN_DELEGATES
from converter.check.rules.sequence import step_settings_by_name
from converter.check.rules.structure import bidders, java_int, on_or_editable

_TRIGGER = "TriggerAttachment"
_MOVE_KIND_PAIRS = (("territories", "territoryProperty"), ("relationshipTypes", "relationshipTypeProperty"),
                    ("territoryEffects", "territoryEffectProperty"))
# each kind of effect: the options that make it (a pair needs both), and the step classes that fire it
_BUYING = frozenset(("frontier", "productionRule", "purchase"))  # PurchaseDelegate.start
_MOVING = frozenset(("notification", "playerProperty", "placement", "removeUnits", "changeOwnership"))  # a combat move
_ACTIVATING = frozenset(("tech", "support"))  # TechActivationDelegate.start, with the pair unitType + unitProperty
_READ = _BUYING | _MOVING | _ACTIVATING | {option for pair in _MOVE_KIND_PAIRS for option in pair} | frozenset((
    "relationshipChange", "unitType", "unitProperty", "availableTech", "resource", "resourceCount", "victory",
    "activateTrigger", "when", "uses"))


def untimed_triggers_not_fired(model) -> frozenset[str]:
    """The triggers with no `when` that no step of the game fires on its own (by their attachment
    names), and that so never test their conditions unless something activates them. A trigger
    without `when` (and `uses` other than 0) fires where a step of its player collects what it does:
    - `frontier`, `productionRule`, `purchase`: the player's purchase step (PurchaseDelegate,
      NoPUPurchaseDelegate; a BidPurchaseDelegate step only for a player with a bid);
    - `notification`, `playerProperty`, `placement`, `removeUnits`, `changeOwnership`, and
      `territories`, `relationshipTypes` or `territoryEffects` with their property: its combat move
      (a MoveDelegate step whose stepProperty `combatMove` is true, or, without one, whose name ends
      `CombatMove` but not `NonCombatMove`);
    - `relationshipChange`: the end of its PoliticsDelegate step;
    - `unitType` with `unitProperty`, `tech`, `support`: its TechActivationDelegate step;
    - `availableTech`: its TechnologyDelegate step;
    - `resource` with a `resourceCount` other than 0: its end-of-turn step (EndTurnDelegate,
      NoPUEndTurnDelegate), with `National Objectives` on;
    - `victory`, `activateTrigger`: any EndRoundDelegate step (every player's triggers), with
      `Triggered Victory` on.
    All but the last need `Use Triggers` on. A property the host may turn on counts as on. A trigger
    whose name a 2.x variable may still hide is taken to fire."""
    return model.derived("triggers.untimed_not_fired", _not_fired)


def _not_fired(model) -> frozenset[str]:
    classes = attachment_classes(model)
    triggers = [element for element, java_class in enumerate(classes) if java_class == _TRIGGER]
    if not triggers:
        return frozenset()  # (most games)
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _READ)
    owners = model.option_owners
    table = model.table(ATTACHMENT_PATH)
    attachment_names, attached_to = table.column("name", ""), table.column("attachTo", "")
    given: dict[int, dict[str, str]] = {}  # trigger element -> option -> its last value
    for index, value in zip(chosen, model.options.column_at("value", chosen, "")):
        if classes[owners[index]] == _TRIGGER:
            given.setdefault(owners[index], {})[names[index]] = value
    fires_at = _firing_steps(model)
    idle = set()
    for element in triggers:
        name, options = attachment_names[element], given.get(element, {})
        if "when" in options or "@" in name or "$" in name:
            continue
        if options.get("uses", "").strip() == "0" or not any(
                kind in fires_at.get(attached_to[element], ()) or kind in fires_at.get(None, ())
                for kind in _kinds(options)):
            idle.add(name)
    return frozenset(idle)


def _kinds(options: dict[str, str]) -> set[str]:
    """The kinds of effect a trigger's options make, by the step that fires them."""
    kinds = set()
    if not _BUYING.isdisjoint(options):
        kinds.add("purchase")
    if not _MOVING.isdisjoint(options) or any(first in options and second in options
                                               for first, second in _MOVE_KIND_PAIRS):
        kinds.add("combat move")
    if "relationshipChange" in options:
        kinds.add("politics")
    if not _ACTIVATING.isdisjoint(options) or "unitType" in options and "unitProperty" in options:
        kinds.add("tech activation")
    if "availableTech" in options:
        kinds.add("technology")
    if "resource" in options and java_int(options.get("resourceCount", "").strip()) not in (None, 0):
        kinds.add("end of turn")
    if "victory" in options or "activateTrigger" in options:
        kinds.add("end of round")
    return kinds


def _firing_steps(model) -> dict[str | None, set[str]]:
    """Player -> the kinds of effect its steps fire for its triggers without `when`; None -> those
    the end of the round fires for every player's."""
    triggers, objectives = on_or_editable(model, "Use Triggers"), on_or_editable(model, "National Objectives")
    victory = on_or_editable(model, "Triggered Victory")
    kinds = model.delegate_kinds
    combat = _combat_moves(model)
    bidding = None
    found: dict[str | None, set[str]] = {}
    for index, step in enumerate(model.steps):
        kind = kinds.get(step.delegate)
        if kind == "EndRoundDelegate":
            if victory:
                found.setdefault(None, set()).add("end of round")
            continue
        if not triggers or not step.player:
            continue
        fires = _STEP_FIRES.get(kind)
        if kind == "BidPurchaseDelegate":
            bidding = bidding if bidding is not None else bidders(model)
            fires = "purchase" if step.player in bidding else None  # (a bid step of no bid is skipped)
        elif kind == "MoveDelegate" and index not in combat or kind in END_TURN_DELEGATES and not objectives:
            fires = None  # (a move fires them at a combat move only, an end of turn with National Objectives on)
        if fires:
            found.setdefault(step.player, set()).add(fires)
    return found


_STEP_FIRES = {"PurchaseDelegate": "purchase", "NoPUPurchaseDelegate": "purchase", "MoveDelegate": "combat move",
               "PoliticsDelegate": "politics", "TechActivationDelegate": "tech activation",
               "TechnologyDelegate": "technology", "EndTurnDelegate": "end of turn",
               "NoPUEndTurnDelegate": "end of turn"}


def _combat_moves(model) -> set[int]:
    """The indices (in `model.steps`) of the steps GameStepPropertiesHelper.isCombatMove takes for
    a combat move: stepProperty `combatMove` true, or without it a name ending `CombatMove` but
    not `NonCombatMove`."""
    said = step_settings_by_name(model)
    return {index for index, step in enumerate(model.steps)
            if (said[step.name]["combatMove"].lower() == "true" if "combatMove" in said.get(step.name, {}) else
                step.name.endswith("CombatMove") and not step.name.endswith("NonCombatMove"))}
