"""M307, M308, M333: the points of centers.txt and place.txt that lie outside their territory,
where the engine draws a territory's name and its units (measured by `outside` in the map-file
thread; here judged and worded), and a place.txt laid out for units of another size."""

from __future__ import annotations

from converter.check.model import USUAL_PATHS
from converter.check.placedsizes import laid_out_for_another_size, outside_at_every_size
from converter.check.rule import AT, hit, hit_of, rule
from converter.check.rules.map_files import HIDDEN_BOX, game_territories, off_map
from converter.findings import Severity


@rule("M307", "map-files.center-outside", Severity.WARNING,
      "the center of {name!r} {point} lies {distance} px outside its polygon{inside}")
def center_outside(context):
    """Finds centers in centers.txt that lie outside their territory's polygons.

    Why: TripleA 1.9 draws movement arrows through the territories' centers, scrolls the map to a
    territory's center, and puts its capital and victory-city markers there when capitols.txt or
    vc.txt gives no point; the engine does not check where a center lies. A point on the outline or
    at most 2 px off it counts as inside (the outline is a pixel line drawn over both sides; the
    setting `outline-tolerance` or `--outline-tolerance` changes the 2 px), any of the territory's
    polygons will do (those of its first polygons.txt line), and the message gives the distance to
    the nearest edge and the territory the center lies in (or that it is off the map) (two
    territories each with its center in the other's have them swapped). A center at most half a unit
    beside a territory no polygon of which a unit fits in (an islet) is info: it marks the islet as
    well; so is the center of a holding box joined to nothing, at most 10 px each way (a capital's
    or a counter's box), which may point at what it stands for. A name that is no territory of a
    game of the map is left to M303: the engine drops it; and a territory wholly off the map to
    M312: it is never drawn, nor is anything at its center.

    Fix: Move the point in centers.txt inside the territory's outline in polygons.txt (TripleA's
    CenterPicker tool helps), or correct the outline if that is what is wrong.
    """
    found = context.centers_outside
    if found:
        found = _of_territories(context, found)
        hidden = _wholly_off_map(context, {row[0].name for row in found}) if found else set()
        found = [row for row in found if row[0].name not in hidden] if hidden else found
    under = territories_under(context, [row[1] for row in found]) if found else []
    lies_in = {row[0].name: at for row, at in zip(found, under)}
    size = context.map_properties.size() if found and context.map_properties is not None else None
    notes = []
    for row, at in zip(found, under):
        x, y = row[1]
        beyond = size is not None and not (0 <= x < size[0] and 0 <= y < size[1])
        note = f", in {at!r}" if at else ", off the map" if beyond else ""
        if at and lies_in.get(at) == row[0].name:  # each center in the other's territory
            note += f", whose center lies in {row[0].name!r}: the two are swapped"
        notes.append(note)
    small = _smaller_than_a_unit(context, {row[0].name for row in found}) if found else {}
    boxes = _holding_boxes(context, {row[0].name for row in found}) if found else {}
    for row, finding, note in zip(found, _points_outside(context.centers, found, context.outline_tolerance), notes):
        name, distance = row[0].name, row[3]
        if name in boxes:  # a box joined to nothing: its center may point at what it stands for
            note += _BOX_NOTE.format(name, *boxes[name])
            finding.params["severity"] = Severity.INFO
        elif name in small and distance <= max(small[name][2:4]) / 2:  # beside an islet: marks it as well
            note += " ({!r} is smaller than one unit, {}x{} px: a center just beside it serves as well)".format(
                name, *small[name][:2])
            finding.params["severity"] = Severity.INFO
        finding.params["inside"] = note
        yield finding


@rule("M308", "map-files.place-outside", Severity.WARNING,
      "{count} of {total} place points of {name!r} draw their unit outside its polygon: the unit at {point}"
      "{farthest} is centred at {centre}, {distance} px outside{off_map}")
