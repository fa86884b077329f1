"""M30x–M31x: the map folder's text files and tiles against the game XML.

The engine's parser never reads these; players find the problems (a territory with no
shape, units drawn in the sea, holes in the map) when they open the game. numpy and the
geometry built on it load only when a map folder is checked: an XML-only check starts
about 50 ms sooner without them.
"""

from __future__ import annotations

import errno
import re
import stat
from operator import itemgetter
from pathlib import Path

from converter.check.markerfiles import territories_using
from converter.check.optionalfiles import DECORATIONS_FILE, ONE_POINT_FILES, first_point_on_line
from converter.check.rule import AT, hit, rule, some_of
from converter.check.suggest import another_word, closest_name
from converter.findings import Severity

_DIGITS = re.compile(r"[0-9]+")
# the files whose lines 2.x reads with one pattern, a name and its first point (readOneToOne)
_READ_ONE_TO_ONE = frozenset(("centers.txt", *ONE_POINT_FILES))

INT64 = (-(1 << 63), (1 << 63) - 1)
# point files the engine needs for every territory: file -> severity when a territory is missing
# each file the engine needs a line of for every territory (it refuses to open the game
# without one, place.txt included: 1.9 and 2.x's MapData.verify)
_REQUIRED = {"polygons.txt": Severity.ERROR, "centers.txt": Severity.ERROR, "place.txt": Severity.ERROR}


def _files(context):
    """(file name, PointFile) for the point files that exist."""
    for name, point_file in (("polygons.txt", context.polygons), ("centers.txt", context.centers),
                             ("place.txt", context.place)):
        if point_file is not None:
            yield name, point_file


def game_territories(context) -> list[str] | None:
    """The game's territory names, which the map files are checked against; None without a game
    XML, or for a game whose `<map>` builds its territories with `<grid>`."""
    model = context.model
    if model is None or model.has_grid:
        return None
    return model.territories


@rule("M301", "map-files.missing-file", Severity.ERROR, "the map folder has no {name}{instead}")
def missing_file(context):
    """Finds a map folder that lacks polygons.txt, centers.txt or place.txt.

    Why: TripleA 1.9 cannot load the map's data without polygons.txt or centers.txt, and
    without place.txt both 1.9 and 2.x stop as they open the game, with `No data of type place
    for territory: NAME`. When a folder, a broken link, a link loop or a FIFO, socket or device
    stands where the file should be, the message says so.

    Fix: Add the file to the map folder (where map.properties is), with a line for every
    territory of the game XML; TripleA's map-making tools PolygonGrabber, CenterPicker and
    PlacementPicker write these files.
    """
    if context.target.map_dir is None or context.target.xml is None:
        return
    for name in _REQUIRED:
        path = context.target.map_dir / name
        if not path.is_file():
            yield hit(file=context.target.map_dir, name=name, severity=_REQUIRED[name], instead=_instead(path))


def _instead(path: Path) -> str:
    """What stands where a file is missing, when something does (the engine reads none of it)."""
    try:
        mode = path.lstat().st_mode
    except (OSError, ValueError):
        return ""
    if stat.S_ISLNK(mode):
        try:
            mode = path.stat().st_mode
        except OSError as error:
            return " (only a link loop by that name)" if error.errno == errno.ELOOP else " (only a link to nothing)"
    if stat.S_ISDIR(mode):
        return " (only a folder by that name)"
    return "" if stat.S_ISREG(mode) else " (only a FIFO, socket or device by that name)"


@rule("M302", "map-files.territory-missing", Severity.ERROR, "territory {name!r} is missing from {file_name}")
def territory_missing(context):
    """Finds territories of the game XML with no line in polygons.txt, centers.txt or place.txt.

    Why: TripleA (1.9 and 2.x) refuses to open the game when a territory lacks its line, with
    `No data of type place for territory: NAME` (or `centers`, `polygons`). Names must equal the
    XML's `<territory name=...>` exactly, case included, and a line this check cannot read (M304)
    counts as missing. A game whose `<map>` builds its territories with `<grid>` is not checked.

    Fix: Add the territory's line to the file the message names: `NAME < (x,y) (x,y) ... >` in
    polygons.txt, `NAME (x,y)` in centers.txt, `NAME (x,y) (x,y) ...` in place.txt. If a line is
    there, make its name match the game XML's exactly.
    """
    territories = game_territories(context)
    if territories is None:
        return
    for file_name, point_file in _files(context):
        if point_file.unreadable:
            continue
        present = point_file.name_set
        if present.issuperset(territories):
            continue  # every territory is there (the usual file)
        for name in [name for name in dict.fromkeys(territories) if name not in present]:
            yield hit(file=point_file.path, name=name, file_name=file_name, territory=name,
                      severity=_REQUIRED[file_name])


