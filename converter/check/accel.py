"""The optional C accelerators (`converter/check/_*.c`, see setup.py), each loaded once.

`accelerator("_name")` is the compiled module, or None when it was not built (no compiler)
or when DDAY2_PURE is set in the environment: then every caller takes its numpy/Python
path, which gives the same findings. Tests use both paths and compare them.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from types import ModuleType

PURE_VARIABLE = "DDAY2_PURE"


@cache
def accelerator(name: str) -> ModuleType | None:
    if os.environ.get(PURE_VARIABLE):
        return None
    try:
        return importlib.import_module(f"converter.check.{name}")
    except ImportError:
        return None
