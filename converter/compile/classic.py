"""Model -> the content of the classic D-Day2 game XML (the template holds only its shape).

The classic target splits every area into three TripleA territories (allied, german,
patrol parts) joined to each other, joins neighbouring areas through border boxes
between their patrol parts, and declares every land unit an air unit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from converter import __version__
from converter.model.types import Ruleset, UnitType

STEP_SUFFIX = {"combat_move": "CombatMove", "battle": "Battle", "non_combat_move": "NonCombatMove"}
STEP_DELEGATE = {"combat_move": "move", "battle": "battle", "non_combat_move": "move"}
UNIT_ATTACHMENT = "games.strategy.triplea.attachments.UnitAttachment"
TERRITORY_ATTACHMENT = "games.strategy.triplea.attachments.TerritoryAttachment"
RULES_ATTACHMENT = "games.strategy.triplea.attachments.RulesAttachment"


@dataclass(frozen=True)
class Step:
    name: str
    delegate: str
    player: str | None = None
    max_run_count: int | None = None
    display: str | None = None


@dataclass(frozen=True)
class Attachment:
    name: str
    attach_to: str
    java: str
    type: str
    options: tuple[tuple[str, str], ...]


def territories(rules: Ruleset) -> list[str]:
    names = [name for area in rules.areas for _, name in area.parts]
    names += [border.name for border in rules.borders]
    names += [beach.name for beach in rules.beaches]
    names += [box.name for box in rules.boxes]
    return names


def connections(rules: Ruleset) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for area in rules.areas:
        allied, german, patrol = (area.part(kind) for kind in ("allied", "german", "patrol"))
        found += [(allied, german), (allied, patrol), (german, patrol)]
    for border in rules.borders:
        found += [(border.name, rules.area_by_id[area].part("patrol")) for area in border.areas]
    for beach in rules.beaches:
        found += [(beach.name, rules.area_by_id[area].part("allied")) for area in beach.leads_to]
        found.append((beach.pool, beach.name))
    for box in rules.boxes:
        found += [(box.name, rules.resolve(link)) for link in box.links]
    # a link listed on both sides (or a beach pool also listed as a box link) is one connection
    unique: dict[frozenset[str], tuple[str, str]] = {}
    for pair in found:
        unique.setdefault(frozenset(pair), pair)
    return list(unique.values())


def steps(rules: Ruleset) -> list[Step]:
    result = [Step("gameInitDelegate", "initDelegate", max_run_count=1)]
    for phase in rules.phases:
        for repetition in range(1, phase.repeat + 1):
            prefix = phase.step_prefix.replace("{n}", str(repetition))
            for kind in phase.steps:
                result.append(Step(
                    name=f"{prefix}{STEP_SUFFIX[kind]}",
                    delegate=STEP_DELEGATE[kind],
                    player=phase.player,
                    max_run_count=phase.rounds,
                    display="Non Combat Move" if kind == "non_combat_move" else None,
                ))
    result.append(Step("endRoundStep", "endRound"))
    return result


def unit_options(unit: UnitType) -> tuple[tuple[str, str], ...]:
    """TripleA unit options derived from the unit's D-Day2 class and abilities."""
    options: list[tuple[str, str]] = [("movement", str(unit.triplea_movement))]
    if unit.unit_class == "fighter":
        options.append(("isAA", "true"))
        if "patrol" in unit.abilities:  # fires at 1 per fighter on units moving in or out (G7)
            options += [("attackAAmaxDieSides", "6"), ("attackAA", str(unit.fighters)), ("isAAmovement", "true")]
        return tuple(options)
    options += [("attack", str(unit.attack)), ("defense", str(unit.defence))]
    if unit.unit_class == "bomber":
        options.append(("isStrategicBomber", "false"))
    # every other unit is an air unit, so the engine lets players make the house-rule moves
    options.append(("isAir", "true"))
    if "one_shot" in unit.abilities:
        options.append(("isSuicide", "true"))
    return tuple(options)


def attachments(rules: Ruleset) -> list[Attachment]:
    result: list[Attachment] = []
    for player in rules.players:
        if player.forbidden_territories:
            result.append(Attachment("rulesAttachment", player.name, RULES_ATTACHMENT, "player", (
                ("movementRestrictionType", "disallowed"),
                ("movementRestrictionTerritories", ":".join(player.forbidden_territories)),
            )))
    for unit in rules.units:
        result.append(Attachment("unitAttachment", unit.name, UNIT_ATTACHMENT, "unitType", unit_options(unit)))
    capitals = {player.capital: player.name for player in rules.players}
    for territory in territories(rules):
        options: tuple[tuple[str, str], ...] = (("production", "0"),)
        if territory in capitals:
            options += (("capital", capitals[territory]),)
        result.append(Attachment("territoryAttachment", territory, TERRITORY_ATTACHMENT, "territory", options))
    return result


def owners(rules: Ruleset) -> list[tuple[str, str]]:
    result = [(name, rules.owner_of(kind)) for area in rules.areas for kind, name in area.parts]
    result += [(border.name, rules.owner_of("border")) for border in rules.borders]
    result += [(beach.name, rules.owner_of("beach")) for beach in rules.beaches]
    result += [(box.name, box.owner) for box in rules.boxes]
    return result


def placements(rules: Ruleset) -> list[dict[str, Any]]:
    return [
        {"unit": unit, "territory": rules.resolve(placement.where), "quantity": count,
         "owner": rules.unit_by_name[unit].player}
        for placement in rules.setup
        for unit, count in placement.units
    ]


def properties(rules: Ruleset) -> list[dict[str, Any]]:
    def text(value: Any) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return [
        {"name": p.name, "type": p.type, "text": text(p.value), "editable": p.editable,
         "editable_text": text(p.editable), "min": p.min, "max": p.max}
        for p in rules.properties
    ]


def game_xml_context(rules: Ruleset, notes_html: str) -> dict[str, Any]:
    return {
        "tool_version": __version__,
        "game": {"name": rules.name, "version": rules.version, "map_name": rules.map_name, "resources": rules.resources},
        "territories": territories(rules),
        "connections": connections(rules),
        "players": rules.players,
        "units": rules.units,
        "delegates": rules.delegates,
        "steps": steps(rules),
        "attachments": attachments(rules),
        "owners": owners(rules),
        "placements": placements(rules),
        "properties": properties(rules),
        "notes": notes_html,
    }
