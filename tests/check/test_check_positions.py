"""The C kernel `_positions` against its Python path (positions.py): the same indices for
strings equal or not, shared or copied, of every width, for None among them, for str and set
wanted; a clear error for anything else."""

from __future__ import annotations

import random

import pytest

from converter.check.accel import accelerator
from converter.check.positions import positions, positions_in_python

KERNEL = accelerator("_positions")
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the C kernel _positions is not built (no compiler?)")

WORDS = ["when", "When", "chance", "chanc", "chance ", "", "é", "ée", "漢字", "😀", "x" * 300, "unitType"]


class Text(str):
    """A str subclass: equal to the str of its text."""


def _values(rng: random.Random, count: int) -> list:
    values = []
    for _ in range(count):
        word = rng.choice(WORDS)
        roll = rng.random()
        # the same text as another object (not the interned one), a subclass, or no str at all
        values.append(None if roll < 0.05 else 7 if roll < 0.08 else Text(word) if roll < 0.12 else
                      "".join(list(word)) if roll < 0.5 else word)
    return values


@needs_kernel
@pytest.mark.parametrize("seed", range(30))
def test_the_kernel_finds_what_python_finds(seed: int) -> None:
    rng = random.Random(seed)
    values = _values(rng, rng.randrange(0, 400))
    for wanted in (rng.choice(WORDS), "".join(list(rng.choice(WORDS))), frozenset(rng.sample(WORDS, 3)),
                   set(rng.sample(WORDS, 2)) | {None}, frozenset()):
        assert KERNEL.positions(values, wanted) == positions_in_python(values, wanted), (seed, wanted)


def test_python_path_answers_by_equality_and_membership() -> None:
    values = ["a", None, "b", Text("a"), "ab", "a"]
    assert positions_in_python(values, "a") == [0, 3, 5]
    assert positions_in_python(values, frozenset({"b", None})) == [1, 2]
    assert positions(values, "a") == [0, 3, 5]


def test_both_paths_refuse_what_is_neither_a_str_nor_a_set() -> None:
    for wanted in ({"a": 1}, {"a": 1}.keys(), ["a"], ("a",)):
        with pytest.raises(TypeError):
            positions_in_python(["a"], wanted)
        with pytest.raises(TypeError):
            positions(["a"], wanted)


@needs_kernel
def test_the_kernel_reads_a_tuple_and_refuses_other_wanted() -> None:
    assert KERNEL.positions(("a", "b", "a"), "a") == [0, 2]
    with pytest.raises(TypeError):
        KERNEL.positions(["a"], ["a"])
    with pytest.raises(TypeError):
        KERNEL.positions(5, "a")
    with pytest.raises(TypeError):  # an unhashable item asked of a set
        KERNEL.positions([["a"]], {"a"})
