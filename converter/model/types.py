"""Value types of the canonical model. Everything is frozen; tuples, not lists.

An *area* is one of the 42 logical territories; a *part* is one of its three invisible
TripleA territories (allied / german / patrol). A part reference in the data files reads
"<area id>/<part>", e.g. "11/allied".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

PartKind = Literal["allied", "german", "patrol"]
PART_KINDS: tuple[PartKind, ...] = ("allied", "german", "patrol")
PART_PREFIX = {"allied": "A", "german": "G", "patrol": "P"}
LAND_CLASSES = frozenset({"infantry", "artillery", "armour", "blockhouse"})
UNIT_CLASSES = LAND_CLASSES | {"bomber", "fighter", "naval_bombardment", "paratroop", "blockhouse_fire", "aa_fire"}
ABILITIES = frozenset({
    "aa", "no_stacking", "targeted", "patrol", "legacy", "one_shot", "blockhouses_only", "round_one_only",
})


@dataclass(frozen=True)
class Player:
    name: str
    side: str  # alliance name: "Allies" or "Axis"
    kind: str  # "army" or "phase"
    capital: str
    buys: tuple[str, ...]
    forbidden_territories: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitType:
    name: str
    player: str
    nation: str
    unit_class: str
    attack: int
    defence: int
    moves: int = 0
    reach: int | None = None  # TripleA movement of box-jumping units
    fighters: int = 0  # fighters a patrol unit stands for
    abilities: frozenset[str] = frozenset()

    @property
    def is_land(self) -> bool:
        return self.unit_class in LAND_CLASSES

    @property
    def counts_for_stacking(self) -> bool:
        return self.is_land and "no_stacking" not in self.abilities

    @property
    def triplea_movement(self) -> int:
        # part -> patrol -> border box -> patrol -> part: 3 steps plus 2 per logical move
        return self.reach if self.reach is not None else 3 + 2 * self.moves


@dataclass(frozen=True)
class Area:
    id: int
    name: str
    parts: tuple[tuple[PartKind, str], ...]  # (kind, TripleA name), in PART_KINDS order
    victory_city: bool = False
    marker: str | None = None

    def part(self, kind: PartKind) -> str:
        return dict(self.parts)[kind]


@dataclass(frozen=True)
class Border:
    name: str  # TripleA border box name, e.g. "B12"
    areas: tuple[int, int]


@dataclass(frozen=True)
class Beach:
    name: str
    nation: str
    capacity: int
    leads_to: tuple[int, ...]
    pool: str


@dataclass(frozen=True)
class Box:
    name: str
    role: str
    owner: str
    links: tuple[str, ...]  # box names or part references "<id>/<part>"
    nation: str | None = None
    sector: str | None = None


@dataclass(frozen=True)
class Placement:
    where: str  # part reference or box/beach name
    units: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ChartRow:
    units: tuple[str, ...]  # unit type names in entry order
    beaches: tuple[str, ...] = ()  # empty: any beach of the chart


@dataclass(frozen=True)
class Chart:
    id: str
    side: str
    dice: int
    pool: str
    rows: tuple[ChartRow, ...]
    beaches: tuple[str, ...] = ()
    enter_at: tuple[int, ...] = ()
    armour_reserve: str | None = None

    @property
    def order(self) -> tuple[str, ...]:
        """Every unit of the chart in entry order."""
        return tuple(unit for row in self.rows for unit in row.units)


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    player: str
    step_prefix: str
    steps: tuple[str, ...]  # of "combat_move", "battle", "non_combat_move"
    repeat: int = 1
    rounds: int | None = None  # only in the first N rounds
    summary: str = ""  # what happens, for the generated game notes


@dataclass(frozen=True)
class Delegate:
    name: str
    java: str
    display: str


@dataclass(frozen=True)
class GameProperty:
    name: str
    value: str | bool | int
    type: str  # boolean | number | string
    editable: bool | None = None
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True)
class Victory:
    cities: tuple[int, ...]
    hold_rounds: int
    last_round: int
    winner: str
    otherwise: str


@dataclass(frozen=True)
class Limits:
    stack: int
    patrol_fighters_per_area: int
    fighters_in_play: int
    bombers_in_play: int


@dataclass(frozen=True)
class Location:
    """What a TripleA territory is in the model."""

    kind: Literal["part", "border", "beach", "box"]
    name: str
    area: int | None = None
    part: PartKind | None = None
    areas: tuple[int, ...] = ()  # a border's two areas, a beach's landing areas


@dataclass(frozen=True)
class Ruleset:
    name: str
    version: str
    map_name: str
    file_name: str
    description: str
    resources: tuple[str, ...]
    players: tuple[Player, ...]
    ownership: tuple[tuple[str, str], ...]  # part kind / "border" / "beach" -> player
    victory: Victory
    limits: Limits
    units: tuple[UnitType, ...]
    areas: tuple[Area, ...]
    borders: tuple[Border, ...]
    beaches: tuple[Beach, ...]
    boxes: tuple[Box, ...]
    setup: tuple[Placement, ...]
    charts: tuple[Chart, ...]
    delegates: tuple[Delegate, ...]
    phases: tuple[Phase, ...]
    properties: tuple[GameProperty, ...]
    source: str = field(default="", compare=False)  # folder it was loaded from

    # --- lookups (derived, never stored in the data) ---
    @cached_property
    def unit_by_name(self) -> dict[str, UnitType]:
        return {unit.name: unit for unit in self.units}

    @cached_property
    def area_by_id(self) -> dict[int, Area]:
        return {area.id: area for area in self.areas}

    @cached_property
    def player_by_name(self) -> dict[str, Player]:
        return {player.name: player for player in self.players}

    @cached_property
    def neighbours(self) -> dict[int, frozenset[int]]:
        result: dict[int, set[int]] = {area.id: set() for area in self.areas}
        for border in self.borders:
            a, b = border.areas
            result[a].add(b)
            result[b].add(a)
        return {area: frozenset(others) for area, others in result.items()}

    def owner_of(self, kind: str) -> str:
        return dict(self.ownership)[kind]

    def resolve(self, reference: str) -> str:
        """TripleA territory name of a part reference ("11/allied") or a box/beach name."""
        if "/" in reference:
            area_id, kind = reference.split("/", 1)
            return self.area_by_id[int(area_id)].part(kind)  # type: ignore[arg-type]
        return reference

    @cached_property
    def locations(self) -> dict[str, Location]:
        """Every TripleA territory of the classic target, by name."""
        found: dict[str, Location] = {}
        for area in self.areas:
            for kind, name in area.parts:
                found[name] = Location("part", name, area=area.id, part=kind)
        for border in self.borders:
            found[border.name] = Location("border", border.name, areas=border.areas)
        for beach in self.beaches:
            found[beach.name] = Location("beach", beach.name, areas=beach.leads_to)
        for box in self.boxes:
            found[box.name] = Location("box", box.name)
        return found

    def locate(self, territory: str) -> Location | None:
        return self.locations.get(territory)

    def side_of(self, player: str) -> str:
        return self.player_by_name[player].side
