"""R1xx: every name the game XML uses is declared (the engine stops at the first such error;
we report them all, with lines)."""

from __future__ import annotations

from converter.check.model import (ATTACH_KINDS, ATTACHMENT_PATH, DELEGATE, FRONTIER, JAVA_CLASS_TAGS, PLAYER,
                                   RELATIONSHIP, REPAIR_FRONTIER, REPAIR_RULE, RESOURCE, RULE, TECHNOLOGY, TERRITORY,
                                   TERRITORY_EFFECT, UNIT, UNIT_OR_RESOURCE, ReferenceGroup)
from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.javatext import is_blank
from converter.check.rule import hit, rule
from converter.findings import Severity

_TEMPLATE = "<{element} {attribute}=\"{value}\"> names an undefined {kind}{missing}"
# the references an element may leave out (a step of no player; a unit placed for no one), or give
# blank (2.x's String.isBlank; 1.9 trims the owner and does not find a blank player); the others
# both engines look up even when missing or empty, and stop loading the game there
_OPTIONAL_REFERENCES = frozenset((("step", "player"), ("unitPlacement", "owner")))
_MISSING = " (the attribute is missing or empty, and TripleA stops loading the game there)"

# The engine's own technology advances, as TripleA 2.x (and 1.9) know them: property -> name. A
# `<techname>` (or its `tech`) that is one of these properties makes that advance; each
# advance is found by its name or its property.
TECH_ADVANCES = {
    "superSub": "Super subs", "jetPower": "Jet Power", "shipyards": "Shipyards", "aARadar": "AA Radar",
    "longRangeAir": "Long Range Aircraft", "heavyBomber": "Heavy Bomber",
    "improvedArtillerySupport": "Improved Artillery Support", "rocket": "Rockets Advance",
    "paratroopers": "Paratroopers", "increasedFactoryProduction": "Increased Factory Production",
    "warBonds": "War Bonds", "mechanizedInfantry": "Mechanized Infantry",
    "industrialTechnology": "Industrial Technology", "destroyerBombard": "Destroyer Bombard",
}
# the advances a game without `<technology>` gets, by its WW2V2 / WW2V3 properties (WW2V2 first)
_DEFAULT_ADVANCES = {
    "WW2V2": ("jetPower", "superSub", "longRangeAir", "rocket", "destroyerBombard", "heavyBomber"),
    "WW2V3": ("superSub", "jetPower", "shipyards", "aARadar", "longRangeAir", "heavyBomber",
              "improvedArtillerySupport", "rocket", "paratroopers", "increasedFactoryProduction", "warBonds",
              "mechanizedInfantry"),
    "": ("jetPower", "superSub", "longRangeAir", "rocket", "industrialTechnology", "heavyBomber"),
}
TECHNAME_PATH = "technology/technologies/techname"
_ENGINE_PLAYERS = frozenset((NEUTRAL_PLAYER,))  # the player for what nobody owns, by its name


def property_is_true(model, name: str) -> bool:
    """Whether the game property `name` is set to true (its last declaration, as the engine keeps)."""
    prop = last_declaration(model, name)
    return prop is not None and prop.value.strip().lower() == "true"


def last_declaration(model, name: str):
    """The game property `name` as the engine keeps it (its last declaration); None without one."""
    declared = [prop for prop in model.properties if prop.name == name]
    return declared[-1] if declared else None


def technology_advances(model) -> list[tuple[str, str]]:
    """(name, property) of each technology advance the game has, as TripleA 2.x builds them.

    With no `<technology>` the engine makes its built-in set; else each `<techname>` is one:
    with a `tech`, named `name` and with that built-in advance's property; without, the
    built-in advance when `name` is one's property (named the engine's way), else a plain
    technology whose name and property are both `name`."""
    return model.derived("references.technology_advances", _technology_advances)


