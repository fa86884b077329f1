"""Rule sets for `dday2 replay --rules NAME`: a name -> `ReplayVisitor` subclass.

`none` (consistency only) is always here. A rule set registers itself with
`@register_rules("name")` in its module, and that module is named in `RULE_MODULES`
so the CLI imports it only when asked for. Registering a name twice is an error.
"""

from __future__ import annotations

import importlib

from converter.replay.visitor import ReplayVisitor

RULES: dict[str, type[ReplayVisitor]] = {"none": ReplayVisitor}

# rule set name -> module that registers it (imported lazily)
RULE_MODULES: dict[str, str] = {"dday2": "converter.rulecheck"}


def register_rules(name: str):
    def decorate(cls: type[ReplayVisitor]) -> type[ReplayVisitor]:
        if name in RULES and RULES[name] is not cls:
            raise ValueError(f"rule set {name!r} registered twice")
        if not issubclass(cls, ReplayVisitor):
            raise TypeError(f"{cls.__name__} is not a ReplayVisitor")
        cls.name = name
        RULES[name] = cls
        return cls

    return decorate


def rule_names() -> list[str]:
    return sorted(set(RULES) | set(RULE_MODULES))


def visitor_for(name: str, strict: bool = False) -> ReplayVisitor:
    if name not in RULES and name in RULE_MODULES:
        importlib.import_module(RULE_MODULES[name])
    if name not in RULES:
        raise KeyError(f"unknown rule set {name!r}; known: {', '.join(rule_names())}")
    return RULES[name](strict=strict)
