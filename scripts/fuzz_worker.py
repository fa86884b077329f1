"""One long-lived checker for scripts/fuzz_check.py (start it from the repository root).

Reads one package path a line on stdin and answers one JSON line per path on its original
stdout: {"status": "ok", "findings": [...], "errors": [...]} with what `dday2 check` would
report (findings as Finding.to_dict(), `errors`: the one-line messages the CLI prints for an
input or config error), or {"status": "exception", "traceback": "..."} for anything the CLI
would not have turned into a finding or a clear message. Everything else it prints goes to
stderr. Set DDAY2_PURE=1 in its environment for the numpy/Python paths.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import traceback
from contextlib import ExitStack
from pathlib import Path

MEMORY_LIMIT = 3 * 1024**3  # bytes of address space: a runaway allocation fails here, not the machine


def check(path: Path) -> dict:
    """What `converter.cli.check.command` does for one PATH, without click and printing."""
    from converter.check.config import ConfigError, load_settings
    from converter.check.inputs import InputError, resolve
    from converter.check.runner import check_target, dedupe
    from converter.findings.formatters import FORMATTERS

    with ExitStack() as stack:
        try:
            targets = resolve(path, stack)
        except InputError as error:
            return {"status": "ok", "findings": [], "errors": [str(error)]}
        findings = []
        for target in targets:
            try:
                settings = load_settings(target.repo_root or target.map_dir, None)
            except ConfigError as error:
                return {"status": "ok", "findings": [], "errors": [str(error)]}
            findings.extend(check_target(target, settings).findings)
        dicts = [finding.to_dict() for finding in dedupe(findings)]
        header = {"tool": "dday2 check", "checked": [str(target.xml or target.label) for target in targets]}
        for name, formatter in FORMATTERS.items():  # the report must print, too
            text = formatter(dicts, header, colour=False)
            text.encode("utf-8")  # click.echo's stdout is UTF-8 here; a lone surrogate would fail it
    return {"status": "ok", "findings": dicts, "errors": []}


def main() -> None:
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):  # AddressSanitizer's shadow memory needs far more
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    sys.path.insert(0, os.getcwd())
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    from converter.check.engine import load_engine

    load_engine()  # once, before the first answer
    protocol.write(json.dumps({"status": "ready", "pure": bool(os.environ.get("DDAY2_PURE"))}) + "\n")
    protocol.flush()
    for line in sys.stdin:
        path = Path(line.rstrip("\n"))
        try:
            answer = check(path)
        except BaseException:  # noqa: BLE001 - exactly what the fuzzer is looking for
            answer = {"status": "exception", "traceback": traceback.format_exc()}
        protocol.write(json.dumps(answer, ensure_ascii=True) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()
