"""Targets offered as one choice: a crewman's or man's targets in one legal-action entry with a
"choice" domain over them, each option passing every rule the performer checks of a target, so
that any of them is legal whenever the listed one is. The predicates mirror the performers:
acquire (vision.py: AFV-VIS-02..04, SK-LOS, AMB-AFV-08), traverse (turret.py: AFV-CREW-13,
AFV-TURRET-01/02/04), fire and sight in (gunnery.py: AFV-VIS-01/02/04, AFV-CREW-17/21,
AMB-AFV-18, SK-LOS, SK-DEFAULT-TO-HIT) and shoot (SK-INFANTRY, SK-LOS).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.geometry import bearing, distance, in_arc
from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.scenario import Point
from kriegsspiel.rulesets.afv.arcs import FRONT_HALF, in_rear_arc, on_gun, turn
from kriegsspiel.rulesets.afv.base import model_label
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle
from kriegsspiel.rulesets.afv.turret import EPS
from kriegsspiel.rulesets.afv.vehicles import WeaponType


class Targets:
    """The enemies of one side still in the fight (AFV-VIS-01, SK-STATUS), with positions."""

    def __init__(self, state: AfvState, side: str) -> None:
        self.state = state
        self.side = side
        self.at: dict[str, Point] = {
            k: v.position for k, v in state.vehicles.items() if v.side != side and v.active
        }
        self.at.update((k, m.position) for k, m in state.men.items() if m.side != side and m.fit)
        self.ids: list[str] = list(self.at)
        self._names: dict[str, str] = {}
        self._seen: dict[Point, dict[str, Point]] = {}

    def in_sight(self, here: Point) -> dict[str, Point]:
        """The targets in line of sight from `here` (SK-LOS), found once for a whole crew."""
        got = self._seen.get(here)
        if got is None:
            shapes = self.state.scenario.shapes
            got = {t: to for t, to in self.at.items() if shapes.line_of_sight(here, to)}
            self._seen[here] = got
        return got

    @classmethod
    def of(cls, state: AfvState, side: str) -> Targets:
        """The targets of `side` in `state`, made once per dict of vehicles, dict of men and
        side: the states that share them (a card drawn, a crewman's turn spent) share these
        targets and the lines of sight found to them."""
        got = _MADE.get(state.vehicles, side)
        if (
            got is None
            or got.state.men is not state.men
            or got.state.scenario is not state.scenario
        ):
            got = _MADE.put(state.vehicles, cls(state, side), side)
        return got

    def name(self, model: str) -> str:
        got = self._names.get(model)
        if got is None:
            got = self._names[model] = model_label(self.state, model)
        return got


_MADE: Memo[Targets] = Memo(limit=WHOLE)


def offer(
    out: list[Candidate],
    targets: Targets,
    options: Sequence[str],
    make: Callable[[str], Any],
    what: str,
    many: str,
) -> None:
    """One entry for the targets `options`, appended to `out`: the action (`make` of a target)
    on the first, and the others as its "target" domain (made when first asked for: a random
    draw asks it of the one entry drawn); a lone target is named in the label after `what`."""
    if not options:
        return
    first = options[0]
    if len(options) == 1:
        out.append(Candidate(make(first), f"{what} {targets.name(first)}"))
        return
    out.append(Candidate(make(first), many, partial(_choice, targets, tuple(options))))


def _choice(targets: Targets, options: tuple[str, ...]) -> tuple[Domain, ...]:
    names = tuple([targets.name(t) for t in options])
    return (Domain("target", "choice", options=options, labels=names),)


def in_range(weapon: WeaponType, frm: Point, to: Point) -> bool:
    """SK-DEFAULT-TO-HIT: within the weapon's reach, at the range the performer rounds to."""
    return weapon.range is None or round(distance(frm, to), 4) <= weapon.range + 1e-9


def traversable(v: Vehicle, left: float, to: Point) -> bool:
    """AFV-TURRET-04: the turret turns toward any target, part of the way if need be; with no
    traverse left on the card, only onto one the gun already bears on."""
    return left > EPS or abs(turn(v.gun_bearing, bearing(v.position, to))) <= left + EPS


def bears(weapon: str, v: Vehicle, on_deck: bool, to: Point) -> bool:
    """The weapon bears on `to` (gunnery.py `_bears`): the gun and coax where the turret points
    (AFV-VIS-04), the bow MG ahead (AFV-VIS-02), the AA MG astern only from the back deck
    (AMB-AFV-18; its firer's hatch is checked once for all targets)."""
    if weapon in ("main", "coax"):
        return on_gun(v, to)
    if weapon == "bow":
        return in_arc(v.facing, FRONT_HALF, v.position, to)
    return on_deck or not in_rear_arc(v, to)
