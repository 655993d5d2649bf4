"""Secrets stay with the server: no response, page or picture shows a seat what it may not know.

The demo's hidden facts are checked by name (the bridge the German pioneers prepare, the culvert
prepared before the game, a sealed demolition roll, the seed); and for every bundled scenario of
every registered ruleset, a few legal actions are played and every string the umpire's view and
log hold that a seat's own do not is looked for in everything that seat is sent.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient
from webgame import DEMO_SEED, DEMOLISH_CULVERT, PREPARE_BRIDGE, Table, create

from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names
from kriegsspiel.web import schema
from kriegsspiel.web.host import Host, bundled_scenario

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

STEPS = 6  # legal actions played per bundled scenario
UNITS = 8  # units selected in turn on the picture


def host_of(table: Table) -> Host:
    host: Host = table.client.app.state.host  # type: ignore[attr-defined]
    return host


def sent_to(table: Table, seat: str, probes: Iterable[dict[str, Any]] | None = None) -> list[str]:
    """Everything `seat` is sent but its page (the same for every seat: see below): its table,
    log and picture, its replay at the start and now (view and picture), its refusals of the
    full record and of the links; with `probes`, also the picture with units selected and the
    answers (refusals included) to previewing each probe."""
    newest = len(table.log(seat))
    bodies = [
        table.get(seat).text,
        table.get(seat, "/log").text,
        table.get(seat, "/table.svg").text,
        *(table.get(seat, f"/replay{part}?upto={n}").text
          for n in (0, newest) for part in ("", ".svg")),
        table.get(seat, "/log?full=1").text,
        table.get(seat, "/links").text,
    ]  # fmt: skip
    if probes is not None:
        for unit in host_of(table).game(table.game).scenario.units[:UNITS]:
            bodies.append(table.get(seat, f"/table.svg?unit={unit.id}").text)
        for action in probes:
            bodies.append(table.post(seat, "/preview", {"action": action}).text)
    return bodies


def strings(data: Any) -> Iterator[str]:
    """Every string in data as it is sent (as JSON): keys and values."""
    yield from _strings(msgspec.json.decode(msgspec.json.encode(data)))


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def svg_strings(svg: str) -> Iterator[str]:
    """The data a picture carries: its texts, unit ids and the words of its class names."""
    for element in ET.fromstring(svg).iter():
        if element.text and element.text.strip() and not element.tag.endswith("style"):
            yield element.text.strip()
        yield element.get("data-unit", "")
        for word in element.get("class", "").split():
            yield word
            yield word.split("-", 1)[-1]  # kind-stream, is-prepared, layer-demolitions


def sent_strings(bodies: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for body in bodies:
        out |= set(svg_strings(body) if body.startswith("<svg") else strings(json.loads(body)))
    return out


# the API's own field names: every seat's answers carry them, whatever it knows
API_WORDS = frozenset(
    field
    for struct in vars(schema).values()
    if isinstance(struct, type) and issubclass(struct, msgspec.Struct)
    for field in struct.__struct_fields__
)


def umpire_only(table: Table, seat: str) -> set[str]:
    """The strings of the umpire's view and log that `seat`'s own view, log and actions lack
    (the seats' names are public: every page lists them)."""
    game = host_of(table).game(table.game)
    everything = set(strings(game.view("umpire"))) | set(strings(game.log_view("umpire")))
    actions = msgspec.to_builtins(game.legal_actions(seat))
    known = set(strings(game.view(seat))) | set(strings(game.log_view(seat)))
    public = set(game.seats) | API_WORDS | {""}  # "" says nothing
    return everything - known - set(strings(actions)) - public


def assert_kept(
    table: Table,
    seat: str,
    secrets: Iterable[str],
    probes: Iterable[dict[str, Any]] | None = (),
    names: Iterable[str] = (),
) -> None:
    """None of `secrets` is sent to `seat` as a string of its own (a JSON key or value, a text
    or a class of the picture), and none of `names` appears anywhere in what it is sent."""
    bodies = sent_to(table, seat, probes)
    sent = sent_strings(bodies)
    leaks = sorted(
        {s for s in secrets if s in sent} | {n for n in names if any(n in b for b in bodies)}
    )
    assert not leaks, f"{seat} was sent {leaks}"


def assert_no_seed(table: Table, seed: str) -> None:
    for seat, token in table.tokens.items():
        bodies = [*sent_to(table, seat), table.client.get(f"/play/{token}").text]
        assert not any(seed in body for body in bodies), seat


# -- the demo's hidden facts, by name -------------------------------------------------------------


def test_prepared_demolitions_are_hidden_from_the_other_side_and_the_public(demo: Table) -> None:
    hidden = ["bridge", "culvert", "prepare:bridge", "prepare:culvert", "prepared", "known_to"]
    names = ["road bridge", "culvert", "prepare:"]
    for seat in ("us", "public"):
        assert_kept(demo, seat, hidden, [PREPARE_BRIDGE, DEMOLISH_CULVERT], names)
    demo.act("german", PREPARE_BRIDGE)
    demo.act("us", {"action": "pass"})  # the German work goes ahead: one of two preparations
    assert host_of(demo).game(demo.game).view("umpire")["demolitions"][0]["progress"] == 1
    for seat in ("us", "public"):
        assert_kept(demo, seat, [*hidden, "prepare", "task-progressed"], names=names)
    for seat in ("german", "umpire"):
        assert any("road bridge" in body for body in sent_to(demo, seat))


def test_a_sealed_demolition_roll_is_seen_by_the_umpire_alone(demo: Table) -> None:
    demo.act("german", DEMOLISH_CULVERT)
    game = host_of(demo).game(demo.game)
    sealed = game.view("umpire")["pending"]["sealed_roll"]
    roll = next(e["text"] for e in game.log_view("umpire")[0]["events"] if "sealed" in e["text"])
    assert sealed in sent_strings(sent_to(demo, "umpire"))
    for seat in ("german", "us", "public"):
        assert_kept(demo, seat, [sealed, roll, "sealed_roll", "roll-sealed"], names=["sealed"])
    for seat in ("us", "public"):
        assert_kept(demo, seat, ["demolish", "work-declared"], names=["culvert"])


def test_a_seats_page_is_the_same_for_every_seat_and_holds_no_data(demo: Table) -> None:
    """The same static file for every side and the umpire; the table display (the public seat's
    page, and any seat's with ?display=tv) is another, the same for every seat."""
    sides = {demo.client.get(f"/play/{demo.tokens[s]}").text for s in ("umpire", "german", "us")}
    displays = {demo.client.get(f"/play/{t}?display=tv").text for t in demo.tokens.values()}
    displays.add(demo.client.get(f"/play/{demo.tokens['public']}").text)
    assert len(sides) == len(displays) == 1
    for page in (*sides, *displays):
        for data in ("Kleinwalde", "pioneer", "german", demo.game):
            assert data not in page


def test_the_seed_is_never_sent_to_any_seat(demo: Table) -> None:
    seed = host_of(demo).game(demo.game).seed
    assert_no_seed(demo, seed)
    demo.act("german", DEMOLISH_CULVERT)
    demo.act("us", {"action": "pass"})
    assert_no_seed(demo, seed)


def test_a_served_game_never_uses_the_published_scenario_seed(demo: Table) -> None:
    """The bundled file's seed is public; a served game's dice must not be predictable from it."""
    seed = host_of(demo).game(demo.game).seed
    assert seed != DEMO_SEED
    assert len(seed) == 32


def test_a_hidden_demolition_reads_like_one_that_does_not_exist(demo: Table) -> None:
    def refusal(demolition: str) -> str:
        action = {"action": "remove-demolition", "unit": "engineer-1", "demolition": demolition}
        text: str = demo.post("us", "/act", {"action": action}).json()["error"]
        return text.replace(repr(demolition), "ID")

    assert refusal("bridge") == refusal("no-such-thing")


def _without_roll_keys(value: Any) -> Any:
    """Roll keys are opaque (an HMAC with the secret seed), so they differ between games."""
    if isinstance(value, dict):
        return {k: _without_roll_keys(v) for k, v in value.items() if k != "key"}
    if isinstance(value, list):
        return [_without_roll_keys(v) for v in value]
    return value


def _roll_keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        own = [value["key"]] if isinstance(value.get("key"), str) else []
        return own + [k for v in value.values() for k in _roll_keys(v)]
    if isinstance(value, list):
        return [k for v in value for k in _roll_keys(v)]
    return []


def test_entries_hidden_from_a_seat_do_not_show_in_what_it_is_sent(client: TestClient) -> None:
    def us_after(hidden_first: bool) -> list[Any]:
        table = create(client, seed="same-seed")
        if hidden_first:  # an entry the US side does not see at all
            table.act("umpire", {"action": "reveal", "demolition": "bridge", "side": "german"})
        table.act("german", PREPARE_BRIDGE)
        table.act("us", {"action": "opportunity-fire", "unit": "rifle-1"}, dice=[4])
        return [table.log("us"), table.table("us")["view"]]

    hidden, plain = us_after(hidden_first=True), us_after(hidden_first=False)
    assert _without_roll_keys(hidden) == _without_roll_keys(plain)
    keys = _roll_keys(hidden)
    assert keys
    assert all(len(k) == 16 and "/" not in k for k in keys)  # no log position in a roll's key


# -- every bundled scenario of every registered ruleset -------------------------------------------


def test_every_registered_ruleset_has_a_bundled_scenario_to_check() -> None:
    covered = {bundled_scenario(name).ruleset for name in bundled_names()}
    assert set(RULESETS) <= covered


def play_step(table: Table, step: int) -> bool:
    """One legal action by a seat that may act, chosen deterministically; False when none."""
    to_act = table.table("umpire")["to_act"]
    if not to_act:
        return False
    seat = to_act[step % len(to_act)]
    actions = table.table(seat)["actions"]
    if not actions:
        return False
    response = table.post(seat, "/act", {"action": actions[(step * 7) % len(actions)]})
    assert response.status_code in (200, 400, 409), response.text
    return True


@pytest.mark.parametrize("scenario", bundled_names())
def test_no_seat_is_sent_what_only_the_umpire_may_see(client: TestClient, scenario: str) -> None:
    seed = f"secret-seed-for-{scenario}"
    table = create(client, scenario, seed=seed)
    game = host_of(table).game(table.game)
    umpire_actions = [c.action for c in game.legal_actions("umpire")]
    probes = list({a["action"]: a for a in umpire_actions}.values())  # one of each kind
    sides = [s for s in game.seats if s != "umpire"]
    for step in range(STEPS):
        for seat in sides:
            deep = probes if step in (0, STEPS // 2) else None
            assert_kept(table, seat, umpire_only(table, seat), deep)
        if not play_step(table, step):
            break
    assert_no_seed(table, seed)
