"""S231-S232: what stops TripleA loading a game that its other rules leave alone.

S231: 2.x parses a game, then asks every attachment to validate itself (GameParsingValidation,
from the game selector); one that fails stops the game loading, with a message that names the
attachment but not the option at fault ("land units cannot have certain properties"). This
module repeats those checks from the options as 2.x's setters leave them, and names the options.
S232: checks the parser itself makes: a production or repair rule with no cost or no result, a
frontier listing a rule twice, an attachment type it does not know, a starting unit with more
hits taken than it survives or negative damage.
S233: what 2.x's XML reader refuses before the parser: a true/false attribute given another value.
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from itertools import accumulate, compress, count
from typing import NamedTuple

from converter.check.model import (ATTACH_KINDS, ATTACHMENT_PATH, DECLARATIONS, DELEGATE, PLAYER, REPAIR_RULE,
                                   RESOURCE, RULE, UNIT, USUAL_PATHS)
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, attachments_of, names_as_2x_reads_them
from converter.check.rules.references import TECHNAME_PATH, property_is_true
from converter.check.rules.structure import java_int
from converter.check.spelling2x import attachment_name_as_2x
from converter.findings import Severity

# UnitAttachment fields validate reads, with their defaults (2.x field initialisers)
_UNIT_BOOLEANS = ("isAir", "isSea", "canBlitz", "canBombard", "isLandTransportable", "isLandTransport",
                  "isAirTransportable", "isAirTransport", "isCombatTransport", "isStrategicBomber", "isKamikaze",
                  "isConstruction", "canBeDamaged", "canDieFromReachingMaxDamage")
_UNIT_INTEGERS = {"transportCost": -1, "carrierCapacity": -1, "carrierCost": -1, "bombard": -1, "hitPoints": 1,
                  "attackAA": 1, "attackAAmaxDieSides": -1, "offensiveAttackAA": 0, "offensiveAttackAAmaxDieSides": -1,
                  "maxBuiltPerPlayer": -1, "transportCapacity": -1, "attack": 0, "defense": 0,
                  "constructionsPerTerrPerTypePerTurn": -1, "maxConstructionsPerTypePerTerr": -1, "maxDamage": 2,
                  "isMarine": 0}
_UNIT_DEFAULTS = {**dict.fromkeys(_UNIT_BOOLEANS, False), **_UNIT_INTEGERS, "constructionType": "none"}
_FIGHTING = frozenset(("attack", "defense"))  # read only with Transport Casualties Restricted
_UNIT_LISTS = ("receivesAbilityWhenWith", "whenCombatDamaged")
_BOOLEAN_SETTERS = frozenset((*_UNIT_BOOLEANS, "isFactory", "isTwoHit"))
_UNIT_OPTIONS = frozenset((*_UNIT_DEFAULTS, *_UNIT_LISTS, "isFactory", "isTwoHit")) - _FIGHTING
# what an air, sea or land unit may not have (UnitAttachment.validate), each with its unset value
_NOT_FOR = {
    "air": ("isSea", "transportCost", "carrierCapacity", "canBlitz", "canBombard", "isMarine", "isLandTransportable",
            "isLandTransport", "isAirTransportable", "isCombatTransport"),
    "sea": ("canBlitz", "isStrategicBomber", "carrierCost", "transportCost", "isMarine", "isLandTransportable",
            "isLandTransport", "isAirTransportable", "isAirTransport", "isKamikaze"),
    "land": ("canBombard", "carrierCapacity", "bombard", "isAirTransport", "isCombatTransport", "isKamikaze"),
}
_CARRIER_EFFECTS = ("unitsMayNotLandOnCarrier", "unitsMayNotLeaveAlliedCarrier")
_TRANSPORT_CASUALTIES_RESTRICTED = "Transport Casualties Restricted"  # Constants, 2.x
_CANAL_PREFIX = "canalAttachment"  # Constants.CANAL_ATTACHMENT_PREFIX: the others are S230's
_ACTION_CLASSES = {"PoliticalActionAttachment": "political action", "UserActionAttachment": "user action"}
_TECH_ABILITY = frozenset(("TechAbilityAttachment",))
_JAVA_BLANKS = "".join(map(chr, range(33)))  # what Java's String.trim removes
_CHECKED_CLASSES = frozenset(("UnitAttachment", "CanalAttachment", *_ACTION_CLASSES))


class _Option(NamedTuple):
    name: str  # as 2.x reads it
    value: str  # `count:value` when a count is given, as 2.x's GameParser joins them
    line: int | None


_new_option = partial(tuple.__new__, _Option)  # an _Option without its Python-level __new__: hundreds a check


@rule("S231", "structure.attachment-refused", Severity.ERROR,
      "{kind} {name!r} on {target!r}: {problem}; TripleA 2.x refuses to load the game (\"{engine}\")",
      beyond_engine=False)
def attachment_refused(context):
    """Finds attachments that TripleA 2.x's validation refuses, and the options at fault.

    Why: After parsing a game, TripleA 2.x asks each attachment to validate itself, and one that
    fails stops the game loading from the game selector, with a message that names the attachment
    but not the option: `land units cannot have certain properties`. Checked as 2.x's
    UnitAttachment, CanalAttachment and action attachments validate, on the options as their setters
    leave them (the old `isFactory` and `isTwoHit` included; an attachment given again replaces the
    earlier one): an air, sea or land unit with an option its kind may not have (a land unit with
    `canBombard`, a sea unit with `transportCost`, ...); `hitPoints` below 1; AA strengths or dice
    sides out of range; `maxBuiltPerPlayer` below -1; `isCombatTransport` without
    `transportCapacity`; a sea transport with attack or defense when `Transport Casualties
    Restricted` is on; construction options without `isConstruction` or the reverse; `canBeDamaged`,
    `maxDamage` and `canDieFromReachingMaxDamage` that disagree; `receivesAbilityWhenWith` other
    than `canBlitz:<unit>`; a `whenCombatDamaged` effect other than the two carrier ones, or a
    damage range (its `count`) that is not two whole numbers. A canal with no `canalName` or
    `landTerritories`, or whose name is on other than two territories; a political or user action
    with no `text`, and a political action with no `relationshipChange`. A technology ability on a
    technology whose `<techname>` names a built-in advance by its `tech` (2.x makes it a generic
    advance holding that one). TripleA 1.9 refused all of these at its parse too (its own checks
    were stricter), but for a canal name on other than two sea zones. Options whose values 2.x
    cannot read are S220's; a `foreach` loop's copies are checked each, but for a loop 2.x
    refuses (S236).

    Fix: Drop or change the options the message names, in the attachment on the line given: most
    often an option copied from another kind of unit (`canBombard` on a land unit), or set the
    option the check wants (`isConstruction` true for a unit with a `constructionType`).
    """
    model = context.model
    if model is None:
        return
    classes = attachment_classes(model)
    yield from _abilities_of_built_in_advances(model, classes)
    if _CHECKED_CLASSES.isdisjoint(classes):
        return  # no units, canals or actions: a map being made
    effective = _effective_attachments(model, classes)
    restricted = property_is_true(model, _TRANSPORT_CASUALTIES_RESTRICTED)
    options = _options_by_element(model, {element for element, _ in effective.values()},
                                  _WANTED_OPTIONS | _FIGHTING if restricted else _WANTED_OPTIONS)
    unit_types = model.names(UNIT)
    canals: dict[str, list] = defaultdict(list)
    clean: set[tuple] = set()  # the options of unit attachments that passed
    for (target, name), (element, attachment) in effective.items():
        java_class, own = classes[element], options.get(element, [])
        if java_class == "UnitAttachment":
            signature = tuple(option[:2] for option in own)
            if signature in clean:
                continue  # units given the same options: most are, and most pass
            fields = _unit_fields(own)
            problems = [] if fields is None else list(_unit_problems(fields, restricted, unit_types))
            if fields is not None and not problems:
                clean.add(signature)
            kind = "unit attachment"
        elif java_class == "CanalAttachment":
            if not name.startswith(_CANAL_PREFIX):
                continue  # S230's: 2.x refuses it for its name first
            problems, canal = _canal_problems(own, attachment.line)
            if canal is not None:
                canals[canal[0]].append((target, name, canal[1]))
            kind = "canal"
        else:
            problems, kind = _action_problems(java_class, own, attachment.line), _ACTION_CLASSES[java_class]
        for problem, engine, line in problems:  # at the option at fault, else at the attachment
            yield hit(line=line if line is not None else attachment.line, kind=kind, name=name, target=target,
                      problem=problem, engine=engine)
    yield from _canal_pairs(canals)


def _abilities_of_built_in_advances(model, classes: list[str]):
    """Technology abilities on a technology whose `<techname>` names a built-in advance by its
    `tech`: 2.x makes it a generic advance holding that one, and its validate refuses them."""
    abilities = positions(classes, _TECH_ABILITY)
    if not abilities:
        return  # the usual game
    table = model.table(TECHNAME_PATH)
    techs = zip(table.column("name", ""), table.column("tech", ""))
    named = {name: tech.strip() for name, tech in techs if tech.strip()}
    for attachment in attachments_of(model, abilities) if named else ():
        if attachment.type == "technology" and attachment.attach_to in named:
            yield hit(line=attachment.line, kind="technology ability", name=attachment.name,
                      target=attachment.attach_to, problem=f"that technology's <techname> names the built-in advance "
                      f"{named[attachment.attach_to]!r} by its tech, and such a technology takes no technology ability",
                      engine="A custom Generic Tech Advance naming a hardcoded tech, may not have a Tech Ability "
                             "Attachment!")


def _effective_attachments(model, classes: list[str]) -> dict[tuple[str, str], tuple[int, object]]:
    """(target, name) -> (element, attachment) of the checked classes: the last element wins, as
    2.x's addAttachment replaces an attachment of the same name on the same target."""
    checked = positions(classes, _CHECKED_CLASSES)  # found in C
    return {(attachment.attach_to, attachment_name_as_2x(attachment.name)): (attachment.element, attachment)
            for attachment in attachments_of(model, checked)}


