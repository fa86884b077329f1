"""Read-only tables of names: what TripleA 2.x (the engine maps are written for today) takes as
attachment options and reads as game properties, read from its source; and fallbacks for the
installed 1.9 engine when its jar is absent (a CI runner without the Debian package). The checker
accepts a name either engine knows (`engine.load_engine` joins them).
"""

from __future__ import annotations

import re

# ---- TripleA 2.x: facts read from its source (github triplea-game/triplea, commit 2c40db86a6), names only.
# An attachment's <option name=...> is set through the property its class's getPropertyOrEmpty
# answers for that exact name (game-core .../triplea/attachments/*Attachment.java, each class's
# switch plus its ancestors': AbstractConditionsAttachment, AbstractRulesAttachment,
# AbstractPlayerRulesAttachment, AbstractTriggerAttachment, AbstractUserActionAttachment; and
# UnitSupportAttachment's PropertyName enum). GameParser.setOptions first lower-cases the first
# letter of the name, and maps the old names below; a name no property answers, a read-only
# property (MutableProperty.ofReadOnly: RulesAttachment countEach, eachMultiple, techCount,
# atWarCount; UnitSupportAttachment offence, defence, roll, strength, aaRoll, aaStrength, allied,
# enemy) or a setter that always throws (RulesAttachment chance) makes 2.x refuse to load the
# game. The classes are those 2.x's XmlGameElementMapper creates (any package prefix stripped).
ATTACHMENT_OPTIONS_2X: dict[str, tuple[str, ...]] = {
    "CanalAttachment": (
        "canNotMoveThroughDuringCombatMove", "canalName", "excludedUnits", "landTerritories",
    ),
    "PlayerAttachment": (
        "attackingLimit", "captureUnitOnEnteringBy", "captureVps", "destroysPUs", "giveUnitControl",
        "giveUnitControlInAllTerritories", "helpPayTechCost", "immuneToBlockade", "movementLimit",
        "placementLimit", "retainCapitalNumber", "retainCapitalProduceNumber", "shareTechnology",
        "suicideAttackResources", "suicideAttackTargets", "vps",
    ),
    "PoliticalActionAttachment": (
        "actionAccept", "attemptsLeftThisTurn", "attemptsPerTurn", "chance", "chanceDecrementOnSuccess",
        "chanceIncrementOnFailure", "conditionType", "conditions", "costPU", "costResources", "invert",
        "relationshipChange", "text",
    ),
    "RelationshipTypeAttachment": (
        "alliancesCanChainTogether", "archeType", "canLandAirUnitsOnOwnedLand", "canMoveAirUnitsOverOwnedLand",
        "canMoveIntoDuringCombatMove", "canMoveLandUnitsOverOwnedLand", "canMoveThroughCanals",
        "canTakeOverOwnedTerritory", "givesBackOriginalTerritories", "isDefaultWarPosition",
        "rocketsCanFlyOver", "upkeepCost",
    ),
    "RulesAttachment": (
        "alliedExclusionTerritories", "alliedOwnershipTerritories", "alliedPresenceTerritories",
        "atWarPlayers", "battle", "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "conditionType",
        "conditions", "destroyedTUV", "directExclusionTerritories", "directOwnershipTerritories",
        "directPresenceTerritories", "dominatingFirstRoundAttack", "enemyExclusionTerritories",
        "enemyPresenceTerritories", "enemySurfaceExclusionTerritories", "gameProperty", "invert", "isAI",
        "maxPlacePerTerritory", "movementRestrictionTerritories", "movementRestrictionType",
        "negateDominatingFirstRoundAttack", "objectiveValue", "placementAnySeaZone", "placementAnyTerritory",
        "placementCapturedTerritory", "placementInCapitalRestricted", "placementPerTerritory", "players",
        "productionPerXTerritories", "relationship", "rounds", "switch", "techs", "unitPresence",
        "unlimitedProduction", "uses",
    ),
    "TechAbilityAttachment": (
        "airAttackBonus", "airDefenseBonus", "airborneBases", "airborneCapacity", "airborneDistance",
        "airborneForces", "airborneTargettedByAA", "airborneTypes", "attackBonus", "attackRollsBonus",
        "bombingBonus", "defenseBonus", "defenseRollsBonus", "minimumTerritoryValueForProductionBonus",
        "movementBonus", "productionBonus", "radarBonus", "repairDiscount", "rocketDiceNumber",
        "rocketDistance", "rocketNumberPerTerritory", "unitAbilitiesGained", "warBondDiceNumber",
        "warBondDiceSides",
    ),
    "TechAttachment": (
        "aARadar", "destroyerBombard", "heavyBomber", "improvedArtillerySupport", "increasedFactoryProduction",
        "industrialTechnology", "jetPower", "longRangeAir", "mechanizedInfantry", "paratroopers", "rocket",
        "shipyards", "superSub", "techCost", "warBonds",
    ),
    "TerritoryAttachment": (
        "airBase", "blockadeZone", "capital", "captureUnitOnEnteringBy", "changeUnitOwners", "convoyAttached",
        "convoyRoute", "isImpassable", "kamikazeZone", "navalBase", "originalFactory", "originalOwner",
        "production", "productionOnly", "resources", "territoryEffect", "unitProduction", "victoryCity",
        "whenCapturedByGoesTo",
    ),
    "TerritoryEffectAttachment": (
        "combatDefenseEffect", "combatOffenseEffect", "movementCostModifier", "noBlitz", "unitsNotAllowed",
    ),
    "TriggerAttachment": (
        "activateTrigger", "availableTech", "chance", "chanceDecrementOnSuccess", "chanceIncrementOnFailure",
        "changeOwnership", "conditionType", "conditions", "frontier", "invert", "notification", "placement",
        "playerAttachmentName", "playerProperty", "players", "productionRule", "purchase",
        "relationshipChange", "relationshipTypeAttachmentName", "relationshipTypeProperty",
        "relationshipTypes", "removeUnits", "resource", "resourceCount", "support", "tech", "territories",
        "territoryAttachmentName", "territoryEffectAttachmentName", "territoryEffectProperty",
        "territoryEffects", "territoryProperty", "trigger", "unitAttachmentName", "unitProperty", "unitType",
        "usedThisRound", "uses", "victory", "when",
    ),
    "UnitAttachment": (
        "airAttack", "airDefense", "artillery", "artillerySupportable", "attack", "attackAA",
        "attackAAmaxDieSides", "attackRolls", "attackingLimit", "blockade", "bombard", "bombingBonus",
        "bombingMaxDieSides", "bombingTargets", "canAirBattle", "canBeCapturedOnEnteringBy", "canBeDamaged",
        "canBeGivenByTerritoryTo", "canBeMovedThroughByEnemies", "canBlitz", "canBombard",
        "canDieFromReachingMaxDamage", "canEscort", "canEvade", "canIntercept", "canInvadeOnlyFrom",
        "canMoveThroughEnemies", "canNotBeTargetedBy", "canNotMoveDuringCombatMove", "canNotTarget",
        "canOnlyBePlacedInTerritoryValuedAtX", "canProduceUnits", "canProduceXUnits", "canRetreatOnStalemate",
        "canScramble", "carrierCapacity", "carrierCost", "chooseBestRoll", "constructionType",
        "constructionsPerTerrPerTypePerTurn", "consumesUnits", "createsResourcesList", "createsUnitsList",
        "damageableAA", "defense", "defenseRolls", "destroyedWhenCapturedBy", "destroyedWhenCapturedFrom",
        "fuelCost", "fuelFlatCost", "givesMovement", "hitPoints", "isAA", "isAAforBombingThisUnitOnly",
        "isAAforCombatOnly", "isAAforFlyOverOnly", "isAAmovement", "isAir", "isAirBase", "isAirTransport",
        "isAirTransportable", "isCombatTransport", "isConstruction", "isDestroyer", "isFactory",
        "isFirstStrike", "isInfrastructure", "isKamikaze", "isLandTransport", "isLandTransportable",
        "isMarine", "isRocket", "isSea", "isStrategicBomber", "isSub", "isSuicide", "isSuicideOnAttack",
        "isSuicideOnDefense", "isSuicideOnHit", "isTwoHit", "maxAAattacks", "maxBuiltPerPlayer",
        "maxConstructionsPerTypePerTerr", "maxDamage", "maxInterceptCount", "maxOperationalDamage",
        "maxRoundsAA", "maxScrambleCount", "maxScrambleDistance", "mayOverStackAA", "movement",
        "movementLimit", "offensiveAttackAA", "offensiveAttackAAmaxDieSides", "placementLimit",
        "receivesAbilityWhenWith", "repairsUnits", "requiresAirbaseToIntercept", "requiresUnits",
        "requiresUnitsToMove", "special", "targetsAA", "transportCapacity", "transportCost", "tuv", "typeAA",
        "unitPlacementOnlyAllowedIn", "unitPlacementRestrictions", "unitSupportCount",
        "whenCapturedChangesInto", "whenCapturedSustainsDamage", "whenCombatDamaged",
        "whenHitPointsDamagedChangesInto", "whenHitPointsRepairedChangesInto", "willNotFireIfPresent",
    ),
    "UnitSupportAttachment": (
        "bonus", "bonusType", "dice", "faction", "impArtTech", "number", "players", "side", "unitType",
    ),
    "UserActionAttachment": (
        "actionAccept", "activateTrigger", "attemptsLeftThisTurn", "attemptsPerTurn", "chance",
        "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "conditionType", "conditions", "costPU",
        "costResources", "invert", "text",
    ),
}

