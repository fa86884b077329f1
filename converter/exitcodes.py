"""Named process exit codes shared by every subcommand."""

from enum import IntEnum


class ExitCode(IntEnum):
    CLEAN = 0  # nothing found, job done
    FINDINGS = 1  # findings at or above the failure threshold
    USAGE = 2  # bad input, usage error or internal error
