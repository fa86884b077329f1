"""Compile the canonical model to the classic TripleA target: game XML, notes, map repository files."""
