"""One crew position of one AFV as `crew_choices.py` offers the actions of the crewman in it:
his duties (AFV-CREW-03..21, as `base.has_duty`), his name in the labels, and every candidate
that reads nothing of the state but who he is (bailing out, changing position, hatches, the
back deck, repairs, speeds, loading), made once per AFV, position and crewman: a candidate is
immutable, so the same one serves every state that offers it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.memo import Memo
from kriegsspiel.rulesets.afv.ammo import RELOADERS, Load, ReloadMg, Unload
from kriegsspiel.rulesets.afv.crew import (
    DECK_ROLES,
    HATCH_ROLES,
    REPAIRERS,
    BailOut,
    Button,
    ChangePosition,
    Deck,
    Repair,
    Unbutton,
)
from kriegsspiel.rulesets.afv.gunnery import FIRERS, Fire, SightIn, Weapon
from kriegsspiel.rulesets.afv.movement import SetSpeed
from kriegsspiel.rulesets.afv.scenario import MAX_SPEED
from kriegsspiel.rulesets.afv.turret import Traverse
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, Position, VehicleType
from kriegsspiel.rulesets.afv.vision import ACQUIRERS, Acquire, Look

WEAPONS: tuple[Weapon, ...] = ("main", "coax", "bow", "aa")
WEAPON_NAMES = {"main": "main gun", "coax": "coaxial MG", "bow": "bow MG", "aa": "AA MG"}
SPEED = Domain("speed", "number", low=0.0, high=MAX_SPEED)


class Aim:
    """A duty aimed at targets (targets.py `offer`): the action on one, and its labels."""

    def __init__(self, make: Callable[[str], Any], what: str, many: str) -> None:
        self.make, self.what, self.many = make, what, many


class Post:
    def __init__(self, vid: str, vt: VehicleType, vehicle: str, pos: Position, name: str) -> None:
        role = pos.role
        duties = {role, *pos.also}

        def may(*allowed: str) -> bool:
            return not duties.isdisjoint(allowed)

        default = name == f"{vehicle} {role}"  # a crewman the scenario did not name
        who = f"{vehicle}'s {role}" if default else f"{vehicle}: {name} ({role})"
        self.who = who
        # AFV-CREW-07: out by an exit of his position, or from the back deck (AMB-AFV-18)
        self.bail_outs = _bail_outs(vid, role, who, tuple(pos.exits))
        self.off_deck = _bail_outs(vid, role, who, ("back deck",))
        # AFV-CREW-06: to each other position (the empty ones are kept when offered)
        self.moves = tuple(
            (
                other,
                Candidate(
                    ChangePosition(vid, role, other.role),
                    f"{who} moves to the {other.role}'s position",
                ),
            )
            for other in vt.positions
        )
        # AFV-CREW-05 hatches; AMB-AFV-18 the back deck
        self.hatch = may(*HATCH_ROLES)
        self.button = Candidate(Button(vid, role), f"{who} drops inside and shuts his hatch")
        self.unbutton = Candidate(Unbutton(vid, role), f"{who} opens his hatch")
        self.deck = may(*DECK_ROLES)
        self.deck_on = Candidate(Deck(vid, role, True), f"{who} climbs onto the back deck")
        self.deck_off = Candidate(Deck(vid, role, False), f"{who} drops back into the turret")
        # AFV-REPAIR-01..03, AMB-AFV-13: the items his duties let him work on
        self.repairs = {
            item: Candidate(Repair(vid, role, item), f"{who} works on the {item}")  # type: ignore[arg-type]
            for item, (roles, _) in REPAIRERS.items()
            if may(*roles)
        }
        # AFV-CREW-03, AFV-MOVE-01: any speed up to 6", the sample stopping or starting it
        self.drives = may("driver")
        label = f'{who} sets the speed (0 to {MAX_SPEED:g}" a card)'
        self.stop = Candidate(SetSpeed(vid, role, 0.0), label, (SPEED,))
        self.start = Candidate(SetSpeed(vid, role, MAX_SPEED), label, (SPEED,))
        self.steer = f"{who} steers to a new heading"
        # AFV-CREW-13/20, AFV-TURRET-01/02
        self.turret = vt.turret and may("gunner", "commander")
        self.traverse_per_card = vt.traverse_per_card
        self.traverse = Aim(
            partial(Traverse, vid, role), f"{who} traverses onto", f"{who} traverses onto a target"
        )
        # AFV-VIS-02..08, AMB-AFV-08/09
        self.looks = role not in ("driver", "co-driver") and may("commander")
        self.look = {
            way: Candidate(Look(vid, role, way), f"{who} turns to watch the {way}")
            for way in ("rear", "front")
        }
        self.acquires = may(*ACQUIRERS)
        self.acquire = Aim(
            partial(Acquire, vid, role), f"{who} looks for", f"{who} looks for a target"
        )
        # AFV-CREW-15: load a round, or unload; AFV-CREW-10/16: a fresh MG box
        self.loads = may("loader") and vt.main_gun is not None
        self.load = tuple((r, Candidate(Load(vid, role, r), f"{who} loads {r}")) for r in ROUNDS)
        self.unload = {
            r: Candidate(Unload(vid, role), f"{who} unloads the {r} round") for r in ROUNDS
        }
        self.reloads = tuple(
            (mg, Candidate(ReloadMg(vid, role, mg), f"{who} reloads the {WEAPON_NAMES[mg]}"))
            for mg in vt.mgs
            if mg in RELOADERS and may(RELOADERS[mg][0])
        )
        # AFV-CREW-08/11/14/17/18/21: the weapons his duties let him fire, and sighting in
        self.fires = tuple(
            (weapon, key, _fire(vid, role, weapon, who))
            for weapon in WEAPONS
            if (key := vt.main_gun if weapon == "main" else vt.mgs.get(weapon)) is not None
            and may(*FIRERS[weapon][0])
        )
        self.sights_in = (
            Aim(partial(SightIn, vid, role), f"{who} sights in on", f"{who} sights in on a target")
            if vt.main_gun is not None and may("gunner")
            else None
        )


def _bail_outs(vid: str, role: str, who: str, exits: tuple[str, ...]) -> tuple[Candidate, ...]:
    """No exit named: his position's first; then each exit in words ("the top hatch")."""
    if not exits:
        return ()
    named = (
        Candidate(BailOut(vid, role, via), f"{who} bails out by the {via.replace('-', ' ')}")
        for via in exits
    )
    return (Candidate(BailOut(vid, role), f"{who} bails out"), *named)


def _fire(vid: str, role: str, weapon: Weapon, who: str) -> Aim:
    gun = WEAPON_NAMES[weapon]
    return Aim(
        partial(Fire, vid, role, weapon), f"{who} fires the {gun} at", f"{who} fires the {gun}"
    )


_POSTS: Memo[Post] = Memo()


def post(vid: str, vt: VehicleType, vehicle: str, pos: Position, name: str) -> Post:
    """The post of the crewman `name` in position `pos` of the AFV `vid` (named `vehicle`)."""
    also = (vid, pos.role, vehicle, name)
    got = _POSTS.get(vt, also)
    if got is None:
        got = _POSTS.put(vt, Post(vid, vt, vehicle, pos, name), also)
    return got


__all__ = ["WEAPONS", "WEAPON_NAMES", "Aim", "Post", "post"]
