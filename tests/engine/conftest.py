"""Builders for hand-made engine states (areas by id, units by TripleA type name)."""

from __future__ import annotations

import pytest

from converter.engine.board import ALLIES, GERMANS, dday2_board
from converter.engine.state import STEPS, counts_of, empty_state, evolve


def _step(phase: str, step: str) -> int:
    return STEPS.index((phase, step))


@pytest.fixture(scope="session")
def board():
    return dday2_board()


@pytest.fixture
def make_state(board):
    """make_state(("P5", "move"), allied={11: {"USAinfantry": 2}}, german={...}, round=1, **fields)"""

    def build(step=("P5", "move"), allied=None, german=None, round=1, beaches=None, patrol=None, **fields):
        state = empty_state(board, round=round, step=_step(*step))
        for side, table in ((ALLIES, allied or {}), (GERMANS, german or {})):
            for area_id, units in table.items():
                state = state.with_land(side, board.area(area_id), counts_of(board, side, units.items()))
        if beaches:
            rows = list(state.beaches)
            for name, units in beaches.items():
                rows[board.beach(name)] = counts_of(board, ALLIES, units.items())
            state = evolve(state, beaches=tuple(rows))
        if patrol:
            fighters = list(state.patrol)
            for area_id, n in patrol.items():
                fighters[board.area(area_id)] = n
            state = evolve(state, patrol=tuple(fighters))
        return evolve(state, **fields) if fields else state

    return build
