"""S236: an attachment's `foreach` loop over 2.x's variables (`<variableList>`) that 2.x refuses
(`loops`); the model leaves such a loop as written. S242: a game whose loops the check leaves as
written, as too large to expand."""

from __future__ import annotations

from converter.check.loops import loop_refusal
from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule
from converter.check.suggest import closest_name
from converter.findings import Severity


@rule("S236", "structure.bad-foreach", Severity.ERROR,
      "attachment {name!r} has foreach=\"{foreach}\" {problem}, and TripleA 2.x refuses to load the game{suggestion}",
      beyond_engine=False)
def bad_foreach(context):
    """Finds an attachment whose `foreach` names no variable, or loops over variables of unequal lengths.

    Why: TripleA 2.x makes an attachment with `foreach="$A$:$B$"` once per element of the
    variables `A` and `B` of the `<variableList>`, taken side by side (and with `^`, once per
    pair of elements of the groups on either side). It refuses the game where a name there is
    not a declared variable written `$name$` ("Attachment has invalid variables in foreach"),
    where the variables of one group have different numbers of elements ("must have same number
    of elements"), or where `^` appears more than once; its message names the loop but not the
    attachment or its line. TripleA 1.9 read no variables.

    Fix: Write each variable of the loop as `$name$` with a `<variable name="name">` of the
    game's `<variableList>`, give the variables of one group as many elements each, and use at
    most one `^`.
    """
    model = context.model
    table = model.table(ATTACHMENT_PATH) if model is not None else ()
    loops = table.column("foreach") if len(table) else ()
    if not any(loops):
        return
    variables = {f"${name}$": values for name, values in model.variables.items()}
    names, lines = table.column("name", ""), table.lines
    for index, foreach in enumerate(loops):
        if foreach and foreach.strip():
            refused = loop_refusal(foreach, variables)
            if refused:
                problem, part = refused
                close = closest_name(part, frozenset(variables)) if part and part.strip() else None
                yield hit(line=lines[index], name=names[index], foreach=foreach, problem=problem,
                          suggestion=f"; did you mean {close!r}?" if close else "")


@rule("S242", "structure.loops-not-expanded", Severity.INFO,
      "the game's foreach loops {why}: the check reads them as written, so it does not judge each copy")
def loops_not_expanded(context):
    """Finds a game whose `foreach` loops and variables are too large for the check to expand.

    Why: The check judges a loop as the attachments TripleA 2.x makes of it, one per combination
    of its variables' elements, with `$variables$` in option values replaced by their elements.
    A game whose loops would make more than a million attachments and options, or whose
    replacing would write more than 64 million characters, is read as written instead, to keep
    the check's time and memory bounded: names and values holding variables are then not
    checked, and 2.x itself may take minutes or run out of memory loading the game.

    Fix: Nothing needs fixing when the game loads in TripleA 2.x. Otherwise loop over fewer
    elements (split a `^` loop into smaller ones), or name long lists of elements fewer times.
    """
    model = context.model
    if model is not None and model.loops_unexpanded:
        table = model.table(ATTACHMENT_PATH)
        first = next((line for line, foreach in zip(table.lines, table.column("foreach", "")) if foreach.strip()), None)
        yield hit(line=first, why=model.loops_unexpanded)
