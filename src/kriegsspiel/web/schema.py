"""The JSON API's requests and responses, and the OpenAPI document built from them.

Views and log entries are each ruleset's own plain data, so they are described as objects here;
the ruleset's docs describe their fields. Actions are described in the document by each
ruleset's action types (`Action.<ruleset>`: one schema per action, told apart by `action`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from kriegsspiel import __version__

# -- requests -------------------------------------------------------------------------------------


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    """A bundled scenario by `scenario` name, or an uploaded scenario file as `scenario_yaml`."""

    scenario: str | None = None
    scenario_yaml: str | None = None
    seed: str | None = None  # the dice's secret seed; default: a fresh secret one
    published_seed: bool = False  # roll with the scenario's own (public) seed instead
    # who plays the umpire: "table" (whoever hosts, at the table) or "person" (at their own page)
    umpire: Literal["table", "person"] = "table"
    # declared modifiers "trusted", or waiting for the umpire's approval ("umpire-approves");
    # default: trusted at a table, umpire-approves when a person plays the umpire
    declared_modifiers: Literal["trusted", "umpire-approves"] | None = None
    bots: dict[str, str] = {}  # sides played by a bot: side -> bot name (docs/solo.md)


class PreviewRequest(msgspec.Struct, forbid_unknown_fields=True):
    """An action, and the faces typed in for it so far (to be told which roll comes next)."""

    action: dict[str, Any]
    dice: list[int] = []


class ActRequest(msgspec.Struct, forbid_unknown_fields=True):
    """An action; `dice` are faces rolled at the table, in order (omit them: the engine rolls)."""

    action: dict[str, Any]
    dice: list[int] | None = None
    player: Annotated[str, msgspec.Meta(max_length=60)] = ""  # who rolled (default: the seat)


class UndoRequest(msgspec.Struct, forbid_unknown_fields=True):
    count: int = 1


class MessageRequest(msgspec.Struct, forbid_unknown_fields=True):
    """A message to `to`: "everyone", "umpire" or a side's id."""

    text: Annotated[str, msgspec.Meta(max_length=1000)]
    to: str = "everyone"


class NoteRequest(msgspec.Struct, forbid_unknown_fields=True):
    """A note or bookmark on entry `n` of the seat's log (of the umpire's, with `full`)."""

    n: int
    text: Annotated[str, msgspec.Meta(max_length=2000)] = ""  # empty: remove the note
    full: bool = False


class ApproveRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The umpire's decision on an action held for its declared modifiers (`approvals[].id`)."""

    id: Annotated[str, msgspec.Meta(max_length=40)]
    approve: bool


# -- responses ------------------------------------------------------------------------------------


class ScenarioInfo(msgspec.Struct):
    name: str
    title: str
    ruleset: str
    sides: list[str] = []  # its side ids, each of which a bot may play


class SeatLink(msgspec.Struct, omit_defaults=True):
    seat: str
    token: str
    page: str  # the seat's page: a secret link
    api: str
    url: str = ""  # the page's full address, as players reach the server
    qr: str | None = None  # a QR code of `url`, an SVG data URI


class GameInfo(msgspec.Struct, omit_defaults=True):
    """A game as the host page lists it."""

    game: str
    title: str
    ruleset: str
    clock: str  # where it stands, in the ruleset's words
    over: bool
    entries: int  # how many entries its log holds
    created: str  # UTC, "YYYY-MM-DD HH:MM:SS"
    active: str  # when it was last played (its creation, if never)
    umpire: str  # the umpire's page: a secret link
    damaged: str | None = None  # what is wrong with a quarantined game's record


class Lobby(msgspec.Struct):
    open: bool  # whether anyone may create games (`serve --open`)
    games: list[GameInfo]


class Links(msgspec.Struct):
    """A game's seat links, with their QR codes."""

    game: str
    seats: list[SeatLink]


class Created(msgspec.Struct):
    game: str
    title: str
    ruleset: str
    seats: list[SeatLink]
    bots: dict[str, str] = {}  # the sides bots play
    declared_modifiers: str = "trusted"  # or "umpire-approves": the game's option


class GameResult(msgspec.Struct):
    """How the game ended (core/victory.py `Result`): the winner, or none for a draw."""

    winner: str | None
    scores: dict[str, int]
    reasons: list[str]


class SeatTable(msgspec.Struct):
    """What a seat's page shows: its view, who may act, its legal actions."""

    game: str
    seat: str
    seat_name: str
    ruleset: str
    ruleset_title: str
    title: str
    seats: list[str]
    to_act: list[str]
    actions: list[dict[str, Any]]
    choices: list[dict[str, Any]]
    can_undo: bool
    clock: str  # where the game stands, in the ruleset's words (`Ruleset.clock`)
    view: dict[str, Any]
    scores: dict[str, int]  # each side's points as this seat knows them (docs/victory.md)
    result: GameResult | None  # None while the game goes on
    declared_modifiers: str  # "trusted" or "umpire-approves"
    # actions held for the umpire: {id, seat, label, modifiers} (and `refused`, to their seat)
    approvals: list[dict[str, Any]]


