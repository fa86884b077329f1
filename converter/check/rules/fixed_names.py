"""S254: names TripleA looks up in play by a fixed spelling, a legacy of the first maps: the
resource `PUs`, the player `Japanese` and the unit type `infantry`. A game without the one a step
asks for stops there."""

from __future__ import annotations

from converter.check.model import RESOURCE, UNIT
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.capitals import END_TURN_DELEGATES  # (AbstractEndTurnDelegate.start reads PUs first)
from converter.check.rules.options import names_as_2x_reads_them
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import bidders
from converter.findings import Severity

_PUS, _JAPANESE, _INFANTRY = "PUs", "Japanese", "infantry"
_BATTLE = "BattleDelegate"  # each battle's costs are counted in PUs (TuvCostsCalculator)
_BID = "BidPurchaseDelegate"  # a player's bid is given in PUs
_PACIFIC_THEATER = "Pacific Theater"  # EndRoundDelegate reads Japanese's victory points with it on
_PER_VALUED_TERRITORY = "Production Per Valued Territory Restricted"  # NoPuPurchaseDelegate's infantry
_RULES_ATTACHMENT = "rulesAttachment"  # the one GamePlayer.getRulesAttachment reads
_PER_X_TERRITORIES = "productionPerXTerritories"


@rule("S254", "structure.fixed-name-missing", Severity.ERROR,
      "the game has no {kind} {name!r}, which TripleA looks up by that name {where}: the game stops there ({engine})")
def fixed_name_missing(context):
    """Finds a resource, player or unit type that TripleA looks up by a fixed name and the game lacks.

    Why: Some of TripleA's rules were written for the first maps and look up a name as those
    spelled it, whatever the game declares: the end of a turn (EndTurnDelegate,
    NoPUEndTurnDelegate), a bid step for a player with a bid, and, in 2.x, every battle
    (TuvCostsCalculator) count money in the resource `PUs`; with `Pacific
    Theater` on, the end of each round (EndRoundDelegate) reads the player `Japanese`'s victory
    points; and with `Production Per Valued Territory Restricted` on, a NoPUPurchaseDelegate step
    gives a player without `productionPerXTerritories` in its `rulesAttachment` one `infantry` per
    territory of value. A game that calls its money `Gold`, has no `Japanese`, or no unit type
    `infantry`, stops at that step (2.x: "No resource named: PUs", a NullPointerException, "has
    no unit type for infantry"; 1.9 alike).

    Fix: Name the game's money `PUs` (its display name can differ in the map's properties), turn
    `Pacific Theater` off in a game without `Japanese`, and give each player of a NoPU purchase
    step `productionPerXTerritories` in its `rulesAttachment` (or declare `infantry`).
    """
    model = context.model
    if model is None:
        return
    kinds = model.delegate_kinds
    steps = model.steps
    if _PUS not in model.names(RESOURCE):
        bidding = bidders(model)
        step = next((step for step in steps if kinds.get(step.delegate) in END_TURN_DELEGATES
                     or kinds.get(step.delegate) == _BID and step.player in bidding), None) or \
            next((step for step in steps if kinds.get(step.delegate) == _BATTLE), None)
        if step is not None:
            does = {_BATTLE: "each battle counts the units lost in it, in TripleA 2.x; 1.9 plays on",
                    _BID: f"the bid of {step.player!r} is given in it"}.get(kinds.get(step.delegate), "the end of a turn")
            yield hit(line=step.line, kind="resource", name=_PUS, where=f"at its step {step.name!r} ({does})",
                      engine="No resource named: PUs")
    if property_is_true(model, _PACIFIC_THEATER) and _JAPANESE not in model.players:
        step = next((step for step in steps if kinds.get(step.delegate) == "EndRoundDelegate"), None)
        if step is not None:
            yield hit(line=step.line, kind="player", name=_JAPANESE,
                      where=f"at its step {step.name!r} (the end of a round, with {_PACIFIC_THEATER!r} on)",
                      engine="EndRoundDelegate: a NullPointerException")
    if property_is_true(model, _PER_VALUED_TERRITORY) and _INFANTRY not in model.names(UNIT):
        given = players_with_production_per_x_territories(model)
        step = next((step for step in steps if kinds.get(step.delegate) == "NoPUPurchaseDelegate"
                     and step.player and step.player not in given), None)
        if step is not None:
            yield hit(line=step.line, kind="unit type", name=_INFANTRY,
                      where=f"at its step {step.name!r} (a NoPU purchase with {_PER_VALUED_TERRITORY!r} on, for "
                            f"{step.player!r}, whose {_RULES_ATTACHMENT!r} gives no {_PER_X_TERRITORIES!r})",
                      engine="UnitTypeList has no unit type for infantry")


def players_with_production_per_x_territories(model) -> set[str]:
    """The players whose `rulesAttachment` gives `productionPerXTerritories`."""
    names = names_as_2x_reads_them(model)
    owners = model.option_owners
    attachments = {attachment.element: attachment for attachment in model.attachments}
    found = set()
    for index in positions(names, _PER_X_TERRITORIES):
        attachment = attachments[owners[index]]
        if attachment.name == _RULES_ATTACHMENT and attachment.type == "player":
            found.add(attachment.attach_to)
    return found
