"""D6xx: the D-Day2 layout, when the map is one (territories named A<n>, G<n>, P<n>):
each area has three parts — the area A<n>, its garrison G<n> and its patrol part P<n> —
joined A–G–P; border boxes B<k> each link exactly two patrol parts."""

from __future__ import annotations

import re
from typing import NamedTuple
from itertools import compress, count
from operator import ne

from converter.check.model import TERRITORY
from converter.check.rule import hit, rule
from converter.findings import Severity

_PART = re.compile(r"^([AGP])(\d+)$")
_BORDER = re.compile(r"^B(\d+)$")
# both at once, over all the names joined by newlines (one line each): (name, letter, digits)
_NUMBERED_LINES = re.compile(r"^(([AGPB])(\d+))$", re.MULTILINE)
_MIN_AREAS = 5  # a few A/G/P triples make it a D-Day2 layout, not a coincidence


class _Names(NamedTuple):
    """The territories named as area parts and border boxes, found once for all D6xx rules."""

    parts: dict[str, tuple[str, str]]  # A12, G12, P12 -> (letter, digits)
    borders: list[str]  # B7, ..., in document order (duplicates kept)
    numbers: dict[str, str]  # each part -> its area's digits
    patrols: set[str]  # the P parts


def _names(model) -> _Names:
    territories = model.territories
    joined = "\n".join(territories)
    if joined.count("\n") == len(territories) - 1:  # one line per name: one scan in C finds them all
        found = _NUMBERED_LINES.findall(joined)
        parts = {name: (letter, digits) for name, letter, digits in found if letter != "B"}
        borders = [name for name, letter, _digits in found if letter == "B"]
    else:  # a name holding a newline: each matched apart (`$` also matches before a final newline)
        parts = {name: match.groups() for name in territories if (match := _PART.match(name))}
        borders = [name for name in territories if _BORDER.match(name)]
    numbers = {name: digits for name, (_letter, digits) in parts.items()}
    return _Names(parts, borders, numbers, {name for name, (letter, _digits) in parts.items() if letter == "P"})


def _areas(model) -> dict[int, dict[str, str]] | None:
    """Area number -> {"A": name, "G": name, "P": name}; cities name their A and G parts
    `<City>A`/`<City>G` (CaenA, CaenG) beside a numbered patrol part, found by adjacency."""
    areas: dict[int, dict[str, str]] = {}
    parts = model.derived("dday2.names", _names).parts
    for name in model.territories:
        part = parts.get(name)
        if part is not None:
            areas.setdefault(int(part[1]), {})[part[0]] = name
    complete = sum(1 for parts_of_area in areas.values() if len(parts_of_area) == 3)
    if complete < _MIN_AREAS:
        return None
    names = set(model.territories)
    cities = [name[:-1] for name in names if name.endswith("A") and name[:-1] + "G" in names and name not in parts]
    graph = model.neighbours()
    for area in areas.values():
        if "P" in area and "A" not in area and "G" not in area:
            beside = [city for city in cities if {city + "A", city + "G"} <= graph[area["P"]]]
            if len(beside) == 1:
                area["A"], area["G"] = beside[0] + "A", beside[0] + "G"
    return areas


def _layout(context):
    model = context.model
    if model is None:
        return None, None
    return model, model.derived("dday2.areas", _areas)


@rule("D601", "dday2.area-part-missing", Severity.ERROR, "area {number} has no {missing} part (has {present})")
def area_part_missing(context):
    """Finds a D-Day2 layout area that lacks its Allied (A), German (G) or patrol (P) territory.

    Why: In the D-Day2 layout each board area is three territories: the Allied part `A<n>`, the
    German part `G<n>` and the patrol part `P<n>`, where fighters patrol and through which border
    boxes join the area to its neighbours. Without one of them the area cannot be played by those
    rules (with no `G<n>`, attacking Allies have no German part to move into). The D-Day2 checks
    run only on maps with at least five areas that have all three parts.

    Fix: Add the missing territory the message names (e.g. `<territory name="G3"/>`) to the game
    XML with its connections, or rename a misnamed part; a city's A and G parts may be named
    `<City>A` and `<City>G` (e.g. `CaenA`, `CaenG`) if both connect to the area's patrol part.
    """
    model, areas = _layout(context)
    if areas is None:
        return
    for number, parts in sorted(areas.items()):
        for letter in "AGP":
            if letter not in parts:
                present = ", ".join(sorted(parts.values()))
                yield hit(line=model.first_line(TERRITORY, next(iter(parts.values()))), number=number,
                          missing=f"{letter}{number}", present=present, territory=next(iter(parts.values())))


