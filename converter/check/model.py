"""The game XML read once into plain, line-numbered facts that rules query.

Only what the rules need: names declared per kind (with lines, duplicates kept), every
reference from one element to a named thing, connections, attachments with options,
properties and steps. Built from an lxml tree parsed by `converter.xmlsafe`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

# Kinds of named things a game declares.
TERRITORY, PLAYER, UNIT, RESOURCE, RULE, REPAIR_RULE, FRONTIER, REPAIR_FRONTIER, DELEGATE = (
    "territory", "player", "unit type", "resource", "production rule", "repair rule",
    "production frontier", "repair frontier", "delegate")
RELATIONSHIP, TERRITORY_EFFECT, TECHNOLOGY = "relationship type", "territory effect", "technology"

# (XPath of the declaring element, kind); the element's `name` attribute is the name.
DECLARATIONS: tuple[tuple[str, str], ...] = (
    ("map/territory", TERRITORY),
    ("playerList/player", PLAYER),
    ("unitList/unit", UNIT),
    ("resourceList/resource", RESOURCE),
    ("production/productionRule", RULE),
    ("production/repairRule", REPAIR_RULE),
    ("production/productionFrontier", FRONTIER),
    ("production/repairFrontier", REPAIR_FRONTIER),
    ("gamePlay/delegate", DELEGATE),
    ("relationshipTypes/relationshipType", RELATIONSHIP),
    ("territoryEffectList/territoryEffect", TERRITORY_EFFECT),
    ("technology/technologies/techname", TECHNOLOGY),
)

# (XPath of the referring element, attribute, kind it must name). `result/@resourceOrUnit`
# and attachments' attachTo are resolved separately (their kind depends on the value/type).
REFERENCES: tuple[tuple[str, str, str], ...] = (
    ("map/connection", "t1", TERRITORY),
    ("map/connection", "t2", TERRITORY),
    ("map/remove-connection", "t1", TERRITORY),
    ("map/remove-connection", "t2", TERRITORY),
    ("playerList/alliance", "player", PLAYER),
    ("gamePlay/sequence/step", "delegate", DELEGATE),
    ("gamePlay/sequence/step", "player", PLAYER),
    ("production/productionRule/cost", "resource", RESOURCE),
    ("production/repairRule/cost", "resource", RESOURCE),
    ("production/productionFrontier/frontierRules", "name", RULE),
    ("production/repairFrontier/repairRules", "name", REPAIR_RULE),
    ("production/playerProduction", "player", PLAYER),
    ("production/playerProduction", "frontier", FRONTIER),
    ("production/playerRepair", "player", PLAYER),
    ("production/playerRepair", "frontier", REPAIR_FRONTIER),
    ("technology/playerTech", "player", PLAYER),
    ("technology/playerTech/category/tech", "name", TECHNOLOGY),
    ("initialize/ownerInitialize/territoryOwner", "territory", TERRITORY),
    ("initialize/ownerInitialize/territoryOwner", "owner", PLAYER),
    ("initialize/unitInitialize/unitPlacement", "unitType", UNIT),
    ("initialize/unitInitialize/unitPlacement", "territory", TERRITORY),
    ("initialize/unitInitialize/unitPlacement", "owner", PLAYER),
    ("initialize/unitInitialize/heldUnits", "unitType", UNIT),
    ("initialize/unitInitialize/heldUnits", "player", PLAYER),
    ("initialize/resourceInitialize/resourceGiven", "player", PLAYER),
    ("initialize/resourceInitialize/resourceGiven", "resource", RESOURCE),
    ("initialize/relationshipInitialize/relationship", "player1", PLAYER),
    ("initialize/relationshipInitialize/relationship", "player2", PLAYER),
    ("initialize/relationshipInitialize/relationship", "type", RELATIONSHIP),
)

# attachment type attribute -> kind of thing it attaches to (DTD default: unitType)
ATTACH_KINDS = {
    "unitType": UNIT, "territory": TERRITORY, "resource": RESOURCE, "player": PLAYER,
    "relationship": RELATIONSHIP, "territoryEffect": TERRITORY_EFFECT, "technology": TECHNOLOGY,
}


@dataclass(frozen=True)
class Declared:
    kind: str
    name: str
    line: int | None


@dataclass(frozen=True)
class Reference:
    kind: str  # what the value must name
    value: str
    element: str  # referring element's tag, e.g. "unitPlacement"
    attribute: str
    line: int | None


@dataclass(frozen=True)
class Connection:
    t1: str
    t2: str
    line: int | None


@dataclass(frozen=True)
class Option:
    name: str
    value: str
    count: str
    line: int | None


@dataclass(frozen=True)
class Attachment:
    name: str
    attach_to: str
    java_class: str
    type: str
    line: int | None
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Property:
    name: str
    value: str
    line: int | None
    editable: bool
    value_type: str | None  # tag of the nested type element: boolean, number, string, list, ...
    minimum: str | None = None
    maximum: str | None = None


@dataclass(frozen=True)
class Step:
    name: str
    delegate: str
    player: str | None
    line: int | None


@dataclass
class GameModel:
    info_name: str | None = None
    declared: list[Declared] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    water: set[str] = field(default_factory=set)
    attachments: list[Attachment] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    delegate_classes: dict[str, str] = field(default_factory=dict)
    quantities: list[tuple[str, str, str, int | None]] = field(default_factory=list)  # element, attr, value, line
    has_grid: bool = False

    def names(self, kind: str) -> set[str]:
        return {d.name for d in self.declared if d.kind == kind}

    def first_line(self, kind: str, name: str) -> int | None:
        return next((d.line for d in self.declared if d.kind == kind and d.name == name), None)

    @property
    def territories(self) -> list[str]:
        return [d.name for d in self.declared if d.kind == TERRITORY]

    @property
    def players(self) -> list[str]:
        return [d.name for d in self.declared if d.kind == PLAYER]

    def neighbours(self) -> dict[str, set[str]]:
        graph: dict[str, set[str]] = {name: set() for name in self.territories}
        for connection in self.connections:
            if connection.t1 in graph and connection.t2 in graph and connection.t1 != connection.t2:
                graph[connection.t1].add(connection.t2)
                graph[connection.t2].add(connection.t1)
        return graph


def read_variables(root: etree._Element) -> dict[str, list[str]]:
    """2.x `<variableList><variable name="v"><element name="x"/>...` used as `@v@` in values."""
    return {variable.get("name", ""): [e.get("name", "") for e in variable.iterfind("element")]
            for variable in root.iterfind("variableList/variable")}


def expand(value: str, variables: dict[str, list[str]]) -> list[str]:
    """Every value an `@variable@` text stands for (the value itself when it has none)."""
    if "@" not in value or not variables:
        return [value]
    for name, elements in variables.items():
        token = f"@{name}@"
        if token in value:
            return [expanded for element in elements for expanded in expand(value.replace(token, element), variables)]
    return [value]


def build_model(root: etree._Element) -> GameModel:
    model = GameModel()
    variables = read_variables(root)
    info = root.find("info")
    model.info_name = info.get("name") if info is not None else None
    model.has_grid = root.find("map/grid") is not None
    for path, kind in DECLARATIONS:
        for element in root.iterfind(path):
            model.declared.append(Declared(kind, element.get("name", ""), element.sourceline))
    for element in root.iterfind("map/territory"):
        if element.get("water", "false").strip().lower() == "true":
            model.water.add(element.get("name", ""))
    for path, attribute, kind in REFERENCES:
        for element in root.iterfind(path):
            value = element.get(attribute)
            for each in expand(value, variables) if value else ():
                model.references.append(Reference(kind, each, element.tag, attribute, element.sourceline))
    for element in root.iterfind("map/connection"):
        model.connections.append(Connection(element.get("t1", ""), element.get("t2", ""), element.sourceline))
    _read_results(root, model)
    _read_attachments(root, model, variables)
    _read_properties(root, model)
    for element in root.iterfind("gamePlay/sequence/step"):
        model.steps.append(Step(element.get("name", ""), element.get("delegate", ""),
                                element.get("player"), element.sourceline))
    for element in root.iterfind("gamePlay/delegate"):
        model.delegate_classes[element.get("name", "")] = element.get("javaClass", "")
    for tag, attribute in (("unitPlacement", "quantity"), ("heldUnits", "quantity"), ("resourceGiven", "quantity"),
                           ("cost", "quantity"), ("result", "quantity")):
        for element in root.iter(tag):
            model.quantities.append((tag, attribute, element.get(attribute, ""), element.sourceline))
    return model


def _read_results(root: etree._Element, model: GameModel) -> None:
    """A production result names a unit type or a resource; either is fine."""
    for path in ("production/productionRule/result", "production/repairRule/result"):
        for element in root.iterfind(path):
            value = element.get("resourceOrUnit")
            if value:
                model.references.append(Reference(f"{UNIT} or {RESOURCE}", value, element.tag,
                                                  "resourceOrUnit", element.sourceline))


def _read_attachments(root: etree._Element, model: GameModel, variables: dict[str, list[str]]) -> None:
    for element in root.iterfind("attachmentList/attachment"):
        options = tuple(Option(o.get("name", ""), o.get("value", ""), o.get("count", ""), o.sourceline)
                        for o in element.iterfind("option"))
        # 2.x `foreach="$v$"` attachments name their target with the loop variable
        loop = {name.strip("$@"): values for name, values in variables.items()}
        for attach_to in expand(element.get("attachTo", ""), variables):
            attach_to = _expand_loop(attach_to, element.get("foreach", ""), loop)
            for target in attach_to:
                attachment = Attachment(element.get("name", ""), target, element.get("javaClass", ""),
                                        element.get("type", "unitType"), element.sourceline, options)
                model.attachments.append(attachment)
                kind = ATTACH_KINDS.get(attachment.type)
                if kind is not None and target:
                    model.references.append(Reference(kind, target, "attachment", "attachTo", element.sourceline))


def _expand_loop(value: str, foreach: str, variables: dict[str, list[str]]) -> list[str]:
    """`foreach="$units$"` with `attachTo="$units$"`: one attachment per element."""
    if not foreach or "$" not in value:
        return [value]
    values = [value]
    for name in (part.strip().strip("$") for part in foreach.split(":")):
        token = f"${name}$"
        values = [v.replace(token, element) for v in values for element in variables.get(name, [""])] \
            if any(token in v for v in values) else values
    return values


def _read_properties(root: etree._Element, model: GameModel) -> None:
    for element in root.iterfind("propertyList/property"):
        typed = next((child for child in element if isinstance(child.tag, str) and child.tag != "value"), None)
        value = element.get("value", "")
        nested_value = element.find("value")
        if nested_value is not None and nested_value.text:
            value = nested_value.text
        model.properties.append(Property(
            name=element.get("name", ""), value=value, line=element.sourceline,
            editable=element.get("editable", "false").lower() == "true",
            value_type=typed.tag if typed is not None else None,
            minimum=typed.get("min") if typed is not None else None,
            maximum=typed.get("max") if typed is not None else None,
        ))
