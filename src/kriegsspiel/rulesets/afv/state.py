"""The `afv` game state: the deck and the card in play, every AFV with its crew, every man,
and the losses that morale counts. Frozen structs; `with_*` helpers return new states.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from kriegsspiel.core.kept import kept
from kriegsspiel.core.scenario import Point
from kriegsspiel.rulesets.afv.scenario import AfvScenario, AfvUnit
from kriegsspiel.rulesets.afv.vehicles import Catalogue, Round, VehicleType, WeaponType

CrewStatus = Literal["ok", "light", "serious", "killed", "out"]
ManStatus = Literal["ok", "light", "serious", "killed"]
Morale = Literal["normal", "halted", "retreating"]
AfvStatus = Literal["active", "destroyed", "abandoned", "exited"]
LossKind = Literal[
    "man-killed",
    "leader-killed",
    "afv-lost",
    "small-vehicle-lost",
    "afv-exited",
    "heavy-weapon-lost",
    "heavy-weapon-regained",
]
LOSS_KINDS: tuple[LossKind, ...] = (
    "man-killed",
    "leader-killed",
    "afv-lost",
    "small-vehicle-lost",
    "afv-exited",
    "heavy-weapon-lost",
    "heavy-weapon-regained",
)
Fault = Literal["main-gun", "bow", "coax", "aa", "transmission", "track"]


class Crewman(msgspec.Struct, frozen=True):
    id: str
    name: str
    leader: bool
    position: str | None  # the role of the position he occupies; None once out of it
    status: CrewStatus = "ok"
    acquired: tuple[str, ...] = ()  # targets he has acquired (AMB-AFV-08)
    looking_rear: bool = False  # AMB-AFV-09
    on_deck: bool = False  # AMB-AFV-18
    kit: str | None = None  # AFV-BAIL-02, once out

    @property
    def fit(self) -> bool:
        """SK-STATUS: a lightly wounded crewman still acts."""
        return self.status in ("ok", "light") and self.position is not None


class Mg(msgspec.Struct, frozen=True):
    """AFV-AMMO-01 with AMB-AFV-20: two 250-round boxes, one loaded and one spare."""

    boxes: int = 2
    rounds: int = 250


class Vehicle(msgspec.Struct, frozen=True, dict=True):
    """An AFV and its crew; `dict=True` only lets derived lookups be cached on each (immutable)
    vehicle."""

    unit: str
    side: str
    type: str
    position: Point
    facing: float
    path: tuple[Point, ...]  # from the entry point (AMB-AFV-22)
    crew: dict[str, Crewman]
    hatches: dict[str, bool]  # role -> open (unbuttoned)
    mgs: dict[str, Mg]
    turret: float = 0.0  # the gun's bearing relative to the hull facing
    speed: float = 0.0
    road: str | None = None
    road_dir: int = 1
    ammo_rolled: int | None = None
    ammo: dict[Round, int] | None = None  # rounds left by type, once split (AFV-AMMO-04)
    loaded: Round | None = None
    faults: tuple[Fault, ...] = ()
    smoke: bool = False  # AFV-MALF-01/02
    smoke_clears_on: int | None = None  # the card number from which the crew sees again
    sighted: str | None = None  # AFV-CREW-14: the target the gunner sighted in on
    morale: Morale = "normal"
    threat: str | None = None  # the enemy weapon that halted it (AFV-MORALE-04)
    abandon: bool = False  # AFV-MORALE-16
    immobilised_tested: bool = False  # AMB-AFV-23: once
    status: AfvStatus = "active"

    @property
    def gun_bearing(self) -> float:
        return (self.facing + self.turret) % 360.0

    @property
    def immobilised(self) -> bool:
        return "track" in self.faults or "transmission" in self.faults

    @property
    def active(self) -> bool:
        return self.status == "active"

    @kept
    def seats(self) -> dict[str, Crewman]:
        """The crewman in each manned position (by its role)."""
        out: dict[str, Crewman] = {}
        for c in self.crew.values():
            if c.position is not None:
                out.setdefault(c.position, c)
        return out

    def at(self, role: str) -> Crewman | None:
        """The crewman in the position `role`, if any."""
        return self.seats.get(role)

    def aboard(self) -> list[Crewman]:
        return [c for c in self.crew.values() if c.position is not None]


class Man(msgspec.Struct, frozen=True):
    id: str
    unit: str
    side: str
    name: str
    weapon: str
    position: Point
    leader: bool = False
    status: ManStatus = "ok"
    shots: int | None = None  # left, for one-shot weapons

    @property
    def fit(self) -> bool:
        return self.status in ("ok", "light")


class Card(msgspec.Struct, frozen=True):
    id: str
    side: str
    holder: str | None  # the crew or team it belongs to; None = a free-move card


class InPlay(msgspec.Struct, frozen=True):
    """The card being played: who holds it and what has been done on it."""

    card: str
    number: int  # how many cards have been drawn in the game, this one included
    side: str
    holder: str | None
    acted: tuple[str, ...] = ()  # crewmen and men who have acted on it (AFV-CREW-01)
    traversed: dict[str, float] = {}  # degrees each turret turned on it (AFV-TURRET-01/02)


class Loss(msgspec.Struct, frozen=True):
    """A loss that counts for morale (AFV-MORALE-06..13), with who suffered and caused it."""

    kind: LossKind
    side: str
    formation: str = ""
    by_side: str = ""
    by_formation: str = ""


class AfvState(msgspec.Struct, frozen=True, dict=True):
    """The state; `dict=True` only lets derived lookups be cached on each (immutable) state."""

    scenario: AfvScenario
    catalogue: Catalogue
    vehicles: dict[str, Vehicle]
    men: dict[str, Man]
    cards: tuple[Card, ...]
    left: tuple[str, ...]  # ids of the cards still in the deck, in the deck's fixed order
    turn: int = 1
    card: InPlay | None = None
    drawn: int = 0
    losses: tuple[Loss, ...] = ()
    over: bool = False

    def unit(self, unit_id: str) -> AfvUnit:
        return self.scenario.unit_index[unit_id]

    def vtype(self, vehicle_id: str) -> VehicleType:
        return self.catalogue.vehicles[self.vehicles[vehicle_id].type]

    def weapon(self, key: str) -> WeaponType:
        return self.catalogue.weapons[key]

    def card_of(self, card_id: str) -> Card:
        return self._cards[card_id]

    @kept
    def _cards(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    @kept
    def in_setup(self) -> bool:
        """SK-SETUP: until every AFV with a main gun has its rounds split. Over once a card has
        been drawn: no card is drawn before (deck.py `draw`), and rounds split stay split."""
        return not self.drawn and any(
            v.ammo is None and self.vtype(k).main_gun is not None and v.active
            for k, v in self.vehicles.items()
        )

    def side_of(self, model: str) -> str | None:
        if model in self.vehicles:
            return self.vehicles[model].side
        if model in self.men:
            return self.men[model].side
        return None

    def formation_of(self, model: str) -> str:
        unit = self.vehicles[model].unit if model in self.vehicles else self.men[model].unit
        return self.unit(unit).formation

    def unit_active(self, unit_id: str) -> bool:
        if unit_id in self.vehicles:
            v = self.vehicles[unit_id]
            return v.active and any(c.fit for c in v.crew.values())
        return any(m.fit for m in self.men.values() if m.unit == unit_id)


def with_vehicle(state: AfvState, vehicle_id: str, vehicle: Vehicle) -> AfvState:
    return replace(state, vehicles={**state.vehicles, vehicle_id: vehicle})


def with_crewman(state: AfvState, vehicle_id: str, crewman: Crewman) -> AfvState:
    v = state.vehicles[vehicle_id]
    return with_vehicle(state, vehicle_id, replace(v, crew={**v.crew, crewman.id: crewman}))


def with_man(state: AfvState, man: Man) -> AfvState:
    return replace(state, men={**state.men, man.id: man})


def crewman_vehicle(state: AfvState, crewman_id: str) -> str | None:
    return next((k for k, v in state.vehicles.items() if crewman_id in v.crew), None)
