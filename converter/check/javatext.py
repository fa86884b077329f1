"""Text as Java's String and BufferedReader see it, where the engine's answer depends on it."""

from __future__ import annotations

import re

# Character.isWhitespace (what String.isBlank and String.strip skip); compared with Java 17
# over every code point: no-break spaces (U+00A0, U+2007, U+202F) are not in it
JAVA_WHITESPACE = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006" \
                  "\u2008\u2009\u200a\u2028\u2029\u205f\u3000"
JAVA_TRIMMED = "".join(map(chr, range(33)))  # what String.trim strips: code points up to ' '
JAVA_REGEX_BLANKS = " \t\n\x0b\x0c\r"  # a regex's \s (ASCII unless asked otherwise)
JAVA_INT = range(-2 ** 31, 2 ** 31)  # what Integer.parseInt reads
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # BufferedReader.readLine's, as Files.lines splits


def java_lines(text: str) -> list[str]:
    """`text` split into lines as Files.lines splits it (at \\n, \\r and \\r\\n only; no
    empty last line after a final break)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def is_blank(line: str) -> bool:
    """String.isBlank."""
    return not line.strip(JAVA_WHITESPACE)
