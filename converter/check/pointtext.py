"""Many `(x,y) (x,y) ...` point lists read at once, at C speed, for the map text files.

A list is *plain* when it is blanks and points `(x,y)` with no blank inside the brackets
and numbers that fit Java's int: how the engine writes them, and how real maps are written.
All plain lists of a file are proven plain and parsed together (bytes.translate, numpy
passes over one byte per character, numpy's text-to-int parser); anything else is left
to the caller's regular expressions, which define the format. A plain list reads exactly
as those do (Hypothesis test), so the fast path changes speed, not results. When the C
reader (`_pointtext.c`) is built, mapfiles uses it instead and this module is the fallback.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from contextlib import nullcontext

import numpy as np

from converter.check.collector import collector_paused
from converter.check.javatext import JAVA_INT

Point = tuple[int, int]

# One bit per character class; a character outside every class (letters, `+`, `_`, non-ASCII)
# gets none, so nothing may follow it and its list is not plain.
_BLANK, _DIGIT, _MINUS, _OPEN, _COMMA, _CLOSE, _END = (1 << bit for bit in range(7))
# what may come next after each class in a plain list; _END ("\n") separates the lists
_FOLLOWERS = {_END: _BLANK | _OPEN | _END, _BLANK: _BLANK | _OPEN | _END, _OPEN: _DIGIT | _MINUS,
              _MINUS: _DIGIT, _DIGIT: _DIGIT | _COMMA | _CLOSE, _COMMA: _DIGIT | _MINUS,
              _CLOSE: _BLANK | _OPEN | _END}


def _class_of(code: int) -> int:
    char = chr(code)
    if char == "\n":
        return _END
    if re.fullmatch(r"\s", char, re.ASCII):  # Java's \s, as mapfiles' regular expressions read it
        return _BLANK
    if re.fullmatch(r"\d", char, re.ASCII):
        return _DIGIT
    return {"-": _MINUS, "(": _OPEN, ",": _COMMA, ")": _CLOSE}.get(char, 0)


_CLASSES = bytes(_class_of(code) if code < 128 else 0 for code in range(256))
_ALLOWED_NEXT = bytes(_FOLLOWERS.get(kind, 0) for kind in _CLASSES)
_NOT_PUNCTUATION = bytes(code for code in range(128) if _CLASSES[code] in (_BLANK, _DIGIT, _MINUS))
_AS_NUMBERS = bytes(code if _CLASSES[code] in (_DIGIT, _MINUS) else ord(" ") for code in range(256))
# Integer.parseInt's range: a list with a number beyond it goes to the regex, which reports it (numpy's
# parser saturates a number int64 cannot hold, which is beyond it too)
_INT_MIN, _INT_MAX = JAVA_INT.start, JAVA_INT.stop - 1


def plain_point_lists(texts: Sequence[str]) -> tuple[list[int], np.ndarray]:
    """For each text its number of points, or -1 when it is not a plain list; and the
    points of all plain texts in order, an int64 array of shape (points, 2)."""
    if not texts:
        return [], np.zeros((0, 2), dtype=np.int64)
    usable = [text.isascii() and "\n" not in text for text in texts]
    data = ("\n" + "\n".join(text if ok else "" for text, ok in zip(texts, usable)) + "\n").encode("ascii")
    classes = np.frombuffer(data.translate(_CLASSES), dtype=np.uint8)
    allowed = np.frombuffer(data.translate(_ALLOWED_NEXT), dtype=np.uint8)
    # a character whose follower is not allowed spoils the list it ends or the one it starts
    misfits = np.flatnonzero((allowed[:-1] & classes[1:]) == 0)
    if len(misfits):
        separators = np.flatnonzero(classes == _END)[:-1]  # the "\n" before each text
        for index in np.unique(np.searchsorted(separators, misfits, side="right") - 1).tolist():
            usable[index] = False
    # the brackets and commas alone must read "(,)" once per point
    counts = [-1] * len(texts)
    for index, skeleton in enumerate(data.translate(None, _NOT_PUNCTUATION).split(b"\n")[1:-1]):
        points = skeleton.count(b"(,)")
        if usable[index] and 3 * points == len(skeleton):
            counts[index] = points
    if -1 in counts:  # read only the plain lists: the others may hold anything
        data = "\n".join(text for text, count in zip(texts, counts) if count >= 0).encode("ascii")
    numbers = data.translate(_AS_NUMBERS)
    # (numpy reads blanks alone as one 0)
    values = np.fromstring(numbers, dtype=np.int64, sep=" ") if numbers.strip() else np.zeros(0, dtype=np.int64)
    if len(values) != 2 * sum(count for count in counts if count > 0):  # never seen: then trust the regex alone
        return [-1] * len(texts), np.zeros((0, 2), dtype=np.int64)
    points = values.reshape(-1, 2)
    if len(points) and (points.min() < _INT_MIN or points.max() > _INT_MAX):
        return _without_beyond_int(counts, points)
    return counts, points


def _without_beyond_int(counts: list[int], points: np.ndarray) -> tuple[list[int], np.ndarray]:
    """Rare: numbers beyond Java's int. Their lists go to the regex, like any non-plain one."""
    kept, start = [], 0
    counts = list(counts)
    for index, count in enumerate(counts):
        if count < 0:
            continue
        chunk = points[start:start + count]
        start += count
        if ((chunk < _INT_MIN) | (chunk > _INT_MAX)).any():
            counts[index] = -1
        else:
            kept.append(chunk)
    return counts, np.concatenate(kept) if kept else np.zeros((0, 2), dtype=np.int64)


def int64_rows(data: bytes | bytearray, rows: int | None = None, columns: int = 2) -> np.ndarray:
    """The first `rows` rows of native int64 values in `data` (the C reader's output; all of
    it when None), without a copy."""
    values = np.frombuffer(data, dtype=np.int64, count=-1 if rows is None else rows * columns)
    return values.reshape(-1, columns) if columns > 1 else values


def point_tuples(counts: Sequence[int], coordinates: np.ndarray) -> list[tuple[Point, ...] | None]:
    """The points of each plain list as (x, y) tuples (None for the others), from
    `plain_point_lists`'s results. struct makes each pair's ints and tuple in C, from the
    array's bytes (int32 when the values fit: less to copy)."""
    narrow = len(coordinates) == 0 or (int(coordinates.min()) >= -2**31 and int(coordinates.max()) < 2**31)
    record, width = ("<ii", 8) if narrow else ("<qq", 16)
    data = coordinates.astype("<i4" if narrow else "<i8").tobytes()
    lists: list[tuple[Point, ...] | None] = []
    start = 0
    with collector_paused() if len(coordinates) > _MANY_POINTS else nullcontext():
        for count in counts:
            if count < 0:
                lists.append(None)
                continue
            end = start + width * count
            lists.append(tuple(struct.iter_unpack(record, data[start:end])))
            start = end
    return lists


_MANY_POINTS = 4096  # measured: pausing the collector for a few hundred tuples costs more than it saves
