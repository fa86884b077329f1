"""I412: images of units a player only gets during the game: placed or bought by a trigger, sold
by a frontier a trigger or a technology switches to, made each turn by another unit, or turned
into when damaged, repaired or captured (I401 checks those a player starts with, holds or can
buy). I402: unit types with no image for anyone, info when no player has them in any of those
ways."""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from converter.check.folderlisting import FILE
from converter.check.model import FRONTIER, UNIT
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.game_properties import fired_trigger_options
from converter.check.rules.images import NEUTRAL, frontier_units, other_case_note, player_units, where_looked
from converter.check.rules.options import attachment_classes, attachments_of, names_as_2x_reads_them
from converter.check.rules.structure import java_int, technology_frontiers
from converter.check.spelling2x import attachment_name_as_2x
from converter.check.rules.references import TECH_ADVANCES, category_advances, technology_advances
from converter.check.techimages import starting_image_name, starting_techs
from converter.findings import Severity

# a unit type's options naming the units it turns into or makes, which its owner then has
_UNIT_SOURCES = {"createsUnitsList": "makes each turn", "whenHitPointsDamagedChangesInto": "turns into when damaged",
                 "whenHitPointsRepairedChangesInto": "turns into when repaired"}
_CAPTURED = "whenCapturedChangesInto"
_TRIGGER_OPTIONS = frozenset(("placement", "purchase", "frontier"))
_UNIT_OPTIONS = frozenset((*_UNIT_SOURCES, _CAPTURED))
_ANY_PLAYER = "any"
TECH_PROPERTIES = {name: prop for prop, name in TECH_ADVANCES.items()}  # "Industrial Technology" -> its property


class _Gain(NamedTuple):
    line: int | None  # the option's
    how: str  # "from trigger 'x' (placement)"


@rule("I402", "images.unit-without-any-image", Severity.WARNING,
      "unit type {unit!r} has no image for any player{case}{unused}")
