"""Play the real engine with a live oracle: every move step asks Python what to do.

    play_with_oracle(xml, rounds, seed, save_path, oracle, timeout=..., load=None) -> PlayReport

The harness runs `play ... --oracle stdio`: every player is seated with our scripted
player; before each of its move steps the engine writes a real save of the game as it
stands and asks; `oracle(request)` gets a `Request` (kind "move": round, step, player,
save path; kind "round": a new round is about to begin) and returns the step's actions
(`script.Move` / `script.End`, executed through the engine's move delegate, which checks
them) or, for a round, True to stop the game before it (the save is then written there).
Battles, casualties and retreats stay with the engine.
"""

from __future__ import annotations

import json
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from converter.realengine.harness import JVM_GRACE_SECONDS, EngineError, PlayReport, _Scratch, play_args, play_report
from converter.realengine.script import End, Move, Place

REQUEST_PREFIX = "@request "


@dataclass(frozen=True)
class Request:
    kind: str  # "move" | "round"
    round: int
    step: str | None
    player: str | None
    save: Path  # the game as it stands, written by the engine just now


Oracle = Callable[[Request], "Sequence[Move | Place | End] | bool"]


def play_with_oracle(xml: Path | str | bytes | None, rounds: int, seed: int, save_path: Path | str, oracle: Oracle,
                     timeout: float = 300.0, load: Path | str | None = None,
                     strict_script: bool = True) -> PlayReport:
    save = Path(save_path).resolve()
    args = play_args(load is None, rounds, "Does Nothing (AI)", seed, save, timeout, load=load) + ["--oracle", "stdio"]
    with _Scratch() as scratch:
        if load is None:
            args[1] = str(scratch.xml_path(xml))
        stderr = open(scratch.root / "engine.log", "wb")  # noqa: SIM115 - closed below
        process = subprocess.Popen(scratch.command(args), cwd=scratch.root, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=stderr)
        watchdog = threading.Timer(timeout + JVM_GRACE_SECONDS, process.kill)
        watchdog.start()
        last = ""
        try:
            for raw in process.stdout:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                if not line.startswith(REQUEST_PREFIX):
                    last = line or last
                    continue
                data = json.loads(line[len(REQUEST_PREFIX):])
                request = Request(data["kind"], int(data["round"]), data.get("step"), data.get("player"),
                                  Path(data["save"]))
                answer = oracle(request)
                if request.kind == "round":
                    reply = {"stop": bool(answer)}
                else:
                    reply = [action.to_json() for action in answer]
                process.stdin.write((json.dumps(reply) + "\n").encode("utf-8"))
                process.stdin.flush()
        except BaseException:
            process.kill()
            raise
        finally:
            watchdog.cancel()
            process.wait()
            stderr.close()
        try:
            report = json.loads(last)
        except json.JSONDecodeError:
            tail = (scratch.root / "engine.log").read_text("utf-8", "replace").splitlines()[-15:]
            raise EngineError(f"the harness gave no report (exit {process.returncode}):\n" + "\n".join(tail)) from None
        if not report.get("ok") and "error" in report:
            raise EngineError(report["error"], report)
    return play_report(report, save, strict_script)
