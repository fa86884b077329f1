"""Fixtures shared by the check tests."""

from __future__ import annotations

import pytest

from converter.check.engine import load_engine


@pytest.fixture(scope="session")
def dtd() -> bytes:
    """The installed engine's game.dtd (tests using it skip without the engine jar)."""
    return load_engine().dtd
