"""Trace a label raster (runs) into one outline polygon per 4-connected piece of every label.

Outlines follow pixel edges, so they tile the plane exactly. They are then simplified
(Douglas-Peucker) chain by chain, where a chain is a stretch of boundary between the
same two labels: both neighbours use the very same simplified chain, so simplifying
opens no gap and makes no overlap between them.
"""

from __future__ import annotations

from collections import defaultdict

from converter.package import raster as r

Vertex = tuple[int, int]


class TraceError(ValueError):
    pass


def _edges(rows: list[r.Row]) -> dict[int, dict[Vertex, list[tuple[Vertex, int]]]]:
    """Directed boundary edges of every label, interior on the right (screen coordinates)."""
    edges: dict[int, dict[Vertex, list[tuple[Vertex, int]]]] = defaultdict(lambda: defaultdict(list))
    height = len(rows)
    for y in range(height + 1):
        upper = rows[y - 1] if y > 0 else []
        lower = rows[y] if y < height else []
        for x0, x1, above, below in r.row_pairs(upper, lower):
            if above == below:
                continue
            if below:
                edges[below][(x0, y)].append(((x1, y), above))
            if above:
                edges[above][(x1, y)].append(((x0, y), below))
    for y, row in enumerate(rows):
        for index, (x0, x1, label) in enumerate(row):
            left = row[index - 1][2] if index and row[index - 1][1] == x0 else 0
            right = row[index + 1][2] if index + 1 < len(row) and row[index + 1][0] == x1 else 0
            edges[label][(x0, y + 1)].append(((x0, y), left))
            edges[label][(x1, y)].append(((x1, y + 1), right))
    return edges


def _rings(outgoing: dict[Vertex, list[tuple[Vertex, int]]]) -> list[list[tuple[Vertex, int]]]:
    """Link edges into closed rings of (vertex, label across the edge leaving it)."""
    rings = []
    for start in sorted(outgoing):
        while outgoing[start]:
            ring: list[tuple[Vertex, int]] = []
            vertex, previous = start, None
            while True:
                choices = outgoing[vertex]
                if not choices:
                    break
                if len(choices) == 1 or previous is None:
                    chosen = choices[0]
                else:
                    # a pinch (two pieces touch at a corner): turn right, keeping pieces apart
                    dx_in, dy_in = vertex[0] - previous[0], vertex[1] - previous[1]

                    def turn(choice: tuple[Vertex, int]) -> int:
                        dx, dy = choice[0][0] - vertex[0], choice[0][1] - vertex[1]
                        return dx_in * dy - dy_in * dx

                    chosen = max(choices, key=turn)
                choices.remove(chosen)
                ring.append((vertex, chosen[1]))
                previous, vertex = vertex, chosen[0]
                if vertex == start:
                    break
            rings.append(ring)
    return rings


def _collinear(a: Vertex, b: Vertex, c: Vertex) -> bool:
    return (b[0] - a[0]) * (c[1] - b[1]) == (b[1] - a[1]) * (c[0] - b[0])


def _douglas_peucker(points: list[Vertex], tolerance: float) -> list[Vertex]:
    if len(points) <= 2:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    limit = tolerance * tolerance
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        worst, worst_index = -1.0, -1
        for index in range(first + 1, last):
            px, py = points[index]
            if length2:
                cross = (px - ax) * dy - (py - ay) * dx
                distance2 = cross * cross / length2
            else:
                distance2 = (px - ax) ** 2 + (py - ay) ** 2
            if distance2 > worst:
                worst, worst_index = distance2, index
        if worst > limit:
            keep[worst_index] = True
            stack += [(first, worst_index), (worst_index, last)]
    return [point for point, kept in zip(points, keep) if kept]


class _Chains:
    """Simplified chains, shared by the two labels on either side."""

    def __init__(self, tolerance: float):
        self.tolerance = tolerance
        self.done: dict[tuple[Vertex, ...], list[Vertex]] = {}

    def simplify(self, chain: list[Vertex]) -> list[Vertex]:
        forward = tuple(chain)
        backward = forward[::-1]
        key = min(forward, backward)
        simplified = self.done.get(key)
        if simplified is None:
            points = [key[0]] + [key[i] for i in range(1, len(key) - 1)
                                 if not _collinear(key[i - 1], key[i], key[i + 1])] + [key[-1]]
            simplified = _douglas_peucker(points, self.tolerance)
            self.done[key] = simplified
        return simplified if key == forward else simplified[::-1]


def _area2(points: list[Vertex]) -> int:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def _simplify_ring(ring: list[tuple[Vertex, int]], chains: _Chains) -> list[Vertex]:
    count = len(ring)
    cuts = [i for i in range(count) if ring[i][1] != ring[i - 1][1]]
    if not cuts:
        # a loop against one neighbour only: cut at its smallest vertex and the one opposite
        start = min(range(count), key=lambda i: ring[i][0])
        cuts = sorted({start, (start + count // 2) % count})
    result: list[Vertex] = []
    for index, cut in enumerate(cuts):
        end = cuts[(index + 1) % len(cuts)]
        span = (end - cut) % count or count
        chain = [ring[(cut + k) % count][0] for k in range(span + 1)]
        result += chains.simplify(chain)[:-1]
    return result


def trace(rows: list[r.Row], tolerance: float = 0.0) -> dict[int, list[list[Vertex]]]:
    """Outline polygons (cell-corner coordinates, clockwise on screen) of every label."""
    chains = _Chains(tolerance)
    polygons: dict[int, list[list[Vertex]]] = {}
    for label, outgoing in sorted(_edges(rows).items()):
        outlines = []
        for ring in _rings(outgoing):
            raw = [vertex for vertex, _ in ring]
            if _area2(raw) < 0:
                raise TraceError(f"label {label} has a hole (another territory inside it); "
                                 f"TripleA polygons cannot have holes")
            points = _simplify_ring(ring, chains) if tolerance > 0 else raw
            if len(points) < 3 or _area2(points) <= 0:
                points = [raw[i] for i in range(len(raw)) if not _collinear(raw[i - 1], raw[i], raw[(i + 1) % len(raw)])]
            outlines.append(points)
        polygons[label] = outlines
    return polygons