class Log(msgspec.Struct):
    log: list[dict[str, Any]]


class Replay(msgspec.Struct):
    """What the seat knew after entry `upto` of its log (of the umpire's, when `full`)."""

    upto: int
    length: int  # how many entries that log holds
    full: bool
    revealed: bool  # whether the full record is open (the game is over, or the umpire opened it)
    clock: str
    view: dict[str, Any]


class Note(msgspec.Struct):
    full: bool
    n: int
    text: str


class Notes(msgspec.Struct):
    notes: list[Note]


class Revealed(msgspec.Struct):
    revealed: bool


class ThingCommitment(msgspec.Struct):
    slot: str  # "n.i": the entry that carries it (0: the start) and its place there
    commitment: str  # hex SHA-256 of the salt, a newline and the thing's JSON ("null": a blank)


class Commitment(msgspec.Struct):
    n: int  # the entry, in the seat's numbering (0: the start of the game)
    things: list[ThingCommitment]  # the start's slots, or one an entry
    commitment: str | None = None  # hex SHA-256 of the salt, a newline and the hidden records' JSON


class ThingOpening(msgspec.Struct):
    slot: str
    salt: str
    content: str  # the thing as committed, as JSON text (hashed as it is)
    n: int | None = None  # in play: the entry that showed the thing to the seat


class Commitments(msgspec.Struct):
    commitments: list[Commitment]
    opened: list[ThingOpening]  # the things shown to the seat in play, by the same entries


class Opening(msgspec.Struct):
    n: int
    things: list[ThingOpening]
    salt: str | None = None  # none for the start
    hidden: str | None = None  # the records the entry hid from the seat, as JSON text


class Openings(msgspec.Struct):
    openings: list[Opening]


class Outcome(msgspec.Struct):
    outcome: str
    fraction: str  # exact, such as "9/10"
    percent: float


class Odds(msgspec.Struct):
    name: str
    dice: list[str]
    modifiers: list[dict[str, Any]]
    rules: list[str]
    odds: list[Outcome]


class Preview(msgspec.Struct):
    """The odds of the whole action from this seat's knowledge; `checks` holds the next roll
    the seat must type in (empty when the faces so far are all it needs)."""

    odds: dict[str, Any]
    checks: list[Odds]


class Chance(msgspec.Struct):
    probability: str  # exact, such as "25/36"
    percent: float


class TaskPlanRow(msgspec.Struct):
    at: int  # the turn or initiative the task is finished in
    ready_at: int  # when it is in use (a pontoon bridge opens on the side's next initiative)
    probability: str  # exact: finished in exactly this one
    percent: float
    cumulative: str  # exact: finished by this one
    cumulative_percent: float


class TaskPlan(msgspec.Struct):
    """When a task in progress is finished, exactly, from the seat's view (`Game.task_plan`)."""

    task: str
    name: str
    side: str
    clock: str  # the ruleset's word: "turn", "initiative"
    progress: int
    required: int
    status: str  # "done", "planned" or "stalled"
    per_tick: str
    rows: list[TaskPlanRow]
    last: int | None  # the game's last turn or initiative (None: no end)
    by_end: Chance | None  # finished before the game ends
    ready_by_end: Chance | None  # in use before the game ends
    ready_after: int
    ready_word: str
    assumptions: list[str]
    rules: list[str]
    summary: str  # one line, in words and percentages


class Acted(msgspec.Struct, omit_defaults=True):
    """The new log entries, as the acting seat sees them; with `pending` (202), none: the action
    awaits the umpire's approval of its declared modifiers."""

    entries: list[dict[str, Any]]
    pending: dict[str, Any] | None = None


class Error(msgspec.Struct, omit_defaults=True):
    error: str
    rule: str | None = None


# -- the OpenAPI document -------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One operation of the API: `app.routes` must serve exactly these (and the live socket)."""

    method: str
    path: str  # as the route declares it: `{token}` is a path parameter
    summary: str
    request: type | None
    response: type  # the body of the success answer, as a type msgspec describes
    status: int = 200
    errors: tuple[int, ...] = (400, 404)
    media: str = "application/json"
    query: tuple[tuple[str, str], ...] = ()  # optional query parameters: (name, description)
    headers: tuple[tuple[str, str], ...] = ()  # optional request headers: (name, description)


