"""The one error a bad save raises.

Every way a file can fail to be a readable TripleA save — not gzip, truncated, wrong
magic, garbled grammar, nesting beyond the limit, lengths larger than the bytes left,
a stream without the objects a save must hold — surfaces as `SaveFormatError` with a
one-line message that says what and where (byte offset in the uncompressed stream).
"""

from __future__ import annotations


class SaveFormatError(Exception):
    """The input is not a readable TripleA saved game (or Java serialization stream)."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        self.offset = offset
        super().__init__(f"{message} (at byte {offset})" if offset is not None else message)
