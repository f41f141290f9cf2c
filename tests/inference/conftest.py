"""Fixtures: the tiny model (built once, cached) and one shared ``engine.serve`` process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from engine.inference import ensure_tiny_model, free_port


@pytest.fixture(scope="session")
def tiny_model() -> Path:
    return ensure_tiny_model()


def start_server(model: Path, log: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``python -m engine.serve`` on a free port and wait until healthy."""
    port = free_port()
    cmd = [sys.executable, "-m", "engine.serve", "--model-path", str(model), "--port", str(port)]
    with log.open("wb") as f:
        proc = subprocess.Popen(
            [*cmd, *extra], stdout=f, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()}")
        try:
            if httpx.get(f"{url}/health", timeout=1.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    stop_server(proc)
    raise RuntimeError(f"server not healthy: {log.read_text()}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture(scope="session")
def server_url(tiny_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One CPU policy server shared by the read-only tests (never given new weights)."""
    log = tmp_path_factory.mktemp("serve") / "server.log"
    proc, url = start_server(tiny_model, log)
    try:
        yield url
    finally:
        stop_server(proc)
