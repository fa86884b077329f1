"""S252-S253: the capitals TripleA asks for in play. Income, purchase and research first ask
whether the player holds enough capitals (TerritoryAttachment.doWeHaveEnoughCapitalsToProduce):
a player that is not optional and has no capital stops the game there (S252), and one whose
`retainCapitalProduceNumber` asks for more capitals than it has never collects income or buys
(S253)."""

from __future__ import annotations

from collections import Counter

from converter.check.model import ATTACHMENT_PATH, PLAYER
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them, trigger_changed_properties
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int
from converter.findings import Severity

# the delegates whose step asks for the player's capitals, and what they do then (2.x)
END_TURN_DELEGATES = ("EndTurnDelegate", "NoPUEndTurnDelegate")  # AbstractEndTurnDelegate.start: the income
_PURCHASE, _TECHNOLOGY, _END_ROUND = "PurchaseDelegate", "TechnologyDelegate", "EndRoundDelegate"
_TECH_DEVELOPMENT = "Tech Development"  # TechnologyDelegate asks only with it on
# EndRoundDelegate's old check: a game of exactly these players, neither WW2V2 nor WW2V3, looks up
# each one's capital at every round's end
_FIVE_PLAYERS = frozenset(("Russians", "Germans", "British", "Japanese", "Americans"))
_FIVE_PLAYER_EXCEPTIONS = ("WW2V2", "WW2V3")
_PLAYER_ATTACHMENT = "playerAttachment"  # the one the capitals' test reads (PlayerAttachment.get)
_PRODUCE_NUMBER = "retainCapitalProduceNumber"


def capital_territories(model) -> dict[str, list[tuple[str, int | None]]]:
    """Player -> the (territory, line) of each `capital` option naming it, of an attachment named
    territoryAttachment (the one 2.x's TerritoryAttachment.get reads; its last `capital`, which
    the engine keeps), in document order."""
    return model.derived("capitals.territories", _read_capitals)


def first_capitals(model) -> dict[str, tuple[str, int | None]]:
    """Player -> (territory, line) of the first `capital` option naming it (the capital marker
    2.x draws)."""
    return {player: found[0] for player, found in capital_territories(model).items()}


def _read_capitals(model) -> dict[str, list[tuple[str, int | None]]]:
    names, owners = model.table(ATTACHMENT_PATH).column("name", ""), model.option_owners
    targets = {attachment.element: attachment.attach_to for attachment in reversed(model.attachments)}
    options = model.options
    chosen = [index for index in positions(names_as_2x_reads_them(model), "capital")  # (`Capital` too)
              if names[owners[index]] == "territoryAttachment"]
    last: dict[int, tuple[str, int]] = {}  # attachment -> its last `capital` option (the one the engine keeps)
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        last[owners[index]] = (value, index)
    capitals: dict[str, list[tuple[str, int | None]]] = {}
    for element, (value, index) in sorted(last.items(), key=lambda item: item[1][1]):
        capitals.setdefault(value, []).append((targets[element], options.lines[index]))
    return capitals


@rule("S252", "structure.player-without-capital", Severity.ERROR,
      "player {player!r} has no capital (no territoryAttachment names it in 'capital'){optional}, and {where} "
      "TripleA looks it up: the game stops there ({engine})")
