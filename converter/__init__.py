"""Reference toolkit for the D-Day2 map of TripleA.

Data path: model -> compile -> package files; save -> history -> replay -> findings.
"""

__version__ = "0.1.0"
