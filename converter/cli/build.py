"""`dday2 build -o OUT [--model DIR] [--force] [--art DIR]`: compile a model to a map package."""

from __future__ import annotations

from pathlib import Path

import click

from converter.exitcodes import ExitCode
from converter.paths import DDAY2_MODEL_DIR


@click.command("build")
@click.option("-o", "--output", "output", type=click.Path(path_type=Path), required=True,
              help="Map repository folder to write (replaced only if dday2 built it, or with --force).")
@click.option("--model", type=click.Path(path_type=Path), default=DDAY2_MODEL_DIR, show_default="embedded D-Day2",
              help="Model folder (maps/<name>/ with its TOML files).")
@click.option("--force", is_flag=True, help="Replace OUT even if dday2 did not build it.")
@click.option("--art", type=click.Path(path_type=Path, exists=True, file_okay=False), default=None,
              help="Use an existing map package's images and text files instead of generating them.")
def command(output: Path, model: Path, force: bool, art: Path | None) -> ExitCode:
    """Compile the canonical model to a TripleA map repository folder."""
    from converter.atomic import OutputExistsError
    from converter.compile.build import BuildOptions, build_package
    from converter.findings.formatters import one_line
    from converter.model import ModelLoadError, load_ruleset
    from converter.package.geography import GeographyError
    from converter.package.geometry import GeometryError
    from converter.package.trace import TraceError

    try:
        rules = load_ruleset(model)
    except ModelLoadError as error:
        click.echo(f"dday2 build: the model in {one_line(model)} has {len(error.errors)} problem(s); nothing written:",
                   err=True)
        for problem in error.errors:  # they quote the model's own text: one line each, escaped
            click.echo(f"  {one_line(problem)}", err=True)
        return ExitCode.USAGE
    try:
        build_package(rules, output, force=force, options=BuildOptions(art=art),
                      progress=lambda stage: click.echo(f"  {stage} ...", err=True))
    except OutputExistsError as error:
        click.echo(f"dday2 build: {one_line(error)}", err=True)
        return ExitCode.USAGE
    except GeometryError as error:
        click.echo(f"dday2 build: the map does not fit the model ({len(error.problems)} problem(s)); nothing written:",
                   err=True)
        for problem in error.problems:
            click.echo(f"  {one_line(problem)}", err=True)
        return ExitCode.USAGE
    except (GeographyError, TraceError) as error:
        click.echo(f"dday2 build: {one_line(error)}; nothing written", err=True)
        return ExitCode.USAGE
    if not (output / "map" / "polygons.txt").is_file():
        click.echo(f"dday2 build: note: {one_line(model)} has no geography.toml; only the game files were written", err=True)
    click.echo(f"built {one_line(rules.name)} ({len(rules.areas)} areas) -> {one_line(output)}")
    return ExitCode.CLEAN
