"""Semantic, order-insensitive comparison of two TripleA game XMLs.

`summarize` reduces a game XML to comparable facts per aspect (territories, connections,
ownership, placement, players, alliances, sequence, attachments, properties ...);
`differences` lists what differs as (aspect, item, ours, theirs) rows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from converter.xmlsafe import parse_xml


@dataclass(frozen=True)
class Difference:
    aspect: str
    item: str
    ours: Any
    theirs: Any

    def __str__(self) -> str:
        return f"{self.aspect} {self.item}: ours={self.ours!r} theirs={self.theirs!r}"


def summarize(source: Path | bytes) -> dict[str, dict[str, Any]]:
    root = parse_xml(source).getroot()
    facts: dict[str, dict[str, Any]] = {}
    game_map = root.find("map")
    facts["territory"] = {t.get("name"): t.get("water", "false") for t in game_map.iter("territory")}
    facts["connection"] = {" ~ ".join(sorted((c.get("t1"), c.get("t2")))): True for c in game_map.iter("connection")}
    facts["owner"] = {o.get("territory"): o.get("owner") for o in root.iter("territoryOwner")}
    placed: Counter[str] = Counter()
    for p in root.iter("unitPlacement"):
        placed[f"{p.get('territory')} / {p.get('unitType')} / {p.get('owner')}"] += int(p.get("quantity", "1"))
    facts["placement"] = dict(placed)
    facts["player"] = {p.get("name"): p.get("optional", "false") for p in root.iter("player")}
    facts["alliance"] = {a.get("player"): a.get("alliance") for a in root.iter("alliance")}
    facts["resource"] = {r.get("name"): True for r in root.iter("resource")}
    facts["resource_given"] = {f"{r.get('player')} / {r.get('resource')}": r.get("quantity") for r in root.iter("resourceGiven")}
    facts["unit_type"] = {u.get("name"): True for u in root.find("unitList").iter("unit")}
    facts["delegate"] = {d.get("name"): d.get("javaClass") for d in root.iter("delegate")}
    # order matters for the sequence: compare the position of each step
    facts["step"] = {
        s.get("name"): (index, s.get("delegate"), s.get("player"), s.get("maxRunCount"))
        for index, s in enumerate(root.iter("step"))
    }
    facts["production_rule"] = {
        r.get("name"): tuple(sorted((c.tag, *sorted(c.attrib.items())) for c in r if isinstance(c.tag, str)))
        for r in root.iter("productionRule")
    }
    facts["frontier"] = {f.get("name"): tuple(sorted(r.get("name") for r in f.iter("frontierRules")))
                         for f in root.iter("productionFrontier")}
    facts["player_production"] = {p.get("player"): p.get("frontier") for p in root.iter("playerProduction")}
    attachments: dict[str, Any] = {}
    for a in root.iter("attachment"):
        key = f"{a.get('type')} {a.get('attachTo')} / {a.get('name')}"
        options = tuple(sorted((o.get("name"), o.get("value")) for o in a.iter("option")))
        attachments[key] = options if key not in attachments else ("DUPLICATE", attachments[key], options)
    facts["attachment"] = attachments
    facts["property"] = {p.get("name"): p.get("value") for p in root.iter("property")}
    return facts


def differences(ours: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]]) -> list[Difference]:
    found = []
    for aspect in sorted(set(ours) | set(theirs)):
        mine, other = ours.get(aspect, {}), theirs.get(aspect, {})
        for item in sorted(set(mine) | set(other)):
            a, b = mine.get(item), other.get(item)
            if a != b:
                found.append(Difference(aspect, item, a, b))
    return found
