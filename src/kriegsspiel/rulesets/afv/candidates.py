"""Every action a seat might take now (`Ruleset.candidates`), each with a label naming units,
crewmen and features by their display names. A superset of the legal actions: the core keeps
those `perform` accepts up to its first roll. Pruned before anything is generated: by phase
(SK-SETUP, SK-CARD), by whose card is in play and which of its crewmen and men have yet to act
(AFV-CREW-01, SK-INFANTRY), by weapon range and vision arc, so that it stays fast with many
units.

Discrete parameters (unit, crewman, weapon, round, road, card, …) are enumerated, but a
crewman's or man's targets are one entry with a "choice" domain over those that pass every rule
the performer checks of a target (targets.py); continuous parameters carry a `Domain` and a
sample value legal whenever the action is: a man's
destination (SK-INFANTRY), a speed (AFV-MOVE-01), a hull heading (AFV-MOVE-05), a turret
bearing within the traverse left on the card (AFV-TURRET-01/02), a penetration (AFV-MORALE-01).
Two open fields are not enumerated: the counts of a main-gun split (any split adding up to the
rounds aboard, AFV-AMMO-04; the candidate holds one) and the umpire's optional `by` (the enemy
model a recorded result is the work of).
"""

from __future__ import annotations

from functools import partial

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.rulesets.afv.ammo import RollAmmo, SplitAmmo
from kriegsspiel.rulesets.afv.arcs import line_of_sight
from kriegsspiel.rulesets.afv.base import model_label
from kriegsspiel.rulesets.afv.crew_choices import crew_candidates
from kriegsspiel.rulesets.afv.deck import Draw, TakeCard, live_cards
from kriegsspiel.rulesets.afv.gunnery import Shoot
from kriegsspiel.rulesets.afv.infantry import Move
from kriegsspiel.rulesets.afv.state import LOSS_KINDS, AfvState, Man
from kriegsspiel.rulesets.afv.targets import Targets, in_range, offer
from kriegsspiel.rulesets.afv.umpire import CREW_EFFECTS, EFFECTS, Damage, FiredOn, Record
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, Round

EDGE_MARGIN = 0.01  # inches: a sampled point, rounded to 0.01", stays within reach and table


def candidates(state: AfvState, seat: str) -> list[Candidate]:
    """The list, each part appending to it (a generator in a generator costs each entry)."""
    out: list[Candidate] = []
    if state.over or seat == PUBLIC:
        return out
    if state.in_setup:
        _setup(state, seat, out)
    else:
        _draws(state, seat, out)
        card = state.card
        if card is not None and seat in (UMPIRE, card.side):
            if card.holder is None:
                _free_move(state, card.side, out)
            elif card.holder in state.vehicles:
                crew_candidates(state, card.holder, out)
            else:
                _men(state, card.holder, out)
    if seat == UMPIRE:
        _records(state, out)
    return out


def _free_move(state: AfvState, side: str, out: list[Candidate]) -> None:
    """SK-CARD: a free-move card goes to whichever crew or team of its side acts first. The list
    offers the card to each of them; the chosen one's actions follow once it holds the card (a
    crewman's or man's action taken at once is accepted too, and gives it the card)."""
    for u in state.scenario.units:
        if u.side == side and state.unit_active(u.id):
            label = f"{model_label(state, u.id)} takes the free-move card"
            out.append(Candidate(TakeCard(u.id), label))


# -- setup and the deck -------------------------------------------------------------------------


def _setup(state: AfvState, seat: str, out: list[Candidate]) -> None:
    """SK-SETUP: roll each AFV's main-gun rounds, then split them (AFV-AMMO-02..04)."""
    for vid, v in state.vehicles.items():
        if seat not in (UMPIRE, v.side) or v.ammo is not None or not v.active:
            continue
        if state.vtype(vid).main_gun is None:
            continue
        name = model_label(state, vid)
        if v.ammo_rolled is None:
            out.append(Candidate(RollAmmo(vid), f"{name} rolls its main-gun rounds"))
            continue
        total = v.ammo_rolled
        for loaded in (None, *ROUNDS):
            split = _split(total, loaded)
            if split is None:
                continue
            shown = ", ".join(f"{n} {r}" for r, n in split.items() if n)
            breech = f", {loaded} in the breech" if loaded else ", the breech empty"
            out.append(
                Candidate(
                    SplitAmmo(
                        vid,
                        he=split["HE"],
                        ap=split["AP"],
                        smoke=split["SMOKE"],
                        canister=split["CANISTER"],
                        loaded=loaded,
                    ),
                    f"{name} stows its {total} rounds as {shown or 'none'} (or any split of "
                    f"HE, AP, SMOKE and CANISTER adding up to {total}){breech}",
                )
            )


