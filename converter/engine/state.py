"""The game state: counts over the model's logical areas, copied on write.

Every field is a tuple, an int or a frozenset, so a state is hashable and a transition
builds a new state sharing the untouched tuples with the old one (`dataclasses.replace`).
Units are counts per unit type position (see `board.UnitStats`), never objects: that is
what keeps whole-game simulation fast.

The TripleA parts of an area (allied / german / patrol) are a representation detail of
the classic map: here an area simply holds both sides' land units and its patrol fighters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace

from converter.engine.board import ALLIES, GERMANS, Board, dday2_board

# The steps of a round, in order (P1-P6 of the rules). P1 only in the first rounds.
STEPS: tuple[tuple[str, str], ...] = (
    ("P1", "para"),
    ("P2", "bombard"),
    ("P3", "bomb"),
    ("P3", "patrol"),
    ("P4", "blockhouse_fire"),
    ("P5", "move"),
    ("P5", "battle"),
    ("P5", "reinforce"),
    ("P6", "move"),
    ("P6", "battle"),
    ("P6", "reinforce"),
)
GAME_OVER = len(STEPS)
ACTIVE_SIDE = {"P5": ALLIES, "P6": GERMANS}

Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    board: Board = field(repr=False, compare=False)
    round: int
    step: int  # position in STEPS; GAME_OVER once decided
    allied: tuple[Counts, ...]  # per area position: Allied land units per type
    german: tuple[Counts, ...]
    patrol: tuple[int, ...]  # per area: fighters on patrol
    beaches: tuple[Counts, ...]  # per beach: Allied land units waiting there
    chart_pos: tuple[int, ...]  # per chart: units already entered (index into its order)
    paras: tuple[int, ...]  # per airborne box: paratroopers not yet used
    bombers: int  # bombers in play (lost to AA: gone for good)
    bombers_used: int  # this round
    fighters: int  # fighters in play (lost to AA: gone for good)
    moved: tuple[Counts, ...] = ()  # active side's units that arrived this step, per area
    fought: frozenset[int] = frozenset()  # areas fought this battle step (G1)
    naval_shots: int = 0  # shots fired this round (P2)
    fired_beaches: frozenset[int] = frozenset()  # beaches the blockhouses fired at (P4)
    reinforced: frozenset[int] = frozenset()  # charts rolled this step
    held: int = 0  # consecutive round ends with every victory city held (G5)
    winner: str | None = None

    # --- reading ---
    @property
    def phase(self) -> str:
        return STEPS[self.step][0] if self.step < GAME_OVER else "over"

    @property
    def step_name(self) -> str:
        return STEPS[self.step][1] if self.step < GAME_OVER else "over"

    @property
    def active_side(self) -> str | None:
        return ACTIVE_SIDE.get(self.phase)

    def units(self, side: str) -> tuple[Counts, ...]:
        return self.allied if side == ALLIES else self.german

    def land(self, side: str, area: int) -> Counts:
        """Counts of one side in one area (area *position*)."""
        return (self.allied if side == ALLIES else self.german)[area]

    def stacked(self, side: str, area: int) -> int:
        counts = (self.allied if side == ALLIES else self.german)[area]
        return sum(counts) - sum(counts[i] for i in self.board.units[side].exempt)

    def moved_in(self, area: int) -> Counts:
        """Active side's units that arrived in `area` this step (they may not move on)."""
        if self.moved:
            return self.moved[area]
        return self.board.units[self.active_side or ALLIES].zero

    def contested(self, area: int) -> bool:
        return any(self.allied[area]) and any(self.german[area])

    def contested_areas(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.allied)) if any(self.allied[i]) and any(self.german[i]))

    def describe(self, side: str, area: int) -> str:
        """Human text of one side's units in an area, for error messages."""
        return describe_counts(self.board, side, self.land(side, area))

    def area_label(self, area: int) -> str:
        board = self.board
        return f"area {board.area_ids[area]} ({board.area_names[area]})"

    def where(self) -> str:
        return f"round {self.round}, {self.phase} {self.step_name}"

    # --- writing (copy on write) ---
    def with_land(self, side: str, area: int, counts: Counts) -> GameState:
        if side == ALLIES:
            return evolve(self, allied=_set(self.allied, area, counts))
        return evolve(self, german=_set(self.german, area, counts))


_FIELDS = tuple(f.name for f in fields(GameState))


def _compile_evolve():
    """`dataclasses.replace` without its per-call overhead (the simulator's hot path): a
    function written out field by field once, instead of a loop over fields per call."""
    lines = ["def evolve(state, **changes):",
             "    if not _FIELD_SET.issuperset(changes):",
             "        raise TypeError(f'unknown GameState fields: {sorted(set(changes) - _FIELD_SET)}')",
             "    new = _new(GameState)", "    get = changes.get"]
    lines += [f"    _setattr(new, {name!r}, get({name!r}, state.{name}))" for name in _FIELDS]
    lines.append("    return new")
    scope = {"_FIELD_SET": frozenset(_FIELDS), "_new": object.__new__, "_setattr": object.__setattr__, "GameState": GameState}
    exec("\n".join(lines), scope)  # noqa: S102 - our own field names only
    return scope["evolve"]


evolve = _compile_evolve()


def _set(items: tuple, position: int, value) -> tuple:
    return items[:position] + (value,) + items[position + 1:]


