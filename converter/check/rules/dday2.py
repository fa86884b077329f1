"""D6xx: the D-Day2 layout, when the map is one (territories named A<n>, G<n>, P<n>):
each area has three parts — the area A<n>, its garrison G<n> and its patrol part P<n> —
joined A–G–P; border boxes B<k> each link exactly two patrol parts."""

from __future__ import annotations

import re

from converter.check.model import TERRITORY
from converter.check.rule import hit, rule
from converter.findings import Severity

_PART = re.compile(r"^([AGP])(\d+)$")
_BORDER = re.compile(r"^B(\d+)$")
_MIN_AREAS = 5  # a few A/G/P triples make it a D-Day2 layout, not a coincidence


def _areas(model) -> dict[int, dict[str, str]] | None:
    """Area number -> {"A": name, "G": name, "P": name}; cities name their A and G parts
    `<City>A`/`<City>G` (CaenA, CaenG) beside a numbered patrol part, found by adjacency."""
    areas: dict[int, dict[str, str]] = {}
    for name in model.territories:
        match = _PART.match(name)
        if match:
            areas.setdefault(int(match.group(2)), {})[match.group(1)] = name
    complete = sum(1 for parts in areas.values() if len(parts) == 3)
    if complete < _MIN_AREAS:
        return None
    names = set(model.territories)
    cities = [name[:-1] for name in names if name.endswith("A") and name[:-1] + "G" in names and not _PART.match(name)]
    graph = model.neighbours()
    for parts in areas.values():
        if "P" in parts and "A" not in parts and "G" not in parts:
            beside = [city for city in cities if {city + "A", city + "G"} <= graph[parts["P"]]]
            if len(beside) == 1:
                parts["A"], parts["G"] = beside[0] + "A", beside[0] + "G"
    return areas


def _layout(context):
    model = context.model
    if model is None:
        return None, None
    return model, model.derived("dday2.areas", _areas)


@rule("D601", "dday2.area-part-missing", Severity.ERROR, "area {number} has no {missing} part (has {present})")
def area_part_missing(context):
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
    model, areas = _layout(context)
    if areas is None:
        return
    graph = model.neighbours()
    for name in model.territories:
        if _BORDER.match(name):
            patrols = sorted(n for n in graph[name] if _PART.match(n) and n.startswith("P"))
            if len(patrols) != 2:
                yield hit(line=model.first_line(TERRITORY, name), name=name, count=len(patrols),
                          which=f" ({', '.join(patrols)})" if patrols else "", territory=name)


@rule("D604", "dday2.area-part-foreign-link", Severity.WARNING,
      "{name} is connected to {other}, a part of another area; areas meet only through border boxes")
def area_part_foreign_link(context):
    model, areas = _layout(context)
    if areas is None:
        return
    reported: set[frozenset[str]] = set()
    t1s, t2s = model.connection_ends()
    # the area number of each area part among the ends, matched once per name, not per end
    number = {name: match.group(2) for name in {*t1s, *t2s} if (match := _PART.match(name))}
    for index, (t1, t2) in enumerate(zip(t1s, t2s)):
        first, second = number.get(t1), number.get(t2)
        if first is not None and second is not None and first != second:
            pair = frozenset((t1, t2))
            if pair not in reported:
                reported.add(pair)
                yield hit(line=model.connection_lines[index], name=t1, other=t2, territory=t1)
