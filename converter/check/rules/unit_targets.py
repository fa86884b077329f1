"""S241: a unit's `canNotTarget` and `canNotBeTargetedBy` against the `isSub` and `isSuicide`
given in the same unit attachment, in the order 2.x's setters read them."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them
from converter.findings import Severity

_TARGETS, _NOT_TARGETED = "canNotTarget", "canNotBeTargetedBy"
_RESETS = {"isSub": (_TARGETS, _NOT_TARGETED), "isSuicide": (_TARGETS,)}  # setIsSub, setIsSuicide
_READ = frozenset((_TARGETS, _NOT_TARGETED, *_RESETS))
_REFUSAL = ("Can't use canNotTarget with isSub/isSuicide, replace isSub with individual sub properties or "
            "isSuicide with isSuicideOnAttack/isSuicideOnDefense")


@rule("S241", "structure.unit-targets-order", Severity.ERROR,
      "unit attachment {name!r} on {unit!r}: {problem}")
def unit_targets_order(context):
    """Finds `canNotTarget` given after `isSub` or `isSuicide` true, or before either of them.

    Why: TripleA 2.x sets a unit's options in the order written. Its `canNotTarget` setter
    refuses the game when `isSub` or `isSuicide` is already true in that attachment ("Can't use
    canNotTarget with isSub/isSuicide"), a message that names neither the unit nor the line. And
    setting `isSub` (to any value) empties the `canNotTarget` and `canNotBeTargetedBy` given
    before it, as `isSuicide` empties `canNotTarget`: the lists are silently lost, and the unit
    targets and is targeted as the old submarine and suicide rules say (no air units), a
    warning. TripleA 1.9 had neither option.

    Fix: Replace `isSub` with the sub's own options (`canEvade`, `isFirstStrike`,
    `canMoveThroughEnemies`, `canBeMovedThroughByEnemies`, `canNotTarget`, `canNotBeTargetedBy`)
    and `isSuicide` with `isSuicideOnAttack` or `isSuicideOnDefense`; or give the lists after
    every `isSub` and `isSuicide` line that is false.
    """
    model = context.model
    if model is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _READ)  # found in C: the usual game has none of them
    if not chosen:
        return
    classes, owners = attachment_classes(model), model.option_owners
    chosen = [index for index in chosen if classes[owners[index]] == "UnitAttachment"]
    if not {names[index] for index in chosen} & {_TARGETS, _NOT_TARGETED}:
        return
    values, lines = model.options.column_at("value", chosen, ""), model.options.lines
    table = model.table(ATTACHMENT_PATH)
    attachment_names, targets = table.column("name", ""), table.column("attachTo", "")
    owner, true, given = None, set(), {}  # the attachment read; its switches now true; list -> its line
    for index, value in zip(chosen, values):
        if owners[index] != owner:
            owner, true, given = owners[index], set(), {}
        name, where = names[index], {"name": attachment_names[owner], "unit": targets[owner]}
        if name in _RESETS:
            if value.strip().lower() in ("true", "false"):  # (an empty value is skipped; others are S220's)
                for lost in _RESETS[name]:
                    if lost in given:
                        yield hit(line=lines[index], severity=Severity.WARNING, **where,
                                  problem=f"{name} on this line empties the {lost} given on line "
                                          f"{context.source_lines.start_of(given.pop(lost))}, "
                                          "so TripleA 2.x silently drops that list")
                (true.add if value.strip().lower() == "true" else true.discard)(name)
        elif value:
            if name == _TARGETS and true:
                switch = "isSub" if "isSub" in true else "isSuicide"
                yield hit(line=lines[index], **where,
                          problem=f"canNotTarget comes after {switch} true; TripleA 2.x refuses to load the game "
                                  f"(\"{_REFUSAL}\")")
            else:
                given[name] = lines[index]
