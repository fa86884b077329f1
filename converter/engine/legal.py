"""`legal_actions(state)`: the choices open in the current step, each passing `rules.check`.

Random outcomes are not choices: actions come with no losses and no hits (the dice fill
them in). Moves are listed one unit type at a time, every count; reinforcements need the
dice (`dice={chart id: sum}`) and are then listed as the fullest placement in chart order
(plus, for the Germans, placing nothing, which is allowed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from converter.engine import actions as a
from converter.engine.board import ALLIES, GERMANS
from converter.engine.rules import blockhouses_aimed_at, is_legal
from converter.engine.state import GameState


def legal_actions(state: GameState, dice: Mapping[str, int] | None = None) -> list[a.Action]:
    if state.winner is not None or state.phase == "over":
        return []
    candidates = CANDIDATES[state.step_name](state, dice or {})
    return [action for action in (*candidates, a.EndPhase()) if is_legal(action, state)]


def _ids(state: GameState, area: int) -> int:
    return state.board.area_ids[area]


def _para(state: GameState, dice) -> Iterator[a.Action]:
    for _, area, _ in state.board.airborne:
        yield a.ParaAttack(_ids(state, area))


def _bombard(state: GameState, dice) -> Iterator[a.Action]:
    for area in range(len(state.board.area_ids)):
        yield a.Bombard(_ids(state, area))


def _bomb(state: GameState, dice) -> Iterator[a.Action]:
    for area in range(len(state.board.area_ids)):
        if any(state.german[area]) and not any(state.allied[area]):
            for bombers in range(1, state.bombers - state.bombers_used + 1):
                yield a.BomberAttack(_ids(state, area), bombers)


def _patrol(state: GameState, dice) -> Iterator[a.Action]:
    for area in range(len(state.board.area_ids)):
        for fighters in range(1, state.board.patrol_per_area + 1):
            yield a.PlacePatrol(_ids(state, area), fighters)


def _blockhouse_fire(state: GameState, dice) -> Iterator[a.Action]:
    for beach, name in enumerate(state.board.beach_names):
        guns = blockhouses_aimed_at(state, beach)
        if guns:
            yield a.BlockhouseFire(name, guns)


def _move(state: GameState, dice) -> Iterator[a.Action]:
    board = state.board
    side = state.active_side
    names = board.units[side].names
    for src, counts in enumerate(state.units(side)):
        free = [n - m for n, m in zip(counts, state.moved_in(src))]
        for kind, n in enumerate(free):
            for count in range(1, n + 1):
                units = ((names[kind], count),)
                for dst in sorted(board.neighbours[src]):
                    yield a.Move(units, _ids(state, src), _ids(state, dst))
                    if board.units[side].moves[kind] >= 2:
                        for far in sorted(board.neighbours[dst] - {src}):
                            yield a.Move(units, _ids(state, src), _ids(state, far), via=_ids(state, dst))
    if side == ALLIES:
        for beach, counts in enumerate(state.beaches):
            for kind, n in enumerate(counts):
                for count in range(1, n + 1):
                    for dst in board.beach_lands[beach]:
                        yield a.Move(((names[kind], count),), board.beach_names[beach], _ids(state, dst))


def _battle(state: GameState, dice) -> Iterator[a.Action]:
    for area in state.contested_areas():
        yield a.Battle(_ids(state, area))


def _reinforce(state: GameState, dice: Mapping[str, int]) -> Iterator[a.Action]:
    board = state.board
    side = state.active_side
    names = board.units[side].names
    for position, chart in enumerate(board.charts):
        if chart.side != side or chart.id not in dice:
            continue
        if side == ALLIES:
            room = {b: board.beach_capacity[b] - sum(state.beaches[b]) for b in range(len(board.beach_names))}
        else:
            room = {i: board.stack - state.stacked(side, i) for i in range(len(board.area_ids))}
        placements: list[tuple[int | str, str, int]] = []
        start = state.chart_pos[position]
        for slot in range(start, min(start + dice[chart.id], len(chart.order))):
            options = [w for w in sorted(chart.allowed[slot]) if room[w] > 0]
            if not options:
                break
            room[options[0]] -= 1
            label = board.beach_names[options[0]] if side == ALLIES else board.area_ids[options[0]]
            placements.append((label, names[chart.order[slot]], 1))
        yield a.Reinforce(chart.id, dice[chart.id], tuple(placements))
        if side == GERMANS and placements:
            yield a.Reinforce(chart.id, dice[chart.id])


CANDIDATES = {
    "para": _para,
    "bombard": _bombard,
    "bomb": _bomb,
    "patrol": _patrol,
    "blockhouse_fire": _blockhouse_fire,
    "move": _move,
    "battle": _battle,
    "reinforce": _reinforce,
}