_WANTED_OPTIONS = _UNIT_OPTIONS | {"canalName", "landTerritories", "text", "relationshipChange"}


def _options_by_element(model, elements: set[int], wanted: frozenset[str]) -> dict[int, list[_Option]]:
    names, owners = names_as_2x_reads_them(model), model.option_owners
    starts = model.derived("load_refused.option_starts", _option_starts)
    # an element's options follow one another: read only those of these elements
    chosen = [index for element in sorted(elements) for index in range(starts[element], starts[element + 1])
              if names[index] in wanted]
    values = model.options.column_at("value", chosen, None)
    counts = model.options.column_at("count", chosen, "")
    lines = model.options.lines
    found: dict[int, list[_Option]] = defaultdict(list)
    for index, value, given in zip(chosen, values, counts):
        if value is not None:  # 2.x skips an option without a value
            found[owners[index]].append(_new_option((names[index], f"{given}:{value}" if given else value,
                                                     lines[index])))
    return found


def _option_starts(model) -> list[int]:
    """Where each <attachment> element's options start in `model.options` (and, last, their count)."""
    return [0, *accumulate(model.option_counts)]


def _java_bool(value: str) -> bool | None:
    lowered = value.lower()
    return True if lowered == "true" else False if lowered == "false" else None


def _unit_fields(options: list[_Option]) -> tuple[dict, dict, dict] | None:
    """The fields validate reads, as the setters leave them: (name -> value, name -> line of the
    option that set it, list name -> its options); None when a value cannot be read (S220's)
    or holds a variable."""
    values, lines, lists = dict(_UNIT_DEFAULTS), {}, {name: [] for name in _UNIT_LISTS}
    for option in options:
        name, value, line = option
        if "$" in value or "@" in value:
            return None
        if name in lists:
            lists[name].append(option)
            continue
        if name == "isMarine" and _java_bool(value) is not None:  # setIsMarine: true 1, false 0, else a number
            read = int(_java_bool(value))
        elif name == "constructionType":
            read = value
        else:
            read = _java_bool(value) if name in _BOOLEAN_SETTERS else java_int(value)
        if read is None:
            return None
        if name == "isTwoHit":  # setIsTwoHit: hitPoints 2 or 1
            values["hitPoints"], lines["hitPoints"] = (2 if read else 1), line
        elif name == "isFactory":  # setIsFactory sets these at once
            for field, set_to in (("canBeDamaged", read), ("isConstruction", read),
                                  ("constructionType", "factory" if read else "none"),
                                  ("maxConstructionsPerTypePerTerr", 1 if read else -1),
                                  ("constructionsPerTerrPerTypePerTurn", 1 if read else -1)):
                values[field], lines[field] = set_to, line
        else:
            values[name], lines[name] = read, line
    return values, lines, lists


