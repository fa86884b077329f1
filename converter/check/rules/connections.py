"""S203-S206: the game's connections and the territory graph they make: a territory joined to
itself or twice to another, one joined to none, and land cut off from the main map."""

from __future__ import annotations

from itertools import compress, count
from operator import eq

from converter.check.builtin_tables import TERRITORY_ATTACHMENT_CLASS, sets_a_default
from converter.check.model import ATTACH_KINDS, ATTACHMENT_PATH, TERRITORY, UNIT, USUAL_PATHS, placement_parts
from converter.check.rule import hit, rule, some_of
from converter.check.rules.structure import java_int
from converter.findings import Severity


@rule("S203", "structure.self-connection", Severity.ERROR, "territory {name!r} is connected to itself",
      beyond_engine=False)
def self_connection(context):
    """Finds a `<connection>` whose two ends are the same territory.

    Why: TripleA refuses to load the game ("Cannot connect a territory to itself"), so the map
    cannot be played at all until it is fixed.

    Fix: In the game XML's `<map>`, correct `t1` or `t2` to the neighbour that was meant, or delete
    the connection.
    """
    model = context.model
    if model is None:
        return
    t1s, t2s = model.connection_ends()
    for index in compress(count(), map(eq, t1s, t2s)):  # the comparing runs in C
        yield hit(line=model.connection_lines[index], name=t1s[index], territory=t1s[index])


@rule("S204", "structure.duplicate-connection", Severity.WARNING,
      "connection {t1!r} - {t2!r} is declared again (first on line {first}){more}")
def duplicate_connection(context):
    """Finds a connection declared again, with its two territories in the same or the reverse order.

    Why: It changes nothing in play: TripleA keeps each connection once (GameMap.addConnection adds
    both ways into sets), so the two territories are simply neighbours once. It is a warning only
    where it may hide a connection that was meant instead: a repeat written the same way whose
    lines, from the first copy to it, all join one territory (a copied line whose other end was not
    changed: `Silesia - Krakow` twice where `Silesia - Prague` was meant), and, with the map's
    polygons.txt, that territory borders one it is not joined to (40 px of outline within 6 px,
    named in the message). Else it is info: repeats
    written the other way round are one finding (a map listing each connection under both its
    territories, said so where they are many), and so are three or more repeats in a row of
    different connections (a block or a section pasted twice); another single repeat is its own.

    Fix: Delete the repeated `<connection>` from the game XML's `<map>` (`t1="A" t2="B"` and
    `t1="B" t2="A"` are the same connection), or correct it to the one that was meant.
    """
    model = context.model
    if model is None:
        return
    t1s, t2s = model.connection_ends()
    pairs = set(zip(t1s, t2s))
    if len(pairs) == len(t1s) and pairs.isdisjoint(zip(t2s, t1s)):
        return  # no pair twice, either way round (nor a self-connection): the usual case, settled in C
    first: dict[tuple[str, str], int] = {}  # each connection -> where it first appears
    repeats: list[tuple[int, bool]] = []  # (index, written the other way round than the first)
    for index, (t1, t2) in enumerate(zip(t1s, t2s)):
        if t1 == t2:
            continue
        key = (t1, t2) if t1 < t2 else (t2, t1)  # either direction is the same connection
        if key in first:
            repeats.append((index, t1s[first[key]] != t1))
        else:
            first[key] = index
    lines, start_of = model.connection_lines, context.source_lines.start_of
    earlier = {index: first[(t1s[index], t2s[index]) if t1s[index] < t2s[index] else (t2s[index], t1s[index])]
               for index, _other_way in repeats}
    reversed_repeats = [index for index, other_way in repeats if other_way]
    if reversed_repeats:  # one finding: written the other way round, they change nothing
        index = reversed_repeats[0]
        more = len(reversed_repeats) - 1
        # the map's habit where many are: each connection listed under both its territories
        habit = ": the map lists connections under both their territories" if \
            len(reversed_repeats) >= _BOTH_WAYS_AT_LEAST and 2 * len(reversed_repeats) >= len(first) else ""
        yield hit(line=lines[index], t1=t1s[index], t2=t2s[index], first=start_of(lines[earlier[index]]),
                  severity=Severity.INFO,
                  more=(f", as {'is' if more == 1 else 'are'} {more} more connection{'s' * (more > 1)} written the "
                        "other way round" if more else ", written the other way round") + habit +
                  ", which changes nothing in play")
    runs: list[list[int]] = []  # repeats on lines in a row: a block or a section pasted twice
    for index in (index for index, other_way in repeats if not other_way):
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    for run in runs:
        yield from _repeated_run(context, run, earlier, lines, t1s, t2s)


