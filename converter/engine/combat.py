"""Dice: one round of combat (G1, G8), one-shot and targeted fire, AA and patrol fire.

A unit hits on a d6 roll at or below its value. In a round both sides fire at once:
casualties fire back before they are removed. Who picks casualties is a policy function
`(stats, counts, hits) -> losses`; by default each owner loses its cheapest units first,
and a targeted attack (bombers, blockhouse fire) picks the dearest enemy unit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from converter.engine.board import UnitStats

Counts = tuple[int, ...]
CasualtyPolicy = Callable[[UnitStats, Counts, int], Counts]

# Cheapest first: what a unit is worth to its owner (a blockhouse can never come back).
CASUALTY_COST = {"infantry": 1, "artillery": 2, "armour": 3, "blockhouse": 4}


def removal_order(stats: UnitStats, counts: Counts, dearest: bool = False) -> list[int]:
    """Every unit (as its type position) in the order it is lost."""
    types = sorted(range(len(counts)), key=lambda i: (CASUALTY_COST.get(stats.classes[i], 9), i), reverse=dearest)
    return [i for i in types for _ in range(counts[i])]


def take_losses(stats: UnitStats, counts: Counts, hits: int, dearest: bool = False) -> Counts:
    lost = [0] * len(counts)
    for i in removal_order(stats, counts, dearest)[:hits]:
        lost[i] += 1
    return tuple(lost)


def cheapest_first(stats: UnitStats, counts: Counts, hits: int) -> Counts:
    return take_losses(stats, counts, hits)


def dearest_first(stats: UnitStats, counts: Counts, hits: int) -> Counts:
    return take_losses(stats, counts, hits, dearest=True)


def roll(rng: random.Random, dice: int, value: int) -> int:
    """Hits of `dice` dice at `value` (hit on a roll <= value)."""
    if value <= 0 or dice <= 0:
        return 0
    if value >= 6:
        return dice
    r = rng.random
    return sum(1 for _ in range(dice) if r() * 6 < value)


def roll_values(rng: random.Random, counts: Counts, values: Sequence[int]) -> int:
    return sum(roll(rng, n, v) for n, v in zip(counts, values) if n)


def battle_round(
    rng: random.Random,
    attacker: UnitStats,
    attacker_counts: Counts,
    defender: UnitStats,
    defender_counts: Counts,
    attacker_policy: CasualtyPolicy = cheapest_first,
    defender_policy: CasualtyPolicy = cheapest_first,
) -> tuple[Counts, Counts]:
    """One simultaneous round: (attacker losses, defender losses)."""
    attacker_hits = roll_values(rng, attacker_counts, attacker.attack)
    defender_hits = roll_values(rng, defender_counts, defender.defence)
    return (
        attacker_policy(attacker, attacker_counts, defender_hits),
        defender_policy(defender, defender_counts, attacker_hits),
    )


def targeted(rng: random.Random, shots: int, value: int, target: UnitStats, counts: Counts,
             picker: CasualtyPolicy = dearest_first) -> Counts:
    """One-shot or targeted fire (paratroopers, bombers, naval, blockhouse fire)."""
    return picker(target, counts, roll(rng, shots, value))


def aa_fire(rng: random.Random, guns: int, aircraft: int, value: int = 1) -> int:
    """U2: each German artillery fires once at `value`; at most every aircraft is lost."""
    return min(aircraft, roll(rng, guns, value))


def patrol_fire(rng: random.Random, fighters: int, moving: Counts, value: int = 1) -> Counts:
    """G7: each patrolling fighter fires once at `value` at every unit moving in or out;
    a unit is lost if any of its dice hits."""
    if not fighters:
        return (0,) * len(moving)
    survive = (1 - value / 6) ** fighters
    r = rng.random
    return tuple(sum(1 for _ in range(n) if r() >= survive) for n in moving)