_BYTE_ORDER_MARK = "\ufeff"  # kept by the readers, as by the engines: Files.lines and 1.9's reader keep it


@rule("M303", "map-files.extra-name", Severity.WARNING, "{name!r} in {file_name} is not a territory of the game XML{suggestion}")
def extra_name(context):
    """Finds names in polygons.txt, centers.txt, place.txt or vc.txt and the like that no territory has.

    Why: The engine silently ignores such lines, so they are usually leftovers of a renamed or
    deleted territory, or misspellings; a misspelt name also leaves the real territory without its
    line (M302). The same goes for the optional point files, whose points place a territory's
    markers and labels (vc.txt, capitols.txt, name_place.txt, pu_place.txt, kamikaze_place.txt,
    convoy.txt, blockade.txt, comments.txt, territory_effects.txt): there the territory whose name
    is misspelt gets its label or marker at the default place (its center) instead. A name another
    game XML of the same map declares (one in `games/` or beside this one) is not reported: the
    map's files serve all its games. When a territory's name differs from it only in upper and lower
    case, or is close to it, the message suggests it (or, when that territory has its own line in
    the file too, says this one is a leftover, or, where only this copy's point lies in the
    territory, to copy its point to the territory's line). A name whose point lies in a territory
    without a line of its own in the file (and joined to others: not a counter box) is suggested
    that territory: renamed in the XML alone (`Roma` for `Rome`); from five such names in a file,
    one finding. In a file whose lines only some territories use (capitols.txt a capital's, vc.txt a
    victory city's, pu_place.txt a producing territory's, convoy.txt, blockade.txt and
    kamikaze_place.txt their zones', name_place.txt a sea zone's only where the map draws sea zone
    names), only such a territory is suggested by where the point lies. A name a word longer or
    shorter, or of another direction (`Northeastern ...` for `Western ...`), is another place and is
    not suggested. `there be dragons`, the name TripleA's PlacementPicker writes for a point in no
    territory, is info. A game whose `<map>` builds its territories with `<grid>` is not checked. A
    file saved with a byte-order mark (some Windows editors write one) gives its first name that
    invisible U+FEFF: TripleA 1.9 and 2.x read it as part of the name, so that territory's line is
    not found. So does 2.x with blanks before a name in centers.txt (its pattern keeps them; 1.9
    trimmed them), and both with other characters around a name that Java's trim does not remove,
    such as a no-break space. A file's names with nothing to suggest are one finding from five on (a
    block of leftovers); a player's name is said to be one; capitols.txt with capital markers turned
    off (`map.showCapitolMarkers=false`), which TripleA then reads but never uses, is one info
    finding; a file of ten names or more, four in five of them no territory (copied from another
    map), is one finding; so is a name found in several files with nothing or the same name to
    suggest (a territory renamed or deleted in the XML alone).

    Fix: In the file and on the line named, change the name to the game XML's exact
    `<territory name=...>`, or delete the line if the territory no longer exists; save a file
    with a byte-order mark again as UTF-8 without one.
    """
    found = list(_extra_names(context))
    if len(found) < 2:
        yield from found
        return
    # one name unknown in several files (a territory renamed or deleted in the XML alone): one finding
    alike: dict[tuple, list] = {}
    for each in found:
        suggestion = each.params.get("suggestion", "")
        # the same note but for the file and its line numbers ("has its own line (74) in centers.txt")
        same = _FILE_AND_LINE.sub("", suggestion)
        key = (each.params["name"], same, each.params.get("severity")) \
            if not suggestion.startswith((", nor", _ITS_POINT)) else id(each)
        alike.setdefault(key, []).append(each)
    for hits in alike.values():
        first = hits[0]
        if len(hits) > 1:
            also = some_of([f"line {each.line}" if each.params["file_name"] == first.params["file_name"] else
                            f"{each.params['file_name']} (line {each.line})" for each in hits[1:]])
            first.params["suggestion"] += f"; the same name is on {also}" if all(
                each.params["file_name"] == first.params["file_name"] for each in hits[1:]) else \
                f"; the same name is in {also}"
        yield first


