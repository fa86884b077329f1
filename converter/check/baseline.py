"""A baseline: the findings a map had when it started using `dday2 check`, left out of later
reports so that a CI job fails only on new ones while the old ones are worked off.

`dday2 check --baseline FILE --write-baseline` records every finding; `--baseline FILE` then
leaves out each finding the file holds. A finding is matched by its file, code and message,
not its line: an edit above it moves it without making it new (so the line numbers some
messages give, `first on line 12`, are read as `line #`). The file is named from the
baseline's own folder, so `dday2 check .`, `dday2 check map/games/x.xml` and an absolute path
all match the same entries (a zipped map's files are named behind the zip's name, wherever the
zip is). Equal findings are counted: a baseline holding one of them leaves out one, and a
second one made later is reported. A message a newer dday2 words otherwise makes its finding
new: the baseline is written again on upgrading (the README says so).

The file is JSON, written atomically and byte for byte the same for the same findings: one line
per file, code and message with its count, sorted, so that it diffs well in review.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from converter.atomic import write_text_atomic

FORMAT_VERSION = 1
MAX_BASELINE_BYTES = 64 * 1024 * 1024  # a map with every rule firing everywhere stays far below
NOTE = "Findings `dday2 check --baseline` leaves out; written by `dday2 check --baseline FILE --write-baseline`."

Key = tuple[str, str, str]  # (file named from the baseline's folder, code, message without line numbers)
_LINE_NUMBER = re.compile(r"\bline \d+")


class BaselineError(ValueError):
    """The baseline file cannot be read or is not one `--write-baseline` writes."""


@dataclass(frozen=True)
class Baseline:
    path: Path  # resolved
    counts: dict[Key, int]

    @property
    def folder(self) -> Path:
        return self.path.parent


@dataclass(frozen=True)
class Outcome:
    """What a baseline did to one run's findings."""

    path: Path
    left_out: int  # findings it held
    not_found: int  # findings it holds that the run no longer made (fixed, or moved to another file)


def read_baseline(path: Path) -> Baseline:
    """The baseline at `path`; BaselineError naming the file and what is wrong."""
    path = Path(path).resolve()  # as the targets' display roots are
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BASELINE_BYTES + 1)
    except OSError as error:
        hint = " (write it with --write-baseline)" if isinstance(error, FileNotFoundError) else ""
        raise BaselineError(f"cannot read baseline {path}: {error.strerror or error}{hint}") from None
    if len(data) > MAX_BASELINE_BYTES:
        raise BaselineError(f"baseline {path} is over the {MAX_BASELINE_BYTES} byte limit")
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"baseline {path} is not JSON: {error}") from None
    return Baseline(path, _counts(document, path))


def _counts(document, path: Path) -> dict[Key, int]:
    if not isinstance(document, dict) or not isinstance(document.get("findings"), list):
        raise BaselineError(f"baseline {path} holds no \"findings\" list: not written by --write-baseline")
    if document.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        raise BaselineError(f"baseline {path} is version {document.get('version')!r}; this dday2 reads "
                            f"version {FORMAT_VERSION}: write it again with --write-baseline")
    counts: Counter[Key] = Counter()
    for index, entry in enumerate(document["findings"]):
        fields = entry if isinstance(entry, dict) else {}
        key = tuple(fields.get(name) for name in ("file", "code", "message"))
        count = fields.get("count", 1)
        if not all(isinstance(value, str) for value in key) or isinstance(count, bool) \
                or not isinstance(count, int) or count < 1:
            raise BaselineError(f"baseline {path}: findings[{index}] needs a file, code and message (text) "
                                f"and a count of at least 1")
        counts[key] += count
    return dict(counts)


def finding_key(finding, target, folder: Path) -> Key:
    """`finding` (as `check_target` names its file: from the target's display root) keyed for
    a baseline in `folder`."""
    return (_file_from(finding.file, target, folder), finding.code, _LINE_NUMBER.sub("line #", finding.message))


def _file_from(shown: str | None, target, folder: Path) -> str:
    if shown is None:
        return ""
    if target.label.endswith(".zip"):  # "<zip's name>!<member>", wherever the zip is
        return shown
    path = Path(shown)
    return _relative(path if path.is_absolute() else target.display_root / path, folder)


def _relative(path: Path, folder: Path) -> str:
    try:
        return Path(os.path.relpath(path, folder)).as_posix()
    except ValueError:  # another drive (Windows): no relative path
        return path.as_posix()


def left_out(keyed: Iterable[tuple[object, Baseline | None, Key | None]],
             baselines: Iterable[Baseline]) -> tuple[list, list[Outcome]]:
    """The items (anything, each with its baseline and key) no baseline holds, in their order,
    and what each of `baselines` left out. Equal keys use up their baseline's count in order."""
    unused = {baseline.path: dict(baseline.counts) for baseline in baselines}
    kept, dropped = [], Counter()
    for item, baseline, key in keyed:
        if baseline is not None:
            counts = unused[baseline.path]
            if counts.get(key, 0) > 0:
                counts[key] -= 1
                dropped[baseline.path] += 1
                continue
        kept.append(item)
    return kept, [Outcome(path, dropped[path], sum(counts.values())) for path, counts in unused.items()]


def write_baseline(path: Path, keys: Iterable[Key]) -> int:
    """Record the findings' keys at `path` (replacing what it held); how many findings."""
    counts = Counter(keys)
    entries = [{"file": file, "code": code, "message": message, "count": count}
               for (file, code, message), count in sorted(counts.items())]
    head = {"tool": "dday2 check", "version": FORMAT_VERSION, "note": NOTE}
    # one finding a line: adding or fixing one changes one line of the diff
    lines = [json.dumps(entry, ensure_ascii=False) for entry in entries]
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "findings": [\n' + ",\n".join(lines) + "\n]}\n"
    write_text_atomic(Path(path), text)
    return sum(counts.values())
