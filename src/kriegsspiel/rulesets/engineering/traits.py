"""Unit traits these rules read, and which units may carry them.

ENG-FUNNY-01: special engineering vehicles have no cards of their own; a scenario makes an
ordinary vehicle (a Churchill AVRE, a Sherman) into one by giving it a trait. Nothing in play
adds a trait, and without one the vehicle is its base card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kriegsspiel.errors import InputError

AVRE = "avre"  # the Churchill AVRE, card BR-13 (ENG-FORT-24)
AVRE_CARD = "BR-13"
AVRE_ENGINEER = "avre-engineer"  # ENG-FUNNY-02: the scenario lets it act as combat engineers
DD = "dd"  # ENG-FUNNY-03..08: a Duplex Drive Sherman
ARK = "ark"  # ENG-FUNNY-09..12
BOBBIN = "bobbin"  # ENG-FUNNY-13..16
CONGER = "conger"  # ENG-FUNNY-17..21
BRIDGELAYER = "bridgelayer"  # ENG-BRIDGE-02
FLAMETHROWER = "flamethrower"  # ENG-FORT-09
ASSAULT_TROOPS = "assault-troops"  # ENG-FORT-09: scenario-designated assault troops
SHAPED_CHARGE = "shaped-charge"  # ENG-FORT-17: bazookas, Panzerfausts
ARTILLERY = "artillery"  # fires indirectly (IDF)
DIVE_BOMBER = "dive-bomber"  # ENG-FORT-15/16
TRAITS: tuple[str, ...] = (AVRE, AVRE_ENGINEER, DD, ARK, BOBBIN, CONGER, BRIDGELAYER)
TRAITS += (FLAMETHROWER, ASSAULT_TROOPS, SHAPED_CHARGE, ARTILLERY, DIVE_BOMBER)  # all of these
SHERMAN_CARDS = ("US-02", "BR-02")  # ENG-FUNNY-04: what a DD is once its skirts drop

VEHICLE_ONLY = (AVRE, AVRE_ENGINEER, DD, ARK, BOBBIN, CONGER, BRIDGELAYER)
AVRE_ONLY = (AVRE_ENGINEER, BOBBIN, CONGER)


class UnitLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def traits(self) -> tuple[str, ...]: ...
    @property
    def card(self) -> str: ...


def is_avre(unit: UnitLike) -> bool:
    return AVRE in unit.traits or unit.card == AVRE_CARD


def validate_traits(units: Sequence[UnitLike], where: str) -> None:
    """ENG-FUNNY-01: special engineering traits belong on the vehicles that can have them."""
    for i, u in enumerate(units):
        here = f"{where}: units[{i}].traits"
        for trait in u.traits:
            if trait in VEHICLE_ONLY and u.kind != "armoured-vehicle":
                raise InputError(here, f"{trait!r} is for armoured vehicles (ENG-FUNNY-01)")
            if trait in AVRE_ONLY and not is_avre(u):
                raise InputError(here, f"{trait!r} is for AVREs (card {AVRE_CARD}; ENG-FUNNY-01)")
        if DD in u.traits and u.card and u.card not in SHERMAN_CARDS:
            raise InputError(here, f"a DD tank is a Sherman ({', '.join(SHERMAN_CARDS)})")
