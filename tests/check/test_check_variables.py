"""2.x's `<variableList>` as its GameDataVariables.parse reads it: an element naming an earlier
variable stands for that one's elements; a hostile nesting cannot blow up the check."""

from __future__ import annotations

from lxml import etree

from converter.check.loops import MAX_VARIABLE_VALUES
from converter.check.model import GameModel


def _variables(xml: str) -> dict[str, list[str]]:
    return GameModel(etree.fromstring(f"<game><variableList>{xml}</variableList></game>")).variables


def _variable(name: str, *elements: str) -> str:
    return f'<variable name="{name}">' + "".join(f'<element name="{each}"/>' for each in elements) + "</variable>"


def test_nested_variables_flatten_in_order() -> None:
    found = _variables(_variable("A", "a1", "a2") + _variable("B", "$A$", "b") + _variable("C", "$B$", "$D$", "A")
                       + _variable("D", "d"))
    assert found == {"A": ["a1", "a2"], "B": ["a1", "a2", "b"], "C": ["a1", "a2", "b", "$D$", "A"], "D": ["d"]}


def test_an_element_is_looked_up_again_when_used() -> None:
    """2.x stores `$Y$` as written when Y comes later, and looks it up again where a later
    variable names the one holding it."""
    found = _variables(_variable("X", "$Y$") + _variable("Y", "y") + _variable("Z", "$X$"))
    assert found["X"] == ["$Y$"] and found["Z"] == ["y"]


def test_doubling_at_every_level_is_capped() -> None:
    levels = [_variable("V0", "x", "x")] + [_variable(f"V{n}", f"$V{n - 1}$", f"$V{n - 1}$") for n in range(1, 40)]
    found = _variables("".join(levels))
    assert len(found["V39"]) == MAX_VARIABLE_VALUES and set(found["V39"]) == {"x"}


def test_a_variable_naming_itself_again_stops() -> None:
    found = _variables(_variable("S", "s") + _variable("S", "$S$", "t") + _variable("T", "$S$"))
    assert found == {"S": ["s", "t"], "T": ["s", "t"]}