def _technology_advances(model) -> list[tuple[str, str]]:
    if not len(model.table("technology")):
        era = "WW2V2" if property_is_true(model, "WW2V2") else "WW2V3" if property_is_true(model, "WW2V3") else ""
        return [(TECH_ADVANCES[prop], prop) for prop in _DEFAULT_ADVANCES[era]]
    table = model.table(TECHNAME_PATH)
    advances = []
    for name, tech in zip(table.column("name", ""), table.column("tech", "")):
        if tech.strip():
            advances.append((name, tech))  # a `tech` the engine does not have stops it loading: R108
        elif name in TECH_ADVANCES:
            advances.append((TECH_ADVANCES[name], name))
        else:
            advances.append((name, name))
    return advances


def category_advances(model) -> dict[str, list[tuple[str, str]]]:
    """Player -> (name, property) of each advance its `<playerTech>` categories list, a category's
    `<tech>` found as 2.x's GameParser finds it: by an advance's property first, then by its name."""
    return model.derived("references.category_advances", _category_advances)


def _category_advances(model) -> dict[str, list[tuple[str, str]]]:
    advances = technology_advances(model)
    by_either = {name: (name, prop) for name, prop in advances}
    by_either.update((prop, (name, prop)) for name, prop in advances)  # its property first
    player_techs = model.table("technology/playerTech")
    categories = model.table("technology/playerTech/category")
    techs = model.table("technology/playerTech/category/tech")
    players = player_techs.column("player", "")
    owner_of_category = categories.owners(player_techs)
    found: dict[str, list[tuple[str, str]]] = {}
    for tech, category in zip(techs.column("name", ""), techs.owners(categories)):
        advance = by_either.get(tech)  # (one the game does not declare stops it loading)
        if advance is not None and category >= 0 and owner_of_category[category] >= 0:
            listed = found.setdefault(players[owner_of_category[category]], [])
            if advance not in listed:
                listed.append(advance)
    return found


def _undefined(context, *kinds: str):
    model = context.model
    if model is None:
        return
    for group, value, line, *named in model.derived("references.undefined", _unresolved):
        if group.kind in kinds:
            name = named[0] if named else value  # one name of a list the value holds
            where = {"territory": name} if group.kind == TERRITORY else \
                {"player": name} if group.kind == PLAYER else {}
            missing = f" {name!r}" if named else "" if value else _MISSING
            yield hit(line=line, element=group.element, attribute=group.attribute, value=value or "", kind=group.kind,
                      missing=missing, **where)


def _unresolved(model) -> list[tuple]:
    """(group, value, line) of every reference to a declared kind naming nothing declared;
    found once for the rules R101-R108."""
    found = []
    for group in model.reference_groups:
        if group.kind == UNIT_OR_RESOURCE:
            continue  # R109
        declared = model.names(group.kind)
        if group.kind == PLAYER:  # PlayerList.getPlayerId("Neutral") is the engine's own player, in 1.9 too
            declared = declared | _ENGINE_PLAYERS
        if declared.issuperset(group.values):
            continue  # the usual case, settled in C; else find which values and where
        optional = (group.element, group.attribute) in _OPTIONAL_REFERENCES  # (a blank one is left out too)
        required = group.element != "attachment" and not optional
        found += [(group, value, line) for value, line in zip(group.values, group.lines)
                  if (required if not value or (optional and is_blank(value)) else value not in declared)]
    return found + _without_target(model) + _displayed_for(model)


def _displayed_for(model) -> list[tuple]:
    """(group, value, line, name) of each player a resource's `isDisplayedFor` names that the
    game does not declare: 2.x splits it at `:` (`NONE` in any case: shown to no one) and
    refuses the game at a name it cannot find ("Parse resources could not find player")."""
    table = model.table("resourceList/resource")
    values = table.column("isDisplayedFor") if len(table) else ()
    if not any(values):
        return []
    declared = model.names(PLAYER) | _ENGINE_PLAYERS
    group = ReferenceGroup(PLAYER, "resource", "isDisplayedFor", [], table)
    return [(group, value, line, name) for value, line in zip(values, table.lines)
            if value and value.lower() != "none" for name in value.split(":") if name not in declared]