# 2.x's LegacyPropertyMapper.mapLegacyOptionName: an option of the old name (compared ignoring
# case) is set as the new one, on any class that has the new one.
LEGACY_OPTION_NAMES_2X: dict[str, str] = {
    "isParatroop": "isAirTransportable", "isInfantry": "isLandTransportable",
    "isMechanized": "isLandTransportable", "occupiedTerrOf": "originalOwner", "isImpassible": "isImpassable",
    "turns": "rounds",
}

# 2.x's LegacyPropertyMapper.ignoreOptionName: options 2.x skips on any class (names compared
# ignoring case): `takeUnitControl` always, `giveUnitControl` when its value is `true` or `false`.
SKIPPED_OPTION_NAMES_2X: tuple[str, ...] = ("takeUnitControl",)
SKIPPED_BOOLEAN_OPTION_NAMES_2X: tuple[str, ...] = ("giveUnitControl",)

# Options an installed engine's class has a `set<Name>(String)` for but refuses whatever the value:
# RulesAttachment's setChance throws "chance not allowed for use with RulesAttachments" (1.9 jar,
# javap; 2.x AbstractRulesAttachment.setChance the same).
REFUSED_OPTIONS: dict[str, tuple[str, ...]] = {"RulesAttachment": ("chance",)}

