"""S209, S222, S224: the game's properties, by the names the engines read, the names conditions
test, and the triggers they switch off (S210 is in `property_values`; the rest of S2xx is in
`structure` and `options`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from converter.check.builtin_tables import (PLAYER_PROPERTY_SUFFIXES_2X, PROPERTY_ALIASES_2X, PROPERTY_DEFAULTS_2X,
                                            PROPERTY_NAMES_NOT_READ_BY_2X, RENAMED_PROPERTY_NAMES,
                                            RETIRED_PROPERTY_NAMES)
from converter.check.model import ATTACHMENT_PATH, UNIT
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them, options_of
from converter.check.rules.references import last_declaration, property_is_true, technology_advances
from converter.check.rules.structure import java_int
from converter.check.spelling2x import attachment_name_as_2x
from converter.check.suggest import closest_name
from converter.findings import Severity

# property names 2.x builds from an alliance's name, e.g. "Axis Total Victory VCs" (EndRoundDelegate)
_ALLIANCE_SUFFIXES = (" Total Victory VCs", " Honorable Victory VCs", " Projection of Power VCs", " Economic Victory")
# the victory property under which 2.x reads each amount (EndRoundDelegate)
VICTORY_MODES = {" Total Victory VCs": "Total Victory", " Honorable Victory VCs": "Honorable Surrender",
                  " Projection of Power VCs": "Projection of Power", " Economic Victory": "Economic Victory"}
# an alliance's victory amount as map makers also write it, lower-cased -> the suffix 2.x builds:
# in another letter case, or named after its victory property (" Honorable Surrender VCs")
_AMOUNT_VARIANTS = {**{f" {mode} VCs".lower(): suffix for suffix, mode in VICTORY_MODES.items()},
                    **{suffix.lower(): suffix for suffix in _ALLIANCE_SUFFIXES}}
# and those for a player or an alliance S209 tells apart (" bid" is a player's: BidPurchaseDelegate)
_PER_SIDE_SUFFIXES = (" bid", *_ALLIANCE_SUFFIXES)


@rule("S209", "structure.unknown-property", Severity.INFO,
      "game property {name!r} is not read by the engine{suggestion}")
def unknown_property(context):
    """Finds a game property whose name the engine does not read, most often a misspelling.

    Why: TripleA keeps the property but nothing reads that name, so the setting silently has no
    effect and the option it was meant for keeps its default (`Low Luk` leaves `Low Luck` off). The
    names known are those TripleA 2.x reads (with its old spellings, such as `Battleships repair at
    end of round`) and those of the installed engine. A name close to a known one is a warning, with
    "did you mean" (the names triggers read count as known here; `start` for `beginning` counts as a
    misspelling), and info when the game sets that name too or its value is that name's default
    (`MaxFactoriesPerTerritory=1`: the game plays the same; a warning when it is `editable`, as the
    host's choice then does nothing); other unknown names, those of older engines and those only 1.9
    reads (`Roll AA Individually`) are info (a warning when `editable`: the host sees an option that
    does nothing); the old AI's `AI Bonus ...` properties are one finding, named with 2.x's
    per-player income options, a warning when one is editable or not 0; a name TripleA renamed (`4th
    Edition`, now `WW2V2`; `No Economic Victory`, now `Economic Victory` with the opposite meaning)
    is named with the new one, a warning when its value differs from the new name's default (false),
    info when the game sets the new name too or cannot use the rule (`Allied Air Dependents` without
    a carrier, `Naval Bombard Casualties Return Fire Restricted` where nothing can bombard); names
    that conditions and triggers read (`gameProperty` options) and per-player names such as `Reds
    bid` or `Reds PU Income Bonus` are not reported. A bid for a player, or a victory amount for an
    alliance (`Axis Total Victory VCs`, `Axis Economic Victory`), naming no player or alliance of
    the game, or an alliance's amount written another way (`Axis Honorable Surrender VCs`), is a
    warning when the game plays with that victory (`Total Victory`, `Honorable Surrender`,
    `Projection of Power`, `Economic Victory` true, or editable so the host may turn it on): the
    engine plays with its default amount instead (the message names the closest property it reads);
    info when it does not. Such a bid is info, a leftover, unless it misspells a player's name with
    a value other than 0, or the game's bid steps read bids it does not declare (named then; a
    warning when the bid is editable or other than 0). Such an alliance's amount is info, a
    leftover, where each alliance has its own, and a warning in a game with no alliance at all while
    that victory is on (2.x then never ends the game by it). A property named just as a player is
    taken for that player's bid (`Reds bid`). A name close to `Two hit battleship` is info in a game
    with no unit type `battleship`, the one unit 2.x reads that property for. A name that several
    known names end with (`Battle Rounds`: land, sea and air) is named with each of those the game
    does not set.

    Fix: Correct the `name` of that `<property>` in the game XML's `<propertyList>` to the
    engine's spelling (the message suggests one), or delete a property nothing reads.
    """
    # a close match to a known name is a warning; any other unknown name (custom properties read
    # by conditions and triggers aside) is info
    model = context.model
    if model is None:
        return
    known = context.engine.property_names
    players, alliances = set(model.players), set(model.alliances)
    # a gameProperty option names one property, colons and all (AbstractRulesAttachment); its
    # parts count too, as they always have here
    used_by_triggers = {v.strip() for value in model.option_values("gameProperty") for v in (value, *value.split(":"))}
    candidates: frozenset[str] | None = None
    declared = {prop.name for prop in model.properties}
    ai_bonus = []  # the retired `AI Bonus ...` properties: one finding after the loop
    for prop in model.properties:
        if not prop.name or prop.name in used_by_triggers:
            continue
        if prop.name in PROPERTY_NAMES_NOT_READ_BY_2X:
            yield hit(line=prop.line, name=prop.name, suggestion=" (TripleA 1.9 reads it; 2.x does not)")
            continue
        if prop.name in known or prop.name.lower() in PROPERTY_ALIASES_2X:
            continue
        if prop.name in RENAMED_PROPERTY_NAMES:
            new_name, year, inverted = RENAMED_PROPERTY_NAMES[prop.name]
            meaning = " with the opposite meaning" if inverted else ""
            # every renamed property is a boolean whose new name 2.x reads with the default false
            if new_name in declared:
                advice, severity = f"; the game sets {new_name!r} too, so this line is a leftover to delete", \
                    Severity.INFO
            elif (prop.value.strip().lower() == "true") != inverted and (moot := _rule_without_use(model, prop.name)):
                advice, severity = f"; {moot}, so the game plays the same either way", Severity.INFO
            elif (prop.value.strip().lower() == "true") != inverted:
                advice = "; write that name with the opposite value" if inverted else \
                    "; write that name, or the game is played without that rule"
                severity = Severity.WARNING
            else:
                advice, severity = f"; its default, {new_name} false, plays the same", Severity.INFO
                if prop.editable:  # the host sees an option that does nothing
                    advice, severity = advice + _HOST_NOTE, Severity.WARNING
            yield hit(line=prop.line, name=prop.name, severity=severity,
                      suggestion=f" (renamed {new_name!r} in {year}{meaning}{advice})")
            continue
        if prop.name.startswith(_AI_BONUS) and prop.name in RETIRED_PROPERTY_NAMES:
            ai_bonus.append(prop)  # the old AI's bonuses, a block of an old template: one finding
            continue
        if prop.name in RETIRED_PROPERTY_NAMES:
            successor = _MAP_SETTING_NOTES.get(prop.name, "") if prop.value.strip().lower() == "true" else ""
            host = _SEEN_BY_THE_HOST if prop.editable else ""
            yield hit(line=prop.line, name=prop.name, suggestion=f" (a property of older engines{successor}{host})",
                      **({"severity": Severity.WARNING} if prop.editable else {}))
            continue
        if any(prop.name.endswith(s) and prop.name[: -len(s)] in players for s in PLAYER_PROPERTY_SUFFIXES_2X) or \
                any(prop.name.endswith(s) and prop.name[: -len(s)] in alliances for s in _ALLIANCE_SUFFIXES):
            continue
        amount = _alliance_amount(prop.name, alliances)
        if amount is not None:  # an alliance's victory amount written another way
            meant, suffix = amount
            unplayed = _unplayed_victory(model, VICTORY_MODES[suffix])
            yield hit(line=prop.line, name=prop.name, severity=Severity.INFO if unplayed else Severity.WARNING,
                      suggestion=f" (it reads '<alliance>{suffix}'); did you mean {meant!r}?{unplayed}")
            continue
        if prop.name in players:  # a player's bid without its " bid" (BidPurchaseDelegate reads "<player> bid")
            plays_the_same = prop.value.strip() in ("", "0")
            yield hit(line=prop.line, name=prop.name,
                      severity=Severity.INFO if plays_the_same and not prop.editable else Severity.WARNING,
                      suggestion=f"; did you mean {prop.name + ' bid'!r}?" + (
                          f" (its value is that property's default, 0, so the game plays the same"
                          f"{_HOST_NOTE if prop.editable else ''})" if plays_the_same else ""))
            continue
        side_suffix = next((suffix for suffix in _PER_SIDE_SUFFIXES
                            if prop.name.endswith(suffix) or prop.name == suffix.lstrip()), None)
        if side_suffix is not None:  # a victory amount or bid for a side the game does not have
            unplayed = _unplayed_victory(model, VICTORY_MODES.get(side_suffix))
            unread = _bid_steps_unserved(model) if side_suffix == " bid" else []
            if unread:  # the bid steps of players without a bid read names the game does not declare
                shown = ", ".join(repr(f"{player} bid") for player in unread[:3]) + \
                    (f" and {len(unread) - 3} more" if len(unread) > 3 else "")
                unplayed = f"; the game's bid steps read {shown}, which it does not declare"
                severity = Severity.WARNING if prop.editable or prop.value.strip() not in ("", "0") else Severity.INFO
                yield hit(line=prop.line, name=prop.name, severity=severity,
                          suggestion=_side_property_note(prop.name, side_suffix, players, alliances) + unplayed)
                continue
            if side_suffix == " bid" and not _bid_meant_for_a_player(prop, players):
                unplayed = " (a leftover: no player of this game reads it)"
            elif side_suffix != " bid" and not alliances:  # a warning while that victory is on: it never ends
                mode = VICTORY_MODES.get(side_suffix)
                yield hit(line=prop.line, name=prop.name, severity=Severity.INFO if unplayed else Severity.WARNING,
                          suggestion=_side_property_note(prop.name, side_suffix, players, alliances) +
                          f"; 2.x counts amounts for alliances alone, so {mode!r} never ends this game")
                continue
            elif side_suffix != " bid" and all(alliance + side_suffix in declared for alliance in alliances):
                unplayed = " (a leftover: each alliance of the game has its own)"
            yield hit(line=prop.line, name=prop.name, severity=Severity.INFO if unplayed else Severity.WARNING,
                      suggestion=_side_property_note(prop.name, side_suffix, players, alliances) + unplayed)
            continue
        if used_by_triggers and not candidates:  # a misspelling of a name a trigger reads counts too
            candidates = known | used_by_triggers
        fuller = sorted(name for name in candidates or known if name.endswith(" " + prop.name))
        if len(fuller) > 1:  # 'Battle Rounds': each of 'Land ...', 'Sea ...', 'Air ...' is as close
            unset = [name for name in fuller if name not in declared]
            yield hit(line=prop.line, name=prop.name, severity=Severity.WARNING if unset else None,
                      suggestion=f"; did you mean {_one_of(unset)}?" if unset else
                      f" (each of {_one_of(fuller, 'and')}, which end so, the game sets too)")
            continue
        match = _with_synonym(prop.name, candidates or known) or closest_name(prop.name, candidates or known)
        current = PROPERTY_ALIASES_2X.get(match.lower(), match) if match is not None else None
        if current != match and not any(other.name == match for other in model.properties):
            match = current  # an old name 2.x maps to its current one: suggest the current name
        if match is not None and any(other.name == match for other in model.properties):
            # the game sets that one too: the name is likely meant as another setting, none the engine has
            yield hit(line=prop.line, name=prop.name, suggestion=f" (close to {match!r}, which the game sets too)")
            continue
        if match in _ONLY_FOR_UNIT and _ONLY_FOR_UNIT[match] not in model.names(UNIT):
            yield hit(line=prop.line, name=prop.name, suggestion=f"; did you mean {match!r}? (2.x reads that one only "
                      f"for a unit type named {_ONLY_FOR_UNIT[match]!r}, which the game does not have, so the game "
                      "plays the same)")
            continue
        if match is not None and _is_default(match, prop.value):
            yield hit(line=prop.line, name=prop.name, suggestion=f"; did you mean {match!r}? (its value is that "
                      f"property's default, {PROPERTY_DEFAULTS_2X[match]}, so the game plays the same"
                      f"{_HOST_NOTE if prop.editable else ''})",
                      **({"severity": Severity.WARNING} if prop.editable else {}))
            continue
        if match in used_by_triggers and not prop.editable and prop.value.strip().lower() == "false":
            # a condition reads the name meant, as false: false and fixed here, the game plays the same
            yield hit(line=prop.line, name=prop.name, suggestion=f"; did you mean {match!r}? (a condition reads "
                      "that name; this one is false and not editable, so the game plays the same)")
            continue
        host = "" if match else _SEEN_BY_THE_HOST if prop.editable else ""
        yield hit(line=prop.line, name=prop.name, suggestion=f"; did you mean {match!r}?" if match else host,
                  severity=Severity.WARNING if match or host else None)
    yield from _ai_bonus_found(model, ai_bonus)


_AI_BONUS = "AI Bonus "


def _ai_bonus_found(model, found: list):
    """One finding for the retired `AI Bonus ...` properties of a game (an old template's block):
    a warning when one is editable (the host sees options that do nothing) or not 0 (the game
    meant the AI to get it), else info."""
    if not found:
        return
    first, others = found[0], found[1:]
    income = any(prop.name.startswith(_AI_BONUS + "Income") for prop in found)
    successor = _AI_INCOME_NOTE.format(player=next(iter(model.players), "<Player>")) if income else ""
    more = f"; nor {'is' if len(others) == 1 else 'are'} {some_of([repr(prop.name) for prop in others])} " \
           f"(line{'s' * (len(others) > 1)} {some_of([str(prop.line) for prop in others])})" if others else ""
    host = (_SEEN_BY_THE_HOST if len(found) == 1 else _SEEN_BY_THE_HOST_MANY) \
        if any(prop.editable for prop in found) else ""
    meant = [prop for prop in found if prop.value.strip() not in ("", "0")]
    given = f"; {meant[0].name!r} is {meant[0].value.strip()} here, a bonus the AI no longer gets" if meant else ""
    # a warning when the host sees them (options that do nothing) or a bonus was meant, as for one retired name
    yield hit(line=first.line, name=first.name, severity=Severity.WARNING if meant or host else Severity.INFO,
              suggestion=f" (a property of older engines{more}{successor}{given}{host})")


def _rule_without_use(model, name: str) -> str:
    """Why a renamed property's rule cannot apply in the game ("" when it can): allied air on
    carriers needs a carrier (Properties.getAlliedAirIndependent: TransportTracker, MustFightBattle),
    bombardment a unit that can bombard (UnitAttachment.getCanBombard, or Destroyer Bombard)."""
    if name == "Allied Air Dependents":
        capacities = model.option_values("carrierCapacity")
        if not any(java_int(value.strip()) for value in capacities):
            return "the game has no carrier (no unit with a carrierCapacity)"
    elif name == "Naval Bombard Casualties Return Fire Restricted":
        bombards = any(value.strip().lower() == "true" for value in model.option_values("canBombard"))
        if not bombards and "destroyerBombard" not in {prop for _name, prop in technology_advances(model)}:
            return "no unit of the game can bombard (canBombard, or the Destroyer Bombard technology)"
    return ""


_HOST_NOTE = ", until the host changes it in the game's options, which then does nothing"
# retired properties whose setting map.properties holds in 2.x (MapData)
_MAP_SETTING_NOTES = {"Display Sea Names": "; 2.x draws sea zone names with map.properties' "
                                           "map.showSeaZoneNames=true"}
_SEEN_BY_THE_HOST = "; the host sees it in the game's options, where changing it does nothing"
_SEEN_BY_THE_HOST_MANY = "; the host sees them in the game's options, where changing them does nothing"
# 2.x's successors of the AI's bonus income (Constants.getPropertyNameIncomePercentageFor, ...PuIncomeBonusFor)
_AI_INCOME_NOTE = "; 2.x sets each player's income in the game's options instead: '{player} Income Percentage' " \
                  "and '{player} PU Income Bonus'"


def _one_of(names: list[str], joiner: str = "or") -> str:
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} {joiner} {quoted[-1]}"


# properties 2.x reads for one unit type alone, by its name (InitializationDelegate.initTwoHitBattleship)
_ONLY_FOR_UNIT = {"Two hit battleship": "battleship"}
# words map makers swap in property names: `... at start of round` for `... at beginning of round`
_SYNONYMS = {"start": "beginning", "beginning": "start", "Start": "Beginning", "Beginning": "Start"}


def _with_synonym(name: str, known: frozenset[str]) -> str | None:
    """The known name `name` becomes with one word swapped for its synonym; None."""
    words = name.split(" ")
    for index, word in enumerate(words):
        if word in _SYNONYMS:
            swapped = " ".join([*words[:index], _SYNONYMS[word], *words[index + 1:]])
            if swapped in known:
                return swapped
    return None


# game properties the engines read as text whatever their tag says (GameData.getGameName, the notes)
TEXT_PROPERTIES = frozenset({"mapName", "notes"})


def _is_default(name: str, value: str) -> bool:
    """Whether `value` is what 2.x plays with when the game lacks the property `name` (its
    default, as PropertyValueTypeInference reads a value: a boolean in any case, a whole number)."""
    default = PROPERTY_DEFAULTS_2X.get(name)
    if default is None:
        return False
    if default in ("true", "false"):
        return value.strip().lower() == default
    number = java_int(value)
    return number is not None and number == java_int(default)


def _alliance_amount(name: str, alliances: set[str]) -> tuple[str, str] | None:
    """(the name 2.x reads, its suffix) when `name` is an alliance's victory amount written
    another way (`Axis Honorable Surrender VCs` for `Axis Honorable Victory VCs`); else None."""
    for alliance in alliances:
        if name.startswith(alliance):
            rest = name[len(alliance):]
            suffix = _AMOUNT_VARIANTS.get(rest.lower())
            if suffix is not None and rest != suffix:
                return alliance + suffix, suffix
    return None


def _unplayed_victory(model, mode: str | None) -> str:
    """S209's note when the game never plays with the victory property `mode`, which reads
    the amounts: not true, and not editable so the host may turn it on; "" when it does or
    may (or for no mode: a bid)."""
    if mode is None or property_is_true(model, mode):
        return ""
    prop = last_declaration(model, mode)
    return "" if prop is not None and prop.editable else f"; the game plays without {mode!r}, which reads these amounts"


def _bid_steps_unserved(model) -> list[str]:
    """The players a bid purchase step runs for whose `<player> bid` the game does not declare."""
    return model.derived("game_properties.bid_steps_unserved", _unserved)


def _unserved(model) -> list[str]:
    declared = {prop.name for prop in model.properties}
    return [player for player in bid_step_players(model, ("BidPurchaseDelegate",)) if f"{player} bid" not in declared]


def bid_step_players(model, kinds: tuple[str, ...]) -> list[str]:
    """The players steps of these delegate classes run for, in the sequence's order."""
    delegate_kinds = model.delegate_kinds
    return list(dict.fromkeys(step.player for step in model.steps
                              if step.player and delegate_kinds.get(step.delegate) in kinds))


def _bid_meant_for_a_player(prop, players: set[str]) -> bool:
    """A bid for no player of the game changes what a player bids only when it misspells one's
    name and is other than the default, 0 (BidPurchaseDelegate reads "<player> bid")."""
    named = prop.name[:-len(" bid")]
    return prop.value.strip() not in ("", "0") and closest_name(named, frozenset(players)) is not None


def _side_property_note(name: str, suffix: str, players: set[str], alliances: set[str]) -> str:
    """S209's note on a property named for a player (a bid) or an alliance (victory amounts)
    that the game does not have: what the engine reads, and the closest name it would."""
    kind, sides = ("player", players) if suffix == " bid" else ("alliance", alliances)
    prefix = name[:-len(suffix)] if name.endswith(suffix) else ""
    missing = f"{prefix!r} is no {kind} of this game" if prefix else f"this one names no {kind}"
    if not sides:
        missing = (f"{prefix!r} is no {kind}: the game has none" if prefix else
                   f"this one names no {kind}, and the game has none")
    match = closest_name(prefix, frozenset(sides)) if prefix else None  # the side's name alone: the suffix is shared
    return f" (it reads '<{kind}>{suffix}', and {missing})" + (f"; did you mean {match + suffix!r}?" if match else "")


@rule("S222", "structure.condition-unknown-property", Severity.WARNING,
      "condition {name!r} tests game property {property!r}, which the game does not declare{suggestion}: "
      "the engine reads it as false")
def condition_unknown_property(context):
    """Finds a condition whose `gameProperty` names a property the game does not declare.

    Why: A RulesAttachment's `gameProperty` makes the condition hold while that game property is
    true. TripleA 2.x reads the property by its exact name with false as the default, so a
    misspelt name (`Slow Units` for `Slow units`) or one whose `<property>` was renamed or
    deleted is simply false: the condition never holds (or, with `invert`, always does), and
    the triggers it controls silently never fire. The declared names are those of the game's
    `<propertyList>` (with 2.x's old spellings of its repair properties), and `EditMode`, which
    the engine sets in play; the message suggests a close one. Where that one is false and not
    editable, the condition is false with either spelling and the finding is info; so it is for a
    condition nothing tests (no `conditions` option names it, and it is no national objective).

    Fix: Correct the `gameProperty` value to the exact `name` of a `<property>` in the game
    XML's `<propertyList>`, or declare that property there.
    """
    model = context.model
    if model is None:
        return
    chosen = options_of(model, "gameProperty", "RulesAttachment")
    if not chosen:
        return
    declared = {prop.name for prop in model.properties} | _SET_BY_THE_ENGINE
    # 2.x keeps an old name as its new one
    known = frozenset(declared | {PROPERTY_ALIASES_2X.get(name.lower(), name) for name in declared})
    attachment_names, owners, options = model.table(ATTACHMENT_PATH).column("name", ""), model.option_owners, \
        model.options
    used = None  # the conditions something tests, read at the first finding
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        if value in known or "@" in value or "$" in value:
            continue  # (2.x replaces variables first)
        close = closest_name(value, known)
        fixed_false = close is not None and any(prop.name == close and not prop.editable and
                                                prop.value.strip().lower() == "false" for prop in model.properties)
        # the property meant is false and fixed: the condition is false with either spelling
        suggestion = f" (did you mean {close!r}? It is false and not editable, so the game plays the same " \
                     "with either)" if fixed_false else f" (did you mean {close!r}?)" if close else ""
        name = attachment_names[owners[index]]
        used = used if used is not None else _conditions_tested(model)
        unused = used is not False and name not in used and not name.startswith(_OBJECTIVE_PREFIX)
        if unused:  # nothing tests it: the game plays the same (delete it, or name it where meant)
            suggestion += " (nothing tests the condition: no trigger, condition or action names it in its " \
                          "conditions, so the game plays the same)"
        yield hit(line=options.lines[index], name=name, property=value, suggestion=suggestion,
                  **({"severity": Severity.INFO} if fixed_false or unused else {}))


_OBJECTIVE_PREFIX = "objectiveAttachment"  # national objectives: 2.x tests them itself each turn


def _conditions_tested(model) -> frozenset[str] | bool:
    """The attachment names some `conditions` option names (triggers, conditions, actions and
    the rest test them); False when a loop's variables may name more."""
    values = model.option_values("conditions")
    if any("@" in value or "$" in value for value in values):
        return False
    return frozenset(part.strip() for value in values for part in value.split(":"))


# the booleans 2.x sets in play whether declared or not (EditDelegate; ServerGame when saved)
_SET_BY_THE_ENGINE = frozenset(("EditMode", "games.strategy.engine.framework.ServerGame.GameHasBeenSaved"))



_USE_TRIGGERS, _TRIGGERED_VICTORY = "Use Triggers", "Triggered Victory"
_PLAYERS = "players"  # a trigger's option naming whom it acts on


@rule("S224", "structure.triggers-switched-off", Severity.WARNING,
      "the game has {count} {what}, but game property {property!r} is {state}: {outcome}")
def triggers_switched_off(context):
    """Finds triggers the game's own properties keep from ever firing.

    Why: TripleA 2.x fires triggers (at their steps, at the end of a turn or round, and so on)
    only while the game property `Use Triggers` is true; and a `victory` trigger with no `when`,
    which it tests at the end of each round, only while `Triggered Victory` is true (one with a
    `when` ends the game at its step, and one another trigger's `activateTrigger` names when that
    one fires, either way). Both default to false. A game with triggers that does not declare the
    property, or declares it false and not editable, never fires them, and nothing says so.
    Triggers fired whatever `Use Triggers` says are not counted: those a user action's
    `activateTrigger` names (UserActionAttachment), and, while `Triggered Victory` is on, the
    round's end triggers (no `when`, a `victory` or an `activateTrigger`) and those they activate
    (`EndRoundDelegate` reads only `Triggered Victory`). A property declared false but editable is
    info: the host may turn it on before the game.

    Fix: Add `<property name="Use Triggers" value="true" editable="false"><boolean/></property>`
    (likewise `Triggered Victory`) to the game XML's `<propertyList>`, or make it editable.
    """
    model = context.model
    if model is None:
        return
    table, classes = model.table(ATTACHMENT_PATH), attachment_classes(model)
    names = table.column("name", "")
    triggers = positions(classes, "TriggerAttachment")  # in document order: a finding names the first
    if not triggers:
        return  # (most games)
    spelt = {element: attachment_name_as_2x(names[element]) for element in triggers}  # as the sets below spell them
    by_actions = activated_by_actions(model)
    unswitched = by_actions | model.derived("triggers.fired_at_round_end", fired_at_round_end)
    fired = [element for element in triggers if spelt[element] not in unswitched]
    owners = model.option_owners
    victories = {owners[index] for index in options_of(model, "victory", "TriggerAttachment")}
    # fired at a step (BaseTripleADelegate) or by another trigger, not at the round's end (EndRoundDelegate)
    fired_elsewhere = {owners[index] for index in options_of(model, "when", "TriggerAttachment")}
    activating = options_of(model, "activateTrigger", "TriggerAttachment")
    activated = {attachment_name_as_2x(value.split(":", 1)[0])
                 for value in model.options.column_at("value", activating, "")}
    at_round_end = [element for element in triggers if element in victories and element not in fired_elsewhere
                    and spelt[element] not in activated and spelt[element] not in by_actions]
    for prop_name, elements, what, outcome in (
            (_USE_TRIGGERS, fired, "trigger", "TripleA never fires them (only user actions can)"),
            (_TRIGGERED_VICTORY, at_round_end, "victory trigger", "none of them ends the game")):
        if not elements:
            continue
        prop = last_declaration(model, prop_name)
        if prop is not None and prop.value.strip().lower() == "true":
            continue
        state = "not declared" if prop is None else "false (the host may turn it on)" if prop.editable else \
            "false and not editable"
        what = what if len(elements) == 1 else f"{what}s"
        yield hit(line=prop.line if prop is not None else table.lines[elements[0]], count=len(elements), what=what,
                  property=prop_name, state=state, outcome=outcome,
                  **({"severity": Severity.INFO} if prop is not None and prop.editable else {}))


def trigger_fires(model) -> Callable[[str], bool]:
    """Whether a trigger, by its name as 2.x reads it, can fire: every one when `Use Triggers` is
    true, or false but editable (the host may turn it on); else those a user action fires and
    those `Triggered Victory` fires at the round's end."""
    if _is_on(last_declaration(model, _USE_TRIGGERS)):
        return _any_name
    # (read by S238, I412 and the trigger-change rules: once per game)
    return (activated_by_actions(model) | model.derived("triggers.fired_at_round_end", fired_at_round_end)).__contains__


class TriggerOption(NamedTuple):
    """One option of a trigger that can fire."""

    element: int  # its <attachment> element
    trigger: str  # the trigger's name as 2.x reads it
    option: str  # as 2.x reads it
    value: str  # `count:value` where a count is given, as 2.x joins them
    line: int | None
    players: tuple[str, ...]  # whom it acts on: those its `players` option names, else what it is attached to


def fired_trigger_options(model, wanted: frozenset[str]) -> list[TriggerOption]:
    """The `wanted` options of each trigger that can fire (trigger_fires), in document order:
    what the triggers of a game give its players in play (I412's units, S265's frontiers)."""
    names = names_as_2x_reads_them(model)
    chosen = positions(names, wanted | {_PLAYERS})  # found in C
    classes, owners = attachment_classes(model), model.option_owners
    chosen = [index for index in chosen if classes[owners[index]] == "TriggerAttachment"]
    if not chosen:
        return []
    attachments, fires = model.attachments, trigger_fires(model)
    values = [f"{count}:{value}" if count else value for value, count in
              zip(model.options.column_at("value", chosen, ""), model.options.column_at("count", chosen, ""))]
    given: dict[int, list[str]] = {}
    for index, value in zip(chosen, values):
        if names[index] == _PLAYERS:
            given.setdefault(owners[index], []).extend(value.split(":"))
    found, lines = [], model.options.lines
    for index, value in zip(chosen, values):
        element = owners[index]
        attachment = attachments[element]
        trigger = attachment_name_as_2x(attachment.name)
        if names[index] in wanted and fires(trigger):
            found.append(TriggerOption(element, trigger, names[index], value, lines[index],
                                       tuple(given.get(element) or (attachment.attach_to,))))
    return found


def _is_on(prop) -> bool:
    """Whether a boolean property is true, or false but editable (the host may turn it on)."""
    return prop is not None and (prop.value.strip().lower() == "true" or prop.editable)


def fired_at_round_end(model) -> frozenset[str]:
    """The triggers 2.x's EndRoundDelegate fires whatever `Use Triggers` says, while `Triggered
    Victory` is on: those with no `when` that declare a `victory` or `activateTrigger`, and
    the triggers they activate (and those these activate); empty when it is off. By their names
    as 2.x spells them."""
    if not _is_on(last_declaration(model, _TRIGGERED_VICTORY)):
        return frozenset()
    names, owners = list(map(attachment_name_as_2x, model.table(ATTACHMENT_PATH).column("name", ""))), \
        model.option_owners
    with_when = {owners[index] for index in options_of(model, "when", "TriggerAttachment")}
    activating = options_of(model, "activateTrigger", "TriggerAttachment")
    activates: dict[str, set[str]] = {}
    for index, value in zip(activating, model.options.column_at("value", activating, "")):
        activates.setdefault(names[owners[index]], set()).add(attachment_name_as_2x(value.split(":", 1)[0]))
    starts = {owners[index] for index in options_of(model, "victory", "TriggerAttachment")} | \
        {owners[index] for index in activating}
    fired = {names[element] for element in starts - with_when}
    waiting = list(fired)
    while waiting:
        for name in activates.get(waiting.pop(), ()):
            if name not in fired:
                fired.add(name)
                waiting.append(name)
    return frozenset(fired)


def _any_name(_name: str) -> bool:
    return True


def activated_by_actions(model) -> frozenset[str]:
    """The triggers a user action's `activateTrigger` names (user actions fire them whatever
    `Use Triggers` says: 2.x's UserActionDelegate does not read it), as 2.x spells their names."""
    chosen = options_of(model, "activateTrigger", "UserActionAttachment")
    return frozenset(attachment_name_as_2x(value.split(":", 1)[0])
                     for value in model.options.column_at("value", chosen, ""))