def player_without_capital(context):
    """Finds a player with no capital whose turn asks for one, so that the game stops there.

    Why: Before a player collects income at an end-of-turn step (EndTurnDelegate,
    NoPUEndTurnDelegate), buys at a purchase step (PurchaseDelegate, when it can pay for a rule
    of its frontier) or researches (TechnologyDelegate with `Tech Development` on), TripleA counts
    the capitals it holds; a player that is not `optional` and that no territory attachment
    names in `capital` stops the game there ("Capital not found for: Reds", in 2.x and 1.9
    alike). An optional player has no capital without harm, and one with no such step is never
    asked. In a game of exactly the players Russians, Germans, British, Japanese and Americans,
    with neither `WW2V2` nor `WW2V3` on, EndRoundDelegate looks up each one's capital at every
    round's end, optional or not, and stops likewise without one. A game whose triggers set
    `capital` is not judged.

    Fix: Give the player's home territory `<option name="capital" value="Reds"/>` in its
    territoryAttachment, or make the player `optional="true"` (then it simply has no capital).
    """
    model = context.model
    if model is None or _capitals_set_by_triggers(model):
        return
    capitals = capital_territories(model)
    optional = _optional_players(model)
    players = model.table("playerList/player")
    asked = None
    for player, line in zip(players.column("name", ""), players.lines):
        if not player or player in capitals or player in optional:
            continue
        asked = asked if asked is not None else _steps_asking_for_capitals(model)
        if player in asked:
            step, does = asked[player]
            yield hit(line=line, player=player, optional=" and is not optional", where=f"at its step {step!r} ({does})",
                      engine=f"Capital not found for: {player}")
    five = _five_players_checked(model)
    if five is not None:
        lacking = [player for player in sorted(five) if player not in capitals]
        for player in lacking:
            yield hit(line=model.first_line(PLAYER, player), player=player, optional="",
                      where="at the end of every round (EndRoundDelegate's check of the five original players' "
                            "capitals, as neither 'WW2V2' nor 'WW2V3' is on)",
                      engine=f"Player {player} has no owned capital or unowned capital as expected")


@rule("S253", "structure.capitals-to-produce-out-of-reach", Severity.WARNING,
      "player {player!r} needs {need} to collect income and buy (retainCapitalProduceNumber{given}), "
      "but {have}: it never collects income, buys or researches (its step {step!r})")
def capitals_to_produce_out_of_reach(context):
    """Finds a player asked for more capitals than it could ever hold, so it never earns or buys.

    Why: With a `playerAttachment`, a player collects income at the end of its turn, buys and
    researches only while it holds at least `retainCapitalProduceNumber` capitals (1 when the
    attachment does not give it; TerritoryAttachment.doWeHaveEnoughCapitalsToProduce). A value
    above the number of territories that name the player in `capital` can never be met, and
    TripleA says nothing: the player's income steps silently give nothing and its purchase step
    is skipped. The usual case is a player with no capital at all given a playerAttachment for
    other options (the value 1 is then implied); one whose triggers change the value, or set a
    capital, is not judged, nor a player with no income, purchase or research step.

    Fix: Lower `retainCapitalProduceNumber` to at most the player's capitals (0 for a player
    with none), or name more of its territories in `capital`.
    """
    model = context.model
    if model is None or _PRODUCE_NUMBER in trigger_changed_properties(model, "playerProperty") or \
            _capitals_set_by_triggers(model):
        return
    given = _produce_numbers(model)
    if not given:
        return
    capitals = capital_territories(model)
    optional = _optional_players(model)
    asked = _steps_asking_for_capitals(model)
    for player, (need, line, said) in given.items():
        have = len({territory for territory, _line in capitals.get(player, ())})
        if need <= have or player not in asked or (not have and player not in optional):
            continue  # (a player with none that is not optional: S252's, the game stops)
        yield hit(line=line, player=player, need=f"{need} capital{'s' if need != 1 else ''}", given=said,
                  step=asked[player][0],
                  have="no territory names it in 'capital'" if not have else
                  f"only {have} territor{'y names' if have == 1 else 'ies name'} it in 'capital' "
                  f"({some_of([repr(t) for t, _line in capitals[player]])})")


def _produce_numbers(model) -> dict[str, tuple[int, int | None, str]]:
    """Player -> (the capitals its playerAttachment asks for, that attachment's or option's line,
    how it is given) for each player with one (the last `retainCapitalProduceNumber` wins)."""
    attachments = [attachment for attachment in model.attachments
                   if attachment.name == _PLAYER_ATTACHMENT and attachment.type == "player"]
    if not attachments:
        return {}
    classes, owners, names = attachment_classes(model), model.option_owners, names_as_2x_reads_them(model)
    found = {attachment.attach_to: (1, attachment.line, " is not given: 1")
             for attachment in attachments if classes[attachment.element] == "PlayerAttachment"}
    elements = {attachment.element: attachment.attach_to for attachment in attachments}
    chosen = [index for index in positions(names, _PRODUCE_NUMBER) if owners[index] in elements]
    for index, value in zip(chosen, model.options.column_at("value", chosen, "")):
        number = java_int(value)
        if number is not None and elements[owners[index]] in found:
            found[elements[owners[index]]] = (number, model.options.lines[index], f" {number}")
    return found


