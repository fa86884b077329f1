"""S2xx: the game's structure — duplicates, attachments and the turn sequence (connections and
the territory graph: `connections`; game properties: `game_properties`). Most of these the
engine accepts silently."""

from __future__ import annotations

import re

from converter.check.builtin_tables import (LEGACY_OPTION_NAMES_2X, SKIPPED_BOOLEAN_OPTION_NAMES_2X,
                                            SKIPPED_OPTION_NAMES_2X)
from converter.check.model import (ATTACH_KINDS, ATTACHMENT_PATH, DECLARATIONS, FRONTIER, PLAYER, QUANTITY_TAGS,
                                   RULE, TERRITORY, UNIT, USUAL_PATHS)
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.references import property_is_true, technology_advances
from converter.check.rules.xml import for_2x_alone
from converter.check.spelling2x import attachment_name_as_2x
from converter.check.suggest import did_you_mean
from converter.findings import Severity

# what Java's Integer.valueOf takes: a sign, then decimal digits (any script's, as \d), nothing else
_JAVA_INT = re.compile(r"[+-]?\d+")
_DIGITS = re.compile(r"\d+")  # decimal digits, as int() reads them (`²` passes isdigit, not int)
_INT_MIN, _INT_MAX = -2 ** 31, 2 ** 31 - 1
_UNIT_ATTACHMENT_NAME = "unitAttachment"  # the only name the engine looks a unit's attachment up by
# frontiers the engine switches a player on frontier X to: X + suffix, on gaining the advance
# (of that property); Shipyards only with the property `Use Shipyards` on
_TECH_FRONTIERS = (("IndustrialTechnology", "industrialTechnology", "Industrial Technology"),
                   ("Shipyards", "shipyards", "Shipyards"))


@rule("S201", "structure.duplicate-name", Severity.ERROR,
      "{kind} {name!r} is declared again (first on line {first}){outcome}")
def duplicate_name(context):
    """Finds a name declared twice for one kind of thing, such as two territories of the same name.

    Why: TripleA 1.9 refuses to load a game that declares a territory twice ("Map already contains
    ..."). For the other kinds (players, unit types, resources, production rules, frontiers,
    delegates ...) it loads the game, only logging its DTD's complaint about the repeated name, and
    the later declaration replaces the earlier one (seen for delegates, production rules and
    frontiers), so the first one's settings are lost; a unit type again is info, as it is only its
    name (its settings are its attachment's), and so is any other declaration repeated alike,
    element for element (a territory aside, which 1.9 refuses). A game property declared again is a
    warning: 2.x plays with the last value and lists an editable one in the Game Options for each
    declaration (info when both set the same value and the options show it once); but an editable
    declaration before a fixed one wins, and the option stays in the Game Options. A step name given
    again is info: 2.x plays the step at each place in the sequence, on purpose or not.

    Fix: Delete the repeat in the game XML, or rename one of the two (and the references meant for
    it); the message gives the line of the first.
    """
    model = context.model
    if model is None:
        return
    for path, kind in DECLARATIONS:
        names = model.declared_names(kind)
        if len(model.names(kind)) == len(names):
            continue  # no name twice: the usual case
        first: dict[str, int | None] = {}
        first_at: dict[str, int] = {}
        elements = None  # the declarations themselves, read at the first repeat
        for position, (name, line) in enumerate(zip(names, model.declared_lines(kind))):
            if name in first:
                # a <unit> holds only its name: 2.x's UnitTypeList puts the same again, losing nothing
                same = {"severity": Severity.INFO, "outcome": ": a unit type is only its name, so nothing is lost"} \
                    if kind == UNIT else {"outcome": ""}
                if kind not in (UNIT, TERRITORY):  # a territory twice: 1.9 refuses the game, alike or not
                    elements = elements if elements is not None else list(model.root.iterfind(path))
                    if len(elements) == len(names) and _alike(elements[first_at[name]], elements[position]):
                        same = {"severity": Severity.INFO, "outcome": ", alike: nothing is lost"}
                yield hit(line=line, kind=kind, name=name, first=context.source_lines.start_of(first[name]), **same,
                          **({"territory": name} if kind == TERRITORY else {}))
            else:
                first[name], first_at[name] = line, position
    yield from _properties_declared_again(model)
    yield from _steps_declared_again(model)


