"""Reinforcements (P5, P6, G6): chart order, dice, beach capacity and rows, entry areas."""

import pytest

from converter.engine import actions as a
from converter.engine.rules import IllegalAction, check
from converter.engine.state import evolve
from converter.engine.transitions import play


def rule_of(action, state):
    with pytest.raises(IllegalAction) as caught:
        check(action, state)
    return caught.value.rule_id


def test_chart_order_in_the_model(board):
    us = next(c for c in board.rules.charts if c.id == "united_states")
    assert us.order[:8] == ("USAinfantry",) * 4 + ("USAartillery",) * 2 + ("USAinfantry", "USAartillery")


def test_allied_placement_follows_chart_order_and_capacity(make_state, board):
    state = make_state(("P5", "reinforce"))
    utah = board.rules.beaches[board.beach("Utah Beach")].capacity
    assert utah == 4
    four = a.Reinforce("united_states", 6, (("Utah Beach", "USAinfantry", 4),))
    after = play(four, state)
    assert after.chart_pos[board.chart("united_states")] == 4
    assert sum(after.beaches[board.beach("Utah Beach")]) == 4
    # the first row may only enter at Utah: its artillery cannot go to Omaha
    assert rule_of(a.Reinforce("united_states", 6, (("Utah Beach", "USAinfantry", 4),
                                                    ("Omaha Beach", "USAartillery", 2))), state) == "P5"
    # capacity: 5 units on Utah
    assert rule_of(a.Reinforce("united_states", 6, (("Utah Beach", "USAinfantry", 4),
                                                    ("Utah Beach", "USAartillery", 1))), state) == "P5"
    # order: the artillery cannot jump the queue
    assert rule_of(a.Reinforce("united_states", 6, (("Utah Beach", "USAartillery", 1),)), state) == "P5"


def test_dice_bound_the_units_placed(make_state):
    state = make_state(("P5", "reinforce"))
    assert rule_of(a.Reinforce("united_states", 3, (("Utah Beach", "USAinfantry", 4),)), state) == "P5"
    assert rule_of(a.Reinforce("united_states", 13), state) == "P5"
    assert rule_of(a.Reinforce("united_kingdom", 1), state) == "P5"


def test_capacity_counts_units_still_waiting(make_state, board):
    state = make_state(("P5", "reinforce"), beaches={"Utah Beach": {"USAinfantry": 3}})
    check(a.Reinforce("united_states", 5, (("Utah Beach", "USAinfantry", 1),)), state)
    assert rule_of(a.Reinforce("united_states", 5, (("Utah Beach", "USAinfantry", 2),)), state) == "P5"


def test_later_rows_may_use_any_beach_of_the_chart(make_state, board):
    state = make_state(("P5", "reinforce"))
    state = evolve(state, chart_pos=(8, 0, 0, 0))  # past the Utah and Omaha rows
    check(a.Reinforce("united_states", 4, (("Utah Beach", "USAinfantry", 2), ("Omaha Beach", "USAinfantry", 1),
                                           ("Omaha Beach", "USAartillery", 1))), state)
    assert rule_of(a.Reinforce("united_states", 2, (("Gold Beach", "USAinfantry", 2),)), state) == "P5"


def test_g6_nothing_beyond_the_chart(make_state, board):
    length = len(board.charts[board.chart("united_kingdom")].order)
    state = evolve(make_state(("P5", "reinforce")), chart_pos=(0, length - 1, 0, 0))
    assert rule_of(a.Reinforce("united_kingdom", 6, (("Gold Beach", "UKinfantry", 1),
                                                     ("Gold Beach", "UKartillery", 1))), state) == "G6"


def test_one_roll_per_chart_per_turn(make_state):
    state = play(a.Reinforce("united_kingdom", 2), make_state(("P5", "reinforce")))
    assert rule_of(a.Reinforce("united_kingdom", 2), state) == "P5"


def test_german_placement_in_the_sector_areas_only_and_optional(make_state, board):
    state = make_state(("P6", "reinforce"))
    check(a.Reinforce("rennes_chartres", 7), state)  # placing is optional
    check(a.Reinforce("rennes_chartres", 7, ((32, "armour", 3),)), state)
    assert rule_of(a.Reinforce("rennes_chartres", 7, ((33, "armour", 3),)), state) == "P6"
    assert rule_of(a.Reinforce("rouen_chartres", 7, ((32, "armour", 3),)), state) == "P6"  # 32 is Rennes
    crowded = make_state(("P6", "reinforce"), german={32: {"infantry": 7}})
    assert rule_of(a.Reinforce("rennes_chartres", 7, ((32, "armour", 2),)), crowded) == "G4"
    assert rule_of(a.Reinforce("united_states", 4), state) == "P6"  # not the Germans' chart


def test_german_reinforcements_under_patrol(make_state, board):
    state = make_state(("P6", "reinforce"), patrol={32: 1})
    after = play(a.Reinforce("rennes_chartres", 4, ((32, "armour", 3),), losses=((32, "armour", 1),)), state)
    assert after.describe("Germans", board.area(32)) == "2 armour"
    assert rule_of(a.Reinforce("rennes_chartres", 4, ((34, "armour", 3),), losses=((34, "armour", 1),)), state) == "G7"
