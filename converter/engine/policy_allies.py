"""The Allied plan: take Cherbourg, St. Lô and Caen and hold them (G5).

Each Allied stack works for the nearest victory city it does not hold (from Utah that is
Cherbourg up the Cotentin, from Omaha St. Lô, from the British beaches Caen). In a move
step the Allies first feed the battles they are in, then attack where the exact odds of
the round are favourable with every unit that can reach, strongest first, then land and
bring everything else one area closer to its objective along a shortest path. Held
cities keep their garrisons. As the last round nears they accept worse odds.

Air and sea: the naval guns shoot blockhouses in the battles and behind occupied beaches
first; the bombers hit the strongest German stack next to the front; the fighters patrol
over the cities still to take and the German entry areas nearest them.
"""

from __future__ import annotations

import random
from functools import lru_cache

from converter.engine import actions as a
from converter.engine import combat
from converter.engine.board import ALLIES, GERMANS
from converter.engine.policy_plan import (
    attack_force, beaches_into, downhill, MovePlan, distances, nearest, favourable, fire, sorted_neighbours, strongest,
)
from converter.engine.state import GameState, pairs_of
from converter.engine.victory import city_held

LANDING_WAIT_ROUNDS = 3  # before this round, a beach not yet full may wait for a better landing


def boldness(state: GameState) -> float:
    """1 early; more once the rounds left are barely enough to take and hold every city."""
    left = state.board.last_round - state.round
    return 1.0 if left >= 5 else 1.0 + 0.25 * (5 - left)


def objectives(state: GameState) -> list[int]:
    """Positions (in board.victory_cities) of the cities the Allies do not hold."""
    return [c for c, city in enumerate(state.board.victory_cities) if not city_held(state, city)]


def target_of(state: GameState, area: int, open_cities: list[int]) -> int | None:
    """The city (position in victory_cities) this area's units work for: the nearest."""
    return nearest(state.board, tuple(open_cities))[area][0]


def moves(state: GameState, rng: random.Random) -> list[a.Action]:
    plan = MovePlan(state, rng)
    board = state.board
    open_cities = objectives(state)
    garrisons = {city for city in board.victory_cities if city_held(state, city)}
    bold = boldness(state)
    near = nearest(board, tuple(open_cities))
    cities = board.victory_cities
    # 1. the cities to take: walk into empty ones, attack held ones with everything in reach
    for c in sorted(open_cities, key=lambda c: (sum(state.german[cities[c]]), c)):
        city = cities[c]
        if not plan.has_enemy(city):
            _fill(plan, city, garrisons)
        else:
            _attack(plan, city, garrisons, bold, must=plan.locked(city))
    # 2. the other battles we are in: feed them (G3: reinforcing a contested area is allowed)
    for area in plan.contested:
        if area not in cities:
            _attack(plan, area, garrisons, bold, must=True)
    # 3. new attacks on the way to the cities, with just enough units; sideways only on a sure thing
    candidates = []
    movable = {i for i, counts in enumerate(plan.own) if any(counts) and plan.has_free(i)}
    fronts = {n for i in movable for n in board.neighbours[i]}
    fronts.update(area for beach, lands in enumerate(board.beach_lands) if any(plan.beaches[beach]) for area in lands)
    for area in sorted(fronts):
        if not plan.has_enemy(area) or any(plan.own[area]) or area in cities:
            continue
        sources = [n for n in board.neighbours[area] if n in movable]
        from_beach = [b for b in beaches_into(board)[area] if any(plan.beaches[b])]
        if not sources and not from_beach:
            continue
        forward = from_beach or any(near[n][0] is not None and area in downhill(board, near[n][0])[n]
                                    for n in sources)
        candidates.append((not forward, near[area][1], area))
    for sideways, _, area in sorted(candidates):
        _attack(plan, area, garrisons, 0.6 if sideways else bold, must=False, just_enough=True)
    # 4. held cities under threat: up to a full stack, infantry first (all defend alike)
    for city in sorted(garrisons, key=lambda c: (-plan.threat(c), c)):
        if plan.threat(city):
            _fill(plan, city, garrisons)
    # 5. landings where the beach leads to no German
    for beach, lands in enumerate(board.beach_lands):
        if not any(plan.beaches[beach]):
            continue
        dst = lands[0]
        if plan.has_enemy(dst) and not any(plan.own[dst]):
            full = sum(plan.beaches[beach]) >= board.beach_capacity[beach]
            if not full and state.round < LANDING_WAIT_ROUNDS:
                continue  # step 2 found the landing too weak: gather on the beach
        take = strongest(plan.stats, plan.beaches[beach], plan.room(dst))
        if any(take):
            plan.land(beach, dst, take)
    # 6. everyone else one area closer to their city, the rear first so the front stays put
    order = sorted((a for a, counts in enumerate(plan.own) if any(counts) and plan.has_free(a)),
                   key=lambda a: -near[a][1] if open_cities else 0)
    for area in order:
        _advance(plan, area, open_cities, garrisons)
    return plan.actions


