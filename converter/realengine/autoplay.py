"""Our engine's policy playing the real engine: each TripleA move step, read the engine's own
save with our reader, rebuild our engine's state, let `engine.policy` choose the step's
actions and translate them into TripleA moves through the map's parts, patrol parts,
border boxes and off-map boxes.

    oracle = PolicyOracle(seed)
    play_with_oracle(xml, rounds, seed, save, oracle)   # converter.realengine.interactive

The real engine rolls the battles; our policy only decides moves, so the game stays
legal under the D-Day2 house rules whatever the dice. Per TripleA step:
- ParaSurpriseCombatMove: paratroopers from their airborne box into the target's German part;
- Naval<N>BombardmentCombatMove: the policy's next bombardment target;
- USAirforceCombatMove: bombers to their target's German part;
- USAirforceNonCombatMove: bombers back to the air base; fighters to patrol parts
  (FighterX1/X2/X3 units chosen to make up each patrol), unused fighters back to the base;
- BlockhousesFireCombatMove: blockhouse fire units onto the beaches the policy fires at;
- allies/germans CombatMove: the policy's moves, into the enemy part where the enemy is, and
  every unit of an area already mixed into the enemy part (G2);
- allies/germans NonCombatMove: every land unit back to its own part, then the policy's
  reinforcements from the chart's boxes.
At each new round the oracle stops the game once G5 has decided it (engine.victory).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass, field

from converter.compile.classic import connections
from converter.engine import policy
from converter.engine.board import ALLIES, GERMANS, Board, dday2_board
from converter.engine.state import STEPS, GameState, evolve, from_territories
from converter.engine.victory import end_of_round
from converter.realengine.interactive import Request
from converter.realengine.script import Move
from converter.save.gamedata import load_save

OWN_PART = {ALLIES: "allied", GERMANS: "german"}
ENEMY_PART = {ALLIES: "german", GERMANS: "allied"}
ENGINE_STEP = {name: i for i, name in enumerate(STEPS)}


def read_contents(save_path) -> dict[str, Counter]:
    game = load_save(save_path)
    return {t.name: Counter(u.type for u in t.units) for t in game.territories}


@dataclass
class PolicyOracle:
    seed: int
    board: Board = field(default_factory=dday2_board)
    held: int = 0  # round ends with every victory city held (G5)
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.rules = self.board.rules
        self.graph: dict[str, set[str]] = {}
        for x, y in connections(self.rules):
            self.graph.setdefault(x, set()).add(y)
            self.graph.setdefault(y, set()).add(x)
        self.winner: str | None = None

    # --- the oracle ---
    def __call__(self, request: Request):
        contents = read_contents(request.save)
        if request.kind == "round":
            return self._decided(contents, request.round - 1)
        handler = getattr(self, "_" + _step_kind(request.step), None)
        if handler is None:
            return []
        moves = handler(contents, request)
        self.log.append(f"round {request.round} {request.step}: {len(moves)} move(s)")
        return moves

    def _decided(self, contents, round_no: int) -> bool:
        state = from_territories(contents, self.board, round=round_no, strict=False)
        state = end_of_round(evolve(state, held=self.held))
        self.held = state.held
        self.winner = state.winner
        return state.winner is not None

    # --- helpers ---
    def state(self, contents, request: Request, phase: str, step: str, **changes) -> GameState:
        state = from_territories(contents, self.board, round=request.round, step=ENGINE_STEP[(phase, step)],
                                 strict=False)
        return evolve(state, **changes) if changes else state

    def part(self, area_id: int, kind: str) -> str:
        return self.rules.area_by_id[area_id].part(kind)  # type: ignore[arg-type]

    def route(self, start: str, end: str, via: frozenset[str] | None = None) -> tuple[str, ...]:
        """Shortest route; intermediate territories in `via` (None: patrol parts and border boxes)."""
        if start == end:
            return (start,)
        allowed = via if via is not None else self._transit
        previous = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.graph.get(here, ())):
                if there in previous or (there != end and there not in allowed):
                    continue
                previous[there] = here
                if there == end:
                    path = [end]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return tuple(reversed(path))
                queue.append(there)
        raise ValueError(f"no route from {start} to {end}")

    @property
    def _transit(self) -> frozenset[str]:
        if not hasattr(self, "_transit_set"):
            patrol = {area.part("patrol") for area in self.rules.areas}
            self._transit_set = frozenset(patrol | {b.name for b in self.rules.borders})
        return self._transit_set

    def _side_parts(self, contents, side: str, kind: str) -> dict[int, Counter]:
        names = set(self.board.units[side].names)
        found = {}
        for area in self.rules.areas:
            units = Counter({t: n for t, n in contents.get(area.part(kind), Counter()).items() if t in names and n})
            if units:
                found[area.id] = units
        return found

    def _units_of(self, contents, territory: str, types: set[str]) -> Counter:
        return Counter({t: n for t, n in contents.get(territory, Counter()).items() if t in types and n})

    # --- P1 .. P4 ---
    def _para(self, contents, request):
        state = self.state(contents, request, "P1", "para")
        moves = []
        for action in policy._para(state, self.rng):
            for box, target, _ in self.board.airborne:
                if self.board.area_ids[target] == action.area:
                    count = contents.get(box, Counter()).get("ParaAttack", 0)
                    if count:
                        moves.append(Move((("ParaAttack", count),), (box, self.part(action.area, "german"))))
        return moves

    def _naval(self, contents, request):
        shot = int("".join(ch for ch in request.step if ch.isdigit()) or 1)
        state = self.state(contents, request, "P2", "bombard", naval_shots=shot - 1)
        actions = policy._bombard(state, self.rng)
        if not actions or not contents.get("Shorebombardment", Counter()).get("ShoreBombardment"):
            return []
        target = self.part(actions[0].area, "german")
        return [Move((("ShoreBombardment", 1),), self.route("Shorebombardment", target, frozenset(self.graph)))]

    def _air_combat(self, contents, request):
        state = self.state(contents, request, "P3", "bomb")
        moves = []
        air = self._transit | {"USAAF"}
        bomber_types = {u.name for u in self.rules.units if u.unit_class == "bomber"}
        base = self._units_of(contents, "USAAF", bomber_types)
        state = evolve(state, bombers=sum(base.values()))
        for action in policy._bomb(state, self.rng):
            take = _take(base, action.bombers)
            moves.append(Move(tuple(sorted(take.items())), self.route("USAAF", self.part(action.area, "german"), air)))
        return moves

    def _air_return(self, contents, request):
        """Bombers back to the base; fighters onto patrol (the engine moves AA units, which
        fighters are, only outside combat moves)."""
        bomber_types = {u.name for u in self.rules.units if u.unit_class == "bomber"}
        air = self._transit | {"USAAF"}
        moves = []
        for area in self.rules.areas:
            for kind in ("german", "allied"):
                units = self._units_of(contents, area.part(kind), bomber_types)
                if units:
                    moves.append(Move(tuple(sorted(units.items())), self.route(area.part(kind), "USAAF", air)))
        state = self.state(contents, request, "P3", "patrol")
        state = evolve(state, patrol=(0,) * len(state.patrol))  # fighters come back each round
        fighter_size = {u.name: u.fighters for u in self.rules.units if u.unit_class == "fighter" and u.fighters}
        where: list[tuple[str, str]] = []  # (territory, type) of each fighter unit in play
        for territory in ["USAAF"] + [area.part("patrol") for area in self.rules.areas]:
            for name, n in self._units_of(contents, territory, set(fighter_size)).items():
                where += [(territory, name)] * n
        state = evolve(state, fighters=sum(fighter_size[name] for _, name in where))
        where.sort(key=lambda item: -fighter_size[item[1]])
        flights: list[tuple[str, str, str]] = []  # (from, to, fighter type)
        for action in policy._patrol(state, self.rng):
            target, need = self.part(action.area, "patrol"), action.fighters
            # fighters already over the target first: they need not move
            for item in sorted(where, key=lambda item: item[0] != target):
                if fighter_size[item[1]] <= need:
                    where.remove(item)
                    need -= fighter_size[item[1]]
                    if item[0] != target:
                        flights.append((item[0], target, item[1]))
        flights += [(territory, "USAAF", name) for territory, name in where if territory != "USAAF"]  # not patrolling
        # P3 (3 per area): a fighter flies into a patrol part only after those leaving it have left
        while flights:
            leaving = {start for start, _, _ in flights}
            ready = [f for f in flights if f[1] not in leaving] or flights[:1]
            for start, end, name in ready:
                moves.append(Move(((name, 1),), self.route(start, end, air)))
                flights.remove((start, end, name))
        return moves

    def _blockhouse_fire(self, contents, request):
        state = self.state(contents, request, "P4", "blockhouse_fire")
        left = contents.get("BlockhouseAttack", Counter()).get("BlockhouseFire", 0)
        moves = []
        for action in policy._blockhouse_fire(state, self.rng):
            shots = min(action.shots, left)
            if shots:
                moves.append(Move((("BlockhouseFire", shots),), ("BlockhouseAttack", action.beach)))
                left -= shots
        return moves

    # --- P5 / P6 ---
    def _combat(self, contents, request):
        side = ALLIES if request.player == ALLIES else GERMANS
        enemy = GERMANS if side == ALLIES else ALLIES
        phase = "P5" if side == ALLIES else "P6"
        state = self.state(contents, request, phase, "move")
        moves = []
        fighting: set[int] = {self.board.area_ids[i] for i in state.contested_areas()}
        for action in policy._moves(state, self.rng):
            dst = action.dst
            has_enemy = any(state.land(enemy, self.board.area(dst)))
            end = self.part(dst, ENEMY_PART[side] if has_enemy else OWN_PART[side])
            if isinstance(action.src, str):  # a landing from a beachhead
                path = (action.src, self.part(dst, "allied")) + ((end,) if end != self.part(dst, "allied") else ())
            else:
                path = self.route(self.part(action.src, OWN_PART[side]), end)
            moves.append(Move(tuple(action.units), path))
            if has_enemy:
                fighting.add(dst)
        # G2: every unit of an area that will be mixed fights in the enemy part
        for area_id in sorted(fighting):
            own = self.part(area_id, OWN_PART[side])
            staying = Counter(contents.get(own, Counter()))
            for move in moves:
                if move.route[0] == own:
                    staying -= Counter(dict(move.units))
            staying = Counter({t: n for t, n in staying.items() if t in self.board.units[side].names and n > 0})
            if staying:
                moves.append(Move(tuple(sorted(staying.items())), (own, self.part(area_id, ENEMY_PART[side]))))
        return moves

    def _noncombat(self, contents, request):
        side = ALLIES if request.player == ALLIES else GERMANS
        phase = "P5" if side == ALLIES else "P6"
        moves = []
        names = set(self.board.units[side].names)
        for area in self.rules.areas:  # everybody home (P5/P6)
            home = area.part(OWN_PART[side])
            for kind in ("allied", "german", "patrol"):
                units = self._units_of(contents, area.part(kind), names)
                if units and area.part(kind) != home:
                    moves.append(Move(tuple(sorted(units.items())), (area.part(kind), home)))
        state = self.state(contents, request, phase, "reinforce")
        for action in policy._reinforce(state, self.rng):
            chart = next(c for c in self.rules.charts if c.id == action.chart)
            boxes = [b.name for b in self.rules.boxes if b.name in (chart.pool, chart.armour_reserve)
                     or (b.sector is not None and b.sector == chart.id)]
            stock = {box: Counter(contents.get(box, Counter())) for box in boxes}
            for where, name, n in action.placements:
                target = where if isinstance(where, str) else self.part(where, "german")
                left = n
                for box in boxes:
                    take = min(left, stock[box][name])
                    if take:
                        stock[box][name] -= take
                        left -= take
                        via = self._transit | frozenset(boxes)
                        moves.append(Move(((name, take),), self.route(box, target, via)))
        return moves


def _take(stock: Counter, count: int) -> Counter:
    taken = Counter()
    for name in sorted(stock):
        n = min(stock[name], count - sum(taken.values()))
        if n > 0:
            taken[name] = n
            stock[name] -= n
    return taken


def _step_kind(step: str | None) -> str:
    step = step or ""
    if step.startswith("ParaSurprise") and step.endswith("CombatMove"):
        return "para"
    if step.startswith("Naval") and step.endswith("CombatMove"):
        return "naval"
    if step == "USAirforceCombatMove":
        return "air_combat"
    if step == "USAirforceNonCombatMove":
        return "air_return"
    if step == "BlockhousesFireCombatMove":
        return "blockhouse_fire"
    if step.endswith("NonCombatMove") and step.startswith(("allies", "germans")):
        return "noncombat"
    if step.endswith("CombatMove") and step.startswith(("allies", "germans")):
        return "combat"
    return "none"
