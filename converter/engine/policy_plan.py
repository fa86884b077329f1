"""What both sides' move policies share: a move plan over a local copy of the board, the
exact odds of an attack (cached), and distances.

`MovePlan` keeps the moving side's counts as they will be after the moves planned so far,
so every move it emits is legal in order (G3 sources, G4 room, units that arrived this
step stay put); the policies only decide *what* to move.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from operator import mul

from converter.engine import actions as a
from converter.engine import combat
from converter.engine.board import ALLIES, GERMANS, Board, other
from converter.engine.odds import one_round
from converter.engine.state import GameState, pairs_of

FAR = 10**6
SURE = 0.85  # a battle this likely to be won this round needs no more units


@lru_cache(maxsize=4)
def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per victory city: the number of moves from every area to it (BFS over borders)."""
    return tuple(distances_from(board, city) for city in board.victory_cities)


@lru_cache(maxsize=256)
def distances_from(board: Board, start: int) -> tuple[int, ...]:
    dist = [FAR] * len(board.area_ids)
    dist[start] = 0
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if dist[there] > dist[here] + 1:
                dist[there] = dist[here] + 1
                queue.append(there)
    return tuple(dist)


@lru_cache(maxsize=64)
def nearest(board: Board, cities: tuple[int, ...]) -> tuple[tuple[int | None, int], ...]:
    """Per area: (the nearest of `cities` (positions in victory_cities), its distance);
    ties go to the first city. (None, FAR) when `cities` is empty."""
    dist = distances(board)
    result = []
    for area in range(len(board.area_ids)):
        best = min(cities, key=lambda c: (dist[c][area], c), default=None)
        result.append((best, dist[best][area] if best is not None else FAR))
    return tuple(result)


@lru_cache(maxsize=16)
def downhill(board: Board, city: int) -> tuple[tuple[int, ...], ...]:
    """Per area: its neighbours one move nearer the victory city at position `city`."""
    dist = distances(board)[city]
    return tuple(tuple(n for n in sorted(board.neighbours[area]) if dist[n] < dist[area])
                 for area in range(len(board.area_ids)))


@lru_cache(maxsize=4)
def sorted_neighbours(board: Board) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(n)) for n in board.neighbours)


@lru_cache(maxsize=1 << 16)
def _odds(attack: tuple[int, ...], defence: tuple[int, ...]):
    return one_round(attack, defence)


def attack_odds(board: Board, side: str, attackers: tuple[int, ...], defenders: tuple[int, ...]):
    """Exact odds of one round: `side`'s counts attack the other side's counts (each side
    loses its cheapest units first, so the values are listed in that order)."""
    return _odds_of(board, side, attackers, defenders)


@lru_cache(maxsize=1 << 16)
def _odds_of(board: Board, side: str, attackers: tuple[int, ...], defenders: tuple[int, ...]):
    mine, theirs = board.units[side], board.units[other(side)]
    # one round: the order units are lost in does not matter, so sorted values share entries
    return _odds(tuple(sorted(_values(mine, attackers, True))), tuple(sorted(_values(theirs, defenders, False))))


def _values(stats, counts, attacking: bool) -> tuple[int, ...]:
    values = stats.attack if attacking else stats.defence
    return tuple(values[i] for i in combat.removal_order(stats, counts))


def favourable(board: Board, side: str, attackers, defenders, boldness: float = 1.0) -> bool:
    """Worth attacking: the round likely clears the area, or it trades well and leaves us
    clearly the stronger (the enemy fires back next turn, G1). `boldness` > 1 accepts worse
    trades (the Allies late in the game)."""
    n_a, n_d = sum(attackers), sum(defenders)
    if not n_a:
        return False
    if not n_d:
        return True
    odds = attack_odds(board, side, tuple(attackers), tuple(defenders))
    if odds.attacker_clears >= 0.55 / boldness:
        return True
    lost_a, lost_d = odds.attacker_expected_losses, odds.defender_expected_losses
    return lost_d * boldness >= lost_a and (n_a - lost_a) * boldness >= 1.4 * (n_d - lost_d)


