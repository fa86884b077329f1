"""A simple, legal policy for both sides: it returns every action of the current step.

Not a strong player; a fast one that follows the rules, so whole games can be simulated
(and, later, replayed through the real engine). Allies push toward the nearest victory
city they do not hold, Germans counter-attack where they are strong enough and otherwise
fall back on the cities. Dice are rolled with `combat` into the actions.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from converter.engine import actions as a
from converter.engine import combat
from converter.engine.board import ALLIES, GERMANS, Board
from converter.engine.rules import blockhouses_aimed_at
from converter.engine.state import GameState, pairs_of
from converter.engine.victory import city_held

ADVANCE_RATIO = 0.6  # attack only when our fire is at least this share of theirs


@lru_cache(maxsize=4)
def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per victory city: the number of moves from every area to it (BFS over borders)."""
    table = []
    for city in board.victory_cities:
        dist = [10**6] * len(board.area_ids)
        dist[city] = 0
        queue = deque([city])
        while queue:
            here = queue.popleft()
            for there in board.neighbours[here]:
                if dist[there] > dist[here] + 1:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        table.append(tuple(dist))
    return tuple(table)


def step_actions(state: GameState, rng: random.Random) -> list[a.Action]:
    """The policy's actions for the current step, ending with EndPhase."""
    handler = HANDLERS[(state.phase, state.step_name)]
    return handler(state, rng) + [a.EndPhase()]


def _id(state: GameState, area: int) -> int:
    return state.board.area_ids[area]