def _unit_problems(fields: tuple[dict, dict, dict], restricted: bool, unit_types: frozenset[str]):
    """(problem, 2.x's message, line) for each check of UnitAttachment.validate that fails."""
    value, lines, lists = fields

    def given(*names: str) -> tuple[str, int | None]:
        """`name=value, ...` of the fields that were set, and the first line that set one."""
        set_by = [name for name in names if name in lines]
        shown = ", ".join(f"{name}={str(value[name]).lower() if isinstance(value[name], bool) else value[name]}"
                          for name in set_by)
        return shown, min((lines[name] for name in set_by if lines[name] is not None), default=None)

    kind = "air" if value["isAir"] else "sea" if value["isSea"] else "land"
    wrong = [name for name in _NOT_FOR[kind] if value[name] != _UNIT_DEFAULTS[name]]
    if wrong:
        shown, line = given(*wrong)
        what = {"air": "an air unit (isAir)", "sea": "a sea unit (isSea)", "land": "a land unit"}[kind]
        yield f"{what} cannot have {shown}", f"{kind} units cannot have certain properties", line
    if value["hitPoints"] < 1:
        yield "hitPoints below 1", "hitPoints cannot be zero or negative", given("hitPoints")[1]
    if value["attackAA"] < 0 or value["offensiveAttackAA"] < 0 or \
            not -1 <= value["attackAAmaxDieSides"] <= 200 or not -1 <= value["offensiveAttackAAmaxDieSides"] <= 200:
        shown, line = given("attackAA", "attackAAmaxDieSides", "offensiveAttackAA", "offensiveAttackAAmaxDieSides")
        yield f"AA strength below 0 or dice sides outside -1 to 200 ({shown})", \
            "attackAA or attackAAmaxDieSides or offensiveAttackAA or offensiveAttackAAmaxDieSides is wrong", line
    if value["maxBuiltPerPlayer"] < -1:
        yield "maxBuiltPerPlayer below -1 (-1 is no limit)", "maxBuiltPerPlayer cannot be negative", \
            given("maxBuiltPerPlayer")[1]
    if value["isCombatTransport"] and value["transportCapacity"] < 1:
        yield "isCombatTransport without a transportCapacity of 1 or more", \
            "cannot have isCombatTransport on unit without transportCapacity", given("isCombatTransport")[1]
    if restricted and value["isSea"] and value["transportCapacity"] >= 0 and \
            (value["attack"] > 0 or value["defense"] > 0) and not value["isCombatTransport"]:
        shown, line = given("attack", "defense")
        yield f"a sea transport with {shown} while the property {_TRANSPORT_CASUALTIES_RESTRICTED!r} is on " \
              "(only an isCombatTransport may fight)", "Restricted transports cannot have attack or defense", line
    yield from _construction_problems(value, given)
    if (value["canBeDamaged"] and value["maxDamage"] < 1) or \
            (value["canDieFromReachingMaxDamage"] and value["maxDamage"] < 1) or \
            (not value["canBeDamaged"] and value["canDieFromReachingMaxDamage"]):
        shown, line = given("canBeDamaged", "maxDamage", "canDieFromReachingMaxDamage")
        yield f"{shown or 'the defaults'}: a unit that can be damaged needs a maxDamage of 1 or more, and " \
              "canDieFromReachingMaxDamage needs canBeDamaged (isFactory sets it)", \
            "something wrong with canBeDamaged or maxDamage or canDieFromReachingMaxDamage or isFactory", line
    yield from _list_problems(lists, unit_types)