_FILE_AND_LINE = re.compile(r" \(\d+\)|\b[\w.]+\.txt\b")


def _extra_names(context):
    territories = game_territories(context)
    if territories is None:
        return
    known = set(territories)
    lowered = None  # built at the first unknown name: most maps have none
    elsewhere = None  # the territories of the map's other games, read at the first unknown name
    for file_name, path, names, entries in _named_files(context):
        if known.issuperset(names):
            continue  # no name the XML lacks (the usual file)
        if elsewhere is None:
            elsewhere = context.sibling_territories
        unused = _unused_note(context, file_name)
        players = set(context.model.players)
        strangers = [(name, line) for name, line in entries() if name not in known and name not in elsewhere]
        if len(names) >= _FOREIGN_FILE and \
                sum(name not in players for name, _line in strangers) > _FOREIGN_SHARE * len(names):
            # hardly a name of this map: a file copied from another (no name's suggestion means much)
            (name, line), rest = strangers[0], strangers[1:]
            yield hit(file=path, line=line, name=name, file_name=file_name,
                      suggestion=f", nor {'is' if len(rest) == 1 else 'are'} {len(rest)} more names of it "
                                 f"({_few(rest)}): only {len(names) - len(strangers)} of its {len(names)} names "
                                 f"name territories of the map's games, so it looks copied from another map{unused}")
            continue
        plain: list[tuple[str, int]] = []  # names with nothing to suggest: one finding when there are many
        located: list[tuple[str, int, str]] = []  # names suggested by where their points lie: likewise
        for name, line in [(name, line) for name, line in entries() if name not in known and name not in elsewhere]:
            if unused:  # the file is never read: one finding for it
                plain.append((name, line))
                continue
            if lowered is None:
                lowered = {name.lower().strip(): name for name in known}
            leftover = copy_of = None  # a copy of a line the file has: where its point lies may say better
            if name.startswith(_BYTE_ORDER_MARK) and name[1:] in known:
                suggestion = f"; the file starts with a byte-order mark (U+FEFF), which TripleA reads as part of " \
                             f"the name {name[1:]!r}: save {file_name} as UTF-8 without it"
            elif name.strip() in known:
                suggestion = _kept_blanks_note(name, file_name)
            elif name.lower().strip() in lowered:
                meant = lowered[name.lower().strip()]
                suggestion = _has_its_line(meant, file_name, entries) if meant in names else \
                    f"; did you mean {meant!r}? (names are case-sensitive)"
                leftover = copy_of = meant if meant in names else None
            else:
                close = closest_name(name.strip(), frozenset(known))
                # names differing only in their digits are numbered siblings (SZ1, SZ81), not misspellings;
                # nor are names of another region (`Northeastern United States`, `Western United States`)
                if not close or _DIGITS.sub("", close) == _DIGITS.sub("", name.strip()) or \
                        another_word(name.strip(), close):
                    suggestion = ""
                else:
                    suggestion = _has_its_line(close, file_name, entries) if close in names else \
                        f"; did you mean {close!r}?"
                    leftover = copy_of = close if close in names else None
            if (not suggestion or leftover) and file_name != "polygons.txt":
                suggestion = _where_its_point_is(context, file_name, path, names, name, line) or \
                    (copy_of and _point_of_the_copy(context, file_name, path, copy_of, line, entries)) or suggestion
            if not suggestion and name in players:
                suggestion = f"; it is a player's name: {file_name} names territories"
            if name == _PICKER_PLACEHOLDER:
                yield hit(file=path, line=line, name=name, file_name=file_name, severity=Severity.INFO,
                          suggestion="; it is the name TripleA's PlacementPicker writes for a point in no territory: "
                                     "TripleA skips the line")
                continue
            if not suggestion:
                plain.append((name, line))
                continue
            if suggestion.startswith(_ITS_POINT):
                located.append((name, line, suggestion))
                continue
            yield hit(file=path, line=line, name=name, file_name=file_name, suggestion=suggestion)
        if len(located) >= _MANY_LEFTOVERS:  # one cause: territories renamed in the XML and not in this file
            (name, line, suggestion), rest = located[0], [str(each) for _name, each, _suggestion in located[1:]]
            yield hit(file=path, line=line, name=name, file_name=file_name,
                      suggestion=f"{suggestion} Nor are the names of {len(rest)} more lines (lines {some_of(rest)}), "
                                 f"each one's point in a territory without a line of its own: were those territories "
                                 f"renamed in the game XML and not in {file_name}?")
        else:
            for name, line, suggestion in located:
                yield hit(file=path, line=line, name=name, file_name=file_name, suggestion=suggestion)
        if len(plain) >= _MANY_LEFTOVERS or unused and len(plain) > 1:
            (name, line), rest = plain[0], plain[1:]
            why = unused or ": leftovers of territories the game no longer has? TripleA skips them"
            whose = f"; they are players' names: {file_name} names territories" if unused and \
                all(each in players for each, _line in plain) else ""
            yield hit(file=path, line=line, name=name, file_name=file_name,
                      suggestion=f", nor {'is' if len(rest) == 1 else 'are'} {len(rest)} more "
                                 f"name{'s' * (len(rest) > 1)} of it ({_few(rest)}), on lines {line} to "
                                 f"{rest[-1][1]}{whose}{why}", **({"severity": Severity.INFO} if unused else {}))
        else:
            for name, line in plain:
                yield hit(file=path, line=line, name=name, file_name=file_name, suggestion=unused,
                          **({"severity": Severity.INFO} if unused else {}))