def sure_to_clear(board: Board, side: str, attackers, defenders) -> bool:
    """This round very likely clears the area (P >= SURE). Expected hits below the
    defenders' number rule it out without the odds."""
    if fire(attackers, board.units[side].attack) < 6 * sum(defenders):
        return False
    return attack_odds(board, side, tuple(attackers), tuple(defenders)).attacker_clears >= SURE


def worth_a_look(plan: MovePlan, take, area: int) -> bool:
    """Cheap screen before the exact odds: our attack fire is at least half the defence's."""
    theirs = fire(plan.enemy[area], plan.board.units[plan.enemy_side].defence)
    return 2 * fire(take, plan.stats.attack) >= theirs


def attack_force(plan: "MovePlan", area: int, free_sources, must: bool, bold: float) -> list[int] | None:
    """The strongest units the sources' free counts can send into `area` within its room,
    or None when the plan should not attack: when `must` (the battle is on), only if this
    round is not already very likely to clear it; otherwise only on favourable odds."""
    pool = [sum(column) for column in zip(*free_sources)]
    take = strongest(plan.stats, pool, plan.room(area))
    own, enemy = plan.own[area], plan.enemy[area]
    if must:
        return None if sure_to_clear(plan.board, plan.side, own, enemy) else take
    if not worth_a_look(plan, take, area):
        return None
    total = [o + t for o, t in zip(own, take)]
    return take if favourable(plan.board, plan.side, total, enemy, bold) else None


def fire(counts, values) -> int:
    """Sum of the units' attack or defence values (expected hits x 6)."""
    return sum(map(mul, counts, values))


