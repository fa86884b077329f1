"""S265: production rules on which TripleA's AI (ProAI) stops planning a purchase: a rule that
gives none of a unit type beside one that buys it."""

from __future__ import annotations

from converter.check.model import UNIT
from converter.check.rule import hit, rule, some_of
from converter.check.rules.structure import java_int
from converter.findings import Severity

_BUYING_STEPS = ("PurchaseDelegate", "BidPurchaseDelegate")  # where the AI plans what to buy


@rule("S265", "structure.rule-gives-none-beside-one-that-buys", Severity.WARNING,
      "production rule {rule!r} gives 0 {unit!r}, and rule {sibling!r} of the same frontier {frontier!r} (of "
      "{players}) buys {unit!r}: TripleA's AI (Hard and Fast) stops the game at a purchase it plans with {unit!r} "
      "(\"/ by zero\")")
def rule_gives_none_beside_one_that_buys(context):
    """Finds a production rule that gives 0 units of a type another rule of its frontier buys.

    Why: TripleA's AI (ProAI: the Hard and the Fast AI, 2.x's and 1.9's) makes one purchase option
    of each rule of the player's production frontier, counting the units the rule gives
    (ProPurchaseOption: its results' total). Once it has planned what to buy, it turns the units
    of each type it is to place back into a number of each rule: their count divided by the
    rule's (ProPurchaseAi.populateProductionRuleMap). A rule giving 0 units of a type that
    another rule of the frontier buys divides by 0 as soon as the AI plans that type: the game
    stops at the player's purchase ("/ by zero"). A rule giving 0 of a type nothing else buys (a
    placeholder row of the purchase window, such as `buyNA-1`) does not stop it, nor does a
    frontier of players without a purchase step; human players only pay for nothing when they
    buy it.

    Fix: Give the rule's `<result>` a quantity of 1 or more, or take the rule out of the frontier
    (`<frontierRules>`), or give it a placeholder unit type of its own.
    """
    model = context.model
    if model is None:
        return
    quantities = model.table("production/productionRule/result").column("quantity", "")
    if not any(quantity and not quantity.lstrip("+-").strip("0") for quantity in quantities):
        return  # the usual game: no result of 0 (Integer.parseInt reads "00" and "-0" as 0 too)
    rules = _rule_results(model)
    empty = {name: units for name, units in rules.items() if len(units) == 1 and not sum(units.values())}
    if not empty:
        return
    frontiers = model.values_by_parent("production/productionFrontier", "name", "frontierRules", "name", "")
    kinds = model.delegate_kinds
    buyers = {step.player for step in model.steps if kinds.get(step.delegate) in _BUYING_STEPS}
    owners: dict[str, list[str]] = {}
    players = model.table("production/playerProduction")
    for player, frontier in zip(players.column("player", ""), players.column("frontier", "")):
        if player in buyers:
            owners.setdefault(frontier, []).append(player)
    lines = dict(zip(model.table("production/productionRule").column("name", ""),
                     model.table("production/productionRule").lines))
    reported = set()
    for frontier, members in frontiers.items():
        if frontier not in owners:
            continue
        for name in sorted(members & empty.keys()):
            (unit,) = empty[name]
            chosen = next((other for other in sorted(members - {name}) if rules.get(other, {}).get(unit, 0) > 0), None)
            if chosen is None or name in reported:
                continue
            reported.add(name)
            yield hit(line=lines.get(name), rule=name, unit=unit, sibling=chosen, frontier=frontier,
                      players=some_of([repr(player) for player in owners[frontier]], 3))


def _rule_results(model) -> dict[str, dict[str, int]]:
    """Each production rule's unit results: {rule: {unit type: total quantity}} (a rule naming a
    resource left out: the AI makes no option of it)."""
    rules, results = model.table("production/productionRule"), model.table("production/productionRule/result")
    units = model.names(UNIT)
    names = rules.column("name", "")
    found: dict[str, dict[str, int]] = {}
    resources: set[str] = set()
    for owner, given, quantity in zip(results.owners(rules), results.column("resourceOrUnit", ""),
                                      results.column("quantity", "")):
        if owner < 0:
            continue
        if given not in units:
            resources.add(names[owner])
            continue
        number = java_int(quantity)
        if number is not None:
            totals = found.setdefault(names[owner], {})
            totals[given] = totals.get(given, 0) + number
    return {name: totals for name, totals in found.items() if name not in resources}