def unit_without_any_image(context):
    """Finds unit types of the game XML that have an image for no player at all.

    Why: Every `<unit>` in the game XML's `<unitList>` is looked for, for every player and for
    `Neutral` (the engine's owner of units nobody owns), as I401 does, whether or not anyone starts
    with or can buy it; a type with no image anywhere often has its name spelt differently in the
    XML and in the image files, or its images were never added. Wherever such units appear in play,
    TripleA 2.x draws placeholders for them (1.9 draws nothing). A type no player starts with, holds
    or can buy (I401's units), nor gets during the game in any way I412 follows (triggers that can
    fire, technologies, units that make or turn into it), is info: only a later change could bring
    it into play. The message names an image of the unit kept for a player the game lacks (another
    game's). A unit with its plain image for some player, whose technology's image (`B25_hb` under
    heavy bombers) is missing, is left to I401, as is a unit whose missing image I401 reports (it
    names every player without it). Five or more types no player has are one finding.

    Fix: Add `units/<Player>/<unit>.png` for each player who can have the unit, or make the name
    in the game XML and in the image file names match exactly; delete the `<unit>` if the game
    never uses it.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    players = [*dict.fromkeys(model.players), NEUTRAL]
    in_play = {unit for _, unit in model.derived("images.player_units", player_units)}
    if not in_play.issuperset(model.names(UNIT)):  # (the usual game has every type in play already)
        in_play |= {unit for _, unit in model.derived("images.gained_units", _gained_units)}
    reported = {unit for player, unit in model.derived("images.player_units", player_units)
                if context.unit_image(player, starting_image_name(model, player, unit)) is None}
    unused: list[tuple[str, str]] = []  # types no player has, with their notes: one finding when many
    for unit in sorted(model.names(UNIT) - reported):  # (I401 names every player of those it reports)
        # a player's technology image (`B25_hb`) missing beside the plain one is I401's to name
        if not any(context.unit_image(player, starting_image_name(model, player, unit)) or
                   context.unit_image(player, unit) for player in players):
            case = other_case_note(context.unit_image_in_other_case(players, unit)) or \
                _for_another_player(context, unit, players)
            if unit in in_play:
                yield hit(line=model.first_line(UNIT, unit), unit=unit, case=case, unused="")
            else:
                unused.append((unit, case))
    if len(unused) >= _MANY_UNUSED:  # unit types the game never uses (another game's, a frontier no one has)
        (unit, case), others = unused[0], [repr(each) for each, _case in unused[1:]]
        yield hit(line=model.first_line(UNIT, unit), unit=unit, case=case, severity=Severity.INFO,
                  unused=f"{_NOT_IN_PLAY}; nor have {len(others)} more unit types no player has ({some_of(others, 3)})")
    else:
        for unit, case in unused:
            yield hit(line=model.first_line(UNIT, unit), unit=unit, case=case, unused=_NOT_IN_PLAY,
                      severity=Severity.INFO)


_MANY_UNUSED = 5  # from this many unused unit types without images, one finding


def _for_another_player(context, unit: str, players: list[str]) -> str:
    """The message's note on an image of the unit in the map's folder of a player this game
    lacks (another game's: `units/Roman/archer.png` in a game without Romans); "" without one."""
    wanted, ours = f"/{unit}.png", set(players)
    for path in context.map_tree("units").with_bit(FILE):
        folder, _, name = path.rpartition("/")
        if "/" + name == wanted and folder and "/" not in folder and folder not in ours:
            return f"; units/{path} is there, for {folder!r}, no player of this game"
    return ""


_NOT_IN_PLAY = "; no player starts with, holds, can buy or gets it during the game"


@rule("I412", "images.gained-unit-image-missing", Severity.WARNING,
      "no image for the {unit} that player {player!r} gets {how}: looked for units/{player}/{image}.png and "
      "units/{image}.png{where}{note}")
def gained_unit_image_missing(context):
    """Finds units a player only gets during the game that have no image for that player.

    Why: TripleA 2.x draws a unit without an image as a placeholder, the image's name on a blank
    counter in the player's colour, and only when the unit first appears: a trigger's `placement` or
    `purchase` (for its `players`, or the player it is attached to), a frontier a trigger's
    `frontier` gives those players (and the technology frontiers reached from it), the frontier
    `<frontier>IndustrialTechnology` or `<frontier>Shipyards` the engine moves a player to on
    gaining that technology (as S215 finds them; in a game with `<technology>`, only for a player
    that can gain it: a category of its `<playerTech>`, its starting techAttachment or a trigger's
    `tech` gives it), a unit's `createsUnitsList` (made each turn for its owner),
    `whenHitPointsDamagedChangesInto` and `whenHitPointsRepairedChangesInto` (the owner's unit turns
    into another), and `whenCapturedChangesInto` (the capturer's, when it names the player). So the
    gap shows only in play, often late. The units I401 checks (those a player starts with, holds or
    can buy) are not repeated, nor a unit type with no image for anyone (I402's); triggers count
    when `Use Triggers` is true or editable, or a user action fires them. Each image is looked for
    as I401 does; an image only TripleA 1.9's assets hold is reported too, as 2.x lacks it.

    Fix: Add `units/<Player>/<unit>.png` for that player (or `units/<unit>.png` for every player)
    to the map folder, named exactly as the game XML's `<player>` and `<unit>`.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    gained = model.derived("images.gained_units", _gained_units)
    if not gained:
        return  # the usual game
    current = context.engine_assets[0].engine if context.engine_assets else None
    where = where_looked(context)
    everyone = [*dict.fromkeys(model.players), NEUTRAL]
    for (player, unit), gain in gained.items():
        if not any(context.unit_image(each, starting_image_name(model, each, unit)) for each in everyone):
            continue  # no image for anyone: I402's
        image = starting_image_name(model, player, unit)
        found = context.unit_image(player, image)
        if found is not None and found.engine in (None, current):
            continue
        note = f"; only {found.engine}'s assets have {found.path}" if found is not None else \
            other_case_note(context.unit_image_in_other_case((player,), image))
        yield hit(line=gain.line, player=player, unit=unit, how=gain.how, image=image, where=where, note=note)


def gained_units(model) -> dict[tuple[str, str], "_Gain"]:
    """(player, unit) -> how the player gets the unit in play (triggers that can fire, technology
    frontiers, units that make or turn into it), I401's pairs too; found once per game."""
    return model.derived("images.every_gain", lambda model: _gained_units(model, also_i401s=True))


def _gained_units(model, also_i401s: bool = False) -> dict[tuple[str, str], _Gain]:
    """(player, unit type) -> where the player first gets it, for the pairs I401 does not check
    (with `also_i401s`, for those too)."""
    base = set(player_units(model))
    # a trigger may give units to `Neutral`, the owner of unowned units (2.x PlayerList.getPlayerId)
    players, units = {*model.players, NEUTRAL}, model.names(UNIT)
    gained: dict[tuple[str, str], _Gain] = {}

    def gain(player: str, unit: str, line: int | None, how: str) -> None:
        if player in players and unit in units and (also_i401s or (player, unit) not in base):
            gained.setdefault((player, unit), _Gain(line, how))

    _technology_gains(model, gain)
    _option_gains(model, base, gained, gain)  # last: it follows what units make from every unit gained
    return dict(sorted(gained.items()))


def _option_gains(model, base, gained, gain) -> None:
    """What triggers place, give and sell, and what units make or turn into."""
    _trigger_gains(model, gain)
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _UNIT_OPTIONS)  # found in C
    if not chosen:
        return
    classes, owners = attachment_classes(model), model.option_owners
    chosen = [index for index in chosen if classes[owners[index]] == "UnitAttachment"]
    values = model.options.column_at("value", chosen, "")
    counts = model.options.column_at("count", chosen, "")
    lines = model.options.lines
    targets: dict[int, list[str]] = defaultdict(list)
    attachment_names: dict[int, str] = {}
    for attachment in attachments_of(model, {owners[index] for index in chosen}):
        targets[attachment.element].append(attachment.attach_to)
        attachment_names[attachment.element] = attachment_name_as_2x(attachment.name)  # 2.x's spelling
    options = [(owners[index], names[index], f"{given}:{value}" if given else value, lines[index])  # 2.x joins them
               for index, value, given in zip(chosen, values, counts) if owners[index] in targets]
    _unit_gains(options, targets, attachment_names, base, gained, gain, {*model.players, NEUTRAL})