def place_outside(context):
    """Finds place.txt points whose units the engine draws centred outside their territory.

    Why: Each place point is the top-left corner of one unit image, drawn at the map's default unit
    size (`units.width` x `units.height`, 48 x 48, times `units.scale` from map.properties), so a
    unit whose centre falls outside the territory is drawn mostly over its neighbour or the sea, and
    players cannot tell whose it is; the engine does not check this. A point a few pixels outside
    the outline is fine when its unit still sits inside (a small box's points are best placed up and
    left of it), and a unit centred at most 2 px off the outline counts as inside
    (`outline-tolerance` changes that, as for M307); a territory wholly off the map is never drawn,
    so its units are not reported (M312 is), nor are those of a name that is no territory (M303 is).
    The engine draws each image at its own size, so where the game places units at its start, or a
    trigger's `placement` does, whose images (the map's own) have another size, a point is reported
    only when those units too would be centred outside (a holding box a pixel wide can hold 3 x 3 px
    markers). Nor is an impassable territory (`isImpassable`), or one joined to nothing and owned by
    no one, that no unit is placed in, at the start or by a trigger's `placement`: nothing can enter
    it, so no unit is ever drawn there. One finding per place.txt line gives how many of its units
    fall outside, the farthest of them (a digit lost, `340` for `3400`, shows there) and how far its
    centre lies from the outline (and when that is off the map: wholly, or mostly hidden). A
    territory no polygon of which is as wide and as high as one unit (a small island, each islet of
    an archipelago) holds no unit inside it: a unit beside it (centred at most a unit's size off, as
    a ring of units around an islet is, or covering a corner of it) is info. The message names the
    territory the unit is drawn over; one drawn near over no territory (the map's artwork beside a
    narrow pass, at most a unit's size off) is not taken for another's unit, and is info, as is a
    unit on a holding box joined to nothing, at most 10 px each way (a marker: nothing moves there).
    The rest are judged by the squares the units are drawn in, as players see them: a warning where
    a unit lies over another territory that could hold it for at least half its area (other land,
    for a land territory's unit; any territory for a sea zone's), or apart from its own; info where
    every unit of the line still lies a quarter over its own territory (drawn across its border),
    where it touches it (beside its coast), or where the territory is too small for its points'
    units (a row beside an islet).

    Fix: Move those points in place.txt so each unit image (its top-left corner at the point)
    sits inside the territory's outline in polygons.txt; TripleA's PlacementPicker tool shows
    the unit squares as you place them.
    """
    if context.model is None and context.target.xml is not None:
        return  # a game XML that cannot be read: what its units are drawn at is unknown (the others say)
    point_file, found, tolerance = context.place, context.place_outside, context.outline_tolerance
    if found:
        found = outside_at_every_size(context, _where_units_can_be(context, _of_territories(context, found)))
    path = point_file.path if found else None
    hidden = _wholly_off_map(context, {row[0].name for row in found}) if found else set()
    size = context.map_properties.size() if found and context.map_properties is not None else None
    small = _smaller_than_a_unit(context, {row[0].name for row in found}) if found else {}
    boxes = _holding_boxes(context, {row[0].name for row in found}) if found else {}
    over = territories_under(context, [row[4] for row in found]) if found else []
    unit_size = context.map_properties.unit_size() if found and context.map_properties is not None else (48, 48)
    drawn = None  # M308's lookups, made at the first line judged by its squares
    for (entry, (x, y), count, distance, (across, down)), under in zip(found, over):
        name = entry.name
        if name in hidden:
            continue  # never drawn (M312 says so)
        beyond = size is not None and not (0 <= across < size[0] and 0 <= down < size[1])
        note, severity = "", None
        if beyond:
            note = ", off the map: it is never seen" if off_map(x, y, x + unit_size[0] - 1, y + unit_size[1] - 1,
                                                               *size) \
                else ", centred off the map: it is mostly hidden"
        if name in boxes:  # a box joined to nothing: what stands there is a marker
            note += _BOX_NOTE.format(name, *boxes[name])
            severity = Severity.INFO
        elif name in small and not beyond and (distance <= max(small[name][2:4]) or
                                             _touches(small[name][4], (x, y), unit_size)):
            # the unit overlaps the territory, which no unit fits in: as near as it can be
            note += " ({!r} is smaller than one unit, {}x{} px against {}x{}: its units cannot sit inside " \
                    "it)".format(name, *small[name][:4])
            severity = Severity.INFO
        elif under:
            note += f", over {under!r}"
        elif not beyond:  # over the map's picture alone, near: not taken for another territory's unit
            note += ", over no territory"
            severity = Severity.INFO if distance <= max(unit_size) else None
        if severity is None and not beyond and context.scan is not None:  # by what the unit squares cover
            drawn = drawn if drawn is not None else _Drawn(context)
            drawn_note, severity = _as_drawn(context, drawn, entry, unit_size)
            note += drawn_note
        yield hit_of(({"territory": name, "player": None, "name": name, "point": f"({x},{y})", "count": count,
                       "total": len(entry.points), "centre": f"({across},{down})",
                       "distance": shown_distance(distance, tolerance), AT: (int(x), int(y)), "off_map": note,
                       "farthest": ", the farthest," if count > 1 else "",
                       **({"severity": severity} if severity else {})},
                      path, entry.line, name, None))