def _alike(one, other) -> bool:
    """Do two elements say the same: tag, attributes and children alike (blank text, comments
    and where the lines break aside)?"""
    if one.tag != other.tag or dict(one.attrib) != dict(other.attrib) or \
            (one.text or "").strip() != (other.text or "").strip():
        return False
    mine, theirs = [child for child in one if isinstance(child.tag, str)], \
        [child for child in other if isinstance(child.tag, str)]
    return len(mine) == len(theirs) and all(_alike(a, b) for a, b in zip(mine, theirs))


def _steps_declared_again(model):
    """A step name given again in the sequence: 2.x plays it at each place (GameSequence.addStep
    appends), which some maps do on purpose (imperialism updates its victory points three times
    a turn) and others by mistake (a second combat move); only the DTD's ID error hints at it."""
    first: dict[str, int | None] = {}
    for step in model.steps:
        if step.name in first:
            yield hit(line=step.line, kind="step", name=step.name, first=first[step.name], severity=Severity.INFO,
                      player=step.player, outcome=": 2.x plays it at each place, so "
                      f"{repr(step.player) if step.player else 'the game'} plays that phase more than once a round")
        elif step.name:
            first[step.name] = step.line


def _properties_declared_again(model):
    """A game property declared again: 2.x keeps the last value (GameProperties.set, or
    addEditableProperty, a map's put), but reads an editable declaration before a fixed one
    (GameProperties.get), and lists an editable one in the Game Options once for each
    declaration (`ordering.add`)."""
    earlier: dict[str, object] = {}
    for prop in model.properties:
        if not prop.name:
            continue
        before = earlier.get(prop.name)
        if before is None or not before.editable or prop.editable:
            earlier[prop.name] = prop  # the declaration 2.x plays with so far
        if before is None:
            continue
        if before.editable and not prop.editable:  # GameProperties.get reads the editable ones first
            yield hit(line=prop.line, kind="game property", name=prop.name, first=before.line,
                      severity=Severity.WARNING,
                      outcome=f", not editable: 2.x reads an editable declaration first, so it plays with line "
                              f"{before.line}'s {before.value.strip()!r}, which the host may change, and never "
                              "reads this one")
            continue
        alike = before.value.strip() == prop.value.strip()
        shown = ", and the Game Options show it twice" if prop.editable and before.editable else ""
        outcome = f" with the same value{shown}" if alike else \
            f": 2.x plays with the last value, {prop.value.strip()!r}, not {before.value.strip()!r}{shown}"
        yield hit(line=prop.line, kind="game property", name=prop.name, first=before.line, outcome=outcome,
                  severity=Severity.INFO if alike and not shown else Severity.WARNING)


@rule("S207", "structure.unit-without-attachment", Severity.ERROR,
      "unit type {name!r} has no unit attachment{detail}", beyond_engine=False)
def unit_without_attachment(context):
    """Finds a unit type with no unit attachment named `unitAttachment` (its attack, movement ...).

    Why: TripleA does not load such a game: it looks each unit type's UnitAttachment up by the exact
    name `unitAttachment` and fails when there is none (2.x when it validates the game it loads,
    1.9 in its parser), so a UnitAttachment of another name does not count. TripleA 2.x first
    corrects the old spelling `Attatchment` in an attachment's name, and takes the class with any
    package or none (`UnitAttachment`); 1.9 does neither.

    Fix: Name the unit's attachment `unitAttachment`: `<attachment name="unitAttachment"
    attachTo="NAME" javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">`
    in the game XML's `<attachmentList>`, with its options; or remove a `<unit>` the game does not use.
    """
    model = context.model
    if model is None:
        return
    attached: set[str] = set()
    misnamed: dict[str, str] = {}  # unit type -> the name of its first UnitAttachment of another name
    for attachment in model.attachments:
        if attachment.type not in ("unitType", "") or attachment.java_class.rsplit(".", 1)[-1] != "UnitAttachment":
            continue  # ("" as absent: 2.x reads an empty type as the default, unitType)
        name = attachment_name_as_2x(attachment.name)
        if name == _UNIT_ATTACHMENT_NAME or "$" in name or "@" in name:  # (a 2.x variable may make it so)
            attached.add(attachment.attach_to)
        else:
            misnamed.setdefault(attachment.attach_to, attachment.name)
    for name in sorted(model.names(UNIT) - attached):
        other = misnamed.get(name)
        detail = f" named {_UNIT_ATTACHMENT_NAME!r} (its UnitAttachment is named {other!r})" if other else ""
        yield hit(line=model.first_line(UNIT, name), name=name, detail=detail)


