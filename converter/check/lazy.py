"""`cached`: `functools.cached_property` without its lock.

Python 3.11's cached_property takes a lock on every first access; a check reads a few
dozen lazily built facts once each, and that lock shows in the time of a small map.
Like cached_property from 3.12 on: the value goes into the instance's __dict__, which
every later read finds first. Not for objects shared between threads mid-build.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar, overload

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 - reads like the decorator it replaces
    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> "cached[T]": ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


class prefetched(cached[T]):  # noqa: N801
    """`cached`, for values a background thread may be computing already: a reader first
    waits until the instance's prefetch thread has left this value
    (`instance.prefetched_value(name)`) and takes it; or, when that thread failed on it,
    waits for the thread to end and computes it (so its error surfaces where it always did)."""

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            return instance.prefetched_value(self.name)
        except KeyError:
            return super().__get__(instance, owner)
