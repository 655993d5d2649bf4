"""`kept`: a value derived from an immutable object, computed at its first read and kept on the
object, so that every later read is a plain attribute.

It is `functools.cached_property` without the lock that takes on every first read (Python
3.11), which costs more than the value itself for the many short-lived states a game makes.
The object needs a `__dict__` (a msgspec struct declares `dict=True`) and must never change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

Obj = TypeVar("Obj")
T = TypeVar("T")


class kept(Generic[Obj, T]):
    def __init__(self, func: Callable[[Obj], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type[Any] | None = None) -> kept[Obj, T]: ...
    @overload
    def __get__(self, obj: Obj, owner: type[Any] | None = None) -> T: ...
    def __get__(self, obj: Obj | None, owner: type[Any] | None = None) -> kept[Obj, T] | T:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)  # found before `kept` from now on
        return value


__all__ = ["kept"]
