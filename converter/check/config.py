"""Per-map settings: `[tool.dday2.check]` in the map's `pyproject.toml` or `[check]` in its
`.dday2.toml` (the latter wins), or an explicit `--config FILE`. Keys: select, ignore, fail-on,
outline-tolerance, baseline (a path from the settings file's folder)."""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path

from converter.findings import Severity

# px: a center or unit this close outside its territory's outline is on it (M307, M308); the
# outline is a pixel line drawn over both sides, and M309 lets borders a pixel or two apart be
OUTLINE_TOLERANCE = 2.0
MAX_OUTLINE_TOLERANCE = 100.0  # px; more would hide whole misplaced points


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class CheckSettings:
    select: tuple[str, ...] = ()  # code prefixes; empty = all
    ignore: tuple[str, ...] = ()
    fail_on: Severity = Severity.ERROR
    outline_tolerance: float = OUTLINE_TOLERANCE  # px, M307 and M308
    baseline: Path | None = None  # the findings to leave out (baseline.py)

    def wants(self, code: str) -> bool:
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        return not any(code.startswith(prefix) for prefix in self.ignore)

    def merged(self, **overrides) -> "CheckSettings":
        """Command-line values replace the file's where given."""
        values = {key: value for key, value in overrides.items() if value not in (None, ())}
        return CheckSettings(**{**self.__dict__, **values})


def split_codes(text: str | list | None) -> tuple[str, ...]:
    if text is None:
        return ()
    items = text if isinstance(text, list) else str(text).split(",")
    return tuple(str(item).strip().upper() for item in items if str(item).strip())


def checked_codes(codes: tuple[str, ...], where: str) -> tuple[str, ...]:
    """`codes`, when each is a rule code or the start of one; else ConfigError naming the first
    that is neither (a mistyped `--select M3O2` would otherwise select nothing, and a CI job
    would pass having checked nothing)."""
    from converter.check.runner import INTERNAL_CODE, REGISTRY  # the rules register on import

    known = sorted({rule.code for rule in REGISTRY} | {INTERNAL_CODE})
    for code in codes:
        if not any(map(str.startswith, known, [code] * len(known))):
            near = _nearest(code, known)
            raise ConfigError(f"{where}: {code} is not a rule code or the start of one"
                              + (f" (did you mean {near}?)" if near else "") + "; see dday2 check --list-rules")
    return codes


def _nearest(code: str, known: list[str]) -> str | None:
    """The known code one character off in place (M3O2: M302), else difflib's closest."""
    off_by_one = [each for each in known if len(each) == len(code) and sum(map(str.__ne__, each, code)) == 1]
    if off_by_one:
        return off_by_one[0]
    near = difflib.get_close_matches(code, known, n=1)
    return near[0] if near else None


def _section(path: Path) -> dict:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read config ({error})") from None
    keys = ("check",) if path.name != "pyproject.toml" and "check" in data else ("tool", "dday2", "check")
    return _table_at(data, keys, path)


def _table_at(data: dict, keys: tuple[str, ...], path: Path) -> dict:
    """data[key][key]...; {} when absent. A value that is no table (`check = 5`) is the
    file's error, not a reason to fail with a traceback."""
    for depth, key in enumerate(keys):
        data = data.get(key, {})
        if not isinstance(data, dict):
            raise ConfigError(f"{path}: {'.'.join(keys[:depth + 1])} must be a table, not {type(data).__name__}")
    return data


def from_table(table: dict, source: Path) -> CheckSettings:
    unknown = set(table) - {"select", "ignore", "fail-on", "fail_on", "outline-tolerance", "outline_tolerance",
                            "baseline"}
    if unknown:
        raise ConfigError(f"{source}: unknown check setting(s) {', '.join(sorted(unknown))}")
    fail_on = table.get("fail-on", table.get("fail_on"))
    try:
        severity = Severity.parse(str(fail_on)) if fail_on is not None else Severity.ERROR
    except ValueError as error:
        raise ConfigError(f"{source}: {error}") from None
    tolerance = table.get("outline-tolerance", table.get("outline_tolerance", OUTLINE_TOLERANCE))
    baseline = table.get("baseline")
    if baseline is not None and (not isinstance(baseline, str) or not baseline.strip()):
        raise ConfigError(f"{source}: baseline must be a file name (text), not {baseline!r}")
    return CheckSettings(checked_codes(split_codes(table.get("select")), f"{source}: select"),
                         checked_codes(split_codes(table.get("ignore")), f"{source}: ignore"), severity,
                         checked_tolerance(tolerance, f"{source}: outline-tolerance"),
                         source.parent / baseline if baseline is not None else None)


def checked_tolerance(value, where: str) -> float:
    """`value` as pixels (a number from 0 to MAX_OUTLINE_TOLERANCE); else ConfigError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_OUTLINE_TOLERANCE:
        raise ConfigError(f"{where} must be a number of pixels from 0 to {MAX_OUTLINE_TOLERANCE:g}, not {value!r}")
    return float(value)


def load_settings(root: Path | None, explicit: Path | None = None) -> CheckSettings:
    if explicit is not None:
        return from_table(_section(explicit), explicit)
    if root is None:
        return CheckSettings()
    for name in (".dday2.toml", "pyproject.toml"):
        path = root / name
        if path.is_file():
            table = _section(path)
            if table:
                return from_table(table, path)
    return CheckSettings()