_BLOCK_AT_LEAST = 3  # from this many repeats in a row of different connections: one pasted block
_BOTH_WAYS_AT_LEAST = 10  # from this many reversed repeats, half the connections or more: the map's habit


def _repeated_run(context, run: list[int], earlier: dict[int, int], lines, t1s, t2s):
    """The findings of repeats on connections in a row: one for a block, else one each."""
    start, end, start_of = run[0], run[-1], context.source_lines.start_of
    if len(run) >= _BLOCK_AT_LEAST and len({earlier[index] for index in run}) == len(run):  # different ones
        in_order = all(earlier[index] == earlier[start] + at for at, index in enumerate(run))
        repeated = f"repeat lines {start_of(lines[earlier[start]])} to {start_of(lines[earlier[end]])}, a block " \
            "pasted twice" if in_order else "repeat connections declared earlier, a section listed twice"
        yield hit(line=lines[start], t1=t1s[start], t2=t2s[start], first=start_of(lines[earlier[start]]),
                  severity=Severity.INFO,
                  more=f", as are the {len(run) - 1} connections after it: lines {start_of(lines[start])} to "
                       f"{start_of(lines[end])} "
                       f"{repeated}")
        return
    for index in run:
        joined = _joined_throughout(index, earlier[index], t1s, t2s)
        unjoined = _unjoined_neighbour(context, joined) if joined else None
        if joined and unjoined == "":  # the map's outlines show every neighbour joined already
            joined = None
        more = "" if not joined else \
            f"; every connection from the first to this one joins {joined!r}: was another of its neighbours " \
            "meant?" if unjoined is None else \
            f"; every connection from the first to this one joins {joined!r}, which borders {unjoined!r} in " \
            "polygons.txt but is not joined to it: was that connection meant?"
        yield hit(line=lines[index], t1=t1s[index], t2=t2s[index], first=start_of(lines[earlier[index]]), more=more,
                  **({} if joined else {"severity": Severity.INFO}))


_SHARED_BORDER = 40  # px of outline within 6 px of each other: territories that border (corners touch less)


def _unjoined_neighbour(context, territory: str) -> str | None:
    """The territory `territory` shares the longest border with in polygons.txt without a
    connection to it (neither impassable); "" where it has none; None without the map's polygons."""
    scan, model = context.scan if context.target.map_dir is not None else None, context.model
    if scan is None or territory not in scan.names:
        return None
    from converter.check.landcover import border_pixels  # numpy: map folders only

    joined = model.neighbours().get(territory, set())
    candidates = set(model.territories) - joined - model.impassable - {territory}
    borders = border_pixels(scan, territory, candidates)
    longest = max(borders, key=borders.get, default=None)
    return longest if longest is not None and borders[longest] >= _SHARED_BORDER * 6 else ""


def _joined_throughout(index: int, first: int, t1s, t2s) -> str | None:
    """The territory of the repeat that every connection from its first copy to it joins (a line
    copied among one territory's connections), or None."""
    for territory in (t1s[index], t2s[index]):
        if all(territory in (t1s[at], t2s[at]) for at in range(first, index + 1)):
            return territory
    return None