_MANY_LEFTOVERS = 5  # from this many names with nothing to suggest, one file's are one finding
# a file of this many names or more, most of them no territory of the map's games, is another map's
_FOREIGN_FILE, _FOREIGN_SHARE = 10, 0.8


def _few(named: list[tuple[str, int]]) -> str:
    shown = ", ".join(repr(name) for name, _line in named[:3])
    return shown + (", ..." if len(named) > 3 else "")


def _unused_note(context, file_name: str) -> str:
    """What makes a whole file unread: capital markers switched off leave capitols.txt alone
    (2.x reads it only for CapitolMarkerDrawable, which TileManager adds when they are on)."""
    from converter.check.rules.images import draws_capital_markers

    if file_name == CAPITALS_FILE and not draws_capital_markers(context):
        return f"; map.properties sets map.showCapitolMarkers off, so TripleA never uses {file_name}"
    return ""


CAPITALS_FILE = "capitols.txt"


def _has_its_line(meant: str, file_name: str, entries) -> str:
    """The note on a name close to a territory that has its own line in the file too: renaming
    this one would give the territory two lines, which the engine refuses ("found twice")."""
    line = next((line for name, line in entries() if name == meant), None)
    return f"; {meant!r} has its own line{f' ({line})' if line else ''} in {file_name}, so this one is a " \
           "leftover copy: delete it (renaming it would name the territory twice, which TripleA refuses)"


_PICKER_PLACEHOLDER = "there be dragons"  # PlacementPickerTask's name for a click in no territory


def _where_its_point_is(context, file_name: str, path, names: set[str], name: str, line: int) -> str:
    """"; its point lies in 'X', which has no line of its own ..." when the line's first point
    lies in a territory of the game that the file does not name: a territory renamed in the XML
    and not in the file. "" otherwise."""
    from converter.check.rules.points_outside import territories_under

    point = _first_point(context, file_name, path, line)
    if point is None:
        return ""
    at = territories_under(context, [point])[0]
    if at is None or at in names or at not in set(game_territories(context) or ()):
        return ""
    if not context.model.neighbours().get(at):  # a counter or holding box: a label beside it is no rename
        return ""
    using = territories_using(context, file_name)
    if using is not None and at not in using:  # no capital, victory city ...: it would never read the line
        return ""
    return f"{_ITS_POINT} ({point[0]},{point[1]}) lies in {at!r}, which has no line of its own in {file_name}: " \
           f"did you mean {at!r}?"


_ITS_POINT = "; its point"


def _point_of_the_copy(context, file_name: str, path, meant: str, line: int, entries) -> str:
    """"; copy this point to line N" when this leftover copy's point lies in the territory `meant`
    and that territory's own line's point does not (one-point files alone); "" otherwise."""
    from converter.check.rules.points_outside import territories_under

    if file_name == "place.txt":
        return ""
    own_line = next((each for name, each in entries() if name == meant), None)
    point, own = _first_point(context, file_name, path, line), _first_point(context, file_name, path, own_line)
    if point is None or own is None:
        return ""
    here, there = territories_under(context, [point, own])
    if here != meant or there == meant:
        return ""
    return f"; {meant!r} has its own line ({own_line}) in {file_name}, whose point lies outside it, while this " \
           f"one's, ({point[0]},{point[1]}), lies inside: copy this point to line {own_line}, then delete this line"


