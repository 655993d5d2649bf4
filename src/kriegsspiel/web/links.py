"""Seat links as players can reach them: the address to put in them, and a QR code of each.

A link is the server's public base (`--public-url`, else the address the server listens on, or
with `--host 0.0.0.0` the machine's LAN address) followed by `/play/TOKEN`.
"""

from __future__ import annotations

import socket
from collections.abc import Mapping

import segno

from kriegsspiel.web import schema

ANY_ADDRESS = ("", "0.0.0.0", "::")
PROBE = ("10.255.255.255", 1)  # any routable address: a UDP socket "connects" without a packet


def lan_address() -> str:
    """The address this machine is reached at on its network (127.0.0.1 when it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE)
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def base_url(host: str, port: int, public_url: str | None = None) -> str:
    """The address to put in links for a server listening on `host`:`port`."""
    if public_url:
        return public_url.rstrip("/")
    shown = lan_address() if host in ANY_ADDRESS else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def qr_data_uri(url: str) -> str:
    """A QR code of `url` as an SVG data URI (for an `<img>`: the pages' policy allows data:)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


def seat_links(base: str, tokens: Mapping[str, str], qr: bool = False) -> list[schema.SeatLink]:
    """Each seat's link under `base`, with its QR code when asked."""
    return [
        schema.SeatLink(
            seat,
            token,
            f"/play/{token}",
            f"/api/seats/{token}",
            f"{base}/play/{token}",
            qr_data_uri(f"{base}/play/{token}") if qr else None,
        )
        for seat, token in tokens.items()
    ]
