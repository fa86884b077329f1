"""S236: an attachment's `foreach` loop over 2.x's variables (`<variableList>`), as
GameDataVariables.expandVariableCombinations reads it before the attachment is made."""

from __future__ import annotations

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
            refused = _refused(foreach, variables)
            if refused:
                yield hit(line=lines[index], name=names[index], foreach=foreach, problem=refused[0],
                          suggestion=refused[1])


def _refused(foreach: str, variables: dict[str, list[str]]) -> tuple[str, str] | None:
    """Why 2.x refuses the loop, with a suggestion, or None (Guava's Splitter: empty parts kept)."""
    groups = foreach.split("^")
    if len(groups) > 2:
        return "with more than one '^'", ""
    for group in groups:
        parts = group.split(":")
        for part in parts:
            if part not in variables:
                close = closest_name(part, frozenset(variables)) if part.strip() else None
                return (f"where {part!r} is no variable of the <variableList> (written $name$)",
                        f"; did you mean {close!r}?" if close else "")
        sizes = {len(variables[part]) for part in parts}
        if len(sizes) > 1:
            shown = ", ".join(f"{part} {len(variables[part])}" for part in dict.fromkeys(parts))
            return f"whose variables joined by ':' have different numbers of elements ({shown})", ""
    return None


def loop_copies(foreach: str, variables: dict[str, list[str]]) -> int:
    """How many attachments one <attachment> makes (S238 counts them): one per element of its
    `foreach` loop's first variable, times those of the group after `^` (GameDataVariables); a
    loop S236 refuses counts what its known variables give."""
    if not foreach.strip():
        return 1
    copies = 1
    for loop in foreach.split("^")[:2]:  # more than one `^` is refused (S236)
        copies *= len(variables.get(loop.split(":")[0].strip().strip("$"), ()))
    return copies
