"""M309: polygons of two territories that cover the same area (islands in their sea zone, and
sea zones drawn inside another territory, aside).

Split from map_files: its island tests (geometry, with the `_overlap` kernel or numpy arrays) are
a module's worth on their own.
"""

from __future__ import annotations

from converter.check.geometry import Outline, polygon_within, polygons_overlap
from converter.check.rule import AT, hit, rule
from converter.check.rules.map_files import game_territories
from converter.findings import Severity

# M309's island test compares each pair's pieces (land's times sea's): at most this many in all
# per check (the real maps' islands need a few hundred); past it the pairs are reported as found
ISLAND_COMPARISONS = 50_000


@rule("M309", "map-files.overlapping-polygons", Severity.WARNING,
      "the polygons of {first!r} and {second!r} overlap{where}")
def overlapping_polygons(context):
    """Finds pairs of territories whose polygons in polygons.txt cover the same area.

    Why: A click in the shared area selects only one of them: TripleA 1.9 prefers a territory
    whose name does not start or end with `Sea Zone`, 2.x the one with the smaller bounding box;
    and where two land territories overlap, which owner's colour 2.x paints on top is not
    defined (both fills are drawn at one level).
    Two territories overlap here when a 3x3 pixel block lies inside both: borders traced on the
    same pixels or a pixel or two apart do not count, while a polygon pasted twice does. An
    island is not reported: a land territory each of whose overlapping polygons lies wholly
    inside a polygon of a sea territory (`water="true"` in the game XML), the layout the engine
    is written for, or overlaps only sea polygons of larger bounding boxes (an island across two
    sea zones, a coast drawn over its sea zone: 2.x selects the land there, and the sea is not
    filled); nor is a sea territory drawn wholly inside another territory (a convoy zone
    in its sea zone, a lake or a railway zone in its land: a click there selects the smaller,
    and sea is not filled, so nothing is hidden); for a map with no game XML (a skin), which
    cannot tell sea from land, any territory drawn wholly inside another. Nor is a name the
    game does not declare: the engine drops its outline as it loads the map (M303 reports such
    names). Most messages give a point inside both, `around (x,y)`. Where the polygons of one land
    territory that overlap another all lie wholly inside it (islands in a sea the game declares
    land), the message says so.

    Fix: Move the border points in polygons.txt so the two outlines meet instead of overlapping,
    and delete a polygon pasted under a second name.
    """
    if context.polygons is None:
        return
    scan = context.scan
    pairs: dict[tuple[str, str], tuple[int, int] | None] = dict(context.scanned_overlaps)
    # polygons the scan left out (a stray far-out point) are compared with the exact test
    shapes = [] if scan.scanned.all() else _outlines(context)
    left_out = [shape for shape, scanned in zip(shapes, scan.scanned.tolist()) if not scanned]
    # a polygon given twice under one name answers as once (a hostile file repeats hundreds)
    left_out, shapes = list(_distinct(left_out).values()), list(_distinct(shapes).values())
    for name, outline in left_out:
        for other_name, other in shapes:
            if other_name != name and polygons_overlap(outline, other):
                pairs.setdefault((min(name, other_name), max(name, other_name)), None)
    territories = game_territories(context)
    if territories is not None and pairs:  # the engine drops the outlines of other names (MapData.verifyKeys)
        known = set(territories)
        pairs = {pair: point for pair, point in pairs.items() if pair[0] in known and pair[1] in known}
    if not pairs:
        return  # (the usual map)
    islands = _islands(context, pairs)
    lines = {entry.name: entry.line for entry in context.polygons.entries}  # a name twice: its last entry's
    inside = _drawn_inside(context, [pair for pair in pairs if pair not in islands])
    for (first, second), point in sorted(pairs.items()):
        if (first, second) in islands:
            continue
        where = f" around ({point[0]},{point[1]})" if point is not None else ""
        if (first, second) in inside:  # islands drawn in a sea the game declares land (Diplomacy's seas)
            inner, outer, count = inside[(first, second)]
            where += f": {count} polygon{'s' * (count > 1)} of {inner!r} lie{'s' * (count == 1)} wholly inside " \
                     f"{outer!r}, which the game XML declares land, so 2.x fills both, either one on top: cut " \
                     f"them out of {outer!r} (or, if it is sea, declare it water=\"true\")"
        yield hit(file=context.polygons.path, line=lines.get(first), first=first, second=second, territory=first,
                  where=where, **({AT: (int(point[0]), int(point[1]))} if point is not None else {}))


