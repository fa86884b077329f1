"""Whole games played by `policy` for both sides, with a seeded RNG.

`checked=True` runs every action through `rules.check` first (what the tests do); the
simulator's hot path skips it, the policy being legal by construction.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from converter.engine import actions as a
from converter.engine.board import ALLIES, Board, dday2_board
from converter.engine.policy import step_actions
from converter.engine.rules import check
from converter.engine.state import GameState, initial_state
from converter.engine.transitions import apply

MAX_STEPS = 10_000  # a game has ~120 steps; this only guards against a stuck policy


@dataclass(frozen=True)
class GameResult:
    winner: str
    rounds: int
    actions: int


def play_game(seed: int, board: Board | None = None, checked: bool = False,
              record: list[a.Action] | None = None, start: GameState | None = None) -> GameResult:
    rng = random.Random(seed)
    state = start or initial_state(board or dday2_board())
    count = 0
    for _ in range(MAX_STEPS):
        if state.winner is not None:
            return GameResult(state.winner, state.round, count)
        for action in step_actions(state, rng):
            if checked:
                check(action, state)
            state = apply(action, state)
            count += 1
            if record is not None:
                record.append(action)
    raise RuntimeError(f"game of seed {seed} did not end in {MAX_STEPS} steps ({state.where()})")


def final_state(seed: int, board: Board | None = None) -> GameState:
    """The last state of a checked game (for tests)."""
    rng = random.Random(seed)
    state = initial_state(board or dday2_board())
    while state.winner is None:
        for action in step_actions(state, rng):
            check(action, state)
            state = apply(action, state)
    return state


@dataclass(frozen=True)
class WinRate:
    games: int
    allied_wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.allied_wins / self.games if self.games else 0.0


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval (95% by default) for a binomial proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rate(games: int, seed: int, board: Board | None = None,
             progress: Callable[[int], None] | None = None) -> WinRate:
    board = board or dday2_board()
    master = random.Random(seed)
    wins = 0
    for _ in range(games):
        result = play_game(master.getrandbits(63), board)
        wins += result.winner == ALLIES
        if progress is not None:
            progress(1)
    low, high = wilson(wins, games)
    return WinRate(games, wins, low, high)
