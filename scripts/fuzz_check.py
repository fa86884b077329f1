#!/usr/bin/env python3
"""Differential fuzzing of `dday2 check` (a dev tool; run from the repository root).

Seed packages — a copy of ../shared/reference/dday2-community-map (made in a temporary
folder at run time, never kept), the package `python3 -m converter build` writes, and the
small maps of tests/check/check_mapkit.py — are mutated by the kinds in fuzz_mutations.py
(point files, map.properties, map.yml, images and tiles, the game XML, config files, the
file system). Each mutant is checked by two long-lived workers (scripts/fuzz_worker.py),
one with the C kernels and one with DDAY2_PURE=1. A failure is a traceback, crash, signal
or hang in either, a C001 finding (a rule failed), or any difference between their
reports. Failing mutants are minimised (fewer steps, fewer seed folders) and saved under
--out with a one-line reason.

    python3 scripts/fuzz_check.py --minutes 10 --seed 1 --out /tmp/fuzz-out
    python3 scripts/fuzz_check.py --check PATH     # one path through both workers, diffed
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import selectors
import signal
import stat
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "scripts"))
sys.path.insert(0, str(REPO_ROOT / "tests" / "check"))
sys.path.insert(0, str(REPO_ROOT))

import fuzz_mutations  # noqa: E402

TIMEOUT = 30.0  # s per check: longer is reported as a hang
MINIMISE_BUDGET = 120.0  # s spent minimising one failing mutant at most
SLOW = 3.0  # s: a check this slow is shown (not a failure)
KEEP_PER_SIGNATURE = 1  # saved (and minimised) mutants per distinct failure
SEED_WEIGHTS = {"community": 3, "generated": 3, "small": 2, "dday2-shaped": 1}
STEP_COUNTS = [1, 1, 1, 2, 2, 3, 4, 6]


# ---- the worker pair
class Worker:
    """scripts/fuzz_worker.py in a child process, restarted after a crash or hang."""

    def __init__(self, pure: bool, log: Path, hash_seed: str) -> None:
        self.pure, self.log, self.hash_seed = pure, log, hash_seed
        self.process: subprocess.Popen | None = None
        self.buffer = b""
        self.start()

    def start(self) -> None:
        env = dict(os.environ, PYTHONHASHSEED=self.hash_seed, PYTHONFAULTHANDLER="1")
        env.pop("DDAY2_PURE", None)
        if self.pure:
            env["DDAY2_PURE"] = "1"
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, str(REPO_ROOT / "scripts" / "fuzz_worker.py")],
                                            cwd=REPO_ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=log)
        self.buffer = b""
        ready = self._answer(time.monotonic() + 120)
        if ready.get("status") != "ready":
            raise RuntimeError(f"worker did not start: {ready}")

    def send(self, path: Path) -> None:
        try:
            self.process.stdin.write(os.fsencode(path) + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # the answer reads the crash

    def answer(self, deadline: float) -> dict:
        found = self._answer(deadline)
        if found["status"] in ("crash", "hang"):
            self.start()
        return found

    def _answer(self, deadline: float) -> dict:
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        try:
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    self.process.kill()
                    self.process.wait()
                    return {"status": "hang", "detail": f"no answer in {TIMEOUT:.0f} s"}
                chunk = os.read(self.process.stdout.fileno(), 1 << 20)
                if not chunk:
                    code = self.process.wait()
                    return {"status": "crash", "returncode": code, "detail": _tail(self.log)}
                self.buffer += chunk
        finally:
            selector.close()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def _tail(log: Path, size: int = 3000) -> str:
    data = log.read_bytes()
    return data[-size:].decode("utf-8", "replace")



def _copy(source: str, target: str) -> None:
    """shutil.copy2, but a FIFO (a mutation) is made again rather than read, which would block."""
    if stat.S_ISFIFO(os.stat(source, follow_symlinks=False).st_mode):
        os.mkfifo(target)
    else:
        shutil.copy2(source, target)

@dataclass
class Pair:
    normal: Worker
    pure: Worker

    def check(self, path: Path) -> tuple[dict, dict]:
        self.normal.send(path)
        self.pure.send(path)
        deadline = time.monotonic() + TIMEOUT
        return self.normal.answer(deadline), self.pure.answer(deadline)


# ---- verdicts
def verdict(normal: dict, pure: dict) -> tuple[str, str] | None:
    """(signature, one-line reason) of a failure, or None when both agree and are sane."""
    for label, answer in (("C", normal), ("pure", pure)):
        status = answer["status"]
        if status == "exception":
            last = answer["traceback"].strip().splitlines()[-1]
            frames = re.findall(r'File "([^"]*converter[^"]*)", line (\d+)', answer["traceback"])
            where = f"{Path(frames[-1][0]).name}:{frames[-1][1]}" if frames else "?"
            return f"exception:{last.split(':')[0]}:{where}", f"traceback in the {label} worker at {where}: {last[:200]}"
        if status == "crash":
            return f"crash:{answer['returncode']}", f"the {label} worker died (exit {answer['returncode']})"
        if status == "hang":
            return "hang", f"the {label} worker hung ({answer['detail']})"
    for label, answer in (("C", normal), ("pure", pure)):
        internal = [f["message"] for f in answer["findings"] if f["code"] == "C001"]
        if internal:
            rule = re.match(r"rule (\w+) .*?: (\w+)", internal[0])
            key = f"{rule.group(1)}:{rule.group(2)}" if rule else internal[0][:40]
            return f"C001:{key}", f"C001 in the {label} worker: {internal[0][:200]}"
    if normal != pure:
        return _difference(normal, pure)
    return None


def _difference(normal: dict, pure: dict) -> tuple[str, str]:
    if normal["errors"] != pure["errors"]:
        return "differ:errors", f"errors differ: C {normal['errors']} pure {pure['errors']}"
    only_c = [f for f in normal["findings"] if f not in pure["findings"]]
    only_pure = [f for f in pure["findings"] if f not in normal["findings"]]
    codes = sorted({f["code"] for f in only_c + only_pure})
    if not codes:
        return "differ:order", "the same findings in another order"
    example = (only_c or only_pure)[0]
    side = "only C" if only_c else "only pure"
    return f"differ:{','.join(codes)}", (f"findings differ ({len(only_c)} only C, {len(only_pure)} only pure), "
                                         f"{side}: {example['code']} {example['message'][:150]}")


# ---- seeds and mutants
def small_seeds(folder: Path) -> dict[str, Path]:
    """The small maps of tests/check/check_mapkit.py: the clean base and a D-Day2-shaped one."""
    from check_mapkit import base_files, dday2_xml, write_tree

    return {"small": write_tree(folder / "small", base_files()),
            "dday2-shaped": write_tree(folder / "dday2-shaped", {**base_files(), "map/games/tiny.xml": dday2_xml()})}


def make_seeds(folder: Path) -> dict[str, Path]:
    from converter.paths import SHARED_DIR

    seeds = {}
    community = SHARED_DIR / "reference" / "dday2-community-map"
    if community.is_dir():
        seeds["community"] = Path(shutil.copytree(community, folder / "community", symlinks=True))
    else:
        print(f"fuzz: {community} absent; fuzzing without it", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "converter", "build", "-o", str(folder / "generated"), "--force"],
                   cwd=REPO_ROOT, check=True, stdout=subprocess.DEVNULL)
    seeds["generated"] = folder / "generated"
    return {**seeds, **small_seeds(folder)}


@dataclass
class Mutant:
    seed: str
    steps: list[tuple[str, int]]
    drops: list[str] = field(default_factory=list)  # seed entries removed after the steps (minimising)

    def build(self, seeds: dict[str, Path], into: Path) -> list[str]:
        shutil.copytree(seeds[self.seed], into, symlinks=True, copy_function=os.link)
        done = fuzz_mutations.apply(into, self.steps)
        for relative in self.drops:
            fuzz_mutations.remove(into / relative)
        return done


def droppable(seed_root: Path) -> list[str]:
    """Seed entries a minimised mutant may do without (the big ones first)."""
    folder = fuzz_mutations.map_dir(seed_root)
    entries = sorted(folder.iterdir(), key=lambda p: -sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
                     if p.is_dir() else -p.stat().st_size)
    return [str(entry.relative_to(seed_root)) for entry in entries if entry.name != "games"] + \
        [str(p.relative_to(seed_root)) for p in sorted(seed_root.iterdir()) if p.name not in ("map", "map.yml")]


class Fuzzer:
    def __init__(self, args: argparse.Namespace, scratch: Path) -> None:
        self.args, self.scratch = args, scratch
        self.seeds = make_seeds(scratch / "seeds")
        hash_seed = str(args.seed % 4294967296)
        self.pair = Pair(Worker(False, args.out / "worker-c.log", hash_seed),
                         Worker(True, args.out / "worker-pure.log", hash_seed))
        self.count = 0
        self.failures: dict[str, list[str]] = {}  # signature -> reasons (one per failing mutant)
        self.saved = 0

    def run(self, seconds: float) -> None:
        self._sanity()
        rng = random.Random(self.args.seed)
        started = last_report = time.monotonic()
        names = [name for name in SEED_WEIGHTS if name in self.seeds]
        while time.monotonic() - started < seconds:
            seed = rng.choices(names, weights=[SEED_WEIGHTS[name] for name in names])[0]
            steps = [(fuzz_mutations.choose_kind(rng, self.args.kinds), rng.getrandbits(32))
                     for _ in range(rng.choice(STEP_COUNTS))]
            self.one(Mutant(seed, steps))
            if time.monotonic() - last_report > 5:
                last_report = time.monotonic()
                self._progress(last_report - started)
        self._progress(time.monotonic() - started)

    def _sanity(self) -> None:
        for name, seed in self.seeds.items():
            found = verdict(*self.pair.check(seed))
            if found:
                print(f"fuzz: the unmutated {name} seed already fails: {found[1]}", file=sys.stderr)

    def _progress(self, elapsed: float) -> None:
        failing = sum(map(len, self.failures.values()))
        print(f"[{elapsed / 60:5.1f} min] {self.count} mutants ({self.count / max(elapsed, 1e-9):.1f}/s), "
              f"{failing} failures ({len(self.failures)} distinct)", file=sys.stderr, flush=True)

    def attempt(self, mutant: Mutant) -> tuple[tuple[str, str] | None, list[str], tuple[dict, dict], Path]:
        folder = self.scratch / "work" / f"m{self.count}"
        self.count += 1
        done = mutant.build(self.seeds, folder)
        began = time.monotonic()
        answers = self.pair.check(folder)
        if time.monotonic() - began > SLOW:
            print(f"SLOW {time.monotonic() - began:.1f} s: {mutant.seed} {done} "
                  f"steps={json.dumps(mutant.steps)}", file=sys.stderr, flush=True)
        return verdict(*answers), done, answers, folder

    def one(self, mutant: Mutant) -> None:
        found, done, answers, folder = self.attempt(mutant)
        if found is not None and found[0].startswith("differ"):
            again = verdict(*self.pair.check(folder))  # the same folder again: is it stable?
            if again is None or again[0] != found[0]:
                found = (f"flaky:{found[0]}", f"not reproducible: {found[1]}")
        shutil.rmtree(folder, ignore_errors=True)
        if found is None:
            return
        signature, reason = found
        self.failures.setdefault(signature, []).append(reason)
        print(f"FAIL {signature}: {reason}", file=sys.stderr, flush=True)
        if len(self.failures[signature]) <= KEEP_PER_SIGNATURE:
            self.save(self.minimised(mutant, signature), signature)

    def minimised(self, mutant: Mutant, signature: str) -> Mutant:
        """Fewer steps, then fewer seed entries, while the failure keeps its signature."""
        budget = time.monotonic() + MINIMISE_BUDGET

        def still_fails(candidate: Mutant) -> bool:
            if time.monotonic() > budget:
                return False  # (a hang costs TIMEOUT a try: keep what we have)
            found, _, _, folder = self.attempt(candidate)
            shutil.rmtree(folder, ignore_errors=True)
            return found is not None and found[0] == signature

        steps = list(mutant.steps)
        for index in reversed(range(len(steps))):
            trial = steps[:index] + steps[index + 1:]
            if trial and still_fails(Mutant(mutant.seed, trial)):
                steps = trial
        drops: list[str] = []
        for entry in droppable(self.seeds[mutant.seed]):
            if still_fails(Mutant(mutant.seed, steps, drops + [entry])):
                drops.append(entry)
        return Mutant(mutant.seed, steps, drops)

    def save(self, mutant: Mutant, signature: str) -> None:
        self.saved += 1
        slug = re.sub(r"[^A-Za-z0-9]+", "-", signature).strip("-")[:60]
        target = self.args.out / f"{self.saved:03d}-{slug}"
        folder = self.scratch / "work" / "save"
        done = mutant.build(self.seeds, folder)
        answers = self.pair.check(folder)
        found = verdict(*answers)
        shutil.copytree(folder, target / "package", symlinks=True, copy_function=_copy)  # real copies, not links
        shutil.rmtree(folder, ignore_errors=True)
        reason = found[1] if found else f"(did not fail again once minimised) {signature}"
        (target / "reason.txt").write_text(reason + "\n")
        (target / "mutant.json").write_text(json.dumps({"seed": mutant.seed, "steps": mutant.steps,
                                                        "drops": mutant.drops, "done": done}, indent=1))
        (target / "answers.json").write_text(json.dumps({"C": answers[0], "pure": answers[1]}, indent=1))
        with open(self.args.out / "failures.txt", "a") as listing:
            listing.write(f"{target.name}\t{reason}\n")

    def close(self) -> None:
        self.pair.normal.stop()
        self.pair.pure.stop()
        summary = {"mutants": self.count, "failures": {sig: len(reasons) for sig, reasons in self.failures.items()},
                   "examples": {sig: reasons[0] for sig, reasons in self.failures.items()}}
        (self.args.out / "summary.json").write_text(json.dumps(summary, indent=1))
        print(json.dumps(summary, indent=1), file=sys.stderr)


def check_one(path: Path, out: Path) -> int:
    """--check: one path through both workers; print the verdict and the answers' difference."""
    pair = Pair(Worker(False, out / "worker-c.log", "0"), Worker(True, out / "worker-pure.log", "0"))
    try:
        normal, pure = pair.check(path.resolve())
    finally:
        pair.normal.stop()
        pair.pure.stop()
    found = verdict(normal, pure)
    print(found[1] if found else f"agree: {len(normal.get('findings', []))} findings")
    for label, answer in (("C", normal), ("pure", pure)):
        if answer["status"] != "ok":
            print(f"--- {label}:\n{answer.get('traceback') or answer.get('detail')}")
    return 1 if found else 0