IDEMPOTENCY = (
    "Idempotency-Key",
    "a random key (8-100 of A-Z a-z 0-9 . _ : -): a request sent again with the same key "
    "returns the first answer and acts once",
)

OPS = (
    Op("get", "/openapi.json", "This document: the OpenAPI description of the JSON API", None,
       dict[str, Any], errors=()),
    Op("get", "/api/scenarios", "The bundled scenarios", None, list[ScenarioInfo], errors=()),
    Op("post", "/api/games", "Create a game (header x-host-token unless the server is open); "
       "one secret link per seat", CreateGame, Created, 201, (400, 403, 413, 503)),
    Op("get", "/api/host/{host}", "The host's lobby: every game, where it stands, its umpire",
       None, Lobby, errors=(404,)),
    Op("get", "/api/host/{host}/games/{game}/links", "A game's seat links with QR codes", None,
       Links, errors=(404,)),
    Op("post", "/api/host/{host}/games/{game}/seats/{seat}/reissue",
       "A new link for a seat: the old one stops working, its live connections close", None,
       SeatLink, errors=(400, 404, 503)),
    Op("get", "/api/seats/{token}/links", "The game's seat links with QR codes (umpire only)",
       None, Links, errors=(403, 404)),
    Op("post", "/api/seats/{token}/links/{seat}/reissue",
       "A new link for another seat (umpire only): the old one stops working", None, SeatLink,
       errors=(400, 403, 404, 503)),
    Op("get", "/api/bots", "The bots a side may be played by (docs/solo.md)", None, list[str],
       errors=()),
    Op("get", "/api/seats/{token}", "The seat's table: view, legal actions, who acts", None,
       SeatTable, errors=(404,)),
    Op("get", "/api/seats/{token}/log", "The log as the seat may see it", None, Log,
       errors=(400, 403, 404),
       query=(("since", "only the entries after this number of the seat's log"),
              ("full", "1: the umpire's log, once the game is revealed"))),
    Op("get", "/api/seats/{token}/replay", "What the seat knew after an entry of its log",
       None, Replay, errors=(400, 403, 404),
       query=(("upto", "the entry (0: the start)"),
              ("full", "1: the umpire's record, once revealed"))),
    Op("get", "/api/seats/{token}/replay.svg", "The table as the seat knew it after an entry",
       None, str, errors=(400, 403, 404), media="image/svg+xml",
       query=(("upto", "the entry (0: the start)"),
              ("full", "1: the umpire's record, once revealed"))),
    Op("post", "/api/seats/{token}/reveal", "Open the full record to every seat (umpire only)",
       None, Revealed, errors=(403, 404, 503)),
    Op("get", "/api/seats/{token}/commitments",
       "A salted hash of what each of the seat's entries hid from it and of each thing hidden "
       "from it, and the things shown to it in play since", None, Commitments,
       query=(("since", "only the entries after this number of the seat's log"),)),
    Op("get", "/api/seats/{token}/openings",
       "Each commitment's salt and what it hid, once the game is revealed", None, Openings,
       errors=(403, 404)),
    Op("get", "/api/seats/{token}/notes", "The seat's own notes and bookmarks on entries", None,
       Notes, errors=(404,)),
    Op("post", "/api/seats/{token}/notes", "Keep a note or bookmark on an entry (empty: remove)",
       NoteRequest, Notes, errors=(400, 403, 404, 413, 503)),
    Op("get", "/api/seats/{token}/table.svg", "The table drawn from the seat's view", None, str,
       errors=(404,), media="image/svg+xml", query=(("unit", "the id of a unit to select"),)),
    Op("get", "/api/seats/{token}/plan/{task}", "When a task in progress is finished, exactly",
       None, TaskPlan),
    Op("post", "/api/seats/{token}/preview", "Odds of all an action can lead to",
       PreviewRequest, Preview, errors=(400, 404, 409, 413)),
    Op("post", "/api/seats/{token}/act", "Act as the seat (engine dice or typed-in faces)",
       ActRequest, Acted, errors=(400, 404, 409, 413, 503), headers=(IDEMPOTENCY,)),
    Op("post", "/api/seats/{token}/message",
       "Send a message to everyone, the umpire or a side; it is logged for its audience alone",
       MessageRequest, Acted, errors=(400, 404, 413, 503)),
    Op("post", "/api/seats/{token}/undo", "Undo the last actions (umpire seat only)",
       UndoRequest, Acted, errors=(400, 404, 409, 413, 503), headers=(IDEMPOTENCY,)),
    Op("post", "/api/seats/{token}/approve",
       "Approve or refuse an action held for its declared modifiers (umpire seat only)",
       ApproveRequest, Acted, errors=(400, 404, 409, 413, 503), headers=(IDEMPOTENCY,)),
)  # fmt: skip

