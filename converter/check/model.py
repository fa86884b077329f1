"""The game XML read into plain, line-numbered facts that rules query.

Only what the rules need: names declared per kind (with lines, duplicates kept), every
reference from one element to a named thing, connections, attachments with options,
properties and steps. Built from an lxml tree parsed by `converter.xmlsafe`.

Speed matters here (`dday2 check` should beat the engine's own parse of the same XML), and
with lxml the cost is per attribute read and per element object. So the model reads lazily
and column-wise: the elements at a path are found once (`Table`, by the `_columns` kernel
as bare nodes: no lxml element is made for them unless a rule asks), each attribute is
read across them once, on first use, and facts are built from columns on first use. An
attribute no rule asks for is never read; a line is only looked at for a finding.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, compress, repeat
from operator import eq
from typing import NamedTuple

from lxml import etree

from converter.check.positions import positions
from converter.check.spelling2x import as_2x_reads
from converter.check.builtin_tables import BUILTIN_RELATIONSHIP_TYPES
from converter.check.columns import plain_name, scatter, select
from converter.check.lazy import cached
from converter.check.loops import expand_loops, read_variables

# Kinds of named things a game declares.
TERRITORY, PLAYER, UNIT, RESOURCE, RULE, REPAIR_RULE, FRONTIER, REPAIR_FRONTIER, DELEGATE = (
    "territory", "player", "unit type", "resource", "production rule", "repair rule",
    "production frontier", "repair frontier", "delegate")
RELATIONSHIP, TERRITORY_EFFECT, TECHNOLOGY = "relationship type", "territory effect", "technology"
UNIT_OR_RESOURCE = f"{UNIT} or {RESOURCE}"  # what a production result names

# (path of the declaring element, kind); the element's `name` attribute is the name.
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
DECLARING_PATH = {kind: path for path, kind in DECLARATIONS}

# (path of the referring element, attribute, kind it must name). `result/@resourceOrUnit`
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
# a production result names a unit type or a resource; either is fine (no @variable@ expansion)
RESULT_PATHS = ("production/productionRule/result", "production/repairRule/result")

# Elements whose `quantity` must be a whole number, and those naming a Java class, wherever
# they stand in the document; with the path they normally stand at, when there is one.
QUANTITY_TAGS = ("unitPlacement", "heldUnits", "resourceGiven", "cost", "result")
JAVA_CLASS_TAGS = ("attachment", "delegate", "loader")
USUAL_PATHS = {"unitPlacement": "initialize/unitInitialize/unitPlacement",
               "heldUnits": "initialize/unitInitialize/heldUnits",
               "resourceGiven": "initialize/resourceInitialize/resourceGiven",
               "attachment": "attachmentList/attachment", "delegate": "gamePlay/delegate"}

CONNECTION_PATH = "map/connection"
ATTACHMENT_PATH = "attachmentList/attachment"
OPTION_PATH = ATTACHMENT_PATH + "/option"
# attachment type attribute -> kind of thing it attaches to (DTD default: unitType); the types
# GameParser.findAttachment knows, in 2.x and 1.9: another stops the game loading
ATTACH_KINDS = {
    "unitType": UNIT, "territory": TERRITORY, "resource": RESOURCE, "player": PLAYER,
    "relationship": RELATIONSHIP, "territoryEffect": TERRITORY_EFFECT, "technology": TECHNOLOGY,
}


class ReferenceGroup(NamedTuple):
    """Every value one attribute of one element kind names, e.g. each unitPlacement's owner."""

    kind: str
    element: str
    attribute: str
    values: list[str | None]  # None or "" where there is nothing to resolve
    source: "Table | _ChosenLines | list[int | None]"  # where the values' lines are: see `lines`

    @property
    def lines(self) -> list[int | None]:
        """Each value's line (read only when asked: most groups resolve without a finding)."""
        return self.source.lines if isinstance(self.source, (Table, _ChosenLines)) else self.source


class _ChosenLines(NamedTuple):
    """The lines of some of a table's elements (`chosen` is a mask), read only when asked."""

    source: "Table | list[int | None]"
    chosen: list[bool]

    @property
    def lines(self) -> list[int | None]:
        lines = self.source.lines if isinstance(self.source, Table) else self.source
        return list(compress(lines, self.chosen))


class Connection(NamedTuple):
    t1: str
    t2: str
    line: int | None


class Attachment(NamedTuple):
    name: str
    attach_to: str
    java_class: str
    type: str
    line: int | None
    element: int  # index of its <attachment> element: `GameModel.option_owners` point to it


