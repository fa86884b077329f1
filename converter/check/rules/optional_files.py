"""M317-M318: the map's optional point files (optionalfiles): decorations.txt, the pictures a
map draws on its board wherever it likes (a title, a legend, a canal), each line naming an
image of the map's misc/ folder and the points to draw it at; and the lines of any of them
that stop TripleA from reading the map's files."""

from __future__ import annotations

from converter.check.folderlisting import FILE
from converter.check.javatext import JAVA_TRIMMED
from converter.check.optionalfiles import DECORATIONS_FILE, READ_ORDER, REQUIRED_FILES, numbered_lines
from converter.check.rule import hit, rule, some_of
from converter.check.suggest import another_word, closest_name
from converter.findings import Severity

_NAME_FOLDER = "territoryNames"  # 2.x MapData: a territory's name drawn from its image there
IMAGE_FOLDER = "misc"  # 2.x MapData.loadDecorations: loader.loadImage("misc/" + name)


def decoration_names(data: bytes) -> list[tuple[int, str]]:
    """(line, image name) of each decorations.txt line as 2.x's PointFileReaderWriter.readOneToMany
    reads it: the text before the line's first `(`, trimmed as Java trims. A line without `(`
    or without a name gives none, nor does a file that is not UTF-8 (2.x stops reading the
    map's files there: M318)."""
    try:
        lines = numbered_lines(data)
    except UnicodeDecodeError:
        return []
    found = []
    for number, line in lines:
        name, bracket, _ = line.partition("(")
        name = name.strip(JAVA_TRIMMED)
        if bracket and name:
            found.append((number, name))
    return found


@rule("M317", "map-files.decoration-missing", Severity.WARNING,
      "decoration {image!r} is not drawn: no misc/{image}{where}{suggestion}")
def decoration_missing(context):
    """Finds decorations.txt lines whose image neither the map's misc/ folder nor the engine's assets hold.

    Why: decorations.txt gives images to draw on the map and where, one image per line (`credits.png
    (284,3000) (284,6000)`). TripleA (1.9 and 2.x) loads each as `misc/<name>` from the map's
    folder, then from the engine's own assets, and skips an image it cannot find without a word, so
    the picture is simply missing from the board. The name must be the file's exactly: a space is
    not an underscore (`Sieg Logo.png` is not `Sieg_Logo.png`), the `.png` belongs to it, and letter
    case counts (Windows and macOS find `Kiev.png` for `kiev.png`, Linux and a zipped map do not).
    The name is the text before the line's first `(`, trimmed. One finding per line, naming a file
    of misc/ that differs only in letter case or a close one (not one another line draws already,
    nor one differing in a whole word, a direction or a word added: `Pro-Allies-Persia` for
    `Pro-Axis-Persia`, `East_Indies.png` for `WestIndies.png` are other images); one for the file
    when misc/ holds no image at all, from five lines with nothing to suggest (an upload left
    incomplete), or from five lines whose names all differ from misc/'s the same way (spaces for
    underscores, or letter case); one, info, for a line starting `#` (the file has no comments); and
    one, info, for the lines naming a territory-name image that `territoryNames/` holds, which
    TripleA draws anyway.

    Fix: Make the name in decorations.txt and the file in the map's misc/ folder the same,
    letter for letter, or add the missing image, or delete the line.
    """
    # read with the other optional point files (one the engine cannot read either draws nothing)
    read = [each for each in context.optional_point_files if each.file_name == DECORATIONS_FILE]
    if not read:
        return
    path, decorations = read[0].path, decoration_names(read[0].data)
    if not decorations:
        return
    listing = context.map_tree(IMAGE_FOLDER)
    in_map = set(listing.with_bit(FILE))
    shipped = {name for assets in context.engine_assets for name in assets.files}
    missing = [(line, image) for line, image in decorations
               if image not in in_map and f"{IMAGE_FOLDER}/{image}" not in shipped]
    if not missing:
        return
    engines = " and ".join(assets.engine for assets in context.engine_assets)
    where = f" in the map or the assets of {engines}" if engines else " in the map"
    labels = set(context.map_tree(_NAME_FOLDER).with_bit(FILE))
    named = [(line, image) for line, image in missing if labels and image.replace(" ", "_") in labels]
    if named:  # territory names drawn from territoryNames/ anyway (MapData.loadTerritoryNameImage)
        (line, image), more = named[0], len(named) - 1
        others = f" (and {more} more such line{'s' * (more > 1)}, to line {named[-1][0]})" if more else ""
        yield hit(file=path, line=line, image=image, where=where, severity=Severity.INFO,
                  suggestion=f"{others}: {_NAME_FOLDER}/{image.replace(' ', '_')} is there, which TripleA draws as "
                             "the territory's name anyway, so the line only asks for it twice: delete it")
        missing = [each for each in missing if each not in named]
    known = frozenset(in_map)
    if not known and len(missing) > 1:  # one cause: the map has no misc/ images at all
        (line, image), more = missing[0], len(missing) - 1
        yield hit(file=path, line=line, image=image, where=where,
                  suggestion=f"; nor {'is' if more == 1 else 'are'} {more} more decoration{'s' * (more > 1)}, to line "
                             f"{missing[-1][0]}: the map has no image in misc/")
        return
    placed = frozenset(image for _line, image in decorations)  # drawn by their own lines: no misspelling's
    plain = []  # lines with nothing to suggest: one finding from _MANY_MISSING on
    alike: dict[str, list[tuple[int, str, str]]] = {}  # one way of writing the names wrong: its lines
    for line, image in missing:
        if image.lstrip().startswith("#"):  # no comment syntax: MapData reads an image named "# ..."
            yield hit(file=path, line=line, image=image, where=where, severity=Severity.INFO,
                      suggestion=f"; {DECORATIONS_FILE} has no comments: TripleA reads the line as a decoration "
                                 "named so, which draws nothing (delete it)")
            continue
        suggestion = _suggestion(image, known, placed)
        if suggestion:
            alike.setdefault(_how_written(image, suggestion), []).append((line, image, suggestion))
        else:
            plain.append((line, image))
    for how, lines in alike.items():
        if how and len(lines) >= _MANY_MISSING:  # one cause: the file writes every name so
            (line, image, suggestion), others = lines[0], [str(each) for each, _image, _suggestion in lines[1:]]
            yield hit(file=path, line=line, image=image, where=where,
                      suggestion=f"{suggestion}{'' if suggestion.endswith('?') else '.'} Nor are {len(others)} more "
                                 f"lines' images drawn (lines {some_of(others)}): {how}")
        else:
            for line, image, suggestion in lines:
                yield hit(file=path, line=line, image=image, where=where, suggestion=suggestion)
    if len(plain) >= _MANY_MISSING:
        (line, image), others = plain[0], [str(each) for each, _image in plain[1:]]
        yield hit(file=path, line=line, image=image, where=where,
                  suggestion=f"; nor are the images of {len(others)} more lines ({some_of(others)}): misc/ holds "
                             f"{len(known)} of the {len(placed)} images {DECORATIONS_FILE} names")
    else:
        for line, image in plain:
            yield hit(file=path, line=line, image=image, where=where, suggestion="")


