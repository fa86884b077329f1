"""Model load + compile of the D-Day2 game XML, against merely parsing the community XML with lxml."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.timing import best_of
from converter.compile.build import game_xml
from converter.model import load_ruleset
from converter.paths import DDAY2_MODEL_DIR, SHARED_DIR
from converter.xmlsafe import parse_xml


def run() -> list[str]:
    lines = []
    load = best_of(lambda: load_ruleset(DDAY2_MODEL_DIR), repeat=5)
    rules = load_ruleset(DDAY2_MODEL_DIR)
    compile_xml = best_of(lambda: game_xml(rules), repeat=5)
    lines.append(f"load model: {load * 1000:.1f} ms; compile game XML: {compile_xml * 1000:.1f} ms")
    community = SHARED_DIR / "reference" / "dday2-community-map" / "map" / "games" / "D-Day_2.xml"
    if community.is_file():
        data = community.read_bytes()
        peer = best_of(lambda: parse_xml(data), repeat=5)
        lines.append(f"peer: lxml parse of the community XML: {peer * 1000:.1f} ms; "
                     f"load+compile / parse = {(load + compile_xml) / peer:.1f}x")
    from converter.compile.build import build_package

    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "pkg"
        whole = best_of(lambda: build_package(rules, out, force=True), repeat=3)
    lines.append(f"whole package build (all stages): {whole:.2f} s")
    return lines