# --- P1 .. P4 ---
def _para(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    result = []
    stats = board.units[GERMANS]
    for box, (_, area, _) in enumerate(board.airborne):
        if state.paras[box] and any(state.german[area]):
            lost = combat.targeted(rng, state.paras[box], board.para_attack, stats, state.german[area],
                                   combat.cheapest_first)  # not targeted: the Germans pick
            result.append(a.ParaAttack(_id(state, area), pairs_of(board, GERMANS, lost)))
    return result


def _bombard(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    block = board.units[GERMANS].classes.index("blockhouse")
    left = [n[block] for n in state.german]
    coast = [area for lands in board.beach_lands for area in lands]
    result = []
    for _ in range(board.naval_shots - state.naval_shots):
        targets = [i for i in coast if left[i]] or [i for i, n in enumerate(left) if n]
        if not targets:
            break
        target = targets[0]
        hit = combat.roll(rng, 1, board.naval_attack) == 1
        left[target] -= hit
        result.append(a.Bombard(_id(state, target), hit))
    return result


def _bomb(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    bombers = state.bombers - state.bombers_used
    if bombers <= 0:
        return []
    near_allies = {n for i, c in enumerate(state.allied) if any(c) for n in board.neighbours[i]}
    candidates = [i for i in near_allies if not any(state.allied[i]) and any(state.german[i])]
    if not candidates:
        return []
    target = max(candidates, key=lambda i: (sum(state.german[i]), -i))
    stats = board.units[GERMANS]
    lost = combat.targeted(rng, bombers, board.bomber_attack, stats, state.german[target])
    left = sub(state.german[target], lost)
    guns = sum(n for n, aa in zip(left, stats.aa) if aa)  # surviving artillery fires AA after
    aa_losses = combat.aa_fire(rng, guns, bombers, board.aa_attack)
    return [a.BomberAttack(_id(state, target), bombers, pairs_of(board, GERMANS, lost), aa_losses)]


def sub(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p - q for p, q in zip(x, y))


def _patrol(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    stats = board.units[GERMANS]
    free = state.fighters - sum(state.patrol)
    entry = sorted({area for chart in board.charts if chart.side == GERMANS for s in chart.allowed for area in s})
    guns = {i: sum(n for n, aa in zip(state.german[i], stats.aa) if aa) for i in entry}
    result = []
    for area in sorted(entry, key=lambda i: (guns[i], i)):
        room = board.patrol_per_area - state.patrol[area]
        fighters = min(room, free)
        if fighters <= 0:
            break
        lost = combat.aa_fire(rng, guns[area], fighters, board.aa_attack)
        result.append(a.PlacePatrol(_id(state, area), fighters, lost))
        free -= fighters
    return result


def _blockhouse_fire(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    result = []
    for beach, name in enumerate(board.beach_names):
        guns = blockhouses_aimed_at(state, beach)
        if guns and any(state.beaches[beach]) and beach not in state.fired_beaches:
            lost = combat.targeted(rng, guns, board.blockhouse_fire, board.units[ALLIES], state.beaches[beach])
            result.append(a.BlockhouseFire(name, guns, pairs_of(board, ALLIES, lost)))
    return result


# --- P5 / P6 moves ---
def _fire(counts: tuple[int, ...], values: tuple[int, ...]) -> int:
    return sum(n * v for n, v in zip(counts, values))


def _allied_moves(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    stats = board.units[ALLIES]
    dist = distances(board)
    targets = [c for c, city in enumerate(board.victory_cities) if not city_held(state, city)]
    arriving = [0] * len(board.area_ids)
    leaving = [0] * len(board.area_ids)
    result: list[a.Action] = []
    for area, counts in enumerate(state.allied):
        if not any(counts) or state.contested(area) or not targets:
            continue
        if area in board.victory_cities and city_held(state, area):
            continue  # hold what we took (G5)
        city = min(targets, key=lambda c: dist[c][area])
        here = dist[city][area]
        ours = _fire(counts, stats.attack)
        bold = state.stacked(ALLIES, area) >= board.stack  # a full stack cannot grow: it attacks
        dst = None
        for n in sorted(board.neighbours[area], key=lambda n: (dist[city][n], sum(state.german[n]), n)):
            if dist[city][n] >= here or board.stack - state.stacked(ALLIES, n) - arriving[n] <= 0:
                continue
            theirs = _fire(state.german[n], board.units[GERMANS].defence)
            if not theirs or ours + _fire(state.allied[n], stats.attack) >= ADVANCE_RATIO * theirs * (0.5 if bold else 1):
                dst = n
                break
        if dst is None:
            continue
        room = board.stack - state.stacked(ALLIES, dst) - arriving[dst]
        take = _take(stats, counts, room)
        if any(take):
            result.append(a.Move(pairs_of(board, ALLIES, take), _id(state, area), _id(state, dst)))
            arriving[dst] += sum(take)
            leaving[area] += sum(take)
    for beach, counts in enumerate(state.beaches):
        if not any(counts):
            continue
        dst = board.beach_lands[beach][0]
        room = board.stack - state.stacked(ALLIES, dst) - arriving[dst] + leaving[dst]
        take = _take(stats, counts, room)
        if any(take):
            result.append(a.Move(pairs_of(board, ALLIES, take), board.beach_names[beach], _id(state, dst)))
            arriving[dst] += sum(take)
    return result


def _take(stats, counts: tuple[int, ...], room: int) -> tuple[int, ...]:
    """Up to `room` units, dearest first (armour leads)."""
    take = [0] * len(counts)
    for i in combat.removal_order(stats, counts, dearest=True)[:max(0, room)]:
        take[i] += 1
    return tuple(take)


def _german_moves(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    stats = board.units[GERMANS]
    allied_def = board.units[ALLIES].defence
    dist = distances(board)
    arriving = [0] * len(board.area_ids)
    result: list[a.Action] = []
    for area, counts in enumerate(state.german):
        mobile = tuple(n if stats.moves[i] else 0 for i, n in enumerate(counts))
        if not any(mobile) or state.contested(area):
            continue
        if area in board.victory_cities and any(
            any(state.allied[n]) for n in board.neighbours[area]
        ):
            continue  # a threatened city keeps its garrison
        dst = None
        for n in sorted(board.neighbours[area]):
            if any(state.allied[n]) and _fire(mobile, stats.attack) + _fire(state.german[n], stats.attack) \
                    >= _fire(state.allied[n], allied_def):
                dst = n
                break
        if dst is None:
            city = min(range(len(dist)), key=lambda c: dist[c][area])
            steps = [n for n in board.neighbours[area] if dist[city][n] < dist[city][area] and not any(state.allied[n])]
            if not steps or area in board.victory_cities:
                continue
            dst = min(steps)
        room = board.stack - state.stacked(GERMANS, dst) - arriving[dst]
        take = _take(stats, mobile, room)
        if not any(take):
            continue
        fighters = state.patrol[area] + state.patrol[dst]
        lost = combat.patrol_fire(rng, fighters, take, board.patrol_attack)
        result.append(a.Move(pairs_of(board, GERMANS, take), _id(state, area), _id(state, dst),
                             losses=pairs_of(board, GERMANS, lost)))
        arriving[dst] += sum(take)
    return result


def _moves(state: GameState, rng: random.Random) -> list[a.Action]:
    return _allied_moves(state, rng) if state.active_side == ALLIES else _german_moves(state, rng)


def _battles(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    side = state.active_side
    enemy = GERMANS if side == ALLIES else ALLIES
    result = []
    for area in state.contested_areas():
        lost_a, lost_d = combat.battle_round(rng, board.units[side], state.land(side, area),
                                             board.units[enemy], state.land(enemy, area))
        result.append(a.Battle(_id(state, area), pairs_of(board, side, lost_a), pairs_of(board, enemy, lost_d)))
    return result


# --- reinforcements ---
def _reinforce(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    side = state.active_side
    names = board.units[side].names
    result = []
    # room left at each entry point, shared by the charts (two German sectors share Chartres)
    if side == ALLIES:
        room = {b: board.beach_capacity[b] - sum(state.beaches[b]) for b in range(len(board.beach_names))}
    else:
        room = {i: board.stack - state.stacked(side, i) for i in range(len(board.area_ids))}
    for position, chart in enumerate(board.charts):
        if chart.side != side:
            continue
        dice = sum(rng.randint(1, 6) for _ in range(chart.dice))
        placements: list[tuple[int | str, str, int]] = []
        start = state.chart_pos[position]
        for slot in range(start, min(start + dice, len(chart.order))):
            options = [w for w in sorted(chart.allowed[slot]) if room[w] > 0]
            if side == GERMANS:
                options.sort(key=lambda w: (state.patrol[w], -room[w]))
            if not options:
                break  # chart order: nothing may jump the queue
            where = options[0]
            room[where] -= 1
            label = board.beach_names[where] if side == ALLIES else board.area_ids[where]
            name = names[chart.order[slot]]
            if placements and placements[-1][:2] == (label, name):
                placements[-1] = (label, name, placements[-1][2] + 1)
            else:
                placements.append((label, name, 1))
        losses = []
        if side == GERMANS:
            for label, name, n in placements:
                area = board.area(label)
                if state.patrol[area]:
                    lost = combat.patrol_fire(rng, state.patrol[area], (n,), board.patrol_attack)[0]
                    if lost:
                        losses.append((label, name, lost))
        result.append(a.Reinforce(chart.id, dice, tuple(placements), tuple(losses)))
    return result


HANDLERS = {
    ("P1", "para"): _para,
    ("P2", "bombard"): _bombard,
    ("P3", "bomb"): _bomb,
    ("P3", "patrol"): _patrol,
    ("P4", "blockhouse_fire"): _blockhouse_fire,
    ("P5", "move"): _moves,
    ("P5", "battle"): _battles,
    ("P5", "reinforce"): _reinforce,
    ("P6", "move"): _moves,
    ("P6", "battle"): _battles,
    ("P6", "reinforce"): _reinforce,
}
