"""Cross-file checks of a loaded model: every reference resolves, every name is unique."""

from __future__ import annotations

from collections import Counter

from converter.model import types as t
from converter.model.errors import ModelError


def cross_check(rules: t.Ruleset, errors: list[ModelError]) -> None:
    def error(file: str, key: str, reason: str) -> None:
        errors.append(ModelError(file, key, reason))

    players = {player.name for player in rules.players}
    units = {unit.name for unit in rules.units}
    areas = {area.id for area in rules.areas}
    boxes = {box.name for box in rules.boxes}
    beaches = {beach.name for beach in rules.beaches}

    _duplicates("units.toml", "unit", [unit.name for unit in rules.units], error)
    _duplicates("areas.toml", "area", [area.id for area in rules.areas], error)
    _duplicates("game.toml", "player", [player.name for player in rules.players], error)
    territory_names = [name for area in rules.areas for _, name in area.parts]
    territory_names += [border.name for border in rules.borders] + list(beaches) + [box.name for box in rules.boxes]
    _duplicates("(all files)", "territory", territory_names, error)
    territories = set(territory_names)

    def check_reference(file: str, key: str, reference: str) -> None:
        if "/" in reference:
            area_id, _, kind = reference.partition("/")
            if not area_id.isdigit() or int(area_id) not in areas:
                error(file, key, f"{reference!r} names area {area_id}, which is not in areas.toml")
            elif kind not in t.PART_KINDS:
                error(file, key, f"{reference!r}: unknown part {kind!r}; parts are {', '.join(t.PART_KINDS)}")
        elif reference not in territories:
            error(file, key, f"{reference!r} is neither an area part nor a box or beach")

    for index, player in enumerate(rules.players):
        key = f"player[{index}]"
        if player.side not in {"Allies", "Axis"}:
            error("game.toml", f"{key}.side", f"unknown side {player.side!r}; use Allies or Axis")
        check_reference("game.toml", f"{key}.capital", player.capital)
        for unit in player.buys:
            if unit not in units:
                error("game.toml", f"{key}.buys", f"unknown unit type {unit!r}")
        for name in player.forbidden_territories:
            check_reference("game.toml", f"{key}.forbidden_territories", name)
    for kind, owner in rules.ownership:
        if owner not in players:
            error("game.toml", f"ownership.{kind}", f"unknown player {owner!r}")
    for city in rules.victory.cities:
        if city not in areas:
            error("game.toml", "victory.cities", f"area {city} is not in areas.toml")
    for key in ("winner", "otherwise"):
        if getattr(rules.victory, key) not in players:
            error("game.toml", f"victory.{key}", f"unknown player {getattr(rules.victory, key)!r}")

    for index, unit in enumerate(rules.units):
        if unit.player not in players:
            error("units.toml", f"unit[{index}].player", f"unknown player {unit.player!r} for {unit.name}")

    pairs = Counter()
    for border in rules.borders:
        a, b = border.areas
        for area_id in border.areas:
            if area_id not in areas:
                error("borders.toml", f"borders.{border.name}", f"adjacency to missing area {area_id}")
        if a == b:
            error("borders.toml", f"borders.{border.name}", f"links area {a} to itself")
        pairs[frozenset(border.areas)] += 1
    for pair, count in pairs.items():
        if count > 1:
            error("borders.toml", "borders", f"areas {sorted(pair)} are linked by {count} border boxes")
    linked = {area_id for border in rules.borders for area_id in border.areas}
    for area_id in sorted(areas - linked):
        error("areas.toml", f"area {area_id}", "has no border with any other area")

    for index, beach in enumerate(rules.beaches):
        for area_id in beach.leads_to:
            if area_id not in areas:
                error("beaches.toml", f"beach[{index}].leads_to", f"adjacency to missing area {area_id}")
        if beach.pool not in boxes:
            error("beaches.toml", f"beach[{index}].pool", f"{beach.pool!r} is not a box in boxes.toml")

    for index, box in enumerate(rules.boxes):
        if box.owner not in players:
            error("boxes.toml", f"box[{index}].owner", f"unknown player {box.owner!r}")
        for link in box.links:
            check_reference("boxes.toml", f"box[{index}].links", link)

    for index, placement in enumerate(rules.setup):
        check_reference("setup.toml", f"place[{index}].where", placement.where)
        for unit, _ in placement.units:
            if unit not in units:
                error("setup.toml", f"place[{index}].units.{unit}", f"unknown unit type {unit!r}")

    for index, chart in enumerate(rules.charts):
        key = f"chart[{index}]"
        if chart.pool not in boxes:
            error("charts.toml", f"{key}.pool", f"{chart.pool!r} is not a box in boxes.toml")
        if chart.armour_reserve is not None and chart.armour_reserve not in boxes:
            error("charts.toml", f"{key}.armour_reserve", f"{chart.armour_reserve!r} is not a box")
        for unit in set(chart.order):
            if unit not in units:
                error("charts.toml", f"{key}.letters", f"unknown unit type {unit!r} in chart {chart.id}")
        for name in chart.beaches:
            if name not in beaches:
                error("charts.toml", f"{key}.beaches", f"unknown beach {name!r}")
        for row_index, row in enumerate(chart.rows):
            for name in row.beaches:
                if name not in chart.beaches:
                    error("charts.toml", f"{key}.rows[{row_index}].beaches", f"{name!r} is not one of the chart's beaches")
        for area_id in chart.enter_at:
            if area_id not in areas:
                error("charts.toml", f"{key}.enter_at", f"area {area_id} is not in areas.toml")

    delegates = {delegate.name for delegate in rules.delegates}
    for required in ("move", "battle", "initDelegate", "endRound"):
        if required not in delegates:
            error("sequence.toml", "delegates", f"the classic target needs a delegate named {required!r}")
    for index, phase in enumerate(rules.phases):
        if phase.player not in players:
            error("sequence.toml", f"phase[{index}].player", f"unknown player {phase.player!r}")
        if phase.repeat > 1 and "{n}" not in phase.step_prefix:
            error("sequence.toml", f"phase[{index}].step_prefix", "a repeated phase needs {n} in its step prefix")


def _duplicates(file: str, what: str, names: list, error) -> None:
    for name, count in Counter(names).items():
        if count > 1:
            error(file, what, f"{what} {name!r} is defined {count} times")