@rule("D602", "dday2.area-parts-not-joined", Severity.ERROR, "{first} and {second} of area {number} are not connected")
def area_parts_not_joined(context):
    """Finds a D-Day2 layout area whose A and G parts, or G and P parts, have no connection.

    Why: The layout joins each area's parts A-G-P, and units move only between connected
    territories (the engine refuses a route through territories that are not neighbours).
    Without A-G, units cannot step straight from the Allied part into the German part to fight,
    or back; without G-P, the German part does not touch the patrol part that leads to the
    neighbouring areas.

    Fix: Add the missing connection to the game XML's `<map>`, e.g.
    `<connection t1="G2" t2="P2"/>`.
    """
    model, areas = _layout(context)
    if areas is None:
        return
    graph = model.neighbours()
    for number, parts in sorted(areas.items()):
        for first, second in (("A", "G"), ("G", "P")):
            if first in parts and second in parts and parts[second] not in graph[parts[first]]:
                yield hit(line=model.first_line(TERRITORY, parts[first]), first=parts[first], second=parts[second],
                          number=number, territory=parts[first])


@rule("D603", "dday2.border-box-links", Severity.ERROR, "border box {name} links {count} patrol parts{which}; it must link exactly two")
def border_box_links(context):
    """Finds a D-Day2 border box (a territory named B<n>) not connected to exactly two patrol parts.

    Why: A border box stands for one border between two areas: units cross from one area's patrol
    part through the box to the other's (`P1`-`B1`-`P2`). A box linked to fewer than two patrol
    parts joins nothing (the community D-Day2's `B85` has no connection at all), and one linked
    to three or more makes more areas neighbours than the one border it stands for. A box joined
    to nothing at all is a warning: it changes no move, and is most likely left unused.

    Fix: In the game XML give the box exactly two connections to patrol parts, e.g.
    `<connection t1="P1" t2="B1"/>` and `<connection t1="B1" t2="P2"/>`, removing any others to
    patrol parts; or remove a box that is not used.
    """
    model, areas = _layout(context)
    if areas is None:
        return
    graph = model.neighbours()
    names = model.derived("dday2.names", _names)
    for name in names.borders:
        patrols = sorted(graph[name] & names.patrols)
        if len(patrols) != 2:
            # a box joined to nothing changes no move: a box left unused, not a wrong border
            unused = {"severity": Severity.WARNING, "which": " (it is joined to nothing: a box left unused? "
                      "remove it, or link it)"} if not graph[name] else \
                {"which": f" ({', '.join(patrols)})" if patrols else ""}
            yield hit(line=model.first_line(TERRITORY, name), name=name, count=len(patrols), territory=name, **unused)


@rule("D604", "dday2.area-part-foreign-link", Severity.WARNING,
      "{name} is connected to {other}, a part of another area; areas meet only through border boxes")
def area_part_foreign_link(context):
    """Finds a connection joining parts of two D-Day2 areas directly, not through a border box.

    Why: In the layout, areas meet only through border boxes (`P1`-`B1`-`P2`), and the movement
    of 5 and 7 is set for those paths; a direct connection such as `P1`-`P2` is a shorter way
    between the two areas than the layout gives. Only numbered parts (`A<n>`, `G<n>`, `P<n>`)
    are compared, not a city's `CaenA` or `CaenG`.

    Fix: Remove the connection from the game XML; if the two areas border each other on the
    board, join their patrol parts through a border box instead.
    """
    model, areas = _layout(context)
    if areas is None:
        return
    reported: set[frozenset[str]] = set()
    t1s, t2s = model.connection_ends()
    # the area number of each area part among the ends: the territories' matched once for
    # all D6xx rules, an undeclared end's here
    number = model.derived("dday2.names", _names).numbers
    declared = model.names(TERRITORY)
    if not (declared.issuperset(t1s) and declared.issuperset(t2s)):
        number = {**number, **{name: match.group(2) for name in {*t1s, *t2s}.difference(declared)
                               if (match := _PART.match(name))}}
    # the connections joining parts of two areas, found in C: an end that is no part takes
    # the other end's number (its default), so only two parts' different numbers differ
    seconds = list(map(number.get, t2s, map(number.get, t1s)))
    firsts = map(number.get, t1s, seconds)
    for index in compress(count(), map(ne, firsts, seconds)):
        t1, t2 = t1s[index], t2s[index]
        pair = frozenset((t1, t2))
        if pair not in reported:
            reported.add(pair)
            yield hit(line=model.connection_lines[index], name=t1, other=t2, territory=t1)
