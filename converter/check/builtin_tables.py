"""Read-only fallback tables for when the engine jar is absent (a CI runner without the
Debian package). Small on purpose: the jar is the real source; these cover the options
and property names that most maps use, so the common misspellings are still caught.
"""

from __future__ import annotations

ATTACHMENT_OPTIONS: dict[str, tuple[str, ...]] = {
    "UnitAttachment": (
        "movement", "attack", "defense", "isAir", "isSea", "isFactory", "isAA", "isAAforCombatOnly",
        "isAAforBombingThisUnitOnly", "isAAforFlyOverOnly", "isInfrastructure", "isSub", "isDestroyer",
        "isTwoHit", "hitPoints", "transportCapacity", "transportCost", "carrierCapacity", "carrierCost",
        "canBlitz", "artillery", "artillerySupportable", "isMarine", "isStrategicBomber", "isSuicide",
        "isConstruction", "constructionType", "constructionsPerTerrPerTypePerTurn",
        "maxConstructionsPerTypePerTerr", "canProduceUnits", "canProduceXUnits", "isCombatTransport",
        "isLandTransport", "isAirTransport", "isAirTransportable", "isParatroop", "isKamikaze",
        "attackRolls", "defenseRolls", "canBombard", "bombard", "blockade", "isRocket", "isInfantry",
        "requiresUnits", "consumesUnits", "canBeDamaged", "maxDamage", "maxOperationalDamage",
        "canNotMoveDuringCombatMove", "movementLimit", "attackingLimit", "placementLimit",
        "canInvadeOnlyFrom", "unitPlacementRestrictions", "fuelCost", "isSuicideOnHit",
        "receivesAbilityWhenWith", "whenCombatDamaged", "canBeGivenByTerritoryTo",
        "canBeCapturedOnEnteringBy", "destroyedWhenCapturedBy", "canIntercept", "canEscort",
        "canAirBattle", "airAttack", "airDefense", "bombingBonus", "bombingMaxDieSides",
        "isAirBase", "maxScrambleCount", "maxScrambleDistance", "canScramble", "typeAA",
        "attackAA", "defenseAA", "maxAAattacks", "mayOverStackAA", "damageableAA", "targetsAA",
        "willNotFireIfPresent", "isAAmovement", "isAllowedToMoveAfterAA", "canNotBeTargetedBy",
        "canNotTarget", "canMoveThroughEnemies", "canBeMovedThroughByEnemies", "createsUnitsList",
        "createsResourcesList", "givesMovement", "repairsUnits", "requiresUnitsToMove",
        "isFirstStrike", "tuv", "isInfrastructure", "special", "isAirTransportable",
    ),
    "TerritoryAttachment": (
        "production", "productionOnly", "unitProduction", "capital", "originalFactory", "victoryCity",
        "isImpassable", "originalOwner", "convoyRoute", "convoyAttached", "changeUnitOwners",
        "captureUnitOnEnteringBy", "navalBase", "airBase", "kamikazeZone", "blockadeZone",
        "territoryEffect", "whenCapturedByGoesTo", "resources", "isImpassible",
    ),
    "PlayerAttachment": (
        "vps", "captureVps", "retainCapitalNumber", "retainCapitalProduceNumber", "giveUnitControl",
        "captureUnitOnEnteringBy", "shareTechnology", "helpPayTechCost", "destroysPUs",
        "immuneToBlockade", "suicideAttackResources", "suicideAttackTargets", "placementLimit",
        "movementLimit", "attackingLimit",
    ),
    "CanalAttachment": ("canalName", "landTerritories", "excludedUnits"),
    "RulesAttachment": (
        "objectiveValue", "uses", "turns", "rounds", "players", "conditions", "conditionType",
        "invert", "alliedOwnershipTerritories", "directOwnershipTerritories", "alliedExclusionTerritories",
        "directExclusionTerritories", "enemyExclusionTerritories", "enemySurfaceExclusionTerritories",
        "directPresenceTerritories", "alliedPresenceTerritories", "enemyPresenceTerritories",
        "unitPresence", "techs", "atWarPlayers", "relationship", "battle", "switch", "gameProperty",
        "destroyedTUV", "haveResources", "productionPerXTerritories", "placementPerTerritory",
        "maxPlacePerTerritory", "placementAnyTerritory", "placementAnySeaZone", "placementCapturedTerritory",
        "unlimitedProduction", "placementInCapitalRestricted", "dominatingFirstRoundAttack",
        "negateDominatingFirstRoundAttack", "movementRestrictionTerritories", "movementRestrictionType",
        "productionPerXTerritories", "chance", "isAI", "countEach", "territoryCountsAs",
    ),
    "TriggerAttachment": (
        "trigger", "conditions", "conditionType", "invert", "when", "uses", "notification", "players",
        "frontier", "productionRule", "tech", "availableTech", "placement", "purchase", "resource",
        "resourceCount", "support", "relationshipChange", "victory", "activateTrigger",
        "unitType", "unitAttachmentName", "unitProperty", "territories", "territoryAttachmentName",
        "territoryProperty", "playerAttachmentName", "playerProperty", "relationshipTypes",
        "relationshipTypeAttachmentName", "relationshipTypeProperty", "territoryEffects",
        "territoryEffectAttachmentName", "territoryEffectProperty", "changeOwnership", "removeUnits",
        "chance", "chanceIncrementOnFailure", "chanceDecrementOnSuccess", "gameProperty", "switch",
    ),
    "UnitSupportAttachment": (
        "unitType", "offence", "defence", "roll", "strength", "bonus", "number", "bonusType",
        "dice", "side", "faction", "players", "impArtTech",
    ),
    "TechAttachment": (
        "techCost", "heavyBomber", "longRangeAir", "jetPower", "rocket", "industrialTechnology",
        "superSub", "destroyerBombard", "improvedArtillerySupport", "paratroopers", "increasedFactoryProduction",
        "warBonds", "mechanizedInfantry", "aARadar", "shipyards",
    ),
    "TerritoryEffectAttachment": ("combatDefenseEffect", "combatOffenseEffect", "noBlitz", "unitsNotAllowed"),
    "RelationshipTypeAttachment": (
        "archeType", "canMoveLandUnitsOverOwnedLand", "canMoveAirUnitsOverOwnedLand", "alliancesCanChainTogether",
        "isDefaultWarPosition", "upkeepCost", "canLandAir", "canTakeOverOwnedTerritory", "givesBackOriginalTerritories",
        "canMoveIntoDuringCombatMove", "canMoveThroughCanals", "rocketsCanFlyOver",
    ),
    "PoliticalActionAttachment": (
        "conditions", "conditionType", "invert", "relationshipChange", "text", "costPU", "attemptsPerTurn",
        "actionAccept", "chance",
    ),
    "UserActionAttachment": (
        "conditions", "conditionType", "invert", "text", "costPU", "attemptsPerTurn", "actionAccept",
        "chance", "activateTrigger",
    ),
}

# Game properties read by the engine (1.9 and 2.x); misspellings of these are silently ignored.
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
    "Bid", "AI Bonus Income Percentage", "AI Bonus Income Flat Rate", "Hard AI Bonus", "Show Enemy Casualties",
)

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
RETIRED_MAP_PROPERTY_KEYS: frozenset[str] = frozenset((
    "screenshot.stats.enabled", "screenshot.stats.x", "screenshot.stats.y", "screenshot.stats.text.color",
    "screenshot.stats.border.color",
))

# Properties older engines read and 1.9 no longer does: reported as info, never "did you mean".
RETIRED_PROPERTY_NAMES: frozenset[str] = frozenset((
    "Allied Air Dependents", "Occupied Territories", "Hari-Kari Units", "Unescorted Transport Dies",
    "Previous Units Fight", "Display Sea Names", "Display Units as Counters", "AI Bonus Attack",
    "AI Bonus Defense", "Rocket Attack Per Factory Restricted", "MaxFactoriesPerTerritory", "Free For All",
    "Naval Bombard Casualties Return Fire Restricted",
))
