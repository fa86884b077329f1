"""S227-S228: the victories TripleA's EndRoundDelegate hands out at the end of each round, when
an alliance holds as many victory cities as an enabled victory-city victory needs, or as much
production as Economic Victory needs. An alliance that already holds that much at the start
wins before anyone has played (S227); one that could not hold it with the whole map never wins
by it (S228)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import NamedTuple

from converter.check.rule import hit, rule
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int
from converter.check.techimages import options_of_attachments
from converter.findings import Severity

_END_ROUND_DELEGATE = "EndRoundDelegate"
# the game property that turns each on, the suffix of the per-alliance property giving its
# amount, and the amount without one (2.x EndRoundDelegate.getVcAmount, getEconomicVictoryAmount)
VICTORIES = (("Total Victory", " Total Victory VCs", 18), ("Honorable Surrender", " Honorable Victory VCs", 15),
             ("Projection of Power", " Projection of Power VCs", 13), ("Economic Victory", " Economic Victory", 200))
_ECONOMIC = "Economic Victory"
_OLD_VICTORY_CITY = {"true": "1", "false": "0"}  # 2.x's LegacyPropertyMapper reads these as numbers


@rule("S227", "structure.victory-at-start", Severity.ERROR,
      "alliance {alliance!r} starts with {have} {measure}, and {victory} needs {need}{source}: {effect}")
def victory_at_start(context):
    """Finds a victory an alliance already has when the game starts, so it wins at the end of round 1.

    Why: At the end of every round TripleA's EndRoundDelegate ends the game when an alliance
    holds enough: with the game property `Total Victory`, `Honorable Surrender` or `Projection of
    Power` on, as many victory cities (the `victoryCity` of their territory attachments) as the
    property `<alliance> Total Victory VCs` (`Honorable Victory VCs`, `Projection of Power VCs`)
    says, 18, 15 and 13 without one; with `Economic Victory` on, as much production as
    `<alliance> Economic Victory` says, 200 without one. An alliance whose territories give it
    that much at the start wins at the end of the first round, unless it loses some during that
    round: usually an amount copied from another game, or a default that does not fit the map.
    An option that is off but editable is a warning: a game started with it on ends so. Games
    whose turn sequence has no EndRoundDelegate step never check, and are not reported.

    Fix: Declare the alliance's amount in the game XML's `<propertyList>`, above what it holds
    at the start (`<property name="Allies Projection of Power VCs" value="16" editable="true">
    <number min="1" max="99"/></property>`), or turn that victory off and make it not editable.
    """
    model = context.model
    offered = _offered(model, switched_on_only=False)
    if not offered:
        return
    alliances, worth = _alliances(model), territory_values(model)
    owner_of = model.starting_owners
    held: dict[str, Counter] = defaultdict(Counter)  # option -> owner -> what its territories give, one pass
    for territory, values in worth.items():
        owner = owner_of.get(territory)
        if owner is not None:
            for option, value in values.items():
                held[option][owner] += value
    for each in offered:
        for alliance, (need, source) in each.needs.items():
            have = sum(map(held[each.option].__getitem__, alliances[alliance]))
            if have >= need:
                yield hit(line=each.line, alliance=alliance, have=have, measure=each.measure, victory=each.victory,
                          need=need, source=source, effect=_effect(each.switched_on),
                          **({} if each.switched_on else {"severity": Severity.WARNING}))


@rule("S228", "structure.victory-out-of-reach", Severity.INFO,
      "{victory} is on, but the map's territories hold {total} {measure} in all and {needs}: no alliance can "
      "win by it{note}")
def victory_out_of_reach(context):
    """Finds a victory that is switched on but that no alliance can reach, even holding the whole map.

    Why: The game property `Total Victory`, `Honorable Surrender`, `Projection of Power` or
    `Economic Victory` ends the game when an alliance holds as many victory cities (or as much
    production) as `<alliance> Total Victory VCs` (and the like) says, 18, 15, 13 and 200
    without one. When every alliance needs more than all the map's territories give together,
    the option does nothing, though the game's options show it on: often a map whose territories
    have no `victoryCity` at all, or a default left in place. It is info: such a game can still
    end by other means (triggers, a player giving up); an amount the engines cannot read as a
    number is S210's, where the game stops reading it. It is a warning when the game declares
    amounts the map could reach for another victory that is off (`Axis Projection of Power VCs`
    in a game playing `Total Victory`), or for this one under a name that is no alliance of the
    game (`Axis ...` where the alliances are `Good` and `Evil`): amounts likely meant for it.

    Fix: Give the territories that matter `victoryCity` values, declare amounts the map can
    reach (`<property name="Axis Total Victory VCs" value="8" editable="true">`), or turn the
    option off.
    """
    model = context.model
    for each in _offered(model, switched_on_only=True):
        needs = each.needs
        total = sum(values.get(each.option, 0) for values in territory_values(model).values())
        if needs and all(need > total for need, _source in needs.values()):
            alliance, (need, source) = min(needs.items(), key=lambda item: item[1][0])
            if len(needs) == 1:
                closest = f"{alliance!r} needs {need}{source}"
            elif len({need for need, _source in needs.values()}) == 1:
                defaults = all(source.startswith(" (the default") for _need, source in needs.values())
                closest = f"every alliance needs {need}" + (" (the default: no alliance has its amount)" if defaults
                                                            else "")
            else:
                closest = f"the alliance that needs least, {alliance!r}, needs {need}{source}"
            meant = _amounts_of_a_victory_off(model, each, total)
            note = f"; the game declares {meant[0]} for {meant[1]!r}, which is off: amounts meant for this one?" \
                if meant else ""
            if not meant and (meant := _amounts_of_no_alliance(model, each, total)):
                note = f"; the game declares {meant[0]}, for no alliance of the game ({meant[1]}): amounts meant " \
                       "for them?"
            yield hit(line=each.line, victory=each.victory, total=total, measure=each.measure, needs=closest,
                      note=note, **({"severity": Severity.WARNING} if meant else {}))


def _amounts_of_no_alliance(model, offered: _Offered, total: int) -> tuple[str, str] | None:
    """An amount the map could reach declared for this victory under a name that is no alliance
    of the game (`Axis Projection of Power VCs` where the alliances are Good and Evil): the
    property and value, and the game's alliances; None when there is none."""
    alliances = set(_alliances(model))
    suffix = next(suffix for victory, suffix, _default in VICTORIES if victory == offered.victory)
    for prop in model.properties:
        need = java_int(prop.value.strip()) if prop.name.endswith(suffix) else None
        if need is not None and 0 < need <= total and prop.name[:-len(suffix)] not in alliances:
            return f"{prop.name!r} {need}", ", ".join(map(repr, sorted(alliances))) or "it has none"
    return None


