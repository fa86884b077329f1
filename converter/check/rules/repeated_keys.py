"""M334: keys the map's text files (notifications, tooltips, objectives, action texts, unit
icons, production tabs, sounds) set on more than one line, where only the last line counts."""

from __future__ import annotations

from converter.check.rule import hit, rule, some_of
from converter.check.rules.objectives import (OBJECTIVES_FILE, name_in_2x, objectives_prefix, other_game_prefixes,
                                              read_under_info_name)
from converter.findings import Severity

# the .properties files 2.x reads with ResourceLoader.loadPropertyFile (map.properties is M326's)
TEXT_FILES = ("notifications.properties", "tooltips.properties", "objectives.properties",
              "politicstext.properties", "actionstext.properties", "unit_icons.properties",
              "production_tabs.properties", "sounds.properties")
_BLOCK = 5  # from this many repeats with unchanged values, a file's are one finding: a block given twice


@rule("M334", "map-files.text-key-repeated", Severity.WARNING,
      "{name} key {key!r} is set again (first on line {first}){note}")
def text_key_repeated(context):
    """Finds keys that notifications.properties or the map's other text files set twice.

    Why: TripleA 2.x reads notifications.properties, tooltips.properties, objectives.properties,
    politicstext.properties, actionstext.properties, unit_icons.properties,
    production_tabs.properties and sounds.properties as Java properties files
    (`ResourceLoader.loadPropertyFile`): a key set again keeps the last line's value, and the
    earlier text is never shown, without a word. Messages are often corrected by writing the key
    again below (`GERMANTURN2` with two different messages), and then the first is the one edited
    next time, to no effect. A line giving the key the value it already had is info (nothing changes
    yet), and so is one whose earlier line has no text, or an objectives.properties key starting
    with the name of no game of the map, which no Objectives tab reads. From five of either kind in
    one file, they are one finding naming the others' lines (a block pasted twice). map.properties
    is M326's.

    Fix: Keep one line per key: delete the earlier line, or merge the two texts into the last.
    """
    if context.target.map_dir is None:
        return
    for name in TEXT_FILES:
        repeats = context.properties_repeats(name)
        if not repeats:
            continue
        path = context.properties_file(name)[0]
        unread = _read_by_no_game(context) if name == OBJECTIVES_FILE else (lambda key: False)
        # an earlier line with no text, or a key no game reads, loses nothing shown
        changed, unchanged, empty, unused = [], [], [], []
        for repeat in repeats:
            (unchanged if repeat.value == repeat.first_value else unused if unread(repeat.key) else
             changed if repeat.first_value.strip() else empty).append(repeat)
        yield from _findings(path, name, changed, "; the last one wins, and the earlier text is never shown",
                             Severity.WARNING)
        yield from _findings(path, name, unchanged, " with the value it had: nothing changes, but only the last "
                             "line counts", Severity.INFO)
        yield from _findings(path, name, empty, "; the earlier line gives it no text, so nothing is lost",
                             Severity.INFO)
        yield from _findings(path, name, unused, "; no game of the map reads it (the Objectives tab reads the keys "
                             "that start with the game's name), so neither text is shown", Severity.INFO)


def _read_by_no_game(context):
    """For objectives.properties: whether a key starts with the name of no game of the map
    (ObjectivePanel reads a game's keys by its name); never so without a game XML."""
    own = name_in_2x(context) if context.model is not None else None
    if own is None:
        return lambda key: False
    # the map's games, each as 2.x names it and by its <info name> (which 1.9 reads)
    prefix = objectives_prefix(own)
    prefixes = tuple(other_game_prefixes(context, prefix) | {prefix, read_under_info_name(context, prefix) or prefix})
    return lambda key: key != _PANEL_NAME and not key.startswith(prefixes)


_PANEL_NAME = "Objectives.Panel.Name"  # the tab's title, read for every game (ObjectiveProperties.getName)


def _findings(path, name: str, repeats: list, note: str, severity: Severity):
    """One finding per repeat, or one for them all from _BLOCK on, naming the others' lines."""
    if len(repeats) >= _BLOCK:
        first, others = repeats[0], [str(repeat.line) for repeat in repeats[1:]]
        note += f"; so are {len(others)} more keys, on lines {some_of(others)}"
        repeats = [first]
    for repeat in repeats:
        yield hit(file=path, line=repeat.line, name=name, key=repeat.key, first=repeat.first_line, note=note,
                  severity=severity)
