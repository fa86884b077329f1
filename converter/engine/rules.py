"""Is an action legal? `check(action, state)` returns None or raises `IllegalAction`.

Legality only: applying is `transitions.apply`. Every refusal names the rule of
docs/dday2-rules.md it breaks (G1-G8, P1-P6, U*, B*) and the state it was judged on.
"""

from __future__ import annotations

from collections import Counter

from converter.engine import actions as a
from converter.engine.board import ALLIES, GERMANS
from converter.engine.state import STEPS, GameState, describe_counts


class IllegalAction(Exception):
    """An action the rules forbid. `rule_id` is the rule's ID, e.g. "G4"."""

    def __init__(self, rule_id: str, message: str):
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message


# which steps each action belongs to, and the rule that names that step
ACTION_STEPS: dict[type, tuple[tuple[str, str], ...]] = {
    a.ParaAttack: (("P1", "para"),),
    a.Bombard: (("P2", "bombard"),),
    a.BomberAttack: (("P3", "bomb"),),
    a.PlacePatrol: (("P3", "patrol"),),
    a.BlockhouseFire: (("P4", "blockhouse_fire"),),
    a.Move: (("P5", "move"), ("P6", "move")),
    a.Battle: (("P5", "battle"), ("P6", "battle")),
    a.Reinforce: (("P5", "reinforce"), ("P6", "reinforce")),
}


def _fail(rule: str, state: GameState, message: str) -> IllegalAction:
    return IllegalAction(rule, f"{message} [{state.where()}]")


def check(action: a.Action, state: GameState) -> None:
    """Raise IllegalAction if `action` is not legal in `state`."""
    if state.winner is not None or state.phase == "over":
        raise _fail("G5", state, f"the game is over (winner: {state.winner}); no {type(action).__name__}")
    if isinstance(action, a.ParaAttack) and state.round > state.board.para_rounds:
        raise _fail("U8", state, f"paratroopers attack in round 1 only, not round {state.round}")
    allowed = ACTION_STEPS.get(type(action))
    if allowed is not None and STEPS[state.step] not in allowed:
        rule = allowed[0][0] if len(allowed) == 1 else (state.phase if state.phase in ("P5", "P6") else allowed[0][0])
        raise _fail(rule, state, f"{type(action).__name__} is not played in {state.phase} {state.step_name}")
    CHECKS[type(action)](action, state)


# --- helpers ---
def _area(state: GameState, area_id: int, rule: str = "B1") -> int:
    try:
        return state.board.area(area_id)
    except KeyError as error:
        raise _fail(rule, state, str(error.args[0])) from None


def _counts(state: GameState, side: str, units: a.Units, rule: str) -> tuple[int, ...]:
    stats = state.board.units[side]
    result = [0] * len(stats.names)
    for name, number in units:
        if name not in stats.names:
            raise _fail(rule, state, f"{name!r} is not a {side} land unit")
        if number <= 0:
            raise _fail(rule, state, f"unit count must be positive, got {number} {name}")
        result[stats.index(name)] += number
    return tuple(result)


def _losses_within(state: GameState, side: str, area: int, losses: a.Units, shots: int, what: str) -> None:
    """G8: casualties exist in the area and are no more than the dice that could hit."""
    lost = _counts(state, side, losses, "G8")
    present = state.land(side, area)
    if any(l > p for l, p in zip(lost, present)):
        raise _fail("G8", state, f"{what}: casualties {describe_counts(state.board, side, lost)} "
                                 f"exceed {side} units in {state.area_label(area)}: {state.describe(side, area)}")
    if sum(lost) > shots:
        raise _fail("G8", state, f"{what}: {sum(lost)} casualties from {shots} dice in {state.area_label(area)}")


def _aa_guns(state: GameState, area: int) -> int:
    stats = state.board.units[GERMANS]
    return sum(n for n, aa in zip(state.german[area], stats.aa) if aa)


# --- per action ---
def _para(action: a.ParaAttack, state: GameState) -> None:
    area = _area(state, action.area, "P1")
    boxes = [i for i, (_, target, _) in enumerate(state.board.airborne) if target == area and state.paras[i]]
    if not boxes:
        raise _fail("U8", state, f"no paratroopers left aimed at {state.area_label(area)}")
    if not any(state.german[area]):
        raise _fail("P1", state, f"no German units to attack in {state.area_label(area)}")
    _losses_within(state, GERMANS, area, action.losses, sum(state.paras[i] for i in boxes), "para attack")