def _technology_gains(model, gain) -> None:
    """What the frontiers sell that a player moves to on gaining a technology (S215's), from the
    frontier its `<playerProduction>` gives it (the last one, as the engine sets them in turn)."""
    table = model.table("production/playerProduction")
    start = dict(zip(table.column("player", ""), table.column("frontier", "")))
    if not technology_frontiers(model, start.values())[0]:
        return  # the usual game
    sold = frontier_units(model, model.names(UNIT))
    gainable = _gainable_advances(model)
    for player, frontier in start.items():
        for reached, advance in technology_frontiers(model, (frontier,))[0].items():
            if gainable is not None and TECH_PROPERTIES.get(advance) not in gainable.get(player, ()):
                continue  # no category of the player holds it, nor does anything give it
            for unit in sorted(sold.get(reached, ())):
                gain(player, unit, model.first_line(FRONTIER, reached),
                     f"on gaining {advance}, from the frontier {reached!r} the engine then moves it to")


def _gainable_advances(model) -> dict[str, set[str]] | None:
    """Player -> the advances (by their properties: `industrialTechnology`) it can gain: those
    of its `<playerTech>` categories (researched in play), those its techAttachment starts with,
    and any a trigger's `tech` gives (to any player, as read here); None for a game without
    `<technology>` (its built-in advances: not narrowed)."""
    if not len(model.table("technology")):
        return None
    gainable: dict[str, set[str]] = defaultdict(set)
    for player, advances in category_advances(model).items():
        gainable[player].update(prop for _name, prop in advances)
    as_property = {name: prop for name, prop in technology_advances(model)}
    given = {as_property.get(part, part) for value in model.option_values("tech") for part in value.split(":")}
    for player, techs_at_start in starting_techs(model).items():
        gainable[player] |= techs_at_start
    for player in model.players:
        gainable[player] |= given
    return gainable


def _trigger_gains(model, gain) -> None:
    """What the triggers that can fire place, give and sell (a frontier: then what its technology
    frontiers sell, S215's)."""
    frontiers = None
    for given in fired_trigger_options(model, _TRIGGER_OPTIONS):
        parts = given.value.split(":")
        if given.option == "placement":  # [count:]territory:unit:unit...
            made = parts[2:] if java_int(parts[0]) is not None else parts[1:]
        elif given.option == "purchase":  # [count:]unit:unit...
            made = parts[1:] if java_int(parts[0]) is not None else parts
        else:  # frontier
            frontiers = frontiers if frontiers is not None else frontier_units(model, model.names(UNIT))
            made = sorted(frontiers.get(given.value, ()))
            for reached, advance in technology_frontiers(model, (given.value,))[0].items():  # then S215's
                for player in given.players:
                    for unit in sorted(frontiers.get(reached, ())):
                        gain(player, unit, given.line, f"from trigger {given.trigger!r} (frontier {given.value!r}), "
                                                       f"then on gaining {advance} from the frontier {reached!r}")
        for player in given.players:
            for unit in made:
                gain(player, unit, given.line, f"from trigger {given.trigger!r} ({given.option})")


def _unit_gains(options: list, targets, attachment_names, base, gained, gain, players) -> None:
    """Units made or turned into by units a player has (once: what those make is not followed)."""
    owners_of: dict[str, set[str]] = defaultdict(set)
    for player, unit in (*base, *gained):
        owners_of[unit].add(player)
    for element, option, value, line in options:
        if attachment_names[element] != "unitAttachment":
            continue
        parts = value.split(":")
        for source in targets[element]:
            if option == _CAPTURED:  # from:to:keepAttributes:unit:count[:unit:count...]
                receiver = parts[1] if len(parts) > 1 else _ANY_PLAYER
                if receiver in players:
                    for unit in parts[3::2]:
                        gain(receiver, unit, line, f"when it captures {source!r} ({option})")
            elif option in _UNIT_SOURCES:  # the made units are among the parts; the rest are counts and flags
                for player in sorted(owners_of.get(source, ())):
                    for unit in parts:
                        gain(player, unit, line, f"as its {source!r} {_UNIT_SOURCES[option]} ({option})")

