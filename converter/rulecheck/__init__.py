"""D-Day2 rule checks of saved games: `dday2 replay SAVE --rules dday2`.

The replay visitor `DDay2Rules` (registered as `dday2`) maps the save's TripleA
territories to the model's areas and parts and reports each house-rule violation once,
with a stable code (`codes.CODES`), the rule ID, round, step, player, area and units.
"""

from converter.rulecheck.battles import BattleRules
from converter.rulecheck.codes import CODES, RuleCode, rule_of
from converter.rulecheck.moves import MoveRules
from converter.rulecheck.parts import PartRules
from converter.rulecheck.reinforce import ReinforcementRules
from converter.rulecheck.victory import VictoryRules
from converter.rulecheck.visitor import DDay2Rules, RuleGroup

# Order matters only for the order of findings within one hook.
GROUPS = (MoveRules, BattleRules, PartRules, ReinforcementRules, VictoryRules)

__all__ = ["CODES", "GROUPS", "DDay2Rules", "RuleCode", "RuleGroup", "rule_of"]
