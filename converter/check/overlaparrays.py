"""The island tests of `geometry` (polygons_overlap, polygon_within) for long outlines, by
numpy arrays: what runs where the `_overlap` kernel is not built (no C compiler, or
DDAY2_PURE), with the same answers as geometry's Python functions.

Python tests each point against the edges of its row band, and each edge against the edges
of its grid cells, one pair per bytecode loop (a sea zone's coastline against its islands
took 0.4-0.7 s a game). Here the same pairs are gathered at once by sorting (a point with
every edge of its band, an edge with every edge sharing a cell) and tested in whole arrays.

Exactness: coordinates are limited to +-EXACT_LIMIT, as the kernel's are. In that range every
difference and product below is a whole number (or half of one) under 2**53, so float64
holds it exactly, and the one division rounds as Python's int / int does: the arrays
compute what Python computes, operation for operation. Beyond the limit the caller keeps
Python's arbitrary-precision integers.
"""

from __future__ import annotations

import numpy as np

from converter.check.geometry import MOST_CELLS, MOST_ROWS
from converter.check.scanlines import ragged_ranges

EXACT_LIMIT = 2**25  # as _overlap.c's LIMIT
PAIRS_AT_ONCE = 1 << 20  # candidate pairs per step: memory stays bounded whatever the input
BROADCAST_PAIRS = 1 << 14  # up to this many pairs, every pair is tested at once (no sorting)
INSIDE, OUTSIDE, ON_BORDER = 1, 0, -1


def outline_edges(coordinates) -> np.ndarray | None:
    """An outline's edges (`edges_of`) from its int64 x, y pairs (`Outline.coordinates`);
    None where there are none or one lies beyond EXACT_LIMIT."""
    if coordinates is None or not len(coordinates):
        return None
    points = np.frombuffer(coordinates, dtype=np.int64).reshape(-1, 2)
    if int(np.abs(points).max()) > EXACT_LIMIT:
        return None
    return edges_of(points.astype(np.float64))


def edges_of(points: np.ndarray) -> np.ndarray:
    """Edge i from vertex i to vertex i + 1, the last back to the first: (n, 4) x1 y1 x2 y2
    (geometry._edges). Vertex i is edges[i, :2]."""
    return np.concatenate((points, np.concatenate((points[1:], points[:1]))), axis=1)


def edges_reaching(edges: np.ndarray, left: float, top: float, right: float, bottom: float) -> np.ndarray:
    """The edges that reach into the box, borders included (geometry._edges_meeting; with
    left = -inf and right = inf, _edges_in_rows)."""
    x1, y1, x2, y2 = edges.T
    away = (((x1 < left) & (x2 < left)) | ((x1 > right) & (x2 > right))
            | ((y1 < top) & (y2 < top)) | ((y1 > bottom) & (y2 > bottom)))
    return edges[~away]


def _cells_reached(edges: np.ndarray, axis: int, size: float) -> tuple[np.ndarray, np.ndarray]:
    """The first and last cell (band, for axis 1) of `size` that each edge reaches along x
    (axis 0) or y (axis 1): geometry._cells' ranges."""
    ends = edges[:, axis], edges[:, axis + 2]
    return (np.floor_divide(np.minimum(*ends), size).astype(np.int64),
            np.floor_divide(np.maximum(*ends), size).astype(np.int64))


def _with_all(rows: int, partners: int) -> tuple[np.ndarray, np.ndarray]:
    """(starts, counts) for `_pair_steps` that pair each of `rows` with all `partners`."""
    return np.zeros(rows, dtype=np.int64), np.full(rows, partners, dtype=np.int64)