@rule("S208", "structure.unknown-option", Severity.ERROR,
      "{java_class} has no option {option!r}{suggestion}", beyond_engine=False)
def unknown_option(context):
    """Finds an attachment `<option>` whose name the attachment's class does not have.

    Why: TripleA 2.x refuses to load the game ("Missing property definition for option ...";
    1.9 says "... either misspelled or exist only in a future version of TripleA"). Both look an
    option up by name, ignoring only the case of the first letter (`Attack` works as `attack`).
    The names known here are those 2.x takes (read from its source) and those the installed engine
    takes; 2.x also takes the old names `isParatroop`, `isInfantry`, `isMechanized`,
    `occupiedTerrOf`, `isImpassible` and `turns` (in any case) as their new ones, and skips
    `takeUnitControl`, and `giveUnitControl` of value true or false. Reported too: `chance` on a
    RulesAttachment (both engines refuse it), and an option only 1.9 takes (`name`), since 2.x
    refuses it. An `<option>` with no `name` attribute at all (`nam1e="uses"`) 2.x skips without a
    word, and its value is never set: a warning; so is an unknown name with no value (a misspelt
    `value=`), which 2.x skips before looking the name up (GameParser.setOptions), in a game for 2.x
    alone (1.9 refuses the name: an error where 1.9 may load the game).

    Fix: Correct the option's name in that `<attachment>` of the game XML (the message suggests a
    close known name), and give it a `value`; or remove an option that only another version of
    TripleA knows.
    """
    model = context.model
    if model is None:
        return
    # each option as (its attachment's class, its name); each distinct pair is judged once
    pairs = list(zip(model.per_option(model.table(ATTACHMENT_PATH).column("javaClass", "")), model.option_names))
    used: dict[str, set[str]] = {}
    for java_class, name in set(pairs):
        used.setdefault(java_class, set()).add(name)
    unknown = {(java_class, name) for java_class, names in used.items()
               for name in _unknown_options(context.engine, java_class, names)}
    # 2.x skips giveUnitControl="true"/"false" on any class: only then does the value matter
    values = model.options.column("value", "") if any(name.lower() in _SKIPPED_IF_BOOLEAN
                                                      for _, name in unknown) else None
    for index, pair in enumerate(pairs) if unknown else ():
        if pair in unknown:
            java_class, name = pair
            if values is not None and name.lower() in _SKIPPED_IF_BOOLEAN and values[index] in ("true", "false"):
                continue
            if not name and model.options.column_at("name", [index], None)[0] is None:
                # GameParser.setOptions skips an option without a name attribute (a misspelt `name=`)
                yield hit(line=model.options.lines[index], java_class=java_class.rsplit(".", 1)[-1], option=name,
                          severity=Severity.WARNING, suggestion=": this <option> has no name attribute (a misspelt "
                          "'name='?), so 2.x skips it without a word and its value is never set")
                continue
            retired = decapitalized(name) in context.engine.retired_options_for(java_class)
            if not model.options.column_at("value", [index], "")[0]:
                # GameParser.setOptions skips an option with no value before looking its name up
                yield _without_value(context, index, java_class, name, retired)
                continue
            suggestion = " (only TripleA 1.9 takes it; 2.x refuses to load the game)" if retired else \
                did_you_mean(name, context.engine.options_for(java_class))
            yield hit(line=model.options.lines[index], java_class=java_class.rsplit(".", 1)[-1], option=name,
                      suggestion=suggestion)