_MOSTLY_OWN, _MOSTLY_OTHER = 0.25, 0.5  # shares of a unit's square: still its territory's; another's
_NEAR = 4  # px: a unit this near its territory's outline touches it (the outline tolerance and a border)


class _Drawn:
    """What M308 judges units by, found once per check: each territory's scanned polygons, the
    polygons of land and of every territory, place.txt's lines by number."""

    def __init__(self, context) -> None:
        import numpy as np  # map folders only

        scan, model = context.scan, context.model
        self.scan, self.water = scan, set(model.water) if model is not None else None
        names = np.asarray(scan.names, dtype=object)
        self.numbers_of: dict[str, list[int]] = {}
        for number, name in enumerate(scan.names):
            self.numbers_of.setdefault(name, []).append(number)
        known = set(model.territories) if model is not None else set()
        self.holders = np.flatnonzero([name in known for name in names]).astype(np.int64)
        self.land = np.flatnonzero([name in known and name not in (self.water or ()) for name in names]).astype(
            np.int64)
        self.names = names
        self.lines = {each.line: each for each in context.place.entries}

    def own(self, name: str):
        import numpy as np

        return np.asarray(self.numbers_of.get(name, ()), dtype=np.int64)

    def others(self, name: str):
        """The polygons of the territories that could hold `name`'s units: any other territory's
        for a sea zone, other land's for land."""
        numbers = self.holders if name in self.water else self.land
        return numbers[self.names[numbers] != name]


def _as_drawn(context, drawn: "_Drawn", entry, unit_size: tuple[int, int]) -> tuple[str, Severity | None]:
    """The note and severity (None: the rule's, a warning) of a line whose units are centred
    outside, by the unit squares as drawn (top-left at each point, the map's unit size): a
    warning where a unit lies at least half over another territory that could hold it (other
    land for a land territory's unit, any territory for a sea zone's), and twice as much as over
    its own, or apart from its own; info where every unit still lies a quarter over its own
    territory, or touches it (beside its coast), or stands in a row beside a territory too small
    to hold its points' units. Without a game XML only the quarter is known."""
    from converter.check.landcover import polygon_shares  # numpy: map folders only

    scan, name = drawn.scan, entry.name
    width, height = unit_size
    written = drawn.lines.get(entry.line, entry)  # the line as place.txt writes it (found rows hold centres)
    squares = [(int(x), int(y), int(x) + width, int(y) + height) for x, y in written.points]
    if not squares or width <= 0 or height <= 0:
        return "", None
    own_polygons = drawn.own(name)
    own = polygon_shares(scan, own_polygons, squares)
    if drawn.water is not None:
        other = polygon_shares(scan, drawn.others(name), squares)
        over = [at for at in range(len(squares)) if other[at] >= _MOSTLY_OTHER and other[at] >= 2 * own[at]]
        if over:
            at = max(over, key=other.__getitem__)
            kind = "territory" if name in drawn.water else "land territory"
            return f"; {int(other[at] * 100)}% of the unit at ({squares[at][0]},{squares[at][1]}) lies over another " \
                   f"{kind}", None
    worst = min(range(len(squares)), key=own.__getitem__)
    if own[worst] >= _MOSTLY_OWN:
        return f" (but each of its units lies at least {int(own[worst] * 100)}% over {name!r}: drawn across its " \
               "border)", Severity.INFO
    if drawn.water is None:
        return "", None  # which territories are sea is unknown (no game XML): nothing more to judge by
    near = [share > 0 for share in polygon_shares(scan, own_polygons, [_grown(each, _NEAR, _NEAR) for each in squares])]
    if all(near):
        return f" (but it touches {name!r}: drawn beside it)", Severity.INFO
    layout = context.polygon_layout
    box = outline_box(context, name) if layout is not None and name in layout.first else None
    if _in_a_row_beside(scan, own_polygons, box, squares, near, width, height):
        return f" ({name!r} is too small for its {len(squares)} units: they stand in a row beside it)", Severity.INFO
    return "; it lies apart from its territory", None


def _grown(square, across: int, down: int):
    left, top, right, bottom = square
    return left - across, top - down, right + across, bottom + down


