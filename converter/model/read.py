"""Per-file readers: TOML tables -> model dataclasses (shape and type checks only)."""

from __future__ import annotations

from typing import Any

from converter.model import types as t
from converter.model.reader import Reader, die_value, integers, non_negative, positive, strings


def read_all(docs: dict[str, Reader]) -> dict[str, Any]:
    game = docs["game"]
    info = game.data.get("game", {})
    result: dict[str, Any] = {
        "name": game.get(info, "name", "game", str),
        "version": game.get(info, "version", "game", str),
        "map_name": game.get(info, "map_name", "game", str),
        "file_name": game.get(info, "file_name", "game", str),
        "description": game.get(info, "description", "game", str, default=""),
        "resources": tuple(game.get(info, "resources", "game", list, check=strings) or ()),
        "players": _players(game),
        "ownership": _ownership(game),
        "victory": _victory(game),
        "limits": _limits(game),
        "units": _units(docs["units"]),
        "areas": _areas(docs["areas"]),
        "borders": _borders(docs["borders"]),
        "beaches": _beaches(docs["beaches"]),
        "boxes": _boxes(docs["boxes"]),
        "setup": _setup(docs["setup"]),
        "charts": _charts(docs["charts"]),
    }
    result["delegates"], result["phases"] = _sequence(docs["sequence"])
    result["properties"] = _properties(docs["properties"])
    return result


def _players(doc: Reader) -> tuple[t.Player, ...]:
    players = []
    for path, table in doc.tables("player"):
        players.append(t.Player(
            name=doc.get(table, "name", path, str),
            side=doc.get(table, "side", path, str),
            kind=doc.get(table, "kind", path, str),
            capital=doc.get(table, "capital", path, str),
            buys=tuple(doc.get(table, "buys", path, list, default=[], check=strings) or ()),
            forbidden_territories=tuple(doc.get(table, "forbidden_territories", path, list, default=[], check=strings) or ()),
        ))
    if not players:
        doc.error("player", "no players defined")
    return tuple(players)


def _ownership(doc: Reader) -> tuple[tuple[str, str], ...]:
    table = doc.data.get("ownership", {})
    kinds = (*t.PART_KINDS, "border", "beach")
    return tuple((kind, doc.get(table, kind, "ownership", str)) for kind in kinds)


def _victory(doc: Reader) -> t.Victory:
    table = doc.data.get("victory", {})
    return t.Victory(
        cities=tuple(doc.get(table, "cities", "victory", list, check=integers) or ()),
        hold_rounds=doc.get(table, "hold_rounds", "victory", int, check=positive),
        last_round=doc.get(table, "last_round", "victory", int, check=positive),
        winner=doc.get(table, "winner", "victory", str),
        otherwise=doc.get(table, "otherwise", "victory", str),
    )


def _limits(doc: Reader) -> t.Limits:
    table = doc.data.get("limits", {})
    return t.Limits(**{key: doc.get(table, key, "limits", int, check=positive)
                       for key in ("stack", "patrol_fighters_per_area", "fighters_in_play", "bombers_in_play")})


def _units(doc: Reader) -> tuple[t.UnitType, ...]:
    units = []
    for path, table in doc.tables("unit"):
        unit_class = doc.get(table, "class", path, str)
        if unit_class is not None and unit_class not in t.UNIT_CLASSES:
            doc.error(f"{path}.class", f"unknown unit class {unit_class!r}; known: {', '.join(sorted(t.UNIT_CLASSES))}")
        abilities = doc.get(table, "abilities", path, list, default=[], check=strings) or []
        for ability in abilities:
            if ability not in t.ABILITIES:
                doc.error(f"{path}.abilities", f"unknown ability {ability!r}; known: {', '.join(sorted(t.ABILITIES))}")
        units.append(t.UnitType(
            name=doc.get(table, "name", path, str),
            player=doc.get(table, "player", path, str),
            nation=doc.get(table, "nation", path, str),
            unit_class=unit_class,
            attack=doc.get(table, "attack", path, int, check=die_value),
            defence=doc.get(table, "defence", path, int, check=die_value),
            moves=doc.get(table, "moves", path, int, default=0, check=non_negative),
            reach=doc.get(table, "reach", path, int, default=None, check=positive),
            fighters=doc.get(table, "fighters", path, int, default=0, check=non_negative),
            abilities=frozenset(abilities),
        ))
    return tuple(units)


def _areas(doc: Reader) -> tuple[t.Area, ...]:
    areas = []
    for path, table in doc.tables("area"):
        area_id = doc.get(table, "id", path, int, check=positive)
        names = doc.get(table, "parts", path, dict, default={}) or {}
        for kind in names:
            if kind not in t.PART_KINDS:
                doc.error(f"{path}.parts.{kind}", f"unknown part; parts are {', '.join(t.PART_KINDS)}")
        parts = tuple((kind, names.get(kind) or f"{t.PART_PREFIX[kind]}{area_id}") for kind in t.PART_KINDS)
        areas.append(t.Area(
            id=area_id,
            name=doc.get(table, "name", path, str, default=f"Area {area_id}"),
            parts=parts,
            victory_city=doc.get(table, "victory_city", path, bool, default=False),
            marker=doc.get(table, "marker", path, str, default=None),
        ))
    return tuple(areas)


