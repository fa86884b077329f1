"""M331: the game notes. TripleA 2.x (since 2.6) shows `<game>.notes.html` beside the game XML,
writing it from the XML's `notes` property the first time it finds none (GameNotesMigrator);
1.9 shows the property."""

from __future__ import annotations

import re

from pathlib import Path
from typing import NamedTuple

from converter.check.context import MAX_XML_BYTES
from converter.check.imagefiles import read_file
from converter.check.rule import hit, rule
from converter.findings import Severity

_NOTES_FILE_SUFFIX = ".notes.html"  # GameNotes.createExpectedNotesFileName: <xml name without .xml> + this


class Notes(NamedTuple):
    """One source of a game's notes: the file (None for the XML itself), the line its text
    starts on when that is one line of the XML, and the text."""
    file: Path | None
    line: int | None
    text: str


def notes_file(context) -> Path | None:
    """The notes file 2.x reads for the target's XML (it may not exist); None without an XML."""
    xml = context.target.xml
    if xml is None or not xml.name.endswith(".xml"):
        return None
    return xml.with_name(xml.name[:-len(".xml")] + _NOTES_FILE_SUFFIX)


def notes_property(context) -> Notes | None:
    """The XML's notes as GameNotesMigrator reads them: the first property named `notes` in any
    letter case; None without one."""
    model = context.model
    found = next((prop for prop in model.properties if prop.name.lower() == "notes"), None) if model else None
    return Notes(None, found.line, found.value) if found is not None else None


def shown_notes(context) -> Notes | None:
    """The notes 2.x shows: the notes file when there is one, else the XML's property (read
    once per check: M329 and M331 both ask)."""
    model = context.model
    return model.derived("game_notes.shown", lambda _model: _shown_notes(context)) if model is not None else None


def _shown_notes(context) -> Notes | None:
    path = notes_file(context)
    if path is not None and path.is_file():
        try:  # as the checker reads any file it is given: never a FIFO or device, at most an XML's size
            return Notes(path, None, read_file(str(path), MAX_XML_BYTES).decode("utf-8", errors="replace"))
        except OSError:
            return None  # 2.x shows none either
    return notes_property(context)


@rule("M331", "map-files.notes-not-shown", Severity.INFO,
      "the game XML's notes differ from {file_name}, which TripleA 2.x shows instead{where}")
def notes_not_shown(context):
    """Finds a game XML whose `notes` property is not what TripleA 2.x shows: its notes file differs.

    Why: Since 2.6 TripleA shows the game notes from `<game>.notes.html` beside the game XML.
    The first time it finds no such file it writes one from the XML's `notes` property, and from
    then on it reads the file alone: notes edited in the XML afterwards are shown by TripleA 1.9
    only, and 2.x players keep reading the old ones (or the other way round, when only the file
    was edited). It is info: a map may keep both on purpose, one for each engine. A file holding
    the XML's notes inside a literal `<![CDATA[ ... ]]>` (copied with the XML's wrapper) is named
    so: 2.x shows those markers as text. Blanks, line ends and line breaks (`<br>`) before or
    after all the text are not differences.

    Fix: Make the two the same (copy the newer notes over the older), or delete the notes
    property from the game XML when the map is for 2.x only.
    """
    shown, written = shown_notes(context), notes_property(context)
    if shown is None or shown.file is None or written is None or _normalized(shown.text) == _normalized(written.text):
        return  # no notes file (2.x shows the property), no property, or the same notes
    inside = _normalized(shown.text)
    if inside.startswith("<![CDATA[") and inside.endswith("]]>") and \
            _normalized(inside[9:-3]) == _normalized(written.text):  # the XML's wrapper copied into the file
        where = " (the file holds them inside a literal '<![CDATA[' ... ']]>', which 2.x shows as text: delete those)"
    else:
        where = _first_difference(written.text, shown.text)
    yield hit(line=written.line, file_name=shown.file.name, where=where)


def _normalized(text: str) -> str:
    """The text with each run of blanks and line ends as one space, and no byte-order mark: HTML
    shows them alike (an XML attribute turns the notes' line ends into spaces; the migrator
    writes what the XML holds; editors differ in line ends and trailing blanks), and no line breaks
    (`<br>`) before or after it all, which show only as space at the top or bottom."""
    text = " ".join(text.removeprefix("\ufeff").split())
    while (leading := _LEADING_BREAK.match(text)) is not None:
        text = text[leading.end():]
    # (searched in the text's end alone: a search of the whole notes costs a millisecond)
    while (trailing := _TRAILING_BREAK.search(text, max(0, len(text) - 16))) is not None:
        text = text[:trailing.start()]
    return text


_LEADING_BREAK = re.compile(r" ?<br ?/?> ?", re.IGNORECASE)  # in text whose blanks are single spaces
_TRAILING_BREAK = re.compile(r" ?<br ?/?> ?$", re.IGNORECASE)


def _first_difference(written: str, shown: str) -> str:
    """" (first at: 'xml text' against 'file text')", each from a little before where they part
    (from the start of a word, when one starts up to 40 characters before)."""
    ours, theirs = _normalized(written), _normalized(shown)
    at = next((index for index, (mine, other) in enumerate(zip(ours, theirs)) if mine != other),
              min(len(ours), len(theirs)))
    start = max(0, at - 20)
    if start:
        start = ours.rfind(" ", max(0, at - 40), start) + 1 or start  # (the two share all before `at`)
    if at == len(ours) or at == len(theirs):
        longer, rest = ("the file", theirs) if len(theirs) > len(ours) else ("the XML", ours)
        return f" ({longer} goes on: {_short(rest[at:])!r})"
    return f" (first at: {_short(ours[start:])!r} against {_short(theirs[start:])!r})"


def _short(text: str, most: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= most else text[:most - 1] + "…"