def _sources(plan: MovePlan, area: int, garrisons: set[int]):
    """(kind, where, free counts) of every Allied group that can move into `area`."""
    board = plan.board
    found = []
    for beach in beaches_into(board)[area]:
        if any(plan.beaches[beach]):
            found.append(("beach", beach, plan.beaches[beach]))
    for n in sorted_neighbours(board)[area]:
        if n in garrisons:
            continue
        if plan.has_free(n):
            found.append(("area", n, plan.free(n)))
    return found


def _attack(plan: MovePlan, area: int, garrisons: set[int], bold: float, must: bool,
            just_enough: bool = False) -> None:
    """Send the strongest units that can reach `area` if the odds favour it (always when
    `must`: the battle is on and more units can only help). `just_enough`: the fewest
    strongest units that make the odds favourable, the rest go on."""
    if plan.room(area) <= 0:
        return
    sources = _sources(plan, area, garrisons)
    if not sources:
        return
    take = attack_force(plan, area, [free for _, _, free in sources], must, bold)
    if take is None:
        return
    if just_enough and not must:
        take = _fewest(plan, area, take, bold)
    # draw the chosen units from the sources, beaches first (they cannot go anywhere else)
    for kind, where, free in sources:
        part = [min(t, f) for t, f in zip(take, free)]
        if not any(part):
            continue
        take = [t - p for t, p in zip(take, part)]
        if kind == "beach":
            plan.land(where, area, part)
        else:
            plan.move(where, area, part)


def _fill(plan: MovePlan, city: int, garrisons: set[int]) -> None:
    """Up to a full stack in `city` from its neighbours and beaches, infantry first."""
    for beach in beaches_into(plan.board)[city]:
        if any(plan.beaches[beach]) and plan.room(city) > 0:
            plan.land(beach, city, strongest(plan.stats, plan.beaches[beach], plan.room(city), attacking=False))
    for n in sorted_neighbours(plan.board)[city]:
        room = plan.room(city)
        if room <= 0:
            return
        if n not in garrisons and plan.has_free(n):
            plan.move(n, city, strongest(plan.stats, plan.free(n), room, attacking=False))


def _fewest(plan: MovePlan, area: int, take: list[int], bold: float) -> list[int]:
    """The strongest units of `take` until their fire is clearly above the defence's, if
    that is still favourable; otherwise all of `take` (known favourable)."""
    stats = plan.stats
    enemy = plan.enemy[area]
    needed = 1.5 * fire(enemy, plan.board.units[GERMANS].defence)
    chosen = [0] * len(take)
    shots = fire(plan.own[area], stats.attack)
    count = sum(plan.own[area])
    for i in _attack_order(stats):
        for _ in range(take[i]):
            if shots >= needed and count > sum(enemy):
                break
            chosen[i] += 1
            shots += stats.attack[i]
            count += 1
    if chosen != take and favourable(plan.board, ALLIES, [o + t for o, t in zip(plan.own[area], chosen)], enemy, bold):
        return chosen
    return take


def _attack_order(stats) -> list[int]:
    return sorted(range(len(stats.names)), key=lambda i: (-stats.attack[i], i))


def _advance(plan: MovePlan, area: int, open_cities: list[int], garrisons: set[int]) -> None:
    board, state = plan.board, plan.state
    if area in garrisons:
        return  # hold what we took (G5)
    free = plan.free(area)
    city = target_of(state, area, open_cities)
    if city is None:
        _reinforce_garrison(plan, area, free, garrisons)
        return
    steps = [n for n in downhill(board, city)[area] if not plan.has_enemy(n) and plan.room(n) > 0]
    if not steps:
        return  # the way on is German: wait here for the others (step 2 attacks when strong enough)
    # prefer the fuller stack (concentration), then the one facing less German fire
    if len(steps) > 1:
        steps.sort(key=lambda n: (-sum(plan.own[n]), plan.threat(n), n))
    for dst in steps:
        take = strongest(plan.stats, free, plan.room(dst))
        if any(take):
            plan.move(area, dst, take)
            free = [f - t for f, t in zip(free, take)]
        if not any(free):
            break


