"""Typed, error-collecting access to one TOML document, and the value checks it uses."""

from __future__ import annotations

from typing import Any, Callable

from converter.model.errors import ModelError


class Reader:
    """Typed access to one TOML document that records errors instead of raising."""

    def __init__(self, file: str, data: dict[str, Any], errors: list[ModelError]):
        self.file, self.data, self.errors = file, data, errors

    def error(self, key: str, reason: str) -> None:
        self.errors.append(ModelError(self.file, key, reason))

    def get(self, table: dict[str, Any], key: str, path: str, kind: type | tuple[type, ...],
            default: Any = ..., check: Callable[[Any], str | None] | None = None) -> Any:
        full = f"{path}.{key}" if path else key
        if key not in table:
            if default is ...:
                self.error(full, "missing")
                return None
            return default
        value = table[key]
        # bool is an int in Python; a count must not be `true`
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
            self.error(full, f"expected {_kind_name(kind)}, got {type(value).__name__} {value!r}")
            return None if default is ... else default
        if check is not None and (problem := check(value)) is not None:
            self.error(full, problem)
            return None
        return value

    def tables(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        items = self.data.get(key, [])
        if not isinstance(items, list):
            self.error(key, "expected an array of tables")
            return []
        found = []
        for index, item in enumerate(items):
            path = f"{key}[{index}]"
            if not isinstance(item, dict):
                self.error(path, "expected a table")
                continue
            found.append((path, item))
        return found


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "true/false", list: "an array", dict: "a table"}
    return " or ".join(names.get(k, k.__name__) for k in _as_tuple(kind))


def positive(value: int) -> str | None:
    return None if value > 0 else f"must be a positive number, got {value}"


def non_negative(value: int) -> str | None:
    return None if value >= 0 else f"must not be negative, got {value}"


def die_value(value: int) -> str | None:
    return None if 0 <= value <= 6 else f"must be a d6 value 0-6, got {value}"


def strings(value: list[Any]) -> str | None:
    return None if all(isinstance(item, str) for item in value) else "every item must be a string"


def integers(value: list[Any]) -> str | None:
    ok = all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    return None if ok else "every item must be an integer"
