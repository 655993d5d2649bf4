"""Where the games of a run are played: in this process, in local worker processes, or on a Ray
cluster. Each runner returns the batches' records in the order of the batches, whatever order
they finish in, so a run's records depend on its seed alone."""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from kriegsspiel.balance.play import Batch, GameRecord, play_batch
from kriegsspiel.errors import InputError

Progress = Callable[[int], None]  # told how many more games are done
LOCAL_RAY = "local"  # `--ray local`: start a Ray instance on this machine
CONNECT_TIMEOUT = 5.0  # seconds to wait for a cluster's address to answer


def in_process(batches: Sequence[Batch], progress: Progress) -> list[list[GameRecord]]:
    out = []
    for batch in batches:
        out.append(play_batch(batch))
        progress(batch.stop - batch.start)
    return out


def in_processes(
    batches: Sequence[Batch], workers: int, progress: Progress
) -> list[list[GameRecord]]:
    """The batches played by `workers` processes started afresh (spawned: nothing of this
    process is inherited but what a batch carries)."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play_batch, batch) for batch in batches]
        size = dict(zip(futures, (b.stop - b.start for b in batches), strict=True))
        pending = set(futures)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    future.result()  # a worker's error, raised here at once
                    progress(size[future])
        except BaseException:  # an error or ^C: the batches not started are dropped
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        return [future.result() for future in futures]


def on_ray(batches: Sequence[Batch], address: str, progress: Progress) -> list[list[GameRecord]]:
    """The batches played as Ray tasks on the cluster at `address` (`local`: a Ray instance
    started on this machine for the run). An instance already started in this process is used
    as it is, and left running."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        _connect(ray, address)
    try:
        remote = ray.remote(play_batch)
        refs = [remote.remote(batch) for batch in batches]
        size = dict(zip(refs, (b.stop - b.start for b in batches), strict=True))
        pending = list(refs)
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                ray.get(done)  # a task's error, raised here at once
                progress(size[done[0]])
        except BaseException:  # an error or ^C: the tasks left are cancelled
            for ref in pending:
                ray.cancel(ref)
            raise
        records: list[list[GameRecord]] = ray.get(refs)
        return records
    finally:
        if started:
            ray.shutdown()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InputError(
            "--ray", "Ray is not installed (pip install 'kriegsspiel[cluster]')"
        ) from None
    return ray


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """An InputError unless something answers at a `HOST:PORT` (or `ray://HOST:PORT`) address,
    before Ray retries an address where nothing answers for minutes; other addresses (`auto`)
    are left to Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError("--ray", f"no Ray cluster answers at {address} ({reason})") from None


def _connect(ray: Any, address: str) -> None:
    options: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.ERROR,  # the report alone on the terminal
    }
    try:
        if address == LOCAL_RAY:
            ray.init(**options)
        else:
            check_reachable(address)
            ray.init(address=address, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise InputError("--ray", f"cannot reach a Ray cluster at {address}: {exc}") from None


__all__ = ["LOCAL_RAY", "Progress", "check_reachable", "in_process", "in_processes", "on_ray"]