@rule("S205", "structure.isolated-territory", Severity.WARNING, "territory {name!r} has no connection{unused}")
def isolated_territory(context):
    """Finds a territory that no connection joins to any other territory.

    Why: TripleA does not check this: it loads the game and the territory has no neighbours, so
    units cannot move into it or out of it. Usually a `<connection>` was forgotten or spells the
    name differently. A territory whose territory attachment sets `isImpassable` is not reported
    (nothing may enter it anyway), nor are maps laid out with a `<grid>` (the engine makes their
    connections). A territory where being cut off changes nothing is info: its territory attachment
    gives no production, victory city or resources to an owner (`production=0`, a `capital` or a
    territory effect give none there, nor does production no one owns), and no unit that can move
    (movement above 0) stands there at the start or is placed there by a trigger. Most such are
    labels, counters or holding boxes drawn on the map on purpose. From five such in a game they are
    one finding (a part of a larger map the game leaves out). With the map's polygons.txt, a
    territory whose polygons no joined territory's come within 3 px of is info too: a box drawn on
    its own, or in a row of such boxes (income, a timeline), not land whose border was forgotten.

    Fix: Add the missing `<connection t1="..." t2="..."/>` to the game XML's `<map>`, or correct
    the misspelled name in an existing one. For terrain nothing may enter, set `isImpassable`
    true in its territory attachment instead.
    """
    model = context.model
    if model is None or model.has_grid:
        return
    graph = model.neighbours()
    isolated = [name for name in model.territories if not graph.get(name) and name not in model.impassable]
    if not isolated:
        return
    in_play = _territories_in_play(model)
    unused = [name for name in isolated if name not in in_play]
    apart = _drawn_apart(context, [name for name in isolated if name in in_play], set(isolated))
    for name in isolated:
        if name in apart:  # a box drawn on its own: a counter, an income or timeline box, on purpose
            yield hit(line=model.first_line(TERRITORY, name), name=name, territory=name, severity=Severity.INFO,
                      unused=_APART_NOTE)
        elif name in in_play:
            yield hit(line=model.first_line(TERRITORY, name), name=name, territory=name, unused="")
        elif len(unused) < _MANY_UNUSED:
            yield hit(line=model.first_line(TERRITORY, name), name=name, territory=name, severity=Severity.INFO,
                      unused=_UNUSED_NOTE)
    if len(unused) >= _MANY_UNUSED:  # a part of the map the game leaves out, or a row of counters: one finding
        first, others = unused[0], unused[1:]
        yield hit(line=model.first_line(TERRITORY, first), name=first, territory=first, severity=Severity.INFO,
                  unused=f"; nor have {len(others)} more ({some_of([repr(name) for name in others], 3)}), where "
                         f"nothing the game puts can move and which yield no production or victory: labels, holding "
                         f"boxes or a part of the map this game leaves out, or empty spaces whose connections were "
                         f"forgotten?")


_APART_NOTE = ("; its polygons lie apart from every joined territory's in polygons.txt: a box drawn on its own "
               "(income, a counter, a timeline) that nothing is meant to enter or leave?")
_APART_GAP = 3  # px: polygons this near count as touching (borders traced a pixel or two apart)


def _drawn_apart(context, names: list[str], isolated: set[str]) -> set[str]:
    """Those of `names` whose polygons no polygon of a joined territory (one not `isolated`) comes
    within _APART_GAP px of (landcover.touched_squares on each one's box, grown by the gap): a
    row of boxes touching one another counts as apart; none without the map's polygons."""
    scan = context.scan if names and context.target.map_dir is not None else None
    if scan is None or not len(scan.names):
        return set()
    from converter.check.landcover import touched_squares  # numpy: map folders only
    from converter.check.rules.points_outside import outline_box

    layout = context.polygon_layout
    joined = set(scan.names) - isolated
    apart = set()
    for name in names:
        if layout is None or name not in layout.first:
            continue  # no polygon: M302's
        left, top, right, bottom = outline_box(context, name)
        square = (int(left) - _APART_GAP, int(top) - _APART_GAP, int(right) + _APART_GAP + 1,
                  int(bottom) + _APART_GAP + 1)
        if not touched_squares(scan, joined, [square])[0]:
            apart.add(name)
    return apart


_UNUSED_NOTE = ("; nothing the game puts there can move, and it yields no production or victory: a label or "
                "holding box, or an empty space whose connections were forgotten?")
_MANY_UNUSED = 5  # from this many cut-off territories that change nothing, they are one finding
# what a territory attachment gives that counts while nothing can enter or leave: income, victory
# cities, units made there (a `capital`, an effect or who may capture it do not: an unreachable
# capital is a known trick)
_GIVING = frozenset(("production", "productionOnly", "unitProduction", "victoryCity", "resources"))


