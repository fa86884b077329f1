"""M319: objectives.properties, the map's Objectives tab: the conditions each player works
towards, as rows of text the game ticks off while it checks them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule
from converter.findings import Severity

OBJECTIVES_FILE = "objectives.properties"
_SECTION = "TABLEGROUP"  # `<game>.TABLEGROUP.<n>;<player>=<objective>;<objective>;...`
# what 2.x's FileNameUtils.replaceIllegalCharacters turns into `_` (1.9's alike)
_NOT_IN_FILE_NAMES = frozenset("/\b\n\r\t\0\f`?*\\<>|\"':.,^[]=+;")
# AbstractPlayerRulesAttachment.getCondition reads a condition only by one of these in its name
CONDITION_KINDS = ("objectiveAttachment", "conditionAttachment", "triggerAttachment", "politicalActionAttachment")


def objectives_prefix(game_name: str) -> str:
    """The start of the keys the game's objectives are read from: its name (`name_in_2x`) with
    every character file names cannot hold, and spaces, as `_`, and a `.`."""
    return "".join("_" if character in _NOT_IN_FILE_NAMES or character == " " else character
                   for character in game_name) + "."


def game_keyed_file(context, name: str) -> tuple[Path | None, dict[str, tuple[str, int]]]:
    """The map's properties file `name` whose keys start with a game's name (objectives, unit
    icons): `CheckContext.properties_file`, and nothing for an XML alone or a game without
    a name."""
    if context.model is None or context.target.map_dir is None or name_in_2x(context) is None:
        return None, {}
    return context.properties_file(name)


def name_in_2x(context) -> str | None:
    """The game's name in 2.x: map.yml's `game_name` for the XML's file name, which
    GameParser.parse puts in place of the `<info name>`; the `<info name>` without one."""
    yml, xml = context.map_yml, context.target.xml
    if yml is not None and yml.parsed and xml is not None:
        listed = next((entry.game_name for entry in yml.games if entry.file_name == xml.name), None)
        if listed:
            return listed
    return context.model.info_name


def other_game_prefixes(context, own: str) -> set[str]:
    """The key prefixes of the map's other games: their `<info name>`s and map.yml's names."""
    yml = context.map_yml
    listed = {entry.game_name for entry in yml.games if entry.game_name} if yml is not None and yml.parsed else set()
    return {objectives_prefix(name) for name in context.sibling_game_names | listed} - {own}


def read_under_info_name(context, own: str) -> str | None:
    """The `<info name>`'s prefix when 2.x names the game otherwise (after map.yml): keys
    written with it are the ones TripleA 1.9 reads."""
    info = context.model.info_name
    return objectives_prefix(info) if info is not None and objectives_prefix(info) != own else None


@rule("M319", "map-files.objective-not-shown", Severity.WARNING, "objectives.properties {problem}")
def objective_not_shown(context):
    """Finds objectives.properties entries the Objectives tab does not show for this game.

    Why: The Objectives tab lists the conditions given in the map's objectives.properties, as
    `<game>.<player>;<condition>=<text>` under `<game>.TABLEGROUP.<n>;<player>=...` sections,
    where `<game>` is the game's name (in 2.x map.yml's `game_name` for the XML, which
    GameParser.parse puts in place of the `<info name=...>`; in 1.9 the `<info name>`) with its
    spaces and each of
    ``/ ` ? * \\ < > | " ' : . , ^ [ ] = + ;`` written as `_` (`World War II v3 1941` reads
    `World_War_II_v3_1941.`, `Invasion U.S.A.` reads `Invasion_U_S_A_.`), letter case
    included. TripleA skips what does not fit: a file whose keys start with another game's name
    (copied from the game the map was made from, or written before the game was renamed) leaves
    the tab out altogether, without a word, and an entry naming a player the game lacks, or a
    condition it lacks (it must be a player's attachment named with `objectiveAttachment`,
    `conditionAttachment`, `triggerAttachment` or `politicalActionAttachment`), or one no
    section's value lists, is not shown; a section key needs exactly `TABLEGROUP.<number>`. For
    all but the unlisted entry, 2.x also logs an error (ObjectivePanel,
    AbstractPlayerRulesAttachment.getCondition), which opens its error window whenever the game's
    window opens, a save's included. Keys of the map's other games are theirs and are
    not reported. A file of another game's name none of whose conditions the game has is info:
    a leftover, which renaming its keys would not show.

    Fix: Start the keys with the game's name written as above (the message gives it), or
    correct the player or condition named after it to the game XML's.
    """
    model = context.model
    path, values = game_keyed_file(context, OBJECTIVES_FILE)
    entries = {key: line for key, (_value, line) in values.items() if ";" in key}  # sections, objectives
    if not entries:
        return
    name = name_in_2x(context)
    own = objectives_prefix(name)
    mine = {key[len(own):]: values[key] for key in entries if key.startswith(own)}
    if mine:
        yield from _entries_not_shown(model, own, mine, path)
        return
    info = read_under_info_name(context, own)
    games = other_game_prefixes(context, own) - {info}
    strays = [key for key in entries if not any(key.startswith(prefix) for prefix in games)]
    if not strays:
        return  # the file holds the other games' objectives only
    prefixes = [prefix for prefix, _ in Counter("".join(key.partition(".")[:2]) for key in strays).most_common()]
    keys = ("its one key starts" if len(strays) == 1 else f"its {len(strays)} keys start") \
        if len(strays) == len(entries) else f"{len(strays)} of its keys start"
    case = " (it differs only in letter case)" if len(prefixes) == 1 and prefixes[0].lower() == own.lower() else ""
    whose = (f"the game's <info name> {model.info_name!r}, which 1.9 reads, while 2.x names the game after map.yml"
             if prefixes == [info] else "which no game of the map is named")
    named = {key.split(";")[1] for key in strays if key.count(";") == 1 and _SECTION not in key.split(";")[0]}
    foreign = bool(named) and not named & set(player_attachment_names(model)) and prefixes != [info]
    which = f"none of the {len(named)} conditions it names is one of this game's" if len(named) > 1 else \
        "the one condition it names is none of this game's"
    leftover = f"; and {which}: a leftover of another game, which renaming the keys would not show" if foreign else ""
    yield hit(file=path, line=entries[strays[0]], **({"severity": Severity.INFO} if foreign else {}),
              problem=f"holds no objective for the game {name!r}, so its Objectives tab is not shown: "
                      f"2.x reads the keys that start {own!r}, and {keys} {_one_of(prefixes)}{case}, {whose}{leftover}")


def _one_of(names: list[str]) -> str:
    """"'A.'", "'A.' or 'B.'", "'A.', 'B.', 'C.' or 2 other names"."""
    shown = [repr(name) for name in names[:3]]
    if len(names) > 3:
        return f"{', '.join(shown)} or {len(names) - 3} other name{'s' if len(names) > 4 else ''}"
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _entries_not_shown(model, own: str, mine: dict[str, tuple[str, int]], path):
    """The game's own entries (key after the game's name -> value, line) the tab skips."""
    players = {*model.players, NEUTRAL_PLAYER}
    conditions = player_attachment_names(model)
    # `TABLEGROUP.<n>;<section>=<condition>;<condition>;...`: 2.x shows the objectives they list
    listed = {name for rest, (value, _line) in mine.items() for parts in [rest.split(";")]
              if len(parts) == 2 and parts[0].startswith(_SECTION) and parts[0].count(".") == 1
              for name in value.split(";")}
    for rest, (_value, line) in mine.items():
        parts = rest.split(";")
        if len(parts) != 2:
            why = "it is not `<player>;<condition>` after the game's name"
        elif parts[0].startswith(_SECTION):
            if parts[0].count(".") == 1:
                continue
            why = f"a section is named `{_SECTION}.<number>`, one `.` and its sorting number"
        elif parts[0] not in players:
            why = f"the game has no player {parts[0]!r}"
        elif not any(kind in parts[1] for kind in CONDITION_KINDS):
            why = f"{parts[1]!r} is named with none of {', '.join(CONDITION_KINDS)}"
        elif parts[1] not in conditions:
            why = f"the game has no player attachment {parts[1]!r}"
        elif parts[1] not in listed:
            yield hit(file=path, line=line,
                      problem=f"entry {own + rest!r} is not shown: no `{_SECTION}` section lists {parts[1]!r}")
            continue
        else:
            continue
        yield hit(file=path, line=line, problem=f"entry {own + rest!r} is not shown: {why}; and 2.x opens its error "
                                                f"window over it whenever the game's window opens")


def player_attachment_names(model) -> frozenset[str]:
    """The names of the attachments to players, as 2.x names them (a `foreach` loop's copies
    each by its own name: `loops`)."""
    return model.derived("objectives.player_attachment_names", _player_attachment_names)


def _player_attachment_names(model) -> frozenset[str]:
    table = model.table(ATTACHMENT_PATH)
    return frozenset(name for name, kind in zip(table.column("name", ""), table.column("type", "unitType"))
                     if kind == "player")
