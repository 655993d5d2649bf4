"""Choice domains for the legal actions (`core.choices.Domain`): one candidate stands for every
value of a discrete parameter that passes the rules depending on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kriegsspiel.core.choices import Domain

Option = tuple[Any, str]  # a value, and its display name


def choice(param: str, options: Sequence[Option]) -> Domain:
    """The domain of `param` over `options` (the first is the one the candidate holds)."""
    ids, names = zip(*options, strict=True) if options else ((), ())
    return Domain(param, "choice", options=ids, labels=names)
