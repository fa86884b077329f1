"""G5 with the reference engine's own victory check.

After each round's last step the Tally becomes an engine `GameState`
(`engine.from_territories`) and `engine.victory.end_of_round` decides, carrying the
count of round ends with every victory city held. Then:
- `DDAY2-VICTORY-MISSED`: the game decided (Allies held the cities a whole round, or
  the last round ended) yet a later step did something; reported once.
- `DDAY2-VICTORY-DECLARED`: the round-end step announced a winner (an event naming
  victory or a win) while G5 had not decided the game.
"""

from __future__ import annotations

import re

from converter.engine.state import evolve, from_territories
from converter.engine.victory import end_of_round
from converter.rulecheck.board import END_ROUND_STEP
from converter.rulecheck.visitor import RuleGroup

DECLARATION = re.compile(r"\b(victory|victorious|wins?|won|game over)\b", re.IGNORECASE)


class VictoryRules(RuleGroup):
    def start(self) -> None:
        self.held = 0
        self.decided: tuple[str, int] | None = None  # (winner, round)
        self.declared = None  # (event text, position) seen in this round's end step

    def round_started(self, number: int) -> None:
        self.declared = None

    def event(self, event) -> None:
        step = self.rules.step
        name = step.name if step is not None else None
        if name == END_ROUND_STEP or (step is not None and step.delegate == "endRound"):
            if DECLARATION.search(event.text) and self.declared is None:
                self.declared = (event.text, self.rules.position)
            return
        if self.decided is not None and (event.changes or event.move is not None or event.battle_site):
            winner, round_no = self.decided
            self.rules.flag("DDAY2-VICTORY-MISSED", "missed", f"G5 gave the game to the {winner} at the end of "
                            f"round {round_no}, yet play went on ({event.text})", winner=winner,
                            decided_round=round_no)

    def gate(self, step_name: str) -> None:
        if step_name != END_ROUND_STEP or self.decided is not None:
            return
        round_no = self.rules.round_no or 0
        board = self.board.engine
        state = from_territories(self.tally.contents(), board, round=round_no, strict=False)
        state = end_of_round(evolve(state, held=self.held))
        self.held = state.held
        if state.winner is not None:
            self.decided = (state.winner, round_no)
        elif self.declared is not None:
            text, where = self.declared
            self.rules.flag("DDAY2-VICTORY-DECLARED", ("declared", round_no), f"'{text}' at the end of round "
                            f"{round_no}, but G5 gives no winner yet (cities held {self.held} round end(s))", at=where)
