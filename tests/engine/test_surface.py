"""The public surface of ``engine`` is pinned, and importing it stays light."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine
import engine.api
import engine.asyncio_host
import engine.config
import engine.errors
import engine.messages


def test_public_names_are_pinned() -> None:
    assert engine.__all__ == [
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
    assert engine.api.__all__ == [
        "Engine",
        "EngineStatistics",
        "Outcome",
        "ResultStream",
        "open_engine",
    ]
    assert engine.asyncio_host.__all__ == [
        "AsyncioEngine",
        "AsyncioResultStream",
        "open_engine_asyncio",
    ]


def test_every_public_name_is_the_defining_modules_object() -> None:
    homes = (engine.api, engine.asyncio_host, engine.config, engine.errors, engine.messages)
    for name in engine.__all__:
        defined = [getattr(m, name) for m in homes if name in getattr(m, "__all__", ())]
        assert len(defined) == 1, name
        assert getattr(engine, name) is defined[0]
    assert set(engine.__all__) <= set(dir(engine))


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'SelfPlay'"):
        engine.SelfPlay  # noqa: B018 - the access is the test


def test_importing_engine_imports_neither_torch_nor_the_actors() -> None:
    code = (
        "import sys, engine\n"
        "for name in engine.__all__: getattr(engine, name)\n"
        "heavy = [m for m in ('torch', 'transformers', 'sentence_transformers', 'actors.agent',"
        " 'sandbox_wasm', 'wasmtime', 'hnswlib') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"
