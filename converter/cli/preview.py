"""`dday2 preview [PACKAGE] -o map.png [--scale S]`: draw a built map package with its setup."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from converter.exitcodes import ExitCode


@click.command("preview")
@click.argument("package", required=False, type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.option("-o", "--output", "output", type=click.Path(path_type=Path), required=True, help="PNG file to write.")
@click.option("--scale", type=click.FloatRange(0.05, 2.0), default=0.5, show_default=True,
              help="Size of the picture relative to the map.")
def command(package: Path | None, output: Path, scale: float) -> ExitCode:
    """Render a map package (default: the embedded D-Day2 model, built in a temporary folder)."""
    from converter.atomic import write_bytes_atomic
    from converter.findings.formatters import one_line
    from converter.package.preview import map_dir_of, render_preview

    def render(folder: Path) -> bytes:
        import io

        buffer = io.BytesIO()
        render_preview(folder, scale).save(buffer, format="PNG")
        return buffer.getvalue()

    if package is None:
        from converter.compile.build import build_package
        from converter.model import load_ruleset
        from converter.paths import DDAY2_MODEL_DIR

        with tempfile.TemporaryDirectory(prefix="dday2-preview-") as scratch:
            built = build_package(load_ruleset(DDAY2_MODEL_DIR), Path(scratch) / "d-day2")
            data = render(built)
    else:
        if not (map_dir_of(package) / "map.properties").is_file():
            click.echo(f"dday2 preview: {one_line(package)} is not a map package (no map.properties)", err=True)
            return ExitCode.USAGE
        data = render(package)
    write_bytes_atomic(output, data)
    click.echo(f"preview -> {one_line(output)}")
    return ExitCode.CLEAN
