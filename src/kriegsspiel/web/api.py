"""The JSON API: one small handler per endpoint, every answer built by `Host` from a seat's view.

Errors are JSON `{"error": "..."}`, one line, with a 4xx status: 400 for a malformed request or
bad input, 403 for a request from another site's page or without the right token, 404 for an
unknown token or path, 405 (with `Allow`) for a wrong method, 409 for an action the rules refuse
(with its `rule`), 413 for a body too large, 415 for a body not declared JSON, 423 for a
quarantined game (its stored record does not replay: the seat is told where, the umpire what is
wrong), 429 (with `Retry-After`) over a rate limit, 503 when the store could not record anything.

Every call into `Host` (game folding, SQLite reads and commits) runs in a worker thread
(`off_loop`), so the event loop only moves bytes and no game can stall another.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any, ParamSpec, TypeVar

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from kriegsspiel.core.convert import split_error
from kriegsspiel.core.limits import out_of_range
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, KriegsspielError, RuleViolation
from kriegsspiel.scenario.load import bundled_names, parse_scenario
from kriegsspiel.store.base import StoreError
from kriegsspiel.web import schema
from kriegsspiel.web.approvals import default_mode
from kriegsspiel.web.bots import CHOICES, check_bots
from kriegsspiel.web.guards import Buckets, TooMany, WrongType, require_json
from kriegsspiel.web.host import (
    Forbidden,
    Host,
    NotFound,
    Quarantined,
    Unavailable,
    bundled_scenario,
)
from kriegsspiel.web.idempotency import HEADER, checked_key
from kriegsspiel.web.links import seat_links
from kriegsspiel.web.live import Hub, follow

T = TypeVar("T")
P = ParamSpec("P")
MAX_BODY = 512 * 1024  # bytes: a scenario file is a few kilobytes
HOST_HEADER = "x-host-token"


class TooLarge(InputError):
    """A request body over MAX_BODY."""


def json_response(data: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(data), status, media_type="application/json")


STATUS: dict[type[Exception], int] = {
    NotFound: 404,
    Forbidden: 403,
    TooLarge: 413,
    WrongType: 415,
    TooMany: 429,
    Quarantined: 423,
    Unavailable: 503,
}
BREAKS = re.compile(r"\s*[\r\n]+\s*")


def error_response(request: Request, exc: Exception) -> Response:
    """The one JSON shape of every error, with its status; the message on one line."""
    if isinstance(exc, HTTPException):
        what = f"{exc.detail.lower()}: {request.method} {request.url.path}"
        answer = _error(schema.Error(what), exc.status_code)
        answer.headers.update(exc.headers or {})  # a 405's Allow
        return answer
    if isinstance(exc, RuleViolation):
        return _error(schema.Error(str(exc), exc.rule), 409)
    if isinstance(exc, StoreError):
        return _error(schema.Error("the game database is unavailable; try again"), 503)
    if isinstance(exc, KriegsspielError):
        status = STATUS.get(type(exc), 400)
        answer = _error(schema.Error(_without_paths(request, str(exc))), status)
        if isinstance(exc, TooMany):
            answer.headers["retry-after"] = str(exc.retry_after)
        return answer
    return _error(schema.Error("internal error; nothing was recorded"), 500)


def _error(error: schema.Error, status: int) -> Response:
    return json_response(schema.Error(BREAKS.sub(" ", error.error).strip(), error.rule), status)


def _without_paths(request: Request, message: str) -> str:
    """A message for a player, with the server's database path (which the store's errors name
    for the host's own log) put as words: no server path is ever sent."""
    host = getattr(request.app.state, "host", None)
    path = getattr(getattr(host, "store", None), "path", None)
    return message.replace(str(path), "the game database") if path is not None else message


async def read_json(request: Request, into: type[T]) -> T:
    """The request body as `into`, or one clear InputError naming what is wrong."""
    require_json(request.headers)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TooLarge("request", f"the body is over {MAX_BODY // 1024} KiB")
    try:
        return msgspec.json.decode(raw, type=into)
    except msgspec.ValidationError as exc:
        path, problem = split_error(str(exc))
        if "[...]" in path:  # a number too large for msgspec to place: find it
            path = _out_of_range_path(raw) or path
        raise InputError(f"request {path}" if path else "request", problem) from None
    except msgspec.DecodeError as exc:
        raise InputError("request", f"not valid JSON ({exc})") from None


def _out_of_range_path(raw: bytes) -> str | None:
    try:
        found = out_of_range(json.loads(raw))
    except (ValueError, RecursionError):
        return None
    return found.removeprefix(".") if found else None