def _first_point(context, file_name: str, path, line: int) -> tuple[int, int] | None:
    """The first (x, y) of the file's line `line`, as read for M303's unknown names."""
    point_file = {"centers.txt": context.centers, "place.txt": context.place}.get(file_name)
    if point_file is not None:
        entry = next((entry for entry in point_file.named_entries if entry.line == line), None)
        return tuple(entry.points[0]) if entry is not None and entry.points else None
    optional = next((each for each in context.optional_point_files if each.file_name == file_name), None)
    return first_point_on_line(optional.data, line) if optional is not None else None


def _named_files(context):
    """(file name, path, the names it gives, a function giving its (name, line) entries) for the
    point files that exist and name territories (decorations.txt names images)."""
    for file_name, point_file in _files(context):
        yield file_name, point_file.path, point_file.name_set, \
            lambda point_file=point_file: [(entry.name, entry.line) for entry in point_file.named_entries]
    for optional in context.optional_point_files:
        if optional.file_name != DECORATIONS_FILE:
            yield optional.file_name, optional.path, {name for name, _ in optional.names}, \
                lambda optional=optional: optional.names


def _kept_blanks_note(name: str, file_name: str) -> str:
    """M303's note for a territory's name read with characters around it that TripleA keeps."""
    core = name.strip()
    around = name[:name.index(core)] + name[name.index(core) + len(core):]
    if file_name in _READ_ONE_TO_ONE and not set(around) - set(" \t") and name.endswith(core):
        return (f"; TripleA 2.x keeps the blanks before a name in {file_name} (1.9 drops them): remove them "
                f"before {core!r}")
    shown = ", ".join(f"U+{ord(char):04X}" for char in sorted(set(around)))
    return f"; TripleA reads {shown} around {core!r} as part of the name (it trims only ASCII blanks): remove it"


@rule("M304", "map-files.malformed-line", Severity.ERROR, "{file_name} line {what} ({reason}): {text!r}")
def malformed_line(context):
    """Finds lines of polygons.txt, centers.txt or place.txt that do not follow the file's format.

    Why: Depending on the line and the TripleA version, the engine either stops loading the map at
    that line or reads it as something else without a warning: TripleA 1.9 fails on a centers.txt
    line without its `(x,y)`. This check skips such a line, so a territory named only there is also
    reported as missing (M302). Text the engine skips on a line it reads is a warning instead: 2.x
    reads every `< >` of a polygons.txt line as a polygon of the points in it, and every `(x,y)` of
    a place.txt line, and the point right after the name on a centers.txt line, ignoring the rest,
    so the territory keeps what it has (the text is often another territory's name whose line break
    was lost, or a mistyped point, which is then missing); skipped text holding no digit, `=` or
    territory name (a stray `]`, a label such as `Vectis`) loses nothing and is info. A polygon of
    fewer than three points is read too, and is a warning: it draws nothing and is never clicked,
    and a territory with no other polygon is drawn nowhere. A coordinate beyond Java's int range
    (-2147483648 to 2147483647) stops both versions loading the map. Lines are split and blanks read
    as 2.x does: a line ends at a line feed, a carriage return or the two together, and the points'
    blanks and digits are ASCII.

    Fix: Write the line as `NAME < (x,y) (x,y) (x,y) ... >` in polygons.txt (at least three
    points in each `< >`), `NAME (x,y)` in centers.txt, or `NAME (x,y) (x,y) ...` in place.txt;
    the message gives the line number and what is wrong with it.
    """
    territories = None  # the names a skipped piece may be: the game's territories, or the point files' names
    for file_name, point_file in _files(context):
        if point_file.read_in_part and territories is None:
            territories = frozenset(context.model.territories) if context.model is not None else \
                frozenset(entry.name for _, each in _files(context) for entry in each.entries)
        for bad in point_file.malformed:
            yield hit(file=point_file.path, line=bad.line, file_name=file_name, what="cannot be read",
                      reason=bad.reason, text=bad.text)
        for odd in point_file.read_in_part:
            lost = not odd.skipped or _may_be_lost(odd.skipped, territories)
            what = "has text the engine skips" if odd.skipped else "is read in part"
            yield hit(file=point_file.path, line=odd.line, file_name=file_name, what=what, text=odd.text,
                      reason=odd.reason if lost else odd.reason + ": it holds no point or territory name, so "
                      "nothing is lost", severity=Severity.WARNING if lost else Severity.INFO)


