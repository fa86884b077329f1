"""Rules: each a small unit with a stable code, a dotted name, a severity and a one-line
message template; a registry keyed by code that refuses duplicates.

A rule's check function takes a `CheckContext` and yields `Hit`s; the registry turns each
hit into a `Finding` by filling the template, so every message of a code reads the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from converter.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from converter.check.context import CheckContext

CODE_PATTERN = re.compile(r"^[A-Z]\d{3}$")


@dataclass(frozen=True)
class Hit:
    """What a check found: template parameters plus where. `file=None` means the game XML."""

    params: tuple[tuple[str, Any], ...] = ()
    file: Path | None = None
    line: int | None = None
    territory: str | None = None
    player: str | None = None


def hit(*, file: Path | None = None, line: int | None = None, territory: str | None = None,
        player: str | None = None, **params: Any) -> Hit:
    return Hit(tuple(params.items()), file, line, territory, player)


CheckFunction = Callable[["CheckContext"], Iterable[Hit]]


@dataclass(frozen=True)
class Rule:
    code: str
    name: str  # dotted human name, e.g. "references.undefined-territory"
    severity: Severity
    template: str  # one line, filled with the hit's params
    check: CheckFunction = field(compare=False, repr=False)
    # False for the few checks the engine's own parser already fails on (counted apart)
    beyond_engine: bool = True

    @property
    def group(self) -> str:
        return self.name.split(".", 1)[0]

    def findings(self, context: "CheckContext") -> Iterator[Finding]:
        for found in self.check(context):
            params = {"territory": found.territory, "player": found.player, **dict(found.params)}
            yield Finding(
                code=self.code,
                message=self.template.format(**params),
                severity=params.pop("severity", None) or self.severity,
                file=context.display_path(found.file),
                line=found.line,
                territory=found.territory,
                player=found.player,
                name=self.name,
            )


class DuplicateRuleError(ValueError):
    pass


class RuleRegistry:
    """Rules by code; registering a code (or a dotted name) twice is an error."""

    def __init__(self) -> None:
        self._by_code: dict[str, Rule] = {}

    def register(self, rule: Rule) -> Rule:
        if not CODE_PATTERN.match(rule.code):
            raise ValueError(f"rule code {rule.code!r} must be a capital letter and three digits")
        if rule.code in self._by_code:
            raise DuplicateRuleError(f"rule code {rule.code} registered twice "
                                     f"({self._by_code[rule.code].name} and {rule.name})")
        if any(existing.name == rule.name for existing in self._by_code.values()):
            raise DuplicateRuleError(f"rule name {rule.name} registered twice")
        self._by_code[rule.code] = rule
        return rule

    def rule(self, code: str, name: str, severity: Severity, template: str,
             beyond_engine: bool = True) -> Callable[[CheckFunction], CheckFunction]:
        """Decorator form: `@REGISTRY.rule("R101", "references.x", Severity.ERROR, "...")`."""

        def register(check: CheckFunction) -> CheckFunction:
            self.register(Rule(code, name, severity, template, check, beyond_engine))
            return check

        return register

    def __iter__(self) -> Iterator[Rule]:
        return iter(sorted(self._by_code.values(), key=lambda r: r.code))

    def __len__(self) -> int:
        return len(self._by_code)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def get(self, code: str) -> Rule | None:
        return self._by_code.get(code)


REGISTRY = RuleRegistry()
rule = REGISTRY.rule
