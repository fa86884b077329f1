"""The German plan: hold one victory city to the end (G5).

In a move step the Germans first retake cities the Allies hold or fight in, then feed the
battles they are in, then counter-attack weak Allied stacks where the exact odds of the
round favour them, then fill the threatened cities up to a full stack and bring the rest
toward the city most in need. City garrisons never leave a threatened city.
Reinforcements enter at the entry areas nearest the most threatened city, away from
patrolling fighters (G7).
"""

from __future__ import annotations

import random

from converter.engine import actions as a
from converter.engine import combat
from converter.engine.board import ALLIES
from converter.engine.policy_plan import MovePlan, attack_force, distances, downhill, fire, sorted_neighbours, strongest
from converter.engine.state import GameState

THREAT_RANGE = 2  # Allied units this close to a city threaten it
RETAKE = 1.2  # boldness (see policy_plan.favourable) against a city the Allies hold
DESPERATE = 2.0  # ... once they hold all of them
WEAK = 5  # Allied stacks of at most this many units are worth a counter-attack in the open


def threats(state: GameState) -> list[float]:
    """Per victory city: Allied attack fire within THREAT_RANGE, nearer counting more."""
    board = state.board
    dist = distances(board)
    values = board.units[ALLIES].attack
    occupied = [(area, fire(counts, values)) for area, counts in enumerate(state.allied) if any(counts)]
    result = []
    for c, _ in enumerate(board.victory_cities):
        to_city = dist[c]
        result.append(sum(f / (1 + to_city[area]) for area, f in occupied if to_city[area] <= THREAT_RANGE))
    return result


def moves(state: GameState, rng: random.Random) -> list[a.Action]:
    plan = MovePlan(state, rng)
    board = state.board
    cities = board.victory_cities
    threat = threats(state)
    # garrisons stay in cities that are threatened (or fought over)
    keep = {city for c, city in enumerate(cities) if threat[c] > 0 or plan.locked(city)}
    # 1. cities the Allies are in: everything that can reach while the battle is on; a city
    # they hold on odds that are fair, or on poor ones once they hold every city (G5)
    lost = [city for city in cities if any(state.allied[city]) and not any(state.german[city])]
    bold = DESPERATE if len(lost) == len(cities) else RETAKE
    for city in cities:
        if any(state.allied[city]):
            _attack(plan, city, keep, must=plan.locked(city), bold=bold)
    # 2. other battles we are in
    for area in plan.contested:
        if area not in cities:
            _attack(plan, area, keep, must=True)
    # 3. counter-attacks on weak Allied stacks, those next to cities first
    dist = distances(board)
    movable = {i for i, counts in enumerate(plan.own) if any(counts) and plan.has_free(i)}
    targets = [area for area, counts in enumerate(state.allied) if 0 < sum(counts) <= WEAK
               and not plan.enemy_here_own(area) and not movable.isdisjoint(board.neighbours[area])]
    targets.sort(key=lambda i: (min(d[i] for d in dist), i))
    for area in targets:
        _attack(plan, area, keep, must=False)
    # 4. fill the cities, most threatened first; 5. the rest toward the city most in need
    for c in sorted(range(len(cities)), key=lambda c: (-threat[c], c)):
        _fill(plan, cities[c])
    need = [threat[c] + 2 * plan.room(city) for c, city in enumerate(cities)]
    for area, counts in enumerate(plan.own):
        if not any(counts) or area in cities or not plan.has_free(area):
            continue
        _advance(plan, area, need)
    return plan.actions


def _sources(plan: MovePlan, area: int, keep: set[int]):
    found = []
    for n in sorted_neighbours(plan.board)[area]:
        if n in keep:
            continue
        if plan.has_free(n):
            found.append((n, plan.free(n)))
    return found


def _attack(plan: MovePlan, area: int, keep: set[int], must: bool, bold: float = 0.9) -> None:
    if plan.room(area) <= 0:
        return
    sources = _sources(plan, area, keep)
    if not sources:
        return
    take = attack_force(plan, area, [free for _, free in sources], must, bold)
    if take is None:
        return
    for src, free in sources:
        part = [min(t, f) for t, f in zip(take, free)]
        if any(part):
            take = [t - p for t, p in zip(take, part)]
            plan.move(src, area, part)


def _fill(plan: MovePlan, city: int) -> None:
    """Up to a full stack in `city` from its free neighbours (armour also from two away)."""
    board = plan.board
    if plan.has_enemy(city) or plan.room(city) <= 0:
        return
    for n in sorted(sorted_neighbours(board)[city], key=lambda n: -sum(plan.free(n))):
        room = plan.room(city)
        if room <= 0:
            return
        if n in board.victory_cities:
            continue
        free = plan.free(n)
        if any(free):
            take = strongest(plan.stats, free, room, attacking=False)
            plan.move(n, city, take)


def _advance(plan: MovePlan, area: int, need: list[float]) -> None:
    board = plan.board
    if any(plan.has_enemy(n) for n in board.neighbours[area]):
        return  # facing Allies in the open: hold the line (step 3 attacked if it could)
    dist = distances(board)
    free = plan.free(area)
    c = max(range(len(need)), key=lambda c: (need[c] / (1 + dist[c][area]), -c))
    steps = [n for n in downhill(board, c)[area] if not plan.has_enemy(n) and plan.room(n) > 0]
    if not steps:
        return
    if len(steps) > 1:
        steps.sort(key=lambda n: (plan.state.patrol[n], -sum(plan.own[n]), n))  # G7: avoid the fighters
    for dst in steps:
        take = strongest(plan.stats, free, plan.room(dst), attacking=False)
        if any(take):
            plan.move(area, dst, take)
            free = [f - t for f, t in zip(free, take)]
        if not any(free):
            return


def entry_rank(state: GameState):
    """Sort key of entry areas for reinforcements: unpatrolled first (G7), then nearest the
    most threatened city."""
    dist = distances(state.board)
    threat = threats(state)
    c = max(range(len(threat)), key=lambda c: (threat[c], -c))
    return lambda w: (state.patrol[w], dist[c][w], w)


def reinforcement_losses(state: GameState, rng: random.Random, placements) -> list[tuple[int, str, int]]:
    board = state.board
    losses = []
    for label, name, n in placements:
        area = board.area(label)
        if state.patrol[area]:
            lost = combat.patrol_fire(rng, state.patrol[area], (n,), board.patrol_attack)[0]
            if lost:
                losses.append((label, name, lost))
    return losses