def _bombard(action: a.Bombard, state: GameState) -> None:
    board = state.board
    if state.naval_shots >= board.naval_shots:
        raise _fail("P2", state, f"all {board.naval_shots} naval bombardments of the round are fired")
    area = _area(state, action.area, "U7")
    blockhouses = state.german[area][board.units[GERMANS].classes.index("blockhouse")]
    if not blockhouses:
        raise _fail("U7", state, f"naval bombardment may only target blockhouses; {state.area_label(area)} "
                                 f"holds {state.describe(GERMANS, area)}")


def _bomber(action: a.BomberAttack, state: GameState) -> None:
    area = _area(state, action.area, "P3")
    if action.bombers < 1 or state.bombers_used + action.bombers > state.bombers:
        raise _fail("P3", state, f"{action.bombers} bombers asked, {state.bombers - state.bombers_used} "
                                 f"of {state.bombers} in play left this round")
    if any(state.allied[area]):
        raise _fail("P3", state, f"bombers may not attack {state.area_label(area)}: Allied land units there "
                                 f"({state.describe(ALLIES, area)})")
    if not any(state.german[area]):
        raise _fail("U5", state, f"no German units to bomb in {state.area_label(area)}")
    _losses_within(state, GERMANS, area, action.losses, action.bombers, "bombers")
    if not 0 <= action.aa_losses <= min(action.bombers, _aa_guns(state, area)):
        raise _fail("U2", state, f"{action.aa_losses} bombers lost to AA from {_aa_guns(state, area)} "
                                 f"artillery in {state.area_label(area)}")


def _patrol(action: a.PlacePatrol, state: GameState) -> None:
    board = state.board
    area = _area(state, action.area, "P3")
    if action.fighters < 1:
        raise _fail("P3", state, f"a patrol needs at least one fighter, got {action.fighters}")
    if state.patrol[area] + action.fighters > board.patrol_per_area:
        raise _fail("P3", state, f"{state.patrol[area] + action.fighters} fighters over {state.area_label(area)}; "
                                 f"at most {board.patrol_per_area} per area")
    if sum(state.patrol) + action.fighters > state.fighters:
        raise _fail("G7", state, f"{sum(state.patrol) + action.fighters} fighters on patrol; "
                                 f"{state.fighters} in play (at most {board.fighters_in_play})")
    if not 0 <= action.aa_losses <= min(action.fighters, _aa_guns(state, area)):
        raise _fail("U2", state, f"{action.aa_losses} fighters lost to AA from {_aa_guns(state, area)} "
                                 f"artillery in {state.area_label(area)}")


def blockhouses_aimed_at(state: GameState, beach: int) -> int:
    """Blockhouses able to fire at a beach: those in the areas it leads to.

    The model has no arrows of its own (U9); the coastal areas behind a beach stand in.
    """
    board = state.board
    position = board.units[GERMANS].classes.index("blockhouse")
    return sum(state.german[area][position] for area in board.beach_lands[beach])


def _blockhouse_fire(action: a.BlockhouseFire, state: GameState) -> None:
    board = state.board
    try:
        beach = board.beach(action.beach)
    except KeyError as error:
        raise _fail("B2", state, str(error.args[0])) from None
    if beach in state.fired_beaches:
        raise _fail("P4", state, f"the blockhouses aimed at {action.beach} have fired this round")
    guns = blockhouses_aimed_at(state, beach)
    if not 1 <= action.shots <= guns:
        raise _fail("U9", state, f"{action.shots} shots at {action.beach}; {guns} blockhouses aim at it")
    lost = _counts(state, ALLIES, action.losses, "G8")
    present = state.beaches[beach]
    if any(l > p for l, p in zip(lost, present)) or sum(lost) > action.shots:
        raise _fail("G8", state, f"casualties {describe_counts(board, ALLIES, lost)} on {action.beach} from "
                                 f"{action.shots} shots; there: {describe_counts(board, ALLIES, present)}")