# Options that hold one value: 2.x's setter (reached through getPropertyOrEmpty, as above) stores the
# value in a field of one value (boolean, int, String, String[], one Tuple, one GamePlayer or
# ProductionFrontier), replacing what an earlier <option> of the name set, so the last one given wins.
# Read from the same source: each option's field in its class or an ancestor, and its String setter
# checked to assign, not add (UnitSupportAttachment's setFaction, setSide and setDice reset first).
# Options whose field is a list, set or map add each line and are not here. The 1.9 jar agrees (javap:
# every such field it has, `m_<option>`, is of one value too).
SINGLE_VALUE_OPTIONS_2X: dict[str, tuple[str, ...]] = {
    "CanalAttachment": (
        "canNotMoveThroughDuringCombatMove", "canalName",
    ),
    "PlayerAttachment": (
        "captureVps", "destroysPUs", "giveUnitControlInAllTerritories", "immuneToBlockade", "retainCapitalNumber",
        "retainCapitalProduceNumber", "vps",
    ),
    "PoliticalActionAttachment": (
        "attemptsLeftThisTurn", "attemptsPerTurn", "chance", "chanceDecrementOnSuccess", "chanceIncrementOnFailure",
        "conditionType", "costPU", "invert", "text",
    ),
    "RelationshipTypeAttachment": (
        "alliancesCanChainTogether", "archeType", "canLandAirUnitsOnOwnedLand", "canMoveAirUnitsOverOwnedLand",
        "canMoveIntoDuringCombatMove", "canMoveLandUnitsOverOwnedLand", "canMoveThroughCanals",
        "canTakeOverOwnedTerritory", "givesBackOriginalTerritories", "isDefaultWarPosition", "rocketsCanFlyOver",
        "upkeepCost",
    ),
    "RulesAttachment": (
        "alliedExclusionTerritories", "alliedOwnershipTerritories", "alliedPresenceTerritories",
        "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "conditionType", "destroyedTUV",
        "directExclusionTerritories", "directOwnershipTerritories", "directPresenceTerritories",
        "dominatingFirstRoundAttack", "enemyExclusionTerritories", "enemyPresenceTerritories",
        "enemySurfaceExclusionTerritories", "gameProperty", "invert", "isAI", "maxPlacePerTerritory",
        "movementRestrictionTerritories", "movementRestrictionType", "negateDominatingFirstRoundAttack",
        "objectiveValue", "placementAnySeaZone", "placementAnyTerritory", "placementCapturedTerritory",
        "placementInCapitalRestricted", "placementPerTerritory", "unlimitedProduction", "uses",
    ),
    "TechAbilityAttachment": (
        "airborneDistance", "airborneForces", "minimumTerritoryValueForProductionBonus", "repairDiscount",
        "rocketDistance", "rocketNumberPerTerritory", "warBondDiceNumber", "warBondDiceSides",
    ),
    "TechAttachment": (
        "aARadar", "destroyerBombard", "heavyBomber", "improvedArtillerySupport", "increasedFactoryProduction",
        "industrialTechnology", "jetPower", "longRangeAir", "mechanizedInfantry", "paratroopers", "rocket",
        "shipyards", "superSub", "techCost", "warBonds",
    ),
    "TerritoryAttachment": (
        "airBase", "blockadeZone", "capital", "convoyRoute", "isImpassable", "kamikazeZone", "navalBase",
        "originalFactory", "originalOwner", "production", "unitProduction", "victoryCity",
    ),
    "TriggerAttachment": (
        "chance", "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "conditionType", "frontier", "invert",
        "notification", "playerAttachmentName", "relationshipTypeAttachmentName", "resource", "resourceCount",
        "territoryAttachmentName", "territoryEffectAttachmentName", "unitAttachmentName", "usedThisRound", "uses",
        "victory",
    ),
    "UnitAttachment": (
        "airAttack", "airDefense", "artillery", "artillerySupportable", "attack", "attackAA", "attackAAmaxDieSides",
        "attackRolls", "attackingLimit", "blockade", "bombard", "bombingBonus", "bombingMaxDieSides",
        "canAirBattle", "canBeDamaged", "canBeMovedThroughByEnemies", "canBlitz", "canBombard",
        "canDieFromReachingMaxDamage", "canEscort", "canEvade", "canIntercept", "canInvadeOnlyFrom",
        "canMoveThroughEnemies", "canNotMoveDuringCombatMove", "canOnlyBePlacedInTerritoryValuedAtX",
        "canProduceUnits", "canProduceXUnits", "canRetreatOnStalemate", "canScramble", "carrierCapacity",
        "carrierCost", "chooseBestRoll", "constructionType", "constructionsPerTerrPerTypePerTurn", "damageableAA",
        "defense", "defenseRolls", "hitPoints", "isAAforBombingThisUnitOnly", "isAAforCombatOnly",
        "isAAforFlyOverOnly", "isAir", "isAirBase", "isAirTransport", "isAirTransportable", "isCombatTransport",
        "isConstruction", "isDestroyer", "isFirstStrike", "isInfrastructure", "isKamikaze", "isLandTransport",
        "isLandTransportable", "isMarine", "isRocket", "isSea", "isStrategicBomber", "isSub", "isSuicide",
        "isSuicideOnAttack", "isSuicideOnDefense", "isSuicideOnHit", "maxAAattacks", "maxBuiltPerPlayer",
        "maxConstructionsPerTypePerTerr", "maxDamage", "maxInterceptCount", "maxOperationalDamage", "maxRoundsAA",
        "maxScrambleCount", "maxScrambleDistance", "mayOverStackAA", "movement", "movementLimit",
        "offensiveAttackAA", "offensiveAttackAAmaxDieSides", "placementLimit", "requiresAirbaseToIntercept",
        "transportCapacity", "transportCost", "tuv", "typeAA", "unitPlacementRestrictions", "unitSupportCount",
        "whenCapturedSustainsDamage",
    ),
    "UnitSupportAttachment": (
        "bonus", "dice", "faction", "impArtTech", "number", "side",
    ),
    "UserActionAttachment": (
        "attemptsLeftThisTurn", "attemptsPerTurn", "chance", "chanceDecrementOnSuccess", "chanceIncrementOnFailure",
        "conditionType", "costPU", "invert", "text",
    ),
}

