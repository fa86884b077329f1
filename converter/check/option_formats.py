"""How TripleA 2.x reads the attachment options whose values name things the game declares.

Each option's setter splits its value (with the option's `count` put in front, `count:value`,
as GameParser.setOptions does) on `:` and looks up some of the parts as unit types, players,
territories and so on; a name the game never declares makes the setter throw, and the game
is refused. Read from 2.x's attachment setters (triplea-game/triplea 2c40db86a6); the real
TripleA 1.9 is the oracle for the cases (tests/check/test_check_refused_oracle.py).

A format is a list of field specs over the split value: a kind, `kind?` (an optional field,
taken only when it reads as that kind: a leading count), `kind*` (every remaining field),
`kind(word,word)` (a field that also takes those words of the setter's in place of a name,
there alone: a trigger's relationshipChange takes `any` for its old relationship, not a player).
Kinds `int`, `bool` and `text` are not names: R111 reads the names (option_references), S220
the numbers, true/false parts and how many parts a setter takes (option_values). `condition` and
`trigger` name a player's RulesAttachment or TriggerAttachment, which 2.x (and 1.9) look for
among the attachments read before: the list's order matters. A trigger's `support` names a
unit type's UnitSupportAttachment (`supportAttachment...`), also one 2.x makes itself for an
old `artillery` unit (`supportAttachmentArtyOld<unit>`), read before it too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from converter.check.model import (FRONTIER, PLAYER, RELATIONSHIP, RESOURCE, RULE, TECHNOLOGY, TERRITORY,
                                   TERRITORY_EFFECT, UNIT)

PLACE = f"{TERRITORY} or {TERRITORY_EFFECT}"  # unitPlacementRestrictions: either, per part
# a player's attachment of this class, read before the option (2.x casts what it finds to it)
CONDITION, TRIGGER, SUPPORT = "condition", "trigger", "support attachment"
ATTACHMENT_KINDS = MappingProxyType({CONDITION: "RulesAttachment", TRIGGER: "TriggerAttachment",
                                     SUPPORT: "UnitSupportAttachment"})
ATTACHED_TO = MappingProxyType({CONDITION: "player", TRIGGER: "player", SUPPORT: "unitType"})  # their `type`
NOT_NAMES = frozenset(("int", "bool", "text"))
KINDS = MappingProxyType({
    "unit": UNIT, "player": PLAYER, "territory": TERRITORY, "resource": RESOURCE, "technology": TECHNOLOGY,
    "relationship": RELATIONSHIP, "territoryEffect": TERRITORY_EFFECT, "frontier": FRONTIER,
    "productionRule": RULE, "place": PLACE, "condition": CONDITION, "trigger": TRIGGER, "support": SUPPORT,
})


@dataclass(frozen=True)
class ValueFormat:
    fields: tuple[str, ...]  # field specs, see the module's text
    keywords: frozenset[str] = frozenset()  # words a setter takes in place of a name, in any field
    field_words: tuple[frozenset[str], ...] = ()  # words it takes in one field alone, by field (`kind(word)`)
    stop: frozenset[str] = frozenset()  # a word after which the setter looks nothing more up
    whole: frozenset[str] = frozenset()  # whole values the setter takes as they are (`NONE`)
    case_sensitive: bool = True  # how the setter compares the words above
    prefix: str = ""  # a mark the setter removes from a name before its lookup (`-rule`)
    skip_blank: bool = False  # parts of blanks alone are passed over (setConditions)
    tail: tuple[str, ...] = ()  # kinds repeated after `fields` (pairs of unit and count)
    split: bool = True  # False: the whole value is one name, colons included
    # (index, kind, the rest from there) of each name field after an optional count, for a format
    # whose fields stand at fixed places (no other optional field, repeated tail or prefix); else None
    places: tuple[tuple[int, str, bool], ...] | None = None
    optional_count: bool = False  # the first field is a count when it reads as a whole number
    ordered: bool = False  # names attachments: where they stand in the list matters
    least: int = 0  # parts the setter needs at least (the count included)
    most: int | None = None  # parts it takes at most


def _format(spec: str, keywords: str = "", stop: str = "", whole: str = "", case_sensitive: bool = True,
            prefix: str = "", tail: str = "", split: bool = True, skip_blank: bool = False) -> ValueFormat:
    def words(text: str) -> frozenset[str]:  # as the setter compares them
        return frozenset(text.split() if case_sensitive else text.lower().split())
    tokens = [token.rstrip(")").partition("(") for token in spec.split()]
    fields = tuple(field for field, _, _ in tokens)
    field_words = tuple(words(own.replace(",", " ")) for _, _, own in tokens) \
        if any(own for _, _, own in tokens) else ()
    optional_count = fields[:1] == ("int?",)
    after = fields[1:] if optional_count else fields
    fixed = split and not (prefix or tail) and not any(field.endswith("?") for field in after)
    places = tuple((index, KINDS[field.rstrip("*")], field.endswith("*")) for index, field in enumerate(after)
                   if field.rstrip("*") not in NOT_NAMES) if fixed else None
    ordered = any(KINDS.get(field.rstrip("?*")) in ATTACHMENT_KINDS for field in fields)
    return ValueFormat(fields, words(keywords), field_words, words(stop), words(whole), case_sensitive, prefix,
                       skip_blank, tuple(tail.split()), split, places, fixed and optional_count, ordered)


_COUNTED_UNIT = _format("int unit")
_COUNTED_RESOURCE = _format("int resource")
_UNITS, _PLAYERS, _TERRITORIES = _format("unit*"), _format("player*"), _format("territory*")
_CONDITIONS = _format("condition*", skip_blank=True)
_ACTIVATE = _format("trigger int bool bool bool bool")  # name:times:useUses:testUses:testConditions:testChance
_PLAYERS_OR_BOOLEAN = _format("player*", whole="true false", case_sensitive=False)
# AbstractRulesAttachment.getListedTerritories: a count, `each` anywhere; a group word ends the list
_CONDITION_TERRITORIES = _format("int? territory*", keywords="each",
                                 stop="controlled controlledNoWater original originalNoWater all map enemy")
_LIMIT = _format("int text unit*", stop="all", case_sensitive=False)  # count:owned|allied|total:units, or `all`
_TECH_BONUS = ("airAttackBonus", "airDefenseBonus", "airborneCapacity", "attackBonus", "attackRollsBonus",
               "bombingBonus", "defenseBonus", "defenseRollsBonus", "movementBonus", "productionBonus",
               "radarBonus", "rocketDiceNumber")

# (attachment class, option name as 2.x reads it) -> how its value names things; the counts of
# parts below are added to it in OPTION_FORMATS
_NAMING = {
    ("CanalAttachment", "excludedUnits"): _format("unit*", whole="NONE ALL", case_sensitive=False),
    ("CanalAttachment", "landTerritories"): _TERRITORIES,
    ("PlayerAttachment", "attackingLimit"): _LIMIT,
    ("PlayerAttachment", "movementLimit"): _LIMIT,
    ("PlayerAttachment", "placementLimit"): _LIMIT,
    ("PlayerAttachment", "captureUnitOnEnteringBy"): _PLAYERS,
    ("PlayerAttachment", "giveUnitControl"): _format("player*", whole="true false"),  # dropped by 2.x's mapper
    ("PlayerAttachment", "helpPayTechCost"): _PLAYERS,
    ("PlayerAttachment", "shareTechnology"): _PLAYERS,
    ("PlayerAttachment", "suicideAttackResources"): _COUNTED_RESOURCE,
    ("PlayerAttachment", "suicideAttackTargets"): _UNITS,
    **{(java_class, "conditions"): _CONDITIONS for java_class in (
        "PoliticalActionAttachment", "RulesAttachment", "TriggerAttachment", "UserActionAttachment")},
    ("TriggerAttachment", "trigger"): _CONDITIONS,  # the old name of conditions
    ("TriggerAttachment", "activateTrigger"): _ACTIVATE,
    ("UserActionAttachment", "activateTrigger"): _ACTIVATE,
    ("PoliticalActionAttachment", "actionAccept"): _PLAYERS,
    ("PoliticalActionAttachment", "costResources"): _COUNTED_RESOURCE,
    ("PoliticalActionAttachment", "relationshipChange"): _format("player player relationship"),
    ("UserActionAttachment", "actionAccept"): _PLAYERS,
    ("UserActionAttachment", "costResources"): _COUNTED_RESOURCE,
    **{("RulesAttachment", name): _CONDITION_TERRITORIES for name in (
        "alliedExclusionTerritories", "alliedOwnershipTerritories", "alliedPresenceTerritories",
        "directExclusionTerritories", "directOwnershipTerritories", "directPresenceTerritories",
        "enemyExclusionTerritories", "enemyPresenceTerritories", "enemySurfaceExclusionTerritories",
        "movementRestrictionTerritories")},
    ("RulesAttachment", "atWarPlayers"): _format("int? player*"),
    ("RulesAttachment", "battle"): _format("player player text text territory*", keywords="any",
                                           case_sensitive=False),
    ("RulesAttachment", "players"): _PLAYERS,
    ("RulesAttachment", "productionPerXTerritories"): _COUNTED_UNIT,
    ("RulesAttachment", "relationship"): _format("player player relationship int",  # the round count may be left out
                                                 keywords="anyAllied anyNeutral anyWar"),
    ("RulesAttachment", "techs"): _format("int? technology*"),
    ("RulesAttachment", "unitPresence"): _format("int unit*", keywords="any", case_sensitive=False),
    **{("TechAbilityAttachment", name): _COUNTED_UNIT for name in _TECH_BONUS},
    ("TechAbilityAttachment", "airborneBases"): _UNITS,
    ("TechAbilityAttachment", "airborneTypes"): _UNITS,
    ("TechAbilityAttachment", "airborneTargettedByAA"): _format("text unit*"),
    ("TechAbilityAttachment", "unitAbilitiesGained"): _format("unit text*"),
    ("TerritoryAttachment", "capital"): _format("player", split=False),
    ("TerritoryAttachment", "captureUnitOnEnteringBy"): _PLAYERS,
    ("TerritoryAttachment", "changeUnitOwners"): _PLAYERS_OR_BOOLEAN,
    ("TerritoryAttachment", "convoyAttached"): _TERRITORIES,
    ("TerritoryAttachment", "originalOwner"): _format("player", split=False),
    ("TerritoryAttachment", "resources"): _COUNTED_RESOURCE,
    ("TerritoryAttachment", "territoryEffect"): _format("territoryEffect*"),
    ("TerritoryAttachment", "whenCapturedByGoesTo"): _format("player player"),
    ("TerritoryEffectAttachment", "combatDefenseEffect"): _format("int unit*"),
    ("TerritoryEffectAttachment", "combatOffenseEffect"): _format("int unit*"),
    ("TerritoryEffectAttachment", "movementCostModifier"): _format("text unit*"),
    ("TerritoryEffectAttachment", "noBlitz"): _UNITS,
    ("TerritoryEffectAttachment", "unitsNotAllowed"): _UNITS,
    ("TriggerAttachment", "availableTech"): _format("text technology*", prefix="-"),
    ("TriggerAttachment", "changeOwnership"): _format("territory(all) player(any) player bool", case_sensitive=False),
    ("TriggerAttachment", "frontier"): _format("frontier", split=False),
    ("TriggerAttachment", "placement"): _format("int? territory unit*"),
    ("TriggerAttachment", "players"): _PLAYERS,
    ("TriggerAttachment", "productionRule"): _format("frontier productionRule", prefix="-"),
    ("TriggerAttachment", "purchase"): _format("int? unit*"),
    ("TriggerAttachment", "relationshipChange"): _format(
        "player player relationship(any,anyAllied,anyNeutral,anyWar) relationship"),
    ("TriggerAttachment", "relationshipTypes"): _format("relationship*"),
    ("TriggerAttachment", "removeUnits"): _format("int? territory unit*", keywords="all", case_sensitive=False),
    ("TriggerAttachment", "resource"): _format("resource", split=False),
    ("TriggerAttachment", "support"): _format("support*", prefix="-"),
    ("TriggerAttachment", "tech"): _format("technology*"),
    ("TriggerAttachment", "territories"): _TERRITORIES,
    ("TriggerAttachment", "territoryEffects"): _format("territoryEffect*"),
    ("TriggerAttachment", "unitType"): _UNITS,
    ("UnitAttachment", "bombingTargets"): _UNITS,
    ("UnitAttachment", "canBeCapturedOnEnteringBy"): _PLAYERS,
    ("UnitAttachment", "canBeGivenByTerritoryTo"): _PLAYERS_OR_BOOLEAN,
    ("UnitAttachment", "canInvadeOnlyFrom"): _format("unit*", stop="all none", case_sensitive=False),
    ("UnitAttachment", "canNotBeTargetedBy"): _UNITS,
    ("UnitAttachment", "canNotTarget"): _UNITS,
    ("UnitAttachment", "consumesUnits"): _COUNTED_UNIT,
    ("UnitAttachment", "createsResourcesList"): _COUNTED_RESOURCE,
    ("UnitAttachment", "createsUnitsList"): _COUNTED_UNIT,
    ("UnitAttachment", "destroyedWhenCapturedBy"): _format("player*", keywords="BY FROM"),
    ("UnitAttachment", "destroyedWhenCapturedFrom"): _format("player*", keywords="BY FROM"),
    ("UnitAttachment", "fuelCost"): _COUNTED_RESOURCE,
    ("UnitAttachment", "fuelFlatCost"): _COUNTED_RESOURCE,
    ("UnitAttachment", "givesMovement"): _format("int unit*"),
    ("UnitAttachment", "repairsUnits"): _format("int? unit*"),
    ("UnitAttachment", "requiresUnits"): _UNITS,
    ("UnitAttachment", "requiresUnitsToMove"): _UNITS,
    ("UnitAttachment", "targetsAA"): _UNITS,
    ("UnitAttachment", "unitPlacementOnlyAllowedIn"): _format("place*"),
    ("UnitAttachment", "unitPlacementRestrictions"): _format("place*"),
    ("UnitAttachment", "whenCapturedChangesInto"): _format("player player bool unit int", keywords="any",
                                                           case_sensitive=False, tail="unit int"),
    ("UnitAttachment", "whenHitPointsDamagedChangesInto"): _format("int bool unit"),
    ("UnitAttachment", "whenHitPointsRepairedChangesInto"): _format("int bool unit"),
    ("UnitAttachment", "willNotFireIfPresent"): _UNITS,
    # parseStackingLimit: count:owned|allied|total, naming nothing
    **dict.fromkeys((("UnitAttachment", "attackingLimit"), ("UnitAttachment", "movementLimit"),
                     ("UnitAttachment", "placementLimit")), _format("int text")),
    ("UnitSupportAttachment", "players"): _PLAYERS,
    ("UnitSupportAttachment", "unitType"): _UNITS,
}

# how many parts (the count included) the setters take, for formats that bound them: fewer, or
# more, and they refuse the game (2.x's setters, the `s.length` tests)
_PARTS = {
    **dict.fromkeys((("PlayerAttachment", "attackingLimit"), ("PlayerAttachment", "movementLimit"),
                     ("PlayerAttachment", "placementLimit")), (3, None)),
    **dict.fromkeys((("PlayerAttachment", "suicideAttackResources"), ("PoliticalActionAttachment", "costResources"),
                     ("UserActionAttachment", "costResources"), ("TerritoryAttachment", "whenCapturedByGoesTo"),
                     ("UnitAttachment", "consumesUnits"), ("UnitAttachment", "createsResourcesList"),
                     ("UnitAttachment", "createsUnitsList"), ("UnitAttachment", "fuelCost"),
                     ("UnitAttachment", "fuelFlatCost"),
                     *(("TechAbilityAttachment", name) for name in _TECH_BONUS)), (2, 2)),
    **dict.fromkeys((("UnitAttachment", "attackingLimit"), ("UnitAttachment", "movementLimit"),
                     ("UnitAttachment", "placementLimit")), (2, 2)),
    ("PoliticalActionAttachment", "relationshipChange"): (3, 3),
    ("TriggerAttachment", "relationshipChange"): (4, 4),
    ("RulesAttachment", "battle"): (5, None),
    ("RulesAttachment", "productionPerXTerritories"): (1, 2),
    **dict.fromkeys((("RulesAttachment", "unitPresence"), ("TechAbilityAttachment", "airborneTargettedByAA"),
                     ("TechAbilityAttachment", "unitAbilitiesGained"), ("TerritoryAttachment", "resources"),
                     ("TerritoryEffectAttachment", "combatDefenseEffect"),
                     ("TerritoryEffectAttachment", "combatOffenseEffect"),
                     ("TerritoryEffectAttachment", "movementCostModifier"), ("UnitAttachment", "givesMovement"),
                     ("TriggerAttachment", "placement"), ("TriggerAttachment", "purchase"),
                     ("TriggerAttachment", "removeUnits")), (2, None)),
    **dict.fromkeys((("TriggerAttachment", "activateTrigger"), ("UserActionAttachment", "activateTrigger")), (6, 6)),
    ("TriggerAttachment", "changeOwnership"): (4, None),
    ("TriggerAttachment", "productionRule"): (2, 2),
    ("TriggerAttachment", "availableTech"): (2, None),
    ("RulesAttachment", "relationship"): (3, 4),
    ("UnitAttachment", "whenCapturedChangesInto"): (5, None),
    **dict.fromkeys((("UnitAttachment", "whenHitPointsDamagedChangesInto"),
                     ("UnitAttachment", "whenHitPointsRepairedChangesInto")), (3, 3)),
}
OPTION_FORMATS: MappingProxyType[tuple[str, str], ValueFormat] = MappingProxyType({
    key: replace(value_format, least=_PARTS[key][0], most=_PARTS[key][1]) if key in _PARTS else value_format
    for key, value_format in _NAMING.items()})
OPTION_NAMES = frozenset(name for _, name in OPTION_FORMATS)
