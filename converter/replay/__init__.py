"""Replay a save's history and check it is consistent; rule sets plug in as visitors.

    from converter.replay import replay, visitor_for
    result = replay(game, history, visitor_for("none"))
    result.consistent, result.findings, result.start, result.end

See `visitor` for the hooks a rule set overrides, `state` for the queryable state,
`registry` for `--rules` names.
"""

from converter.replay.engine import ReplayResult, replay
from converter.replay.registry import RULES, register_rules, rule_names, visitor_for
from converter.replay.state import ReplayState, UnitState
from converter.replay.visitor import Position, ReplayError, ReplayVisitor

__all__ = ["RULES", "Position", "ReplayError", "ReplayResult", "ReplayState", "ReplayVisitor", "UnitState",
           "register_rules", "replay", "rule_names", "visitor_for"]
