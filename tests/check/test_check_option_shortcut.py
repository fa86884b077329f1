"""R111's shortcut (`_all_declared`, which settles a group of values at once) never passes a
value that the value-by-value reading (`_undefined`) finds an undeclared name in; and it does
settle the usual values of every format it can, so the value-by-value reading stays rare."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check.option_formats import KINDS, OPTION_FORMATS
from converter.check.rules.option_references import _all_declared, _name_fields, _undefined

_DECLARED = {kind: frozenset({f"{kind[:4]}A", f"{kind[:4]}B", "Shared", "any", "ALL"}) for kind in KINDS.values()}


class _Declared:
    def __init__(self, unchecked: frozenset[str] = frozenset()):
        self._unchecked = unchecked

    def of(self, kind: str) -> frozenset[str] | None:
        return None if kind in self._unchecked else _DECLARED[kind]


def _words(value_format) -> list[str]:
    return sorted(value_format.keywords | value_format.stop | value_format.whole
                  | frozenset().union(*value_format.field_words))


def _parts(value_format) -> st.SearchStrategy[str]:
    names = sorted(set().union(*_DECLARED.values()))
    odd = ["", " ", "Ghost", "shared", "-Shared", "-Ghost", "3", "-1", "007", "true", "False", "x"]
    words = _words(value_format)
    return st.sampled_from(names + odd + words + [word.upper() for word in words] + [f"-{w}" for w in names])


FORMATS = sorted(OPTION_FORMATS.items())


@pytest.mark.parametrize("key", [key for key, _ in FORMATS], ids="/".join)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_shortcut_passes_nothing_undefined(key, data) -> None:
    value_format = OPTION_FORMATS[key]
    parts = _parts(value_format)
    values = data.draw(st.lists(st.lists(parts, min_size=1, max_size=6).map(":".join), min_size=1, max_size=8))
    unchecked = data.draw(st.sets(st.sampled_from(sorted(_DECLARED)), max_size=2))
    declared = _Declared(frozenset(unchecked))
    if _all_declared(value_format, values, declared):
        assert [value for value in values if _undefined(value_format, value, declared)] == []


def _usual_value(value_format, index: int) -> str:
    """A value in the format's shape whose names are all declared: a number, `true` or a word
    where the setter reads those."""
    shown = []
    for field in value_format.fields:
        kind = field.rstrip("?*")
        shown.append("2" if kind == "int" else "true" if kind == "bool" else "x" if kind == "text"
                     else f"{KINDS[kind][:4]}{'AB'[index % 2]}")
    return ":".join(shown) if value_format.split else shown[0]


@pytest.mark.parametrize("key", [key for key, value_format in FORMATS if _name_fields(value_format) is not None],
                         ids="/".join)
def test_shortcut_settles_the_usual_values(key) -> None:
    value_format = OPTION_FORMATS[key]
    values = [_usual_value(value_format, index) for index in range(4)]
    assert all(not _undefined(value_format, value, _Declared()) for value in values)
    assert _all_declared(value_format, values, _Declared())
    if value_format.fields[-1].rstrip("?*") in KINDS:  # and one undeclared name makes it read them one by one
        ghost = ":".join([*values[0].split(":")[:-1], "Ghost"]) if value_format.split else "Ghost"
        assert _undefined(value_format, ghost, _Declared())
        assert not _all_declared(value_format, [*values, ghost], _Declared())
