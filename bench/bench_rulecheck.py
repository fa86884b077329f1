"""Rule-check replay of a full 10-round D-Day2 save against the plain consistency replay.

The save is tests/data/saves/compiled_policy_10rounds.tsvg: a whole legal game of our
engine's policy played in the real engine (about 2,500 changes, 530 events). Both replays
read the same already-loaded save and history, so the difference is the rule check's own
cost. Target: the rule-check replay under a second.
"""

from __future__ import annotations

from converter.history import build_history
from converter.paths import REPO_ROOT
from converter.replay import replay, visitor_for
from converter.save import load_save

from bench.timing import best_of

SAVE = REPO_ROOT / "tests" / "data" / "saves" / "compiled_policy_10rounds.tsvg"


def run() -> list[str]:
    game = load_save(SAVE)
    history = build_history(game)
    visitor_for("dday2")  # import the rule set outside the timing
    plain = best_of(lambda: replay(game, history, visitor_for("none")), repeat=5)
    rules = best_of(lambda: replay(game, history, visitor_for("dday2")), repeat=5)
    findings = len(replay(game, history, visitor_for("dday2")).findings)
    load = best_of(lambda: build_history(load_save(SAVE)), repeat=3)
    counts = history.counts()
    return [
        f"save: {SAVE.name}, {counts['rounds']} rounds, {counts['events']} events, {counts['changes']} changes",
        f"replay --rules none:  {plain * 1000:7.1f} ms",
        f"replay --rules dday2: {rules * 1000:7.1f} ms  ({rules / plain:.2f}x the consistency replay; "
        f"{findings} findings; target < 1000 ms: {'met' if rules < 1.0 else 'MISSED'})",
        f"reading the save + history: {load * 1000:7.1f} ms (same for both)",
    ]
