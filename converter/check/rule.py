"""Rules: each a small unit with a stable code, a dotted name, a severity and a one-line
message template; a registry keyed by code that refuses duplicates.

A rule's check function takes a `CheckContext` and yields `Hit`s; the registry turns each
hit into a `Finding` by filling the template, so every message of a code reads the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple

from converter.findings import Finding, Severity
from converter.findings.finding import finding_of

if TYPE_CHECKING:  # pragma: no cover
    from converter.check.context import CheckContext

CODE_PATTERN = re.compile(r"^[A-Z]\d{3}$")
# the hit parameter holding the map pixel (x, y) a finding is about, when it has one: the
# finding carries it as data, "point" in JSON (the message shows it too)
AT = "at"


class Hit(NamedTuple):
    """What a check found: template parameters plus where. `file=None` means the game XML.
    `params` also holds territory and player (templates may name them) and may hold a
    `severity` that overrides the rule's."""

    params: dict[str, Any]
    file: Path | None = None
    line: int | None = None
    territory: str | None = None
    player: str | None = None


def hit(*, file: Path | None = None, line: int | None = None, territory: str | None = None,
        player: str | None = None, **params: Any) -> Hit:
    params["territory"], params["player"] = territory, player
    return _new_tuple(Hit, (params, file, line, territory, player))  # Hit(...) without its Python-level __new__


_new_tuple = tuple.__new__
# A Hit from (params, file, line, territory, player), its params already holding territory
# and player: for a rule with hundreds of hits, a dict display instead of hit()'s keywords
hit_of = partial(_new_tuple, Hit)


def some_of(names: list[str], limit: int = 4) -> str:
    """A message's list: "a, b and c", or the first `limit` and "and 3 more"."""
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else ""


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
    # template.format_map, compiled once (see message_function)
    message: Callable[[dict[str, Any]], str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", message_function(self.template))

    @property
    def group(self) -> str:
        return self.name.split(".", 1)[0]

    def findings(self, context: "CheckContext") -> Iterator[Finding]:
        code, name, message, severity, shown = self.code, self.name, self.message, self.severity, context.display_path
        last_file, last_shown = _UNSEEN, None
        for params, file, line, territory, player in self.check(context):
            if file is not last_file:  # a rule's findings mostly name one file: hash its path once
                last_file, last_shown = file, shown(file)
            at = params.get(AT)
            # the fields in Finding's order: code, message, severity, file, line, territory,
            # round, step, player, event, area, name, extra
            yield finding_of((code, message(params), params.get("severity") or severity, last_shown, line,
                              territory, None, None, player, None, None, name, () if at is None else (("point", at),)))


_UNSEEN = object()  # no file yet (None is the game XML)


def message_function(template: str) -> Callable[[dict[str, Any]], str]:
    """`template.format_map` as an f-string compiled once: a map's hundreds of findings each
    fill their rule's template, and an f-string does not parse it again each time (half the
    cost). Fields other than plain names (`{a.b}`, `{0}`, nested specs) keep format_map."""
    pieces, keys = [], []
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:  # a malformed template fails as format_map fails, at the first finding
        return template.format_map
    for literal, key, spec, conversion in parsed:
        pieces.append(literal.replace("{", "{{").replace("}", "}}"))
        if key is None:
            continue
        if not key.isidentifier() or conversion not in (None, "r", "s", "a") \
                or any(mark in spec for mark in "{}'\"\\\n\r"):
            return template.format_map
        pieces.append(f"{{p[k{len(keys)}]{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}")
        keys.append(key)
    source = f"lambda p: f{''.join(pieces)!r}"
    # the source is built above from the parsed template; its field names go in as values, never as code
    return eval(source, {f"k{index}": key for index, key in enumerate(keys)})  # noqa: S307


class DuplicateRuleError(ValueError):
    pass


class RuleRegistry:
    """Rules by code; registering a code (or a dotted name) twice is an error."""

    def __init__(self) -> None:
        self._by_code: dict[str, Rule] = {}
        self._in_order: list[Rule] | None = None  # by code, kept until the next registration

    def register(self, rule: Rule) -> Rule:
        if not CODE_PATTERN.match(rule.code):
            raise ValueError(f"rule code {rule.code!r} must be a capital letter and three digits")
        if rule.code in self._by_code:
            raise DuplicateRuleError(f"rule code {rule.code} registered twice "
                                     f"({self._by_code[rule.code].name} and {rule.name})")
        if any(existing.name == rule.name for existing in self._by_code.values()):
            raise DuplicateRuleError(f"rule name {rule.name} registered twice")
        self._by_code[rule.code] = rule
        self._in_order = None
        return rule

    def rule(self, code: str, name: str, severity: Severity, template: str,
             beyond_engine: bool = True) -> Callable[[CheckFunction], CheckFunction]:
        """Decorator form: `@REGISTRY.rule("R101", "references.x", Severity.ERROR, "...")`."""

        def register(check: CheckFunction) -> CheckFunction:
            self.register(Rule(code, name, severity, template, check, beyond_engine))
            return check

        return register

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.by_code())

    def by_code(self) -> list[Rule]:
        """The rules ordered by code: the same list until the next registration (do not change it)."""
        if self._in_order is None:
            self._in_order = sorted(self._by_code.values(), key=lambda r: r.code)
        return self._in_order

    def __len__(self) -> int:
        return len(self._by_code)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def get(self, code: str) -> Rule | None:
        return self._by_code.get(code)


REGISTRY = RuleRegistry()
rule = REGISTRY.rule
