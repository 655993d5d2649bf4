"""The JSON API's requests and responses, and the OpenAPI document built from them.

Views, actions and log entries are each ruleset's own plain data, so they are described as objects
here; the ruleset's docs describe their fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from kriegsspiel import __version__

# -- requests -------------------------------------------------------------------------------------


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    """A bundled scenario by `scenario` name, or an uploaded scenario file as `scenario_yaml`."""

    scenario: str | None = None
    scenario_yaml: str | None = None
    seed: str | None = None  # the dice seed; default: the scenario's, else a random one


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


# -- responses ------------------------------------------------------------------------------------


class ScenarioInfo(msgspec.Struct):
    name: str
    title: str
    ruleset: str


class SeatLink(msgspec.Struct):
    seat: str
    token: str
    page: str  # the seat's page: a secret link
    api: str


class Created(msgspec.Struct):
    game: str
    title: str
    ruleset: str
    seats: list[SeatLink]


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
    view: dict[str, Any]


class Log(msgspec.Struct):
    log: list[dict[str, Any]]


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


class Acted(msgspec.Struct):
    """The new log entries, as the acting seat sees them."""

    entries: list[dict[str, Any]]


class Error(msgspec.Struct, omit_defaults=True):
    error: str
    rule: str | None = None


# -- the OpenAPI document -------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    method: str
    path: str
    summary: str
    request: type | None
    response: type | None
    status: int = 200
    errors: tuple[int, ...] = (400, 404)
    media: str = "application/json"


OPS = (
    Op("get", "/api/scenarios", "The bundled scenarios", None, list[ScenarioInfo], errors=()),
    Op("post", "/api/games", "Create a game; one secret link per seat", CreateGame, Created, 201,
       (400, 413)),
    Op("get", "/api/seats/{token}", "The seat's table: view, legal actions, who acts", None,
       SeatTable, errors=(404,)),
    Op("get", "/api/seats/{token}/log", "The log as the seat may see it", None, Log, errors=(404,)),
    Op("get", "/api/seats/{token}/table.svg", "The table drawn from the seat's view", None, None,
       errors=(404,), media="image/svg+xml"),
    Op("post", "/api/seats/{token}/preview", "Odds of all an action can lead to",
       PreviewRequest, Preview, errors=(400, 404, 409)),
    Op("post", "/api/seats/{token}/act", "Act as the seat (engine dice or typed-in faces)",
       ActRequest, Acted, errors=(400, 404, 409, 503)),
    Op("post", "/api/seats/{token}/undo", "Undo the last actions (umpire seat only)",
       UndoRequest, Acted, errors=(400, 404, 409, 503)),
)  # fmt: skip

LIVE = (
    'WebSocket `/api/seats/{token}/live`: sends `{"type": "changed"}` whenever this seat\'s '
    "view or log changed (and once on connecting); refetch the seat's table then."
)


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the JSON API."""
    types = [t for op in OPS for t in (op.request, op.response) if t is not None] + [Error]
    schemas, components = msgspec.json.schema_components(
        types, ref_template="#/components/schemas/{name}"
    )
    by_type = dict(zip(types, schemas, strict=True))
    paths: dict[str, dict[str, Any]] = {}
    for op in OPS:
        item: dict[str, Any] = {"summary": op.summary, "responses": {}}
        if "{token}" in op.path:
            item["parameters"] = [
                {"name": "token", "in": "path", "required": True, "schema": {"type": "string"}}
            ]
        if op.request is not None:
            body = {"application/json": {"schema": by_type[op.request]}}
            item["requestBody"] = {"required": True, "content": body}
        schema = by_type[op.response] if op.response is not None else {"type": "string"}
        item["responses"][str(op.status)] = {
            "description": "OK",
            "content": {op.media: {"schema": schema}},
        }
        for code in op.errors:
            item["responses"][str(code)] = {
                "description": "one clear message naming the problem",
                "content": {"application/json": {"schema": by_type[Error]}},
            }
        paths.setdefault(op.path, {})[op.method] = item
    return {
        "openapi": "3.1.0",
        "info": {"title": "kriegsspiel table", "version": __version__, "description": LIVE},
        "paths": paths,
        "components": {"schemas": components},
    }
