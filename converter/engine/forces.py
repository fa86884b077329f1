"""Forces from text ("3 infantry, 2 armour") for the odds: which unit types, whose stats.

Names: infantry / artillery / armour (armor, tank) / blockhouse, with common short forms,
or a TripleA land unit type of the model (USAinfantry, UKarmour, armour ...). `side` says
whose stats apply: the Allies' attacker uses Allied unit types, the German defender German
ones, and the reverse for `germans`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from converter.engine.board import ALLIES, GERMANS, Board
from converter.engine.combat import removal_order

ALIASES = {
    "infantry": "infantry", "inf": "infantry", "i": "infantry",
    "artillery": "artillery", "art": "artillery", "a": "artillery",
    "armour": "armour", "armor": "armour", "tank": "armour", "tanks": "armour", "t": "armour",
    "blockhouse": "blockhouse", "blockhouses": "blockhouse", "bunker": "blockhouse", "b": "blockhouse",
}
ITEM = re.compile(r"^\s*(\d+)\s*[x×]?\s*([A-Za-z][\w.]*)\s*$")


class ForceError(ValueError):
    """Unit text that names no force of the requested side."""


@dataclass(frozen=True)
class Force:
    side: str
    counts: tuple[int, ...]  # per land unit type of the side

    def units_in_loss_order(self, board: Board) -> list[tuple[int, int]]:
        """(attack, defence) of every unit, cheapest (first lost) first."""
        stats = board.units[self.side]
        return [(stats.attack[i], stats.defence[i]) for i in removal_order(stats, self.counts)]

    def describe(self, board: Board) -> str:
        names = board.units[self.side].names
        return ", ".join(f"{n} {names[i]}" for i, n in enumerate(self.counts) if n) or "nothing"


def parse_force(text: str, side: str, board: Board) -> Force:
    stats = board.units[side]
    counts = [0] * len(stats.names)
    items = [item for item in re.split(r"[,;+]", text) if item.strip()]
    if not items:
        raise ForceError(f"no units in {text!r}; write e.g. \"3 infantry, 2 armour\"")
    for item in items:
        match = ITEM.match(item)
        if not match:
            raise ForceError(f"cannot read {item.strip()!r}: write a count and a unit, e.g. \"2 armour\"")
        number, name = int(match.group(1)), match.group(2)
        counts[_type_position(name, side, board)] += number
    if not any(counts):
        raise ForceError(f"no units in {text!r}")
    return Force(side, tuple(counts))


def _type_position(name: str, side: str, board: Board) -> int:
    stats = board.units[side]
    unit_class = ALIASES.get(name.lower())
    if unit_class is not None:  # generic names first: German types are named like the classes
        if unit_class not in stats.classes:
            raise ForceError(f"the {side} have no {unit_class}")
        return stats.classes.index(unit_class)  # Allied US and UK types share stats: the first one
    if name in stats.names:
        return stats.index(name)
    for other_side in (ALLIES, GERMANS):
        if name in board.units[other_side].names:
            raise ForceError(f"{name} is a {other_side} unit type; this force uses {side} units")
    known = ", ".join(sorted({*ALIASES.values()}))
    raise ForceError(f"unknown unit {name!r}: use {known} or a land unit type of the model")