class MovePlan:
    """The moving side's units as planned so far, and the moves that get them there."""

    def __init__(self, state: GameState, rng: random.Random):
        self.state = state
        self.board = board = state.board
        self.rng = rng
        self.side = side = state.active_side
        self.stats = stats = board.units[side]
        self.enemy_side = other(side)
        self.enemy = state.units(self.enemy_side)
        self.own: list = list(state.units(side))  # tuples, replaced by lists once written
        self.contested = state.contested_areas()  # as the step began
        self._locked = frozenset(self.contested)
        self.arrived: dict[int, list[int]] = {}
        self.beaches = [list(c) for c in state.beaches] if side == ALLIES else []
        assert not any(stats.moves[i] for i in stats.exempt), "a mobile type outside G4 stacking"
        self.mobile = tuple(m > 0 for m in stats.moves)
        self.stacking = stats.stacks
        self.actions: list[a.Action] = []
        self._free: list[list[int] | None] = [None] * len(board.area_ids)  # cache, reset by moves
        self._none = [0] * len(stats.names)
        self._stacked: list[int | None] = [None] * len(board.area_ids)
        self._threat: dict[int, int] = {}

    # --- reading ---
    def free(self, area: int) -> list[int]:
        """Units that may still leave `area` this step (do not modify the list)."""
        cached = self._free[area]
        if cached is None:
            if not any(self.own[area]) or self.locked(area):
                cached = self._none
            else:
                arrived = self.arrived.get(area, self._none)
                cached = [n - m if ok else 0 for n, m, ok in zip(self.own[area], arrived, self.mobile)]
                if not any(cached):
                    cached = self._none
            self._free[area] = cached
        return cached

    def has_free(self, area: int) -> bool:
        cached = self._free[area]
        if cached is None:
            cached = self.free(area)
        return cached is not self._none

    def locked(self, area: int) -> bool:
        """G3: nobody leaves an area contested as the step began."""
        return area in self._locked

    def stacked(self, area: int) -> int:
        found = self._stacked[area]
        if found is None:
            counts = self.own[area]
            found = self._stacked[area] = sum(counts) - sum(counts[i] for i in self.stats.exempt) if any(counts) else 0
        return found

    def room(self, area: int) -> int:
        found = self._stacked[area]
        return self.board.stack - (self.stacked(area) if found is None else found)

    def threat(self, area: int) -> int:
        """Enemy attack fire in the areas next to `area` (the enemy does not move this step)."""
        found = self._threat.get(area)
        if found is None:
            values = self.board.units[other(self.side)].attack
            enemy = self.enemy
            found = self._threat[area] = sum(fire(enemy[n], values) for n in self.board.neighbours[area]
                                             if any(enemy[n]))
        return found

    def has_enemy(self, area: int) -> bool:
        return any(self.enemy[area])

    def enemy_here_own(self, area: int) -> bool:
        """Whether the moving side has land units in `area` as the step began."""
        return any(self.state.units(self.side)[area])

    # --- writing ---
    def move(self, src: int, dst: int, take, via: int | None = None) -> None:
        board, state = self.board, self.state
        take = tuple(take)
        losses = ()
        arriving = take
        if self.side == GERMANS:
            fighters = state.patrol[src] + state.patrol[dst] + (state.patrol[via] if via is not None else 0)
            if fighters:
                lost = combat.patrol_fire(self.rng, fighters, take, board.patrol_attack)
                losses = pairs_of(board, GERMANS, lost)
                arriving = tuple(t - x for t, x in zip(take, lost))
        ids = board.area_ids
        self.actions.append(a.Move(pairs_of(board, self.side, take), ids[src], ids[dst],
                                   via=ids[via] if via is not None else None, losses=losses))
        self._free[src] = self._free[dst] = None
        # only mobile units move, and every mobile type counts toward G4 (asserted in __init__)
        self._stacked[src] = self.stacked(src) - sum(take)
        self._stacked[dst] = self.stacked(dst) + sum(arriving)
        own_src, own_dst, arrived = self._writable(src), self._writable(dst), self._arrived(dst)
        for i, n in enumerate(take):
            if n:
                m = arriving[i]
                own_src[i] -= n
                own_dst[i] += m
                arrived[i] += m

    def _writable(self, area: int) -> list[int]:
        counts = self.own[area]
        if type(counts) is tuple:
            counts = self.own[area] = list(counts)
        return counts

    def _arrived(self, area: int) -> list[int]:
        found = self.arrived.get(area)
        if found is None:
            found = self.arrived[area] = [0] * len(self.mobile)
        return found

    def land(self, beach: int, dst: int, take) -> None:
        board = self.board
        self.actions.append(a.Move(pairs_of(board, ALLIES, tuple(take)), board.beach_names[beach], board.area_ids[dst]))
        self._free[dst] = None
        self._stacked[dst] = self.stacked(dst) + sum(take)
        own_dst, arrived = self._writable(dst), self._arrived(dst)
        for i, n in enumerate(take):
            self.beaches[beach][i] -= n
            own_dst[i] += n
            arrived[i] += n


def strongest(stats, counts, room: int, attacking: bool = True) -> list[int]:
    """Up to `room` of `counts`, the units that fire best first (armour leads)."""
    take = [0] * len(counts)
    left = room
    for i in _fire_order(stats, attacking):
        if left <= 0:
            break
        n = counts[i]
        if n:
            n = min(n, left)
            take[i] = n
            left -= n
    return take


_ORDERS: dict[tuple[int, bool], tuple[int, ...]] = {}


def _fire_order(stats, attacking: bool) -> tuple[int, ...]:
    key = (id(stats), attacking)
    order = _ORDERS.get(key)
    if order is None:
        values = stats.attack if attacking else stats.defence
        order = _ORDERS[key] = tuple(sorted(range(len(values)), key=lambda i: (-values[i], i)))
    return order


@lru_cache(maxsize=4)
def beaches_into(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per area: the beaches whose units land there."""
    return tuple(tuple(b for b, lands in enumerate(board.beach_lands) if area in lands)
                 for area in range(len(board.area_ids)))
