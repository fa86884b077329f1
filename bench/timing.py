"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from typing import Callable


def best_of(function: Callable[[], object], repeat: int = 5, number: int = 1) -> float:
    """Best wall time of `number` calls, over `repeat` tries, in seconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best
