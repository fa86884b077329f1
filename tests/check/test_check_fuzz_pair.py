"""A bounded run of the differential fuzzer (scripts/fuzz_check.py): Hypothesis draws a few
mutants of the small maps from a handful of its mutation kinds; its two workers (C
kernels, DDAY2_PURE=1) must agree, with no traceback, crash, hang or C001 finding."""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.paths import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "scripts"))
import fuzz_check  # noqa: E402

KINDS = ["point_file", "polygon_copy", "points_moved", "map_properties", "image", "extra_image", "xml_tree",
         "xml_bytes", "file_system", "config", "map_yml"]
SEEDS = ["small", "dday2-shaped"]


@pytest.fixture(scope="module")
def fuzzing(tmp_path_factory):
    """The two small seed maps and a started worker pair (stopped after the module)."""
    folder = tmp_path_factory.mktemp("fuzz")
    seeds = fuzz_check.small_seeds(folder / "seeds")
    pair = fuzz_check.Pair(fuzz_check.Worker(False, folder / "c.log", "0"),
                           fuzz_check.Worker(True, folder / "pure.log", "0"))
    yield seeds, pair, folder
    pair.normal.stop()
    pair.pure.stop()


MUTANTS = st.builds(lambda seed, steps: fuzz_check.Mutant(seed, steps), st.sampled_from(SEEDS),
                    st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 2**32 - 1)), min_size=1, max_size=4))


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutant=MUTANTS)
def test_mutants_get_the_same_findings_from_both_paths_and_no_internal_error(fuzzing, mutant) -> None:
    seeds, pair, folder = fuzzing
    target = folder / f"mutant-{len(list(folder.iterdir()))}"
    done = mutant.build(seeds, target)
    found = fuzz_check.verdict(*pair.check(target))
    assert found is None, f"{found[1]} after {done}"
