"""`dday2 check` against the real engine's own parse of the same game XMLs.

Ours: the full check of each map (XML parse, DTD, every rule; for the two D-Day2 packages,
the community one and the one `dday2 build` generates here, also their map files, tiles
and images), in this process. Peer: TripleA 1.9's `GameParser.parse` on the same XML, in
one JVM (bench/java/ParseTimes.java, compiled here with javac against the installed jar)
that answers requests on a pipe. Both are warmed by WARMUP rounds over every map first
(warming per file left the JIT cold for the first files timed and made the engine look
3-4x slower than it is), the engine then by more rounds until its JIT compilers are quiet;
then the samples are taken in turns, see _paired_times. Reported as ratios ours / engine
of wall time and of CPU time (all threads of each side): below 1 means we are faster. For
the full packages also two floors under our wall time, against the engine's CPU: our
background thread's CPU, and the CPU that holds Python's lock (`lock_free_seconds`).
Then what a user waits for: one whole `dday2 check` process against one JVM that starts,
parses the XML once and exits.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from converter.check.accel import accelerator
from converter.check.engine import ENGINE_JAR, load_engine
from converter.check.inputs import resolve
from converter.check.runner import check_target
from converter.check.worker import THREAD_NAME, background
from converter.paths import REPO_ROOT, SHARED_DIR

RUNS = 5  # timed checks in a row, per map and per turn
TURNS = 5  # ours and the engine's are sampled in turns, so both see the same machine load
PROCESS_RUNS = 3
PROCESS_XMLS = ("cold_war.xml", "WAW40.xml")  # a small and a large XML, timed as whole processes
WARMUP = 5  # rounds over all XMLs; our medians settle after 3
JIT_QUIET = 0.02  # the engine is warm when its JIT compilers use at most this share of a round's CPU
JIT_WARMUP_LIMIT = 120.0  # seconds of engine-only rounds at the most
AFTERMATH_QUIET, AFTERMATH_LIMIT = 0.02, 2.0  # after each batch of parses: the JVM quiet for 20 ms, waited 2 s at most
JAVA_SOURCE = Path(__file__).parent / "java" / "ParseTimes.java"
# the C kernels that run with Python's lock released; the rest of a check's CPU holds it
LOCK_FREE_KERNELS = frozenset(f"converter.check.{name}" for name in
                              ("_dtdvalid", "_listing", "_outlines", "_pngscan", "_pointtext", "_rowsweep", "_scanrows"))
LOCK_RUNS = 30  # profiled checks per full package


class _EnginePeer:
    """One warm JVM (ParseTimes) that parses an XML a given number of times on request."""

    def __init__(self, work: Path):
        self._log = work / "peer-stderr.txt"
        self.warmup: tuple[int, float | None] = (0, None)  # warm_until_compiled's answer
        self.cpu_beside_ours = 0.0  # seconds of JVM CPU while our samples were taken
        with self._log.open("w") as log:
            self._process = subprocess.Popen(_java(work), cwd=work, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=log, text=True, bufsize=1)

    def times(self, xml: Path, runs: int) -> tuple[list[float], str]:
        """Seconds per parse, and "ok" or the exception the parse ended with."""
        try:
            self._process.stdin.write(f"{runs}\t{xml}\n")
            self._process.stdin.flush()
            answer = self._process.stdout.readline()
        except OSError:  # BrokenPipeError: it has died
            answer = ""
        if not answer:
            raise RuntimeError(f"the engine peer ended ({self._why()})")
        status, *nanoseconds = answer.rstrip("\n").split("\t")
        return [int(value) / 1e9 for value in nanoseconds], status

    def _why(self) -> str:
        """The JVM's first line naming an exception, else its exit status."""
        self._process.poll()
        lines = self._log.read_text(errors="replace").splitlines()
        named = [line.strip() for line in lines if "Exception" in line or "Error" in line]
        return named[0][:300] if named else f"exit status {self._process.returncode}"

    def settle(self, quiet: float = 0.5, limit: float = 30.0) -> None:
        """Wait until the JVM has used almost no CPU (JIT_QUIET of one core) for `quiet`
        seconds, at most `limit`: after the warm-up its JIT threads compile for a second or
        more, and on two cores they took the core our check's second thread needs (measured:
        the first maps timed 20-40% slower)."""
        deadline = time.monotonic() + limit
        used = self.cpu_seconds()
        while used is not None and time.monotonic() < deadline:
            time.sleep(quiet)
            now = self.cpu_seconds()
            if now is None or now - used <= JIT_QUIET * quiet:
                return
            used = now

    def cpu_seconds(self, threads: str = "") -> float | None:
        """CPU time of the JVM's threads whose name holds `threads` (all of them: its GC and
        JIT threads too), to the nanosecond (each thread's schedstat; /proc/<pid>/stat counts
        10 ms ticks, longer than a parse); None where /proc does not tell."""
        total = 0
        try:
            tasks = os.scandir(f"/proc/{self._process.pid}/task")
        except OSError:
            return None
        with tasks:
            for task in tasks:
                try:
                    if threads:
                        with open(os.path.join(task.path, "comm"), "rb") as handle:
                            if threads.encode() not in handle.read():
                                continue
                    with open(os.path.join(task.path, "schedstat"), "rb") as handle:
                        total += int(handle.read().split()[0])
                except FileNotFoundError:  # a thread that ended meanwhile
                    continue
                except (OSError, ValueError, IndexError):
                    return None
        return total / 1e9

    def warm_until_compiled(self, xmls: list[Path]) -> tuple[int, float | None]:
        """Parse every XML in rounds until the JIT compilers use at most JIT_QUIET of a
        round's CPU (measured: after 150 parses of one XML, C2 still compiled 5-6 ms per 5 ms
        parse, on the core our check's second thread needs, and the parse itself got 25%
        faster up to 800). Returns the rounds taken and the last round's compiler share."""
        deadline, rounds, share = time.monotonic() + JIT_WARMUP_LIMIT, 0, None
        while time.monotonic() < deadline:
            jit, everything = self.cpu_seconds("Compiler"), self.cpu_seconds()
            for xml in xmls:
                self.times(xml, 1)
            rounds += 1
            jit_after, everything_after = self.cpu_seconds("Compiler"), self.cpu_seconds()
            if None in (jit, everything, jit_after, everything_after) or everything_after <= everything:
                return rounds, None  # /proc does not tell: the WARMUP rounds are all there is
            share = (jit_after - jit) / (everything_after - everything)
            if share <= JIT_QUIET:
                break
        return rounds, share

    def close(self) -> None:
        try:
            self._process.stdin.close()
        except OSError:  # BrokenPipeError when it has died already
            pass
        try:
            self._process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


