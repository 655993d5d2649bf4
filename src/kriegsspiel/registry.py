"""Every named check of every registered ruleset, for `kriegsspiel odds`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import RULESETS


def all_checks() -> list[CheckDef]:
    return sorted((c for r in RULESETS.values() for c in r.checks()), key=lambda c: c.name)


def find_check(name: str) -> CheckDef:
    for check in all_checks():
        if check.name == name:
            return check
    names = ", ".join(c.name for c in all_checks())
    raise InputError(name, f"unknown check (checks: {names})")


PlanReport = Callable[[Sequence[str]], dict[str, Any]]


def all_plans() -> dict[str, PlanReport]:
    return {name: report for r in RULESETS.values() for name, report in r.plans().items()}


def find_plan(name: str) -> PlanReport:
    plans = all_plans()
    if name not in plans:
        raise InputError(name, f"unknown plan (plans: {', '.join(sorted(plans))})")
    return plans[name]