# Options 2.x reads as one whole number or one boolean (same source): the String setter's first step is
# DefaultAttachment.getInt (Integer.parseInt, or getIntInRange) or getBool (`true` or `false` in any case) of
# the value as given, `count:value` when a count is given; any other value throws and 2.x refuses to load the
# game. (UnitAttachment's isMarine also takes true/false: S220 reads it apart; victoryCity's old true/false is
# mapped to 1/0 first: LegacyPropertyMapper.)
WHOLE_NUMBER_OPTIONS_2X: dict[str, tuple[str, ...]] = {
    "PlayerAttachment": (
        "captureVps", "retainCapitalNumber", "retainCapitalProduceNumber", "vps",
    ),
    "PoliticalActionAttachment": (
        "attemptsLeftThisTurn", "attemptsPerTurn", "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "costPU",
    ),
    "RulesAttachment": (
        "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "maxPlacePerTerritory", "objectiveValue",
        "placementPerTerritory", "uses",
    ),
    "TechAbilityAttachment": (
        "airborneDistance", "minimumTerritoryValueForProductionBonus", "repairDiscount", "rocketDistance",
        "rocketNumberPerTerritory", "warBondDiceNumber", "warBondDiceSides",
    ),
    "TechAttachment": (
        "techCost",
    ),
    "TerritoryAttachment": (
        "production", "productionOnly", "unitProduction", "victoryCity",
    ),
    "TriggerAttachment": (
        "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "resourceCount", "uses",
    ),
    "UnitAttachment": (
        "airAttack", "airDefense", "attack", "attackAA", "attackAAmaxDieSides", "attackRolls", "blockade",
        "bombard", "bombingBonus", "bombingMaxDieSides", "canOnlyBePlacedInTerritoryValuedAtX", "canProduceXUnits",
        "carrierCapacity", "carrierCost", "constructionsPerTerrPerTypePerTurn", "defense", "defenseRolls",
        "hitPoints", "maxAAattacks", "maxBuiltPerPlayer", "maxConstructionsPerTypePerTerr", "maxDamage",
        "maxInterceptCount", "maxOperationalDamage", "maxRoundsAA", "maxScrambleCount", "maxScrambleDistance",
        "movement", "offensiveAttackAA", "offensiveAttackAAmaxDieSides", "transportCapacity", "transportCost",
        "tuv", "unitSupportCount", "whenCapturedSustainsDamage",
    ),
    "UnitSupportAttachment": (
        "bonus", "number",
    ),
    "UserActionAttachment": (
        "attemptsLeftThisTurn", "attemptsPerTurn", "chanceDecrementOnSuccess", "chanceIncrementOnFailure", "costPU",
    ),
}
BOOLEAN_OPTIONS_2X: dict[str, tuple[str, ...]] = {
    "CanalAttachment": (
        "canNotMoveThroughDuringCombatMove",
    ),
    "PlayerAttachment": (
        "destroysPUs", "giveUnitControlInAllTerritories", "immuneToBlockade",
    ),
    "PoliticalActionAttachment": (
        "invert",
    ),
    "RulesAttachment": (
        "dominatingFirstRoundAttack", "invert", "isAI", "negateDominatingFirstRoundAttack", "placementAnySeaZone",
        "placementAnyTerritory", "placementCapturedTerritory", "placementInCapitalRestricted", "switch",
        "unlimitedProduction",
    ),
    "TechAbilityAttachment": (
        "airborneForces",
    ),
    "TechAttachment": (
        "aARadar", "destroyerBombard", "heavyBomber", "improvedArtillerySupport", "increasedFactoryProduction",
        "industrialTechnology", "jetPower", "longRangeAir", "mechanizedInfantry", "paratroopers", "rocket",
        "shipyards", "superSub", "warBonds",
    ),
    "TerritoryAttachment": (
        "airBase", "blockadeZone", "convoyRoute", "isImpassable", "kamikazeZone", "navalBase", "originalFactory",
    ),
    "TriggerAttachment": (
        "invert", "usedThisRound",
    ),
    "UnitAttachment": (
        "artillery", "artillerySupportable", "canAirBattle", "canBeDamaged", "canBeMovedThroughByEnemies",
        "canBlitz", "canBombard", "canDieFromReachingMaxDamage", "canEscort", "canEvade", "canIntercept",
        "canMoveThroughEnemies", "canNotMoveDuringCombatMove", "canProduceUnits", "canRetreatOnStalemate",
        "canScramble", "chooseBestRoll", "damageableAA", "isAAforBombingThisUnitOnly", "isAAforCombatOnly",
        "isAAforFlyOverOnly", "isAir", "isAirBase", "isAirTransport", "isAirTransportable", "isCombatTransport",
        "isConstruction", "isDestroyer", "isFirstStrike", "isInfrastructure", "isKamikaze", "isLandTransport",
        "isLandTransportable", "isRocket", "isSea", "isStrategicBomber", "isSub", "isSuicide", "isSuicideOnAttack",
        "isSuicideOnDefense", "isSuicideOnHit", "mayOverStackAA", "requiresAirbaseToIntercept",
    ),
    "UnitSupportAttachment": (
        "impArtTech",
    ),
    "UserActionAttachment": (
        "invert",
    ),
}
# the options 2.x's UnitAttachment takes as shortcuts, setting several of the above: write-only,
# but read as true/false all the same (setIsAa, setIsAaMovement, setIsFactory, setIsTwoHit)
WRITE_ONLY_BOOLEAN_OPTIONS_2X: dict[str, tuple[str, ...]] = {
    "UnitAttachment": ("isAA", "isAAmovement", "isFactory", "isTwoHit"),
}

# Game properties (mostly 1.9's), the fallback for the jar's Constants; misspellings of these are silently ignored.
PROPERTY_NAMES: tuple[str, ...] = (
    "mapName", "notes", "Low Luck", "LHTR Heavy Bombers", "WW2V2", "WW2V3", "Total Victory",
    "Honorable Surrender", "Projection of Power", "Economic Victory", "Triggered Victory",
    "Use Triggers", "Use Politics", "Two hit battleship", "Kamikaze Airplanes", "Allied Air Independent",
    "Defending Subs Sneak Attack", "Attacker Retreat Planes", "Partial Amphibious Retreat",
    "Always on AA", "Produce fighters on carriers", "Produce new fighters on old carriers",
    "Move existing fighters to new carriers", "Land existing fighters on new carriers",
    "Heavy Bomber Dice Rolls", "Battleships repair at end of round", "Battleships repair at beginning of round",
    "Units Repair Hits End Turn", "Units Repair Hits Start Turn", "Choose AA Casualties",
    "Submersible Subs", "Use Destroyers and Artillery", "Use Shipyards", "Low Luck for AntiAircraft",
    "Low Luck for Technology", "Low Luck for Bombing and Territory Damage", "Selectable Tech Roll",
    "AA Territory Restricted", "Multiple AA Per Territory", "Neutral Charge", "Neutrals Are Impassable",
    "Neutrals Are Blitzable", "World War II V3", "Territory Turn Limit", "Naval Bombard Casualties Return Fire",
    "Blitz Through Factories And AA Restricted", "Unit Placement In Enemy Seas", "Sub Control Sea Zone Restricted",
    "Transport Control Sea Zone", "Production Per X Territories Restricted", "Production Per Valued Territory Restricted",
    "Place in Any Territory", "Unit Placement Per Territory Restricted", "Movement By Territory Restricted",
    "Transport Restricted Unload", "Random AA Casualties", "Roll AA Individually", "Limit SBR Damage To Factory Production",
    "Limit SBR Damage To Factory Production", "Limit SBR Damage Per Turn", "Limit Rocket Damage Per Turn",
    "PU Cap", "Limit Rocket Damage To Production", "Pacific Theater", "Europe Theater",
    "Nation Income Bonus", "Victory City", "Tech Development", "Income Percentage", "PU Income Bonus",
    "Use Territory Effects", "Land Battle Rounds", "Sea Battle Rounds", "Air Battle Rounds",
    "Sea Battles May Be Ignored", "Capture Units On Entering Territory", "Relationships Last Extra Rounds",
    "Alliances Can Chain Together", "Raid Attack", "Ignore Transport In Movement", "Ignore Sub In Movement",
    "Edit Mode", "Unit Placement Restrictions", "Surviving Air Move To Land", "Use Fuel Cost",
    "Units May Give Bonus Movement", "Damage From Bombing Done To Units Instead Of Territories",
    "Naval Units May Not NonCombat Move Into Controlled Sea Zones", "Units Can Be Destroyed Instead Of Captured",
    "Suicide and Munition Casualties Restricted", "Defending Suicide and Munition Units Do Not Fire",
    "Kamikaze Suicide Attacks Done By Current Territory Owner", "Free Fire Sub Casualties",
    "Scramble Rules In Effect", "Scrambled Units Return To Base", "Air Attack Sub Restricted",
    "Paratroopers Can Attack Deep Into Enemy Territory", "Paratroopers Can Move During Non Combat",
    "Pu Multiplier", "Contested Territories Produce No Income", "Units Can Be Changed On Capture",
)

