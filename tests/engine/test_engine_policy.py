"""The policy's plan: legal whole games for several seeds, and the decisions each side makes
in small hand-made positions."""

import random

import pytest

from converter.engine import actions as a
from converter.engine import policy
from converter.engine.policy_plan import attack_odds, favourable
from converter.engine.rules import check
from converter.engine.simulate import play_game


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 8])
def test_policy_games_pass_every_rule_check(board, seed):
    result = play_game(seed, board, checked=True)  # rules.check before every action
    assert result.winner in ("Allies", "Germans")


def test_the_allies_win_some_games():
    # the old policy never took and held the three cities; the plan does, now and then
    assert any(play_game(seed).winner == "Allies" for seed in range(40))


def _moves(state, seed=1):
    actions = policy.step_actions(state, random.Random(seed))
    for action in actions:
        check(action, state)
    return [action for action in actions if isinstance(action, a.Move)]


def test_allies_walk_into_an_empty_city_first(make_state):
    # Caen (30) is empty: the stack next to it takes it rather than fighting in area 31
    state = make_state(("P5", "move"), round=3, allied={16: {"UKinfantry": 4, "UKarmour": 2}},
                       german={31: {"infantry": 1}, 2: {"infantry": 8}, 26: {"infantry": 8}})
    moves = _moves(state)
    assert moves and all(m.dst == 30 for m in moves)
    assert sum(n for m in moves for _, n in m.units) == 6


def test_allies_do_not_attack_on_poor_odds(make_state):
    # two infantry next to a full German stack in Caen wait for more
    state = make_state(("P5", "move"), round=2, allied={16: {"UKinfantry": 2}},
                       german={30: {"infantry": 3, "artillery": 2, "armour": 3}, 2: {"infantry": 1}, 26: {"infantry": 1}})
    assert not [m for m in _moves(state) if m.dst == 30]


def test_allies_attack_a_weak_city_with_a_full_stack(make_state):
    state = make_state(("P5", "move"), round=2, allied={16: {"UKinfantry": 3, "UKartillery": 2, "UKarmour": 3}},
                       german={30: {"infantry": 1}, 2: {"infantry": 8}, 26: {"infantry": 8}})
    moves = _moves(state)
    assert [m.dst for m in moves] == [30]
    assert dict(moves[0].units)["UKarmour"] == 3


def test_germans_counter_attack_a_weak_stack_and_keep_a_threatened_city(make_state):
    # one Allied infantry beside St. Lo (26): the stack in 27 attacks it; the city's garrison stays
    state = make_state(("P6", "move"), round=3, allied={21: {"USAinfantry": 1}},
                       german={27: {"armour": 3, "artillery": 1}, 26: {"infantry": 4}, 2: {"infantry": 8},
                               30: {"infantry": 8}})
    moves = _moves(state)
    assert any(m.src == 27 and m.dst == 21 for m in moves)
    assert not any(m.src == 26 for m in moves)


def test_german_reinforcements_enter_near_the_threatened_city(make_state):
    # Allies next to St. Lo: the Rennes/Chartres units enter at 34 (next to it), not 40
    state = make_state(("P6", "reinforce"), round=3, allied={25: {"USAinfantry": 8}},
                       german={26: {"infantry": 2}, 2: {"infantry": 8}, 30: {"infantry": 8}})
    actions = policy.step_actions(state, random.Random(4))
    for action in actions:
        check(action, state)
    rennes = next(x for x in actions if isinstance(x, a.Reinforce) and x.chart == "rennes_chartres")
    assert rennes.placements and rennes.placements[0][0] == 34


def test_patrol_covers_open_cities_within_the_limits(make_state, board):
    state = make_state(("P3", "patrol"), round=2, german={2: {"infantry": 8}, 26: {"infantry": 1}, 30: {"armour": 2}})
    actions = policy.step_actions(state, random.Random(2))
    patrols = [x for x in actions if isinstance(x, a.PlacePatrol)]
    for action in actions:
        check(action, state)
    assert sum(p.fighters for p in patrols) == board.fighters_in_play
    assert {2, 26, 30} <= {p.area for p in patrols}


def test_exact_odds_drive_favourable(board):
    strong = (0, 0, 0, 3, 2, 3)  # 3 UK infantry, 2 artillery, 3 armour
    one = (1, 0, 0, 0)
    assert attack_odds(board, "Allies", strong, one).attacker_clears > 0.9
    assert favourable(board, "Allies", strong, one)
    assert not favourable(board, "Allies", (2, 0, 0, 0, 0, 0), (3, 2, 3, 0))
