"""I409: the images TripleA 2.x draws a unit with once it is damaged (`<unit>_hit.png`) or
disabled (`<unit>_disabled.png`), for the units that can be: those that survive a hit, and those
bombing damages when the game says so."""

from __future__ import annotations

from converter.check.rule import hit, rule, some_of
from converter.check.rules.images import other_case_note, player_units, where_looked
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int
from converter.check.rules.trigger_changes import UnitChange, unit_changes
from converter.check.techimages import options_of_attachments, starting_image_name
from converter.findings import Severity


@rule("I409", "images.damaged-unit-image-missing", Severity.WARNING,
      "no image for the {state} {unit} of player {player!r}: looked for units/{player}/{image}{suffix}.png and "
      "units/{image}{suffix}.png{where}{note}")
def damaged_unit_image_missing(context):
    """Finds damaged or disabled units whose image, `<unit>_hit.png` or `_disabled.png`, 2.x cannot find.

    Why: TripleA 2.x draws a damaged unit from `<unit>_hit.png` and a disabled one from
    `<unit>_disabled.png`, looked for as the unit's own image is: `units/<Player>/` and then
    `units/`, in the map and then in the engine's assets. Without it 2.x draws its placeholder, the
    image's name on a blank counter, until the unit is repaired. A unit is damaged when it survives
    a hit (`hitPoints` of 2 or more, or the old `isTwoHit`), also when a trigger that can fire gives
    it that many (its `unitProperty` `hitPoints` or `isTwoHit` on the `unitAttachment` of the units
    its `unitType` names; the message names the trigger) and, with the game property `Damage From
    Bombing Done To Units Instead Of Territories` on, when bombing damages it (`canBeDamaged`); such
    a unit is disabled when its damage can pass its `maxOperationalDamage` (0 or more, below its
    `maxDamage`, 2 without one). The units are those I401 looks at whose own image is found (I401
    reports the others), by the name 2.x draws them with at the start (technologies included); an
    image only TripleA 1.9's assets hold is reported too, as 2.x lacks it. One finding per unit
    and state, naming every player whose image is missing.

    Fix: Add `units/<Player>/<unit>_hit.png` (or `_disabled.png`), or `units/<unit>_hit.png`
    for every player: usually the unit's own image marked as damaged (or greyed out).
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    drawn = model.derived("images.damage_images", _damage_images)
    triggered = model.derived("images.damage_by_triggers", _damage_by_triggers)
    if not drawn and not triggered:
        return
    current = context.engine_assets[0].engine if context.engine_assets else None
    where = where_looked(context)
    missing: dict[tuple, list[dict]] = {}  # (unit, image, state): one finding, naming every player
    for (player, unit), line in model.derived("images.player_units", player_units).items():
        states = drawn.get(unit) or ((_DAMAGED,) if unit in triggered else None)
        if states is None:
            continue
        image = starting_image_name(model, player, unit)
        if context.unit_image(player, image) is None:
            continue  # I401's
        for state, suffix in states:
            found = context.unit_image(player, image + suffix)
            if found is not None and found.engine in (None, current):
                continue
            note = f"; only {found.engine}'s assets have {found.path}" if found is not None else \
                other_case_note(context.unit_image_in_other_case((player,), image + suffix))
            if unit not in drawn:
                change = triggered[unit]
                note += f"; it takes more than one hit once trigger {change.trigger!r} sets its {change.option} to " \
                        f"{change.value} (line {context.source_lines.start_of(change.line)})"
            missing.setdefault((unit, image, state), []).append(
                dict(line=line, player=player, unit=unit, image=image, where=where, note=note, state=state,
                     suffix=suffix))
    order = {player: at for at, player in enumerate(dict.fromkeys(model.players))}
    for found in missing.values():
        found.sort(key=lambda each: order.get(each["player"], len(order)))  # in the game's order of players
        first = found[0]
        if len(found) > 1:
            others = [each["player"] for each in found[1:]]
            first["note"] += f"; nor for player{'s' * (len(others) > 1)} {some_of(list(map(repr, others)), 3)}: one " \
                             f"units/{first['image']}{first['suffix']}.png serves them all"
        yield hit(**first)


_DAMAGED, _DISABLED = ("damaged", "_hit"), ("disabled", "_disabled")
_BOMBING_DAMAGES_UNITS = "Damage From Bombing Done To Units Instead Of Territories"  # Constants, 2.x and 1.9
_DAMAGE_OPTIONS = ("hitPoints", "isTwoHit", "canBeDamaged", "maxDamage", "maxOperationalDamage",
                   "canDieFromReachingMaxDamage", "canProduceUnits", "canProduceXUnits", "isFactory",
                   "isStrategicBomber", "isRocket", "whenCapturedSustainsDamage")


def _damage_images(model) -> dict[str, tuple[tuple[str, str], ...]]:
    """The unit types 2.x may draw damaged or disabled, and those states with their image
    suffixes (UnitImageFactory.ImageKey): damaged when their `unitAttachment` gives them 2 or
    more hit points, or when bombing damages units and they take some without dying of it;
    disabled when such damage can pass their `maxOperationalDamage` (Matches.unitIsDisabled).
    Bombing damage needs a strategic bomber or a rocket in the game, or the unit's own
    `whenCapturedSustainsDamage`."""
    last: dict[str, dict[str, str]] = {}
    for unit, option, value in options_of_attachments(model, "unitAttachment", "unitType", _DAMAGE_OPTIONS):
        options = last.setdefault(unit, {})
        if option == "isTwoHit":  # 2.x's setIsTwoHit sets hitPoints to 2 or 1: the later of the two wins
            options["hitPoints"] = "2" if _true(value) else "1"
        elif option == "isFactory":  # 2.x's setIsFactory sets these (and more) at once
            options["canBeDamaged"] = options["canProduceUnits"] = value
        else:
            options[option] = value
    bombing = property_is_true(model, _BOMBING_DAMAGES_UNITS)
    bombers = bombing and any(_true(options.get("isStrategicBomber", "")) or _true(options.get("isRocket", ""))
                              for options in last.values())
    drawn = {}
    for unit, options in last.items():
        states = ()
        if (java_int(options.get("hitPoints", "1")) or 0) >= 2:
            states = (_DAMAGED,)
        if bombing and _true(options.get("canBeDamaged", "")) and \
                (bombers or (java_int(options.get("whenCapturedSustainsDamage", "0")) or 0) > 0):
            most = _most_damage_shown(options)
            operational = java_int(options.get("maxOperationalDamage", "-1"))
            states = ((_DAMAGED,) if states or most is None or most >= 1 else ()) + \
                ((_DISABLED,) if operational is not None and operational >= 0 and (most is None or most > operational)
                 else ())
        if states:
            drawn[unit] = states
    return drawn


def _damage_by_triggers(model) -> dict[str, UnitChange]:
    """The unit types a trigger gives 2 or more hit points (its `unitProperty` hitPoints, or the
    old isTwoHit true), by the first trigger doing so."""
    found: dict[str, UnitChange] = {}
    for change in unit_changes(model, ("hitPoints", "isTwoHit")):
        points = java_int(change.value) if change.option == "hitPoints" else 2 if _true(change.value) else 1
        if points is not None and points >= 2:
            found.setdefault(change.unit, change)
    return found


def _most_damage_shown(options: dict[str, str]) -> int | None:
    """The most bombing damage a unit can carry and still be on the map (Unit.
    getHowMuchDamageCanThisUnitTakeTotal; one less when reaching it kills the unit); None when
    it depends on the territory's production, so some territory may allow any amount."""
    most = java_int(options.get("maxDamage", "2"))
    if most is None or most <= 0 or (_true(options.get("canProduceUnits", "")) and
                                     (java_int(options.get("canProduceXUnits", "-1")) or 0) < 0):
        return None
    return most - 1 if _true(options.get("canDieFromReachingMaxDamage", "")) else most


def _true(value: str) -> bool:
    return value.strip().lower() == "true"
