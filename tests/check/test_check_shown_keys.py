"""The notifications a map's triggers show, where another game's trigger keeps a loop's variable
in its key (siblings are read without their loops): `Start_@All-Players@` stands for every key
it can become, so M329 and M314 do not call an entry it shows unseen, nor give up on all of them."""

from __future__ import annotations

from converter.check.rules.messages import ShownKeys


def test_a_key_with_a_variable_stands_for_every_key_it_can_become() -> None:
    shown = ShownKeys(frozenset({"Start_@All-Players@", "Axis_Win", "Round$N$Intro"}))
    assert "Start_Germans" in shown and "Start_Russians" in shown
    assert "Round12Intro" in shown and "Axis_Win" in shown
    assert "Start_" not in shown  # a variable stands for some text, not for none
    assert "Arctic_Spring" not in shown and "Axis_Wins" not in shown


def test_a_key_with_regex_characters_is_matched_as_written() -> None:
    shown = ShownKeys(frozenset({"a.b_@X@", "(c)"}))
    assert "a.b_1" in shown and "(c)" in shown
    assert "aXb_1" not in shown  # the dot is a dot
