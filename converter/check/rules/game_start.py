"""S225, S226, S246-S249: what stops a game as it starts, at its first move, or as a player
first buys technology. The engine's InitializationDelegate, the game's first step, gives every
owned territory its original owner from its territory attachment, loads the land units the game
places at sea onto the transports there, and changes the production frontiers some properties
name; a territory with no attachment, land units no transport can hold, or a frontier missing
throw there, and the game goes no further (1.9 and 2.x alike)."""

from __future__ import annotations

from converter.check.builtin_tables import BUILTIN_RELATIONSHIP_TYPES
from converter.check.model import RELATIONSHIP, RESOURCE, RULE, TERRITORY, UNIT
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import options_of
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int, on_as_said, on_or_editable
from converter.check.techimages import options_of_attachments
from converter.findings import Severity

TERRITORY_ATTACHMENT = "territoryAttachment"  # Constants.TERRITORY_ATTACHMENT_NAME: looked up by this name
_INIT_DELEGATE = "InitializationDelegate"
_PACIFIC_THEATER = "Pacific Theater"  # its destroyers carry only for "Japanese" (TransportTracker)
_PACIFIC_CARRIER = "Japanese"
_PLACEMENT_PATH = "initialize/unitInitialize/unitPlacement"
_LOADING_OPTIONS = ("isSea", "isAir", "isDestroyer", "transportCapacity", "transportCost")
_MAX_TRANSPORTS = 10_000  # units loaded onto more transports than this in one sea zone are not followed


@rule("S225", "structure.territory-attachment-missing", Severity.ERROR,
      "territory {territory!r} has no territoryAttachment: {effect}")
def territory_attachment_missing(context):
    """Finds land territories, and territories owned at the start, with no `territoryAttachment`.

    Why: The engine keeps a territory's production, capital, victory city and original owner in
    the attachment called `territoryAttachment`, and asks for it by that name. At the game's
    first step the InitializationDelegate records the original owner of every territory someone
    owns, and throws `No territory attachment for <name>` for one without it: the game stops
    there, in 1.9 and 2.x (a sea zone too, when a player owns it). TripleA 1.9 throws there for
    a land territory nobody owns as well; 2.x (since May 2025) throws `No territory attachment
    for: <name>(non-water)` whenever it asks about one: whether it can be entered, for every move
    or route search that reaches it, and for the AI's plans. Games with no turn sequence yet (a
    map being made) are left out.

    Fix: Add `<attachment name="territoryAttachment" attachTo="<territory>"
    javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">` to the
    game XML's `<attachmentList>`, with its `production` option (0 for a territory worth nothing).
    """
    model = context.model
    if model is None or not model.steps:
        return
    attached = {each.attach_to for each in model.attachments
                if each.name == TERRITORY_ATTACHMENT and each.type == "territory"}
    territories = model.territories
    if attached.issuperset(territories):
        return  # the usual game
    players = model.names("player")
    owners = model.table("initialize/ownerInitialize/territoryOwner")
    owner_of = {territory: owner for territory, owner in zip(owners.column("territory", ""), owners.column("owner", ""))
                if owner in players}
    starts = model.runs_delegate(_INIT_DELEGATE)
    water, lines = model.water, model.declared_lines(TERRITORY)
    for name, line in zip(territories, lines):
        if name in attached:
            continue
        owner = owner_of.get(name)
        if owner is not None and starts:
            effect = (f"it is owned by {owner} at the start, so the game stops at its first step "
                      f"(InitializationDelegate: No territory attachment for {name})")
        elif name not in water:
            effect = (f"TripleA 2.x fails with 'No territory attachment for: {name}(non-water)' as soon as a move, "
                      "a battle or the AI asks about it" + (f", and 1.9 stops the game at its first step "
                                                            f"(InitializationDelegate: No territory attachment for "
                                                            f"{name})" if starts else ""))
        else:
            continue
        yield hit(line=line, territory=name, effect=effect)
        attached.add(name)  # a territory declared twice: once


@rule("S226", "structure.units-at-sea-not-loaded", Severity.ERROR,
      "sea zone {territory!r}: {problem}, so the game stops at its first step ({engine})")
