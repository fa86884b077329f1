"""Pausing Python's cyclic garbage collector around allocation-heavy work.

A check allocates tens of thousands of short-lived objects (element proxies, tuples) and
makes no reference cycles; the collector would wake every few hundred allocations and
rescan them, sometimes with a full pass over the heap. Paused, it looks at them once,
after the work.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
