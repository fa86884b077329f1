"""Benchmarks (`make bench`): each module `bench_*.py` has `run() -> list[str]` of report lines.

Figures are ratios against a peer measured in the same run, never assertions.
"""