def add_counts(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def sub_counts(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def describe_counts(board: Board, side: str, counts: Counts) -> str:
    names = board.units[side].names
    text = ", ".join(f"{n} {names[i]}" for i, n in enumerate(counts) if n)
    return text or "no units"


def counts_of(board: Board, side: str, units: Iterable[tuple[str, int]]) -> Counts:
    """Counts tuple from (type name, number) pairs; unknown or foreign types raise KeyError."""
    stats = board.units[side]
    result = [0] * len(stats.names)
    for name, number in units:
        if name not in stats.names:
            raise KeyError(f"{name!r} is not a {side} land unit type")
        result[stats.index(name)] += number
    return tuple(result)


def pairs_of(board: Board, side: str, counts: Counts) -> tuple[tuple[str, int], ...]:
    names = board.units[side].names
    return tuple((names[i], n) for i, n in enumerate(counts) if n)


# --- building states ---
def empty_state(board: Board | None = None, round: int = 1, step: int = 0) -> GameState:
    board = board or dday2_board()
    areas = len(board.area_ids)
    return GameState(
        board=board,
        round=round,
        step=step,
        allied=(board.units[ALLIES].zero,) * areas,
        german=(board.units[GERMANS].zero,) * areas,
        patrol=(0,) * areas,
        beaches=(board.units[ALLIES].zero,) * len(board.beach_names),
        chart_pos=(0,) * len(board.charts),
        paras=tuple(n for _, _, n in board.airborne),
        bombers=board.bombers_in_play,
        bombers_used=0,
        fighters=board.fighters_in_play,
    )


def from_territories(
    contents: Mapping[str, Mapping[str, int]],
    board: Board | None = None,
    *,
    round: int = 1,
    step: int = 0,
    strict: bool = True,
) -> GameState:
    """State from TripleA "territory -> {unit type: count}" (a save, or the model's setup).

    Parts of an area all count for the area (B1); beaches hold waiting Allied units;
    reinforcement pools give each chart's position (units still in a pool have not
    entered); the air base gives the bombers and fighters in play; airborne boxes the
    paratroopers left. Units in border boxes or unknown territories are in transit:
    `strict` raises ValueError naming them, otherwise they are skipped.
    """
    board = board or dday2_board()
    rules = board.rules
    state = empty_state(board, round, step)
    allied = [list(c) for c in state.allied]
    german = [list(c) for c in state.german]
    patrol = [0] * len(board.area_ids)
    beaches = [list(c) for c in state.beaches]
    pools: dict[str, int] = {}
    paras = {name: 0 for name, _, _ in board.airborne}
    bombers = fighters = 0
    strays: list[str] = []
    boxes = {box.name: box for box in rules.boxes}
    for territory, units in contents.items():
        place = rules.locate(territory)
        for type_name, number in units.items():
            if not number:
                continue
            unit = rules.unit_by_name.get(type_name)
            if unit is None:
                strays.append(f"{number} {type_name} (unknown type) in {territory}")
                continue
            side = board.side_of_type(type_name) if unit.is_land else None
            if place is not None and place.kind == "part" and side is not None:
                counts = allied if side == ALLIES else german
                counts[board.area(place.area)][board.units[side].index(type_name)] += number
            elif place is not None and place.kind == "part" and unit.unit_class == "fighter":
                patrol[board.area(place.area)] += unit.fighters * number
            elif place is not None and place.kind == "beach" and side == ALLIES:
                beaches[board.beach(territory)][board.units[ALLIES].index(type_name)] += number
            elif place is not None and place.kind == "box" and boxes[territory].role in (
                "allied_pool", "german_pool", "german_armour_reserve", "german_staging"
            ) and side is not None:
                sector = boxes[territory].sector or territory
                pools[sector] = pools.get(sector, 0) + number
            elif place is not None and place.kind == "box" and boxes[territory].role == "air_base":
                if unit.unit_class == "bomber":
                    bombers += number
                elif unit.unit_class == "fighter":
                    fighters += unit.fighters * number
            elif place is not None and place.kind == "box" and territory in paras and unit.unit_class == "paratroop":
                paras[territory] += number
            elif place is not None and place.kind == "box" and boxes[territory].role in (
                "depot", "naval_bombardment_pool", "blockhouse_fire_pool", "airborne"
            ):
                continue  # spares and one-shot pools: not part of the logical state
            else:
                strays.append(f"{number} {type_name} in {territory}")
    if strays and strict:
        raise ValueError("units outside the logical board: " + "; ".join(strays))
    chart_pos = []
    for chart, model_chart in zip(board.charts, rules.charts):
        key = model_chart.pool if model_chart.side == rules.side_of(ALLIES) else model_chart.id
        left = pools.get(key, 0)
        chart_pos.append(max(0, len(chart.order) - left))
    return replace(
        state,
        allied=tuple(map(tuple, allied)),
        german=tuple(map(tuple, german)),
        patrol=tuple(patrol),
        beaches=tuple(map(tuple, beaches)),
        chart_pos=tuple(chart_pos),
        paras=tuple(paras[name] for name, _, _ in board.airborne),
        bombers=bombers,
        fighters=fighters + sum(patrol),
    )


def setup_contents(board: Board | None = None) -> dict[str, dict[str, int]]:
    """The model's starting setup as TripleA "territory -> units"."""
    board = board or dday2_board()
    rules = board.rules
    contents: dict[str, dict[str, int]] = {}
    for placement in rules.setup:
        territory = rules.resolve(placement.where)
        bucket = contents.setdefault(territory, {})
        for name, number in placement.units:
            bucket[name] = bucket.get(name, 0) + number
    return contents


def initial_state(board: Board | None = None) -> GameState:
    """Round 1, P1, from the model's setup."""
    return from_territories(setup_contents(board), board)