def _construction_problems(value: dict, given):
    typed = value["constructionType"] not in ("none", "")
    per_turn, most = value["constructionsPerTerrPerTypePerTurn"], value["maxConstructionsPerTypePerTerr"]
    wrong = []
    if value["isConstruction"] and (not typed or per_turn < 0 or most < 0):
        wrong.append(("isConstruction needs a constructionType, constructionsPerTerrPerTypePerTurn and "
                      "maxConstructionsPerTypePerTerr of 0 or more ({})", "Constructions must have constructionType "
                      "and positive constructionsPerTerrPerType and maxConstructionsPerType"))
    if not value["isConstruction"] and (typed or per_turn >= 0 or most >= 0):
        wrong.append(("construction options without isConstruction ({})", "Constructions must have isConstruction "
                      "true"))
    if per_turn > most:
        wrong.append(("constructionsPerTerrPerTypePerTurn above maxConstructionsPerTypePerTerr ({})",
                      "Constructions must have constructionsPerTerrPerTypePerTurn Less than "
                      "maxConstructionsPerTypePerTerr"))
    if wrong:  # the usual unit: none, and nothing to show
        shown, line = given("isConstruction", "constructionType", "constructionsPerTerrPerTypePerTurn",
                            "maxConstructionsPerTypePerTerr")
        for problem, engine in wrong:
            yield problem.format(shown), engine, line