def _without_value(context, index: int, java_class: str, name: str, retired: bool):
    """S208's finding for an unknown option with no value, which 2.x skips before looking its name up:
    a warning for 2.x; an error where 1.9, which refuses the name, may load the game."""
    model = context.model
    if retired:  # 1.9's own option: 1.9 takes it, 2.x skips it
        return hit(line=model.options.lines[index], java_class=java_class.rsplit(".", 1)[-1], option=name,
                   severity=Severity.WARNING, suggestion=" (only TripleA 1.9 takes it); it has no value either, so "
                   "2.x skips it without a word")
    suggestion = did_you_mean(name, context.engine.options_for(java_class))
    alone = for_2x_alone(context.tree.getroot())
    return hit(line=model.options.lines[index], java_class=java_class.rsplit(".", 1)[-1], option=name,
               severity=Severity.WARNING if alone else None,
               suggestion=(f"{suggestion} It has" if suggestion else "; it has") + " no value either, so 2.x skips it "
               "without a word and the option is never set" + (f" (the game {alone})" if alone else
                                                                  ", while 1.9 refuses to load the game"))


LEGACY_OPTIONS = {old.lower(): new for old, new in LEGACY_OPTION_NAMES_2X.items()}  # 2.x: an old name, any case
_SKIPPED_OPTIONS = {name.lower() for name in SKIPPED_OPTION_NAMES_2X}
_SKIPPED_IF_BOOLEAN = {name.lower() for name in SKIPPED_BOOLEAN_OPTION_NAMES_2X}


def decapitalized(name: str) -> str:
    """An option's name as both engines look it up: its first letter in lower case."""
    return name[:1].lower() + name[1:]


def _unknown_options(engine, java_class: str, names: set[str]) -> list[str]:
    known = engine.options_for(java_class)
    if known is None:
        return []  # unknown class: R110
    # both engines take the name with its first letter in either case: ConvoyRoute == convoyRoute;
    # 2.x compares its old names and the skipped ones ignoring case
    return [name for name in names if decapitalized(name) not in known and name.lower() not in _SKIPPED_OPTIONS
            and LEGACY_OPTIONS.get(name.lower()) not in known]


@rule("S211", "structure.unused-delegate", Severity.INFO, "delegate {name!r} is declared but no step runs it{note}")
def unused_delegate(context):
    """Finds a `<delegate>` that no step of the turn sequence runs.

    Why: The phase it provides never happens, so it is likely left over or its step was forgotten
    (D-Day2 declares a `tech` delegate it never uses). TripleA also looks up some delegates by
    name from other parts of the game, so take care before removing one of those: 1.9 `battle`,
    `move`, `tech` and `politics`; 2.x also `endRound` (victory triggers), `place`, `placeBid`,
    `purchase` and `edit`. An unused bid purchase delegate (`BidPurchaseDelegate`, which gives
    each player the money of its `<player> bid` property) where the game sets a bid other than 0,
    or lets the host set one (`editable`), is a warning: those bids are never given; so is an unused
    round's end delegate (`EndRoundDelegate`) where the game turns on, or lets the host turn on,
    `Total Victory`, `Honorable Surrender`, `Projection of Power`, `Economic Victory` or `Triggered
    Victory` (with a victory trigger that has no `when`): only the end of a round tests them, so
    they never end the game. An unused `InitializationDelegate` is a warning too: the game's
    start-up (original owners, starting technologies) never runs. A `tech` delegate a tech
    activation step needs is said to be kept.

    Fix: Add a `<step name="..." delegate="NAME" player="..."/>` to the game XML's `<sequence>`, or
    delete the unused `<delegate>`.
    """
    model = context.model
    if model is None:
        return
    used = {step.delegate for step in model.steps}
    for name, java_class in model.delegate_classes.items():
        if name in used:
            continue
        bids = _bids_set(model) if java_class.endswith("BidPurchaseDelegate") and not any(
            model.delegate_classes.get(step.delegate, "").endswith("BidPurchaseDelegate") for step in model.steps) \
            else []
        note = f"; so the players' bids ({bids[0]}{f' and {len(bids) - 1} more' if len(bids) > 1 else ''}) " \
            "are never given" if bids else ""
        victories = _victories_on(model) if java_class.endswith("EndRoundDelegate") and \
            not model.runs_delegate("EndRoundDelegate") else []
        if victories:
            note = f"; so {some_of([repr(each) for each in victories])}, which only the end of a round tests " \
                   f"(EndRoundDelegate), never {'ends' if len(victories) == 1 else 'end'} the game"
        unstarted = (java_class.endswith(".InitializationDelegate") or java_class == "InitializationDelegate") \
            and not model.runs_delegate("InitializationDelegate")
        if unstarted:  # its start-up work never runs (InitializationDelegate.init)
            note = "; so the game's start-up never runs: no territory gets its original owner (never liberated), " \
                   "no starting technology, shipyards or two-hit battleships are set"
        elif name == "tech" and model.runs_delegate("TechActivationDelegate"):
            note = "; keep it: the tech activation step reads it (getTechDelegate), and the game stops without it"
        yield hit(line=model.first_line("delegate", name), name=name, note=note,
                  **({"severity": Severity.WARNING} if bids or victories or unstarted else {}))