def _cell_size(edges: np.ndarray) -> int:
    """geometry._cell_size: twice the edges' mean extent, at least 4."""
    extent = np.maximum(np.abs(edges[:, 2] - edges[:, 0]), np.abs(edges[:, 3] - edges[:, 1]))
    return max(4, 2 * int(extent.sum()) // max(1, len(edges)))


def ray_casts(points: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """geometry._ray_cast of each point over all `edges`: INSIDE, OUTSIDE or ON_BORDER.

    Each point is paired only with the edges of its row band (those whose rows reach its
    row), and with the edges over more than MOST_ROWS bands: no other edge can be crossed by
    its ray or hold it. Each pair is tested once, so the crossings' parity is the ray cast's."""
    answers = np.full(len(points), OUTSIDE, dtype=np.int8)
    if not len(points) or not len(edges):
        return answers
    if len(points) * len(edges) <= BROADCAST_PAIRS:  # every pair at once: quicker than sorting them
        flips, on_edge = _ray_pairs(points[:, :1], points[:, 1:], *edges.T)
        answers[flips.sum(axis=1) % 2 == 1] = INSIDE
        answers[on_edge.any(axis=1)] = ON_BORDER
        return answers
    size = float(_cell_size(edges))
    low, high = _cells_reached(edges, 1, size)
    tall = high - low + 1 > MOST_ROWS
    banded = np.flatnonzero(~tall)
    spans = (high - low + 1)[banded]
    # (band, edge) for every band each edge reaches, sorted by band
    entry_bands = ragged_ranges(low[banded], spans)
    order = np.argsort(entry_bands, kind="stable")
    entry_bands, entry_edges = entry_bands[order], np.repeat(banded, spans)[order]
    point_bands = np.floor_divide(points[:, 1], size).astype(np.int64)
    begin = np.searchsorted(entry_bands, point_bands, side="left")
    count = np.searchsorted(entry_bands, point_bands, side="right") - begin
    tall_edges = np.flatnonzero(tall)
    crossings = np.zeros(len(points), dtype=np.int64)
    border = np.zeros(len(points), dtype=bool)
    point_x, point_y = np.ascontiguousarray(points.T)
    edge_x1, edge_y1, edge_x2, edge_y2 = np.ascontiguousarray(edges.T)
    every_tall = _with_all(len(points), len(tall_edges))
    for partners, (starts, counts) in ((entry_edges, (begin, count)), (tall_edges, every_tall)):
        for pair_points, positions in _pair_steps(starts, counts):
            pair_edges = partners[positions]
            y, y1, y2 = point_y[pair_points], edge_y1[pair_edges], edge_y2[pair_edges]
            # a band is coarser than its edges: only the pairs whose edge reaches the point's row
            # can cross its ray or hold it
            reach = np.flatnonzero((np.minimum(y1, y2) <= y) & (y <= np.maximum(y1, y2)))
            pair_points, pair_edges = pair_points[reach], pair_edges[reach]
            flips, on_edge = _ray_pairs(point_x[pair_points], y[reach], edge_x1[pair_edges], y1[reach],
                                        edge_x2[pair_edges], y2[reach])
            crossings += np.bincount(pair_points[flips], minlength=len(points))
            border[pair_points[on_edge]] = True
    answers[crossings % 2 == 1] = INSIDE
    answers[border] = ON_BORDER
    return answers


def _pair_steps(starts: np.ndarray, counts: np.ndarray):
    """Every pair (i, p) with p in starts[i] .. starts[i] + counts[i] - 1, as two index
    arrays of at most PAIRS_AT_ONCE pairs per step (the memory stays bounded even where one
    point or edge has millions of partners: its partners are cut into pieces)."""
    owners = np.flatnonzero(counts)  # rows with no partner make no step
    starts, counts = starts[owners], counts[owners]
    if len(counts) and int(counts.max()) > PAIRS_AT_ONCE:
        pieces = -(-counts // PAIRS_AT_ONCE)
        offsets = ragged_ranges(np.zeros(len(counts), dtype=np.int64), pieces) * PAIRS_AT_ONCE
        owners, starts = np.repeat(owners, pieces), np.repeat(starts, pieces) + offsets
        counts = np.minimum(np.repeat(counts, pieces) - offsets, PAIRS_AT_ONCE)
    ends = np.cumsum(counts)
    first = 0
    while first < len(counts):
        done = int(ends[first - 1]) if first else 0
        last = max(first + 1, int(np.searchsorted(ends, done + PAIRS_AT_ONCE, side="right")))
        yield np.repeat(owners[first:last], counts[first:last]), ragged_ranges(starts[first:last], counts[first:last])
        first = last


def _ray_pairs(x, y, x1, y1, x2, y2) -> tuple[np.ndarray, np.ndarray]:
    """Per (point, edge) pair, from arrays that broadcast together: does the point's rightward
    ray cross the edge, and does the point lie on it (geometry._ray_cast's two tests, in its
    arithmetic)."""
    spans = (y1 > y) != (y2 > y)
    collinear = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) == 0
    on_spanning = spans & collinear & (((x1 <= x) & (x <= x2)) | ((x2 <= x) & (x <= x1)))
    on_level = (~spans & ((y1 == y) | (y2 == y)) & collinear & (np.minimum(x1, x2) <= x) & (x <= np.maximum(x1, x2))
                & (np.minimum(y1, y2) <= y) & (y <= np.maximum(y1, y2)))
    with np.errstate(divide="ignore", invalid="ignore"):  # y1 == y2 only where `spans` is False
        flips = spans & ~on_spanning & (x < x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return flips, on_spanning | on_level


def any_crossing(first: np.ndarray, second: np.ndarray) -> bool:
    """geometry._any_crossing: does an edge of `first` properly cross an edge of `second`?
    Two crossing segments share a point, in a grid cell both reach: only edges sharing a cell
    are paired (an edge over more than MOST_CELLS cells is paired with every edge)."""
    if not len(first) or not len(second):
        return False
    if len(first) * len(second) <= BROADCAST_PAIRS:
        return bool(_crossing(first[:, None, :], second[None, :, :]).any())
    size = float(_cell_size(second))
    (first_keys, first_owners), first_wide = _cell_entries(first, size)
    (second_keys, second_owners), second_wide = _cell_entries(second, size)
    order = np.argsort(second_keys, kind="stable")
    second_keys, second_owners = second_keys[order], second_owners[order]
    begin = np.searchsorted(second_keys, first_keys, side="left")
    count = np.searchsorted(second_keys, first_keys, side="right") - begin
    every_second = np.arange(len(second))
    # (edges of first, their partners' index arrays into second, which partners each pairs with)
    pending = ((first_owners, second_owners, begin, count),
               (first_wide, every_second, *_with_all(len(first_wide), len(second))),
               (np.arange(len(first)), second_wide, *_with_all(len(first), len(second_wide))))
    for ones, partners, starts, counts in pending:
        for owners, positions in _pair_steps(starts, counts):
            if _crossing(first[ones[owners]], second[partners[positions]]).any():
                return True
    return False


def _cell_entries(edges: np.ndarray, size: float) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray]:
    """(cell key, edge) for every cell each edge's box reaches, and the edges over more than
    MOST_CELLS cells apart. A key packs the cell's column and row into one int64."""
    (columns_low, columns_high), (rows_low, rows_high) = _cells_reached(edges, 0, size), _cells_reached(edges, 1, size)
    widths, heights = columns_high - columns_low + 1, rows_high - rows_low + 1
    wide = widths * heights > MOST_CELLS
    kept = np.flatnonzero(~wide)
    widths, heights = widths[kept], heights[kept]
    cells = widths * heights
    owners = np.repeat(kept, cells)
    within = ragged_ranges(np.zeros(len(kept), dtype=np.int64), cells)  # 0 .. cells - 1 per edge
    repeated_widths = np.repeat(widths, cells)
    columns = np.repeat(columns_low[kept], cells) + within % repeated_widths
    rows = np.repeat(rows_low[kept], cells) + within // repeated_widths
    # cells are at most EXACT_LIMIT / 4 across (size >= 4): a row times 2**32 plus a column is unique
    return (rows * (1 << 32) + columns, owners), np.flatnonzero(wide)


def _crossing(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Per pair: the segments' interiors cross at one point (geometry._segments_cross)."""
    a, b, c, d = first[..., :2], first[..., 2:], second[..., :2], second[..., 2:]
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    return (o1 * o2 < 0) & (o3 * o4 < 0)


def _orientation(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    ax, ay = a[..., 0], a[..., 1]
    return np.sign((b[..., 0] - ax) * (c[..., 1] - ay) - (b[..., 1] - ay) * (c[..., 0] - ax))


def overlap(first_edges: np.ndarray, second_edges: np.ndarray, shared: tuple[int, int, int, int]) -> bool:
    """geometry.polygons_overlap's Python steps for two outlines' edges (`outline_edges`)
    whose boxes share `shared` (left, top, right, bottom): an edge crossing in it, else a
    point of one strictly inside the other."""
    if any_crossing(edges_reaching(first_edges, *shared), edges_reaching(second_edges, *shared)):
        return True
    return _strictly_inside(first_edges, second_edges, shared) or _strictly_inside(second_edges, first_edges, shared)


def _strictly_inside(inner_edges: np.ndarray, outer_edges: np.ndarray, shared: tuple[int, int, int, int]) -> bool:
    """geometry._strictly_inside: a vertex or edge midpoint of the inner outline in the shared
    box lies inside the outer one, off its border."""
    left, top, right, bottom = shared
    starts = inner_edges[:, :2]
    # vertex, then midpoint, edge by edge: the order Python tests them in (the answer does not depend on it)
    points = np.stack((starts, (starts + inner_edges[:, 2:]) / 2), axis=1).reshape(-1, 2)
    x, y = points[:, 0], points[:, 1]
    points = points[(left <= x) & (x <= right) & (top <= y) & (y <= bottom)]
    rows = edges_reaching(outer_edges, -np.inf, top, np.inf, bottom)
    return bool((ray_casts(points, rows) == INSIDE).any())


def within(inner_edges: np.ndarray, outer_edges: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """geometry.polygon_within's Python steps, for two outlines' edges (`outline_edges`), the
    inner one's box `box` in the outer one's: every vertex inside or on the outer outline, one
    of them off it, and no edge of one crossing an edge of the other."""
    left, top, right, bottom = box
    places = ray_casts(inner_edges[:, :2], edges_reaching(outer_edges, -np.inf, top, np.inf, bottom))
    if (places == OUTSIDE).any() or not (places == INSIDE).any():
        return False
    return not any_crossing(inner_edges, edges_reaching(outer_edges, left, top, right, bottom))