def _in_a_row_beside(scan, own_polygons, box, squares, near: list[bool], width: int, height: int) -> bool:
    """Is the territory too small for its points' units (its area below theirs), and every unit
    within a unit's size of it, or of a unit that is (a row or ring beside an islet)?"""
    from converter.check.landcover import polygon_shares

    if not len(own_polygons) or box is None:
        return False
    area = polygon_shares(scan, own_polygons, [box])[0] * (box[2] - box[0]) * (box[3] - box[1])
    if area >= len(squares) * width * height:
        return False
    reached = [share > 0 or close for share, close in zip(
        polygon_shares(scan, own_polygons, [_grown(each, width, height) for each in squares]), near)]
    grew = True
    while grew:  # a unit within a unit's size of one that is reached is reached
        grew = False
        for at, square in enumerate(squares):
            if not reached[at] and any(reached[other] and _within(square, squares[other], width, height)
                                       for other in range(len(squares))):
                reached[at] = grew = True
    return all(reached)


def _within(one, other, width: int, height: int) -> bool:
    """Are the two squares at most a unit's size apart, across and down?"""
    return one[0] - other[2] <= width and other[0] - one[2] <= width and one[1] - other[3] <= height \
        and other[1] - one[3] <= height


def territories_under(context, centres: list[tuple[int, int]]) -> list[str | None]:
    """The territory each point lies in (the first polygon holding it, in polygons.txt's order,
    of a territory of the map's games: the engine drops the lines of other names), or None."""
    scan = context.scan
    if scan is None or not centres:
        return [None] * len(centres)
    import numpy as np  # map folders only

    territories = game_territories(context)
    known = None if territories is None else set(territories) | context.sibling_territories
    boxes, found = scan.boxes, []
    for x, y in centres:
        near = np.flatnonzero((boxes[:, 0] <= x) & (x <= boxes[:, 2]) & (boxes[:, 1] <= y) & (y <= boxes[:, 3])
                              & scan.scanned)
        numbers = scan.polygon_index[near]
        inside = scan.contains(numbers, np.full(len(near), x), np.full(len(near), y)) if len(near) else []
        found.append(next((scan.names[number] for number, hit in zip(numbers, inside)
                           if hit and (known is None or scan.names[number] in known)), None))
    return found


def _smaller_than_a_unit(context, names: set[str]) -> dict[str, tuple]:
    """Those of `names` no polygon of which (an island of an archipelago, say) is as wide and as
    high as a unit at the map's default size: name -> (width, height of its largest polygon's
    box, unit width, unit height, its polygons' boxes)."""
    layout = context.polygon_layout
    if layout is None or context.map_properties is None:
        return {}
    unit_width, unit_height = context.map_properties.unit_size()
    boxes, small = context.scan.boxes, {}
    for name in names & layout.first.keys():
        _entry, start, count = layout.first[name]
        parts = boxes[start:start + count].tolist()
        sizes = [(right - left, bottom - top) for left, top, right, bottom in parts]
        if all(width < unit_width or height < unit_height for width, height in sizes):
            width, height = max(sizes, key=lambda size: size[0] * size[1])
            small[name] = (width, height, unit_width, unit_height, parts)
    return small


_BOX_NOTE = " ({!r} is a holding box, {}x{} px and joined to nothing: nothing moves there, so this is a marker)"


def _holding_boxes(context, names: set[str]) -> dict[str, tuple[int, int]]:
    """Those of `names` joined to no territory whose polygons' box is at most HIDDEN_BOX px each
    way (a map's counters and capital boxes): name -> (width, height)."""
    layout, model = context.polygon_layout, context.model
    if layout is None or model is None or model.has_grid:
        return {}
    neighbours, found = model.neighbours(), {}
    for name in names & layout.first.keys():
        if neighbours.get(name):
            continue
        left, top, right, bottom = outline_box(context, name)
        if right - left <= HIDDEN_BOX and bottom - top <= HIDDEN_BOX:
            found[name] = (right - left, bottom - top)
    return found


def _touches(parts: list, corner: tuple[int, int], unit_size: tuple[int, int]) -> bool:
    """Does the unit drawn with its top-left corner at `corner` cover part of one of the boxes
    (a polygon no unit fits in, so its box is near enough its outline)?"""
    x, y = corner
    return any(left <= x + unit_size[0] - 1 and x <= right and top <= y + unit_size[1] - 1 and y <= bottom
               for left, top, right, bottom in parts)


def _where_units_can_be(context, found: list) -> list:
    """The rows of `found` (an entry first) but those of territories no unit can reach: no unit
    is placed there, at the start or by a trigger's `placement` (`[count:]territory:unit:...`),
    and it is impassable, or joined to nothing and owned by no one (nobody places units there)."""
    model = context.model
    if model is None:
        return found
    names = {row[0].name for row in found}
    unreachable = model.impassable & names
    neighbours = model.neighbours()
    cut_off = {name for name in names if not neighbours.get(name)}
    if cut_off:
        owned = set(model.table("initialize/ownerInitialize/territoryOwner").column("territory", ""))
        unreachable |= cut_off - owned
    if not unreachable:
        return found
    given = set(model.table(USUAL_PATHS["unitPlacement"]).column("territory", ""))
    given.update(part for value in model.option_values("placement") for part in value.split(":"))
    empty = unreachable - given
    return [row for row in found if row[0].name not in empty]