PATH_PARAMETER = re.compile(r"{(\w+)}")
LIVE_PATH = "/api/seats/{token}/live"  # a WebSocket: OpenAPI has no operation for it
LIVE = (
    f'WebSocket `{LIVE_PATH}`: sends `{{"type": "changed"}}` whenever this seat\'s '
    "view or log changed (and once on connecting); refetch the seat's table then."
)


FOREIGN = 403  # any request from another site's page (web/guards.py)
BODY_GUARDS = (415, 429)  # a request with a body: not declared JSON, or over its rate
QUARANTINED = 423  # any request of a seat whose game's stored record does not replay
RETRY_AFTER = {
    "Retry-After": {"description": "whole seconds until it may be sent again",
                    "schema": {"type": "integer"}}
}  # fmt: skip


def ruleset_actions() -> tuple[dict[str, Any], dict[str, Any]]:
    """The schema of an action of any ruleset (`anyOf` one per ruleset), and the components:
    `Action.<ruleset>` (its actions by their `action` tag) and `<ruleset>.<Action>` for each."""
    from kriegsspiel.rulesets import RULESETS  # loaded only when the document is first asked

    components: dict[str, Any] = {}
    for name in RULESETS:
        (union,), parts = msgspec.json.schema_components(
            [RULESETS[name].composed.action_type],
            ref_template=f"#/components/schemas/{name}.{{name}}",
        )
        components |= {f"{name}.{part}": schema for part, schema in parts.items()}
        components[f"Action.{name}"] = {"title": f"an action of {name}", **union}
    refs = [{"$ref": f"#/components/schemas/Action.{name}"} for name in RULESETS]
    described = "the ruleset's plain data, as Game.act takes it (the game's ruleset decides)"
    return {"description": described, "anyOf": refs}, components


def creation_choice() -> list[dict[str, Any]]:
    """CreateGame's two forms: a bundled scenario by name, or an uploaded file (one of them)."""
    from kriegsspiel.scenario.load import bundled_names

    named = {"enum": list(bundled_names())}
    return [
        {"title": "a bundled scenario", "required": ["scenario"],
         "properties": {"scenario": named, "scenario_yaml": {"type": "null"}}},
        {"title": "an uploaded scenario file (YAML)", "required": ["scenario_yaml"],
         "properties": {"scenario_yaml": {"type": "string"}, "scenario": {"type": "null"}}},
    ]  # fmt: skip


def _errors(op: Op) -> list[int]:
    """The op's own refusals and the guards' (web/guards.py)."""
    guarded = {FOREIGN, *(BODY_GUARDS if op.request is not None else ())}
    seat = (QUARANTINED,) if "{token}" in op.path else ()
    return sorted({*op.errors, *guarded, *seat})


@cache
def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the JSON API (built once)."""
    types = [t for op in OPS for t in (op.request, op.response) if t is not None] + [Error]
    schemas, components = msgspec.json.schema_components(
        types, ref_template="#/components/schemas/{name}"
    )
    by_type = dict(zip(types, schemas, strict=True))
    paths: dict[str, dict[str, Any]] = {}
    for op in OPS:
        item: dict[str, Any] = {"summary": op.summary, "responses": {}}
        parameters = [
            {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
            for name in PATH_PARAMETER.findall(op.path)
        ] + [
            {"name": name, "in": "query", "required": False, "description": text,
             "schema": {"type": "string"}}
            for name, text in op.query
        ] + [
            {"name": name, "in": "header", "required": False, "description": text,
             "schema": {"type": "string"}}
            for name, text in op.headers
        ]  # fmt: skip
        if parameters:
            item["parameters"] = parameters
        if op.request is not None:
            body = {"application/json": {"schema": by_type[op.request]}}
            item["requestBody"] = {"required": True, "content": body}
        item["responses"][str(op.status)] = {
            "description": "OK",
            "content": {op.media: {"schema": by_type[op.response]}},
        }
        for code in _errors(op):
            item["responses"][str(code)] = {
                "description": "one clear message naming the problem",
                "content": {"application/json": {"schema": by_type[Error]}},
            } | ({"headers": RETRY_AFTER} if code == 429 else {})
        paths.setdefault(op.path, {})[op.method] = item
    action, actions = ruleset_actions()
    components |= actions
    for request in (ActRequest, PreviewRequest):
        components[request.__name__]["properties"]["action"] = action
    components[CreateGame.__name__]["oneOf"] = creation_choice()
    return {
        "openapi": "3.1.0",
        "info": {"title": "kriegsspiel table", "version": __version__, "description": LIVE},
        "paths": paths,
        "components": {"schemas": components},
    }
