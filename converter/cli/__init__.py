"""The `dday2` console command: one click group, each subcommand in its own module.

Subcommands are imported lazily so `dday2 odds` does not pay for lxml or Pillow.
"""

from __future__ import annotations

import importlib
import sys

import click

from converter import __version__
from converter.exitcodes import ExitCode

# subcommand name -> module under converter.cli defining `command`
SUBCOMMANDS: dict[str, str] = {
    "build": "build",
    "preview": "preview",
    "check": "check",
    "history": "history",
    "replay": "replay",
    "odds": "odds",
    "simulate": "simulate",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module_name = SUBCOMMANDS.get(name)
        if module_name is None:
            return None
        try:
            module = importlib.import_module(f"converter.cli.{module_name}")
        except ModuleNotFoundError as error:
            if error.name == f"converter.cli.{module_name}":
                return None  # not built yet
            raise
        return module.command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dday2")
def cli() -> None:
    """Reference toolkit for the D-Day2 map of TripleA."""


def main(argv: list[str] | None = None) -> int:
    """Entry point: click's usage errors exit 2, unexpected errors exit 2 with one line."""
    try:
        returned = cli.main(args=argv, prog_name="dday2", standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return ExitCode.USAGE
    except click.Abort:
        click.echo("Aborted.", err=True)
        return ExitCode.USAGE
    except SystemExit as done:  # subcommands may exit with their ExitCode
        return int(done.code or 0)
    except Exception as error:  # noqa: BLE001 - last resort: one line, never a traceback
        from converter.findings.formatters import one_line  # the error may quote hostile input

        click.echo(one_line(f"dday2: internal error: {type(error).__name__}: {error}"), err=True)
        return ExitCode.USAGE
    # subcommands return their ExitCode; a bare None means clean
    return int(returned) if isinstance(returned, int) else ExitCode.CLEAN


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