# the victories 2.x's EndRoundDelegate tests at the end of each round, and only there
_ROUND_END_VICTORIES = ("Total Victory", "Honorable Surrender", "Projection of Power", "Economic Victory",
                        "Triggered Victory")


def _victories_on(model) -> list[str]:
    """Those of _ROUND_END_VICTORIES the game turns on, or lets the host turn on (editable);
    `Triggered Victory` only where a trigger with a `victory` and no `when` waits for the round's
    end (one with a `when` fires at its step: BaseTripleADelegate.triggerWhenTriggerAttachments)."""
    last = {prop.name: prop for prop in model.properties}
    return [name for name in _ROUND_END_VICTORIES if name in last and
            (last[name].value.strip().lower() == "true" or last[name].editable)
            and (name != "Triggered Victory" or _victory_at_round_end(model))]


def _victory_at_round_end(model) -> bool:
    from converter.check.rules.options import options_of  # (options imports this module)

    owners = model.option_owners
    with_when = {owners[index] for index in options_of(model, "when", "TriggerAttachment")}
    return any(owners[index] not in with_when for index in options_of(model, "victory", "TriggerAttachment"))


def _bids_set(model) -> list[str]:
    """Each player's bid the game sets, as `'Reds bid' 5` or `'Reds bid' (editable)`."""
    return [f"{prop.name!r} " + (prop.value.strip() if prop.value.strip() not in ("", "0") else "(editable)")
            for prop in bid_properties(model)]


def bid_properties(model) -> list:
    """The game properties giving a player a bid other than 0, or letting the host set one
    (BidPurchaseDelegate reads `<player> bid`, default 0)."""
    players = set(model.players)
    return [prop for prop in model.properties if prop.name.endswith(" bid") and prop.name[:-4] in players
            and (prop.value.strip() not in ("", "0") or prop.editable)]


def bidders(model) -> set[str]:
    """The players `bid_properties` gives a bid (or lets the host give one)."""
    return {prop.name[:-len(" bid")] for prop in bid_properties(model)}


@rule("S212", "structure.attachment-type-mismatch", Severity.ERROR,
      "{java_class} is attached with type=\"{type}\"; it belongs on a {expected}")
