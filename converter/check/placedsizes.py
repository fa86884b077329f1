"""The sizes the engine draws the units a game places at its start or by triggers at, by
territory (M308).

A place point is the top-left corner of a unit image, which the engine draws at the image's
own size times units.scale (2.x UnitImageFactory), so where that unit's centre falls depends
on its image: a map may draw markers a few pixels wide in holding boxes a pixel or two wide.
Which units stand at which point later in a game is not known, but the starting placements
and those of triggers are: their images' sizes are the other sizes a territory's points are
tried at, as is the size place.txt was laid out for when map.properties draws units at another.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from converter.check.imagefiles import IMAGE_ERRORS, image_size
from converter.check.mapfiles import point_entry
from converter.check.model import ATTACHMENT_PATH, USUAL_PATHS, placement_parts
from converter.check.rules.images import drawing_player


def placed_unit_sizes(context, territories: set[str]) -> dict[str, set[tuple[int, int]]]:
    """For those of `territories` where the game places units at its start or a trigger places
    them: the sizes the
    engine draws those units at, where their image is the map's own file and its size is
    not the map's default unit size (an engine's image, or one that cannot be read, counts
    as the default size)."""
    model, properties = context.model, context.map_properties
    if model is None or properties is None or not territories:
        return {}
    placements = model.table(USUAL_PATHS["unitPlacement"])
    default, facts = properties.unit_size(), context.image_facts
    measured: dict[str, tuple[int, int] | None] = {}
    found: dict[str, set[tuple[int, int]]] = {}
    given = zip(placements.column("territory", ""), placements.column("unitType", ""), placements.column("owner"))
    for territory, unit, owner in (*given, *_placed_by_triggers(model, territories)):
        if territory not in territories:
            continue
        image = context.unit_image(drawing_player(owner), unit)
        if image is None or image.engine is not None:
            continue
        if image.path not in measured:
            measured[image.path] = _size(image.path, facts.get(image.path))
        size = measured[image.path]
        if size is not None:
            drawn = properties.drawn_image_size(*size)
            if drawn != default:
                found.setdefault(territory, set()).add(drawn)
    return found


def _placed_by_triggers(model, territories: set[str]) -> list[tuple[str, str, str]]:
    """(territory, unit type, player) of what triggers' `placement` options put in those
    territories (`[count:]territory:unit:unit...`), for the player the trigger is attached to."""
    chosen = [index for index, name in enumerate(model.option_names) if name == "placement"]
    if not chosen:
        return []
    targets = model.table(ATTACHMENT_PATH).column("attachTo", "")
    owners, values = model.option_owners, model.options.column_at("value", chosen, "")
    placed = []
    for index, value in zip(chosen, values):
        territory, units = placement_parts(value)
        if territory in territories:
            placed += [(territory, unit, targets[owners[index]]) for unit in units]
    return placed


def _size(path: str, known) -> tuple[int, int] | None:
    """The image's size as the engine reads it; None when it cannot be read (I404 says so)."""
    try:
        return image_size(path, known)
    except IMAGE_ERRORS:
        return None


class LaidOut(NamedTuple):
    """What place.txt's points were laid out for: units about `size` px wide, the first point of
    `count` of the `total` territories lying `offset` up and left of the territory's center."""

    size: int
    offset: tuple[int, int]
    count: int
    total: int


_LAYOUT_SHARE = 0.6  # of the territories with a center and a place point, at least 10
_LAYOUT_MISMATCH = 1 / 3  # the size laid out for differs from the drawn one by more than this part (the
# 1.x placement tool laid points 46 px apart whatever the units: 36 px units drawn so are fine)


def laid_out_for_another_size(context) -> LaidOut | None:
    """Where place.txt looks laid out for units of another size than map.properties draws: the
    first point of most territories lies half a unit up and left of the territory's center (as
    the map makers' placement tool puts it), for a unit size more than a third off the map's
    default one (units.scale changed afterwards, say). None otherwise. Once per map folder."""
    return context.folder_memo(("place.txt laid out for",), lambda: _laid_out(context))


def _laid_out(context) -> LaidOut | None:
    place, centers, properties = context.place, context.centers, context.map_properties
    if place is None or centers is None or properties is None:
        return None
    centre_of = {entry.name: entry.points[0] for entry in centers.entries if entry.points}
    offsets = Counter((centre[0] - entry.points[0][0], centre[1] - entry.points[0][1])
                      for entry in place.entries if entry.points and (centre := centre_of.get(entry.name)))
    total = sum(offsets.values())
    if total < 10:
        return None
    (across, down), _most = offsets.most_common(1)[0]
    near = sum(times for (x, y), times in offsets.items() if abs(x - across) <= 1 and abs(y - down) <= 1)
    # the tool (AutoPlacementFinder.getPlacementsStartingAtMiddle, 1.9 and 2.x) steps right from
    # center - (size / 2, size / 2) before its first try: center - (size / 2 - 1, size / 2)
    size, drawn = across + down + 1, max(properties.unit_size())
    if near < _LAYOUT_SHARE * total or min(across, down) < 4 or abs(size - drawn) <= _LAYOUT_MISMATCH * drawn:
        return None
    return LaidOut(size, (across, down), near, total)


def outside_at_every_size(context, found: list, with_layout: bool = True) -> list:
    """place_outside's rows (entry, point, count, distance, centre), keeping only the points
    whose unit is centred outside at the map's default size (as found) and also at each size
    its territory's starting units are drawn at (`placed_unit_sizes`), and at the size place.txt
    was laid out for where that is another (`laid_out_for_another_size`: M333 reports it once)."""
    sizes = placed_unit_sizes(context, {row[0].name for row in found})
    laid_out = laid_out_for_another_size(context) if found and with_layout else None
    if laid_out is not None:
        for row in found:
            sizes.setdefault(row[0].name, set()).add((laid_out.size, laid_out.size))
    if not sizes:
        return found
    from converter.check.outside import far_points  # numpy: map folders only

    width, height = context.map_properties.unit_size()
    # the rows' entries hold the units' centres at the default size: the points as written first
    written = {id(row[0]): tuple((x - width // 2, y - height // 2) for x, y in row[0].points)
               for row in found if row[0].name in sizes}
    tried = [(row[0], size) for row in found if row[0].name in sizes
             for size in ((width, height), *sorted(sizes[row[0].name]))]
    shifted = [point_entry(entry.name, entry.line, tuple((x + across // 2, y + down // 2)
                                                         for x, y in written[id(entry)]))
               for entry, (across, down) in tried]
    far = far_points(context.scan, context.polygon_layout, shifted, context.outline_tolerance)
    # per entry: its points (as written) far outside at each size tried, with the distance at the default size
    outside: dict[int, list[dict[tuple[int, int], float]]] = {}
    for (entry, (across, down)), points in zip(tried, far):
        outside.setdefault(id(entry), []).append({(x - across // 2, y - down // 2): distance
                                                  for (x, y), distance in points})
    kept = []
    for row in found:
        entry = row[0]
        if id(entry) not in outside:
            kept.append(row)
            continue
        at_default, *others = outside[id(entry)]
        points = [point for point in written[id(entry)]
                  if point in at_default and all(point in other for other in others)]
        if points:
            x, y = max(points, key=at_default.__getitem__)  # the farthest, as found
            kept.append((entry, (x, y), len(points), at_default[(x, y)], (x + width // 2, y + height // 2)))
    return kept
