"""M328: unit_icons.properties, the small icons TripleA 2.x draws beside a player's units of a
type, always or while a condition holds (UnitIconProperties, UnitIconImageFactory)."""

from __future__ import annotations

from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.model import UNIT
from converter.check.rule import hit, rule
from converter.check.rules.objectives import (CONDITION_KINDS, game_keyed_file, name_in_2x, objectives_prefix,
                                               other_game_prefixes, player_attachment_names, read_under_info_name)
from converter.findings import Severity

UNIT_ICONS_FILE = "unit_icons.properties"
_ICON_FOLDER = "unitIcons"  # UnitIconImageFactory.PREFIX: the icons' folder in the map
_KEY_FORM = "`<game>.<player>.<unit type>`, and `;<condition>` for an icon shown while it holds"


@rule("M328", "map-files.unit-icon-not-shown", Severity.WARNING, "unit_icons.properties entry {key!r} {problem}")
def unit_icon_not_shown(context):
    """Finds unit_icons.properties entries TripleA 2.x never draws, or fails on.

    Why: 2.x draws the icon `unitIcons/<file>` beside a player's units of a type for each entry
    `<game>.<player>.<unit type>=<file>` of the map's unit_icons.properties, or
    `<game>.<player>.<unit type>;<condition>=<file>` while that condition holds, where `<game>`
    is the game's name (map.yml's `game_name` for the XML, else its `<info name=...>`) written
    as objectives.properties writes it (M319). It
    skips without a word an entry whose player or unit type the game lacks, a key of another
    form (logging it), and an icon file the map lacks. A condition it cannot find (a player
    attachment named with `objectiveAttachment`, `conditionAttachment`, `triggerAttachment` or
    `politicalActionAttachment`, as AbstractPlayerRulesAttachment.getCondition requires) is
    worse: drawing those units then asks for the state of a condition that is null and fails
    with a NullPointerException (UnitIconProperties.getImagePaths), so the entry is an error.
    Keys of the map's other games are theirs and are not reported.

    Fix: Correct the player, unit type or condition after the game's name to the game XML's,
    rename the condition to carry one of those words, or add the icon under `unitIcons/`.
    """
    model = context.model
    path, values = game_keyed_file(context, UNIT_ICONS_FILE)
    if not values:
        return
    own = objectives_prefix(name_in_2x(context))
    info = read_under_info_name(context, own)
    others = other_game_prefixes(context, own) - {info}
    players, units = {*model.players, NEUTRAL_PLAYER}, model.names(UNIT)
    conditions = None
    folder = context.target.map_dir / _ICON_FOLDER
    strays: dict[str, list[tuple[str, int]]] = {}  # keys of a game the map does not have, by that game
    for key, (icon, line) in values.items():
        unit_part, semicolons, condition = key.partition(";")
        if any(unit_part.startswith(prefix) for prefix in others) and not unit_part.startswith(own):
            continue
        game, _, rest = unit_part.partition(".")
        player, dot, unit = rest.partition(".")
        if ";" in condition or not dot:
            yield hit(file=path, line=line, key=key, problem=f"is skipped: a key is {_KEY_FORM}")
        elif not unit_part.startswith(own):
            strays.setdefault(game, []).append((key, line))
        elif player not in players:
            yield hit(file=path, line=line, key=key, problem=f"is never drawn: the game has no player {player!r}")
        elif unit not in units:
            yield hit(file=path, line=line, key=key, problem=f"is never drawn: the game has no unit type {unit!r}")
        elif semicolons and not any(kind in condition for kind in CONDITION_KINDS):
            yield _fails(path, line, key, player, unit,
                         f"{condition!r} is named with none of {', '.join(CONDITION_KINDS)}")
        elif semicolons and condition not in (conditions := conditions or player_attachment_names(model)):
            yield _fails(path, line, key, player, unit, f"the game has no player attachment {condition!r}")
        elif not (folder / icon).is_file():
            yield hit(file=path, line=line, key=key,
                      problem=f"is never drawn: the map has no {_ICON_FOLDER}/{icon}")
    for game, keys in strays.items():  # one finding per game: a file copied from another map's game
        (key, line), more = min(keys, key=lambda each: each[1]), len(keys) - 1
        case = " (it differs only in letter case)" if f"{game}.".lower() == own.lower() else ""
        whose = "its <info name>, while 2.x names the game after map.yml" if f"{game}." == info else \
            f"which no game of the map is named{case}"
        yield hit(file=path, line=line, key=key,
                  problem=f"{f'and {more} more entries ' if more else ''}for game {game!r}, {whose}, "
                          f"{'are' if more else 'is'} never drawn: 2.x reads the keys that start {own!r}")


def _fails(path, line: int, key: str, player: str, unit: str, why: str):
    return hit(file=path, line=line, key=key, severity=Severity.ERROR,
               problem=f"makes 2.x fail drawing the {unit} units of {player!r} (a NullPointerException): {why}")
