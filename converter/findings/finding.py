"""One finding: a stable code, a severity, a one-line message, and where it is.

A `Finding` is held as a tuple of its fields: a check of a map package makes hundreds, and
the runner hashes each (to drop duplicates) and sorts them. Built from a ready tuple
(`finding_of`) it is one C call, and its hash and equality are tuple's, where a frozen
dataclass set 13 attributes one by one and hashed them in Python. It still reads as the
dataclass it was: the same constructor, fields (`dataclasses.fields`, `replace`, `asdict`
work), repr, equality and hash (the hash of the fields' tuple, as the dataclass's), and it is
frozen and unordered. One difference: it also equals the plain tuple of its fields (tuple's
own comparison answers once Finding's declines); nothing here compares findings with tuples.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from enum import Enum
from functools import partial
from operator import itemgetter
from typing import Any


class Severity(str, Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _RANK[self]

    @classmethod
    def parse(cls, text: str) -> "Severity":
        try:
            return cls(text.lower())
        except ValueError:
            raise ValueError(f"unknown severity {text!r}; use one of {', '.join(s.value for s in cls)}") from None


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}

# Location keys, in the order a person reads them.
LOCATION_KEYS = ("file", "line", "territory", "round", "step", "player", "event", "area")


@dataclass(frozen=True)
class _Fields:
    """The fields of a `Finding`, in its tuple's order, with their defaults (declared as a
    dataclass so that `dataclasses.fields(Finding)` describes them)."""

    code: str
    message: str
    severity: Severity = Severity.ERROR
    file: str | None = None
    line: int | None = None
    territory: str | None = None
    round: int | None = None
    step: str | None = None
    player: str | None = None
    event: str | None = None
    area: str | None = None
    name: str | None = None  # dotted human name of the rule, e.g. "references.undefined-territory"
    extra: tuple[tuple[str, Any], ...] = field(default=())  # further data, e.g. units involved


FIELDS = tuple(_Fields.__dataclass_fields__)  # the tuple's order


class Finding(tuple):
    __slots__ = ()
    __dataclass_fields__ = _Fields.__dataclass_fields__
    __dataclass_params__ = _Fields.__dataclass_params__  # type: ignore[attr-defined]
    __match_args__ = FIELDS

    def __new__(cls, code: str, message: str, severity: Severity = Severity.ERROR, file: str | None = None,
                line: int | None = None, territory: str | None = None, round: int | None = None,
                step: str | None = None, player: str | None = None, event: str | None = None,
                area: str | None = None, name: str | None = None,
                extra: tuple[tuple[str, Any], ...] = ()) -> "Finding":
        return tuple.__new__(cls, (code, message, severity, file, line, territory, round, step, player, event,
                                   area, name, extra))

    code: str = property(itemgetter(0))  # type: ignore[assignment]
    message: str = property(itemgetter(1))  # type: ignore[assignment]
    severity: Severity = property(itemgetter(2))  # type: ignore[assignment]
    file: str | None = property(itemgetter(3))  # type: ignore[assignment]
    line: int | None = property(itemgetter(4))  # type: ignore[assignment]
    territory: str | None = property(itemgetter(5))  # type: ignore[assignment]
    round: int | None = property(itemgetter(6))  # type: ignore[assignment]
    step: str | None = property(itemgetter(7))  # type: ignore[assignment]
    player: str | None = property(itemgetter(8))  # type: ignore[assignment]
    event: str | None = property(itemgetter(9))  # type: ignore[assignment]
    area: str | None = property(itemgetter(10))  # type: ignore[assignment]
    name: str | None = property(itemgetter(11))  # type: ignore[assignment]
    extra: tuple[tuple[str, Any], ...] = property(itemgetter(12))  # type: ignore[assignment]

    # as the frozen dataclass: equal only to a Finding, hashed as its fields' tuple, no order
    def __eq__(self, other: object) -> bool:
        return tuple.__eq__(self, other) if other.__class__ is self.__class__ else NotImplemented

    def __ne__(self, other: object) -> bool:
        return tuple.__ne__(self, other) if other.__class__ is self.__class__ else NotImplemented

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getnewargs__(self) -> tuple:  # copy and pickle call __new__ with the fields
        return tuple(self)

    def __repr__(self) -> str:
        return f"Finding({', '.join(f'{key}={value!r}' for key, value in zip(FIELDS, self))})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "severity": self.severity.value, "message": self.message}
        if self.name:
            data["name"] = self.name
        for key in LOCATION_KEYS:
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        for key, value in self.extra:
            data[key] = value
        return data

    def location(self) -> str:
        """Human location prefix, e.g. `map/polygons.txt:12` or `round 2, alliesBattle, Allies`."""
        parts: list[str] = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.round is not None:
            parts.append(f"round {self.round}")
        for key in ("step", "player", "territory", "area"):
            value = getattr(self, key)
            if value:
                parts.append(str(value))
        return ", ".join(parts)


# A Finding from a tuple of all its fields in FIELDS order, without __new__'s Python call
finding_of = partial(tuple.__new__, Finding)
