"""Shared by `dday2 history` and `dday2 replay`: open a save or say in one line why not."""

from __future__ import annotations

import click

from converter.findings.formatters import one_line
from converter.history import History, build_history
from converter.save import SaveFormatError, SaveGame, load_save


class BadSave(click.ClickException):
    """Exit 2 with one line, no traceback."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: ANN001 - click's signature
        click.echo(one_line(f"dday2: {self.message}"), err=True)  # the reason may quote the save


def open_save(path: str) -> tuple[SaveGame, History]:
    try:
        game = load_save(path)
        return game, build_history(game)
    except SaveFormatError as error:
        raise BadSave(f"{path}: not a readable TripleA save: {error}") from None
