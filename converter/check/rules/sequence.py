"""S239: the turn sequence's step attributes the engine reads otherwise than they are written
(the steps' players and delegates are R1xx's, steps inside steps S217's)."""

from __future__ import annotations

from converter.check.rule import hit, rule
from converter.check.rules.structure import java_int
from converter.findings import Severity

_STEP_PATH = "gamePlay/sequence/step"


@rule("S239", "structure.step-run-count-ignored", Severity.WARNING,
      "step {name!r} has maxRunCount=\"{value}\": TripleA 2.x ignores a count below 1 and runs the step every time "
      "the sequence reaches it (1.9 refuses to load the game)")
def step_run_count_ignored(context):
    """Finds a step whose `maxRunCount` is 0 or less, which 2.x ignores.

    Why: A step's `maxRunCount` limits how many times it is played in the whole game
    (`maxRunCount="1"` for a bid or set-up step played once). TripleA 2.x keeps the limit only
    when it is above 0: `maxRunCount="0"`, often meant as "never", and `-1` leave the step
    unlimited, so it is played every round, silently. TripleA 1.9 refused to load such a game
    ("maxRunCount must be positive"). A value that is no whole number is S214's.

    Fix: In the game XML's `<sequence>`, give the step a `maxRunCount` of 1 or more, or remove
    the attribute for a step played every round, or the step itself if it is never to be played.
    """
    model = context.model
    table = model.table(_STEP_PATH) if model is not None else ()
    if not len(table):
        return
    counts = table.column("maxRunCount")
    if not any(counts):
        return  # the usual game
    for name, value, line in zip(table.column("name", ""), counts, table.lines):
        number = java_int(value) if value is not None else None
        if number is not None and number < 1:
            yield hit(line=line, name=name, value=value)