def _interrupted(number, frame) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to fuzz (default 5)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for failing mutants and worker logs "
                             "(default fuzz-out; with --check, a temporary one)")
    parser.add_argument("--check", type=Path, default=None, help="check one PATH with both workers and exit")
    parser.add_argument("--kinds", type=lambda text: text.split(","), default=None,
                        help="only these mutation kinds, comma-separated (default: all, by their weights)")
    args = parser.parse_args(argv)
    if args.check is not None and args.out is None:  # only the workers' logs: nothing to keep
        with tempfile.TemporaryDirectory(prefix="dday2-fuzz-check-") as logs:
            return check_one(args.check, Path(logs))
    args.out = (args.out or Path("fuzz-out")).resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.check is not None:
        return check_one(args.check, args.out)
    unknown = sorted(set(args.kinds or ()) - set(fuzz_mutations.KINDS))
    if unknown:
        parser.error(f"unknown kinds {', '.join(unknown)}; known: {', '.join(sorted(fuzz_mutations.KINDS))}")
    if args.seed is None:
        args.seed = int(time.time())
    signal.signal(signal.SIGTERM, _interrupted)  # `kill PID` stops the workers too
    print(f"fuzz: seed {args.seed}, {args.minutes} min, failures to {args.out}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="dday2-fuzz-") as scratch:
        fuzzer = Fuzzer(args, Path(scratch))
        try:
            fuzzer.run(args.minutes * 60)
        except KeyboardInterrupt:
            print("fuzz: interrupted", file=sys.stderr)
        finally:
            fuzzer.close()
    return 1 if fuzzer.failures else 0


if __name__ == "__main__":
    sys.exit(main())
