"""The parties of stands offered as one legal action: who gets off a craft (WAT-EMBARK-01..04)
and who works at a pontoon site (WAT-PONTOON-01..06), each party an option of the `units`
domain. Every party offered passes the rules the performer checks stand by stand, so each is
legal whenever the candidate is."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.memo import Memo
from kriegsspiel.rulesets.waterborne.domains import Option, choice
from kriegsspiel.rulesets.waterborne.embark import Disembark
from kriegsspiel.rulesets.waterborne.labels import feature_name, names, site_name
from kriegsspiel.rulesets.waterborne.pontoons import Work, able, busy, labour
from kriegsspiel.rulesets.waterborne.state import CraftState, WatState

SUBSETS_UP_TO = 6  # stands in a pool whose every subset is offered (2^6 - 1 = 63 at most)
UNABLE = ("pinned", "suppressed")  # CF-STATUS: may not move, board or get off


def disembarks(state: WatState, craft_id: str, boat: CraftState) -> tuple[Candidate, ...]:
    """WAT-EMBARK-01..04: everyone gets off; from an amphibious craft, any party that may
    (not pinned or suppressed, not boarded this initiative) instead. Built once per craft,
    where it is, its load and who of it is free (a craft's name and type never change)."""
    aboard = state.aboard().get(craft_id)
    if not aboard:
        return ()
    free: tuple[str, ...] = ()
    if boat.spec.amphibious:
        k, units = state.initiative, state.units
        free = tuple(
            u for u in aboard if units[u].embarked_in != k and units[u].status not in UNABLE
        )
    key = ("off", craft_id, boat.feature, aboard, free)
    memo = state.board.memo
    hit: tuple[Candidate, ...] | None = memo.get(key)
    if hit is None:
        hit = memo[key] = tuple(_disembarks(state, craft_id, boat, aboard, free))
    return hit


def _disembarks(
    state: WatState, craft_id: str, boat: CraftState, aboard: tuple[str, ...], free: tuple[str, ...]
) -> list[Candidate]:
    at = feature_name(state, boat.feature)
    everyone = names([state.specs[u].label for u in aboard])
    out = [
        Candidate(Disembark(craft_id), f"everyone aboard {boat.name} gets off at {at}: {everyone}")
    ]
    if not boat.spec.amphibious:
        return out  # WAT-EMBARK-04: all together
    domain = _parties_domain(state, list(free), len(aboard))
    if domain is not None:  # the whole load is offered above
        label = f"a party gets off {boat.name} at {at}"
        out.append(Candidate(Disembark(craft_id, domain.options[0]), label, (domain,)))
    return out


def _parties_domain(state: WatState, free: list[str], whole: int) -> Domain | None:
    """The parties of `free` smaller than the whole load (built once per pool and board)."""
    key = ("off", tuple(free), whole)
    memo = state.board.memo
    if key not in memo:
        options = [_party(state, p) for p in parties(free) if len(p) != whole]
        memo[key] = choice("units", options) if options else None
    hit: Domain | None = memo[key]
    return hit


def works(state: WatState, side: str) -> list[Candidate]:
    """WAT-PONTOON-01..06: a crew at each of the side's sites that still needs work: the whole
    of it, or any party with an engineer."""
    needing, taken = _needing_work(state, side)
    out: list[Candidate] = []
    for s, task in needing:
        work = _work(state, s, task, able(state, s, side, taken))
        if work is not None:
            out.append(work)
    return out


# the side's sites that need work now, with the stands in a crew already, by sites and
# (side, initiative)
_NEEDING: Memo[tuple[tuple[tuple[str, str], ...], set[str]]] = Memo()


def _needing_work(state: WatState, side: str) -> tuple[tuple[tuple[str, str], ...], set[str]]:
    """The side's sites with room for a crew this initiative that are not finished, each with
    what its crew does there (AMB-WAT-17); and the stands already in a crew (read-only)."""
    k = state.initiative
    hit = _NEEDING.get(state.sites, (side, k))
    if hit is not None:
        return hit
    needing: list[tuple[str, str]] = []
    for s, spec in state.board.sites.items():
        site = state.sites[s]
        if spec.side != side or not site.work.has_room(k):
            continue
        if site.work.complete and site.damage == 0:
            continue  # finished (or opening next initiative): nothing to do
        needing.append((s, "repairs" if site.work.complete else "works on"))
    taken = busy(state) if needing else set()
    return _NEEDING.put(state.sites, (tuple(needing), taken), (side, k))


def _work(state: WatState, site_id: str, task: str, pool: tuple[str, ...]) -> Candidate | None:
    """The crew of the pool at the site, or None without an engineer in it (WAT-PONTOON-01;
    built once per site and pool)."""
    key = ("work", site_id, task, pool)
    memo = state.board.memo
    if key not in memo:
        domain = _crew_domain(state, pool)
        label = f"a crew {task} {site_name(state, site_id)}"
        memo[key] = None if domain is None else Candidate(Work(site_id), label, (domain,))
    hit: Candidate | None = memo[key]
    return hit


def _crew_domain(state: WatState, pool: tuple[str, ...]) -> Domain | None:
    """The whole crew (`units` empty) and each party with an engineer (WAT-PONTOON-01), or
    None without one."""
    if not any(labour(state, u) == "engineer" for u in pool):
        return None
    whole = names([state.specs[u].label for u in pool])
    options: list[Option] = [((), f"the whole crew: {whole}")]
    for party in parties(list(pool)):
        if len(party) != len(pool) and any(labour(state, u) == "engineer" for u in party):
            options.append(_party(state, party))
    return choice("units", options)


def _party(state: WatState, party: tuple[str, ...]) -> Option:
    return party, names([state.specs[u].label for u in party])


def parties(pool: list[str]) -> Iterator[tuple[str, ...]]:
    """The parties offered from a pool of stands, largest first: every non-empty subset up to
    `SUBSETS_UP_TO` stands; beyond, the whole, the whole but one, and each stand alone."""
    if len(pool) <= SUBSETS_UP_TO:
        for size in range(len(pool), 0, -1):
            yield from combinations(pool, size)
        return
    yield tuple(pool)
    for i in range(len(pool)):
        yield (*pool[:i], *pool[i + 1 :])
    for u in pool:
        yield (u,)