def _amounts_of_a_victory_off(model, offered: _Offered, total: int) -> tuple[str, str] | None:
    """An amount the map could reach, declared under another victory of the same measure that is
    switched off (`Axis Projection of Power VCs` 5 in a game playing Total Victory): its
    property and value, and that victory; None when there is none."""
    properties = {each.name: each for each in model.properties}
    for victory, suffix, _default in VICTORIES:
        if victory == offered.victory or (victory == _ECONOMIC) != (offered.victory == _ECONOMIC) \
                or property_is_true(model, victory):
            continue
        for alliance in _alliances(model):
            declared = properties.get(alliance + suffix)
            need = java_int(declared.value.strip()) if declared is not None else None
            if need is not None and 0 < need <= total:
                return f"{alliance + suffix!r} {need}", victory
    return None


class _Offered(NamedTuple):
    """A victory the game offers, and what each alliance needs for it."""

    victory: str
    switched_on: bool
    line: int | None  # its game property's
    option: str  # the territory attachment option it counts: victoryCity or production
    measure: str  # that option's name in a message
    needs: dict[str, tuple[int, str]]  # alliance -> (the amount, where that amount comes from)


def _offered(model, switched_on_only: bool) -> list[_Offered]:
    """The victories the game offers (on, or editable unless `switched_on_only`), when its
    sequence ends rounds; none in the usual game."""
    if model is None:
        return []
    properties = {each.name: each for each in model.properties}
    offered = [(victory, suffix, default) for victory, suffix, default in VICTORIES if victory in properties
               and (property_is_true(model, victory) or properties[victory].editable and not switched_on_only)]
    if not offered or not model.runs_delegate(_END_ROUND_DELEGATE):
        return []
    found = []
    for victory, suffix, default in offered:
        needs = {}
        if any(alliance + suffix in properties and java_int(properties[alliance + suffix].value) is None
               for alliance in _alliances(model)):
            continue  # an amount the engines cannot read as a number: S210's (the game stops reading it)
        for alliance in _alliances(model):
            declared = properties.get(alliance + suffix)
            need = java_int(declared.value) if declared is not None else None
            needs[alliance] = (need, f" ({alliance + suffix!r})") if need is not None else \
                (default, f" (the default: the game has no {alliance + suffix!r} property)")
        option, measure = ("production", "production") if victory == _ECONOMIC else ("victoryCity", "victory cities")
        found.append(_Offered(victory, property_is_true(model, victory), properties[victory].line, option, measure,
                              needs))
    return found


def _alliances(model) -> dict[str, set[str]]:
    """Each alliance's players (playerList/alliance), read once for S227 and S228."""
    return model.derived("victory.alliances", _read_alliances)


def _read_alliances(model) -> dict[str, set[str]]:
    alliances: dict[str, set[str]] = defaultdict(set)
    table = model.table("playerList/alliance")
    for player, alliance in zip(table.column("player", ""), table.column("alliance", "")):
        alliances[alliance].add(player)
    return alliances


def _effect(switched_on: bool) -> str:
    if switched_on:
        return "the game ends at the end of the first round unless it loses some in that round"
    return ("the option is off, but a game started with it on ends at the end of the first round unless it "
            "loses some in that round")


def territory_values(model) -> dict[str, dict[str, int]]:
    """Per territory, the `victoryCity` and `production` of its territory attachment (the last
    given deciding; a value the engine would not read as a number left out), read once."""
    return model.derived("victory.territory_values", _read_territory_values)


def _read_territory_values(model) -> dict[str, dict[str, int]]:
    values: dict[str, dict[str, int]] = defaultdict(dict)
    numbers: dict[str, int | None] = {}  # a map repeats a few values: each is read once
    for territory, option, value in options_of_attachments(model, "territoryAttachment", "territory",
                                                           ("victoryCity", "production")):
        if option == "victoryCity":
            value = _OLD_VICTORY_CITY.get(value.strip().lower(), value)
        number = numbers[value] if value in numbers else numbers.setdefault(value, java_int(value))
        if number is not None:
            values[territory][option] = number
    return values