def attachment_type_mismatch(context):
    """Finds an attachment whose `type` is not the kind of thing its class belongs on.

    Why: TripleA 1.9 loads it without complaint and hangs it on that thing, but looks such an
    attachment up only on its own kind (a TerritoryAttachment only on territories), so the game
    never finds it. A missing `type` counts as `unitType`, the DTD's default. A rules attachment on
    a unit type that restricts movement is told that on its player it would bind every unit.

    Fix: Set the `<attachment>`'s `type` (and `attachTo`) in the game XML to the kind the message
    names, e.g. `type="territory"` and a territory's name for a TerritoryAttachment.
    """
    expected_types = {"UnitAttachment": ("unitType",), "UnitSupportAttachment": ("unitType",),
                      "TerritoryAttachment": ("territory",), "CanalAttachment": ("territory",),
                      "PlayerAttachment": ("player",), "RulesAttachment": ("player",),
                      "TriggerAttachment": ("player",), "PoliticalActionAttachment": ("player",),
                      "UserActionAttachment": ("player",), "TechAttachment": ("player",),
                      "TerritoryEffectAttachment": ("territoryEffect",),
                      "RelationshipTypeAttachment": ("relationship",), "TechAbilityAttachment": ("technology",)}
    model = context.model
    if model is None:
        return
    table = model.table(ATTACHMENT_PATH)
    pairs = list(zip(table.column("javaClass", ""), table.column("type", "unitType")))
    wrong = {(java_class, attach_type) for java_class, attach_type in set(pairs)  # each distinct pair judged once
             if attach_type not in expected_types.get(java_class.rsplit(".", 1)[-1], (attach_type,))
             and attach_type in ATTACH_KINDS}  # a type the engine does not know at all is S232's
    restricting = _restricting_unit_rules(model) if wrong else set()
    for index, (java_class, attach_type) in enumerate(pairs) if wrong else ():
        if (java_class, attach_type) in wrong:
            short = java_class.rsplit(".", 1)[-1]
            note = _NO_UNIT_RESTRICTION if index in restricting else ""
            yield hit(line=table.lines[index], java_class=short, type=attach_type,
                      expected=" or ".join(expected_types[short]) + note)


# a player's movement restriction moved where it belongs would bind all its units
_NO_UNIT_RESTRICTION = (" (but there its movementRestrictionTerritories would restrict every unit of the player, with "
                        "'Movement By Territory Restricted' on: TripleA has no restriction for one unit type; a "
                        "territory effect's unitsNotAllowed keeps a unit type out of the territories that have it)")


def _restricting_unit_rules(model) -> set[int]:
    """The attachment elements of a RulesAttachment on a unit type that set a movement restriction."""
    table = model.table(ATTACHMENT_PATH)
    classes, types = table.column("javaClass", ""), table.column("type", "unitType")
    owners = model.option_owners
    return {owners[index] for index in positions(model.option_names, frozenset(("movementRestrictionTerritories",
                                                                                 "movementRestrictionType")))
            if classes[owners[index]].endswith("RulesAttachment") and types[owners[index]] == "unitType"}


@rule("S214", "structure.bad-quantity", Severity.ERROR, "<{element} {attribute}=\"{value}\"> is not a whole number",
      beyond_engine=False)
def bad_quantity(context):
    """Finds a `quantity` or other number attribute (`maxRunCount`, `min` ...) that is not a whole number.

    Why: TripleA stops loading the game with a bare number-format error that quotes the text but
    not where it is. It reads the value as Java's `Integer.valueOf` does, untrimmed: an optional
    sign and digits only, from -2147483648 to 2147483647, so an empty value or one with spaces
    around it fails too. Checked on every `<unitPlacement>`, `<heldUnits>`, `<resourceGiven>`,
    `<cost>` and `<result>`; a missing `quantity` is not reported here (2.x reads it as 0, 1.9
    refuses it; X004 reports it, as the DTD requires it). Also checked: the other attributes
    2.x's XML reader reads as numbers, and refuses the game over: a placement's `hitsTaken` and
    `unitDamage`, a step's `maxRunCount`, an `<offset round>`, a relationship's `roundValue`,
    `<diceSides value>`, and a property's `min` and `max` (its own or its `<number>`'s).

    Fix: Write the number as plain digits, e.g. `quantity="2"`, in that element of the game XML.
    """
    model = context.model
    for tag in QUANTITY_TAGS if model is not None else ():
        table = model.anywhere(tag)
        for index, value in enumerate(table.column("quantity")):
            if value is not None and _not_whole(value):
                yield hit(line=table.lines[index], element=tag, attribute="quantity", value=value)
    for path, attributes in _NUMBER_ATTRIBUTES if model is not None else ():
        table = model.table(path)
        for attribute in attributes if len(table) else ():
            for index, value in enumerate(table.column(attribute)):
                if value is not None and _not_whole(value):
                    yield hit(line=table.lines[index], element=path.rpartition("/")[2], attribute=attribute,
                              value=value)


