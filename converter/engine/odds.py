"""Exact battle odds, from the closed form, never sampled.

In one round each side's hits are a sum of independent Bernoulli(value/6) trials, one per
unit: a Poisson-binomial distribution, computed by convolution. The two sides fire at
once, so the round's outcome is the product of the two distributions; casualties are
capped at the units there are.

Over several rounds (battles last one round per turn, G1) the state is how many units
each side has lost; with a fixed casualty order (cheapest first) that determines which
units remain, so the joint distribution over (attacker lost, defender lost) is iterated
exactly. `exact=True` computes in Fractions; floats otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction

Number = float | Fraction


@dataclass(frozen=True)
class Odds:
    attacker_clears: Number  # only attacker units remain
    defender_clears: Number  # only defender units remain
    both_remain: Number
    both_destroyed: Number
    attacker_expected_losses: Number
    defender_expected_losses: Number

    def to_dict(self) -> dict[str, float]:
        return {key: float(value) for key, value in asdict(self).items()}

    @property
    def total(self) -> Number:
        return self.attacker_clears + self.defender_clears + self.both_remain + self.both_destroyed


def _p(value: int, exact: bool) -> Number:
    value = max(0, min(6, value))
    return Fraction(value, 6) if exact else value / 6


def hit_distribution(values: Sequence[int], exact: bool = False) -> list[Number]:
    """P(hits = k) for k = 0..len(values): the Poisson-binomial of the units' values."""
    one = Fraction(1) if exact else 1.0
    dist = [one]
    for value in values:
        p = _p(value, exact)
        q = one - p
        nxt = [d * q for d in dist]
        nxt.append(0 * one)
        for k, d in enumerate(dist):
            nxt[k + 1] += d * p
        dist = nxt
    return dist


def _capped(dist: list[Number], cap: int) -> list[Number]:
    """Hits beyond the enemy's units are wasted: fold the tail into `cap`."""
    if len(dist) <= cap + 1:
        return dist + [0 * dist[0]] * (cap + 1 - len(dist))
    return dist[:cap] + [sum(dist[cap:])]


def one_round(attacker_values: Sequence[int], defender_values: Sequence[int], exact: bool = False) -> Odds:
    """Odds of one round: attacker fires its attack values, defender its defence values."""
    n_a, n_d = len(attacker_values), len(defender_values)
    a_hits = _capped(hit_distribution(attacker_values, exact), n_d)  # defender losses
    d_hits = _capped(hit_distribution(defender_values, exact), n_a)  # attacker losses
    a_all, d_all = a_hits[n_d], d_hits[n_a]
    return Odds(
        attacker_clears=a_all * (1 - d_all) if n_a else 0 * a_all,
        defender_clears=d_all * (1 - a_all) if n_d else 0 * a_all,
        both_remain=(1 - a_all) * (1 - d_all),
        both_destroyed=a_all * d_all,
        attacker_expected_losses=sum(k * p for k, p in enumerate(d_hits)),
        defender_expected_losses=sum(k * p for k, p in enumerate(a_hits)),
    )


def rounds(
    attacker: Sequence[tuple[int, int]],
    defender: Sequence[tuple[int, int]],
    count: int,
    exact: bool = False,
    alternate: bool = False,
) -> list[Odds]:
    """Cumulative odds after each of `count` rounds.

    `attacker` / `defender`: (attack, defence) of each unit, in the order it is lost.
    `alternate`: roles swap every round (the battle goes on in each side's turn, the
    side whose turn it is attacks); otherwise the attacker attacks every round.
    """
    one = Fraction(1) if exact else 1.0
    n_a, n_d = len(attacker), len(defender)
    # hit distributions of every remaining suffix, in each role (0 = attack, 1 = defence)
    a_dist = [[_capped(hit_distribution([u[r] for u in attacker[i:]], exact), n_d) for i in range(n_a + 1)]
              for r in (0, 1)]
    d_dist = [[_capped(hit_distribution([u[r] for u in defender[j:]], exact), n_a) for j in range(n_d + 1)]
              for r in (0, 1)]
    state: dict[tuple[int, int], Number] = {(0, 0): one}
    results = []
    for number in range(count):
        attacker_role = 1 if alternate and number % 2 else 0
        nxt: dict[tuple[int, int], Number] = {}
        for (i, j), p in state.items():
            if i == n_a or j == n_d:
                nxt[(i, j)] = nxt.get((i, j), 0 * one) + p
                continue
            a_hits = a_dist[attacker_role][i]  # P(attacker scores k)
            d_hits = d_dist[1 - attacker_role][j]
            for k, pk in enumerate(a_hits):
                if not pk:
                    continue
                j2 = min(n_d, j + k)
                for m, pm in enumerate(d_hits):
                    if pm:
                        key = (min(n_a, i + m), j2)
                        nxt[key] = nxt.get(key, 0 * one) + p * pk * pm
        state = nxt
        results.append(_summarise(state, n_a, n_d, one))
    return results


def _summarise(state: dict[tuple[int, int], Number], n_a: int, n_d: int, one: Number) -> Odds:
    zero = 0 * one
    attacker_clears = defender_clears = both_destroyed = both_remain = lost_a = lost_d = zero
    for (i, j), p in state.items():
        lost_a += i * p
        lost_d += j * p
        if i == n_a and j == n_d:
            both_destroyed += p
        elif j == n_d:
            attacker_clears += p
        elif i == n_a:
            defender_clears += p
        else:
            both_remain += p
    return Odds(attacker_clears, defender_clears, both_remain, both_destroyed, lost_a, lost_d)


def monte_carlo_round(attacker_values: Sequence[int], defender_values: Sequence[int], trials: int,
                      seed: int = 0) -> Odds:
    """The same one-round odds estimated by rolling dice: the peer the exact form is checked
    and benchmarked against."""
    import random

    rng = random.Random(seed)
    r = rng.random
    n_a, n_d = len(attacker_values), len(defender_values)
    counts = [0, 0, 0, 0]
    lost_a = lost_d = 0
    for _ in range(trials):
        a_hits = min(n_d, sum(1 for v in attacker_values if r() * 6 < v))
        d_hits = min(n_a, sum(1 for v in defender_values if r() * 6 < v))
        lost_a += d_hits
        lost_d += a_hits
        a_gone, d_gone = d_hits == n_a, a_hits == n_d
        counts[(2 if a_gone else 0) + (1 if d_gone else 0)] += 1
    return Odds(
        attacker_clears=counts[1] / trials,
        defender_clears=counts[2] / trials,
        both_remain=counts[0] / trials,
        both_destroyed=counts[3] / trials,
        attacker_expected_losses=lost_a / trials,
        defender_expected_losses=lost_d / trials,
    )