class Property(NamedTuple):
    name: str
    value: str
    line: int | None
    editable: bool
    value_type: str | None  # tag of the nested type element: boolean, number, string, list, ...
    minimum: str | None = None
    maximum: str | None = None
    given: bool = True  # a value is written: TripleA 2.x reads a property with none as absent, 1.9 as empty text


class Step(NamedTuple):
    name: str
    delegate: str
    player: str | None
    line: int | None


_NESTED_STEP = "gamePlay/sequence//step/step"


def _steps_as_2x_reads(root: etree._Element) -> tuple[list, list]:
    """The <step> elements of the sequence 2.x reads as steps, and (skipped step, its outer
    step) pairs, walking the elements' starts and ends as its stream parser does."""
    read, skipped, current = [], [], None
    for sequence in root.iterfind("gamePlay/sequence"):
        for event, element in etree.iterwalk(sequence, events=("start", "end"), tag="step"):
            if event == "start":
                if current is None:
                    current = element
                    read.append(element)
                else:
                    skipped.append((element, current))
            elif current is not None:
                current = None  # the first closing `step` ends the step being read
    return read, skipped


def _step_of(element: etree._Element) -> Step:
    return Step(element.get("name", ""), element.get("delegate", ""), element.get("player"), element.sourceline)


def _named(kind: type, rows) -> list:
    """NamedTuples from plain rows through C-level `tuple.__new__`: the generated `__new__`
    is a Python call, which thousands of connections would each pay."""
    return list(map(tuple.__new__, repeat(kind), rows))


class Table:
    """The elements at one place in the document, read column-wise on demand: `column(a)`
    holds each element's attribute `a` (or the default), `lines` their source lines,
    `elements` the lxml elements themselves (made only when asked)."""

    def __init__(self, nodes) -> None:
        self._nodes = nodes  # columns.select's: the kernel's Nodes or ElementNodes
        self._columns: dict[tuple[str, str | None], list] = {}

    def __len__(self) -> int:
        return len(self._nodes)

    def column(self, attribute: str, default: str | None = None) -> list:
        key = (attribute, default)
        values = self._columns.get(key)
        if values is None:
            if default is not None:  # the same read, with the default filled in where the attribute is absent
                values = self.column(attribute)
                if None in values:  # (else both share one list)
                    values = [default if value is None else value for value in values]
            elif plain_name(attribute):
                values = self._nodes.column(attribute.encode())
            else:  # a namespaced or odd name: lxml reads it as it does
                values = [element.get(attribute) for element in self.elements]
            self._columns[key] = values
        return values

    def column_at(self, attribute: str, indices: list[int], default: str | None = None) -> list:
        """`column(attribute, default)` of the elements at these indices only (a column read
        in full already serves them)."""
        values = self._columns.get((attribute, default))
        if values is not None:
            return [values[index] for index in indices]
        if plain_name(attribute):
            return self._nodes.column(attribute.encode(), default, indices)
        elements = self.elements
        return [elements[index].get(attribute, default) for index in indices]

    @cached
    def lines(self) -> list[int | None]:
        return self._nodes.lines()

    @cached
    def elements(self) -> list[etree._Element]:
        return self._nodes.elements()

    def owners(self, parents: "Table") -> list[int]:
        """For each element, the index of its parent among `parents` (-1 when not there)."""
        return self._nodes.owners(parents._nodes)

    def same_elements(self, other: "Table") -> bool:
        return self._nodes == other._nodes


