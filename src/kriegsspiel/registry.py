"""Every named check of every registered ruleset, for `kriegsspiel odds`."""

from __future__ import annotations

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.core.plans import PlanDef
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


def all_plans() -> dict[str, PlanDef]:
    return {plan.name: plan for r in RULESETS.values() for plan in r.plans()}


def find_plan(name: str) -> PlanDef:
    plans = all_plans()
    if name not in plans:
        raise InputError(name, f"unknown plan (plans: {', '.join(sorted(plans))})")
    return plans[name]