def _split(total: int, loaded: Round | None) -> dict[Round, int] | None:
    """A split of `total` rounds (half AP, the rest HE) with at least one `loaded` round."""
    split: dict[Round, int] = dict.fromkeys(ROUNDS, 0)
    split["AP"] = total // 2
    split["HE"] = total - split["AP"]
    if loaded is not None and split[loaded] < 1:
        if total < 1:
            return None
        donor = max(split, key=lambda r: split[r])
        split[donor] -= 1
        split[loaded] += 1
    return split


def _draws(state: AfvState, seat: str, out: list[Candidate]) -> None:
    """SK-DRAW: the side playing the card in play (anyone, when none is) draws the next; the
    umpire may name the card drawn from a physical deck."""
    card = state.card
    if seat == UMPIRE or card is None or card.side == seat:
        out.append(Candidate(Draw(), "draw the next card"))
    if seat != UMPIRE:
        return
    left = state.left or live_cards(state)
    turns = state.scenario.turns
    ending = not state.left and (not left or (turns is not None and state.turn >= turns))
    for card_id in [c.id for c in state.cards] if ending else left:
        holder = state.card_of(card_id).holder
        whose = f"{model_label(state, holder)}'s card" if holder else "a free-move card"
        out.append(Candidate(Draw(card=card_id), f"the card drawn is {whose} ({card_id})"))


# -- fire teams ---------------------------------------------------------------------------------


def _men(state: AfvState, unit: str, out: list[Candidate]) -> None:
    """SK-INFANTRY: each fit man of the team who has not yet acted moves or shoots."""
    card = state.card
    assert card is not None
    for m in state.men.values():
        if m.unit != unit or not m.fit or m.id in card.acted:
            continue
        out.append(_move(state, m))
        weapon = state.weapon(m.weapon)
        if m.shots is not None and m.shots < 1:
            continue
        targets = Targets.of(state, m.side)
        here = m.position
        aimed = [
            t
            for t, to in targets.at.items()
            if in_range(weapon, here, to) and line_of_sight(state, here, to)
        ]
        offer(
            out,
            targets,
            aimed,
            partial(Shoot, m.id),
            f"{m.name} shoots his {weapon.name} at",
            f"{m.name} shoots his {weapon.name}",
        )


def _move(state: AfvState, m: Man) -> Candidate:
    """A move anywhere within reach and on the table: the domain is the disc of the reach,
    cut short by the nearest table edge; the sample stays where he is."""
    reach = state.scenario.options.infantry_move
    table = state.scenario.table
    x, y = m.position
    if table is not None:
        reach = min(reach, x, y, table[0] - x, table[1] - y)
    high = max(0.0, reach - EDGE_MARGIN)
    domain = Domain("to", "point", high=high, origin=(x, y))
    label = f'{m.name} moves (up to {high:.2f}")'
    return Candidate(Move(m.id, (x, y)), label, (domain,))


# -- the umpire's records (SK-UMPIRE) -----------------------------------------------------------


def _records(state: AfvState, out: list[Candidate]) -> None:
    _losses(state, out)
    best = max((w.best_penetration for w in state.catalogue.weapons.values()), default=0)
    for vid, v in state.vehicles.items():
        if not v.active:
            continue
        name = model_label(state, vid)
        for effect in EFFECTS:
            if effect not in CREW_EFFECTS:
                out.append(
                    Candidate(Damage(vid, effect), f"record: {name} {effect.replace('-', ' ')}")
                )
                continue
            for c in v.aboard():
                assert c.position is not None
                label = f"record: {c.name} ({c.position}) of {name} {effect}"
                out.append(Candidate(Damage(vid, effect, c.position), label))
        armour = state.vtype(vid).armour
        for facing in ("front", "side", "rear"):
            low = float(armour.of(facing))
            domain = Domain("penetration", "number", low=low, high=max(low, float(best)))
            label = f"record: {name} fired on at its {facing} by a weapon of at least {low:g} mm"
            out.append(Candidate(FiredOn(vid, low, facing), label, (domain,)))


def _losses(state: AfvState, out: list[Candidate]) -> None:
    """AFV-MORALE-06..13 (AMB-AFV-05): a loss of a side, for one of its formations or none,
    and caused by another side (one of its formations or none) or by no one named."""
    sides = state.scenario.side_ids
    formations = state.scenario.formations
    for kind in LOSS_KINDS:
        for side in sides:
            for formation in ("", *formations.get(side, ())):
                causes = [("", "")] + [
                    (by, f) for by in sides if by != side for f in ("", *formations.get(by, ()))
                ]
                for by_side, by_formation in causes:
                    whose = f"{side} ({formation})" if formation else side
                    by = f" by {by_side}" if by_side else ""
                    by += f" ({by_formation})" if by_formation else ""
                    out.append(
                        Candidate(
                            Record(kind, side, formation, by_side, by_formation),
                            f"record: {whose} {kind.replace('-', ' ')}{by}",
                        )
                    )