def _not_whole(value: str) -> bool:
    # short decimal digits alone always pass (str.isdecimal is re's \d); only the rest needs more
    return not (value.isdecimal() and len(value) < 10) and java_int(value) is None


# the other attributes 2.x's XML reader casts to numbers (org.triplea.map.data.elements), where they stand
_NUMBER_ATTRIBUTES = (
    ("initialize/unitInitialize/unitPlacement", ("hitsTaken", "unitDamage")),
    ("gamePlay/sequence/step", ("maxRunCount",)),
    ("gamePlay/offset", ("round",)),
    ("initialize/relationshipInitialize/relationship", ("roundValue",)),
    ("diceSides", ("value",)),
    ("propertyList/property", ("min", "max")),
    ("propertyList/property/number", ("min", "max")),
)


def java_int(text: str) -> int | None:
    """`text` as Java's Integer.parseInt reads it (untrimmed: a sign and digits, within int
    range); None where it throws."""
    if _JAVA_INT.fullmatch(text) is None:
        return None
    value = int(text)
    return value if _INT_MIN <= value <= _INT_MAX else None


@rule("S215", "structure.unused-frontier", Severity.INFO, "production frontier {name!r} is given to no player{detail}")
def unused_frontier(context):
    """Finds a production frontier that no player is given and no trigger or technology switches to.

    Why: Nobody buys from it: usually it is left over, or a `<playerProduction>` names another
    frontier by mistake. The engine itself moves a player on frontier `X` to `XIndustrialTechnology`
    on gaining Industrial Technology, and to `XShipyards` on gaining Shipyards with the property
    `Use Shipyards` on (or editable); those count as used when the game has that technology (a
    game without `<technology>` has Industrial Technology unless `WW2V2` or `WW2V3` is set, and
    Shipyards only with `WW2V3`). `production` and `productionShipyards` with `Use Shipyards` on,
    and `production` and `productionIndustrialTechnology` with `Use Destroyers and Artillery` on,
    the game's start-up reads by name (InitializationDelegate), failing without them: said so.

    Fix: Give it to a player with `<playerProduction player="..." frontier="NAME"/>` in the game
    XML's `<production>` (or a trigger's `frontier` option), or delete the `<productionFrontier>`.
    """
    model = context.model
    if model is None:
        return
    declared = model.names(FRONTIER)
    used = model.referenced(FRONTIER) | {v for value in model.option_values("frontier") for v in value.split(":")}
    unused = set(declared - used)
    if not unused:
        return  # the usual case
    reached, why_not = technology_frontiers(model, used)
    unused.difference_update(reached)
    needed = _read_at_start(model)
    for name in sorted(unused):
        yield hit(line=model.first_line(FRONTIER, name), name=name, detail=needed.get(name) or why_not.get(name, ""))


def on_or_editable(model, name: str) -> bool:
    """Is the property on, or may the host turn it on (editable)?"""
    return property_is_true(model, name) or any(prop.editable for prop in model.properties if prop.name == name)


def on_as_said(model, name: str) -> str:
    """"'X' on", or "'X', which the host may turn on" for an editable property that is off."""
    return f"{name!r} on" if property_is_true(model, name) else f"{name!r}, which the host may turn on"


