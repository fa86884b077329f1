"""G5: the Allies win by taking and clearing every victory city and holding them a whole
round, by the end of round `last_round`; otherwise the Germans win.

A city is held when Allied land units are in it and no German land unit is (blockhouses
count: they are land units). "Held a whole round" = held at the end of a round and still
at the end of the next (hold_rounds = 1): the count of consecutive held round ends must
exceed `hold_rounds`.
"""

from __future__ import annotations

from converter.engine.board import ALLIES, GERMANS
from converter.engine.state import GameState
from converter.engine.state import evolve as replace


def city_held(state: GameState, area: int) -> bool:
    return any(state.allied[area]) and not any(state.german[area])


def cities_held(state: GameState) -> bool:
    return all(city_held(state, city) for city in state.board.victory_cities)


def end_of_round(state: GameState) -> GameState:
    """The round-end victory check: update the hold count and decide the game if due."""
    board = state.board
    held = state.held + 1 if cities_held(state) else 0
    winner = None
    if held > board.hold_rounds:
        winner = ALLIES
    elif state.round >= board.last_round:
        winner = GERMANS
    return replace(state, held=held, winner=winner)
