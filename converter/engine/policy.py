"""A legal policy for both sides: it returns every action of the current step.

Fast enough to simulate thousands of games, and a plausible plan for each side: the
Allies (`policy_allies`) concentrate on one victory city per front and attack on
favourable exact odds; the Germans (`policy_germans`) hold the cities with full stacks,
counter-attack weak stacks and send reinforcements where the front is. Dice are rolled
with `combat` into the actions. The step handlers below are also what the real-engine
player (`realengine.autoplay`) asks for each TripleA step.
"""

from __future__ import annotations

import random
from functools import lru_cache

from converter.engine import actions as a
from converter.engine import combat
from converter.engine import policy_allies, policy_germans
from converter.engine.board import ALLIES, GERMANS
from converter.engine.rules import blockhouses_aimed_at
from converter.engine.state import GameState, pairs_of


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


def _blockhouse_fire(state: GameState, rng: random.Random) -> list[a.Action]:
    board = state.board
    result = []
    for beach, name in enumerate(board.beach_names):
        guns = blockhouses_aimed_at(state, beach)
        if guns and any(state.beaches[beach]) and beach not in state.fired_beaches:
            lost = combat.targeted(rng, guns, board.blockhouse_fire, board.units[ALLIES], state.beaches[beach])
            result.append(a.BlockhouseFire(name, guns, pairs_of(board, ALLIES, lost)))
    return result


_bombard = policy_allies.bombard
_bomb = policy_allies.bomb
_patrol = policy_allies.patrol


# --- P5 / P6 ---
def _moves(state: GameState, rng: random.Random) -> list[a.Action]:
    side = policy_allies if state.active_side == ALLIES else policy_germans
    return side.moves(state, rng)


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
        room = {i: board.stack - state.stacked(side, i) for i in _entry_areas(board)}
    entry_rank = policy_germans.entry_rank(state) if side == GERMANS else None
    preferred: dict[frozenset[int], list[int]] = {}  # entry areas of a slot, best first
    for position, chart in enumerate(board.charts):
        if chart.side != side:
            continue
        dice = sum(rng.randint(1, 6) for _ in range(chart.dice))
        placements: list[tuple[int | str, str, int]] = []
        start = state.chart_pos[position]
        for slot in range(start, min(start + dice, len(chart.order))):
            allowed = chart.allowed[slot]
            order = preferred.get(allowed)
            if order is None:
                order = preferred[allowed] = sorted(allowed, key=entry_rank) if entry_rank else sorted(allowed)
            where = next((w for w in order if room[w] > 0), None)
            if where is None:
                break  # chart order: nothing may jump the queue
            room[where] -= 1
            label = board.beach_names[where] if side == ALLIES else board.area_ids[where]
            name = names[chart.order[slot]]
            if placements and placements[-1][:2] == (label, name):
                placements[-1] = (label, name, placements[-1][2] + 1)
            else:
                placements.append((label, name, 1))
        losses = policy_germans.reinforcement_losses(state, rng, placements) if side == GERMANS else []
        result.append(a.Reinforce(chart.id, dice, tuple(placements), tuple(losses)))
    return result


@lru_cache(maxsize=4)
def _entry_areas(board) -> frozenset[int]:
    return frozenset(i for chart in board.charts if chart.side == GERMANS for where in chart.allowed for i in where)


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