def _borders(doc: Reader) -> tuple[t.Border, ...]:
    table = doc.data.get("borders", {})
    borders = []
    for name in table:
        pair = doc.get(table, name, "borders", list, check=integers)
        if pair is not None and len(pair) != 2:
            doc.error(f"borders.{name}", f"a border links exactly two areas, got {len(pair)}")
        elif pair is not None:
            borders.append(t.Border(name=name, areas=(pair[0], pair[1])))
    return tuple(borders)


def _beaches(doc: Reader) -> tuple[t.Beach, ...]:
    beaches = []
    for path, table in doc.tables("beach"):
        beaches.append(t.Beach(
            name=doc.get(table, "name", path, str),
            nation=doc.get(table, "nation", path, str),
            capacity=doc.get(table, "capacity", path, int, check=positive),
            leads_to=tuple(doc.get(table, "leads_to", path, list, check=integers) or ()),
            pool=doc.get(table, "pool", path, str),
        ))
    return tuple(beaches)


def _boxes(doc: Reader) -> tuple[t.Box, ...]:
    boxes = []
    for path, table in doc.tables("box"):
        boxes.append(t.Box(
            name=doc.get(table, "name", path, str),
            role=doc.get(table, "role", path, str),
            owner=doc.get(table, "owner", path, str),
            links=tuple(doc.get(table, "links", path, list, default=[], check=strings) or ()),
            nation=doc.get(table, "nation", path, str, default=None),
            sector=doc.get(table, "sector", path, str, default=None),
        ))
    return tuple(boxes)


def _setup(doc: Reader) -> tuple[t.Placement, ...]:
    placements = []
    for path, table in doc.tables("place"):
        units = doc.get(table, "units", path, dict) or {}
        counted = []
        for unit, count in units.items():
            if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
                doc.error(f"{path}.units.{unit}", f"must be a positive number, got {count!r}")
            else:
                counted.append((unit, count))
        placements.append(t.Placement(where=doc.get(table, "where", path, str), units=tuple(counted)))
    return tuple(placements)


def _charts(doc: Reader) -> tuple[t.Chart, ...]:
    charts = []
    for path, table in doc.tables("chart"):
        letters = doc.get(table, "letters", path, dict) or {}
        rows = []
        for index, row in enumerate(doc.get(table, "rows", path, list) or []):
            row_path = f"{path}.rows[{index}]"
            text = doc.get(row, "units", row_path, str, check=lambda s: None if s else "empty row") if isinstance(row, dict) else None
            if text is None:
                continue
            unknown = sorted(set(text) - set(letters))
            if unknown:
                doc.error(f"{row_path}.units", f"letter(s) {', '.join(unknown)} not in {path}.letters")
                continue
            beaches = tuple(doc.get(row, "beaches", row_path, list, default=[], check=strings) or ())
            rows.append(t.ChartRow(units=tuple(letters[letter] for letter in text), beaches=beaches))
        charts.append(t.Chart(
            id=doc.get(table, "id", path, str),
            side=doc.get(table, "side", path, str),
            dice=doc.get(table, "dice", path, int, check=positive),
            pool=doc.get(table, "pool", path, str),
            rows=tuple(rows),
            beaches=tuple(doc.get(table, "beaches", path, list, default=[], check=strings) or ()),
            enter_at=tuple(doc.get(table, "enter_at", path, list, default=[], check=integers) or ()),
            armour_reserve=doc.get(table, "armour_reserve", path, str, default=None),
        ))
    return tuple(charts)


STEP_KINDS = ("combat_move", "battle", "non_combat_move")


def _sequence(doc: Reader) -> tuple[tuple[t.Delegate, ...], tuple[t.Phase, ...]]:
    delegates = []
    for index, table in enumerate(doc.get(doc.data, "delegates", "", list) or []):
        path = f"delegates[{index}]"
        if not isinstance(table, dict):
            doc.error(path, "expected a table")
            continue
        delegates.append(t.Delegate(doc.get(table, "name", path, str), doc.get(table, "java", path, str),
                                    doc.get(table, "display", path, str)))
    phases = []
    for path, table in doc.tables("phase"):
        steps = tuple(doc.get(table, "steps", path, list, check=strings) or ())
        for step in steps:
            if step not in STEP_KINDS:
                doc.error(f"{path}.steps", f"unknown step {step!r}; steps are {', '.join(STEP_KINDS)}")
        phases.append(t.Phase(
            id=doc.get(table, "id", path, str),
            name=doc.get(table, "name", path, str),
            player=doc.get(table, "player", path, str),
            step_prefix=doc.get(table, "step_prefix", path, str),
            steps=steps,
            repeat=doc.get(table, "repeat", path, int, default=1, check=positive),
            rounds=doc.get(table, "rounds", path, int, default=None, check=positive),
            summary=doc.get(table, "summary", path, str, default=""),
        ))
    return tuple(delegates), tuple(phases)


def _properties(doc: Reader) -> tuple[t.GameProperty, ...]:
    properties = []
    for path, table in doc.tables("property"):
        kind = doc.get(table, "type", path, str)
        expected = {"boolean": bool, "number": int, "string": str}.get(kind or "", None)
        if kind is not None and expected is None:
            doc.error(f"{path}.type", f"unknown property type {kind!r}; use boolean, number or string")
        properties.append(t.GameProperty(
            name=doc.get(table, "name", path, str),
            value=doc.get(table, "value", path, expected or (bool, int, str)),
            type=kind,
            editable=doc.get(table, "editable", path, bool, default=None),
            min=doc.get(table, "min", path, int, default=None),
            max=doc.get(table, "max", path, int, default=None),
        ))
    return tuple(properties)
