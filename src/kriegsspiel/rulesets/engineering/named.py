"""The named checks of engineering (`engineering.demolition`, ...), for `kriegsspiel odds`: they
import the checks and the default tables alone, not the ruleset."""

from __future__ import annotations

from collections.abc import Sequence

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.rulesets.engineering.bridges import fieldwork_checks
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES, check_defs
from kriegsspiel.rulesets.engineering.obstacles import obstacle_checks


def named_checks() -> Sequence[CheckDef]:
    return (
        *check_defs(),
        *fieldwork_checks.check_defs(DEFAULT_TABLES),
        *obstacle_checks.check_defs(DEFAULT_TABLES),
    )
