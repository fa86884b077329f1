"""Exact odds: hand-checked cases, totals, caps, multi-round, and agreement with dice."""

from fractions import Fraction as F

import pytest

from converter.engine.odds import hit_distribution, monte_carlo_round, one_round, rounds


def test_one_infantry_attacking_one_infantry_by_hand():
    odds = one_round([1], [2], exact=True)
    hit, defended = F(1, 6), F(2, 6)
    assert odds.attacker_clears == hit * (1 - defended) == F(1, 9)
    assert odds.defender_clears == defended * (1 - hit) == F(5, 18)
    assert odds.both_destroyed == hit * defended == F(1, 18)
    assert odds.both_remain == (1 - hit) * (1 - defended)
    assert odds.attacker_expected_losses == F(1, 3)
    assert odds.defender_expected_losses == F(1, 6)


def test_poisson_binomial_of_unequal_units_by_hand():
    # an armour (3) and an infantry (1): P(0) = 1/2 * 5/6, P(2) = 1/2 * 1/6
    dist = hit_distribution([3, 1], exact=True)
    assert dist == [F(5, 12), F(1, 2) * F(1, 6) + F(1, 2) * F(5, 6), F(1, 12)]
    assert sum(dist) == 1


def test_hits_beyond_the_enemy_are_capped():
    # three armour at 3 against one infantry: the infantry dies unless all three miss
    odds = one_round([3, 3, 3], [2], exact=True)
    assert odds.defender_expected_losses == 1 - F(1, 8)
    assert odds.attacker_expected_losses == F(1, 3)
    assert odds.attacker_clears == (1 - F(1, 8)) * 1  # one defender hit cannot clear three attackers


@pytest.mark.parametrize("attacker,defender", [([1], [2]), ([1, 1, 1, 3, 3], [2, 2, 2, 2, 2]),
                                              ([3] * 8, [3, 2, 2, 2, 1, 1, 2, 2]), ([2, 2], [1])])
def test_outcomes_sum_to_one_exactly(attacker, defender):
    assert one_round(attacker, defender, exact=True).total == 1
    for step in rounds([(a, 2) for a in attacker], [(1, d) for d in defender], 4, exact=True):
        assert step.total == 1


def test_exact_agrees_with_dice_within_tolerance():
    attacker, defender = [1, 1, 2, 3, 3], [2, 2, 1]
    exact = one_round(attacker, defender).to_dict()
    sampled = monte_carlo_round(attacker, defender, 40_000, seed=7).to_dict()
    for key, value in exact.items():
        assert abs(value - sampled[key]) < 0.02, key


def test_two_rounds_by_hand():
    # 1 v 1 infantry, fixed roles: the battle goes on only if both miss (5/6 * 4/6 = 5/9)
    first, second = rounds([(1, 2)], [(1, 2)], 2, exact=True)
    assert first.both_remain == F(5, 9)
    assert second.both_remain == F(5, 9) ** 2
    assert second.attacker_clears == F(1, 9) * (1 + F(5, 9))
    assert second.defender_expected_losses == F(1, 6) * (1 + F(5, 9))


def test_alternating_roles_swap_values():
    # round 2: the defender (infantry defends 2, attacks 1) now attacks at 1; attacker defends at 2
    fixed = rounds([(1, 2)], [(1, 2)], 2, exact=True)[1]
    swapped = rounds([(1, 2)], [(1, 2)], 2, exact=True, alternate=True)[1]
    assert swapped.attacker_clears == F(1, 9) + F(5, 9) * F(2, 6) * F(5, 6)
    assert fixed != swapped


def test_losses_follow_casualty_order():
    # attacker loses its cheap infantry (1) first and keeps its armour (3) firing
    cheap_first = rounds([(1, 2), (3, 2)], [(1, 2)] * 3, 2, exact=True)[1]
    dear_first = rounds([(3, 2), (1, 2)], [(1, 2)] * 3, 2, exact=True)[1]
    assert cheap_first.defender_expected_losses > dear_first.defender_expected_losses
