"""Hostile calls into the C kernels (found by the round-3 safety review): each must end in a
Python exception or lxml's own answer, never in a crash. A call that crashed before its fix
runs in a child process, so a regression fails this test instead of killing the suite."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from lxml import etree

from converter.check import columns
from converter.check.accel import accelerator
from converter.paths import REPO_ROOT


def _run_child(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=120)


def _needs(name: str):
    return pytest.mark.skipif(accelerator(name) is None, reason=f"{name} is not built (python3 setup.py "
                              "build_ext --inplace) or DDAY2_PURE is set")


@_needs("_pointtext")
def test_pointtext_refuses_a_class_it_cannot_instantiate() -> None:
    # list_iterator has no tp_new: the reader called through the NULL slot (SIGSEGV)
    child = _run_child("""
        from converter.check.accel import accelerator
        kernel = accelerator("_pointtext")
        for call in (lambda: kernel.read_points(b"a (1,2)\\n", False, type(iter([]))),
                     lambda: kernel.read_polygons(b"a < (0,0) (1,0) (1,1) >\\n", type(iter([])), type(iter(())),
                                                  lambda data, count: data)):
            try:
                call()
            except TypeError:
                print("refused")
    """)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["refused", "refused"]


@_needs("_columns")
def test_columns_bind_takes_only_lxml_elements() -> None:
    # bind(dict) let column() read a dict's fields as lxml's node pointer (SIGSEGV)
    child = _run_child("""
        from lxml import etree
        from converter.check import columns
        kernel = columns._kernel()
        for wrong in (dict, type("Sub", (etree.ElementBase,), {}), object(), etree._Comment):
            try:
                kernel.bind(wrong)
            except TypeError:
                print("refused")
        kernel.bind(etree._Element)
        print(kernel.column([{}], b"x"), kernel.column([etree.fromstring(b'<a x="1"/>')], b"x"))
    """)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split("\n")[:5] == ["refused"] * 4 + ["None ['1']"]


@pytest.mark.skipif(columns._kernel() is None, reason="_columns is not built or DDAY2_PURE is set")
@pytest.mark.parametrize("name", ["a\x01", "x\x1f", "\x7f", "x\ty", "a\nb"])
def test_columns_control_characters_as_lxml(name: str) -> None:
    """lxml refuses such a name (ValueError); the kernel answered [None, ...] for it."""
    elements = list(etree.fromstring(b'<r><b x="1"/><b/></r>'))
    try:
        expected = [element.get(name) for element in elements]
    except ValueError as error:
        with pytest.raises(ValueError, match=str(error)[:20]):
            columns.read_column(elements, name)
    else:
        assert columns.read_column(elements, name) == expected


@_needs("_outlines")
def test_outlines_squared_hostile_runs_answer_none_or_numpy() -> None:
    kernel = accelerator("_outlines")
    square = np.array([[0, 0], [4, 0], [4, 4], [0, 4]], dtype=np.int64)
    points = np.array([[9, 9]], dtype=np.int64)
    cases = [  # sizes, firsts, counts
        ([4], [0], [2]), ([4], [-1], [1]), ([4], [0], [-1]), ([5], [0], [1]),
        ([0, 4], [0], [1]), ([2**62, 4], [0], [1]), ([-(2**63)], [0], [1]), ([4], [2**63 - 1], [2**63 - 1]),
    ]
    for sizes, firsts, counts in cases:
        found = kernel.squared(points, square, *(np.array(values, dtype=np.int64) for values in (sizes, firsts, counts)))
        assert found is None, (sizes, firsts, counts)
    found = kernel.squared(points, square, np.array([4], dtype=np.int64), np.array([0], dtype=np.int64),
                           np.array([1], dtype=np.int64))
    assert np.frombuffer(found, dtype=np.float64).tolist() == [50.0]  # to the corner (4, 4)
    empty = kernel.squared(points, square, np.array([4], dtype=np.int64), np.array([1], dtype=np.int64),
                           np.array([0], dtype=np.int64))
    assert np.frombuffer(empty, dtype=np.float64).tolist() == [float("inf")]