# Game properties TripleA 2.x reads (same repository and commit): the property-name constants of
# game-core .../triplea/Constants.java, each read through .../triplea/Properties.java, less three
# whose getters nothing calls (`Random AA Casualties`, `Roll AA Individually`, `Suicide and Munition
# Casualties Restricted`); `mapName` (GameData), `notes` (map-data GameNotesMigrator, any case),
# `EditMode` (EditDelegate) and `save.game.file.name` (GameData: the Save dialog's default file
# name; GameSelectorModel sets it only for a game loaded from a save). Engine-set settings
# (PBEM_*, FORUM_POSTER_*, DICE_SERVER_*) are left out: 2.x's SetupModel overwrites them.
PROPERTY_NAMES_2X: tuple[str, ...] = (
    "neutralCharge", "maxFactoriesPerTerritory", "Two hit battleship", "Always on AA",
    "LHTR Carrier production rules", "Produce fighters on carriers", "Produce new fighters on old carriers",
    "Move existing fighters to new carriers", "Land existing fighters on new carriers", "Heavy Bomber Dice Rolls",
    "Units Repair Hits End Turn", "WW2V2", "Total Victory", "Honorable Surrender", "Projection of Power",
    "All Rockets Attack", "Rockets Can Fly Over Impassables", "Target Rockets Sequentially and After SBR",
    "Neutrals Are Impassable", "Neutrals Are Blitzable", "Partial Amphibious Retreat",
    "Placement Restricted By Factory", "Selectable Tech Roll", "WW2V3 Tech Model", "Tech Development",
    "Transport Restricted Unload", "Limit SBR Damage To Factory Production", "SBR Victory Points",
    "Limit SBR Damage Per Turn", "Limit Rocket Damage Per Turn", "Allied Air Independent",
    "Defending Subs Sneak Attack", "Attacker Retreat Planes", "Naval Bombard Casualties Return Fire",
    "Surviving Air Move To Land", "Blitz Through Factories And AA Restricted", "Air Attack Sub Restricted",
    "National Objectives", "Sub Control Sea Zone Restricted", "Unit Placement In Enemy Seas",
    "Transport Control Sea Zone", "Production Per X Territories Restricted", "Place in Any Territory",
    "Unit Placement Per Territory Restricted", "Movement By Territory Restricted",
    "Transport Casualties Restricted", "Sub Retreat Before Battle", "Shore Bombard Per Ground Unit Restricted",
    "Damage From Bombing Done To Units Instead Of Territories", "AA Territory Restricted",
    "Multiple AA Per Territory", "Ignore Transport In Movement", "Ignore Sub In Movement",
    "Unplaced units live when not placed", "Production Per Valued Territory Restricted", "Choose AA Casualties",
    "Pacific Theater", "WW2V3", "Economic Victory", "Submersible Subs", "Use Destroyers and Artillery", "Low Luck",
    "Territory Turn Limit", "Kamikaze Airplanes", "LHTR Heavy Bombers", "Scramble Rules In Effect",
    "Scrambled Units Return To Base", "Scramble To Sea Only", "Scramble From Island Only",
    "Scramble To Any Amphibious Assault", "Multiply PUs", "Low Luck for AntiAircraft",
    "Selectable Zero Movement Units", "Paratroopers Can Move During Non Combat", "Unlimited Constructions",
    "More Constructions without Factory", "More Constructions with Factory", "Unit Placement Restrictions",
    "Units Repair Hits Start Turn", "Two HitPoint Units Require Repair Facilities", "Low Luck for Technology",
    "Triggered Victory", "Give Units By Territory", "Units Can Be Destroyed Instead Of Captured",
    "Defending Suicide and Munition Units Do Not Fire",
    "Naval Units May Not NonCombat Move Into Controlled Sea Zones", "Units May Give Bonus Movement",
    "Low Luck for Bombing and Territory Damage", "Capture Units On Entering Territory",
    "On Entering Units Destroyed Instead Of Captured", "Neutral Flyover Allowed",
    "Units Can Be Changed On Capture", "Relationships Last Extra Rounds", "Alliances Can Chain Together",
    "Raids May Be Preceeded By Air Battles", "Battles May Be Preceeded By Air Battles",
    "Use Kamikaze Suicide Attacks", "Kamikaze Suicide Attacks Done By Current Territory Owner",
    "Force AA Attacks For Last Step Of Fly Over", "Paratroopers Can Attack Deep Into Enemy Territory",
    "Use Bombing Max Dice Sides And Bonus", "Convoy Blockades Roll Dice For Cost",
    "Airborne Attacks Only In Existing Battles", "Airborne Attacks Only In Enemy Territories",
    "Subs Can End NonCombat Move With Enemies", "Remove All Tech Tokens At End Of Turn",
    "Kamikaze Suicide Attacks Only Where Battles Are", "Submarines Prevent Unescorted Amphibious Assaults",
    "Submarines Defending May Submerge Or Retreat", "Super Sub Defence Bonus", "Air Battle Rounds",
    "Sea Battle Rounds", "Land Battle Rounds", "Sea Battles May Be Ignored", "Land Battles May Be Ignored",
    "Air Battle Attackers Can Retreat", "Air Battle Defenders Can Retreat", "Can Scramble Into Air Battles",
    "Territories Are Assigned Randomly", "Retreating Units Remain In Place",
    "Contested Territories Produce No Income", "All Units Can Attack From Contested Territories",
    "Abandoned Territories May Be Taken Over Immediately", "Disabled Players Assets Deleted",
    "Control All Canals Between Territories To Pass",
    "Enter Territories With Higher Movement Costs Then Remaining Moves", "Units Can Load In Hostile Sea Zones",
    "Use Triggers", "Use Politics", "Use Fuel Cost", "Use Shipyards", "mapName", "notes", "EditMode",
    "save.game.file.name",
)

