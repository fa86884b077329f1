#!/usr/bin/env python3
"""Regenerate the small save fixtures in tests/data/saves/ with the real engine (TripleA 1.9).

Every fixture is a game on OUR compiled D-Day2 XML (never on ../shared material), so it may be
committed. Run: python3 scripts/make-fixture-saves.py [NAME ...]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from converter.compile.build import build_package
from converter.model import load_ruleset
from converter.paths import DDAY2_MODEL_DIR, REPO_ROOT
from converter.realengine import play_game
from converter.realengine.autoplay import PolicyOracle
from converter.realengine.interactive import play_with_oracle
from converter.realengine.script import End, Move, StepEntry, write_script

FIXTURES = REPO_ROOT / "tests" / "data" / "saves"

# Round 1 of a plausible opening: paratroopers, one bombardment, a beach landing and an attack.
OPENING = [
    StepEntry("ParaSurpriseCombatMove", round=1, actions=(
        Move((("ParaAttack", 3),), ("UsaParaAttack", "G11")),
        Move((("ParaAttack", 3),), ("USParaAttack", "G10")),
        Move((("ParaAttack", 3),), ("UKParaAttack", "G17")),
    )),
    StepEntry("Naval1BombardmentCombatMove", round=1, actions=(
        Move((("ShoreBombardment", 1),), ("Shorebombardment", "G15")),
    )),
    StepEntry("alliesCombatMove", round=1, actions=(
        Move((("USAinfantry", 3),), ("A11", "G11")),
        Move((("USAinfantry", 3),), ("Utah Beach", "A11", "G11")),
        Move((("UKinfantry", 3),), ("A17", "G17")),
    )),
    StepEntry("alliesNonCombatMove", round=1, actions=(End(),)),
]


def make(name: str, xml: Path, scratch: Path) -> None:
    target = FIXTURES / f"{name}.tsvg"
    if name == "compiled_easy_1round":
        report = play_game(xml, rounds=1, ai="Easy (AI)", seed=7, save_path=target, timeout=180)
    elif name == "compiled_scripted_1round":
        script = write_script(scratch / "opening.jsonl", OPENING, seats=["Germans", "BlockhousesFire", "USAirforce"])
        report = play_game(xml, rounds=1, ai="Does Nothing (AI)", seed=7, save_path=target, timeout=180, script=script)
    elif name == "compiled_fast_1round":
        report = play_game(xml, rounds=1, ai="Fast (AI)", seed=7, save_path=target, timeout=600)
    elif name == "compiled_policy_10rounds":
        # a whole legal game: our engine's policy decides every move step, the real engine rolls
        report = play_with_oracle(xml, rounds=10, seed=5, save_path=target, oracle=PolicyOracle(5), timeout=600)
        target.with_name(target.name + ".step.tsvg").unlink(missing_ok=True)
    else:
        raise SystemExit(f"unknown fixture {name}")
    print(f"{target.name}: {target.stat().st_size} bytes, {report.steps_run} steps, round {report.final_round}")


def main(names: list[str]) -> int:
    names = names or ["compiled_easy_1round", "compiled_scripted_1round", "compiled_fast_1round",
                      "compiled_policy_10rounds"]
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        build_package(load_ruleset(DDAY2_MODEL_DIR), scratch / "pkg")
        xml = scratch / "pkg" / "map" / "games" / "D-Day_2.xml"
        FIXTURES.mkdir(parents=True, exist_ok=True)
        for name in names:
            make(name, xml, scratch)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
