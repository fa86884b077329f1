"""The image name TripleA 2.x draws a player's unit with, given the technologies the player
starts with (UnitImageFactory.ImageKey.getBaseImageName): with Rockets a rocket unit is drawn
from `<unit>_rockets.png` (the aaGun from `rockets.png`), with Radar an anti-aircraft unit
from `<unit>_r.png`, and so on, so for such a player the plain image is never the one drawn.

A player's technologies at the start are the options set true in its `techAttachment`
(TechAttachment.get); a unit's traits are the options of its `unitAttachment`, with 2.x's old
names that set several at once (`isAA`, `isSub`, `isFactory`).
"""

from __future__ import annotations

from collections.abc import Collection

from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions

AA_GUN = "aaGun"  # Constants.UNIT_TYPE_AAGUN: drawn from `rockets` with Rockets
FACTORY = "factory"  # Constants.UNIT_TYPE_FACTORY
_AA_OPTIONS = ("isAAforCombatOnly", "isAAforBombingThisUnitOnly", "isAAforFlyOverOnly", "isAA")


def starting_image_name(model, player: str, unit: str) -> str:
    """The name (no `.png`) 2.x looks up for `player`'s `unit` at the start of the game."""
    techs = model.derived("techimages.starting_techs", _starting_techs).get(player)
    if not techs or unit.endswith(("_hit", "_disabled")):
        return unit
    traits = model.derived("techimages.unit_traits", _unit_traits).get(unit, {})

    def has(option: str) -> bool:
        return traits.get(option, "").strip().lower() == "true"

    def number(option: str) -> int:
        try:
            return int(traits.get(option, "0").strip())
        except ValueError:
            return 0

    rocket, aa = has("isRocket"), any(has(option) for option in _AA_OPTIONS)
    name = unit
    if unit == AA_GUN:
        if "rocket" in techs and rocket:
            name = "rockets"
        if "aARadar" in techs and aa:
            name += "_r"
    else:
        if rocket and "rocket" in techs:
            name += "_rockets"
        if aa and "aARadar" in techs:
            name += "_r"
    fights = number("attack") > 0 or number("defense") > 0
    if has("isAir"):
        if "longRangeAir" in techs:
            name += "_lr"
        if has("isStrategicBomber"):
            if "heavyBomber" in techs:
                name += "_hb"
        elif "jetPower" in techs and fights:
            name += "_jp"
    first_strike, evades = has("isFirstStrike") or has("isSub"), has("canEvade") or has("isSub")
    if first_strike and evades and fights and "superSub" in techs:
        name += "_ss"
    if (unit == FACTORY or has("canProduceUnits") or has("isFactory")) and \
            ("industrialTechnology" in techs or "increasedFactoryProduction" in techs):
        name += "_it"
    return name


def starting_techs(model) -> dict[str, frozenset[str]]:
    """Player -> the technologies its `techAttachment` starts it with (found once per game)."""
    return model.derived("techimages.starting_techs", _starting_techs)


def _starting_techs(model) -> dict[str, frozenset[str]]:
    """Player -> the technologies its `techAttachment` sets true (option names as 2.x reads
    them: first letter lowered)."""
    return _true_options(model, "techAttachment", "player")


def _unit_traits(model) -> dict[str, dict[str, str]]:
    """Unit type -> its `unitAttachment` options (the last value of each, as the engine keeps)."""
    found: dict[str, dict[str, str]] = {}
    for target, name, value in options_of_attachments(model, "unitAttachment", "unitType"):
        found.setdefault(target, {})[name] = value
    return found


def _true_options(model, attachment_name: str, kind: str) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for target, name, value in options_of_attachments(model, attachment_name, kind):
        (found.setdefault(target, set()).add if value.strip().lower() == "true" else
         found.setdefault(target, set()).discard)(name)
    return {target: frozenset(names) for target, names in found.items() if names}


def options_of_attachments(model, attachment_name: str, kind: str, only: Collection[str] | None = None):
    """(target, option name with its first letter lowered, value) of each option of the
    attachments called `attachment_name` on targets of `kind`, in document order; with `only`,
    just the options of those names (found in C: a rule wanting a few reads no other)."""
    names = model.table(ATTACHMENT_PATH).column("name", "")
    targets: dict[int, list[str]] = {}
    for attachment in model.attachments:
        if attachment.name == attachment_name and attachment.type == kind:
            targets.setdefault(attachment.element, []).append(attachment.attach_to)
    if not targets:
        return
    owners, option_names = model.option_owners, model.option_names
    if only is None:
        rows = zip(owners, option_names, model.options.column("value", ""))
    else:  # either first letter: 2.x lowers it
        wanted = frozenset(name for each in only for name in (each, each[:1].upper() + each[1:]))
        chosen = positions(option_names, wanted)
        rows = zip(map(owners.__getitem__, chosen), map(option_names.__getitem__, chosen),
                   model.options.column_at("value", chosen, ""))
    for owner, name, value in rows:
        if owner in targets and names[owner] == attachment_name and name:
            for target in targets[owner]:
                yield target, name[0].lower() + name[1:], value
