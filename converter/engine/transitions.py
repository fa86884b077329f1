"""Apply an action: `apply(action, state) -> state`. No legality checks here (that is
`rules.check`); `play` does both. Deterministic: random outcomes are inside the action.
"""

from __future__ import annotations


from converter.engine import actions as a
from converter.engine.board import ALLIES, GERMANS
from converter.engine.rules import check
from converter.engine.state import GAME_OVER, STEPS, GameState, _set, add_counts, counts_of, sub_counts
from converter.engine.state import evolve as replace
from converter.engine.victory import end_of_round


def apply(action: a.Action, state: GameState) -> GameState:
    return APPLY[type(action)](action, state)


def play(action: a.Action, state: GameState) -> GameState:
    """Check, then apply."""
    check(action, state)
    return apply(action, state)


def _lose(state: GameState, side: str, area: int, losses: a.Units) -> GameState:
    if not losses:
        return state
    lost = counts_of(state.board, side, losses)
    return state.with_land(side, area, sub_counts(state.land(side, area), lost))


def _para(action: a.ParaAttack, state: GameState) -> GameState:
    area = state.board.area(action.area)
    paras = tuple(0 if target == area else n for n, (_, target, _) in zip(state.paras, state.board.airborne))
    return replace(_lose(state, GERMANS, area, action.losses), paras=paras)


def _bombard(action: a.Bombard, state: GameState) -> GameState:
    state = replace(state, naval_shots=state.naval_shots + 1)
    if action.hit:
        state = _lose(state, GERMANS, state.board.area(action.area), (("blockhouse", 1),))
    return state


def _bomber(action: a.BomberAttack, state: GameState) -> GameState:
    state = _lose(state, GERMANS, state.board.area(action.area), action.losses)
    return replace(state, bombers_used=state.bombers_used + action.bombers, bombers=state.bombers - action.aa_losses)


def _patrol(action: a.PlacePatrol, state: GameState) -> GameState:
    area = state.board.area(action.area)
    patrol = _set(state.patrol, area, state.patrol[area] + action.fighters - action.aa_losses)
    return replace(state, patrol=patrol, fighters=state.fighters - action.aa_losses)


def _blockhouse_fire(action: a.BlockhouseFire, state: GameState) -> GameState:
    beach = state.board.beach(action.beach)
    lost = counts_of(state.board, ALLIES, action.losses)
    beaches = _set(state.beaches, beach, sub_counts(state.beaches[beach], lost))
    return replace(state, beaches=beaches, fired_beaches=state.fired_beaches | {beach})


def _move(action: a.Move, state: GameState) -> GameState:
    board = state.board
    side = state.active_side
    moving = counts_of(board, side, action.units)
    arriving = sub_counts(moving, counts_of(board, side, action.losses)) if action.losses else moving
    dst = board.area(action.dst)
    changes = {}
    units = list(state.units(side))
    if isinstance(action.src, str):
        beach = board.beach(action.src)
        changes["beaches"] = _set(state.beaches, beach, sub_counts(state.beaches[beach], moving))
    else:
        src = board.area(action.src)
        units[src] = sub_counts(units[src], moving)
    units[dst] = add_counts(units[dst], arriving)
    changes["allied" if side == ALLIES else "german"] = tuple(units)
    moved = state.moved or (board.units[side].zero,) * len(board.area_ids)
    return replace(state, moved=_set(moved, dst, add_counts(moved[dst], arriving)), **changes)


def _battle(action: a.Battle, state: GameState) -> GameState:
    side = state.active_side
    enemy = GERMANS if side == ALLIES else ALLIES
    area = state.board.area(action.area)
    state = _lose(state, side, area, action.attacker_losses)
    state = _lose(state, enemy, area, action.defender_losses)
    return replace(state, fought=state.fought | {area})


def _reinforce(action: a.Reinforce, state: GameState) -> GameState:
    board = state.board
    side = state.active_side
    position = board.chart(action.chart)
    placed = sum(n for _, _, n in action.placements)
    index = board.units[side].index
    if side == ALLIES:
        beaches = [list(c) for c in state.beaches]
        for where, name, n in action.placements:
            beaches[board.beach(where)][index(name)] += n
        state = replace(state, beaches=tuple(map(tuple, beaches)))
    else:
        german = list(state.german)
        for where, name, n in action.placements:
            area = board.area(where)
            counts = list(german[area])
            counts[index(name)] += n
            german[area] = tuple(counts)
        for where, name, n in action.losses:
            area = board.area(where)
            counts = list(german[area])
            counts[index(name)] -= n
            german[area] = tuple(counts)
        state = replace(state, german=tuple(german))
    chart_pos = _set(state.chart_pos, position, state.chart_pos[position] + placed)
    return replace(state, chart_pos=chart_pos, reinforced=state.reinforced | {position})


def _end(action: a.EndPhase, state: GameState) -> GameState:
    board = state.board
    step = state.step + 1
    if step >= GAME_OVER:
        state = end_of_round(state)
        if state.winner is not None:
            return replace(state, step=GAME_OVER, moved=(), fought=frozenset(), reinforced=frozenset())
        state = replace(
            state,
            round=state.round + 1,
            patrol=(0,) * len(state.patrol),  # fighters return to the air base
            bombers_used=0,
            naval_shots=0,
            fired_beaches=frozenset(),
        )
        step = 0
    if STEPS[step][0] == "P1" and state.round > board.para_rounds:
        step += 1  # P1: only in the first round(s)
    moved = ()
    if STEPS[step][1] == "move":
        side = ALLIES if STEPS[step][0] == "P5" else GERMANS
        moved = (board.units[side].zero,) * len(board.area_ids)
    return replace(state, step=step, moved=moved, fought=frozenset(), reinforced=frozenset())


APPLY = {
    a.ParaAttack: _para,
    a.Bombard: _bombard,
    a.BomberAttack: _bomber,
    a.PlacePatrol: _patrol,
    a.BlockhouseFire: _blockhouse_fire,
    a.Move: _move,
    a.Battle: _battle,
    a.Reinforce: _reinforce,
    a.EndPhase: _end,
}
