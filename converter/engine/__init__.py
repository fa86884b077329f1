"""Reference rules engine for D-Day2: state, actions, legality, combat, exact odds, victory.

`check(action, state)` raises `IllegalAction(rule_id, message)` or returns None;
`apply(action, state)` returns the next state (no checks); `play` does both.
`from_territories({territory: {unit type: n}})` builds a state from TripleA data.
"""

from converter.engine.board import ALLIES, GERMANS, Board, build_board, dday2_board
from converter.engine.legal import legal_actions
from converter.engine.rules import IllegalAction, check, is_legal
from converter.engine.state import GameState, from_territories, initial_state
from converter.engine.transitions import apply, play

__all__ = [
    "ALLIES", "GERMANS", "Board", "GameState", "IllegalAction", "apply", "build_board", "check",
    "dday2_board", "from_territories", "initial_state", "is_legal", "legal_actions", "play",
]
