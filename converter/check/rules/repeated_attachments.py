"""S202: an attachment defined again, the same name on the same thing, where TripleA keeps only
the last definition (and the conditions read between the two keep the first)."""

from __future__ import annotations

from converter.check.builtin_tables import sets_a_default
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.findings import Severity


@rule("S202", "structure.duplicate-attachment", Severity.WARNING,
      "attachment {name!r} on {attach_to!r} is defined again (first on line {first}); the last silently wins{lost}")
def duplicate_attachment(context):
    """Finds an attachment defined twice: the same name, on the same thing, with the same type.

    Why: TripleA silently keeps only the last definition (NamedAttachable.addAttachment): it
    replaces the earlier one whole, so options that only the earlier one set (a unit's `attack`,
    say) are lost too, not just the repeated ones; the message names them, or those the last one
    sets otherwise (a trigger's `placement` of infantry replaced by one of armour). Where the last
    definition sets every option the earlier one did, to the same values, or the earlier one's lost
    or replaced options only set their defaults (a territory's `production=0`, a technology's
    `false`), nothing is lost and the finding is info. The copies a `foreach` makes of one pair of
    elements are one finding, as are those one `foreach` element makes under one name (a name
    following none of its variables, such as a misspelt `@Side@`). A condition defined again keeps
    its earlier definition for the `conditions` options read between the two (2.x binds a condition
    as it reads its name): the message names their lines, and where others read the later one after
    it (define, use, define again, use) each use gets the definition above it, as meant: info. A
    territory the later definition makes impassable, that no one owns, loses nothing in play (its
    production goes to no one): info. Attachments of the same name on different things are fine.

    Fix: Merge the two `<attachment>` elements in the game XML's `<attachmentList>` into one that
    holds every option meant, and delete the other.
    """
    model = context.model
    if model is None:
        return
    start_of = context.source_lines.start_of  # where the earlier element's start tag opens, for the message
    # (name, target, type) -> the first definition's line, the last definition's element and line
    earlier: dict[tuple[str, str, str], tuple[int | None, int, int | None]] = {}
    options_of: dict[int, dict[str, list]] | None = None  # per <attachment> element, once there is a repeat
    repeats: dict[tuple, list] = {}  # (line, first line) -> its findings: a `foreach` repeats a pair of elements
    for name, attach_to, java_class, attach_type, line, element in model.attachments:
        key = (name, attach_to, attach_type)
        if key in earlier:
            first_line, replaced, replaced_line = earlier[key]
            whose = "the earlier one's" if replaced_line == first_line else f"line {start_of(replaced_line)}'s"
            if options_of is None:
                options_of = _options_by_element(model)
            before, after = options_of.get(replaced, {}), options_of.get(element, {})
            lost = [option for option in before if option not in after]
            changed = [option for option in before if option in after and before[option] != after[option]]
            short_class = java_class.rsplit(".", 1)[-1]
            replaced_options = [option for option in before if option in lost or option in changed]
            defaults = all(sets_a_default(short_class, option, value) for option in replaced_options
                           for value, _count in before[option])
            if defaults and replaced_options:
                outcome, severity = (f", and {whose} {_named_options(replaced_options)} only "
                                     "the default: nothing is lost"), Severity.INFO
            elif lost:
                outcome, severity = f", and {whose} {_named_options(lost)} lost", None
            elif changed:
                outcome, severity = f", and {whose} {_named_options(changed)} set otherwise", None
            else:
                outcome, severity = " (it sets every option the earlier one did, alike: nothing is lost)", Severity.INFO
            if severity is None and short_class == "TerritoryAttachment" and attach_to not in _owned(model) and \
                    any(value.strip().lower() == "true" for value, _count in after.get("isImpassable", ())):
                # made impassable, and no one owns it: what it gave (production) no one collects
                outcome += " (but it makes the territory impassable, and no one owns it: nothing is lost in play)"
                severity = Severity.INFO
            if short_class == "RulesAttachment":
                note, both_read = _bound_between(model, name, replaced_line, line, start_of)
                outcome += note
                if both_read and severity is None:  # define, use, define again, use: each use gets the one above
                    severity = Severity.INFO
            repeats.setdefault((line, first_line), []).append(
                dict(line=line, name=name, attach_to=attach_to, first=start_of(first_line), lost=outcome,
                     **({"severity": severity} if severity else {})))
            earlier[key] = (first_line, element, line)
        else:
            earlier[key] = (line, element, line)
    looped = None  # the lines of the `foreach` attachments as written, read at the first repeat on one line
    for (line, first_line), found in repeats.items():
        if line == first_line and line in (looped := looped if looped is not None else _looped_lines(context)):
            # one element's loop makes them all: its name follows none of its variables
            worst = _worst(found)
            worst["lost"] = (f": its `foreach` makes {len(found) + 1} attachments of this one name (the name follows "
                             "none of the loop's variables), so only the last copy is kept")
            yield hit(**worst)
            continue
        if len(found) > 1:  # one finding for the pair of elements, with the worst case first
            worst = _worst(found)
            more = len(found) - 1
            worst["lost"] += (f"; so {'is' if more == 1 else 'are'} {more} more attachment{'s' * (more > 1)} these two "
                              "elements make (a `foreach`)")
            found = [worst]
        yield hit(**found[0])