def _territories_in_play(model) -> set[str]:
    """Territories where being cut off matters: a territory attachment gives them something
    other than defaults (production, victory city...), or units that can move (movement above
    0) stand there at the start or a trigger places them there. Labels, counters and holding
    boxes (units of movement 0 that triggers add and remove) are not."""
    mobile = _unit_types_that_move(model)
    placements = model.table(USUAL_PATHS["unitPlacement"])
    used = {territory for territory, unit in zip(placements.column("territory", ""), placements.column("unitType", ""))
            if unit in mobile}
    for value in model.option_values("placement"):
        territory, units = placement_parts(value)
        if any(unit in mobile for unit in units):
            used.add(territory)
    # production and victory cities count for an owner: an isolated territory no one owns pays no one
    owned = set(model.table("initialize/ownerInitialize/territoryOwner").column("territory", ""))
    owned.update(value.split(":", 1)[0].strip() for value in model.option_values("changeOwnership"))
    return used | (_attached_with_effect(model) & owned)


def _unit_types_that_move(model) -> set[str]:
    """Unit types whose attachment sets a movement above 0 (the default is 0)."""
    attachments = model.table(ATTACHMENT_PATH)
    targets, types = attachments.column("attachTo", ""), attachments.column("type", "unitType")
    moving = set()
    for owner, name, value in zip(model.option_owners, model.option_names, model.options.column("value", "")):
        if name == "movement" and ATTACH_KINDS.get(types[owner]) == UNIT and (java_int(value.strip()) or 0) > 0:
            moving.add(targets[owner])  # (a number as Java reads it: `²` passes isdigit, not int)
    return moving


def _attached_with_effect(model) -> set[str]:
    """The territories an attachment gives something other than defaults (`production=0`, the
    only option of many a label's territory attachment, gives nothing)."""
    from converter.check.rules.options import attachment_classes  # (options imports this module)

    attachments = model.table(ATTACHMENT_PATH)
    kinds = [ATTACH_KINDS.get(kind) for kind in attachments.column("type", "unitType")]
    classes = attachment_classes(model)
    giving = [kind == TERRITORY and java_class != TERRITORY_ATTACHMENT_CLASS
              for kind, java_class in zip(kinds, classes)]
    names, values = model.option_names, model.options.column("value", "")
    for owner, name, value in zip(model.option_owners, names, values):
        if kinds[owner] == TERRITORY and not giving[owner] and name in _GIVING \
                and not sets_a_default(classes[owner], name, value):
            giving[owner] = True
    return set(compress(attachments.column("attachTo", ""), giving))


@rule("S206", "structure.unreachable-land", Severity.INFO,
      "land territory {name!r}{others} cannot be reached from the main map (its group has {size} territories)")
def unreachable_land(context):
    """Finds land territories in a group joined to each other but not to the main map.

    Why: The main map is the connected group with the most land territories (the largest, when
    none has land; a group of sea boxes such as player cards is not the map); no chain of
    connections, over land or sea, leads from it to this group, so nothing can move between the
    two. That may be intended, hence info, but often one connection is missing. Each group is
    one finding, naming its land territories; single unconnected territories are S205's, and
    maps with a `<grid>` are not checked.

    Fix: Add the `<connection>` that joins the group to the rest of the map in the game XML's
    `<map>`, or ignore the finding if the separation is intended.
    """
    # connected groups other than the largest, isolated territories aside (S205 has them)
    model = context.model
    if model is None or model.has_grid:
        return
    graph = model.neighbours()
    groups = _components(graph)
    if len(groups) < 2:
        return
    water = model.water
    main = max(groups, key=lambda group: (len(group - water), len(group)))  # the most land, then the largest
    for group in groups:
        if group is main or len(group) < 2:
            continue
        # one finding per group, at its first land territory in the XML, the others in their order
        land = sorted((name for name in group if name not in water),
                      key=lambda name: (model.first_line(TERRITORY, name) or 0, name))
        if land:
            first, rest = land[0], land[1:]
            shown = ", ".join(map(repr, rest[:3])) + (f" and {len(rest) - 3} more" if len(rest) > 3 else "")
            yield hit(line=model.first_line(TERRITORY, first), name=first, size=len(group), territory=first,
                      others=f" (and {shown}, of its group)" if rest else "")


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    seen: set[str] = set()
    groups = []
    for start in graph:
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            for neighbour in graph[stack.pop()]:
                if neighbour not in group:
                    group.add(neighbour)
                    stack.append(neighbour)
        seen |= group
        groups.append(group)
    return groups
