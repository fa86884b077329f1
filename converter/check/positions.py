"""The indices of a list's items equal to a string or in a set.

`positions(values, wanted)` is `list(compress(count(), map(test, values)))`, `test` being the
string's equality or the set's membership. The optional C kernel `_positions` finds them with
no Python call per item: the rules scan a big game's option names (thousands) a dozen times
per check. Without it (unbuilt, DDAY2_PURE) the Python path below runs, and is its oracle.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count, repeat
from operator import eq

from converter.check.accel import accelerator


def positions(values: Sequence, wanted: str | set | frozenset) -> list[int]:
    kernel = accelerator("_positions")
    if kernel is not None:
        return kernel.positions(values, wanted)
    return positions_in_python(values, wanted)


def positions_in_python(values: Sequence, wanted: str | set | frozenset) -> list[int]:
    if isinstance(wanted, str):  # (`wanted.__eq__` would answer NotImplemented, which is true, for a non-str)
        return list(compress(count(), map(eq, values, repeat(wanted))))
    if not isinstance(wanted, (set, frozenset)):  # as the kernel: a dict or its keys would pass here alone
        raise TypeError("positions() wants a str or a set")
    return list(compress(count(), map(wanted.__contains__, values)))