# 2.x reads these names (compared ignoring case) as another: LegacyPropertyMapper.mapPropertyName
# (the repair properties), and GameNotesMigrator's equalsIgnoreCase("notes"). Lower-cased keys.
PROPERTY_ALIASES_2X: dict[str, str] = {
    "battleships repair at end of round": "Units Repair Hits End Turn",
    "units repair at end of round": "Units Repair Hits End Turn",
    "battleships repair at beginning of round": "Units Repair Hits Start Turn",
    "units repair at beginning of round": "Units Repair Hits Start Turn",
    "notes": "notes",
}

# 2.x properties named after a player: `<player> Income Percentage` and `<player> PU Income Bonus`
# (Constants.getPropertyNameIncomePercentageFor / ...PuIncomeBonusFor; GameParser adds them per
# player, and a <property> of that name in the game XML is read first), `<player> bid`
# (BidPurchaseDelegate).
PLAYER_PROPERTY_SUFFIXES_2X: tuple[str, ...] = (" Income Percentage", " PU Income Bonus", " bid")

# game properties TripleA 1.9's Properties reads as true or false (GameProperties.get(name, boolean),
# which casts the value it keeps: with no type element, text or a number, and the cast fails)
BOOLEAN_PROPERTIES_1_9: frozenset[str] = frozenset((
    "AA Territory Restricted", "Abandoned Territories May Be Taken Over Immediately", "Air Attack Sub Restricted",
    "Air Battle Attackers Can Retreat", "Air Battle Defenders Can Retreat",
    "Airborne Attacks Only In Enemy Territories", "Airborne Attacks Only In Existing Battles", "All Rockets Attack",
    "Alliances Can Chain Together", "Allied Air Independent", "Always on AA", "Attacker Retreat Planes",
    "Battles May Be Preceeded By Air Battles", "Blitz Through Factories And AA Restricted",
    "Can Scramble Into Air Battles", "Capture Units On Entering Territory", "Choose AA Casualties",
    "Contested Territories Produce No Income", "Control All Canals Between Territories To Pass",
    "Convoy Blockades Roll Dice For Cost", "Damage From Bombing Done To Units Instead Of Territories",
    "Defending Subs Sneak Attack", "Defending Suicide and Munition Units Do Not Fire",
    "Disabled Players Assets Deleted", "Economic Victory", "Force AA Attacks For Last Step Of Fly Over",
    "Give Units By Territory", "Honorable Surrender", "Ignore Sub In Movement", "Ignore Transport In Movement",
    "Kamikaze Airplanes", "Kamikaze Suicide Attacks Done By Current Territory Owner",
    "Kamikaze Suicide Attacks Only Where Battles Are", "LHTR Carrier production rules", "LHTR Heavy Bombers",
    "Land existing fighters on new carriers", "Limit Rocket Damage Per Turn", "Limit SBR Damage Per Turn",
    "Limit SBR Damage To Factory Production", "Low Luck", "Low Luck for AntiAircraft",
    "Low Luck for Bombing and Territory Damage", "Low Luck for Technology", "More Constructions with Factory",
    "More Constructions without Factory", "Move existing fighters to new carriers",
    "Movement By Territory Restricted", "Multiple AA Per Territory", "National Objectives",
    "Naval Bombard Casualties Return Fire", "Naval Units May Not NonCombat Move Into Controlled Sea Zones",
    "Neutral Flyover Allowed", "Neutrals Are Blitzable", "Neutrals Are Impassable",
    "On Entering Units Destroyed Instead Of Captured", "Pacific Theater",
    "Paratroopers Can Attack Deep Into Enemy Territory", "Paratroopers Can Move During Non Combat",
    "Partial Amphibious Retreat", "Place in Any Territory", "Placement Restricted By Factory",
    "Produce fighters on carriers", "Produce new fighters on old carriers",
    "Production Per Valued Territory Restricted", "Production Per X Territories Restricted", "Projection of Power",
    "Raids May Be Preceeded By Air Battles", "Random AA Casualties", "Remove All Tech Tokens At End Of Turn",
    "Retreating Units Remain In Place", "Rocket Attacks Per Factory Infinite", "Rockets Can Fly Over Impassables",
    "Roll AA Individually", "SBR Victory Points", "Scramble From Island Only", "Scramble Rules In Effect",
    "Scramble To Any Amphibious Assault", "Scramble To Sea Only", "Scrambled Units Return To Base",
    "Sea Battles May Be Ignored", "Selectable Tech Roll", "Selectable Zero Movement Units",
    "Shore Bombard Per Ground Unit Restricted", "Sub Control Sea Zone Restricted", "Sub Retreat Before Battle",
    "Submarines Defending May Submerge Or Retreat", "Submarines Prevent Unescorted Amphibious Assaults",
    "Submersible Subs", "Subs Can End NonCombat Move With Enemies", "Suicide and Munition Casualties Restricted",
    "Surviving Air Move To Land", "Tech Development", "Territories Are Assigned Randomly", "Territory Turn Limit",
    "Total Victory", "Transport Casualties Restricted", "Transport Control Sea Zone", "Transport Restricted Unload",
    "Triggered Victory", "Two HitPoint Units Require Repair Facilities", "Two hit battleship",
    "Unit Placement In Enemy Seas", "Unit Placement Per Territory Restricted", "Unit Placement Restrictions",
    "Units Can Be Changed On Capture", "Units Can Be Destroyed Instead Of Captured", "Units May Give Bonus Movement",
    "Units Repair Hits End Turn", "Units Repair Hits Start Turn", "Unlimited Constructions",
    "Unplaced units live when not placed", "Use Bombing Max Dice Sides And Bonus", "Use Destroyers and Artillery",
    "Use Fuel Cost", "Use Kamikaze Suicide Attacks", "Use Politics", "Use Shipyards", "Use Triggers", "WW2V2",
    "WW2V3", "WW2V3 Tech Model",
))

# Properties TripleA 1.9 reads and 2.x does not (1.9 jar's Properties.class, javap, against the
# 2.x names above): a map written for 2.x gets nothing from them. Reported as info.
PROPERTY_NAMES_NOT_READ_BY_2X: frozenset[str] = frozenset((
    "Rocket Attacks Per Factory Infinite", "Random AA Casualties", "Roll AA Individually",
    "Suicide and Munition Casualties Restricted",
))

