"""S225, S226: what stops a game as it starts, or at its first move. The engine's
InitializationDelegate, the game's first step, gives every owned territory its original owner
from its territory attachment, and loads the land units the game places at sea onto the
transports there; a territory with no attachment, or land units no transport can hold, throw
there, and the game goes no further (1.9 and 2.x alike)."""

from __future__ import annotations

from converter.check.model import TERRITORY
from converter.check.rule import hit, rule
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int
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
