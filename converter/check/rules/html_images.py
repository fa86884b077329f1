"""M329, M332: the images the game's HTML shows (its notes, unit tooltips and trigger
notifications), which TripleA 2.x finds under the map's doc/images/ folder (LocalizeHtml) when
their `src` is quoted."""

from __future__ import annotations

import re
from pathlib import Path

from converter.check.folderlisting import FILE
from converter.check.rule import hit, rule, some_of
from converter.check.rules.game_notes import shown_notes
from converter.check.rules.messages import NOTIFICATIONS_FILE, keys_shown
from converter.check.suggest import by_lower_case
from converter.findings import Severity

IMAGE_FOLDER = "doc/images"  # LocalizeHtml.getLocalizedLink: <map content root>/doc/images/<link>
# 2.x LocalizeHtml.PATTERN_HTML_IMG_SRC_TAG (Java's \s is ASCII): a quoted src in an <img> tag
_IMAGE_TAG = re.compile(r"""(<img[^>]*src\s*=\s*)(?:"([^"]+)"|'([^']+)')([^>]*/?>)""", re.IGNORECASE | re.ASCII)
# an unquoted src, which 2.x leaves as written (1.9's PATTERN_HTML_IMG_SRC_TAG read it, in an <img .../>)
_UNQUOTED_IMAGE = re.compile(r"<img[^>]*?(?<![\w-])src\s*=\s*([^\"'\s>]+)([^>]*)>", re.IGNORECASE | re.ASCII)
_PROPERTY_FILES = ("tooltips.properties", "notifications.properties")  # TooltipProperties, trigger notifications
_ANY_IMAGE = re.compile("<img", re.IGNORECASE).search  # (no lowered copy of long notes)


@rule("M329", "map-files.html-image-missing", Severity.WARNING,
      "image {link!r} in {source} is not in the map: 2.x reads {folder}/{link}{note}")
def html_image_missing(context):
    """Finds images the game's notes, unit tooltips or trigger notifications show that the map lacks.

    Why: TripleA 2.x shows HTML in the game notes (`<game>.notes.html` beside the game XML, or the
    XML's `notes` property it is made from), in unit tooltips (tooltips.properties) and in trigger
    notifications (notifications.properties). An `<img src="...">` there that does not start with
    `http` is read from the map's `doc/images/` folder, the path kept as written, so `images/x.png`
    means `doc/images/images/x.png`; a file that is not there is drawn as a broken image. TripleA
    1.9 kept only the file name (`doc/images/x.png`) and also looked in its own assets, so notes
    written for it can break in 2.x: the message says so when 1.9 found the file. A
    notifications.properties entry that no trigger's `notification` or `victory` names (in any game
    of the map) is never shown: its missing image is info, and from five such images in the file
    they are one finding.

    Fix: Put the image in the map's `doc/images/` folder, or write the `src` as its path there
    (the file name alone for a file directly in it).
    """
    map_dir = context.target.map_dir
    model = context.model
    if map_dir is None or model is None:
        return
    html = _html(context)
    if not html:
        return  # the usual game: no picture at all
    in_folder = frozenset(context.map_tree(IMAGE_FOLDER).with_bit(FILE))
    by_lower = by_lower_case(in_folder)
    shown = None  # the notifications the map's triggers show (keys_shown), read at the first one
    unseen_hits: list[dict] = []  # images of entries no trigger shows: one finding from _MANY_UNSEEN on
    for source, file, line, text in html:
        unseen = False
        if source.startswith(NOTIFICATIONS_FILE):
            shown = shown if shown is not None else keys_shown(context)
            unseen = source.partition("entry ")[2][1:-1] not in shown
        for match in _IMAGE_TAG.finditer(text):
            link = match.group(2) or match.group(3)
            if link.startswith("http") or _present(map_dir, link, in_folder):
                continue
            found_line = line if line is not None else text.count("\n", 0, match.start()) + 1
            found = dict(file=file, line=found_line, source=source, link=link, folder=IMAGE_FOLDER,
                         note=_note(link, in_folder, by_lower) + (_UNSEEN if unseen else ""),
                         **({"severity": Severity.INFO} if unseen else {}))
            if unseen:
                unseen_hits.append(found)
            else:
                yield hit(**found)
    if len(unseen_hits) >= _MANY_UNSEEN:
        first, others = unseen_hits[0], [str(each["line"]) for each in unseen_hits[1:]]
        first["note"] += f"; so are {len(others)} more images of entries no trigger shows, on lines {some_of(others)}"
        unseen_hits = [first]
    for found in unseen_hits:
        yield hit(**found)