# map.properties keys TripleA 2.x reads (all through its MapData: the engine's only reader of
# map.properties; the screenshot title keys are read for it by ScreenshotExporter). The engine
# module adds any more the installed 1.9 jar's MapData names. `map.mapBlends` is declared by 2.x
# MapData and written by its map-making tool but read by nothing: kept, so the tool's output is
# not reported. `color.<Player>` is handled apart (M322, M323).
MAP_PROPERTY_KEYS: tuple[str, ...] = (
    "units.scale", "units.width", "units.height", "units.counter.offset.width", "units.counter.offset.height",
    "units.stack.size", "map.width", "map.height", "map.scrollWrapX", "map.scrollWrapY", "map.hasRelief",
    "map.showCapitolMarkers", "map.showTerritoryNames", "map.showResources", "map.showComments",
    "map.showSeaZoneNames", "map.drawNamesFromTopLeft", "map.useNation_convoyFlags",
    "map.useTerritoryEffectMarkers", "map.cursor.hotspot.x", "map.cursor.hotspot.y", "map.mapBlends",
    "map.mapBlendMode", "map.mapBlendAlpha", "dont_draw_territory_names", "dont_draw_units",
    "smallMap.territory.saturation", "smallMap.unit.size", "smallMap.viewer.borderColor",
    "smallMap.viewer.fillColor", "smallMap.viewer.fillAlpha", "units.transform.ignore",
    "screenshot.title.enabled", "screenshot.title.x", "screenshot.title.y", "screenshot.title.color",
    "screenshot.title.font.size",
)

# 2.x map.properties keys built from a player's name (the owner of the units drawn): the key is
# the prefix followed by the name exactly as in the game XML's <player name=...>.
MAP_PROPERTY_PLAYER_PREFIXES: tuple[str, ...] = (
    "units.transform.color.", "units.transform.brightness.", "units.transform.flip.",
)

# The player 2.x (and 1.9) makes the owner of land and units nobody owns, and draws in the
# colour of `color.Neutral` (2.x Constants.PLAYER_NAME_NEUTRAL).
NEUTRAL_PLAYER = "Neutral"

# Names 2.x reads a colour for although they are no player: `color.Impassable` (impassable
# land), and its old spelling `color.Impassible`, read when the first is absent.
IMPASSABLE_COLOUR_NAMES: tuple[str, ...] = ("Impassable", "Impassible")

# map.properties keys older engines read and 1.9 and 2.x no longer do: the screenshot statistics
# overlay, removed in August 2016 ("Export screenshots without stats #529"). Reported as info,
# never "did you mean".
RETIRED_MAP_PROPERTY_KEYS: dict[str, str] = {  # key -> when and why TripleA stopped reading it
    **dict.fromkeys(("screenshot.stats.enabled", "screenshot.stats.x", "screenshot.stats.y",
                     "screenshot.stats.text.color", "screenshot.stats.border.color"),
                    "TripleA stopped reading it in 2016, when screenshots lost their statistics table"),
    "map.showConvoyNames": "no TripleA ever read it: declared in 2011, it was removed unused in 2016",
}
# map.properties keys renamed since: old key -> (the key 2.x reads, when and how its meaning changed)
RENAMED_MAP_PROPERTY_KEYS: dict[str, tuple[str, str]] = {
    # 2.x git 3007c33acc (2018): the mini-map's territory colours faded by saturation, not transparency
    "smallMap.territory.alpha": ("smallMap.territory.saturation", "in 2018, from a transparency to a saturation "
                                                                  "of the colours (0 to 1, default 1)"),
}

# Properties older engines read and 1.9 no longer does: reported as info, never "did you mean".
RETIRED_PROPERTY_NAMES: frozenset[str] = frozenset((
    "Occupied Territories", "Hari-Kari Units", "Unescorted Transport Dies",
    "Previous Units Fight", "Display Sea Names", "Display Units as Counters", "AI Bonus Attack",
    "AI Bonus Defense", "Rocket Attack Per Factory Restricted", "Free For All",
    # dropped in 2009 (the Constants.java of svn r2525, git a1e0e425c7), none with a successor
    "Anniversary Edition Land Production", "Anniversary Edition Air Naval", "Europe Edition",
    "Continuous Research", "Rockets Can Violate Neutrality",
    # dropped in 2017 (git 484bd2b728): the AI's income is set per player since, by the host's
    # `<Player> Income Percentage` and `<Player> PU Income Bonus` (GameParser adds them)
    "AI Bonus Income Percentage", "AI Bonus Income Flat Rate",
))

# Properties renamed since: old name -> (the name 2.x reads, year, the meaning inverted). In
# 2009 (svn r2525, git a1e0e425c7), 2010 ("No Economic Victory", git 6ef8ac8f9a), 2014 ("Allied
# Air Dependents", 09f2ada47f) and 2016 (2f60b636f6, ebeece4a5d); the engine reads no old name,
# so a game written with one plays without that rule.
RENAMED_PROPERTY_NAMES: dict[str, tuple[str, int, bool]] = {
    "4th Edition": ("WW2V2", 2009, False),
    "AA50 Tech Model": ("WW2V3 Tech Model", 2009, False),
    "Anniversary Edition": ("WW2V3", 2009, False),
    "Pacific Edition": ("Pacific Theater", 2009, False),
    "No Economic Victory": ("Economic Victory", 2010, True),
    "Allied Air Dependents": ("Allied Air Independent", 2014, True),
    "Naval Bombard Casualties Return Fire Restricted": ("Naval Bombard Casualties Return Fire", 2016, False),
    "SBR Affects Unit Production": ("Damage From Bombing Done To Units Instead Of Territories", 2016, False),
}