def _reinforce_garrison(plan: MovePlan, area: int, free, garrisons: set[int]) -> None:
    """Every city held: move toward the weakest garrison."""
    board = plan.board
    if not garrisons:
        return
    from converter.engine.policy_plan import distances_from
    weakest = min(garrisons, key=lambda c: (sum(plan.own[c]) - plan.threat(c) / 3, c))
    dist = distances_from(board, weakest)
    steps = [n for n in sorted_neighbours(board)[area] if dist[n] < dist[area] and not plan.has_enemy(n)
             and plan.room(n) > 0]
    for dst in steps:
        take = strongest(plan.stats, free, plan.room(dst))
        if any(take):
            plan.move(area, dst, take)
            free = [f - t for f, t in zip(free, take)]


# --- P2 / P3 ---
def bombard(state: GameState, rng: random.Random) -> list[a.Action]:
    """Naval guns: blockhouses in battles, then behind beaches with units waiting, then the
    ones nearest the cities to take (U7: blockhouses only)."""
    board = state.board
    block = board.units[GERMANS].classes.index("blockhouse")
    left = [n[block] for n in state.german]
    near = nearest(board, tuple(objectives(state)))
    waiting = {area for beach, lands in enumerate(board.beach_lands) if any(state.beaches[beach]) for area in lands}
    coast = beaches_into(board)

    def rank(area: int):
        kind = 0 if state.contested(area) else 1 if area in waiting else 2 if coast[area] else 3
        return (kind, near[area][1], area)

    result = []
    targets = sorted((i for i, n in enumerate(left) if n), key=rank)
    for _ in range(board.naval_shots - state.naval_shots):
        targets = [i for i in targets if left[i]]
        if not targets:
            break
        target = targets[0]
        hit = combat.roll(rng, 1, board.naval_attack) == 1
        left[target] -= hit
        result.append(a.Bombard(board.area_ids[target], hit))
    return result


def bomb(state: GameState, rng: random.Random) -> list[a.Action]:
    """Bombers on the strongest German stack next to Allied units, cities first (P3)."""
    board = state.board
    bombers = state.bombers - state.bombers_used
    if bombers <= 0:
        return []
    stats = board.units[GERMANS]
    open_cities = {board.victory_cities[c] for c in objectives(state)}
    near_allies = {n for i, c in enumerate(state.allied) if any(c) for n in board.neighbours[i]}
    near_allies |= {area for beach, lands in enumerate(board.beach_lands) if any(state.beaches[beach])
                    for area in lands}
    candidates = [i for i in near_allies if not any(state.allied[i]) and any(state.german[i])]
    if not candidates:
        return []
    target = max(candidates, key=lambda i: (i in open_cities, fire(state.german[i], stats.defence), -i))
    lost = combat.targeted(rng, bombers, board.bomber_attack, stats, state.german[target])
    left = tuple(n - x for n, x in zip(state.german[target], lost))
    guns = sum(n for n, aa in zip(left, stats.aa) if aa)  # surviving artillery fires AA after
    aa_losses = combat.aa_fire(rng, guns, bombers, board.aa_attack)
    return [a.BomberAttack(board.area_ids[target], bombers, pairs_of(board, GERMANS, lost), aa_losses)]


def patrol(state: GameState, rng: random.Random) -> list[a.Action]:
    """Fighters over the cities still to take (their garrisons come in under fire, G7) and
    over the German entry areas nearest those cities; areas with more than one AA gun last."""
    board = state.board
    aa = [i for i, gun in enumerate(board.units[GERMANS].aa) if gun]

    def guns(i: int) -> int:
        return sum(state.german[i][k] for k in aa)

    order = _patrol_order(board, tuple(objectives(state)))
    candidates = [i for i in order if guns(i) <= 1] + [i for i in order if guns(i) > 1]
    free = state.fighters - sum(state.patrol)
    result = []
    for area in candidates:
        if free <= 0:
            break
        fighters = min(board.patrol_per_area - state.patrol[area], free)
        if fighters <= 0:
            continue
        lost = combat.aa_fire(rng, guns(area), fighters, board.aa_attack)
        result.append(a.PlacePatrol(board.area_ids[area], fighters, lost))
        free -= fighters
    return result


@lru_cache(maxsize=16)
def _patrol_order(board, open_cities: tuple[int, ...]) -> tuple[int, ...]:
    """The cities to take, then the German entry areas, nearest those cities first."""
    dist = distances(board)
    cities = open_cities or tuple(range(len(board.victory_cities)))
    entry = {area for chart in board.charts if chart.side == GERMANS for s in chart.allowed for area in s}
    targets = {board.victory_cities[c] for c in cities}
    return tuple(sorted(entry | targets, key=lambda i: (i not in targets, min(dist[c][i] for c in cities), i)))
