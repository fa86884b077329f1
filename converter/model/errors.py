"""Errors of loading a model: each names the file, the key and the reason."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelError:
    file: str
    key: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.reason}"


class ModelLoadError(Exception):
    def __init__(self, errors: list[ModelError]):
        self.errors = errors
        super().__init__("\n".join(str(error) for error in errors))
