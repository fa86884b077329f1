"""Plain, comparable values from stream objects, and the references history items use.

`plain` turns whatever a change or a game object holds into something hashable and
comparable across the two engine generations: named objects become their name, units
their id, collections tuples, enums their constant. Equality of two `plain` values is
what the replay compares.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from converter.save.gamedata import is_unit, name_of, owner_name, unit_id
from converter.save.stream import JavaEnum, JavaObject


def plain(value: Any, depth: int = 0) -> Any:
    if value is None or isinstance(value, (bool, int, float, str, Decimal)):
        return value
    if depth > 20:  # cyclic or absurd structures: stop, stay comparable
        return "<...>"
    if isinstance(value, JavaObject):
        if is_unit(value):
            return f"unit:{unit_id(value)}"
        name = name_of(value)
        return name if name is not None else f"<{value.simple_name}>"
    if isinstance(value, JavaEnum):
        return value.constant
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, (list, tuple)):
        return tuple(plain(item, depth + 1) for item in value)
    if isinstance(value, dict):
        pairs = [(plain(k, depth + 1), plain(v, depth + 1)) for k, v in value.items()]
        return tuple(sorted(pairs, key=repr))
    if isinstance(value, bytes):
        return value.hex()
    return f"<{type(value).__name__}>"


def json_value(value: Any) -> Any:
    """`plain` values as JSON types (Decimal -> int or float, tuples -> lists)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    return value


@dataclass(frozen=True)
class UnitRef:
    """A unit as a history item names it; `owner` is the owner at save time."""

    id: str
    type: str
    owner: str

    @classmethod
    def of(cls, unit: JavaObject) -> "UnitRef":
        fields = unit.fields
        return cls(unit_id(unit), name_of(fields.get("type")) or "?", owner_name(fields.get("owner")))

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "type": self.type, "owner": self.owner}


@dataclass(frozen=True)
class ObjectRef:
    """What a property change applies to: kind is unit, territory, player or the class name."""

    kind: str
    name: str

    @classmethod
    def of(cls, obj: Any) -> "ObjectRef":
        if isinstance(obj, JavaObject):
            if is_unit(obj):
                return cls("unit", unit_id(obj))
            simple = obj.simple_name
            kind = {"Territory": "territory", "GamePlayer": "player", "PlayerID": "player"}.get(simple, simple)
            return cls(kind, name_of(obj) or f"@{id(obj):x}")
        return cls(type(obj).__name__, str(plain(obj)))

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"
