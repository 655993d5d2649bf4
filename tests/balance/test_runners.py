"""Where games run: an address where no Ray cluster answers is refused at once, in one line."""

from __future__ import annotations

import socket

import pytest

from kriegsspiel.balance.runners import check_reachable
from kriegsspiel.errors import InputError


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_address_where_nothing_answers_is_refused(scheme: str) -> None:
    address = f"{scheme}127.0.0.1:{_closed_port()}"
    with pytest.raises(InputError) as refused:
        check_reachable(address, timeout=1.0)
    assert str(refused.value).startswith(f"--ray: no Ray cluster answers at {address} (")
    assert "\n" not in str(refused.value)


def test_an_address_that_answers_is_let_through() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_reachable(f"127.0.0.1:{server.getsockname()[1]}", timeout=1.0)


@pytest.mark.parametrize("address", ["auto", "local", "cluster-head", "host:port"])
def test_addresses_without_a_port_are_left_to_ray(address: str) -> None:
    check_reachable(address, timeout=0.01)
