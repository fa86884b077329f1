"""One finding: a stable code, a severity, a one-line message, and where it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
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
class Finding:
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