def _bound_between(model, name: str, first: int | None, last: int | None, start_of) -> tuple[str, bool]:
    """The note on the `conditions` options naming condition `name` between its two definitions:
    2.x binds a condition as it reads its name (AbstractConditionsAttachment.setConditions), so
    those keep the earlier definition ("" without any); and whether others read the later one.
    `start_of` gives the line a start tag opens on, for the lines named."""
    if first is None or last is None:
        return "", False
    reads = model.derived("structure.condition_reads", _condition_reads)
    between = [f"line {start_of(line)}" for line, names in reads if first < line < last and name in names]
    if not between:
        return "", False
    after = [f"line {start_of(line)}" for line, names in reads if line > last and name in names]
    if after:  # each reader gets the definition above it: both are used, as meant
        return f"; but the conditions read between the two ({some_of(between, 3)}) keep the earlier one, and those " \
               f"after ({some_of(after, 3)}) get this one: 2.x binds a condition as it reads its name, so each " \
               "use gets the definition above it", True
    return f"; but the conditions read between the two ({some_of(between, 3)}) keep the earlier one: 2.x binds a " \
           "condition as it reads its name", False


def _owned(model) -> frozenset[str]:
    """The territories a `<territoryOwner>` gives an owner at the start."""
    return model.derived("structure.owned", lambda model: frozenset(
        model.table("initialize/ownerInitialize/territoryOwner").column("territory", "")))


def _condition_reads(model) -> list[tuple[int, frozenset[str]]]:
    """(line, the names it lists) of every `conditions` option, in document order."""
    chosen = positions(model.option_names, "conditions")
    lines = model.options.lines
    return [(lines[index], frozenset(part.strip() for part in value.split(":")))
            for index, value in zip(chosen, model.options.column_at("value", chosen, "")) if lines[index] is not None]


_SEVERITY_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)


def _worst(found: list[dict]) -> dict:
    """The hit parameters of the most severe of these findings (the rule's own severity, warning, when unset)."""
    return min(found, key=lambda each: _SEVERITY_ORDER.index(each.get("severity", Severity.WARNING)))


def _looped_lines(context) -> set[int | None]:
    """The lines of the game's `foreach` attachments as written (the model holds their copies)."""
    tree = context.tree
    return {element.sourceline for element in tree.getroot().iterfind("attachmentList/attachment")
            if element.get("foreach")} if tree is not None else set()


def _options_by_element(model) -> dict[int, dict[str, list]]:
    """<attachment> element -> its option names, each with its sorted (value, count) pairs."""
    found: dict[int, dict[str, list]] = {}
    options = model.options
    for owner, option, value, given in zip(model.option_owners, model.option_names, options.column("value", ""),
                                           options.column("count", "")):
        found.setdefault(owner, {}).setdefault(option, []).append((value, given))
    for named in found.values():
        for pairs in named.values():
            pairs.sort()
    return found


def _named_options(names: list[str]) -> str:
    """`option 'a' is`, `options 'a' and 'b' are`, `options 'a', 'b' and 3 more are`."""
    if len(names) == 1:
        return f"option {names[0]!r} is"
    shown, last = (names[:2], f"{len(names) - 2} more") if len(names) > 3 else (names[:-1], repr(names[-1]))
    return f"options {', '.join(map(repr, shown))} and {last} are"
