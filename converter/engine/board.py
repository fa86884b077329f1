"""Read-only index of the model for the engine: positions instead of names, built once.

The game state stores unit counts in tuples; this board says what each position means
(which area, which unit type) and holds every fact the rules need from the model
(adjacency, stats, beaches, charts, limits). Nothing here is hard-coded: all of it comes
from the `Ruleset`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from converter.model import Ruleset, load_ruleset
from converter.paths import DDAY2_MODEL_DIR

ALLIES = "Allies"  # the army players of the model; their side names every unit owner
GERMANS = "Germans"
SIDES = (ALLIES, GERMANS)


def other(side: str) -> str:
    return GERMANS if side == ALLIES else ALLIES


@dataclass(frozen=True)
class UnitStats:
    """The land unit types of one side, by position in that side's count tuples."""

    names: tuple[str, ...]
    classes: tuple[str, ...]
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    moves: tuple[int, ...]
    stacks: tuple[bool, ...]  # counts toward the G4 limit (blockhouses do not)
    aa: tuple[bool, ...]  # fires as AA at 1 against aircraft (German artillery, U2)
    exempt: tuple[int, ...] = ()  # positions of the types that do not count toward stacking (G4)

    def index(self, name: str) -> int:
        return self.names.index(name)

    @property
    def zero(self) -> tuple[int, ...]:
        return (0,) * len(self.names)


@dataclass(frozen=True)
class ChartIndex:
    id: str
    side: str
    dice: int
    order: tuple[int, ...]  # unit type positions, in entry order
    # per slot of `order`: where the unit may enter (beach positions for the Allies,
    # area positions for the Germans)
    allowed: tuple[frozenset[int], ...]


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one board per model
class Board:
    rules: Ruleset
    area_ids: tuple[int, ...]
    area_index: dict[int, int]
    area_names: tuple[str, ...]
    neighbours: tuple[frozenset[int], ...]  # by area position, of area positions
    units: dict[str, UnitStats]  # side -> land unit types
    beach_names: tuple[str, ...]
    beach_nation: tuple[str, ...]
    beach_capacity: tuple[int, ...]
    beach_lands: tuple[tuple[int, ...], ...]  # area positions a beach leads to
    charts: tuple[ChartIndex, ...]
    airborne: tuple[tuple[str, int, int], ...]  # (box, target area position, paratroopers)
    victory_cities: tuple[int, ...]
    stack: int
    patrol_per_area: int
    fighters_in_play: int
    bombers_in_play: int
    last_round: int
    hold_rounds: int
    para_rounds: int  # P1 happens in rounds 1..para_rounds
    naval_shots: int  # P2 repeats
    para_attack: int
    bomber_attack: int
    naval_attack: int
    blockhouse_fire: int
    patrol_attack: int = 1  # G7: each fighter fires at 1
    aa_attack: int = 1  # U2: German artillery fires as AA at 1

    def area(self, area_id: int) -> int:
        try:
            return self.area_index[area_id]
        except KeyError:
            raise KeyError(f"no area {area_id!r} on the board (B1)") from None

    def beach(self, name: str) -> int:
        try:
            return self.beach_names.index(name)
        except ValueError:
            raise KeyError(f"no beachhead named {name!r} (B2)") from None

    def chart(self, chart_id: str) -> int:
        for position, chart in enumerate(self.charts):
            if chart.id == chart_id:
                return position
        raise KeyError(f"no reinforcement chart {chart_id!r}")

    def side_of_type(self, type_name: str) -> str:
        for side, stats in self.units.items():
            if type_name in stats.names:
                return side
        raise KeyError(f"{type_name!r} is not a land unit type")


def _unit_stats(rules: Ruleset, player: str) -> UnitStats:
    types = [u for u in rules.units if u.player == player and u.is_land]
    return UnitStats(
        names=tuple(u.name for u in types),
        classes=tuple(u.unit_class for u in types),
        attack=tuple(u.attack for u in types),
        defence=tuple(u.defence for u in types),
        moves=tuple(u.moves for u in types),
        stacks=tuple(u.counts_for_stacking for u in types),
        aa=tuple("aa" in u.abilities for u in types),
        exempt=tuple(i for i, u in enumerate(types) if not u.counts_for_stacking),
    )


def _attack_of(rules: Ruleset, unit_class: str) -> int:
    for unit in rules.units:
        if unit.unit_class == unit_class:
            return unit.attack
    raise KeyError(f"the model has no {unit_class} unit")


def build_board(rules: Ruleset) -> Board:
    area_ids = tuple(area.id for area in rules.areas)
    index = {area_id: i for i, area_id in enumerate(area_ids)}
    units = {side: _unit_stats(rules, side) for side in SIDES}
    beach_names = tuple(beach.name for beach in rules.beaches)
    charts = []
    for chart in rules.charts:
        side = ALLIES if chart.side == rules.side_of(ALLIES) else GERMANS
        stats = units[side]
        order, allowed = [], []
        everywhere = (
            frozenset(beach_names.index(b) for b in chart.beaches)
            if side == ALLIES else frozenset(index[a] for a in chart.enter_at)
        )
        for row in chart.rows:
            where = frozenset(beach_names.index(b) for b in row.beaches) if row.beaches else everywhere
            for unit in row.units:
                order.append(stats.index(unit))
                allowed.append(where)
        charts.append(ChartIndex(chart.id, side, chart.dice, tuple(order), tuple(allowed)))
    setup_counts = {p.where: dict(p.units) for p in rules.setup}
    airborne = tuple(
        (box.name, index[int(box.links[0].split("/")[0])], sum(setup_counts.get(box.name, {}).values()))
        for box in rules.boxes if box.role == "airborne"
    )
    phases = {phase.id: phase for phase in rules.phases}
    return Board(
        rules=rules,
        area_ids=area_ids,
        area_index=index,
        area_names=tuple(area.name for area in rules.areas),
        neighbours=tuple(frozenset(index[n] for n in rules.neighbours[a]) for a in area_ids),
        units=units,
        beach_names=beach_names,
        beach_nation=tuple(beach.nation for beach in rules.beaches),
        beach_capacity=tuple(beach.capacity for beach in rules.beaches),
        beach_lands=tuple(tuple(index[a] for a in beach.leads_to) for beach in rules.beaches),
        charts=tuple(charts),
        airborne=airborne,
        victory_cities=tuple(index[c] for c in rules.victory.cities),
        stack=rules.limits.stack,
        patrol_per_area=rules.limits.patrol_fighters_per_area,
        fighters_in_play=rules.limits.fighters_in_play,
        bombers_in_play=rules.limits.bombers_in_play,
        last_round=rules.victory.last_round,
        hold_rounds=rules.victory.hold_rounds,
        para_rounds=phases["P1"].rounds or 1,
        naval_shots=phases["P2"].repeat,
        para_attack=_attack_of(rules, "paratroop"),
        bomber_attack=_attack_of(rules, "bomber"),
        naval_attack=_attack_of(rules, "naval_bombardment"),
        blockhouse_fire=_attack_of(rules, "blockhouse_fire"),
    )


@lru_cache(maxsize=1)
def dday2_board() -> Board:
    """The board of the embedded D-Day2 model, loaded once per process."""
    return build_board(load_ruleset(DDAY2_MODEL_DIR))
