"""What the rule check needs to know about TripleA territories and unit types, from the model.

`rule_board()` indexes the canonical model once: every TripleA territory's `Place`
(an area part, a border box, a beachhead or an off-map box with its role and sector),
every unit type's side and class, the order of the steps in a round, and the engine's
`Board` (charts, capacities, limits) so limits come from one source.

`Tally` is the live "territory -> unit type -> count" view the visitor keeps in step
with the replay, with the per-area queries the rules ask (side's land units in an
area, stacking count, contested).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from converter.engine.board import ALLIES, GERMANS, Board, build_board
from converter.model import Ruleset, load_ruleset
from converter.paths import DDAY2_MODEL_DIR

STEP_SUFFIX = {"combat_move": "CombatMove", "battle": "Battle", "non_combat_move": "NonCombatMove"}
END_ROUND_STEP = "endRoundStep"
# Off-map boxes that hold reinforcements not yet in play (B4), per chart sector.
SECTOR_ROLES = frozenset({"allied_pool", "german_pool", "german_armour_reserve", "german_staging", "german_road"})
# Where a side's land units may rest after its non-combat move, besides its own parts.
RESTING_ROLES = {ALLIES: frozenset({"allied_pool"}),
                 GERMANS: frozenset({"german_pool", "german_armour_reserve", "german_staging"})}


@dataclass(frozen=True)
class Place:
    territory: str
    kind: str  # part | border | beach | box
    area: int | None = None
    part: str | None = None  # allied | german | patrol
    role: str | None = None  # a box's role
    chart: int | None = None  # chart position a sector box or beach feeds


@dataclass(frozen=True)
class TypeInfo:
    name: str
    side: str | None  # ALLIES / GERMANS for land units, else None
    unit_class: str
    stacks: bool  # counts toward G4
    fighters: int  # fighters a patrol unit stands for


@dataclass(frozen=True)
class RuleBoard:
    rules: Ruleset
    engine: Board
    places: dict[str, Place]
    types: dict[str, TypeInfo]
    step_order: dict[str, int]  # step name -> position in a round
    step_player: dict[str, str]  # step name -> the player whose step it is
    area_parts: dict[int, tuple[str, ...]]  # area id -> its TripleA parts

    def place(self, territory: str | None) -> Place | None:
        return self.places.get(territory) if territory else None

    def area_of(self, territory: str | None) -> int | None:
        place = self.place(territory)
        return place.area if place is not None else None

    def label(self, area: int) -> str:
        return f"area {area} ({self.rules.area_by_id[area].name})"

    def part_name(self, area: int, part: str) -> str:
        return self.rules.area_by_id[area].part(part)  # type: ignore[arg-type]


def _steps(rules: Ruleset) -> dict[str, str | None]:
    """Step name -> player, in the order of a round (the names the compiled XML uses)."""
    steps: dict[str, str | None] = {}
    for phase in rules.phases:
        for n in range(1, phase.repeat + 1):
            prefix = phase.step_prefix.format(n=n)
            steps.update({prefix + STEP_SUFFIX[step]: phase.player for step in phase.steps})
    steps[END_ROUND_STEP] = None
    return steps


def build_rule_board(rules: Ruleset) -> RuleBoard:
    engine = build_board(rules)
    chart_of_pool = {}
    for position, chart in enumerate(rules.charts):
        chart_of_pool[chart.pool] = position
        if chart.armour_reserve:
            chart_of_pool[chart.armour_reserve] = position
    sector_chart = {chart.id: position for position, chart in enumerate(rules.charts)}
    places: dict[str, Place] = {}
    for name, location in rules.locations.items():
        if location.kind == "part":
            places[name] = Place(name, "part", area=location.area, part=location.part)
        elif location.kind == "beach":
            beach = next(b for b in rules.beaches if b.name == name)
            places[name] = Place(name, "beach", chart=chart_of_pool.get(beach.pool))
        elif location.kind == "box":
            box = next(b for b in rules.boxes if b.name == name)
            chart = chart_of_pool.get(name, sector_chart.get(box.sector or ""))
            places[name] = Place(name, "box", role=box.role, chart=chart if box.role in SECTOR_ROLES else None)
        else:
            places[name] = Place(name, location.kind)
    types = {}
    for unit in rules.units:
        side = engine.side_of_type(unit.name) if unit.is_land else None
        types[unit.name] = TypeInfo(unit.name, side, unit.unit_class, unit.counts_for_stacking, unit.fighters)
    steps = _steps(rules)
    return RuleBoard(rules, engine, places, types, {name: i for i, name in enumerate(steps)},
                     {name: player for name, player in steps.items() if player},
                     {area.id: tuple(name for _, name in area.parts) for area in rules.areas})


@lru_cache(maxsize=1)
def rule_board() -> RuleBoard:
    return build_rule_board(load_ruleset(DDAY2_MODEL_DIR))


class Tally:
    """Unit counts per territory and type, kept in step with the replay by the visitor."""

    def __init__(self, board: RuleBoard, contents: dict[str, Counter]) -> None:
        self.board = board
        self.units = contents

    @classmethod
    def of_state(cls, board: RuleBoard, state) -> "Tally":
        contents: dict[str, Counter] = {}
        for territory in state.territories():
            contents[territory] = Counter(unit.type for unit in state.units_in(territory))
        return cls(board, contents)

    def add(self, territory: str, types: Counter, sign: int) -> None:
        bucket = self.units.setdefault(territory, Counter())
        for name, n in types.items():
            bucket[name] += sign * n

    def in_territory(self, territory: str, side: str | None = None) -> Counter:
        types = self.board.types
        bucket = self.units.get(territory, Counter())
        return Counter({t: n for t, n in bucket.items() if n > 0 and (side is None or (
            t in types and types[t].side == side))})

    def land(self, side: str, area: int) -> Counter:
        total: Counter = Counter()
        for part in self.board.area_parts[area]:
            total += self.in_territory(part, side)
        return total

    def stacked(self, side: str, area: int) -> int:
        types = self.board.types
        return sum(n for t, n in self.land(side, area).items() if types[t].stacks)

    def contested(self, area: int) -> bool:
        return bool(self.land(ALLIES, area)) and bool(self.land(GERMANS, area))

    def fighters_over(self, area: int) -> int:
        types = self.board.types
        return sum(types[t].fighters * n for part in self.board.area_parts[area]
                   for t, n in self.units.get(part, Counter()).items() if n > 0 and t in types)

    def contents(self) -> dict[str, dict[str, int]]:
        """TripleA "territory -> {type: n}", what `engine.from_territories` reads."""
        return {t: {k: n for k, n in c.items() if n > 0} for t, c in self.units.items() if any(n > 0 for n in c.values())}


def describe(units: Counter) -> str:
    return ", ".join(f"{n} {name}" for name, n in sorted(units.items()) if n) or "no units"