_MANY_MISSING = 5  # from this many missing images with nothing to suggest, they are one finding


def _how_written(image: str, suggestion: str) -> str:
    """The way a name the file writes differs from its misc/ file, where many lines may share it
    (the note of their one finding); "" for a misspelling of its own."""
    if "differs only in letter case" in suggestion:
        return "misc/ writes their names in other letter case"
    if suggestion == f"; did you mean {image.replace(' ', '_')!r}?":
        return f"misc/ writes underscores where {DECORATIONS_FILE} has spaces"
    return ""


def _suggestion(image: str, known: frozenset[str], placed: frozenset[str] = frozenset()) -> str:
    """"; misc/X differs only in letter case (...)", "; did you mean 'X'?" or "": never an image
    another line of the file draws already (`Angola.png` for `Mongolia.png`)."""
    if not known:
        return ""
    close = closest_name(image, known - placed, cutoff=0.8)
    if close is None:
        # `Sieg Logo` for `Sieg_Logo.png`: compare as the names would be written the other way
        written = {name.replace(" ", "_").lower(): name for name in sorted(known, reverse=True)}
        wanted = image.replace(" ", "_").lower()
        close = written.get(wanted) or written.get(f"{wanted}.png")
    if close is None or another_word(image, close):
        return ""
    if close.lower() == image.lower():
        return f"; misc/{close} differs only in letter case (found on Windows and macOS, not on Linux)"
    return f"; did you mean {close!r}?"


@rule("M318", "map-files.optional-file-stops-loading", Severity.ERROR,
      "{file_name} line {line_number} {reason}: {consequence}")
def optional_file_stops_loading(context):
    """Finds lines of vc.txt, name_place.txt and the other optional point files that TripleA cannot read.

    Why: TripleA reads the map's files in one fixed order (place.txt, territory_effects.txt,
    polygons.txt, centers.txt, vc.txt, convoy.txt, comments.txt, blockade.txt, capitols.txt,
    pu_place.txt, name_place.txt, kamikaze_place.txt, decorations.txt, map.properties) and
    gives up at the first line it cannot read: 2.x logs "Failed to initialize map data" and
    reads nothing of that file or of any file after it, map.properties included, so the game
    opens with the players' colours, unit scale and other settings of map.properties lost
    (and does not open at all when polygons.txt and centers.txt come after). In the one-point
    files (vc.txt, convoy.txt, comments.txt, blockade.txt, capitols.txt, pu_place.txt,
    name_place.txt, kamikaze_place.txt) a line must start with the name and its `(x,y)`; in
    territory_effects.txt and decorations.txt it needs a name before its first `(`; in every
    one a name may appear once, and a coordinate must fit Java's int. A file that is not UTF-8
    makes 2.x fail to load the map. TripleA 1.9 reads the same files in the same order and
    stops alike at a name given twice. Blank lines are skipped. polygons.txt, centers.txt and
    place.txt are checked by M304 to M306.

    Fix: Write the line as `Name (x,y)` (one-point files) or `Name (x,y) (x,y) ...`, give each
    name once (delete the older line), and save the file as UTF-8.
    """
    folder = context.map_folder("") if context.target.map_dir is not None else None
    if not folder:
        return
    present = [name for name in READ_ORDER if folder.get(name, 0) & FILE]
    for point_file in context.optional_point_files:  # a file the engine cannot open is one it does without
        for stop in point_file.stops:
            yield hit(file=point_file.path, line=stop.line, file_name=point_file.file_name, line_number=stop.line,
                      reason=stop.reason, consequence=_consequence(point_file.file_name, present, stop.undecodable))


def _consequence(file_name: str, present: list[str], undecodable: bool) -> str:
    """What 2.x loses: "TripleA 2.x then reads none of vc.txt, name_place.txt or map.properties"."""
    if undecodable:
        return "TripleA 2.x cannot read it and fails to load the map"
    lost = present[present.index(file_name):]
    listed = lost[0] if len(lost) == 1 else f"{', '.join(lost[:-1])} or {lost[-1]}"
    required = [name for name in REQUIRED_FILES if name in lost]
    return f"TripleA 2.x then reads none of {listed}" + \
        (f", and the game does not open without {' and '.join(required)}" if required else "")