def _move(action: a.Move, state: GameState) -> None:
    board = state.board
    side = state.active_side
    phase = state.phase
    stats = board.units[side]
    moving = _counts(state, side, action.units, phase)
    if not any(moving):
        raise _fail(phase, state, "a move needs units")
    dst = _area(state, action.dst)
    if isinstance(action.src, str):
        _landing(action, state, moving, dst)
    else:
        src = _area(state, action.src)
        free = tuple(p - m for p, m in zip(state.land(side, src), state.moved_in(src)))
        if any(n > f for n, f in zip(moving, free)):
            raise _fail(phase, state, f"{describe_counts(board, side, moving)} asked to leave "
                                      f"{state.area_label(src)}, which has {describe_counts(board, side, free)} "
                                      f"free to move ({state.describe(side, src)} in all)")
        immobile = [stats.names[i] for i, n in enumerate(moving) if n and stats.moves[i] == 0]
        if immobile:
            raise _fail("U4", state, f"{', '.join(immobile)} cannot move (from {state.area_label(src)})")
        if state.contested(src):
            raise _fail("G3", state, f"{state.area_label(src)} is contested ({state.describe(ALLIES, src)} vs "
                                     f"{state.describe(GERMANS, src)}); nobody leaves it")
        if action.via is None:
            if dst not in board.neighbours[src]:
                raise _fail("B1", state, f"{state.area_label(dst)} is not adjacent to {state.area_label(src)}")
        else:
            via = _area(state, action.via)
            slow = [stats.names[i] for i, n in enumerate(moving) if n and stats.moves[i] < 2]
            if slow:
                raise _fail("U1", state, f"{', '.join(slow)} move 1 area; cannot go via {state.area_label(via)}")
            if via not in board.neighbours[src] or dst not in board.neighbours[via] or dst == src:
                raise _fail("B1", state, f"no path {state.area_label(src)} -> {state.area_label(via)} -> "
                                         f"{state.area_label(dst)}")
            enemy = GERMANS if side == ALLIES else ALLIES
            if any(state.land(enemy, via)):
                raise _fail("U3", state, f"armour entering {state.area_label(via)} must stop there: enemy units "
                                         f"{state.describe(enemy, via)}")
    _stacking(state, side, dst, moving, "moving in")
    _patrol_losses(state, side, action, moving)


def _landing(action: a.Move, state: GameState, moving: tuple[int, ...], dst: int) -> None:
    board = state.board
    if state.active_side != ALLIES:
        raise _fail("P6", state, "only Allied units land from beachheads")
    try:
        beach = board.beach(action.src)
    except KeyError as error:
        raise _fail("B2", state, str(error.args[0])) from None
    if action.via is not None or dst not in board.beach_lands[beach]:
        lands = ", ".join(state.area_label(i) for i in board.beach_lands[beach])
        raise _fail("P5", state, f"units on {action.src} land in {lands} only (move 1), not {state.area_label(dst)}")
    present = state.beaches[beach]
    if any(n > p for n, p in zip(moving, present)):
        raise _fail("P5", state, f"{describe_counts(board, ALLIES, moving)} asked to land; {action.src} holds "
                                 f"{describe_counts(board, ALLIES, present)}")


def _stacking(state: GameState, side: str, dst: int, arriving: tuple[int, ...], how: str) -> None:
    board = state.board
    stacks = board.units[side].stacks
    total = state.stacked(side, dst) + sum(n for n, s in zip(arriving, stacks) if s)
    if total > board.stack:
        raise _fail("G4", state, f"{total} {side} land units in {state.area_label(dst)} after "
                                 f"{describe_counts(board, side, arriving)} {how} (already "
                                 f"{state.describe(side, dst)}); at most {board.stack}")


def _patrol_losses(state: GameState, side: str, action: a.Move, moving: tuple[int, ...]) -> None:
    if not action.losses:
        return
    lost = _counts(state, side, action.losses, "G7")
    areas = [state.board.area(x) for x in (action.src, action.via, action.dst) if isinstance(x, int)]
    if side != GERMANS or not any(state.patrol[i] for i in areas):
        raise _fail("G7", state, f"patrol losses without patrolling fighters on the way of {side} units")
    if any(l > m for l, m in zip(lost, moving)):
        raise _fail("G7", state, f"patrol losses {describe_counts(state.board, side, lost)} exceed the moving units")


def _battle(action: a.Battle, state: GameState) -> None:
    side = state.active_side
    enemy = GERMANS if side == ALLIES else ALLIES
    area = _area(state, action.area, "G2")
    if not state.contested(area):
        raise _fail("G2", state, f"no battle in {state.area_label(area)}: {state.describe(ALLIES, area)} vs "
                                 f"{state.describe(GERMANS, area)}")
    if area in state.fought:
        raise _fail("G1", state, f"{state.area_label(area)} has fought its one round this step")
    _losses_within(state, side, area, action.attacker_losses, sum(state.land(enemy, area)), "attacker")
    _losses_within(state, enemy, area, action.defender_losses, sum(state.land(side, area)), "defender")