def _without_target(model) -> list[tuple]:
    """(group, "", line) of each attachment with no attachTo: GameParser.findAttachment looks the
    missing name up as its type's kind (not so a 2.x variable's, which may stand for nothing)."""
    table = model.table(ATTACHMENT_PATH)
    targets = table.column("attachTo")
    if all(targets):
        return []
    types = table.column("type", "unitType")
    return [(ReferenceGroup(ATTACH_KINDS[types[index]], "attachment", "attachTo", [], table), "",
             table.lines[index]) for index, target in enumerate(targets) if not target and types[index] in ATTACH_KINDS]


@rule("R101", "references.undefined-territory", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_territory(context):
    """Finds places in the game XML that name a territory the XML never declares.

    Why: TripleA 1.9 stops loading the game at the first such name in a `<connection>`, a
    `<territoryOwner>`, a `<unitPlacement>` or a territory attachment (`Could not find
    territory`), so the map cannot be played. On a grid map (a `<grid>` in `<map>`) this rule
    checks nothing, since the engine generates the territory names there.

    Fix: In the game XML, correct the name to a `<territory name="...">` of `<map>` (it must
    match exactly, case and spaces included), or declare the missing territory there and add it
    to `polygons.txt`, `centers.txt` and `place.txt`.
    """
    model = context.model
    if model is not None and model.has_grid:
        return  # grid maps generate territory names the XML does not list
    yield from _undefined(context, TERRITORY)


@rule("R102", "references.undefined-player", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_player(context):
    """Finds places in the game XML that name a player its player list never declares.

    Why: In most places, such as alliances, territory owners and resources given, TripleA 1.9
    stops loading the game at the first such name (`Could not find player`). `Neutral` is
    the engines' own player for what nobody owns, so it is never reported. Two places 1.9 lets
    pass, logging only a DTD error: an unknown `owner` of a `<unitPlacement>` makes those units
    neutral, and an unknown `player` of a `<step>` leaves that step with no player. TripleA 2.x
    refuses the step too ("that player cannot be found"), and gives those units no owner at all,
    not even the neutral player. Either left out, empty or blank means no player (the units are
    the neutral player's), in both engines. It also refuses a resource whose `isDisplayedFor` (players
    split at `:`, or `NONE`) names an unknown player, an attribute 1.9 did not read.

    Fix: In the game XML, correct the name to a `<player name="...">` of `<playerList>` (it must
    match exactly, case included), or declare the missing player there.
    """
    yield from _undefined(context, PLAYER)


@rule("R103", "references.undefined-unit-type", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_unit_type(context):
    """Finds places in the game XML that name a unit type its unit list never declares.

    Why: TripleA 1.9 stops loading the game at the first such name (`Could not find
    unitType`), so the map cannot be played. The names checked are the `unitType` of
    `<unitPlacement>` and `<heldUnits>` and the `attachTo` of unit attachments.

    Fix: In the game XML, correct the name to a `<unit name="...">` of `<unitList>` (it must
    match exactly, case included), or declare the missing unit type there.
    """
    yield from _undefined(context, UNIT)


@rule("R104", "references.undefined-resource", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_resource(context):
    """Finds places in the game XML that name a resource its resource list never declares.

    Why: TripleA 1.9 stops loading the game at the first such name (`Could not find
    resource`), so the map cannot be played. The names checked are the `resource` of a rule's
    `<cost>` and of `<resourceGiven>`, and the `attachTo` of resource attachments.

    Fix: In the game XML, correct the name to a `<resource name="...">` of `<resourceList>`
    (e.g. `PUs`), or declare the missing resource there.
    """
    yield from _undefined(context, RESOURCE)


@rule("R105", "references.undefined-production-rule", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_production_rule(context):
    """Finds production or repair frontiers that list a rule the game XML never declares.

    Why: TripleA 1.9 stops loading the game at the first such rule (for a production frontier:
    `Could not find production rule`), so the map cannot be played.

    Fix: In the game XML's `<production>`, correct the `name` of the `<frontierRules>` (or
    `<repairRules>`) to a declared `<productionRule>` (or `<repairRule>`), or declare the rule.
    """
    yield from _undefined(context, RULE, REPAIR_RULE)


@rule("R106", "references.undefined-frontier", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_frontier(context):
    """Finds players given a production or repair frontier the game XML never declares.

    Why: TripleA 1.9 stops loading the game at the first such frontier (for production: `Could
    not find production frontier`), so the map cannot be played.

    Fix: In the game XML's `<production>`, correct the `frontier` of the `<playerProduction>` (or
    `<playerRepair>`) to a declared `<productionFrontier>` (or `<repairFrontier>`) name.
    """
    yield from _undefined(context, FRONTIER, REPAIR_FRONTIER)


@rule("R107", "references.undefined-delegate", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_delegate(context):
    """Finds steps of the game sequence that name a delegate the game XML never declares.

    Why: TripleA 1.9 stops loading the game at the first such step (`Could not find delegate`),
    so the map cannot be played. A `<step>`'s `delegate` is the `name` of a `<delegate>` in
    `<gamePlay>`, not its Java class.

    Fix: In the game XML, correct the step's `delegate` to the name of a `<delegate>` in
    `<gamePlay>` (e.g. `initDelegate`), or declare the missing delegate there with its class.
    """
    yield from _undefined(context, DELEGATE)


@rule("R108", "references.undefined-other", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_other(context):
    """Finds names of relationship types, territory effects or technologies that are never declared.

    Why: TripleA stops loading the game at the first such name (e.g. `Could not find
    territoryEffect`), so the map cannot be played. Checked: a `<relationship>`'s `type`, a
    `<playerTech>`'s `<tech>`, the `attachTo` of attachments of those kinds, and a `<techname>`'s
    `tech`, which must be one of the engine's own advances (`jetPower`, `industrialTechnology`
    ...). A technology is found by its name or its property: `<techname name="industrialTechnology"/>`
    is also `Industrial Technology`, and `<techname name="X" tech="heavyBomber"/>` also `heavyBomber`.
    A game with no `<technology>` section has only the engine's built-in advances (set by `WW2V2`
    or `WW2V3`).

    Fix: In the game XML, correct the name to one declared in `<relationshipTypes>`,
    `<territoryEffectList>` or `<technology><technologies>` (or a built-in advance), or declare it
    there.
    """
    # relationship types, territory effects, technologies
    model = context.model
    if model is None:
        return
    technologies = None  # every name and property of the game's advances, read on the first finding
    for finding in _undefined(context, RELATIONSHIP, TERRITORY_EFFECT, TECHNOLOGY):
        params = dict(finding.params)
        if params["kind"] == TECHNOLOGY:
            # the engine looks a technology up by its name and by its property
            technologies = technologies or {each for pair in technology_advances(model) for each in pair}
            if params["value"] in technologies:
                continue
        yield finding
    table = model.table(TECHNAME_PATH)
    for tech, line in zip(table.column("tech", ""), table.lines) if len(table) else ():
        if tech.strip() and tech not in TECH_ADVANCES:
            yield hit(line=line, element="techname", attribute="tech", value=tech, kind=TECHNOLOGY, missing="")


@rule("R109", "references.undefined-result", Severity.ERROR,
      "<{element} resourceOrUnit=\"{value}\"> names neither a unit type nor a resource", beyond_engine=False)
def undefined_result(context):
    """Finds results of production or repair rules that name neither a unit type nor a resource.

    Why: TripleA (1.9 and 2.x) stops loading the game at the first such result (`Could not find
    resource or unit`), so the map cannot be played; a result with no `resourceOrUnit` too.

    Fix: In the game XML's `<production>`, correct the `<result>`'s `resourceOrUnit` to a
    `<unit>` of `<unitList>` or a `<resource>` of `<resourceList>`, or declare the missing one.
    """
    model = context.model
    if model is None:
        return
    known = model.names(UNIT) | model.names(RESOURCE)
    for group in model.reference_groups:
        if group.kind == UNIT_OR_RESOURCE and not known.issuperset(group.values):
            for value, line in zip(group.values, group.lines):
                if not value or value not in known:  # a missing one too: both engines look it up
                    yield hit(line=line, element=group.element, value=value or "")


@rule("R110", "references.unknown-java-class", Severity.ERROR,
      "<{element} javaClass=\"{java_class}\"> is not a class of the installed engine{note}", beyond_engine=False)
def unknown_java_class(context):
    """Finds attachments, delegates and loaders whose javaClass the installed engine does not have.

    Why: TripleA 1.9 does not load a game whose `<loader>`, `<delegate>` or `<attachment>` names
    a class it lacks. The rule runs only when the engine is installed (it reads the classes from
    its jar), and accepts a short attachment class such as `UnitAttachment`, as TripleA 2.x
    allows, though 1.9 itself does not load a game that uses one. An attachment class in the
    wrong package (`games.strategy.triplea.attachment.UnitAttachment`) is a warning: 2.x drops
    any package and finds the class by its last name. It is info where 1.9 cannot load the game
    anyway (written for 2.x, or naming classes without their package), and one finding per class
    so written. An attachment or delegate with no `javaClass` stops both engines too.

    Fix: In the game XML, correct the `javaClass` to the full name of one of the engine's
    classes, e.g. `games.strategy.triplea.attachments.UnitAttachment`.
    """
    model = context.model
    if model is None or not context.engine.known_classes:
        return
    alone = None  # why the game is for 2.x alone, read at the first class in a wrong package
    for tag in JAVA_CLASS_TAGS:
        table = model.anywhere(tag)
        classes = table.column("javaClass", "")
        unknown = {java_class for java_class in set(classes)  # each class judged once
                   if (not context.engine.class_exists(java_class) if java_class else tag != "loader")}
        misplaced: dict[str, list[int | None]] = {}  # a class in a wrong package -> its lines: one finding
        for index, java_class in enumerate(classes) if unknown else ():
            if not java_class and java_class in unknown:  # 2.x reads no loader: 1.9 alone needs its class
                yield hit(line=table.lines[index], element=tag, java_class="", note=_MISSING)
            elif java_class in unknown:
                simple = java_class.rsplit(".", 1)[-1]
                if tag == "attachment" and "." in java_class and context.engine.class_exists(simple):
                    misplaced.setdefault(java_class, []).append(table.lines[index])
                else:
                    yield hit(line=table.lines[index], element=tag, java_class=java_class, note="")
        for java_class, lines in misplaced.items():
            if alone is None:
                alone = _for_2x_alone(model, classes) or ""
            more = f" (and {len(lines) - 1} more attachment{'s' * (len(lines) > 2)} of it)" if len(lines) > 1 else ""
            simple = java_class.rsplit(".", 1)[-1]
            effect = f"; 1.9 cannot load the game anyway (it {alone}), so nothing changes" if alone else \
                "; 1.9 does not load the game"
            yield hit(line=lines[0], element=tag, java_class=java_class,
                      severity=Severity.INFO if alone else Severity.WARNING,
                      note=f"{more}; TripleA 2.x drops the package and finds {simple}{effect}")


def _for_2x_alone(model, attachment_classes: list[str]) -> str | None:
    """Why 1.9 cannot load the game whatever its classes' packages: it is written for 2.x
    (`rules.xml.for_2x_alone`), or names attachment classes without a package, as 2.x alone
    allows; None otherwise."""
    from converter.check.rules.xml import for_2x_alone

    reason = for_2x_alone(model.root)
    if reason is None and any(java_class and "." not in java_class for java_class in attachment_classes):
        reason = "names attachment classes without their package, which 1.9 does not load"
    return reason
