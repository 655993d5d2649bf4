"""Exact odds of a named check, as plain data for the command line and the web app."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from kriegsspiel.core.checks import CheckDef


def percent(p: Fraction) -> float:
    return round(float(p * 100), 1)


def param_values(check: CheckDef, args: Sequence[str]) -> dict[str, Any]:
    """The parameters a check is built with: the defaults, then the KEY=VALUE arguments."""
    values: dict[str, Any] = {p.name: p.default for p in check.params}
    params = {p.name: p for p in check.params}
    for arg in args:
        name, _, raw = arg.partition("=")
        values[name] = params[name].parse(raw)
    return values


def odds_report(check_def: CheckDef, args: Sequence[str] = ()) -> dict[str, Any]:
    """The exact odds of a named check, as `kriegsspiel odds --json` prints them."""
    check = check_def.with_args(args)  # validates the arguments first
    return {
        "check": check_def.name,
        "summary": check_def.summary,
        "dice": [pool.label for pool in check.pools],
        "params": param_values(check_def, args),
        "outcomes": [
            {"outcome": o, "probability": f"{p.numerator}/{p.denominator}", "percent": percent(p)}
            for o, p in check.odds_table()
        ],
        "modifiers": [msgspec.to_builtins(m) for m in check.modifiers],
        "rules": list(check.rules),
    }
