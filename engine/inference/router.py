"""SGLang's router in front of the policy servers (``policy.router``).

``sglang-router`` (the ``sglang_router`` package SGLang ships; ``pip install sglang-router``)
balances ``/generate`` across the servers itself: cache-aware routing (requests that share a
prefix go to the server that holds it), health checks, retries. With ``policy.router`` the
engine sends every generation to the router's one URL, and still sends every weight call
(``/update_weights_from_disk``, the broadcast group, versions, health) to each server, so each
one is known to serve the new weights.

- ``policy.router = "launch"``: start ``python -m sglang_router.launch_router --worker-urls
  <servers>`` (``router_command`` to use another environment) on ``router_port``, wait for its
  ``/health``, stop its process group on exit.
- ``policy.router = "http://host:port"``: attach to a router already in front of the servers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import trio

from engine.config import PolicyConfig
from engine.errors import LaunchError
from engine.inference._wire import Generation
from engine.inference.client import PolicyClient
from engine.inference.launcher import free_port

__all__ = ["RoutedPolicyClient", "launch_router", "policy_client", "router_command"]


def router_command(
    config: PolicyConfig, worker_urls: Sequence[str], port: int, python: str = sys.executable
) -> list[str]:
    """The command that starts ``sglang-router`` on ``127.0.0.1:port`` in front of
    ``worker_urls`` (``config.router_command`` replaces ``python -m
    sglang_router.launch_router``; ``config.router_args`` are appended verbatim)."""
    base = list(config.router_command) or [python, "-m", "sglang_router.launch_router"]
    return [
        *base,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--worker-urls",
        *worker_urls,
        *config.router_args,
    ]


@asynccontextmanager
async def launch_router(
    config: PolicyConfig, worker_urls: Sequence[str], log_dir: str | os.PathLike[str]
) -> AsyncIterator[str]:
    """Start ``sglang-router`` in front of ``worker_urls`` and yield its URL.

    Waits until ``GET /health`` answers 200 (at most ``config.health_timeout_s``); logs go to
    ``log_dir/router.log``; the router's process group is stopped on exit.

    Raises:
        LaunchError: the router exited or stayed unhealthy (its log tail in the message).
    """
    port = config.router_port or free_port()
    cmd = router_command(config, worker_urls, port)
    log_path = Path(log_dir) / "router.log"
    await trio.Path(log_path.parent).mkdir(parents=True, exist_ok=True)
    log_file = await trio.to_thread.run_sync(open, log_path, "ab")
    with log_file:
        proc = await trio.lowlevel.open_process(
            cmd,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(timeout=2.0) as http:
            with trio.move_on_after(config.health_timeout_s) as waited:
                while True:
                    if proc.poll() is not None:
                        break
                    try:
                        if (await http.get(f"{url}/health")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    await trio.sleep(0.2)
        if proc.poll() is not None or waited.cancelled_caught:
            tail = (await trio.Path(log_path).read_text(errors="replace"))[-2000:]
            raise LaunchError(f"sglang-router at {url} did not start ({' '.join(cmd)}):\n{tail}")
        yield url
    finally:
        with trio.CancelScope(shield=True):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                with trio.move_on_after(10):
                    await proc.wait()
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGKILL)
                    await proc.wait()


class RoutedPolicyClient(PolicyClient):
    """A ``PolicyClient`` of the servers whose generations go through a router.

    Every call but generation (weights, versions, health, abort, pause) goes to each server as
    in ``PolicyClient``; ``generate``/``generate_text`` go to ``router_url``.
    """

    def __init__(self, urls: Sequence[str], router_url: str, config: PolicyConfig) -> None:
        super().__init__(urls, config)
        self.router_url = router_url
        self._router = PolicyClient([router_url], config)

    async def _generate(self, *args: Any, **kwargs: Any) -> Generation:
        return await self._router._generate(*args, **kwargs)

    async def aclose(self) -> None:
        """Close both connection pools."""
        await self._router.aclose()
        await super().aclose()


@asynccontextmanager
async def policy_client(
    urls: Sequence[str], config: PolicyConfig, log_dir: str | os.PathLike[str] = "logs"
) -> AsyncIterator[PolicyClient]:
    """The engine's policy client: ``PolicyClient(urls, config)``, or with ``config.router``
    a ``RoutedPolicyClient`` behind a launched or attached ``sglang-router``.

    Raises:
        LaunchError: a launched router did not start.
    """
    if not config.router:
        async with PolicyClient(urls, config) as client:
            yield client
        return
    if config.router == "launch":
        async with (
            launch_router(config, urls, log_dir) as router_url,
            RoutedPolicyClient(urls, router_url, config) as routed,
        ):
            yield routed
        return
    async with RoutedPolicyClient(urls, config.router.rstrip("/"), config) as routed:
        yield routed