def _list_problems(lists: dict, unit_types: frozenset[str]):
    for _, value, line in lists["receivesAbilityWhenWith"]:
        parts = value.split(":")  # Guava's Splitter.on(':'), keeping empty parts
        if len(parts) != 2:
            yield f"receivesAbilityWhenWith {value!r} is not 'ability:unit'", \
                "receivesAbilityWhenWith must have 2 parts, 'ability:unit'", line
        elif parts[1] not in unit_types:
            yield f"receivesAbilityWhenWith {value!r} names no unit type", f"No unit type: {parts[1]}", line
        elif parts[0] != "canBlitz":
            yield f"receivesAbilityWhenWith {value!r}: only canBlitz can be received", \
                "receivesAbilityWhenWith so far only supports: canBlitz", line
    for _, value, line in lists["whenCombatDamaged"]:
        parts = value.split(":")  # setWhenCombatDamaged: count from:to, then effect[:number]
        if len(parts) not in (3, 4):
            yield f"whenCombatDamaged {value!r} is not 'from:to:effect' (count=\"from:to\", value=\"effect\")", \
                "whenCombatDamaged must have 3 or 4 parts: value=effect:optionalNumber, count=integer:integer", line
            continue
        low, high = java_int(parts[0]), java_int(parts[1])
        if low is None or high is None:  # the setter's getInt throws
            yield f"whenCombatDamaged {value!r}: the damage range is not two whole numbers", \
                f"Attachments: {parts[0] if low is None else parts[1]} is not a valid int value", line
        elif low < 0 or high < low:
            yield f"whenCombatDamaged {value!r}: the damage range must be 0 or more, its second number at least " \
                  "its first", "whenCombatDamaged damaged integers must be positive, and the second integer must " \
                  "be equal to or greater than the first", line
        elif parts[2] not in _CARRIER_EFFECTS:
            yield f"whenCombatDamaged effect {parts[2]!r} is not one 2.x knows ({', '.join(_CARRIER_EFFECTS)})", \
                "whenCombatDamaged so far only supports: " + ", ".join(_CARRIER_EFFECTS), line


def _canal_problems(options: list[_Option], line: int | None) -> tuple[list, tuple[str, int | None] | None]:
    """A canal's own problems, and (its canalName, line) to count where the name is used."""
    last = {option.name: option for option in options}  # one value each: the last one wins
    canal_name = last["canalName"].value if "canalName" in last else ""
    problems = []
    if not canal_name:
        problems.append(("no canalName", "Canals must have a canalName set!", line))
    elif "landTerritories" not in last:  # an empty value names territory '': R101's
        problems.append(("no landTerritories", f"Canal named '{canal_name}' must have landTerritories set!", line))
    return problems, ((canal_name, last["canalName"].line) if canal_name else None)