def _paired_times(targets, peer: _EnginePeer):
    """Per target, our samples and the engine's samples of the same XML, taken in turns.

    Both sides are warmed first: WARMUP rounds over every map (one warm-up call per map left
    the first ones timed 30% slow; the JIT needs all of them), then the engine alone until its
    JIT is quiet (`warm_until_compiled`). Then TURNS turns, each taking
    RUNS of ours and RUNS of the engine's per map, back to back, each after one untimed run
    (the first after a switch paid for the caches the other side had filled): on a machine
    whose speed drifts (a shared VM does, by 2x within a minute), a ratio of samples taken
    minutes apart measures the drift, not the programs.
    """
    load_engine()  # the jar's knowledge is read once per process, like the JVM's warm-up
    xmls = list(dict.fromkeys(target.xml for target in targets))
    for _ in range(WARMUP):
        for target in targets:
            check_target(target)
        for xml in xmls:
            peer.times(xml, 1)
    peer.warmup = peer.warm_until_compiled(xmls)
    peer.settle()
    ours = {_key(target): _Samples() for target in targets}
    engine = {xml: _Samples() for xml in xmls}
    status = {}
    for turn in range(TURNS):
        for target in targets:
            check_target(target)  # untimed: the caches held the other side's data until now
            mine = ours[_key(target)].turn()
            beside = peer.cpu_seconds()
            worker = _worker_clock()
            for _ in range(RUNS):
                # CPU: the process (both our threads), and the background thread's alone
                start, cpu, background = time.perf_counter(), time.process_time(), _clock(worker)
                check_target(target)
                mine.add(time.perf_counter() - start, time.process_time() - cpu,
                         _clock(worker) - background if worker is not None else None)
            if beside is not None and (after := peer.cpu_seconds()) is not None:
                peer.cpu_beside_ours += after - beside  # the JVM's CPU while ours was timed
            if len(engine[target.xml].wall) <= turn:
                theirs = engine[target.xml].turn()
                peer.times(target.xml, 1)  # untimed likewise
                cpu = peer.cpu_seconds()
                samples, status[target.xml] = peer.times(target.xml, RUNS)
                # its parses leave work its GC threads do after it answers (after a big XML, tens of
                # ms): counted as the engine's CPU, and done before our next samples, not beside them
                peer.settle(AFTERMATH_QUIET, AFTERMATH_LIMIT)
                after = peer.cpu_seconds()
                per_parse = (after - cpu) / RUNS if cpu is not None and after is not None else None
                for sample in samples:  # the JVM's CPU is read per request: each parse gets the mean
                    theirs.add(sample, per_parse)
    return ours, engine, status


