"""S238: triggers that roll dice for their `chance`, which in a play-by-forum or play-by-email
game are rolled one at a time by the dice server."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule
from converter.check.rules.game_properties import trigger_fires
from converter.check.rules.options import options_of
from converter.check.rules.structure import java_int
from converter.check.loops import loop_copies
from converter.check.spelling2x import attachment_name_as_2x
from converter.findings import Severity

# Fifty rolls are five seconds of the engine's pauses alone, and fifty requests to the dice
# server, each mailed to the players, every time the triggers are tested; fewer go unnoticed.
MANY_ROLLS = 50
_PAUSE_MS = 100  # AbstractTriggerAttachment.testChance
_SHOWN = 3  # attachments named in the message


@rule("S238", "structure.many-chance-rolls", Severity.INFO,
      "{count} triggers roll dice for their chance (such as {examples}): in a play-by-forum "
      "or play-by-email game TripleA waits {pause} ms and asks the dice server for each roll, one at a time")
def many_chance_rolls(context):
    """Finds a game with so many triggers rolling for their `chance` that play by forum drags.

    Why: A trigger with a `chance` such as `1:6` rolls a die each time it is tested with its
    conditions met (a chance of `0:6`, `6:6` or `1:1` rolls none; a condition may not have a chance
    in 2.x, which S208 reports). In a play-by-forum or play-by-email game every roll goes to the
    dice server as its own request, which mails it to the players, and TripleA 2.x first waits 100
    ms (its source says these pauses are there because maps with thousands of chance triggers made
    the dice server lock up or fail). So a game with hundreds of them makes each turn wait minutes
    and fills the players' mailboxes with single rolls; live and single-player games are not slowed.
    The finding counts the triggers (a `foreach` loop's each) whose chance rolls, when there are at
    least fifty and they can fire: when `Use Triggers` is true or editable, or those a user action
    fires.

    Fix: Nothing needs fixing for live play. For play by forum, give fewer triggers a chance
    (one trigger with a chance can fire several others by `activateTrigger`), or say in the
    game notes that the game is slow to play by forum.
    """
    model = context.model
    if model is None:
        return
    rolling = _rolling(model)
    if rolling:
        fires = trigger_fires(model)
        rolling = [each for each in rolling if fires(each[1])]
    count = sum(copies for _line, _name, copies in rolling)
    if count < MANY_ROLLS:
        return
    rolling.sort(key=lambda each: each[0] or 0)
    examples = ", ".join(map(repr, list(dict.fromkeys(name for _line, name, _copies in rolling))[:_SHOWN]))
    yield hit(line=rolling[0][0], count=count, examples=examples, pause=_PAUSE_MS)


def _rolling(model) -> list[tuple[int | None, str, int]]:
    """(line, name as 2.x reads it, attachments it makes) of each trigger whose `chance` rolls
    a die: `hit:sides` with 0 < hit < sides (the engine passes the others by unrolled)."""
    chosen = options_of(model, "chance", "TriggerAttachment")
    if not chosen:
        return []
    options = model.options
    elements = {}
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        parts = value.split(":")
        hit_target, sides = (java_int(parts[0]), java_int(parts[1])) if len(parts) > 1 else (None, None)
        if hit_target is not None and sides is not None and 0 < hit_target < sides:
            elements[model.option_owners[index]] = options.lines[index]  # the last chance option counts
    table = model.table(ATTACHMENT_PATH)
    names, loops = table.column("name", ""), table.column("foreach", "")
    return [(line, attachment_name_as_2x(names[element]), loop_copies(loops[element], model.variables))
            for element, line in elements.items()]

