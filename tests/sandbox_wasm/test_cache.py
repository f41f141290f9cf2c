"""The compiled-guest cache: keyed, verified, and rebuilt (never crashing) when stale or corrupt."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import wasmtime
from wasmtime import component as wc

from sandbox_wasm._build import _try_load, artifact_key, load_component
from sandbox_wasm._runtime import FLAGS, Runtime


def _copy(runtime: Runtime, tmp_path: Path) -> Path:
    dst = tmp_path / runtime.artifact.name
    shutil.copyfile(runtime.artifact, dst)
    shutil.copyfile(runtime.artifact.with_suffix(".sha256"), dst.with_suffix(".sha256"))
    return dst


def test_key_depends_on_engine_flags() -> None:
    assert artifact_key(FLAGS) == artifact_key(FLAGS)
    assert artifact_key(FLAGS) != artifact_key("fuel")
    assert len(artifact_key(FLAGS)) == 32


def test_artifact_lives_under_the_key(runtime: Runtime) -> None:
    assert runtime.artifact.name == f"guest-{artifact_key(FLAGS)}.cwasm"
    assert runtime.artifact.with_suffix(".sha256").exists()


def test_verified_copy_loads(runtime: Runtime, tmp_path: Path) -> None:
    path = _copy(runtime, tmp_path)
    assert isinstance(_try_load(runtime.engine, path), wc.Component)


def test_flipped_byte_is_rejected_and_deleted(runtime: Runtime, tmp_path: Path) -> None:
    path = _copy(runtime, tmp_path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    assert _try_load(runtime.engine, path) is None
    assert not path.exists() and not path.with_suffix(".sha256").exists()


def test_truncated_file_with_its_own_digest_is_rejected(runtime: Runtime, tmp_path: Path) -> None:
    import hashlib

    path = _copy(runtime, tmp_path)
    data = path.read_bytes()[:4096]
    path.write_bytes(data)
    path.with_suffix(".sha256").write_text(hashlib.sha256(data).hexdigest())
    assert _try_load(runtime.engine, path) is None
    assert not path.exists()


def test_artifact_for_another_engine_config_is_rejected(runtime: Runtime, tmp_path: Path) -> None:
    path = _copy(runtime, tmp_path)
    other = wasmtime.Engine()  # no fuel, no epochs: incompatible with the artifact
    assert _try_load(other, path) is None


def test_missing_digest_is_rejected(runtime: Runtime, tmp_path: Path) -> None:
    path = _copy(runtime, tmp_path)
    path.with_suffix(".sha256").unlink()
    assert _try_load(runtime.engine, path) is None


@pytest.mark.slow
@pytest.mark.long
def test_corrupt_cache_rebuilds(runtime: Runtime, tmp_path: Path) -> None:
    path = tmp_path / f"guest-{artifact_key(FLAGS)}.cwasm"
    path.write_bytes(b"\x7fELF garbage")
    path.with_suffix(".sha256").write_text("0" * 64)
    comp, built = load_component(runtime.engine, FLAGS, tmp_path)
    assert built == path
    assert isinstance(comp, wc.Component)
    assert _try_load(runtime.engine, path) is not None
