"""The JSON API: one small handler per endpoint, every answer built by `Host` from a seat's view.

Errors are JSON `{"error": "..."}` with a 4xx status: 400 for a malformed request or bad input,
404 for an unknown token or path, 409 for an action the rules refuse (with its `rule`), 413 for
a body too large, 503 when the store could not record anything.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from kriegsspiel.core.convert import split_error
from kriegsspiel.errors import InputError, KriegsspielError, RuleViolation
from kriegsspiel.scenario.load import bundled_names, parse_scenario
from kriegsspiel.store.sqlite import StoreError
from kriegsspiel.web import schema
from kriegsspiel.web.bots import CHOICES, check_bots
from kriegsspiel.web.host import Host, NotFound, Unavailable, bundled_scenario
from kriegsspiel.web.live import Hub, follow

T = TypeVar("T")
MAX_BODY = 512 * 1024  # bytes: a scenario file is a few kilobytes


class TooLarge(InputError):
    """A request body over MAX_BODY."""


def json_response(data: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(data), status, media_type="application/json")


def error_response(request: Request, exc: Exception) -> Response:
    """The one JSON shape of every error, with its status."""
    if isinstance(exc, HTTPException):
        what = f"{exc.detail.lower()}: {request.method} {request.url.path}"
        return json_response(schema.Error(what), exc.status_code)
    if isinstance(exc, RuleViolation):
        return json_response(schema.Error(str(exc), exc.rule), 409)
    if isinstance(exc, StoreError):
        return json_response(schema.Error("the game database is unavailable; try again"), 503)
    if isinstance(exc, KriegsspielError):
        status = {NotFound: 404, TooLarge: 413, Unavailable: 503}.get(type(exc), 400)
        return json_response(schema.Error(str(exc)), status)
    return json_response(schema.Error("internal error; nothing was recorded"), 500)


async def read_json(request: Request, into: type[T]) -> T:
    """The request body as `into`, or one clear InputError naming what is wrong."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TooLarge("request", f"the body is over {MAX_BODY // 1024} KiB")
    try:
        return msgspec.json.decode(raw, type=into)
    except msgspec.ValidationError as exc:
        path, problem = split_error(str(exc))
        raise InputError(f"request {path}" if path else "request", problem) from None
    except msgspec.DecodeError as exc:
        raise InputError("request", f"not valid JSON ({exc})") from None


def _host(request: Request | WebSocket) -> Host:
    host: Host = request.app.state.host
    return host


def _token(request: Request | WebSocket) -> str:
    return str(request.path_params["token"])


async def _seat_request(request: Request, into: type[T]) -> tuple[str, T]:
    """The token (checked first: a bad token is a 404 whatever the body) and the body."""
    token = _token(request)
    _host(request).seat(token)
    return token, await read_json(request, into)


# -- endpoints ------------------------------------------------------------------------------------


@cache
def scenario_list() -> list[schema.ScenarioInfo]:
    out = []
    for name in bundled_names():
        scenario = bundled_scenario(name)
        sides = list(scenario.side_ids)
        out.append(schema.ScenarioInfo(name, scenario.title, scenario.ruleset, sides))
    return out


async def scenarios(request: Request) -> Response:
    return json_response(scenario_list())


async def bot_choices(request: Request) -> Response:
    return json_response(list(CHOICES))


async def create_game(request: Request) -> Response:
    body = await read_json(request, schema.CreateGame)
    if (body.scenario is None) == (body.scenario_yaml is None):
        raise InputError("request", "give either `scenario` (a bundled name) or `scenario_yaml`")
    if body.scenario is not None:
        scenario = bundled_scenario(body.scenario)
    else:
        scenario = parse_scenario(body.scenario_yaml or "", "uploaded scenario")
    check_bots(scenario, body.bots)  # before anything is created
    game_id, tokens = _host(request).create(scenario, body.seed, published_seed=body.published_seed)
    request.app.state.bots.assign(game_id, body.bots)
    links = [
        schema.SeatLink(seat, token, f"/play/{token}", f"/api/seats/{token}")
        for seat, token in tokens.items()
    ]
    created = schema.Created(game_id, scenario.title, scenario.ruleset, links, dict(body.bots))
    return json_response(created, 201)


async def seat_table(request: Request) -> Response:
    return json_response(_host(request).table(_token(request)))


async def seat_log(request: Request) -> Response:
    raw = request.query_params.get("since", "0")
    if not raw.isdigit() or len(raw) > 9:
        raise InputError("since", f"must be a whole number of entries, not {raw[:20]!r}")
    return json_response(schema.Log(_host(request).log(_token(request), int(raw))))


async def seat_svg(request: Request) -> Response:
    svg = _host(request).svg(_token(request), request.query_params.get("unit"))
    return Response(svg, media_type="image/svg+xml")


async def preview(request: Request) -> Response:
    token, body = await _seat_request(request, schema.PreviewRequest)
    return json_response(_host(request).preview(token, body.action, body.dice))


async def act(request: Request) -> Response:
    token, body = await _seat_request(request, schema.ActRequest)
    entries = _host(request).act(token, body.action, body.dice, body.player)
    return json_response(schema.Acted(entries))


async def undo(request: Request) -> Response:
    token, body = await _seat_request(request, schema.UndoRequest)
    return json_response(schema.Acted(_host(request).undo(token, body.count)))


async def openapi(request: Request) -> Response:
    return json_response(schema.openapi())


async def live(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    await follow(ws, _host(ws), hub, _token(ws))


ROUTES = [
    Route("/openapi.json", openapi),
    Route("/api/scenarios", scenarios),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/bots", bot_choices),
    Route("/api/seats/{token}", seat_table),
    Route("/api/seats/{token}/log", seat_log),
    Route("/api/seats/{token}/table.svg", seat_svg),
    Route("/api/seats/{token}/preview", preview, methods=["POST"]),
    Route("/api/seats/{token}/act", act, methods=["POST"]),
    Route("/api/seats/{token}/undo", undo, methods=["POST"]),
    WebSocketRoute("/api/seats/{token}/live", live),
]
