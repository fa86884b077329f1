"""S265: production rules on which TripleA's AI (ProAI) stops planning a purchase: a rule that
gives none of a unit type beside one that buys it."""

from __future__ import annotations

from collections import defaultdict

from converter.check.model import UNIT
from converter.check.rule import hit, rule, some_of
from converter.check.rules.game_properties import fired_trigger_options
from converter.check.rules.sequence import PURCHASE_DELEGATES
from converter.check.rules.structure import bidders, java_int, technology_frontiers
from converter.findings import Severity

_FRONTIER = frozenset(("frontier",))  # a trigger's option moving players to a frontier


@rule("S265", "structure.rule-gives-none-beside-one-that-buys", Severity.WARNING,
      "production rule {rule!r} gives 0 {unit!r}, and rule {sibling!r} of the same frontier {frontier!r} (of "
      "{players}) buys {unit!r}: TripleA's AI (Hard and Fast) stops the game at a purchase it plans with {unit!r} "
      "(\"/ by zero\")")
def rule_gives_none_beside_one_that_buys(context):
    """Finds a production rule that gives 0 units of a type another rule of its frontier buys.

    Why: TripleA's AI (ProAI: the Hard and the Fast AI, 2.x's and 1.9's) makes one purchase option
    of each rule of the player's production frontier: the unit type of its first result, and the
    total of its results (ProPurchaseOption; a result given twice counts once, with its last
    quantity, and 2.x reads a missing quantity as 0). Once it has planned what to buy, it turns
    the units of each type it is to place back into a number of each rule: their count divided by
    the rule's total (ProPurchaseAi.populateProductionRuleMap). A rule totalling 0 whose type
    another rule of the frontier buys divides by 0 as soon as the AI plans that type: the game
    stops at the player's purchase or bid ("/ by zero"). A rule giving 0 of a type nothing else
    buys (a placeholder row of the purchase window, such as `buyNA-1`) does not stop it, nor does
    a frontier of players the AI plans no purchase for (no step named `...Purchase`, nor `...Bid`
    with a bid); human players only pay for nothing when they buy it. A frontier counts as the
    player's from the start, once a trigger that can fire gives it (`frontier`), or once a
    technology moves the player to it (`...IndustrialTechnology`, `...Shipyards`).

    Fix: Give the rule's `<result>` a quantity of 1 or more, or take the rule out of the frontier
    (`<frontierRules>`), or give it a placeholder unit type of its own.
    """
    model = context.model
    if model is None:
        return
    quantities = model.table("production/productionRule/result").column("quantity")
    if not any(quantity is None or (quantity and not quantity.lstrip("+-").strip("0")) for quantity in quantities):
        return  # the usual game: no result of 0 (Integer.parseInt reads "00" and "-0" as 0; 2.x a missing one)
    rules = _rule_options(model)
    empty = {name: unit for name, (unit, quantity) in rules.items() if quantity == 0}
    if not empty:
        return
    frontiers = model.values_by_parent("production/productionFrontier", "name", "frontierRules", "name", "")
    owners = _frontier_players(model, _planning_buyers(model))
    declared = model.table("production/productionRule")
    lines = dict(zip(declared.column("name", ""), declared.lines))
    reported = set()
    for frontier, members in frontiers.items():
        if frontier not in owners:
            continue
        for name in sorted(members & empty.keys()):
            unit = empty[name]
            chosen = next((other for other in sorted(members - {name})
                           if other in rules and rules[other][0] == unit and rules[other][1] > 0), None)
            if chosen is None or name in reported:
                continue
            reported.add(name)
            yield hit(line=lines.get(name), rule=name, unit=unit, sibling=chosen, frontier=frontier,
                      players=some_of([repr(player) for player in sorted(owners[frontier])], 3))


def _frontier_players(model, buyers: set[str]) -> dict[str, set[str]]:
    """Frontier -> the players of `buyers` who hold it: at the start (`<playerProduction>`), as a
    trigger that can fire gives it (`frontier`, to its `players` or the player it is attached to),
    or on gaining a technology that moves them to it (Industrial Technology, Shipyards)."""
    held: dict[str, set[str]] = defaultdict(set)
    players = model.table("production/playerProduction")
    for player, frontier in zip(players.column("player", ""), players.column("frontier", "")):
        held[frontier].add(player)
    last = {given.element: given for given in fired_trigger_options(model, _FRONTIER)}  # 2.x keeps the last one
    for given in last.values():
        held[given.value].update(given.players)
    for frontier, holders in list(held.items()):
        for reached in technology_frontiers(model, (frontier,))[0]:
            held[reached] |= holders
    return {frontier: holders & buyers for frontier, holders in held.items() if holders & buyers}


def _planning_buyers(model) -> set[str]:
    """The players TripleA's AI plans a purchase for: at a purchase step (PurchaseDelegate or
    BidPurchaseDelegate) named `...Purchase`, or one named `...Bid` with a bid (AbstractAi.start
    tells them by the name; a bid step of a player without a bid asks no one)."""
    kinds = model.delegate_kinds
    bidding = bidders(model)
    return {step.player for step in model.steps if kinds.get(step.delegate) in PURCHASE_DELEGATES and step.player
            and (step.name.endswith("Purchase") or (step.name.endswith("Bid") and step.player in bidding))}


def _rule_options(model) -> dict[str, tuple[str, int]]:
    """Each production rule as the AI's purchase option sees it: {rule: (the unit type of its first
    result, its results' total)}, a result given twice counting once with its last quantity and a
    missing quantity as 0, as 2.x reads them (ProductionRule's results keep their first order;
    ProPurchaseOption: getAnyResultKey, totalValues); a rule whose first result is a resource, or
    with a quantity that is no whole number, is left out."""
    rules, results = model.table("production/productionRule"), model.table("production/productionRule/result")
    units = model.names(UNIT)
    names = rules.column("name", "")
    found: dict[str, dict[str, int | None]] = {}
    for owner, given, quantity in zip(results.owners(rules), results.column("resourceOrUnit", ""),
                                      results.column("quantity")):
        if owner >= 0:
            found.setdefault(names[owner], {})[given] = 0 if quantity is None else java_int(quantity)
    return {name: (first, sum(values.values())) for name, values in found.items()
            for first in [next(iter(values))] if first in units and None not in values.values()}
