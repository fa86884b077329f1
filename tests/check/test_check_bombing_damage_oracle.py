"""The real engine as oracle for the bombing states I409 reads from a unit's options: for each of
its bombing rule cases, TripleA 1.9 parses the game, makes the unit and says how much damage it
can take in its territory, whether that much kills it, and at which amounts it is disabled.
The unit is drawn damaged when some amount leaves it alive, and disabled when such an amount
disables it; I409's states must be those. (The cases' unit is made an air unit for 1.9, which
refuses a land strategic bomber that 2.x takes; that changes nothing about damage.)"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import UNIT
from converter.check.context import CheckContext
from converter.check.inputs import resolve
from converter.check.rules.damaged_unit_images import _damage_images
from test_check_rule_cases import _load_cases, build_case

# the cases in which bombing can damage the unit (the property on, and a bomber or rocket): the
# engine's damage limits decide the rest (`bombing-damage-when-captured` is not asked: 1.9 does
# not know 2.x's `whenCapturedSustainsDamage`)
_CASE_IDS = {f"images-{name}" for name in (
    "bombing-damaged-unit-without-its-images", "bombing-damaged-unit-with-its-images",
    "bombing-damaged-unit-missing-only-its-disabled-image", "bombing-damage-kills-at-its-first-point",
    "bombing-damage-never-past-operational", "bombing-damage-to-an-old-style-factory",
    "bombing-damage-to-a-producer-limited-by-its-territory")}
BOMBING_CASES = [param for param in _load_cases() if param.id in _CASE_IDS]
_AIR = '<option name="attack" value="1"/><option name="isAir" value="true"/>'


def test_every_bombing_case_is_asked() -> None:
    assert len(BOMBING_CASES) == len(_CASE_IDS)


def _states_ours(root: Path) -> set[str]:
    with ExitStack() as stack:
        context = CheckContext(resolve(root, stack)[0])
        return {state for state, _suffix in _damage_images(context.model).get(UNIT, ())}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("case", [param.values[1] for param in BOMBING_CASES],
                         ids=[param.id for param in BOMBING_CASES])
def test_the_states_drawn_are_those_the_engine_allows(real_engine, tmp_path: Path, case: dict) -> None:
    from converter.realengine import bombing_damage

    root = build_case(tmp_path / "case", case)
    ours = _states_ours(root)
    xml = root / "map/games/tiny.xml"
    xml.write_text(xml.read_text().replace('<option name="attack" value="1"/>', _AIR, 1))
    engine = bombing_damage(xml, UNIT, "Reds", "Alpha")
    assert engine["can_be_damaged"]
    survived = [damage for damage in range(1, engine["total"] + 1)
                if not (engine["dies_at_total"] and damage >= engine["total"])]
    expected = ({"damaged"} if survived else set()) | \
        ({"disabled"} if set(survived) & set(engine["disabled_at"]) else set())
    assert ours == expected, engine
