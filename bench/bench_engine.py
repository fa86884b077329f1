"""Engine speed: exact 8 v 8 odds against a 10,000-trial Monte-Carlo of the same battle, and
whole-game simulations per second (target >= 100 on one core)."""

from __future__ import annotations

import time

ATTACK = [1, 1, 1, 2, 2, 3, 3, 3]  # 3 infantry, 2 artillery, 3 armour attacking
DEFENCE = [2, 2, 2, 2, 2, 3, 3, 1]  # 3 infantry, 2 artillery, 2 armour, 1 blockhouse defending


def _per_call(function, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def run() -> list[str]:
    from converter.engine.odds import monte_carlo_round, one_round, rounds
    from converter.engine.simulate import play_game

    exact = _per_call(lambda: one_round(ATTACK, DEFENCE), 2000)
    sampled = _per_call(lambda: monte_carlo_round(ATTACK, DEFENCE, 10_000, seed=1), 5)
    gap = max(abs(one_round(ATTACK, DEFENCE).to_dict()[k] - v)
              for k, v in monte_carlo_round(ATTACK, DEFENCE, 10_000, seed=1).to_dict().items())
    ten = _per_call(lambda: rounds([(a, 2) for a in ATTACK], [(1, d) for d in DEFENCE], 10), 20)
    play_game(0)  # warm the caches (board, distances)
    games = 60
    start = time.perf_counter()
    for seed in range(games):
        play_game(seed)
    per_second = games / (time.perf_counter() - start)
    return [
        f"exact 8v8 one round: {exact * 1e6:.1f} us; Monte-Carlo 10,000 trials: {sampled * 1e3:.1f} ms; "
        f"ratio {sampled / exact:.0f}x (target >= 100x); largest MC error {gap:.4f}",
        f"exact 8v8 over 10 rounds (joint distribution): {ten * 1e3:.2f} ms",
        f"whole games: {per_second:.0f} games/s on one core (target >= 100)",
    ]