def lock_free_seconds(target) -> float:
    """Thread CPU seconds per check spent inside LOCK_FREE_KERNELS, over both threads, from
    LOCK_RUNS profiled checks. Each kernel call counts whole, with the moments it holds the
    lock to build its answer, so the rest of a check's CPU is a floor under the work that
    holds the lock: work no number of threads runs side by side."""
    spent, guard, started = [0.0], threading.Lock(), threading.local()

    def profile(frame, event, function) -> None:
        if getattr(function, "__module__", None) not in LOCK_FREE_KERNELS:
            return
        if event == "c_call":
            started.at = time.thread_time()
        elif event in ("c_return", "c_exception"):
            with guard:
                spent[0] += time.thread_time() - started.at

    worker = background()
    sys.setprofile(profile)
    worker.submit(sys.setprofile, profile).result()  # the background thread runs kernels too
    try:
        for _ in range(LOCK_RUNS):
            check_target(target)
    finally:
        sys.setprofile(None)
        worker.submit(sys.setprofile, None).result()
    return spent[0] / LOCK_RUNS


def _worker_clock() -> int | None:
    """The CPU clock of the check's background thread (map files, or the DTD for an XML
    alone), once it has started; None where threads have no clock of their own."""
    for thread in threading.enumerate():
        if thread.name.startswith(THREAD_NAME) and thread.ident is not None:
            try:
                return time.pthread_getcpuclockid(thread.ident)
            except (AttributeError, OSError):
                return None
    return None


def _clock(clock: int | None) -> float:
    return time.clock_gettime(clock) if clock is not None else 0.0


class _Samples:
    """One side's samples of one map: wall and CPU seconds, a list per turn."""

    def __init__(self) -> None:
        self.wall: list[list[float]] = []
        self.cpu: list[list[float]] = []
        self.background: list[list[float]] = []  # ours only: the background thread's CPU

    def turn(self) -> "_Samples":
        self.wall.append([])
        self.cpu.append([])
        self.background.append([])
        return self

    def add(self, wall: float, cpu: float | None, background: float | None = None) -> None:
        self.wall[-1].append(wall)
        if cpu is not None:
            self.cpu[-1].append(cpu)
        if background is not None:
            self.background[-1].append(background)


def _key(target) -> tuple[Path, bool]:
    return target.xml, target.map_dir is not None


def _median(turns: list[list[float]]) -> float:
    return statistics.median(sample for turn in turns for sample in turn)


def _compiled_peer(stack: ExitStack) -> Path:
    """A scratch folder holding ParseTimes compiled against the installed jar."""
    work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dday2-bench-")))
    subprocess.run(["javac", "-nowarn", "-cp", str(ENGINE_JAR), "-d", str(work), str(JAVA_SOURCE)],
                   check=True, capture_output=True)
    shutil.copy(ENGINE_JAR.parent / "game_engine.properties", work)
    return work


def _java(work: Path) -> list[str]:
    return ["java", f"-Duser.home={work}", f"-Djava.util.prefs.userRoot={work}", "-cp", f"{ENGINE_JAR}:{work}",
            "ParseTimes"]


