"""Shared fixtures: one built guest artifact for the whole session, a fresh sandbox per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from engine.config import SandboxConfig
from sandbox_wasm import Sandbox
from sandbox_wasm._runtime import Runtime, get_runtime
from sandbox_wasm._testing import env_source


@pytest.fixture(scope="session")
def runtime() -> Runtime:
    """The process's runtime; builds and compiles the guest once if the cache is cold."""
    return get_runtime()


@pytest.fixture
def config() -> SandboxConfig:
    return SandboxConfig(pool_size=2, call_deadline_s=2.0)


@pytest.fixture
async def sandbox(runtime: Runtime, config: SandboxConfig) -> AsyncIterator[Sandbox]:
    async with Sandbox.open(config) as sb:
        yield sb


@pytest.fixture
def make_env():
    return env_source