# Relationship types every game has without declaring them: RelationshipTypeList makes them (2.x
# Constants.RELATIONSHIP_TYPE_SELF, _NULL, _DEFAULT_WAR, _DEFAULT_ALLIED; the same in 1.9's jar).
BUILTIN_RELATIONSHIP_TYPES: frozenset[str] = frozenset((
    "self_relation", "null_relation", "default_war_relation", "default_allied_relation",
))
# TripleA 2.x's default for each game property it reads through Properties.java (its
# `properties.get(NAME, default)`), as text: what a game without the property plays with.
# Most are false; the others are whole numbers.
PROPERTY_DEFAULTS_2X: dict[str, str] = {
    "Air Battle Rounds": "1", "Heavy Bomber Dice Rolls": "2", "Land Battle Rounds": "-1", "Multiply PUs": "1",
    "Relationships Last Extra Rounds": "0", "Sea Battle Rounds": "-1", "Super Sub Defence Bonus": "0",
    "maxFactoriesPerTerritory": "1", "neutralCharge": "0",
    **dict.fromkeys((
        "AA Territory Restricted", "Abandoned Territories May Be Taken Over Immediately",
        "Air Attack Sub Restricted", "Air Battle Attackers Can Retreat", "Air Battle Defenders Can Retreat",
        "Airborne Attacks Only In Enemy Territories", "Airborne Attacks Only In Existing Battles",
        "All Rockets Attack", "All Units Can Attack From Contested Territories", "Alliances Can Chain Together",
        "Allied Air Independent", "Always on AA", "Attacker Retreat Planes",
        "Battles May Be Preceeded By Air Battles", "Blitz Through Factories And AA Restricted",
        "Can Scramble Into Air Battles", "Capture Units On Entering Territory", "Choose AA Casualties",
        "Contested Territories Produce No Income", "Control All Canals Between Territories To Pass",
        "Convoy Blockades Roll Dice For Cost", "Damage From Bombing Done To Units Instead Of Territories",
        "Defending Subs Sneak Attack", "Defending Suicide and Munition Units Do Not Fire",
        "Disabled Players Assets Deleted", "Economic Victory",
        "Enter Territories With Higher Movement Costs Then Remaining Moves",
        "Force AA Attacks For Last Step Of Fly Over", "Give Units By Territory", "Honorable Surrender",
        "Ignore Sub In Movement", "Ignore Transport In Movement", "Kamikaze Airplanes",
        "Kamikaze Suicide Attacks Done By Current Territory Owner",
        "Kamikaze Suicide Attacks Only Where Battles Are", "LHTR Carrier production rules", "LHTR Heavy Bombers",
        "Land Battles May Be Ignored", "Land existing fighters on new carriers", "Limit Rocket Damage Per Turn",
        "Limit SBR Damage Per Turn", "Limit SBR Damage To Factory Production", "Low Luck",
        "Low Luck for AntiAircraft", "Low Luck for Bombing and Territory Damage", "Low Luck for Technology",
        "More Constructions with Factory", "More Constructions without Factory",
        "Move existing fighters to new carriers", "Movement By Territory Restricted", "Multiple AA Per Territory",
        "National Objectives", "Naval Bombard Casualties Return Fire",
        "Naval Units May Not NonCombat Move Into Controlled Sea Zones", "Neutral Flyover Allowed",
        "Neutrals Are Blitzable", "Neutrals Are Impassable", "On Entering Units Destroyed Instead Of Captured",
        "Pacific Theater", "Paratroopers Can Attack Deep Into Enemy Territory",
        "Paratroopers Can Move During Non Combat", "Partial Amphibious Retreat", "Place in Any Territory",
        "Placement Restricted By Factory", "Produce fighters on carriers", "Produce new fighters on old carriers",
        "Production Per Valued Territory Restricted", "Production Per X Territories Restricted",
        "Projection of Power", "Raids May Be Preceeded By Air Battles", "Random AA Casualties",
        "Remove All Tech Tokens At End Of Turn", "Retreating Units Remain In Place",
        "Rockets Can Fly Over Impassables", "Roll AA Individually", "SBR Victory Points",
        "Scramble From Island Only", "Scramble Rules In Effect", "Scramble To Any Amphibious Assault",
        "Scramble To Sea Only", "Scrambled Units Return To Base", "Sea Battles May Be Ignored",
        "Selectable Tech Roll", "Selectable Zero Movement Units", "Shore Bombard Per Ground Unit Restricted",
        "Sub Control Sea Zone Restricted", "Sub Retreat Before Battle",
        "Submarines Defending May Submerge Or Retreat", "Submarines Prevent Unescorted Amphibious Assaults",
        "Submersible Subs", "Subs Can End NonCombat Move With Enemies", "Suicide and Munition Casualties Restricted",
        "Surviving Air Move To Land", "Target Rockets Sequentially and After SBR", "Tech Development",
        "Territories Are Assigned Randomly", "Territory Turn Limit", "Total Victory",
        "Transport Casualties Restricted", "Transport Control Sea Zone", "Transport Restricted Unload",
        "Triggered Victory", "Two HitPoint Units Require Repair Facilities", "Two hit battleship",
        "Unit Placement In Enemy Seas", "Unit Placement Per Territory Restricted", "Unit Placement Restrictions",
        "Units Can Be Changed On Capture", "Units Can Be Destroyed Instead Of Captured",
        "Units Can Load In Hostile Sea Zones", "Units May Give Bonus Movement", "Units Repair Hits End Turn",
        "Units Repair Hits Start Turn", "Unlimited Constructions", "Unplaced units live when not placed",
        "Use Bombing Max Dice Sides And Bonus", "Use Destroyers and Artillery", "Use Fuel Cost",
        "Use Kamikaze Suicide Attacks", "Use Politics", "Use Shipyards", "Use Triggers", "WW2V2", "WW2V3",
        "WW2V3 Tech Model",
    ), "false"),
}
# TripleA 2.x's TerritoryAttachment fields that a map sets with a plain value, and their defaults
# (the field initialisers): an option setting one of these to it changes nothing.
TERRITORY_ATTACHMENT_DEFAULTS: dict[str, str] = {
    "production": "0", "productionOnly": "0", "unitProduction": "0", "victoryCity": "0",
    **dict.fromkeys(("isImpassable", "originalFactory", "convoyRoute", "navalBase", "airBase", "kamikazeZone",
                     "blockadeZone"), "false"),
}
TERRITORY_ATTACHMENT_CLASS = "TerritoryAttachment"
TECH_ATTACHMENT_CLASS = "TechAttachment"  # every field a boolean, false by default (a player's advances)


def sets_a_default(java_class: str, option: str, value: str) -> bool:
    """Whether this option of an attachment of this class (short name) sets what its field already
    holds, so that it changes nothing (known for TerritoryAttachment's plain fields and
    TechAttachment's)."""
    if java_class == TECH_ATTACHMENT_CLASS:
        return value.strip().lower() == "false"
    default = TERRITORY_ATTACHMENT_DEFAULTS.get(option) if java_class == TERRITORY_ATTACHMENT_CLASS else None
    if default == "0":  # read by Integer.parseInt: "00" and "+0" are 0 too
        written = value.strip()  # (\d: decimal digits, as int() and Java read them; `²` passes isdigit alone)
        return re.fullmatch(r"[+-]?\d+", written) is not None and int(written) == 0
    return default is not None and value.strip().lower() == default