def units_at_sea_not_loaded(context):
    """Finds land units placed at sea at the start that the engine cannot load onto transports there.

    Why: Land units the game places in a sea zone must start aboard its transports. At the
    game's first step the InitializationDelegate loads each land unit (neither `isSea` nor
    `isAir`), in the order of the `<unitPlacement>` lines, onto the first transport of that sea
    zone (`isSea` with a `transportCapacity`, of any player) with room for its `transportCost`.
    A land unit with no `transportCost` throws `Non transportable unit in sea`, and one no
    transport has room for throws `Cannot load all land units in sea transports`: the game stops
    there, in 1.9 and 2.x, with a message that names neither the sea zone nor the unit. With the
    game property `Pacific Theater` on, destroyers carry nothing unless their owner is called
    `Japanese`. Units whose options the check cannot read (a 2.x `foreach` value), or that have
    no unit attachment (S207), are not judged.

    Fix: Place enough transports in that sea zone, give the unit type a `transportCost` that fits,
    or place those land units on land; the unit's `transportCost` and the transport's
    `transportCapacity` are options of their `unitAttachment`.
    """
    model = context.model
    if model is None:
        return
    water = model.water
    placements = model.table(_PLACEMENT_PATH)
    zones = placements.column("territory", "")
    if water.isdisjoint(zones) or not model.runs_delegate(_INIT_DELEGATE):
        return  # the usual game places nothing at sea
    kinds = _unit_kinds(model)
    pacific = property_is_true(model, _PACIFIC_THEATER)
    at_sea: dict[str, list[tuple[str, str, int, int | None]]] = {}
    for zone, unit, owner, quantity, line in zip(zones, placements.column("unitType", ""),
                                                   placements.column("owner", ""), placements.column("quantity", ""),
                                                   placements.lines):
        if zone in water:
            at_sea.setdefault(zone, []).append((unit, owner, java_int(quantity.strip()) or 0, line))
    for zone, units in at_sea.items():
        found = _first_not_loaded(units, kinds, pacific)
        if found is not None:
            problem, engine, line = found
            yield hit(line=line, territory=zone, problem=problem, engine=engine)


def _unit_kinds(model) -> dict[str, dict[str, object]]:
    """Per unit type with a `unitAttachment`, its options that loading reads, the last given
    deciding; None for a value the engine would not read as it is written."""
    kinds: dict[str, dict[str, object]] = {each.attach_to: {} for each in model.attachments
                                           if each.name == "unitAttachment" and each.type == "unitType"}
    for unit, option, value in options_of_attachments(model, "unitAttachment", "unitType", _LOADING_OPTIONS):
        if option in ("isSea", "isAir", "isDestroyer"):
            flag = value.strip().lower()
            kinds.setdefault(unit, {})[option] = flag == "true" if flag in ("true", "false") else None
        elif option in ("transportCapacity", "transportCost"):
            kinds.setdefault(unit, {})[option] = java_int(value)
    return kinds


def _first_not_loaded(units, kinds, pacific: bool) -> tuple[str, str, int | None] | None:
    """(problem, the engine's message, line) for the first land unit of a sea zone the engine
    cannot load, as InitializationDelegate.initTransportedLandUnits loads them; None when all
    load, or when an option it reads is unreadable."""
    transports: list[int] = []  # each transport's room left, in the order the units were placed
    land: list[tuple[str, int, int | None]] = []
    for unit, owner, quantity, line in units:
        options = kinds.get(unit)
        if options is None or None in options.values():
            return None  # no unit attachment (S207's), or an option read otherwise
        if options.get("isSea"):
            capacity = options.get("transportCapacity", -1)
            if capacity != -1:
                if pacific and options.get("isDestroyer") and owner != _PACIFIC_CARRIER:
                    capacity = 0
                if len(transports) + quantity > _MAX_TRANSPORTS:
                    return None
                transports += [capacity] * quantity
        elif not options.get("isAir") and quantity > 0:
            land.append((unit, quantity, line))
    for unit, quantity, line in land:
        cost = kinds.get(unit, {}).get("transportCost", -1)
        if cost == -1:
            return f"land unit {unit!r} starts there but has no transportCost", "Non transportable unit in sea", line
        left = _load(transports, cost, quantity)
        if left:
            problem = (f"land units {unit!r} start there with no transport to carry them" if not transports else
                       f"its transports have no room left for {left} {unit!r} placed there")
            return problem, "Cannot load all land units in sea transports", line
    return None


