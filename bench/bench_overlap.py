"""M309's overlap and island tests on two sea zones sharing a coastline of 2,000 edges (the
expensive case: their boxes overlap, nothing crosses) and an island in one of them: the
`_overlap` kernel, numpy's arrays (`overlaparrays`, where the kernel is not built) and the
Python path's grid and bands, against testing every pair of edges (the Python path before
them) measured in the same run."""

from __future__ import annotations

import random
from contextlib import nullcontext
from unittest import mock

from bench.timing import best_of
from converter.check import geometry
from converter.check.accel import accelerator
from converter.check.geometry import Outline


def seas() -> tuple[Outline, Outline, Outline]:
    """Two sea zones above and below one traced coastline, and an island in the upper one."""
    rng, coast, y = random.Random(7), [], 1000
    for step in range(2000):
        y = min(1400, max(600, y + rng.randint(-3, 3)))
        coast.append((step * 3, y))
    north = Outline.of([*coast, (coast[-1][0], 0), (0, 0)])
    south = Outline.of([*coast, (coast[-1][0], 2000), (0, 2000)])
    island = Outline.of([(3000, 200), (3040, 200), (3060, 240), (3040, 280), (3000, 280)])
    return north, south, island


def run() -> list[str]:
    north, south, island = seas()
    cases = (("neighbours", geometry.polygons_overlap, (north, south)),
             ("island within", geometry.polygon_within, (island, north)),
             ("island overlap", geometry.polygons_overlap, (island, north)))
    lines = []
    for name, test, pair in cases:
        answers, times = [], []
        no_kernel, no_arrays = {"_kernel_answer": lambda *_: None}, {"_BY_ARRAYS": 10**18}
        ways = [("kernel", {}), ("arrays", no_kernel), ("Python", {**no_kernel, **no_arrays}),
                ("every pair", {**no_kernel, **no_arrays, "_EVERY_PAIR": 10**12})]
        if accelerator("_overlap") is None:
            ways = ways[1:]
        for _way, patches in ways:
            with mock.patch.multiple(geometry, **patches) if patches else nullcontext():
                answers.append(test(*pair))
                times.append(best_of(lambda: test(*pair), repeat=3, number=1))
        assert len(set(answers)) == 1, f"{name}: the ways disagree: {answers}"
        peer = times[-1]
        lines.append(f"{name} ({answers[0]}): " + ", ".join(
            f"{way} {seconds * 1e3:.3f} ms ({peer / seconds:.0f}x)" for (way, _), seconds in zip(ways, times)))
    return lines