def _islands(context, pairs) -> set[tuple[str, str]]:
    """The pairs, one of them a sea territory (water in the game XML), where one is drawn
    inside the other: each piece of the inner territory that overlaps the outer lies wholly
    inside one of the outer's pieces. An island in its sea zone, a convoy zone in its sea
    zone, a lake or a railway zone drawn inside its land: the engine is written for these
    layouts. A click there selects the inner one (2.x takes the smaller bounding box), and a
    sea zone is not filled, so nothing is hidden (only land drawn inside land is reported).
    Without a game XML (a map skin) which territories are sea is unknown: any pair counts."""
    model = context.model
    water = model.water if model is not None else None
    candidates = [(first, second) for first, second in pairs if water is None or first in water or second in water]
    if not candidates:
        return set()
    wanted = {name for pair in candidates for name in pair}
    # the other games of the map folder mostly ask the same: the polygons are the folder's, and
    # the key holds all else the answer depends on (the pairs in order, which of them are sea)
    key = ("M309 islands", tuple(candidates), None if water is None else frozenset(wanted & water))
    return context.folder_memo(key, lambda: frozenset(_islands_among(context, candidates, wanted, water)))


def _islands_among(context, candidates: list[tuple[str, str]], wanted: set[str], water: set[str] | None) -> set:
    """_islands' answer, worked out: `wanted` holds the names of the candidate pairs."""
    pieces: dict[str, list[Outline]] = {}
    # a polygon given twice under one name is compared once (a hostile file repeats hundreds)
    for name, outline in _distinct([(entry.name, Outline.of(polygon)) for entry in context.polygons.entries
                                    if entry.name in wanted for polygon in entry.polygons]).values():
        pieces.setdefault(name, []).append(outline)
    islands, budget = set(), ISLAND_COMPARISONS
    for first, second in candidates:
        # the sea around the other first (an island, the usual case), then the other way round
        sea_first = (first, second) if water is None or first in water else (second, first)
        for outer, inner in (sea_first, sea_first[::-1]):
            cost = len(pieces.get(inner, ())) * len(pieces.get(outer, ()))
            if cost > budget:
                continue  # a hostile file's thousands of pieces: reported as an overlap, not compared for hours
            budget -= cost
            overlapping = [piece for piece in pieces.get(inner, [])
                           if any(polygons_overlap(piece, s) for s in pieces[outer])]
            if overlapping and all(any(polygon_within(piece, s) for s in pieces[outer]) for piece in overlapping):
                islands.add((first, second))
                break
        else:  # not drawn inside: land over sea may still answer as the land everywhere they meet
            sea, land = sea_first
            cost = len(pieces.get(land, ())) * len(pieces.get(sea, ()))
            if water is None or land in water or cost > budget:
                continue
            budget -= cost
            if _land_selected(pieces.get(land, []), pieces.get(sea, [])):
                islands.add((first, second))
    return islands


def _drawn_inside(context, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[str, str, int]]:
    """For pairs of land territories where every overlapping polygon of one lies wholly inside
    a polygon of the other: (the inner, the outer, how many of its polygons overlap)."""
    model = context.model
    water = model.water if model is not None else None
    pairs = [pair for pair in pairs if water is not None and not (set(pair) & water)]
    if not pairs:
        return {}
    wanted = {name for pair in pairs for name in pair}
    pieces: dict[str, list[Outline]] = {}
    for name, outline in _distinct([(entry.name, Outline.of(polygon)) for entry in context.polygons.entries
                                    if entry.name in wanted for polygon in entry.polygons]).values():
        pieces.setdefault(name, []).append(outline)
    found, budget = {}, ISLAND_COMPARISONS
    for first, second in pairs:
        for outer, inner in ((first, second), (second, first)):
            cost = len(pieces.get(inner, ())) * len(pieces.get(outer, ()))
            if cost > budget:
                continue
            budget -= cost
            overlapping = [piece for piece in pieces.get(inner, [])
                           if any(polygons_overlap(piece, other) for other in pieces[outer])]
            if overlapping and all(any(polygon_within(piece, other) for other in pieces[outer])
                                   for piece in overlapping):
                found[(first, second)] = (inner, outer, len(overlapping))
                break
    return found


def _land_selected(land: list[Outline], sea: list[Outline]) -> bool:
    """Does 2.x select the land wherever it overlaps the sea? Its click test takes the polygon
    with the smaller bounding box (MapData.getTerritoryAt), and the sea is not filled: an island
    across two sea zones, or a coast drawn over its sea zone, shows and answers as the land."""
    pairs = [(piece, other) for piece in land for other in sea if polygons_overlap(piece, other)]
    return bool(pairs) and all(_box_area(piece.box) < _box_area(other.box) for piece, other in pairs)


def _box_area(box) -> int:
    return (box.right - box.left) * (box.bottom - box.top)  # java.awt.Polygon.getBounds' width x height


def _distinct(shapes: list[tuple[str, Outline]]) -> dict:
    """Each (name, polygon) once, in order of first appearance."""
    return {(name, tuple(outline.points)): (name, outline) for name, outline in shapes}


def _outlines(context) -> list[tuple[str, Outline]]:
    return [(entry.name, Outline.of(polygon)) for entry in context.polygons.entries for polygon in entry.polygons]
