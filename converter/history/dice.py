"""Dice rolls shown in the history (display data, not changes).

`DiceRoll` writes custom data: an `int[]`, one int per die packed as
`(value << 16) | (rolledAt << 8) | type` (value zero-based; type 0 miss, 1 hit,
2 ignored), then a block with `int hits` and (2.x only) `double expectedHits`; 1.9's
`writeExternal` writes the hits alone (a 4-byte block). `hits` is the
authoritative count (low-luck rolls have fewer dice than hits suggest).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any

from converter.save.stream import BlockData, JavaObject

DIE_TYPES = ("miss", "hit", "ignored")


@dataclass(frozen=True)
class Die:
    face: int  # 1-based
    rolled_at: int  # the value at or under which the die hits (0 when not recorded)
    outcome: str  # miss | hit | ignored

    def to_dict(self) -> dict[str, Any]:
        return {"face": self.face, "rolled_at": self.rolled_at, "outcome": self.outcome}


@dataclass(frozen=True)
class Dice:
    dice: tuple[Die, ...]
    hits: int | None
    expected_hits: float | None

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    @property
    def hit_threshold(self) -> int | None:
        """The shared `rolled_at` of all dice, when they share one and it is recorded."""
        values = {d.rolled_at for d in self.dice}
        return values.pop() if len(values) == 1 and 0 not in values else None

    def describe(self) -> str:
        threshold = self.hit_threshold
        at = f" at {threshold}" if threshold else ""
        return f"dice {list(self.faces)}{at}: {self.hits if self.hits is not None else '?'} hit(s)"

    def to_dict(self) -> dict[str, Any]:
        return {"faces": list(self.faces), "hit_threshold": self.hit_threshold, "hits": self.hits,
                "expected_hits": self.expected_hits, "dice": [d.to_dict() for d in self.dice]}


def decode_die(packed: int) -> Die:
    value = (packed >> 16) & 0xFFFF
    kind = packed & 0xFF
    return Die(value + 1, (packed >> 8) & 0xFF, DIE_TYPES[kind] if kind < len(DIE_TYPES) else f"type{kind}")


def decode_dice(obj: JavaObject) -> Dice:
    data = [item for level in (obj.annotations or {}).values() for item in level]
    rolls = next((item for item in data if isinstance(item, tuple) and all(isinstance(v, int) for v in item)), None)
    if rolls is None:  # other layouts (older engines): a default field
        field_rolls = obj.get("rolls")
        rolls = tuple(field_rolls) if isinstance(field_rolls, (list, tuple)) else ()
    hits: int | None = obj.get("hits") if isinstance(obj.get("hits"), int) else None
    expected: float | None = None
    block = next((item for item in data if isinstance(item, BlockData) and len(item) >= 4), None)
    if block is not None:
        # 2.x writes `int hits, double expectedHits`; 1.9 writes only `int hits`
        hits = struct.unpack_from(">i", block, 0)[0]
        if len(block) >= 12:
            expected = struct.unpack_from(">d", block, 4)[0]
    return Dice(tuple(decode_die(v) for v in rolls if isinstance(v, int)), hits, expected)


def is_dice(value: Any) -> bool:
    return isinstance(value, JavaObject) and value.simple_name == "DiceRoll"