_DIGIT = re.compile(r"\d")


def _may_be_lost(skipped: str, territories) -> bool:
    """Whether text 2.x skips on a point-file line may be something meant: a number (a point
    mistyped, `(6180,560,620)`), an option (`overflowToLeft=true` without its ` | `), or a
    territory's name (a line break lost); a stray bracket or a label (`Vectis`) loses nothing."""
    if _DIGIT.search(skipped) or "=" in skipped:
        return True
    # a name anywhere in it, between blanks or at its ends ('Beta  Sea Zone', '] Sea Zone')
    words = f" {' '.join(skipped.split())} "
    return any(f" {name} " in words for name in territories)


@rule("M305", "map-files.unreadable", Severity.ERROR, "{file_name} cannot be read: {reason}")
def unreadable(context):
    """Finds a polygons.txt, centers.txt or place.txt that cannot be read, or is not UTF-8 text.

    Why: TripleA 2.x reads these files as UTF-8 and TripleA 1.9 in the computer's default
    encoding, so other bytes can garble the territory names in them or stop the file from
    loading, and the same file can behave differently on two computers. This check cannot read
    the file either, so its other checks find nothing in that file until it can.

    Fix: Save the file as UTF-8 (plain ASCII is UTF-8 too) and make sure it is a regular file
    that can be read; the message says what failed and, for a wrong encoding, at which byte.
    """
    for file_name, point_file in _files(context):
        if point_file.unreadable:
            yield hit(file=point_file.path, file_name=file_name, reason=point_file.unreadable)


@rule("M306", "map-files.duplicate-name", Severity.ERROR, "{name!r} appears again in {file_name} (first on line {first})")
def duplicate_name(context):
    """Finds a name given on more than one line of polygons.txt, centers.txt or place.txt.

    Why: TripleA refuses such a file: 1.9 logs `name found twice` and quits for a name twice in
    polygons.txt or place.txt, and for centers.txt stops reading the map's remaining files. Every
    line after the first is reported, with the first one's line number.

    Fix: Keep one line per territory and delete the others; in polygons.txt a territory of
    several parts (islands) is one line with several `< ... >` groups, in place.txt one line with
    all its points.
    """
    for file_name, point_file in _files(context):
        named = point_file.named_entries
        if len(point_file.name_set) == len(named):
            continue  # no name twice (the usual file)
        first: dict[str, int] = {}
        for entry in named:
            if entry.name in first:
                yield hit(file=point_file.path, line=entry.line, name=entry.name, file_name=file_name,
                          first=first[entry.name], territory=entry.name)
            else:
                first[entry.name] = entry.line


def off_map(left: int, top: int, right: int, bottom: int, width: int, height: int) -> bool:
    """Does the box lie wholly outside the width x height map (its pixels 0..width-1, 0..height-1)?"""
    return right < 0 or bottom < 0 or left >= width or top >= height


@rule("M312", "map-files.polygon-off-map", Severity.WARNING,
      "the polygon of {name!r} reaches {point}, outside the {width}x{height} map{hidden}")
