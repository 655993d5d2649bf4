"""How the log words numbers and names for people: inches to a tenth, angles and millimetres to
the whole number, points as x,y, sides by their names. The state keeps the exact values."""

from __future__ import annotations

from kriegsspiel.core.scenario import Point


def tenth(x: float) -> str:
    """To a tenth, never `-0.0`."""
    return f"{round(x, 1) + 0.0:.1f}"


def inches(x: float) -> str:
    """`3.0"` for 3.00004; a positive length too short to show reads `under 0.1"`."""
    if 0 < abs(x) < 0.05:
        return 'under 0.1"'
    return f'{tenth(x)}"'


def degrees(a: float) -> str:
    """An angle turned, to the degree: `45°` for 44.99999; a turn too small to show reads
    `under 1°`."""
    if 0 < abs(a) < 0.5:
        return "under 1°"
    return f"{round(a)}°"


def compass(b: float) -> str:
    """A bearing or heading, to the degree, 0-359 (359.7 reads `0°`)."""
    return f"{round(b) % 360}°"


def mm(x: float) -> str:
    """Armour or penetration, in whole millimetres."""
    return f"{round(x)} mm"


def point(p: Point) -> str:
    """A place on the table, each inch to a tenth: `24.0,13.5`."""
    return f"{tenth(p[0])},{tenth(p[1])}"


WEAPONS = {"main": "main gun", "coax": "coax MG", "bow": "bow MG", "aa": "AA MG"}


def item_name(fault: str) -> str:
    """A broken item, as a repair names it: a weapon, or the main gun's firing mechanism."""
    return "main gun's firing mechanism" if fault == "main-gun" else WEAPONS.get(fault, fault)


# AFV-BAIL-02: the bail-out kits, as the seed says them.
KITS = {
    "smg-2-mags": "an SMG and two magazines",
    "smg-grenade": "an SMG and a hand grenade",
    "pistol-2-mags": "his pistol and two magazines",
    "nothing": "only the clothes on his back",
}


def kit(outcome: str) -> str:
    """What a crewman brings out (a replaced table's own outcome reads as it is)."""
    return KITS.get(outcome, outcome)