def _canal_pairs(canals: dict[str, list]):
    """Each canal name must be on exactly two territories (CanalAttachment.validate)."""
    for canal_name, uses in canals.items():
        territories = sorted({target for target, _, _ in uses})
        if len(territories) != 2:
            target, name, line = uses[0]
            yield hit(line=line, kind="canal", name=name, target=target,
                      problem=f"canalName {canal_name!r} is on {len(territories)} territor"
                              f"{'y' if len(territories) == 1 else 'ies'} ({', '.join(territories)}), not 2",
                      engine=f"Wrong number of sea zones {len(territories)} for canal named '{canal_name}' "
                             "(exactly 2 sea zones may have the same canalName)")


def _action_problems(java_class: str, options: list[_Option], line: int | None) -> list:
    names = {option.name for option in options}
    texts = [option.value for option in options if option.name == "text"]
    problems = []
    if not texts or not texts[-1].strip(_JAVA_BLANKS):  # String.trim
        problems.append(("no text", "value: text can't be empty", line))
    if java_class == "PoliticalActionAttachment" and "relationshipChange" not in names:
        problems.append(("no relationshipChange", "value: relationshipChange can't be empty", line))
    return problems


_RULE_PATHS = (("production/productionRule", "production rule"), ("production/repairRule", "repair rule"))


@rule("S232", "structure.parse-refused", Severity.ERROR,
      "{what}: {problem}; TripleA refuses to load the game (\"{engine}\")", beyond_engine=False)
def parse_refused(context):
    """Finds rules with no cost or result, a rule listed twice, an unknown attachment type, bad damage.

    Why: TripleA's GameParser stops at these, so the game does not load (2.x and 1.9): a
    `<productionRule>` or `<repairRule>` with no `<cost>` ("No costs for production rule") or no
    `<result>` ("No results for rule"); a territory, unit type, player, resource or other
    declaration with no `name` or an empty one (1.9: "Name must not be null"; 2.x stops on a
    NullPointerException), but for a delegate, which both keep (no step can run it: S211); a
    frontier that lists the same rule twice ("Rule already added"); an `<attachment>` whose `type`
    is none of `unitType`, `territory`, `resource`, `territoryEffect`, `player`, `relationship` and
    `technology` ("Type not found to attach to"); a `<unitPlacement>` whose `hitsTaken` is below 0
    or not below the unit's hit points (it would start dead), or whose `unitDamage` is below 0. The
    hit points are the unit's `hitPoints` (or the old `isTwoHit`) as its unit attachment gives them,
    1 without; a `<resourceGiven>` whose `quantity` is below 0 ("quantity must be positive",
    ResourceCollection.addResource). The engine's message names the rule, type or unit type but
    not the line.

    Fix: Give the rule its `<cost resource="PUs" quantity="..."/>` and `<result
    resourceOrUnit="..." quantity="1"/>` (or drop a rule nothing sells); give every declaration
    its name; list each rule once per frontier; correct the attachment's `type` (a missing one
    means `unitType`); make `hitsTaken` at most the unit's `hitPoints` less 1 and `unitDamage` 0
    or more; give each player 0 or more of a resource at the start.
    """
    model = context.model
    if model is None:
        return
    for path, kind in _RULE_PATHS:
        rules = model.table(path)
        if not len(rules):
            continue
        names, lines = rules.column("name", ""), rules.lines
        costed, resulting = (set(model.table(f"{path}/{part}").owners(rules)) for part in ("cost", "result"))
        for index in range(len(rules)) if len(costed) < len(rules) or len(resulting) < len(rules) else ():
            if index not in costed:
                yield hit(line=lines[index], what=f"{kind} {names[index]!r}", problem="it has no <cost>",
                          engine=f"No costs for {kind}: {names[index]}")
            if index not in resulting:
                yield hit(line=lines[index], what=f"{kind} {names[index]!r}", problem="it has no <result>",
                          engine=f"No results for rule: {names[index]}")
    yield from _nameless_declarations(model)
    yield from _repeated_frontier_rules(model)
    yield from _unknown_attachment_types(model)
    yield from _damaged_placements(model)
    yield from _negative_resources_given(model)


