"""Run every benchmark module in this folder and print its report."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(selected: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_"))
    for name in names:
        if selected and not any(s in name for s in selected):
            continue
        print(f"== {name}", flush=True)
        for line in importlib.import_module(f"bench.{name}").run():
            print(f"   {line}", flush=True)
    return 0


sys.exit(main(sys.argv[1:]))
