"""M317: decorations.txt, the pictures a map draws on its board wherever it likes (a title, a
legend, a canal): each line names an image of the map's misc/ folder and the points to draw it at."""

from __future__ import annotations

from converter.check.folderlisting import FILE
from converter.check.mapfiles import read_lines
from converter.check.rule import hit, rule
from converter.check.suggest import closest_name
from converter.findings import Severity

DECORATIONS_FILE = "decorations.txt"
IMAGE_FOLDER = "misc"  # 2.x MapData.loadDecorations: loader.loadImage("misc/" + name)
_JAVA_TRIMMED = "".join(map(chr, range(33)))  # what Java's String.trim strips: code points up to ' '


def decoration_names(lines: dict[int, str]) -> list[tuple[int, str]]:
    """(line, image name) of each decorations.txt line as 2.x's PointFileReaderWriter.readOneToMany
    reads it: the text before the line's first `(`, trimmed as Java trims. A line without `(`
    or without a name gives none (2.x stops reading the map's files there)."""
    found = []
    for number, line in lines.items():
        name, bracket, _ = line.partition("(")
        name = name.strip(_JAVA_TRIMMED)
        if bracket and name:
            found.append((number, name))
    return found


@rule("M317", "map-files.decoration-missing", Severity.WARNING,
      "decoration {image!r} is not drawn: no misc/{image}{where}{suggestion}")
def decoration_missing(context):
    """Finds decorations.txt lines whose image neither the map's misc/ folder nor the engine's assets hold.

    Why: decorations.txt gives images to draw on the map and where, one image per line
    (`credits.png (284,3000) (284,6000)`). TripleA (1.9 and 2.x) loads each as `misc/<name>`
    from the map's folder, then from the engine's own assets, and skips an image it cannot
    find without a word, so the picture is simply missing from the board. The name must be
    the file's exactly: a space is not an underscore (`Sieg Logo.png` is not `Sieg_Logo.png`),
    the `.png` belongs to it, and letter case counts (Windows and macOS find `Kiev.png` for
    `kiev.png`, Linux and a zipped map do not). The name is the text before the line's first
    `(`, trimmed. One finding per line, naming a file of misc/ that differs only in letter
    case or a close one.

    Fix: Make the name in decorations.txt and the file in the map's misc/ folder the same,
    letter for letter, or add the missing image, or delete the line.
    """
    map_dir = context.target.map_dir
    path = context.map_file(DECORATIONS_FILE) if map_dir is not None else None
    if path is None or not path.is_file():
        return
    decorations = decoration_names(read_lines(path))
    if not decorations:
        return
    listing = context.map_tree(IMAGE_FOLDER)
    in_map = {name for name, kind in listing.by_name.items() if kind & FILE}
    shipped = {name for assets in context.engine_assets for name in assets.files}
    missing = [(line, image) for line, image in decorations
               if image not in in_map and f"{IMAGE_FOLDER}/{image}" not in shipped]
    if not missing:
        return
    engines = " and ".join(assets.engine for assets in context.engine_assets)
    where = f" in the map or the assets of {engines}" if engines else " in the map"
    known = frozenset(in_map)
    for line, image in missing:
        yield hit(file=path, line=line, image=image, where=where, suggestion=_suggestion(image, known))


def _suggestion(image: str, known: frozenset[str]) -> str:
    """"; misc/X differs only in letter case (...)", "; did you mean 'X'?" or ""."""
    if not known:
        return ""
    close = closest_name(image, known, cutoff=0.8)
    if close is None:
        # `Sieg Logo` for `Sieg_Logo.png`: compare as the names would be written the other way
        written = {name.replace(" ", "_").lower(): name for name in sorted(known, reverse=True)}
        wanted = image.replace(" ", "_").lower()
        close = written.get(wanted) or written.get(f"{wanted}.png")
    if close is None:
        return ""
    if close.lower() == image.lower():
        return f"; misc/{close} differs only in letter case (found on Windows and macOS, not on Linux)"
    return f"; did you mean {close!r}?"
