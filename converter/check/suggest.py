""""Did you mean ...?" for a misspelled name: what `difflib.get_close_matches(name, known,
n=1, cutoff)` answers, found faster.

difflib tries every known name; with a few hundred known property names that costs
0.1-0.5 ms per unknown name, and most real maps have several. Its own cheap test is an
upper bound on the similarity — how many characters the two names share, counted with
repeats (`SequenceMatcher.quick_ratio`). Here that count is taken against every known name
at once, and difflib only sees the names that pass it, so the answer is the same.

The count against every name at once: one big integer holds a small counter field per
known name, and for each character `at_least[c][t]` has a 1 in the field of every name
in which `c` occurs more than `t` times. A word's shared count with each name,
sum over its characters of min(times in word, times in name), is then one integer sum.
"""

from __future__ import annotations

import difflib
import re
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from functools import lru_cache

_SLACK = 1e-9  # keep borderline names for difflib: it decides, with its own arithmetic
_TYPECODES = {1: "B", 2: "H", 4: "I"}  # counter field width in bytes -> array typecode


class _Index:
    def __init__(self, known: frozenset[str]) -> None:
        self.names = sorted(known, key=len)  # by length: a word can only match names of about its length
        self.lengths = [len(name) for name in self.names]
        self.lowered = {name.lower(): name for name in known}
        longest = max(self.lengths, default=0)  # a shared count never exceeds a name's length
        self.width = next(width for width in _TYPECODES if longest < 256 ** width)
        self.at_least: dict[str, list[int]] = {}
        for index, name in enumerate(self.names):
            field = 1 << (8 * self.width * index)
            for character, count in Counter(name).items():
                levels = self.at_least.setdefault(character, [])
                levels += [0] * (count - len(levels))
                for times in range(count):
                    levels[times] |= field

    def close_match(self, word: str, cutoff: float) -> str | None:
        size = len(word)
        # shared <= the shorter length, so 2 * shorter / (size + length) >= cutoff bounds the lengths
        low = bisect_left(self.lengths, size * cutoff / (2 - cutoff) - 1)
        high = bisect_right(self.lengths, size * (2 - cutoff) / cutoff + 1)
        if low >= high:
            return None
        total = 0
        for character, wanted in Counter(word).items():
            total += sum(self.at_least.get(character, ())[:wanted])
        bits = 8 * self.width
        fields = (total >> (bits * low)) & ((1 << (bits * (high - low))) - 1)
        shared = array(_TYPECODES[self.width])
        shared.frombytes(fields.to_bytes(self.width * (high - low), sys.byteorder))
        candidates = [name for name, common, length in zip(self.names[low:high], shared, self.lengths[low:high])
                      if 2.0 * common / (size + length) >= cutoff - _SLACK]
        match = difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff) if candidates else None
        return match[0] if match else None


@lru_cache(maxsize=64)
def _index(known: frozenset[str]) -> _Index:
    """Built once per set of known names (a frozenset caches its hash, so lookups are cheap)."""
    return _Index(known)


def did_you_mean(name: str, known: frozenset[str], cutoff: float = 0.85) -> str:
    """"; did you mean 'X'?" for the known name `name` most likely misspells, or ""."""
    match = closest_name(name, known, cutoff)
    return f"; did you mean {match!r}?" if match else ""


def closest_name(name: str, known: frozenset[str], cutoff: float = 0.85) -> str | None:
    """The known name `name` most likely misspells (the same but for letter case first); None."""
    index = _index(known)
    lowered = index.lowered.get(name.lower())
    if lowered is not None and lowered != name:
        return lowered
    return index.close_match(name, cutoff) or None


_WORDS = re.compile(r"[-_ .]+")


def another_word(name: str, close: str) -> bool:
    """Do the names differ in one whole word of their own (`Pro-Axis-Persia` and
    `Pro-Allies-Persia`, `Kweichow_Is_Not_Garrisoned` and `Jehol_Is_Not_Garrisoned`), in a word
    of direction (`Jishin_Mid-West` and `Jishin_Mid-East`, `WestIndies` and `East_Indies`), or by
    a word one of them adds (`South_Australia` and `Australia`, `AirTransport` and `Transport`;
    not a small word such as `of`: `Gulf Mexico` is `Gulf of Mexico` misspelt): another thing of
    one pattern, not a misspelling? Words part at `-`, `_`, blanks and dots; for the last two
    tests also where a lower-case letter meets a capital (`MechInf` and `MechInfantry` are one
    word each, a shortening)."""
    mine, theirs = _words(name, camel=False), _words(close, camel=False)
    if len(mine) == len(theirs) >= 2:
        differing = [(a, b) for a, b in zip(mine, theirs) if a != b]
        if len(differing) == 1 and difflib.SequenceMatcher(None, *differing[0]).ratio() < 0.7:
            return True
    mine, theirs = _words(name), _words(close)
    if len(mine) == len(theirs):
        differing = [(a, b) for a, b in zip(mine, theirs) if a != b]
        if len(differing) != 1:
            return False
        first, second = differing[0]
        if first in _DIRECTIONS and second in _DIRECTIONS:
            return True
        # another word of its own (`ProAxisPersia`, `ProAlliesPersia`), not a shortening (`MechInf`)
        return len(mine) >= 2 and not (first.startswith(second) or second.startswith(first)) and \
            difflib.SequenceMatcher(None, first, second).ratio() < 0.7
    longer, shorter = (mine, theirs) if len(mine) > len(theirs) else (theirs, mine)
    return len(longer) == len(shorter) + 1 and len(shorter) >= 1 and any(
        longer[:at] + longer[at + 1:] == shorter and longer[at] not in _SMALL_WORDS for at in range(len(longer)))


def _words(name: str, camel: bool = True) -> list[str]:
    """The name's words, lower-cased, an image file's ending left out (`Logo` is `Logo.png`)."""
    words = [word for word in _WORDS.split((_CAMEL.sub(" ", name) if camel else name).lower()) if word]
    return words[:-1] if len(words) > 1 and words[-1] in _IMAGE_ENDINGS else words


# words a name may lose or gain by a slip (`Gulf Mexico`, `Netherlands` for `The Netherlands`)
_SMALL_WORDS = frozenset(("of", "the", "and", "de", "la", "le", "les", "du", "del", "des", "di", "von", "van", "a",
                          "an", "&", "el", "al", "y", "e"))
_IMAGE_ENDINGS = frozenset(("png", "gif", "jpg", "jpeg"))
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# words that place one of a set of like things: another region, not a misspelling
_DIRECTIONS = frozenset(("north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
                         "northern", "southern", "eastern", "western", "northeastern", "northwestern",
                         "southeastern", "southwestern", "upper", "lower", "central", "inner", "outer", "left",
                         "right", "mid", "middle"))


def by_lower_case(names) -> dict[str, str]:
    """The names by their lower-case form, the first in sorted order for each: where a file in
    other letter case is looked up (found on Windows and macOS, not on Linux)."""
    return {name.lower(): name for name in sorted(names, reverse=True)}