def _negative_resources_given(model):
    """A `<resourceGiven>` below 0: ResourceCollection.addResource refuses it (a player or resource
    the game lacks stops the engine before: R102, R104)."""
    given = model.table("initialize/resourceInitialize/resourceGiven")
    quantities = given.column("quantity", "") if len(given) else ()
    if not any(quantity.startswith("-") for quantity in quantities):
        return  # the usual game
    players, resources = model.names(PLAYER), model.names(RESOURCE)
    for index, (player, resource, quantity) in enumerate(zip(given.column("player", ""), given.column("resource", ""),
                                                             quantities)):
        number = java_int(quantity)
        if number is not None and number < 0 and player in players and resource in resources:
            yield hit(line=given.lines[index], what=f"<resourceGiven> of {resource!r} to {player!r}",
                      problem=f"its quantity {number} is below 0", engine="quantity must be positive")


def _nameless_declarations(model):
    """A territory, unit type, player ... declared with no name or an empty one: DefaultNamed
    refuses it (2.x's XML reader makes an empty name none too). A delegate is no DefaultNamed: both
    engines keep a nameless one, which no step can run (S211's)."""
    for path, kind in DECLARATIONS:
        if kind == DELEGATE:
            continue
        table = model.table(path)
        names = table.column("name") if len(table) else ()
        if all(names):
            continue  # the usual game
        for index, name in enumerate(names):
            if not name:
                yield hit(line=table.lines[index], what=f"<{path.rpartition('/')[2]}>",
                          problem="it has no name" if name is None else "its name is empty",
                          engine="Name must not be null")


# (frontier path, the element listing a rule, the frontier's kind, the rule's kind, its class as 2.x names it)
_FRONTIER_PATHS = (("production/productionFrontier", "frontierRules", "production frontier", RULE, "ProductionRule"),
                   ("production/repairFrontier", "repairRules", "repair frontier", REPAIR_RULE, "RepairRule"))


def _repeated_frontier_rules(model):
    """A frontier's rule listed again: ProductionFrontier.addRule refuses it."""
    for path, part, kind, rule_kind, shown in _FRONTIER_PATHS:
        listed = model.table(f"{path}/{part}")
        if not len(listed):
            continue
        pairs = list(zip(listed.owners(model.table(path)), listed.column("name", "")))
        if len(set(pairs)) == len(pairs):
            continue  # the usual game, settled in C
        frontiers, declared, first = model.table(path).column("name", ""), model.names(rule_kind), {}
        for index, (frontier, name) in enumerate(pairs):
            if (frontier, name) not in first:
                first[frontier, name] = index
            elif name in declared:  # an undefined rule stops the engine before: R105
                yield hit(line=listed.lines[index], what=f"{kind} {frontiers[frontier]!r}",
                          problem=f"it lists rule {name!r} again (first on line {listed.lines[first[frontier, name]]})",
                          engine=f"Rule already added: {shown}:{name}")


def _unknown_attachment_types(model):
    table = model.table(ATTACHMENT_PATH)
    types = table.column("type", "unitType")
    if set(types).issubset(ATTACH_KINDS):
        return  # the usual game
    names = table.column("name", "")
    for index, attach_type in enumerate(types):
        if attach_type not in ATTACH_KINDS:
            yield hit(line=table.lines[index], what=f"attachment {names[index]!r}",
                      problem=f"its type {attach_type!r} is none the engine attaches to ({', '.join(ATTACH_KINDS)})",
                      engine=f"Type not found to attach to: {attach_type}")


