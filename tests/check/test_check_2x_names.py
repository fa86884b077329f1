"""The TripleA 2.x name tables (builtin_tables, read from 2.x's source) hold what S208 and S209
rely on, and the engine knowledge joins them with the installed engine's names."""

from __future__ import annotations

import re

import pytest

from converter.check import builtin_tables as tables
from converter.check.engine import ENGINE_JAR, load_engine

_IDENTIFIER = re.compile(r"[a-z][A-Za-z0-9]*")  # as 2.x's property switches spell them: first letter small
# the classes 2.x's XmlGameElementMapper creates
_CLASSES_2X = {"CanalAttachment", "PlayerAttachment", "PoliticalActionAttachment", "RelationshipTypeAttachment",
               "RulesAttachment", "TechAbilityAttachment", "TechAttachment", "TerritoryAttachment",
               "TerritoryEffectAttachment", "TriggerAttachment", "UnitAttachment", "UnitSupportAttachment",
               "UserActionAttachment"}
# a few names per class, as 2.x's getPropertyOrEmpty switches (or their ancestors') spell them
_SAMPLES = {
    "UnitAttachment": ("movement", "attack", "isFirstStrike", "isSuicideOnDefense", "isLandTransportable",
                       "fuelFlatCost", "whenHitPointsDamagedChangesInto", "isSub", "canEvade"),
    "UserActionAttachment": ("costResources", "costPU", "text", "activateTrigger", "conditions", "chance"),
    "PoliticalActionAttachment": ("costResources", "relationshipChange", "attemptsPerTurn"),
    "RulesAttachment": ("rounds", "gameProperty", "switch", "directOwnershipTerritories", "isAI", "uses"),
    "TriggerAttachment": ("trigger", "unitProperty", "when", "notification", "chance", "uses"),
    "TerritoryAttachment": ("production", "isImpassable", "originalOwner", "productionOnly", "victoryCity"),
    "TerritoryEffectAttachment": ("combatOffenseEffect", "movementCostModifier", "noBlitz"),
    "CanalAttachment": ("canalName", "landTerritories", "canNotMoveThroughDuringCombatMove"),
    "PlayerAttachment": ("vps", "giveUnitControl", "giveUnitControlInAllTerritories"),
    "UnitSupportAttachment": ("unitType", "side", "dice", "faction", "bonus", "number", "players"),
    "RelationshipTypeAttachment": ("archeType", "canLandAirUnitsOnOwnedLand", "upkeepCost"),
    "TechAttachment": ("techCost", "heavyBomber", "aARadar"),
    "TechAbilityAttachment": ("attackBonus", "unitAbilitiesGained", "airborneForces"),
}
# what 2.x refuses although a getter answers (read-only) or a setter exists (always throws)
_REFUSED = {"RulesAttachment": ("countEach", "eachMultiple", "techCount", "atWarCount", "chance"),
            "UnitSupportAttachment": ("offence", "defence", "roll", "strength", "aaRoll", "allied", "enemy")}


def test_option_tables_cover_the_2x_classes_with_known_names() -> None:
    assert set(tables.ATTACHMENT_OPTIONS_2X) == _CLASSES_2X
    for java_class, names in _SAMPLES.items():
        assert set(names) <= set(tables.ATTACHMENT_OPTIONS_2X[java_class]), java_class
    for java_class, names in _REFUSED.items():
        assert not set(names) & set(tables.ATTACHMENT_OPTIONS_2X[java_class]), java_class


@pytest.mark.parametrize("java_class", sorted(_CLASSES_2X))
def test_option_names_are_identifiers_without_repeats(java_class: str) -> None:
    names = tables.ATTACHMENT_OPTIONS_2X[java_class]
    assert len(names) == len(set(names))
    assert [name for name in names if not _IDENTIFIER.fullmatch(name)] == []


def test_old_and_skipped_option_names() -> None:
    legacy = tables.LEGACY_OPTION_NAMES_2X
    assert legacy["isInfantry"] == legacy["isMechanized"] == "isLandTransportable"
    assert legacy["isImpassible"] == "isImpassable" and legacy["turns"] == "rounds"
    all_names = {name for names in tables.ATTACHMENT_OPTIONS_2X.values() for name in names}
    assert set(legacy.values()) <= all_names  # each old name leads somewhere
    assert not set(legacy) & all_names  # and is no longer a name of its own
    assert len({old.lower() for old in legacy}) == len(legacy)  # 2.x compares them ignoring case
    assert tables.SKIPPED_OPTION_NAMES_2X == ("takeUnitControl",)
    assert tables.SKIPPED_BOOLEAN_OPTION_NAMES_2X == ("giveUnitControl",)
    for java_class, names in tables.REFUSED_OPTIONS.items():
        assert not set(names) & set(tables.ATTACHMENT_OPTIONS_2X[java_class])


def test_property_tables() -> None:
    names = tables.PROPERTY_NAMES_2X
    assert len(names) == len(set(names))
    assert all(name and name == name.strip() and "  " not in name for name in names)
    for name in ("Land Battles May Be Ignored", "All Units Can Attack From Contested Territories",
                 "Units Can Load In Hostile Sea Zones", "Low Luck", "WW2V3", "neutralCharge",
                 "maxFactoriesPerTerritory", "Multiply PUs", "Units Repair Hits End Turn", "mapName", "notes"):
        assert name in names, name
    not_read = tables.PROPERTY_NAMES_NOT_READ_BY_2X
    assert "Rocket Attacks Per Factory Infinite" in not_read and not not_read & set(names)
    aliases = tables.PROPERTY_ALIASES_2X
    assert all(old == old.lower() for old in aliases) and set(aliases.values()) <= set(names)
    assert all(suffix.startswith(" ") for suffix in tables.PLAYER_PROPERTY_SUFFIXES_2X)


def test_engine_without_the_jar_knows_2x() -> None:
    engine = load_engine(None)
    assert engine.source == "built-in tables"
    unit = engine.options_for("UnitAttachment")
    assert {"isFirstStrike", "isParatroop", "isInfantry"} <= unit and "isImpassible" not in unit
    assert "isImpassible" in engine.options_for("games.strategy.triplea.attachments.TerritoryAttachment")
    assert "turns" in engine.options_for("RulesAttachment") and "turns" not in engine.options_for("TriggerAttachment")
    assert "chance" not in engine.options_for("RulesAttachment") and "chance" in engine.options_for("TriggerAttachment")
    assert engine.retired_options_for("UnitAttachment") == frozenset()
    assert "Land Battles May Be Ignored" in engine.property_names
    assert "Roll AA Individually" not in engine.property_names


@pytest.mark.skipif(not ENGINE_JAR.is_file(), reason=f"needs the engine jar {ENGINE_JAR}")
def test_engine_with_the_jar_joins_1_9_and_2x() -> None:
    engine, plain = load_engine(), load_engine(None)
    for java_class in _CLASSES_2X:
        assert engine.options_for(java_class) == plain.options_for(java_class), java_class
        # 1.9's setName(String) is the one option 1.9 takes and 2.x refuses
        assert engine.retired_options_for(java_class) == {"name"}, java_class
    assert plain.property_names <= engine.property_names
    assert "Rocket Attacks Per Factory Infinite" not in engine.property_names
