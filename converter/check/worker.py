"""The one background thread of `dday2 check`, shared by the map-file prefetch and the DTD
validation. Its jobs run one after the other: on two cores, a second background thread
only fights the first and the main thread for them (measured: the map files then took
longer than the XML rules they run beside)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache

THREAD_NAME = "dday2-check"


@cache
def background() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)


def in_background() -> bool:
    return threading.current_thread().name.startswith(THREAD_NAME)