def _damaged_placements(model):
    placements = model.table(USUAL_PATHS["unitPlacement"])  # 2.x reads them there only
    hits, damage = placements.column("hitsTaken"), placements.column("unitDamage")
    if not any(hits) and not any(damage):
        return  # the usual game: no starting damage at all
    units, territories = placements.column("unitType", ""), placements.column("territory", "")
    hit_points = _hit_points(model)
    keys = list(zip(hits, damage, units))  # big games place the same units alike: each distinct row judged once
    problems = {key: found for key in dict.fromkeys(keys) if (found := _placement_problems(*key, hit_points))}
    for index in compress(count(), map(problems.__contains__, keys)):  # the few, chosen in C
        unit, territory = units[index], territories[index]
        for problem, engine in problems[keys[index]]:
            yield hit(line=placements.lines[index], what=f"{unit} placed in {territory!r}", problem=problem,
                      engine=f"Unit placement issue for unit type {unit} in territory {territory}: {engine}")


def _placement_problems(taken: str | None, damaged: str | None, unit: str,
                        hit_points: dict[str, int]) -> list[tuple[str, str]]:
    """(problem, the engine's words after the unit and territory) of a placement's damage."""
    found = []
    taken, damaged = java_int(taken or "0"), java_int(damaged or "0")
    most = hit_points.get(unit, 1) - 1
    if taken is not None and unit in hit_points and not 0 <= taken <= most:
        found.append((f"hitsTaken {taken} is not between 0 and {most} (its hit points less 1)",
                      f"hitsTaken is {taken}, but cannot be less than zero or greater than {most} (one less "
                      "than total hitPoints)"))
    if damaged is not None and damaged < 0:
        found.append((f"unitDamage {damaged} is below 0", f"unitDamage is {damaged}, but cannot be less than zero"))
    return found


def _hit_points(model) -> dict[str, int]:
    """Each unit type's hit points as its unit attachment (the last one given) leaves them;
    unit types whose options cannot be read are left out."""
    classes = attachment_classes(model)
    effective = {target: entry for (target, name), entry in _effective_attachments(model, classes).items()
                 if name == "unitAttachment" and classes[entry[0]] == "UnitAttachment"}
    options = _options_by_element(model, {element for element, _ in effective.values()}, _UNIT_OPTIONS)
    found = {}
    for unit, (element, _) in effective.items():
        fields = _unit_fields(options.get(element, []))
        if fields is not None:
            found[unit] = fields[0]["hitPoints"]
    return found


# the attributes 2.x's XML reader casts to true/false (org.triplea.map.data.elements), where they stand
_BOOLEAN_ATTRIBUTES = (("map/territory", ("water",)), ("playerList/player", ("optional", "canBeDisabled", "isHidden")),
                       ("propertyList/property", ("editable",)))


@rule("S233", "structure.bad-boolean-attribute", Severity.ERROR,
      "<{element} {attribute}=\"{value}\"> is not true or false, and TripleA 2.x refuses to load the game")
def bad_boolean_attribute(context):
    """Finds a `water`, `optional`, `editable` or other true/false attribute given another value.

    Why: TripleA 2.x's XML reader takes `true` or `false` there, in any letter case but with no
    blank around it, and refuses the game over anything else ("Invalid value: yes, required
    either 'true' or 'false'"), naming the value but not where it is. TripleA 1.9 read another
    value as false, so a map that loaded there (`water="yes"` made a land territory) stops
    loading in 2.x. Checked: a territory's `water`; a player's `optional`, `canBeDisabled` and
    `isHidden`; a property's `editable`.

    Fix: Write `true` or `false` in that attribute of the game XML, or leave the attribute out
    (it is false then).
    """
    model = context.model
    for path, attributes in _BOOLEAN_ATTRIBUTES if model is not None else ():
        table = model.table(path)
        for attribute in attributes if len(table) else ():
            values = table.column(attribute)
            if set(values) <= _READ_AS_BOOLEAN:
                continue  # the usual game
            for index, value in enumerate(values):
                if value is not None and value.lower() not in ("true", "false"):
                    yield hit(line=table.lines[index], element=path.rpartition("/")[2], attribute=attribute,
                              value=value)


_READ_AS_BOOLEAN = frozenset((None, "true", "false", "True", "False", "TRUE", "FALSE"))  # the usual values