def _wall(command: list[str], cwd: Path, stdin: str | None = None) -> float:
    """Median wall time of PROCESS_RUNS runs of a whole command, after one untimed run (it
    fills the OS file cache and Python's bytecode cache, as any earlier use would have)."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    samples = []
    for run in range(PROCESS_RUNS + 1):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, env=environment, input=stdin, text=True, capture_output=True, timeout=600)
        if run:
            samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _process_lines(work: Path, cases: list[tuple[str, Path, Path]]) -> list[str]:
    """What a user waits for: one `dday2 check` process against one JVM that starts, parses
    the same XML once and exits."""
    lines = [f"one process each (median of {PROCESS_RUNS}):"]
    for label, path, xml in cases:
        ours = _wall([sys.executable, "-m", "converter", "check", "--format", "json", str(path)], REPO_ROOT)
        peer = _wall(_java(work), work, stdin=f"1\t{xml}\n")  # one parse, then stdin ends
        lines.append(f"  {label[:38]:<38} {ours * 1e3:9.0f} {peer * 1e3:10.0f} {ours / peer:6.2f}")
    return lines


def _generated_package(stack: ExitStack) -> Path | None:
    """Our own D-Day2 package, built into a scratch folder the stack removes."""
    from converter.compile.build import build_package
    from converter.model import load_ruleset
    from converter.paths import DDAY2_MODEL_DIR

    scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dday2-bench-pkg-")))
    build_package(load_ruleset(DDAY2_MODEL_DIR), scratch / "dday2")
    return scratch / "dday2" if (scratch / "dday2" / "map" / "polygons.txt").is_file() else None


def _packages(stack: ExitStack, community: Path) -> list[tuple[str, Path]]:
    found = [("community", community)] if community.is_dir() else []
    generated = _generated_package(stack)
    return found + ([("generated", generated)] if generated is not None else [])


def _accelerators_line() -> str:
    names = sorted(source.stem for source in (REPO_ROOT / "converter" / "check").glob("_*.c"))
    built = [name for name in names if accelerator(name) is not None]
    missing = sorted(set(names) - set(built))
    return (f"C accelerators in use: {', '.join(built) or 'none'}"
            + (f"; not in use: {', '.join(missing)} (unbuilt, or DDAY2_PURE set)" if missing else ""))


def run() -> list[str]:
    if not ENGINE_JAR.is_file() or shutil.which("javac") is None:
        return [f"skipped: needs the engine jar {ENGINE_JAR} and javac"]
    community = SHARED_DIR / "reference" / "dday2-community-map"
    xml_folder = SHARED_DIR / "reference" / "map-xmls"
    with ExitStack() as stack:
        targets, kinds = [], {}
        for kind, folder in _packages(stack, community):
            package = resolve(folder, stack)
            # the same XML checked alone (no map files): like for like with the engine's parse
            targets += package + [replace(t, map_dir=None, repo_root=None) for t in package]
            kinds.update((t.xml, kind) for t in package)
        if xml_folder.is_dir():
            targets += resolve(xml_folder, stack)
        if not targets:
            return [f"skipped: no reference maps under {SHARED_DIR}"]
        work = _compiled_peer(stack)
        peer = _EnginePeer(work)
        try:
            ours, engine, status = _paired_times(targets, peer)  # before the scratch package goes
        except RuntimeError as error:  # the JVM died: say why instead of a traceback
            return [f"failed: {error}"]
        finally:
            peer.close()
        lock_free = {_key(t): lock_free_seconds(t) for t in targets if t.map_dir is not None and t.xml in kinds}
        process_cases = [(f"{kinds[t.xml]} full package", t.map_dir, t.xml) for t in targets
                         if t.map_dir is not None and t.xml in kinds][:1]
        process_cases += [(t.xml.name, t.xml, t.xml) for t in targets if t.xml.name in PROCESS_XMLS]
        process = _process_lines(work, process_cases)
    rounds, share = peer.warmup
    warm = (f"engine warmed by {WARMUP} + {rounds} rounds over every XML, until its JIT compilers used "
            f"{share:.1%} of a round's CPU (target {JIT_QUIET:.0%})" if share is not None
            else f"engine warmed by {WARMUP} + {rounds} rounds (its JIT's CPU unknown: no /proc)")
    lines = [_accelerators_line(), warm,
             f"the JVM used {peer.cpu_beside_ours * 1e3:.0f} ms of CPU while our samples were taken",
             f"medians of {TURNS} turns x {RUNS} runs each, ours and the engine's taken in turns; "
             "'turns' is the range of the per-turn ratios; CPU: of all threads (ours: the process, "
             "the engine: the JVM's, read per request of runs)",
             "bg: the CPU of our background thread alone (map files and images; the DTD for an XML alone)",
             f"{'map':<40} {'ours ms':>9} {'engine ms':>10} {'ratio':>6}  {'turns':>11}  {'CPU ms ours':>11} "
             f"{'engine':>7} {'ratio':>6} {'bg':>5}"]
    ratios: dict[bool, list[float]] = {False: [], True: []}  # by: map files checked too
    cpu_ratios: dict[bool, list[float]] = {False: [], True: []}
    background_ratios: list[float] = []  # full packages: our background thread's CPU / the engine's
    locked: list[tuple[float, float]] = []  # full packages: (ms of our CPU holding the lock, / the engine's CPU)
    for target in targets:
        full = target.map_dir is not None
        mine = ours[_key(target)]
        kind = kinds.get(target.xml)
        name = target.xml.name if kind is None else f"{kind} {'full package' if full else 'XML only'}"
        if status[target.xml] != "ok":
            lines.append(f"{name[:40]:<40} {_median(mine.wall) * 1e3:9.1f} {'-':>10} {'-':>6}  "
                         f"engine parse failed: {status[target.xml]}")
            continue
        theirs = engine[target.xml]
        ratio = _median(mine.wall) / _median(theirs.wall)
        per_turn = [statistics.median(a) / statistics.median(b) for a, b in zip(mine.wall, theirs.wall)]
        ratios[full].append(ratio)
        line = (f"{name[:40]:<40} {_median(mine.wall) * 1e3:9.1f} {_median(theirs.wall) * 1e3:10.1f} {ratio:6.2f}  "
                f"{min(per_turn):5.2f}-{max(per_turn):.2f}")
        if any(mine.cpu) and any(theirs.cpu):
            cpu_ratio = _median(mine.cpu) / _median(theirs.cpu)
            cpu_ratios[full].append(cpu_ratio)
            line += f"  {_median(mine.cpu) * 1e3:11.1f} {_median(theirs.cpu) * 1e3:7.1f} {cpu_ratio:6.2f}"
            if any(mine.background):
                line += f" {_median(mine.background) * 1e3:5.1f}"
                if full:
                    background_ratios.append(_median(mine.background) / _median(theirs.cpu))
            if _key(target) in lock_free:
                held = _median(mine.cpu) - lock_free[_key(target)]
                locked.append((held * 1e3, held / _median(theirs.cpu)))
        lines.append(line)
    for full, label in ((False, "XML only (every check of the XML)"), (True, "full package (XML, map files, images)")):
        if ratios[full]:
            within = sum(ratio <= 1.0 for ratio in ratios[full])
            lines.append(f"{label}: {len(ratios[full])} maps, ratio ours/engine median "
                         f"{statistics.median(ratios[full]):.2f}, worst {max(ratios[full]):.2f}, "
                         f"{within} at or below 1 (target: all)"
                         + (f"; CPU ratio median {statistics.median(cpu_ratios[full]):.2f}" if cpu_ratios[full] else ""))
    if background_ratios:
        lines.append("full package: our background thread alone used "
                     + ", ".join(f"{ratio:.2f}x" for ratio in background_ratios)
                     + " the engine's CPU for the whole parse (the wall time cannot fall below it)")
    if locked:
        lines.append("full package: the work holding Python's lock (our CPU less the lock-free C kernels) took at least "
                     + ", ".join(f"{ms:.1f} ms = {ratio:.2f}x" for ms, ratio in locked)
                     + " the engine's CPU for the whole parse (no split over threads runs it side by side)")
    return lines + process
