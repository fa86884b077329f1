"""The check turns glibc's fastbins off once per process, and leaves a user's GLIBC_TUNABLES alone."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys

import pytest

from converter.check import allocator


class _Libc:
    def __init__(self, glibc: bool = True):
        self.calls = []
        if glibc:
            self.gnu_get_libc_version = lambda: b"2.36"

    def mallopt(self, parameter, value):
        self.calls.append((parameter, value))
        return 1


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(allocator, "_tuned", False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("GLIBC_TUNABLES", raising=False)


def test_fastbins_are_turned_off_once(fresh, monkeypatch) -> None:
    libc = _Libc()
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    assert allocator.without_fastbins() is True
    assert allocator.without_fastbins() is False
    assert libc.calls == [(1, 0)]  # M_MXFAST, 0


def test_a_users_mxfast_stays(fresh, monkeypatch) -> None:
    libc = _Libc()
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.mxfast=64")
    assert allocator.without_fastbins() is False and libc.calls == []


def test_nothing_without_glibc(fresh, monkeypatch) -> None:
    libc = _Libc(glibc=False)
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    assert allocator.without_fastbins() is False and libc.calls == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt is Linux's")
def test_the_real_libc_takes_it() -> None:
    """In a fresh process the real mallopt is called, and its answer returned: glibc takes it; a
    malloc put in its place (a sanitizer's, LD_PRELOAD) may refuse, and then asking again does too."""
    code = ("import ctypes; from converter.check.allocator import without_fastbins; "
            "libc = ctypes.CDLL(None); done = without_fastbins(); "
            "print(done, hasattr(libc, 'gnu_get_libc_version') and bool(libc.mallopt(1, 0)), "
            "'LD_PRELOAD' in __import__('os').environ)")
    environment = {key: value for key, value in os.environ.items() if key != "GLIBC_TUNABLES"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment)
    done, taken, preloaded = out.stdout.split()
    assert done == taken
    assert done == "True" or preloaded == "True"
