"""S260: the battle support rules (UnitSupportAttachment) a battle cannot weigh: one that gives
support and says of no bonus type which supports it shares a count with."""

from __future__ import annotations

from converter.check.positions import positions
from converter.check.rule import hit, rule
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them
from converter.findings import Severity

_SUPPORT = "UnitSupportAttachment"
_PREFIX = "supportAttachment"  # the engines gather support rules by this start of their name
# what a rule needs to give support at all (UnitSupportAttachment's getters: none, no support)
_GIVING = frozenset(("unitType", "players", "side", "faction"))
_READ = _GIVING | {"bonusType"}


@rule("S260", "structure.support-without-bonus-type", Severity.ERROR,
      "support rule {name!r} of {unit!r} gives support but has no 'bonusType': TripleA 2.x stops with a "
      "NullPointerException at the first battle (or odds calculation) it supports in")
def support_without_bonus_type(context):
    """Finds a battle support rule that gives support without a `bonusType`.

    Why: A UnitSupportAttachment (`supportAttachment…`) that names the units it supports
    (`unitType`), the players it works for (`players`), its `side` and `faction` gives support in
    battle, and TripleA 2.x counts each support by its `bonusType` (how many supports of that
    kind a unit may take): without one, the first battle in which the rule gives support, and
    the odds calculator, stop with a NullPointerException (AvailableSupports). TripleA 1.9 plays
    one such rule, but fails where two meet in a battle, and both engines refuse to load a game
    whose old `artillery` options come after such a rule. The game loads without a word
    otherwise. A rule missing one of those four options gives no support, and is not reported.

    Fix: Give the rule a bonus type, `<option name="bonusType" value="1:artillery"/>` (the count
    of supports of that kind a unit takes, and a name the rules sharing it have in common).
    """
    model = context.model
    if model is None or model.loops_left:
        return
    names = names_as_2x_reads_them(model)
    chosen = positions(names, _READ)
    if not chosen:
        return
    classes, owners = attachment_classes(model), model.option_owners
    given: dict[int, set[str]] = {}
    for index in chosen:
        if classes[owners[index]] == _SUPPORT:
            given.setdefault(owners[index], set()).add(names[index])
    attachments = model.attachments
    for element, options in given.items():
        attachment = attachments[element]
        if attachment.name.startswith(_PREFIX) and _GIVING <= options and "bonusType" not in options:
            yield hit(line=attachment.line, name=attachment.name, unit=attachment.attach_to)
