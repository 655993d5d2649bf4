"""Every named check of every registered ruleset, for `kriegsspiel odds`."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import RULESETS, named_checks

if TYPE_CHECKING:  # the checks' modules load with the checks, the plans' with a ruleset
    from kriegsspiel.core.checks import CheckDef
    from kriegsspiel.core.plans import PlanDef


def all_checks() -> list[CheckDef]:
    return list(_checks_by_name().values())


@functools.cache
def _checks_of(ruleset: str) -> dict[str, CheckDef]:
    return {c.name: c for c in named_checks(ruleset)}


@functools.cache
def _checks_by_name() -> dict[str, CheckDef]:
    merged = {name: c for r in RULESETS for name, c in _checks_of(r).items()}
    return dict(sorted(merged.items()))


def find_check(name: str) -> CheckDef:
    """`RULESET.CHECK`: only that ruleset is loaded to find it."""
    prefix = name.partition(".")[0]
    if prefix in RULESETS:
        found = _checks_of(prefix).get(name)
        if found is not None:
            return found
    names = ", ".join(_checks_by_name())
    raise InputError(name, f"unknown check (checks: {names})")


def all_plans() -> dict[str, PlanDef]:
    return {plan.name: plan for r in RULESETS.values() for plan in r.plans()}


def find_plan(name: str) -> PlanDef:
    """`RULESET.PLAN`: only that ruleset is loaded to find it."""
    prefix = name.partition(".")[0]
    if prefix in RULESETS:
        found = next((p for p in RULESETS[prefix].plans() if p.name == name), None)
        if found is not None:
            return found
    plans = all_plans()
    if name not in plans:
        raise InputError(name, f"unknown plan (plans: {', '.join(sorted(plans))})")
    return plans[name]
