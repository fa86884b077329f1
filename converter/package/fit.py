"""Fit the seeds until the partition's adjacency equals the model's (a dev tool).

`python3 -m converter.package.fit [MODEL_DIR]` rewrites the `weight` and `shift` lines
of geography.toml; the towns' real positions are never changed and each must stay in
its own area. Each round pulls together (and grows) both areas of every missing border
and pushes apart (and shrinks) both areas of every extra one, which flips the offending
corner of the partition; the step shrinks when progress stalls.
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

from converter.model import load_ruleset
from converter.model.types import Ruleset
from converter.package import geometry as g
from converter.package.geography import GEOGRAPHY_FILE, Geography, load_geography

SMALLEST_SHARE = 0.5  # of the mean area


def _with(geo: Geography, state: dict[int, list[float]]) -> Geography:
    return replace(geo, seeds=tuple(
        replace(seed, weight=round(state[seed.area][0], 2),
                shift=(round(state[seed.area][1], 2), round(state[seed.area][2], 2)))
        for seed in geo.seeds))


def _step(geo: Geography, state: dict[int, list[float]], found: list[g.Mismatch], step: float) -> None:
    """Move seeds (km) and weights (km²) to undo each mismatch a little."""
    where = {seed.area: seed for seed in geo.seeds}

    def position(area: int) -> tuple[float, float]:
        seed, (_, dx, dy) = where[area], state[area]
        return seed.lon * 72.6 + dx, seed.lat * 111.2 + dy  # km, good enough for a direction

    for mismatch in found:
        areas = [area for area in mismatch.areas if area in state]
        if mismatch.kind in ("missing", "extra") and len(areas) == 2:
            sign = 1.0 if mismatch.kind == "missing" else -1.0
            (ax, ay), (bx, by) = position(areas[0]), position(areas[1])
            length = max(1e-6, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
            ux, uy = (bx - ax) / length, (by - ay) / length
            for area, direction in ((areas[0], 1.0), (areas[1], -1.0)):
                state[area][0] += sign * step * 4
                state[area][1] += sign * direction * ux * step * 0.3
                state[area][2] += sign * direction * uy * step * 0.3
        elif mismatch.kind == "town_outside" and areas:
            state[areas[0]][0] += step * 4
            state[areas[0]][1] *= 0.8
            state[areas[0]][2] *= 0.8
        elif mismatch.kind == "split" and areas:
            state[areas[0]][0] -= step * 2
        elif mismatch.kind == "no_land" and areas:
            state[areas[0]][0] += step * 8
        elif mismatch.kind == "small" and areas:
            state[areas[0]][0] += step * 3


def _small(geometry: g.AreaGeometry, share: float) -> list[g.Mismatch]:
    """Areas much smaller than the average: they would not hold their parts and units."""
    sizes = {area: stats.pixels for area, stats in geometry.stats.items() if area in geometry.towns}
    if not sizes:
        return []
    least = share * sum(sizes.values()) / len(sizes)
    return [g.Mismatch("small", (area,), f"area {area} is small") for area, size in sorted(sizes.items()) if size < least]


def fit(rules: Ruleset, geo: Geography, rounds: int = 3000, step: float = 1.5,
        log=lambda text: None) -> tuple[Geography, list[g.Mismatch]]:
    state = {seed.area: [seed.weight, *seed.shift] for seed in geo.seeds}
    land = g.land_map(geo)
    best = (10**9, {area: list(values) for area, values in state.items()})
    stalled = 0
    for round_ in range(rounds):
        current = _with(geo, state)
        geometry = g.area_geometry(current, land)
        found = g.mismatches(rules, current, geometry) + _small(geometry, SMALLEST_SHARE)
        if len(found) < best[0]:
            best, stalled = (len(found), {area: list(values) for area, values in state.items()}), 0
            log(f"round {round_}: {len(found)} mismatch(es), step {step:.2f}")
        else:
            stalled += 1
        if not found:
            break
        if stalled > 80:
            step, stalled = step * 0.7, 0
            state = {area: list(values) for area, values in best[1].items()}
            if step < 0.02:
                break
        _step(geo, state, found, step)
    final = _with(geo, best[1])
    return final, g.mismatches(rules, final, g.area_geometry(final, land))


def write_weights(path: Path, geo: Geography) -> None:
    """Rewrite only the seeds' `weight` and `shift` lines, keeping every comment and fact as written."""
    seeds = {seed.area: seed for seed in geo.seeds}
    lines, area, out = path.read_text(encoding="utf-8").splitlines(), None, []
    for line in lines:
        if line.startswith("[["):
            area = None
        match = re.match(r"area\s*=\s*(\d+)", line)
        if match:
            area = int(match.group(1))
        if area is not None and re.match(r"(weight|shift)\s*=", line):
            continue
        out.append(line)
        if area is not None and re.match(r"lat\s*=", line) and area in seeds:
            seed = seeds[area]
            if seed.weight:
                out.append(f"weight = {seed.weight:g}")
            if seed.shift != (0.0, 0.0):
                out.append(f"shift = [{seed.shift[0]:g}, {seed.shift[1]:g}]")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    from converter.paths import DDAY2_MODEL_DIR

    folder = Path(argv[0]) if argv else DDAY2_MODEL_DIR
    rules, geo = load_ruleset(folder), load_geography(folder)
    # rough fit on a coarse grid (4x fewer rows), then polish on the real one
    coarse = replace(geo, frame=replace(geo.frame, cell=geo.frame.cell * 2))
    rough, _ = fit(rules, coarse, log=print)
    fitted, left = fit(rules, replace(rough, frame=geo.frame), step=0.5, log=print)
    write_weights(folder / GEOGRAPHY_FILE, fitted)
    for mismatch in left:
        print(f"  left: {mismatch.message}")
    print(f"{len(left)} mismatch(es) left; weights written to {folder / GEOGRAPHY_FILE}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
