"""SPADE's engine as a library: start it inside a trio or asyncio program.

Public surface (pinned by ``tests/engine/test_surface.py``)::

    import engine

    async with engine.open_engine(config, agent=scripted_agent) as eng:        # trio
        outcome = await eng.submit_env(source)        # engine.EnvScored | engine.EnvRejected

    async with engine.open_engine_asyncio(config, agent=scripted_agent) as eng:  # asyncio
        outcome = await eng.submit_env(source)

Names load on first use: ``import engine`` imports neither torch nor the actors, and
``import engine.config`` (or any other submodule) stays as cheap as the submodule itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.api import Engine, EngineStatistics, Outcome, ResultStream, open_engine
    from engine.asyncio_host import AsyncioEngine, AsyncioResultStream, open_engine_asyncio
    from engine.config import Config, load_config
    from engine.errors import ActorFailed, ConfigError, EngineError, EngineStopped
    from engine.messages import EnvRejected, EnvScored

__all__ = [
    "ActorFailed",
    "AsyncioEngine",
    "AsyncioResultStream",
    "Config",
    "ConfigError",
    "Engine",
    "EngineError",
    "EngineStatistics",
    "EngineStopped",
    "EnvRejected",
    "EnvScored",
    "Outcome",
    "ResultStream",
    "load_config",
    "open_engine",
    "open_engine_asyncio",
]

_WHERE = {
    "ActorFailed": "engine.errors",
    "AsyncioEngine": "engine.asyncio_host",
    "AsyncioResultStream": "engine.asyncio_host",
    "Config": "engine.config",
    "ConfigError": "engine.errors",
    "Engine": "engine.api",
    "EngineError": "engine.errors",
    "EngineStatistics": "engine.api",
    "EngineStopped": "engine.errors",
    "EnvRejected": "engine.messages",
    "EnvScored": "engine.messages",
    "Outcome": "engine.api",
    "ResultStream": "engine.api",
    "load_config": "engine.config",
    "open_engine": "engine.api",
    "open_engine_asyncio": "engine.asyncio_host",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