def _wholly_off_map(context, names: set[str]) -> set[str]:
    """Those of `names` whose polygons (their first polygons.txt line's) lie wholly off the map
    (its size in map.properties): the engine never draws them."""
    properties = context.map_properties
    size = properties.size() if properties is not None else None
    layout = context.polygon_layout
    if size is None or layout is None:
        return set()
    width, height, hidden = *size, set()
    for name in names & layout.first.keys():
        if off_map(*outline_box(context, name), width, height):
            hidden.add(name)
    return hidden


def outline_box(context, name: str) -> list[int]:
    """[left, top, right, bottom] of the box around a territory's polygons (its first
    polygons.txt line's, as the engine reads them)."""
    _entry, start, count = context.polygon_layout.first[name]
    boxes = context.scan.boxes[start:start + count]
    return boxes[:, :2].min(axis=0).tolist() + boxes[:, 2:].max(axis=0).tolist()


def _of_territories(context, found: list) -> list:
    """The rows of `found` (an entry first) whose name is a territory of a game of the map: the
    engine drops the others as it loads the map (M303 reports them)."""
    territories = game_territories(context)
    if territories is None:
        return found
    known = set(territories)
    if all(row[0].name in known for row in found):
        return found
    known |= context.sibling_territories
    return [row for row in found if row[0].name in known]


def _points_outside(point_file, found, tolerance: float):
    """A place.txt can put hundreds of points outside: each hit built as a dict display."""
    path = point_file.path if found else None
    for entry, (x, y), count, distance in found:
        name = entry.name
        yield hit_of(({"territory": name, "player": None, "name": name, "point": f"({x},{y})", "count": count,
                       "total": len(entry.points), "distance": shown_distance(distance, tolerance),
                       AT: (int(x), int(y))}, path, entry.line, name, None))


def shown_distance(distance: float, tolerance: float) -> int | float | str:
    """The distance in whole pixels, or with as many decimals (up to 3) as it takes to show it
    beyond the tolerance: 3.4 px outside with a tolerance of 3 is not "3 px outside"."""
    if round(distance) > tolerance:
        return round(distance)
    for digits in (1, 2, 3):
        if round(distance, digits) > tolerance:
            return round(distance, digits)
    return f"more than {tolerance:g}"


@rule("M333", "map-files.place-laid-out-for-another-size", Severity.INFO,
      "place.txt looks laid out for units of about {size} px: in {count} of {total} territories the first point "
      "lies ({across},{down}) px up and left of the center, half such a unit, but map.properties draws units at "
      "{width}x{height}{effect}")
def place_laid_out_for_another_size(context):
    """Finds a place.txt laid out for units of another size than map.properties draws.

    Why: A place point is the top-left corner of a unit image, and the map makers' placement
    tool puts each territory's first point half a unit up and left of its center, for the unit
    size it was given. When most territories' first points lie so for a size more than a
    third off the one map.properties gives (`units.width`, `units.height`, times
    `units.scale`, changed after the points were made, say), every unit is drawn off the spot
    meant for it: up and left for smaller units, down and right for larger. The finding is a
    warning when some units are drawn outside their territory for it; M308 leaves out those
    that would sit inside at the size laid out for, and reports the others.

    Fix: Make place.txt again with the placement tool at the unit size the map draws, or set
    `units.scale` (or `units.width` and `units.height`) back to the size the points were made for.
    """
    laid_out = laid_out_for_another_size(context)
    if laid_out is None:
        return
    rows = context.place_outside
    moved = len(outside_at_every_size(context, rows, with_layout=False)) - len(outside_at_every_size(context, rows)) \
        if rows else 0
    width, height = context.map_properties.unit_size()
    effect = (f": the units of {moved} place.txt line{'s' * (moved != 1)} are drawn outside their territory for it "
              "(M308 leaves those out)") if moved > 0 else ""
    yield hit(file=context.place.path, line=None, size=laid_out.size, count=laid_out.count, total=laid_out.total,
              across=laid_out.offset[0], down=laid_out.offset[1], width=width, height=height, effect=effect,
              **({"severity": Severity.WARNING} if moved > 0 else {}))