def _read_at_start(model) -> dict[str, str]:
    """The frontiers the game's start-up reads by name, so that it fails without them
    (InitializationDelegate: initShipyards with 'Use Shipyards' on; initDestroyerArtillery with
    'Use Destroyers and Artillery' on and WW2V2 off): {frontier: the message's note}."""
    notes = {}
    keep = "; keep it: with {0}, the game's start-up reads it ({1}), and the game stops without it"
    if on_or_editable(model, "Use Shipyards"):
        for name in ("production", "productionShipyards"):
            notes[name] = keep.format(on_as_said(model, "Use Shipyards"), "InitializationDelegate.initShipyards")
    if on_or_editable(model, "Use Destroyers and Artillery") and not property_is_true(model, "WW2V2"):
        rules = model.names(RULE)
        for name, rule_names in (("production", ("buyArtillery", "buyDestroyer")),
                                 ("productionIndustrialTechnology", ("buyArtilleryIndustrialTechnology",
                                                                     "buyDestroyerIndustrialTechnology"))):
            if any(rule_name in rules for rule_name in rule_names):
                notes.setdefault(name, keep.format(on_as_said(model, "Use Destroyers and Artillery"),
                                                   "InitializationDelegate.initDestroyerArtillery"))
    return notes


def technology_frontiers(model, start) -> tuple[dict[str, str], dict[str, str]]:
    """The frontiers the engine moves a player to on gaining a technology, from the frontiers
    `start`: {frontier: the technology}; and {frontier: why no technology moves a player there}
    for the declared ones the game never reaches that way."""
    declared = model.names(FRONTIER)
    if not any(name.endswith(suffix) for name in declared for suffix, _advance, _name in _TECH_FRONTIERS):
        return {}, {}  # the usual game
    advances = {prop for _name, prop in technology_advances(model)}
    # on when set so, or when the players may set it before the game (the engine reads it on each advance)
    shipyards_on = property_is_true(model, "Use Shipyards") or any(
        prop.editable for prop in model.properties if prop.name == "Use Shipyards")
    reached: dict[str, str] = {}
    why_not: dict[str, str] = {}
    pending = sorted(start, reverse=True)  # popped in order
    while pending:
        base = pending.pop()
        for suffix, advance, advance_name in _TECH_FRONTIERS:
            frontier = base + suffix
            if base.endswith(suffix) or frontier not in declared or frontier in reached:
                continue  # (the engine does not switch a player already on such a frontier)
            if advance not in advances:
                why_not[frontier] = f" (a player on {base!r} would move to it on gaining {advance_name}, " \
                                    "but the game has no such technology)"
            elif suffix == "Shipyards" and not shipyards_on:
                why_not[frontier] = f" (a player on {base!r} would move to it on gaining {advance_name}, " \
                                    "but the property 'Use Shipyards' is off)"
            else:
                reached[frontier] = advance_name
                pending.append(frontier)
    return reached, why_not


@rule("S216", "structure.player-without-steps", Severity.INFO, "player {name!r} takes no step in the sequence")
def player_without_steps(context):
    """Finds a player that no step of the turn sequence names.

    Why: With no step of their own the player gets no phase in any round: they never move,
    purchase or place units themselves. That can be intended (a player that only owns
    territories), but often the steps were forgotten or name the player differently. A player
    holding units (`<heldUnits>`) in a game whose sequence runs a `RandomStartDelegate` is not
    reported: that step has each such player pick territories and place the units, with no step
    of their own.

    Fix: Add the player's steps (`<step name="..." delegate="..." player="NAME"/>`) to the game
    XML's `<sequence>`, or correct the `player` of misnamed ones.
    """
    model = context.model
    if model is None or not model.steps:
        return
    stepping = {step.player for step in model.steps if step.player}
    if model.runs_delegate("RandomStartDelegate"):  # its players are those holding units (getPlayerCanPickMatch)
        held = model.table(USUAL_PATHS["heldUnits"])
        stepping.update(player for player, quantity in zip(held.column("player", ""), held.column("quantity", ""))
                        if _DIGITS.fullmatch(quantity.strip()) and int(quantity) > 0)
    for name in model.players:
        if name not in stepping:
            yield hit(line=model.first_line(PLAYER, name), name=name, player=name)
