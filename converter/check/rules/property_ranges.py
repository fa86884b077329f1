"""S235: the range the players may set an editable whole-number game property within, as
TripleA 2.x builds it (GameParser.parseProperties), against the property's own value."""

from __future__ import annotations

from converter.check.rule import hit, rule
from converter.check.rules.structure import java_int
from converter.findings import Severity


@rule("S235", "structure.number-property-out-of-range", Severity.ERROR,
      "editable game property {name!r} has value {value}{problem}: TripleA refuses to load the game",
      beyond_engine=False)
def number_property_out_of_range(context):
    """Finds an editable game property whose whole-number value is outside its `min`..`max`.

    Why: TripleA 2.x makes an `editable="true"` property whose value is a whole number a number
    the players can set within a range: the property's own `min` and `max` attributes, else
    those of its `<number>`, else no bound. A value outside the range, or a `max` below the
    `min`, stops the game loading ("Default value out of range"), with no word of which
    property. TripleA 1.9 refused it too; it read only the `<number>`'s range, and refused a
    `<number>` without both `min` and `max`. A fixed property's range is never read.

    Fix: In the game XML's `<propertyList>`, give the property a value within its range, or
    widen the range.
    """
    model = context.model
    table = model.table("propertyList/property") if model is not None else ()
    if not len(table) or not any(prop.editable for prop in model.properties):
        return
    own_ranges = zip(table.column("min"), table.column("max"))
    for prop, (own_min, own_max) in zip(model.properties, own_ranges):
        value = _whole_as_2x_infers(prop.value) if prop.editable else None
        if value is None:
            continue  # a fixed one, or 2.x makes it true/false or text
        number = prop.value_type == "number"
        bounds = [own if own is not None else nested if number else None
                  for own, nested in ((own_min, prop.minimum), (own_max, prop.maximum))]
        if any(bound is not None and java_int(bound) is None for bound in bounds):
            continue  # a min or max that is no whole number: S214's
        low, high = (None if bound is None else java_int(bound) for bound in bounds)
        if low is not None and high is not None and high < low:
            problem = f", but its max {high} is below its min {low}"
        elif low is not None and value < low or high is not None and value > high:
            problem = f" outside its range {_bound(low)}..{_bound(high)}"
        else:
            continue
        yield hit(line=prop.line, name=prop.name, value=prop.value, problem=problem)


def _whole_as_2x_infers(text: str) -> int | None:
    """The value as 2.x's PropertyValueTypeInference reads a number (Guava's Ints.tryParse: a
    leading minus only), else None."""
    return None if text.startswith("+") else java_int(text)


def _bound(value: int | None) -> str:
    return "" if value is None else str(value)