_MANY_UNSEEN = 5  # from this many images of notifications no trigger shows, one finding


_UNSEEN = "; no trigger's notification or victory names this entry, so it is never shown"


@rule("M332", "map-files.html-image-unquoted", Severity.WARNING,
      "image {link!r} in {source} has its src without quotes: TripleA 2.x reads images from the map only for a "
      "quoted src, and shows a broken image; write src=\"{link}\"{note}")
def html_image_unquoted(context):
    """Finds an `<img src=...>` in the game's notes, unit tooltips or notifications written without quotes.

    Why: TripleA 2.x finds the pictures of its HTML in the map's `doc/images/` folder only for
    an `<img>` whose `src` is in double or single quotes; an unquoted `src=logo.png` is left as
    written, and the notes window, having no folder to read it from, shows a broken image.
    TripleA 1.9 read an unquoted `src` too, in a tag closed with `/>`, so notes written for it
    can lose their pictures in 2.x. A link to the web (`http...`) is read as written and works.

    Fix: Put the `src` in quotes: `<img src="logo.png">`, with the file in the map's
    `doc/images/` folder (M329 checks that it is there).
    """
    if context.target.map_dir is None or context.model is None:
        return
    for source, file, line, text in _html(context):
        for match in _UNQUOTED_IMAGE.finditer(text):
            link, rest = match.groups()
            if link.startswith("http"):
                continue
            if link.endswith("/") and not rest.strip():  # `src=logo.png/>`: the slash closes the tag
                link, rest = link[:-1], "/"
            found_line = line if line is not None else text.count("\n", 0, match.start()) + 1
            note = " (TripleA 1.9 read it, in this tag closed with />)" if rest.endswith("/") else ""
            yield hit(file=file, line=found_line, source=source, link=link, note=note)


def _html(context) -> list[tuple[str, Path | None, int | None, str]]:
    """(source, file, line, text) of each HTML text the game shows that holds an `<img`; empty
    in the usual game."""
    notes = shown_notes(context)
    html = ([("the game notes", notes.file, notes.line, notes.text)] if notes is not None and notes.text else []) + \
        list(_property_texts(context))
    return [each for each in html if _ANY_IMAGE(each[3])]


def _property_texts(context):
    """(source, file, line, text) of each entry of the map's tooltips and notifications files."""
    for name in _PROPERTY_FILES:
        path, values = context.properties_file(name)
        for key, (value, line) in values.items():
            yield f"{name} entry {key!r}", path, line, value


def _present(map_dir: Path, link: str, in_folder: frozenset[str]) -> bool:
    """Whether doc/images/<link> is a file, the link read as a path (`..` and all)."""
    if link in in_folder:
        return True
    if ".." not in link and not link.startswith(("/", "\\")):
        return False  # the listing holds every plain path below the folder
    return (map_dir / IMAGE_FOLDER / link).is_file()


def _note(link: str, in_folder: frozenset[str], by_lower: dict[str, str]) -> str:
    """Why it may have worked elsewhere: 1.9's file-name-only reading, or letter case."""
    base = link.rsplit("/", 1)[-1]
    if base != link and base in in_folder:
        return f" (TripleA 1.9 read the file name alone and found {IMAGE_FOLDER}/{base}; 2.x keeps the path)"
    other_case = by_lower.get(link.lower())
    if other_case is not None:
        return f" ({IMAGE_FOLDER}/{other_case} differs only in letter case: found on Windows and macOS, not on Linux)"
    return ""