def _reinforce(action: a.Reinforce, state: GameState) -> None:
    board = state.board
    side = state.active_side
    phase = state.phase
    try:
        position = board.chart(action.chart)
    except KeyError as error:
        raise _fail(phase, state, str(error.args[0])) from None
    chart = board.charts[position]
    if chart.side != side:
        raise _fail(phase, state, f"chart {chart.id} is not the {side}'")
    if position in state.reinforced:
        raise _fail(phase, state, f"chart {chart.id} has already been rolled this turn")
    if not chart.dice <= action.dice <= 6 * chart.dice:
        raise _fail(phase, state, f"{action.dice} is not a sum of {chart.dice} dice")
    placed = sum(n for _, _, n in action.placements)
    if any(n <= 0 for _, _, n in action.placements):
        raise _fail(phase, state, "placement counts must be positive")
    if placed > action.dice:
        raise _fail(phase, state, f"{placed} units placed from chart {chart.id}; the dice gave {action.dice}")
    start = state.chart_pos[position]
    if start + placed > len(chart.order):
        raise _fail("G6", state, f"{placed} units placed; chart {chart.id} has {len(chart.order) - start} left")
    names = board.units[side].names
    expected = Counter(names[i] for i in chart.order[start:start + placed])
    given = Counter()
    for _, name, n in action.placements:
        given[name] += n
    if given != expected:
        raise _fail(phase, state, f"chart {chart.id} order: the next {placed} units are {_text(expected)}, "
                                  f"placed {_text(given)}")
    targets = _placement_targets(action, state, side, phase)
    _chart_slots_fit(action, state, chart, start, placed, targets, phase)
    per_target: dict[int, list[int]] = {}
    for (_, name, n), target in zip(action.placements, targets):
        bucket = per_target.setdefault(target, [0] * len(names))
        bucket[names.index(name)] += n
    for target, counts in per_target.items():
        if side == ALLIES:
            total = sum(state.beaches[target]) + sum(counts)
            if total > board.beach_capacity[target]:
                raise _fail("P5", state, f"{total} units on {board.beach_names[target]}; capacity "
                                         f"{board.beach_capacity[target]} (B2)")
        else:
            _stacking(state, side, target, tuple(counts), "placed")
    _reinforce_losses(action, state, side, per_target)


def _placement_targets(action: a.Reinforce, state: GameState, side: str, phase: str) -> list[int]:
    board = state.board
    targets = []
    for where, _, _ in action.placements:
        try:
            if side == ALLIES:
                if not isinstance(where, str):
                    raise KeyError(f"Allied reinforcements go to beachheads, not {where!r}")
                targets.append(board.beach(where))
            else:
                if not isinstance(where, int):
                    raise KeyError(f"German reinforcements go to areas, not {where!r}")
                targets.append(board.area(where))
        except KeyError as error:
            raise _fail(phase, state, str(error.args[0])) from None
    return targets


def _chart_slots_fit(action, state, chart, start, placed, targets, phase) -> None:
    """Each placed unit must match a chart slot that may enter where it was placed
    (beach restrictions of chart rows, sector entry areas). Slots with the fewest
    choices are matched first, which is exact for the charts' nested restrictions."""
    names = state.board.units[chart.side].names
    room: Counter = Counter()
    for (_, name, n), target in zip(action.placements, targets):
        room[(name, target)] += n
    slots = sorted(range(start, start + placed), key=lambda s: len(chart.allowed[s]))
    for slot in slots:
        name = names[chart.order[slot]]
        options = [t for t in chart.allowed[slot] if room[(name, t)] > 0]
        if not options:
            rule = "P5" if chart.side == ALLIES else "P6"
            where = _where_names(state, chart.side, chart.allowed[slot])
            raise _fail(rule, state, f"chart {chart.id} unit {slot + 1} ({name}) may enter only at {where}")
        room[(name, options[0])] -= 1


def _where_names(state: GameState, side: str, positions) -> str:
    board = state.board
    if side == ALLIES:
        return ", ".join(sorted(board.beach_names[p] for p in positions))
    return ", ".join(str(board.area_ids[p]) for p in sorted(positions))


def _reinforce_losses(action: a.Reinforce, state: GameState, side: str, per_target: dict[int, list[int]]) -> None:
    board = state.board
    for area_id, name, n in action.losses:
        target = _area(state, area_id, "G7") if isinstance(area_id, int) else -1
        if side != GERMANS or target not in per_target or not state.patrol[target]:
            raise _fail("G7", state, f"patrol losses at {area_id!r} without fighters over placed German units")
        if n > per_target[target][board.units[side].names.index(name)]:
            raise _fail("G7", state, f"{n} {name} lost at area {area_id}; fewer were placed")


def _text(counter: Counter) -> str:
    return ", ".join(f"{n} {name}" for name, n in sorted(counter.items())) or "nothing"


def _end(action: a.EndPhase, state: GameState) -> None:
    if state.step_name == "battle":
        unfought = [i for i in state.contested_areas() if i not in state.fought]
        if unfought:
            first = unfought[0]
            raise _fail("G2", state, f"mixed {state.area_label(first)} must fight before the step ends "
                                     f"({state.describe(ALLIES, first)} vs {state.describe(GERMANS, first)})"
                                     + (f"; {len(unfought) - 1} more" if len(unfought) > 1 else ""))


CHECKS = {
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


def is_legal(action: a.Action, state: GameState) -> bool:
    try:
        check(action, state)
    except IllegalAction:
        return False
    return True
