"""`dday2 check`: a coded checker for any TripleA map package.

Stages: inputs (what to check) → context (each source read once) → rules (registered by
code, one module per group) → runner (findings) → the CLI picks a formatter.
"""

from converter.check.config import CheckSettings
from converter.check.rule import REGISTRY
from converter.check.runner import check_target

__all__ = ["REGISTRY", "CheckSettings", "check_target"]