def _load(transports: list[int], cost: int, quantity: int) -> int:
    """Load `quantity` units of `cost` one by one onto the first transport with room (changing
    `transports`); how many find none. Units alike fill the transports in order."""
    for index, room in enumerate(transports):
        if quantity == 0:
            break
        if room < cost:
            continue
        taken = quantity if cost <= 0 else min(quantity, room // cost)
        transports[index] = room - taken * cost
        quantity -= taken
    return quantity


_STOPS = "so the game stops at its first step"
_PRODUCTION, _SHIPYARDS, _INDUSTRIAL = "production", "productionShipyards", "productionIndustrialTechnology"
# initDestroyerArtillery: the rules it adds, and the frontier it adds them to (read by name)
_ADDED_RULES = ((_PRODUCTION, ("buyArtillery", "buyDestroyer")),
                (_INDUSTRIAL, ("buyArtilleryIndustrialTechnology", "buyDestroyerIndustrialTechnology")))


@rule("S246", "structure.start-up-frontiers", Severity.ERROR, "{problem} ({engine})")
def start_up_frontiers(context):
    """Finds production frontiers the game's start-up changes by name, missing or already changed.

    Why: With 'Use Shipyards' on, the InitializationDelegate (the game's first step) copies every
    rule of the frontier named `production` whose unit is not a sea unit into the frontier named
    `productionShipyards` (initShipyards): it stops the game with a NullPointerException where there
    is no `production`, and fails where `productionShipyards` is missing. Where
    `productionShipyards` already lists such a rule (a map maker listing every unit there, as the
    other frontiers do), the copy throws `Rule already added` as it is applied, which both engines
    log as every game starts (2.x shows it in a dialog), and the rules after it are not copied: a
    warning, as the game plays on (as the map maker meant where the frontier lists them all). With
    'Use Destroyers and Artillery' on and WW2V2 off, it adds `buyArtillery` and `buyDestroyer` to
    `production`, and their Industrial Technology rules to `productionIndustrialTechnology`
    (initDestroyerArtillery), and stops where that frontier is missing. 1.9 and 2.x alike. A
    property the host may turn on (`editable`) makes it a warning.

    Fix: In `productionShipyards` list only the sea units' rules (the start-up adds the others);
    declare the frontiers the message names; or turn the property off.
    """
    model = context.model
    if model is None or not model.runs_delegate(_INIT_DELEGATE):
        return
    shipyards, artillery = _on_or_host_may(model, "Use Shipyards"), None
    if not property_is_true(model, "WW2V2"):
        artillery = _on_or_host_may(model, "Use Destroyers and Artillery")
    if shipyards is None and artillery is None:
        return  # the usual game
    frontiers = _frontier_rules(model)
    rules = model.names(RULE)
    if shipyards is not None:
        # initDestroyerArtillery runs first: the rules it adds to `production` are copied too
        # (only where the property is on: where the host may turn it on, the copy fails only then)
        added = [name for name in _ADDED_RULES[0][1] if name in rules] \
            if artillery is not None and artillery[1] is Severity.ERROR else []
        yield from _shipyard_failures(model, frontiers, shipyards, added)
    for frontier, added in _ADDED_RULES if artillery is not None else ():
        present = [name for name in added if name in rules]
        if present and frontier not in frontiers:
            yield hit(line=model.first_line(RULE, present[0]), severity=artillery[1],
                      problem=f"{artillery[0]} and WW2V2 off, the start-up adds {present[0]!r} to the production "
                              f"frontier {frontier!r}, which the game does not declare, {_STOPS}",
                      engine="InitializationDelegate.initDestroyerArtillery: a NullPointerException")


def _on_or_host_may(model, name: str):
    """("with 'X' on", an error) where the property is on; ("with 'X', which the host may turn
    on", a warning) where it is editable; None where it is off."""
    if not on_or_editable(model, name):
        return None
    return f"with {on_as_said(model, name)}", Severity.ERROR if property_is_true(model, name) else Severity.WARNING


def _frontier_rules(model) -> dict[str, tuple[list[str], int | None]]:
    """Each production frontier's rules in order, with its line (a later declaration replaces
    an earlier, as the engine's list keeps the last)."""
    frontiers = model.table("production/productionFrontier")
    rules = model.table("production/productionFrontier/frontierRules")
    listed: dict[int, list[str]] = {}
    for owner, name in zip(rules.owners(frontiers), rules.column("name", "")):
        listed.setdefault(owner, []).append(name)
    return {name: (listed.get(index, []), line)
            for index, (name, line) in enumerate(zip(frontiers.column("name", ""), frontiers.lines))}


def _shipyard_failures(model, frontiers, shipyards, added: list[str]):
    """initShipyards' failures: no `production`; land and air rules with no `productionShipyards`,
    or some of them listed there already (`added`: the rules the start-up added to `production`
    before, at its end)."""
    said, severity = shipyards
    if _PRODUCTION not in frontiers:
        yield hit(line=None, severity=severity, problem=f"{said}, the start-up reads the production frontier "
                  f"{_PRODUCTION!r}, which the game does not declare, {_STOPS}",
                  engine="InitializationDelegate.initShipyards: a NullPointerException")
        return
    listed = frontiers[_PRODUCTION][0]
    copied = _land_and_air_rules(model, listed + [name for name in added if name not in listed])
    if not copied:
        return
    if _SHIPYARDS not in frontiers:
        yield hit(line=frontiers[_PRODUCTION][1], severity=severity,
                  problem=f"{said}, the start-up copies the {len(copied)} land and air unit rules of {_PRODUCTION!r} "
                          f"({some_of([repr(name) for name in copied])}) into the production frontier "
                          f"{_SHIPYARDS!r}, which the game does not declare, {_STOPS}",
                  engine="InitializationDelegate.initShipyards: no frontier to add them to")
        return
    there, line = frontiers[_SHIPYARDS]
    again = [name for name in copied if name in there]
    if again:
        # the copy is applied rule by rule, and stops at the first one listed already
        lost = [name for name in copied[copied.index(again[0]):] if name not in there]
        outcome = f"; {some_of([repr(name) for name in lost])} {'is' if len(lost) == 1 else 'are'} never copied" \
            if lost else f"; as {_SHIPYARDS!r} lists them all, the game plays the same"
        yield hit(line=line, severity=Severity.WARNING,
                  problem=f"{said}, the start-up copies the land and air unit rules of {_PRODUCTION!r} into "
                          f"{_SHIPYARDS!r}, which already lists {some_of([repr(name) for name in again])}: the copy "
                          f"fails at {again[0]!r}, an exception logged as every game starts (2.x shows it in a "
                          f"dialog){outcome}",
                  engine=f"ProductionFrontier.addRule: Rule already added: ProductionRule:{again[0]}")


def _land_and_air_rules(model, rule_names: list[str]) -> list[str]:
    """The rules whose first result is a unit type that is not a sea unit (`isSea` true, as its
    unitAttachment says last), in order: what initShipyards copies."""
    first_result = model.first_results
    sea = {unit: value.strip().lower() == "true"
           for unit, _option, value in options_of_attachments(model, "unitAttachment", "unitType", ("isSea",))}
    units = model.names(UNIT)
    return [name for name in dict.fromkeys(rule_names)
            if first_result.get(name) in units and not sea.get(first_result[name], False)]


_TECH_TOKENS = "techTokens"  # Constants.TECH_TOKENS: read by this name
_V3_TECH, _DEVELOPMENT = "WW2V3 Tech Model", "Tech Development"


@rule("S247", "structure.tech-tokens-missing", Severity.ERROR,
      "the game has a technology step ({step!r}) with {said}, but declares no resource {resource!r}: the game "
      "stops when a player buys a tech token (TechnologyDelegate: No resource named: {resource})")
def tech_tokens_missing(context):
    """Finds a game whose technology steps buy tech tokens, with no `techTokens` resource.

    Why: With 'WW2V3 Tech Model' and 'Tech Development' on, a player buys technology as tech tokens
    (TechnologyDelegate.chargeForTechRolls), which the engine keeps as the resource it looks up by
    the name `techTokens`: a game without that resource stops when a player buys one ("No resource
    named: techTokens" in 2.x, a NullPointerException in 1.9), whether the player is a human at the
    technology step or the AI. Either property set so that the host may turn it on (`editable`)
    makes it a warning.

    Fix: Declare `<resource name="techTokens"/>` in the game XML's `<resourceList>`, or turn 'WW2V3
    Tech Model' off.
    """
    model = context.model
    if model is None or _TECH_TOKENS in model.names(RESOURCE):
        return
    step = next((step for step in model.steps if step.player
                 and model.delegate_kinds.get(step.delegate) == "TechnologyDelegate"), None)
    if step is None:
        return
    if not (on_or_editable(model, _V3_TECH) and on_or_editable(model, _DEVELOPMENT)):
        return
    on = property_is_true(model, _V3_TECH) and property_is_true(model, _DEVELOPMENT)
    yield hit(line=step.line, step=step.name, resource=_TECH_TOKENS, player=step.player,
              severity=Severity.ERROR if on else Severity.WARNING,
              said=f"{on_as_said(model, _V3_TECH)} and {on_as_said(model, _DEVELOPMENT)}")


_TYPE_ATTACHMENT = "relationshipTypeAttachment"  # Constants.RELATIONSHIPTYPE_ATTACHMENT_NAME
# where a game names the relationship types it gives: (option, attachment class, the type's place)
_TYPE_CHANGES = (("relationshipChange", "TriggerAttachment", 3), ("relationshipChange", "PoliticalActionAttachment", 2))
# when the engine first asks about a type a change gives: a trigger's when it fires; a political action's
# as soon as the action is offered (the AI and PoliticsDelegate weigh the type it would give)
_WHEN_GIVEN = {"TriggerAttachment": "once that fires", "PoliticalActionAttachment": "once the action is offered"}
_CHAINING = "Alliances Can Chain Together"


@rule("S249", "structure.relationship-type-attachment-missing", Severity.ERROR,
      "relationship type {name!r} has no relationshipTypeAttachment, but {use}: TripleA stops {when} "
      "(RelationshipTypeAttachment.get: No attachment named 'relationshipTypeAttachment')")
def relationship_type_attachment_missing(context):
    """Finds relationship types the game gives to players that have no `relationshipTypeAttachment`.

    Why: Whether two players are at war, allied or neutral is their relationship type's archetype,
    kept in the attachment named `relationshipTypeAttachment`, which the engine asks for by that
    name whenever it asks about the two (every move, battle, placement and the AI's plans): a type
    without it that the game gives at the start (`<relationshipInitialize>`) stops the game at the
    first such question, and one a trigger's or political action's `relationshipChange` gives
    stops it once that fires (a political action's, once the action is offered). With 'Alliances
    Can Chain Together' on, the engine reads every declared type's attachment at each step (a
    warning where the host may turn it on). 1.9 and 2.x alike. A type declared and never given is
    not reported.

    Fix: Add `<attachment name="relationshipTypeAttachment" attachTo="<type>"
    javaClass="games.strategy.triplea.attachments.RelationshipTypeAttachment" type="relationship">`
    with its `archeType` option (`war`, `allied` or `neutral`) to the game XML.
    """
    model = context.model
    # (the engine makes its own types with their attachments: RelationshipTypeList)
    declared = model.names(RELATIONSHIP) - BUILTIN_RELATIONSHIP_TYPES if model is not None else frozenset()
    if not declared:
        return
    attached = {each.attach_to for each in model.attachments if each.name == _TYPE_ATTACHMENT}
    if attached.issuperset(declared):
        return  # the usual game
    uses: dict[str, tuple[str, str, int | None]] = {}
    chains = _on_or_host_may(model, _CHAINING)
    for name in declared if chains is not None else ():
        uses[name] = (f"the game is played {chains[0]}", "at the first step", model.first_line(RELATIONSHIP, name))
    relationships = model.table("initialize/relationshipInitialize/relationship")
    for name, line in zip(relationships.column("type", ""), relationships.lines):
        uses.setdefault(name, ("the game gives it at the start", "as soon as it asks about those players", line))
    for option, java_class, place in _TYPE_CHANGES:
        if java_class == "PoliticalActionAttachment" and not model.runs_delegate("PoliticsDelegate"):
            continue  # no politics step offers the action
        chosen = options_of(model, option, java_class)
        for value, line in zip(model.options.column_at("value", chosen, ""), map(model.options.lines.__getitem__,
                                                                                   chosen)):
            parts = value.split(":")
            if len(parts) > place:
                uses.setdefault(parts[place].strip(), (f"a {java_class}'s relationshipChange gives it",
                                                       _WHEN_GIVEN[java_class], line))
    for name in sorted(declared - attached, key=lambda each: uses.get(each, ("", "", 0))[2] or 0):
        if name in uses:
            use, when, line = uses[name]
            # the chaining the host may turn on alone: a warning
            severity = chains[1] if chains is not None and use.startswith("the game is played") else None
            yield hit(line=line, name=name, use=use, when=when, **({"severity": severity} if severity else {}))
