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


# ---- _scanrows / _rowsweep (round-4 review): private copies, bounded keys and stepping

_SQUARE = [[0, 0], [4, 0], [4, 4], [0, 4]]


def _squares(count: int, step: int = 10) -> tuple[np.ndarray, np.ndarray]:
    """`count` 4 x 4 squares side by side: their coordinates (flat int64) and counts."""
    flat = np.array([[x + step * index, y] for index in range(count) for x, y in _SQUARE], dtype=np.int64).reshape(-1)
    return flat, np.full(count, 4, dtype=np.int64)


@_needs("_scanrows")
@pytest.mark.parametrize("top", [-(2**63), -(2**63) + 1, -(2**62), -(2**40), -(2**31), 2**31, 2**62, 2**63 - 1, 1])
def test_scanrows_build_refuses_a_hostile_top(top: int) -> None:
    # top = INT64_MIN wrapped `bottom - top` into range: build accepted it and wrote wrong keys
    kernel = accelerator("_scanrows")
    flat, counts = _squares(2)
    scanned = np.ones(2, dtype=bool)
    assert kernel.build(flat, counts, scanned, top, 5, 2**31, 100_000) is None
    tables = kernel.build(flat, counts, scanned, 0, 5, 2**31, 100_000)  # the true top: accepted
    assert np.frombuffer(tables[0], dtype=np.int64).tolist() == [0, 0, 1, 1, 2, 2, 3, 3, 5, 5, 6, 6, 7, 7, 8, 8]


@_needs("_scanrows")
@pytest.mark.parametrize("rows, limit, max_rows", [
    (2**62, 2**31, 100_000), (2**63 - 1, 2**31, 100_000), (0, 2**31, 100_000), (-5, 2**31, 100_000),
    (5, 2**62, 100_000), (5, 2**63 - 1, 2**62), (5, -(2**63), 100_000), (5, 2**31, -1), (5, 2**31, 2**31),
    (4, 2**31, 100_000),  # one row short of the squares' five
])
def test_scanrows_build_refuses_hostile_limits(rows: int, limit: int, max_rows: int) -> None:
    kernel = accelerator("_scanrows")
    flat, counts = _squares(2)
    assert kernel.build(flat, counts, np.ones(2, dtype=bool), 0, rows, limit, max_rows) is None


@_needs("_rowsweep")
def test_rowsweep_hands_keys_far_apart_to_numpy() -> None:
    # keys 2**32 polygons apart: the polygon stepping ran ~2**32 times (seconds) before answering
    sweeper = accelerator("_rowsweep")
    x = np.array([0.0, 5.0, 1.0, 6.0, 2.0, 7.0])
    for keys in ([0, 0, 2**32 - 2, 2**32 - 2, 2**32 - 1, 2**32 - 1], [0, 0, 0, 0, 2**62, 2**62]):
        assert sweeper.sweep(np.array(keys, dtype=np.int64), x, 1) is None
    near = sweeper.sweep(np.array([0, 0, 3, 3, 3, 3], dtype=np.int64), x, 1)  # three polygons: swept
    assert near is not None
    for keys, values in (([1, 1, 0, 0, 2, 2], x), ([-1, -1, 0, 0, 0, 0], x),
                         ([0, 0, 0, 0, 0, 0], np.array([0.0, 5.0, float("nan"), 6.0, 2.0, 7.0]))):
        assert sweeper.sweep(np.array(keys, dtype=np.int64), values, 1) is None


@_needs("_scanrows")
@_needs("_rowsweep")
def test_kernels_survive_arrays_another_thread_rewrites() -> None:
    """A second thread flips the caller's arrays between valid and hostile contents while the
    kernels run (they release the GIL): each call must answer (None or a table), never crash.
    Before the private copies, measure read past its coordinates (a count grown to 2**40
    after its check), build wrote past its row counters and sweep into start[-1]."""
    child = _run_child("""
        import sys, threading
        import numpy as np
        from converter.check.accel import accelerator
        scanrows, rowsweep = accelerator("_scanrows"), accelerator("_rowsweep")
        sys.setswitchinterval(1e-6)
        count = 4000
        flat = np.array([[x + 10 * i, y] for i in range(count) for x, y in ((0, 0), (4, 0), (4, 4), (0, 4))],
                        dtype=np.int64).reshape(-1)
        counts = np.full(count, 4, dtype=np.int64)
        scanned = np.ones(count, dtype=bool)
        keys = np.repeat(np.arange(2 * count, dtype=np.int64), 2)
        x = np.tile(np.array([0.0, 5.0]), 2 * count)
        done = threading.Event()

        def flip():  # valid, hostile, valid, ...
            while not done.is_set():
                counts[-1] = 2**40; flat[-1] = 90_000; keys[-4:] = -(2**40)
                counts[-1] = 4; flat[-1] = 4; keys[-4:] = 2 * count - 1

        flipper = threading.Thread(target=flip)
        flipper.start()
        answers = 0
        try:
            for _ in range(150):
                answers += scanrows.measure(flat, counts) is not None
                answers += scanrows.build(flat, counts, scanned, 0, 90_001, 2**31, 100_000) is not None
                answers += rowsweep.sweep(keys, x, 5) is not None
        finally:
            done.set()
            flipper.join()
        print("survived", answers > 0)
    """)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["survived", "True"]
