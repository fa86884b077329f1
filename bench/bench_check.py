"""`dday2 check` against the real engine's own parse of the same game XMLs.

Ours: the full check of each map (XML parse, DTD, every rule; for the community D-Day2
package also its map files, tiles and images), median of RUNS in this warm process.
Peer: TripleA 1.9's `GameParser.parse` on the same XML, median of RUNS after WARMUP
parses in one warm JVM (bench/java/ParseTimes.java, compiled here with javac against
the installed jar). Reported as a ratio ours / engine: below 1 means we are faster.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from converter.check.engine import ENGINE_JAR, load_engine
from converter.check.inputs import resolve
from converter.check.runner import check_target
from converter.paths import SHARED_DIR

RUNS = 5
WARMUP = 3
JAVA_SOURCE = Path(__file__).parent / "java" / "ParseTimes.java"


def _our_times(targets) -> dict[Path, float]:
    load_engine()  # the jar's knowledge is read once per process, like the JVM's warm-up
    times = {}
    for target in targets:
        key = (target.xml, target.map_dir is not None)
        check_target(target)  # warm caches (DTD object, imports)
        samples = []
        for _ in range(RUNS):
            start = time.perf_counter()
            check_target(target)
            samples.append(time.perf_counter() - start)
        times[key] = statistics.median(samples)
    return times


def _engine_times(xmls: list[Path]) -> dict[Path, tuple[float, str]]:
    work = Path(tempfile.mkdtemp(prefix="dday2-bench-"))
    try:
        subprocess.run(["javac", "-nowarn", "-cp", str(ENGINE_JAR), "-d", str(work), str(JAVA_SOURCE)],
                       check=True, capture_output=True)
        shutil.copy(ENGINE_JAR.parent / "game_engine.properties", work)
        completed = subprocess.run(
            ["java", f"-Duser.home={work}", f"-Djava.util.prefs.userRoot={work}", "-cp", f"{ENGINE_JAR}:{work}",
             "ParseTimes", str(WARMUP), str(RUNS), *map(str, xmls)],
            cwd=work, capture_output=True, text=True, timeout=1800)
        results = {}
        for line in completed.stdout.splitlines():
            parts = line.split("\t")
            if len(parts) == 3:
                results[Path(parts[0])] = (int(parts[1]) / 1e9, parts[2])
        return results
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run() -> list[str]:
    if not ENGINE_JAR.is_file() or shutil.which("javac") is None:
        return [f"skipped: needs the engine jar {ENGINE_JAR} and javac"]
    community = SHARED_DIR / "reference" / "dday2-community-map"
    xml_folder = SHARED_DIR / "reference" / "map-xmls"
    with ExitStack() as stack:
        targets = []
        if community.is_dir():
            package = resolve(community, stack)
            # the same XML checked alone (no map files): like for like with the engine's parse
            targets += package + [replace(t, map_dir=None, repo_root=None) for t in package]
        if xml_folder.is_dir():
            targets += resolve(xml_folder, stack)
        if not targets:
            return [f"skipped: no reference maps under {SHARED_DIR}"]
        ours = _our_times(targets)
    engine = _engine_times(list(dict.fromkeys(t.xml for t in targets)))
    lines = [f"{'map':<40} {'ours ms':>9} {'engine ms':>10} {'ratio':>6}"]
    ratios, our_total, engine_total = [], 0.0, 0.0
    for target in targets:
        mine = ours[(target.xml, target.map_dir is not None)]
        peer, status = engine.get(target.xml, (float("nan"), "missing"))
        name = f"{target.xml.name} (full package)" if target.map_dir is not None else \
            f"{target.xml.name} (XML only)" if target.xml.parent.name == "games" else target.xml.name
        if status != "ok":
            lines.append(f"{name[:40]:<40} {mine * 1e3:9.1f} {'-':>10} {'-':>6}  engine parse failed: {status}")
            continue
        ratios.append(mine / peer)
        our_total += mine
        engine_total += peer
        lines.append(f"{name[:40]:<40} {mine * 1e3:9.1f} {peer * 1e3:10.1f} {mine / peer:6.2f}")
    if ratios:
        lines.append(f"maps parsed by both: {len(ratios)}; median ratio ours/engine {statistics.median(ratios):.2f}, "
                     f"worst {max(ratios):.2f}; total {our_total:.2f}s vs {engine_total:.2f}s "
                     f"(ratio {our_total / engine_total:.2f})")
    return lines