def _steps_asking_for_capitals(model) -> dict[str, tuple[str, str]]:
    """Player -> (its first step that asks for its capitals, what that step does)."""
    kinds = model.delegate_kinds
    research = property_is_true(model, _TECH_DEVELOPMENT)
    can_buy = None
    asked: dict[str, tuple[str, str]] = {}
    for step in model.steps:
        kind = kinds.get(step.delegate)
        if not step.player or step.player in asked:
            continue
        if kind in END_TURN_DELEGATES:
            asked[step.player] = (step.name, "the end of its turn, collecting income")
        elif kind == _TECHNOLOGY and research:
            asked[step.player] = (step.name, f"research, with {_TECH_DEVELOPMENT!r} on")
        elif kind == _PURCHASE:
            can_buy = can_buy if can_buy is not None else can_buy_at_start(model)
            if step.player in can_buy:
                asked[step.player] = (step.name, "a purchase it can pay for")
    return asked


def can_buy_at_start(model) -> set[str]:
    """The players whose production or repair frontier has a rule their starting resources pay
    for (PurchaseDelegate.canWePurchaseOrRepair)."""
    purses: dict[str, Counter] = {}
    table = model.table("initialize/resourceInitialize/resourceGiven")
    for player, resource, quantity in zip(table.column("player", ""), table.column("resource", ""),
                                          table.column("quantity", "")):
        purses.setdefault(player, Counter())[resource] += java_int(quantity) or 0
    able = set()
    for rule_path, frontier_path, listed, given_path in _FRONTIERS:
        rules, costs = model.table(rule_path), model.table(f"{rule_path}/cost")
        rule_names = rules.column("name", "")
        cost_of: dict[str, Counter] = {name: Counter() for name in rule_names}
        for owner, resource, quantity in zip(costs.owners(rules), costs.column("resource", ""),
                                             costs.column("quantity", "")):
            cost_of[rule_names[owner]][resource] += java_int(quantity) or 0
        frontier_rules = model.values_by_parent(frontier_path, "name", listed, "name", "")
        given = model.table(given_path)
        for player, frontier in zip(given.column("player", ""), given.column("frontier", "")):
            purse = purses.get(player, Counter())
            if any(name in cost_of and all(purse[resource] >= amount for resource, amount in cost_of[name].items())
                   for name in frontier_rules.get(frontier, ())):
                able.add(player)
    return able


# (rules, frontiers, a frontier's rules, the players' frontiers): production, then repair
_FRONTIERS = (("production/productionRule", "production/productionFrontier", "frontierRules",
               "production/playerProduction"),
              ("production/repairRule", "production/repairFrontier", "repairRules", "production/playerRepair"))


def _optional_players(model) -> set[str]:
    """The players declared `optional="true"` (in any letter case, as 2.x reads it)."""
    players = model.table("playerList/player")
    return {name for name, value in zip(players.column("name", ""), players.column("optional"))
            if value is not None and value.lower() == "true"}


def _capitals_set_by_triggers(model) -> bool:
    return "capital" in trigger_changed_properties(model, "territoryProperty")


def _five_players_checked(model) -> frozenset[str] | None:
    """The five original players when EndRoundDelegate looks up their capitals every round: a game
    of exactly those players, run with an end-of-round step, and neither WW2V2 nor WW2V3 on."""
    players = set(model.players)
    if len(model.players) != len(_FIVE_PLAYERS) or players != _FIVE_PLAYERS or \
            any(property_is_true(model, name) for name in _FIVE_PLAYER_EXCEPTIONS) or \
            not model.runs_delegate(_END_ROUND):
        return None
    return _FIVE_PLAYERS
