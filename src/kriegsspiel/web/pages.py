"""The pages: a home page to create a game, the host's page, and one page per seat. Plain HTML,
CSS and JS.

The pages hold no data of their own: the seat page's script reads its token from the address and
fetches everything from the JSON API, so a page shows exactly what its seat's API answers show.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import resources

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.web.host import Host, NotFound

STATIC = "static"


@cache
def page(name: str) -> str:
    return resources.files("kriegsspiel.web").joinpath(STATIC, name).read_text(encoding="utf-8")


async def home(request: Request) -> Response:
    return HTMLResponse(page("home.html"))


async def seat_page(request: Request) -> Response:
    """A seat's page; the public seat's, or any seat's with `?display=tv`, is the table display."""
    host: Host = request.app.state.host
    try:
        ref = await run_in_threadpool(host.seat, str(request.path_params["token"]))
    except NotFound as exc:
        return HTMLResponse(page("unknown.html").replace("{message}", escape(str(exc))), 404)
    tv = ref.seat == PUBLIC or request.query_params.get("display") == "tv"
    return HTMLResponse(page("tv.html" if tv else "seat.html"))


async def host_page(request: Request) -> Response:
    host: Host = request.app.state.host
    try:
        await run_in_threadpool(host.check_host, str(request.path_params["host"]))
    except NotFound as exc:
        return HTMLResponse(page("unknown.html").replace("{message}", escape(str(exc))), 404)
    return HTMLResponse(page("host.html"))


async def replay_page(request: Request) -> Response:
    host: Host = request.app.state.host
    try:
        await run_in_threadpool(host.seat, str(request.path_params["token"]))
    except NotFound as exc:
        return HTMLResponse(page("unknown.html").replace("{message}", escape(str(exc))), 404)
    return HTMLResponse(page("replay.html"))


ROUTES = [
    Route("/", home),
    Route("/play/{token}/replay", replay_page),
    Route("/host/{host}", host_page),
    Route("/play/{token}", seat_page),
    Mount("/static", StaticFiles(packages=[("kriegsspiel.web", STATIC)]), name="static"),
]