async def off_loop(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """`work(*args)` in a worker thread: blocking work never runs on the event loop."""
    return await run_in_threadpool(work, *args, **kwargs)


def _host(request: Request | WebSocket) -> Host:
    host: Host = request.app.state.host
    return host


def _token(request: Request | WebSocket) -> str:
    return str(request.path_params["token"])


async def _seat_request(request: Request, into: type[T]) -> tuple[str, T]:
    """The token (checked first: a bad token is a 404 whatever the body), then the link's
    rate of requests, and the body."""
    token, host = _token(request), _host(request)
    if host.known_seat(token) is None:  # else known already: no thread needed
        await off_loop(host.seat, token)
    actions: Buckets | None = request.app.state.actions
    if actions is not None:
        actions.check(token, "seat link")
    return token, await read_json(request, into)


def _client(request: Request) -> str:
    """The client's address (behind a proxy, the one it forwards: uvicorn's proxy headers)."""
    return request.client.host if request.client else ""


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
    return json_response(await off_loop(scenario_list))


def _base(request: Request) -> str:
    """The base of the links handed out: the public URL, else where this request came."""
    public: str | None = request.app.state.public_url
    return public or str(request.base_url).rstrip("/")


async def _check_creator(request: Request) -> None:
    """Creating needs the host token (header `x-host-token`) unless the server is open."""
    if request.app.state.open_creation:
        return
    token = request.headers.get(HOST_HEADER, "")
    if not token:
        raise Forbidden(
            "request", "creating a game needs the host link (the server was not started --open)"
        )
    try:
        await off_loop(_host(request).check_host, token)
    except NotFound:
        raise Forbidden(HOST_HEADER, "not this server's host token") from None


async def bot_choices(request: Request) -> Response:
    return json_response(list(CHOICES))


async def create_game(request: Request) -> Response:
    creation: Buckets | None = request.app.state.creation
    if creation is not None:  # counted before anything is read: a refused upload costs too
        creation.check(_client(request), "creating games")
    await _check_creator(request)
    body = await read_json(request, schema.CreateGame)
    if (body.scenario is None) == (body.scenario_yaml is None):
        raise InputError("request", "give either `scenario` (a bundled name) or `scenario_yaml`")
    if body.scenario is not None:
        scenario = await off_loop(bundled_scenario, body.scenario)
    else:
        scenario = await off_loop(parse_scenario, body.scenario_yaml or "", "uploaded scenario")
    check_bots(scenario, body.bots)  # before anything is created
    host = _host(request)
    mode = body.declared_modifiers or default_mode(body.umpire)
    game_id, tokens = await off_loop(
        host.create,
        scenario,
        body.seed,
        published_seed=body.published_seed,
        declared_modifiers=mode,
    )
    await off_loop(request.app.state.bots.assign, game_id, body.bots)
    links = seat_links(_base(request), tokens)
    created = schema.Created(
        game_id, scenario.title, scenario.ruleset, links, dict(body.bots), mode
    )
    return json_response(created, 201)


# -- the host's and the umpire's links ------------------------------------------------------------


async def _as_host(request: Request) -> Host:
    host = _host(request)
    await off_loop(host.check_host, str(request.path_params["host"]))
    return host


def _lobby_rows(host: Host) -> list[tuple[dict[str, Any], str]]:
    """Each game of the lobby with its umpire's token, in one worker thread."""
    return [(g, host.tokens(g["game"])[UMPIRE]) for g in host.lobby()]


async def lobby(request: Request) -> Response:
    host = await _as_host(request)
    rows, base = await off_loop(_lobby_rows, host), _base(request)
    infos = [schema.GameInfo(**g, umpire=f"{base}/play/{umpire}") for g, umpire in rows]
    return json_response(schema.Lobby(request.app.state.open_creation, infos))


async def _links(request: Request, host: Host, game_id: str) -> Response:
    tokens = await off_loop(host.tokens, game_id)
    if not tokens:
        raise NotFound("game", f"no game {game_id!r} on this server")
    links = await off_loop(seat_links, _base(request), tokens, True)
    return json_response(schema.Links(game_id, links))


async def _reissue(request: Request, host: Host, game_id: str) -> Response:
    seat = str(request.path_params["seat"])
    token = await off_loop(host.reissue, game_id, seat)
    (link,) = await off_loop(seat_links, _base(request), {seat: token}, True)
    return json_response(link)


async def host_links(request: Request) -> Response:
    host = await _as_host(request)
    return await _links(request, host, str(request.path_params["game"]))


async def host_reissue(request: Request) -> Response:
    host = await _as_host(request)
    return await _reissue(request, host, str(request.path_params["game"]))


async def umpire_links(request: Request) -> Response:
    host = _host(request)
    ref = await off_loop(host.umpire, _token(request))
    return await _links(request, host, ref.game_id)


async def umpire_reissue(request: Request) -> Response:
    host = _host(request)
    ref = await off_loop(host.umpire, _token(request))
    if request.path_params["seat"] == UMPIRE:
        raise Forbidden("seat", "the umpire's own link is reissued from the host page")
    return await _reissue(request, host, ref.game_id)


async def seat_table(request: Request) -> Response:
    return json_response(await off_loop(_host(request).table, _token(request)))


def _count(request: Request, name: str, default: str | None = None) -> int:
    """A whole-number query parameter, or one clear InputError naming it."""
    raw = request.query_params.get(name, default)
    if raw is None or not raw.isdigit() or len(raw) > 9:
        raise InputError(name, f"must be a whole number of entries, not {(raw or '')[:20]!r}")
    return int(raw)


def _full(request: Request) -> bool:
    return request.query_params.get("full", "") in ("1", "true")


async def seat_log(request: Request) -> Response:
    since, host = _count(request, "since", "0"), _host(request)
    log = host.full_log if _full(request) else host.log
    return json_response(schema.Log(await off_loop(log, _token(request), since)))


async def replay(request: Request) -> Response:
    upto = _count(request, "upto")
    answer = await off_loop(_host(request).replay, _token(request), upto, _full(request))
    return json_response(answer)


async def replay_svg(request: Request) -> Response:
    upto = _count(request, "upto")
    svg = await off_loop(_host(request).replay_svg, _token(request), upto, _full(request))
    return Response(svg, media_type="image/svg+xml")


async def commitments(request: Request) -> Response:
    since = _count(request, "since", "0")
    return json_response(await off_loop(_host(request).commitments, _token(request), since))


async def openings(request: Request) -> Response:
    return json_response({"openings": await off_loop(_host(request).openings, _token(request))})


async def reveal(request: Request) -> Response:
    await off_loop(_host(request).reveal, _token(request))
    return json_response(schema.Revealed(True))


async def notes(request: Request) -> Response:
    """GET: the seat's notes; POST: keep one (and answer all of them)."""
    if request.method == "POST":
        return await _note(request)
    return json_response({"notes": await off_loop(_host(request).notes, _token(request))})


async def _note(request: Request) -> Response:
    token, body = await _seat_request(request, schema.NoteRequest)
    host = _host(request)
    await off_loop(host.note, token, body.n, body.text.strip(), body.full)
    return json_response({"notes": await off_loop(host.notes, token)})


async def seat_plan(request: Request) -> Response:
    report = await off_loop(_host(request).plan, _token(request), str(request.path_params["task"]))
    return json_response(msgspec.convert(report, schema.TaskPlan))


async def seat_svg(request: Request) -> Response:
    svg = await off_loop(_host(request).svg, _token(request), request.query_params.get("unit"))
    return Response(svg, media_type="image/svg+xml")


async def preview(request: Request) -> Response:
    token, body = await _seat_request(request, schema.PreviewRequest)
    return json_response(await off_loop(_host(request).preview, token, body.action, body.dice))


async def act(request: Request) -> Response:
    token, body = await _seat_request(request, schema.ActRequest)
    key = checked_key(request.headers.get(HEADER))
    answer = await off_loop(_host(request).submit, token, body.action, body.dice, body.player, key)
    held = answer.get("pending")
    return json_response(schema.Acted(answer["entries"], held), 202 if held else 200)


async def message(request: Request) -> Response:
    token, body = await _seat_request(request, schema.MessageRequest)
    entries = await off_loop(_host(request).message, token, body.text, body.to)
    return json_response(schema.Acted(entries))


async def undo(request: Request) -> Response:
    token, body = await _seat_request(request, schema.UndoRequest)
    key = checked_key(request.headers.get(HEADER))
    entries = await off_loop(_host(request).undo, token, body.count, key)
    return json_response(schema.Acted(entries))


async def approve(request: Request) -> Response:
    token, body = await _seat_request(request, schema.ApproveRequest)
    key = checked_key(request.headers.get(HEADER))
    entries = await off_loop(_host(request).approve, token, body.id, body.approve, key)
    return json_response(schema.Acted(entries))


async def openapi(request: Request) -> Response:
    return json_response(await off_loop(schema.openapi))  # the first call loads every ruleset


async def live(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    await follow(ws, _host(ws), hub, _token(ws))


ROUTES = [
    Route("/openapi.json", openapi),
    Route("/api/scenarios", scenarios),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/bots", bot_choices),
    Route("/api/host/{host}", lobby),
    Route("/api/host/{host}/games/{game}/links", host_links),
    Route("/api/host/{host}/games/{game}/seats/{seat}/reissue", host_reissue, methods=["POST"]),
    Route("/api/seats/{token}/links", umpire_links),
    Route("/api/seats/{token}/links/{seat}/reissue", umpire_reissue, methods=["POST"]),
    Route("/api/seats/{token}", seat_table),
    Route("/api/seats/{token}/log", seat_log),
    Route("/api/seats/{token}/table.svg", seat_svg),
    Route("/api/seats/{token}/plan/{task}", seat_plan),
    Route("/api/seats/{token}/replay", replay),
    Route("/api/seats/{token}/replay.svg", replay_svg),
    Route("/api/seats/{token}/reveal", reveal, methods=["POST"]),
    Route("/api/seats/{token}/commitments", commitments),
    Route("/api/seats/{token}/openings", openings),
    Route("/api/seats/{token}/notes", notes, methods=["GET", "POST"]),
    Route("/api/seats/{token}/preview", preview, methods=["POST"]),
    Route("/api/seats/{token}/act", act, methods=["POST"]),
    Route("/api/seats/{token}/undo", undo, methods=["POST"]),
    Route("/api/seats/{token}/message", message, methods=["POST"]),
    Route("/api/seats/{token}/approve", approve, methods=["POST"]),
    WebSocketRoute("/api/seats/{token}/live", live),
]
