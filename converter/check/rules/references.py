"""R1xx: every name the game XML uses is declared (the engine stops at the first such error;
we report them all, with lines)."""

from __future__ import annotations

from converter.check.model import (DELEGATE, FRONTIER, JAVA_CLASS_TAGS, PLAYER, RELATIONSHIP, REPAIR_FRONTIER,
                                   REPAIR_RULE, RESOURCE, RULE, TECHNOLOGY, TERRITORY, TERRITORY_EFFECT, UNIT,
                                   UNIT_OR_RESOURCE)
from converter.check.rule import hit, rule
from converter.findings import Severity

_TEMPLATE = "<{element} {attribute}=\"{value}\"> names an undefined {kind}"


def _undefined(context, *kinds: str):
    model = context.model
    if model is None:
        return
    for group, value, line in model.derived("references.undefined", _unresolved):
        if group.kind in kinds:
            where = {"territory": value} if group.kind == TERRITORY else \
                {"player": value} if group.kind == PLAYER else {}
            yield hit(line=line, element=group.element, attribute=group.attribute, value=value, kind=group.kind,
                      **where)


def _unresolved(model) -> list[tuple]:
    """(group, value, line) of every reference to a declared kind naming nothing declared;
    found once for the rules R101-R108."""
    found = []
    for group in model.reference_groups:
        if group.kind == UNIT_OR_RESOURCE:
            continue  # R109
        declared = model.names(group.kind)
        if declared.issuperset(group.values):
            continue  # the usual case, settled in C; else find which values and where
        found += [(group, value, line) for value, line in zip(group.values, group.lines)
                  if value and value not in declared]
    return found


@rule("R101", "references.undefined-territory", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_territory(context):
    model = context.model
    if model is not None and model.has_grid:
        return  # grid maps generate territory names the XML does not list
    yield from _undefined(context, TERRITORY)


@rule("R102", "references.undefined-player", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_player(context):
    yield from _undefined(context, PLAYER)


@rule("R103", "references.undefined-unit-type", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_unit_type(context):
    yield from _undefined(context, UNIT)


@rule("R104", "references.undefined-resource", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_resource(context):
    yield from _undefined(context, RESOURCE)


@rule("R105", "references.undefined-production-rule", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_production_rule(context):
    yield from _undefined(context, RULE, REPAIR_RULE)


@rule("R106", "references.undefined-frontier", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_frontier(context):
    yield from _undefined(context, FRONTIER, REPAIR_FRONTIER)


@rule("R107", "references.undefined-delegate", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_delegate(context):
    yield from _undefined(context, DELEGATE)


@rule("R108", "references.undefined-other", Severity.ERROR, _TEMPLATE, beyond_engine=False)
def undefined_other(context):
    """Relationship types, territory effects, technologies."""
    model = context.model
    if model is None:
        return
    for finding in _undefined(context, RELATIONSHIP, TERRITORY_EFFECT, TECHNOLOGY):
        params = dict(finding.params)
        # technologies may also be the engine's built-in advances, which the XML does not list
        if params["kind"] == TECHNOLOGY and not model.names(TECHNOLOGY):
            continue
        yield finding


@rule("R109", "references.undefined-result", Severity.ERROR,
      "<{element} resourceOrUnit=\"{value}\"> names neither a unit type nor a resource", beyond_engine=False)
def undefined_result(context):
    model = context.model
    if model is None:
        return
    known = model.names(UNIT) | model.names(RESOURCE)
    for group in model.reference_groups:
        if group.kind == UNIT_OR_RESOURCE and not known.issuperset(group.values):
            for value, line in zip(group.values, group.lines):
                if value and value not in known:
                    yield hit(line=line, element=group.element, value=value)


@rule("R110", "references.unknown-java-class", Severity.ERROR,
      "<{element} javaClass=\"{java_class}\"> is not a class of the installed engine")
def unknown_java_class(context):
    model = context.model
    if model is None or not context.engine.known_classes:
        return
    for tag in JAVA_CLASS_TAGS:
        table = model.anywhere(tag)
        classes = table.column("javaClass", "")
        unknown = {java_class for java_class in set(classes)  # each class judged once
                   if java_class and not context.engine.class_exists(java_class)}
        for index, java_class in enumerate(classes) if unknown else ():
            if java_class in unknown:
                yield hit(line=table.lines[index], element=tag, java_class=java_class)
