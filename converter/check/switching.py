"""A shorter GIL switch interval while the background thread runs (the map files, or the
DTD validation of an XML checked alone).

The map-file thread calls a dozen C kernels that release the GIL. After each it must take
the GIL back, and while the main thread runs Python (the XML rules) CPython hands it over
only when the switch interval (5 ms by default) has passed: the thread then sits idle on
the second core, and its last kernel (the image scan, ~1 ms) starts so late that the map
rules wait for it. At 0.5 ms it takes the GIL back soon after each kernel, so its C work
runs beside the XML rules (measured, A/B in one process: the community package's check
7.99 -> 7.42 ms; 1 ms and 0.2 ms do a little worse, the generated package is unchanged).

The interval is process-wide: `shorten` and `restore` count their callers (prefetches can
overlap), and the saved interval comes back only if nobody set another one meanwhile.
"""

from __future__ import annotations

import sys
import threading

PREFETCH_INTERVAL = 0.0005  # seconds

_lock = threading.Lock()
_users = 0
_saved: float | None = None  # the interval before the first user shortened it
_ours: float | None = None  # the interval set here, as sys.getswitchinterval reads it back


def shorten() -> None:
    """Switch threads at least every PREFETCH_INTERVAL until the matching `restore`."""
    global _users, _saved, _ours
    with _lock:
        if _users == 0:
            _saved = sys.getswitchinterval()
            if _saved > PREFETCH_INTERVAL:
                sys.setswitchinterval(PREFETCH_INTERVAL)
            _ours = sys.getswitchinterval()
        _users += 1


def restore(*_ignored) -> None:
    """Undo one `shorten` (also a Future's done-callback: the argument is ignored)."""
    global _users, _saved, _ours
    with _lock:
        if _users == 0:
            return
        _users -= 1
        if _users == 0:
            if _saved is not None and sys.getswitchinterval() == _ours:  # else someone else set it: theirs stays
                sys.setswitchinterval(_saved)
            _saved = _ours = None