def polygon_off_map(context):
    """Finds territories whose polygons reach outside the map size set in map.properties.

    Why: A point with a negative coordinate, or beyond `map.width` or `map.height`, usually
    means a mistyped coordinate or a map size set too small; the engine's parser does not check
    this, so the mistake shows up only in play. Checked only when map.properties gives both sizes
    as whole numbers; the message names the polygons.txt line and the corner of the territory's
    bounding box that lies outside. A territory wholly off the map is never drawn and cannot be
    clicked, which some maps do on purpose: a few pixels' holding box that keeps a player's
    factory or reserves out of sight is info, with that said. Five polygons or more past the same
    edge, or wholly off the map, are one finding (a grid of boxes beside the picture, a map size
    set too small); past the right or bottom edge it says how far they reach.

    Fix: Correct the point in polygons.txt, or set map.width and map.height in map.properties to
    the real size of the map image in pixels.
    """
    properties = context.map_properties
    size = properties.size() if properties is not None else None
    if context.polygons is None or size is None:
        return
    width, height = size
    import numpy as np  # loaded for map folders only

    entries, boxes = context.polygons.entries, context.scan.boxes
    if not len(boxes):
        return
    by_numpy = boxes.dtype == np.int64 and INT64[0] <= min(width, height) and max(width, height) <= INT64[1]
    # no polygon off the map (the usual map): then no entry either, its box spans its polygons' (each has one)
    if by_numpy and not ((boxes[:, :2] < 0).any() or (boxes[:, 2] > width).any() or (boxes[:, 3] > height).any()):
        return
    starts = _entry_starts(context, np)
    lows, highs = np.minimum.reduceat(boxes[:, :2], starts), np.maximum.reduceat(boxes[:, 2:], starts)
    if by_numpy:
        # the entries off the map, found by numpy: Python looks at those alone
        off = (lows < 0).any(axis=1) | (highs[:, 0] > width) | (highs[:, 1] > height)
        picked = np.flatnonzero(off)
        found = zip([entries[index] for index in picked.tolist()], lows[picked].tolist(), highs[picked].tolist())
    else:
        found = zip(entries, lows.tolist(), highs.tolist())
    alike: dict[str, list[dict]] = {}  # one cause (a grid of boxes beside the picture, a map size too small)
    for entry, (left, top), (right, bottom) in found:
        if left < 0 or top < 0 or right > width or bottom > height:
            corner = (right, bottom) if right > width or bottom > height else (left, top)
            hidden = _hidden(left, top, right, bottom, width, height)
            edge = "off" if hidden["hidden"] else "right" if right > width else "bottom" if bottom > height else \
                "left" if left < 0 else "top"
            alike.setdefault(edge if "severity" not in hidden else "", []).append(dict(
                file=context.polygons.path, line=entry.line, name=entry.name, territory=entry.name,
                point=f"({corner[0]},{corner[1]})", width=width, height=height, **hidden,
                **{AT: (int(corner[0]), int(corner[1]))}))
    for edge, hits in alike.items():
        if edge and len(hits) >= _MANY_OFF_MAP:
            yield hit(**{**hits[0], "hidden": hits[0]["hidden"] + _many_off_map(edge, hits, width, height)})
        else:
            yield from (hit(**each) for each in hits)


_MANY_OFF_MAP = 5  # from this many polygons off the map the same way, they are one finding


def _many_off_map(edge: str, hits: list[dict], width: int, height: int) -> str:
    """The note of one finding for many polygons off the map the same way: how many, and, past
    the right or bottom edge, how far (the map's size may be set too small: TripleA's tile
    breaker pads the last tiles to 256 px, so the tiles cannot tell where the picture ends)."""
    lines = [str(each["line"]) for each in hits[1:]]
    note = f"; so {'are' if edge == 'off' else 'do'} {len(lines)} more territories' polygons (lines {some_of(lines)})"
    if edge in ("right", "bottom"):
        axis, key, size = ("x", "width", width) if edge == "right" else ("y", "height", height)
        farthest = max(int(each["point"].strip("()").split(",")[edge == "bottom"]) for each in hits)
        note += f", as far as {axis}={farthest}: if the map's picture reaches there, map.{key}={size} is too small"
    return note


HIDDEN_BOX = 10  # px: a territory this small wholly off the map is a holding box kept out of sight


def _hidden(left: int, top: int, right: int, bottom: int, width: int, height: int) -> dict:
    """M312's note (and severity) for a polygon wholly off the map."""
    if not off_map(left, top, right, bottom, width, height):
        return {"hidden": ""}
    if right - left <= HIDDEN_BOX and bottom - top <= HIDDEN_BOX:
        return {"hidden": "; wholly off it, a hidden holding territory (never drawn, never clicked)",
                "severity": Severity.INFO}
    return {"hidden": "; wholly off it: never drawn, never clicked"}


def _entry_starts(context, np):
    """Each polygons.txt entry's first polygon's number, as a cumulative sum of the entries'
    polygon counts. When no name repeats, the polygon layout holds them already (each name's
    first entry is then its only one)."""
    entries, layout = context.polygons.entries, context.polygon_layout
    if layout is not None and len(layout.first) == len(entries):
        return np.fromiter(map(_FIRST_POLYGON, layout.first.values()), dtype=np.int64, count=len(entries))
    return np.cumsum([0] + [len(entry.polygons) for entry in entries[:-1]])


_FIRST_POLYGON = itemgetter(1)  # of a PolygonLayout.first value: (entry, first polygon, count)