class GameModel:
    """Facts about one game XML, each read on first use (the tree must not change meanwhile)."""

    def __init__(self, root: etree._Element, loops_unexpanded: str | None = None) -> None:
        self.root = root
        self.loops_unexpanded = loops_unexpanded  # why the game's loops are read as written (`loops`), if so
        self._tables: dict[str, Table] = {}
        self._derived: dict[str, object] = {}

    def table(self, path: str) -> Table:
        """The elements at a child path such as "map/territory", in document order (what
        `root.findall(path)` finds)."""
        table = self._tables.get(path)
        if table is None:
            table = self._tables[path] = Table(select(self.root, path))
        return table

    def values_by_parent(self, path: str, key: str, child: str, value: str, default: str | None = None) -> dict:
        """{element's `key` (or `default`): the `value`s of its `child` elements} for the elements at
        `path` (a later element of the same key replaces an earlier one)."""
        parents, children = self.table(path), self.table(f"{path}/{child}")
        values: list[set] = [set() for _ in range(len(parents))]
        # each child at path/child has its parent at path: its owner index is never -1
        for owner, each in zip(children.owners(parents), children.column(value)):
            values[owner].add(each)
        return dict(zip(parents.column(key, default), values))

    def derived(self, key: str, compute):
        """What several rules derive from the model (e.g. the D-Day2 areas), computed once."""
        if key not in self._derived:
            self._derived[key] = compute(self)
        return self._derived[key]

    @cached
    def variables(self) -> dict[str, list[str]]:
        """2.x `<variableList><variable name="v"><element name="x"/>...`: `v` -> its elements (`loops`)."""
        return read_variables(self.root)

    @cached
    def loops_left(self) -> bool:
        """Some `foreach` loop stands as written: one 2.x refuses (S236), or the game's loops
        would make too many attachments; values there may still hold `@name@` and `$name$`."""
        return any(map(str.strip, self.table(ATTACHMENT_PATH).column("foreach", "")))

    @cached
    def info_name(self) -> str | None:
        """The last `<info>`'s name: 2.x's XmlMapper sets its one `info` field at each such tag."""
        infos = self.root.findall("info")
        return infos[-1].get("name") if infos else None

    @cached
    def has_grid(self) -> bool:
        return self.root.find("map/grid") is not None

    # ---- declared names
    def declared_names(self, kind: str) -> list[str]:
        """The name of each declaration of this kind, duplicates kept, in document order."""
        return self.table(DECLARING_PATH[kind]).column("name", "")

    def declared_lines(self, kind: str) -> list[int | None]:
        """The line of each declaration of this kind, aligned with `declared_names`."""
        return self.table(DECLARING_PATH[kind]).lines

    def names(self, kind: str) -> frozenset[str]:
        return self._names.get(kind, frozenset())

    def first_line(self, kind: str, name: str) -> int | None:
        """Line of the first declaration of `name` (asked for findings only: a scan is cheap)."""
        names = self.declared_names(kind)
        return self.declared_lines(kind)[names.index(name)] if name in names else None

    @cached
    def territories(self) -> list[str]:
        """Declared territory names in document order (shared: do not change the list)."""
        return self.declared_names(TERRITORY)

    @cached
    def players(self) -> list[str]:
        return self.declared_names(PLAYER)

    @cached
    def water(self) -> set[str]:
        table = self.table(DECLARING_PATH[TERRITORY])
        return {name for name, water in zip(table.column("name", ""), table.column("water", "false"))
                if water.strip().lower() == "true"}

    @cached
    def _names(self) -> dict[str, frozenset[str]]:
        names = {kind: frozenset(self.table(path).column("name", "")) for path, kind in DECLARATIONS}
        names[RELATIONSHIP] = names.get(RELATIONSHIP, frozenset()) | BUILTIN_RELATIONSHIP_TYPES  # the engine's own
        return names

    # ---- references
    @cached
    def reference_groups(self) -> list[ReferenceGroup]:
        """REFERENCES in order, production results, then attachments' attachTo per kind
        attached to (2.x replaces variables in attachments alone: `loops`)."""
        groups = []
        for path, attribute, kind in REFERENCES:
            table = self.table(path)
            groups.append(ReferenceGroup(kind, path.rpartition("/")[2], attribute, table.column(attribute), table))
        for path in RESULT_PATHS:
            table = self.table(path)
            groups.append(ReferenceGroup(UNIT_OR_RESOURCE, "result", "resourceOrUnit",
                                         table.column("resourceOrUnit"), table))
        table = self.table(ATTACHMENT_PATH)
        targets, types, lines = table.column("attachTo", ""), table.column("type", "unitType"), table
        kinds = list(map(ATTACH_KINDS.get, types))  # None: a type attaching to no kind of name
        if not all(targets):  # an attachment with no target names nothing
            kinds = [kind if target else None for kind, target in zip(kinds, targets)]
        if self.loops_left:  # nor does a loop left as written: its target stands for its copies' (S236, S242)
            kinds = [None if loop.strip() else kind for kind, loop in zip(kinds, table.column("foreach", ""))]
        # one group per kind attached to, in order of first use; each gathered by one scan in C
        for kind in dict.fromkeys(kinds):
            if kind is not None:
                chosen = list(map(eq, kinds, repeat(kind)))
                groups.append(ReferenceGroup(kind, "attachment", "attachTo", list(compress(targets, chosen)),
                                             _ChosenLines(lines, chosen)))
        return groups

    def referenced(self, kind: str) -> set[str]:
        """Every name that references of this kind use."""
        return {value for group in self.reference_groups if group.kind == kind for value in group.values if value}

    # ---- the map
    @cached
    def connections(self) -> list[Connection]:
        table = self.table(CONNECTION_PATH)
        return _named(Connection, zip(table.column("t1", ""), table.column("t2", ""), table.lines))

    def connection_ends(self) -> tuple[list[str], list[str]]:
        """t1 and t2 of each connection ("" where absent), the same order as `connection_lines`:
        what most rules need, without building a row per connection."""
        table = self.table(CONNECTION_PATH)
        return table.column("t1", ""), table.column("t2", "")

    @property
    def connection_lines(self) -> list[int | None]:
        return self.table(CONNECTION_PATH).lines

    def neighbours(self) -> dict[str, set[str]]:
        """The territory graph (shared between rules: do not change it)."""
        return self._graph

    @cached
    def _graph(self) -> dict[str, set[str]]:
        graph: dict[str, set[str]] = {name: set() for name in self.territories}
        t1s, t2s = self.connection_ends()
        for t1, t2 in zip(t1s, t2s):
            if t1 != t2 and t1 in graph and t2 in graph:
                graph[t1].add(t2)
                graph[t2].add(t1)
        return graph

    # ---- attachments and their options
    @cached
    def attachments(self) -> list[Attachment]:
        """One per <attachment> element: the model reads 2.x's `foreach` loops expanded (`loops`)."""
        table = self.table(ATTACHMENT_PATH)
        return _named(Attachment, zip(table.column("name", ""), table.column("attachTo", ""),
                                      table.column("javaClass", ""), table.column("type", "unitType"),
                                      table.lines, range(len(table))))

    @cached
    def options(self) -> Table:
        """Every attachment's <option> elements, in document order; see `option_owners`."""
        return self.table(OPTION_PATH)

    @cached
    def option_counts(self) -> list[int]:
        """How many options each <attachment> element has (its options follow one another
        in `options`)."""
        counts = Counter(self.option_owners)  # counted in C
        return list(map(counts.get, range(len(self.table(ATTACHMENT_PATH))), repeat(0)))

    @cached
    def option_owners(self) -> list[int]:
        """For each option, the index of its <attachment> element (`Attachment.element`)."""
        return self.options.owners(self.table(ATTACHMENT_PATH))

    def per_option(self, values) -> list:
        """One value per <attachment> element spread over its options, e.g. each option's class."""
        return list(chain.from_iterable(map(repeat, values, self.option_counts)))  # all in C

    @property
    def option_names(self) -> list[str]:
        """Each option's name ("" when absent), aligned with `options` and `option_owners`."""
        return self.options.column("name", "")

    @cached
    def impassable(self) -> set[str]:
        """Territories a territory attachment marks `isImpassable` true: nothing enters them.
        The option's name as 2.x's GameParser reads it: first letter lowered, and `isImpassible`
        in any case (LegacyPropertyMapper)."""
        names = self.option_names
        spellings = {name for name in set(names) if _is_impassable_option(name)}  # each distinct name once
        if not spellings:
            return set()
        chosen = positions(names, spellings)  # found in C
        owners = self.option_owners
        elements = {owners[index] for index, value in zip(chosen, self.options.column_at("value", chosen, ""))
                    if value.strip().lower() == "true"}
        if not elements:
            return set()
        return {each.attach_to for each in self.attachments if each.element in elements and each.type == "territory"}

    def option_values(self, name: str) -> list[str]:
        """The value of every used option called `name`, in document order."""
        return self.options.column_at("value", positions(self.option_names, name), "")  # the scan runs in C

    # ---- properties, the turn sequence, the rest
    @cached
    def properties(self) -> list[Property]:
        table = self.table("propertyList/property")  # the elements iterfind finds, in the same order
        editable = [value.lower() == "true" for value in table.column("editable", "false")]
        return [_property(*row) for row in zip(table.elements, table.column("name", ""), table.column("value"),
                                               table.lines, editable)]

    @cached
    def steps(self) -> list[Step]:
        """The turn sequence's steps as 2.x reads them (with steps written inside steps, see
        `skipped_steps`)."""
        if self._nested_sequence is None:  # the usual game
            table = self.table("gamePlay/sequence/step")
            return _named(Step, zip(table.column("name", ""), table.column("delegate", ""), table.column("player"),
                                    table.lines))
        return [_step_of(element) for element in self._nested_sequence[0]]

    @cached
    def skipped_steps(self) -> list[tuple[Step, Step]]:
        """(step, the step it is written in) for each step 2.x never reads: written inside
        another step, it ends that step's reading (2.x's XmlParser ignores an unknown inner
        tag and stops at the first closing `step`), and the steps after it are read as usual."""
        if self._nested_sequence is None:
            return []
        return [(_step_of(inner), _step_of(outer)) for inner, outer in self._nested_sequence[1]]

    @cached
    def _nested_sequence(self) -> tuple[list, list] | None:
        """`_steps_as_2x_reads` of a sequence with steps written inside steps; None without any."""
        return _steps_as_2x_reads(self.root) if self.root.find(_NESTED_STEP) is not None else None

    @cached
    def delegate_classes(self) -> dict[str, str]:
        table = self.table("gamePlay/delegate")
        return dict(zip(table.column("name", ""), table.column("javaClass", "")))

    @cached
    def delegate_kinds(self) -> dict[str, str]:
        """Each delegate's class by its short name (the XML may name it with or without its
        package, as 2.x finds it)."""
        return {name: java_class.rsplit(".", 1)[-1] for name, java_class in self.delegate_classes.items()}

    def runs_delegate(self, java_class: str) -> bool:
        """Whether the turn sequence has a step of a delegate of this class (its short name)."""
        kinds = self.delegate_kinds
        return any(kinds.get(step.delegate) == java_class for step in self.steps)

    @cached
    def first_results(self) -> dict[str, str]:
        """Each production rule's first `result` (what the engine's getAnyResultKey gives), by
        the rule's name; a rule declared again is its last declaration, as the engine keeps."""
        rules, results = self.table("production/productionRule"), self.table("production/productionRule/result")
        first: dict[int, str] = {}
        for owner, name in zip(results.owners(rules), results.column("resourceOrUnit", "")):
            first.setdefault(owner, name)
        return {name: first[index] for index, name in enumerate(rules.column("name", "")) if index in first}

    @cached
    def starting_owners(self) -> dict[str, str]:
        """Each territory's owner at the start (`<territoryOwner>`; the last one for a territory
        given twice)."""
        owners = self.table("initialize/ownerInitialize/territoryOwner")
        return dict(zip(owners.column("territory", ""), owners.column("owner", "")))

    @cached
    def alliances(self) -> list[str]:
        """Each playerList/alliance's alliance name ("" when absent)."""
        return self.table("playerList/alliance").column("alliance", "")

    def anywhere(self, tag: str) -> Table:
        """Every <tag> element (of QUANTITY_TAGS and JAVA_CLASS_TAGS) wherever it stands, in
        document order: the same table as at its usual path when all stand there, so each
        attribute is still read once."""
        if tag not in self._tables:  # keyed by a bare tag, which no path looks like
            found = Table(self._scattered[tag])
            path = USUAL_PATHS.get(tag)
            self._tables[tag] = self.table(path) if path is not None and self.table(path).same_elements(found) \
                else found
        return self._tables[tag]

    @cached
    def _scattered(self) -> dict:
        return scatter(self.root, (*QUANTITY_TAGS, *JAVA_CLASS_TAGS))  # one walk of the whole tree


