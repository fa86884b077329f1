"""Atomic single-file writes (the preview PNG, engine scripts): complete or absent, and with
the permissions a plain write would have given, not mkstemp's private 0600."""

from __future__ import annotations

import os
import stat

import pytest

from converter.atomic import write_bytes_atomic, write_text_atomic
from converter.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "fchmod"), reason="file modes are POSIX")


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022():
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_a_new_file_gets_the_umask_mode_like_a_plain_write(tmp_path, umask_022):
    written, plain = tmp_path / "written.bin", tmp_path / "plain.bin"
    write_bytes_atomic(written, b"data")
    plain.write_bytes(b"data")
    assert written.read_bytes() == b"data"
    assert _mode(written) == _mode(plain) == 0o644
    os.umask(0o077)
    private = tmp_path / "private.txt"
    write_text_atomic(private, "text")
    assert _mode(private) == 0o600


def test_a_replaced_file_keeps_its_mode(tmp_path, umask_022):
    target = tmp_path / "script.sh"
    target.write_text("old")
    target.chmod(0o750)
    write_text_atomic(target, "new")
    assert target.read_text() == "new" and _mode(target) == 0o750
    assert [path.name for path in tmp_path.iterdir()] == ["script.sh"]  # no temporary left behind


def test_the_preview_png_is_readable_by_others(tmp_path, umask_022, built_dday2):
    output = tmp_path / "preview.png"
    assert main(["preview", str(built_dday2), "-o", str(output)]) == 0
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _mode(output) == 0o644


def test_the_staged_package_folder_gets_the_umask_mode_like_a_plain_mkdir(tmp_path, umask_022):
    from converter.atomic import staging_directory

    plain = tmp_path / "plain"
    plain.mkdir()
    staged = staging_directory(tmp_path / "package")
    assert _mode(staged) == _mode(plain) == 0o755
    os.umask(0o027)
    assert _mode(staging_directory(tmp_path / "team")) == 0o750  # not widened to 0755