def _is_impassable_option(name: str) -> bool:
    return name[:1].lower() + name[1:] == "isImpassable" or name.lower() == "isimpassible"


def placement_parts(value: str) -> tuple[str, list[str]]:
    """A trigger's `placement` value, `[count:]territory:unit:unit...`, as 2.x's
    TriggerAttachment.setPlacement splits it: the territory and the unit types."""
    parts = [part.strip() for part in value.split(":")]
    if len(parts) > 1 and parts[0].lstrip("+-").isdecimal():  # a leading count (or the option's count)
        parts = parts[1:]
    return parts[0], parts[1:]


def build_model(root: etree._Element) -> GameModel:
    """The model of a game as TripleA 2.x reads it: tags in any letter case and 1.8's
    attachment spelling included (`spelling2x`), and its `foreach` loops expanded (`loops`)."""
    return GameModel(*expand_loops(as_2x_reads(root)))


def _property(element: etree._Element, name: str, value: str | None, line: int | None, editable: bool) -> Property:
    """One property from its attributes (read as columns) and its children: the first child
    element of a type (boolean, number, ...) and the first <value>, whose text wins."""
    given, value = value is not None, value or ""
    typed = nested_value = None
    for child in element:
        if child.tag == "value":
            nested_value = child if nested_value is None else nested_value
        elif typed is None and isinstance(child.tag, str):
            typed = child
    if nested_value is not None and nested_value.text:
        given, value = True, nested_value.text
    if typed is None:
        return _new_tuple(Property, (name, value, line, editable, None, None, None, given))
    return _new_tuple(Property, (name, value, line, editable, typed.tag, typed.get("min"), typed.get("max"), given))


_new_tuple = tuple.__new__  # a NamedTuple without its Python-level __new__ (see `_named`)
