"""Build the guest into a WebAssembly component once, and cache the compiled artifact on disk.

The guest (``guest/spade_guest.py`` + ``guest/wit/guest.wit``) is turned into a component with
componentize-py (CPython 3.14 inside, WASI imports replaced by trapping stubs), compiled by
Cranelift for the engine's flags, serialised with ``Component.serialize`` and written to
``<cache_dir>/guest-<key>.cwasm`` next to a ``.sha256`` digest. The key hashes the wasmtime and
componentize-py versions, the engine flags, the machine and the guest's files, so anything
stale is simply a different file. A file whose digest does not match, or that wasmtime refuses
to deserialise, is deleted and rebuilt; the host never maps an unverified artifact.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.metadata
import logging
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import wasmtime
from wasmtime import component as wc

from engine.errors import SandboxError

__all__ = ["GUEST_DIR", "artifact_key", "default_cache_dir", "load_component"]

log = logging.getLogger(__name__)

GUEST_DIR = Path(__file__).with_name("guest")
_GUEST_FILES = ("spade_guest.py", "wit/guest.wit")
_WORLD = "env-guest"
_APP = "spade_guest"


def default_cache_dir() -> Path:
    """Returns the platform user cache directory of the sandbox (``.../spade-engine/sandbox_wasm``)."""
    return Path(platformdirs.user_cache_dir("spade-engine")) / "sandbox_wasm"


def artifact_key(flags: str) -> str:
    """Hashes everything the compiled artifact depends on.

    Args:
        flags: the engine flags string (e.g. ``"fuel,epoch"``); artifacts are only valid for an
            engine configured identically.

    Returns:
        A 32-character hex key.
    """
    h = hashlib.sha256()
    for part in (
        importlib.metadata.version("wasmtime"),
        importlib.metadata.version("componentize-py"),
        flags,
        platform.machine(),
        sys.platform,
    ):
        h.update(part.encode())
        h.update(b"\0")
    for name in _GUEST_FILES:
        h.update((GUEST_DIR / name).read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:32]


@contextlib.contextmanager
def _locked(cache_dir: Path) -> Iterator[None]:
    cache_dir.mkdir(parents=True, exist_ok=True)
    with open(cache_dir / "build.lock", "a+b") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _discard(*paths: Path) -> None:
    for p in paths:
        with contextlib.suppress(FileNotFoundError):
            p.unlink()


def _try_load(engine: wasmtime.Engine, path: Path) -> wc.Component | None:
    """Loads a verified artifact, or deletes a corrupt/incompatible one and returns None."""
    digest_path = path.with_suffix(".sha256")
    if not path.exists():
        return None
    try:
        expected = digest_path.read_text().strip()
    except OSError:
        expected = ""
    if not expected or _digest(path) != expected:
        log.warning("sandbox artifact %s is corrupt or unverified; rebuilding", path)
        _discard(path, digest_path)
        return None
    try:
        return wc.Component.deserialize_file(engine, str(path))
    except wasmtime.WasmtimeError as exc:
        log.warning("sandbox artifact %s does not load (%s); rebuilding", path, exc)
        _discard(path, digest_path)
        return None


_PRUNE_AFTER_S = 24 * 3600
"""Artifacts of other keys untouched this long are deleted (seconds)."""


def _prune(cache_dir: Path, keep: Path) -> None:
    """Deletes artifacts of other keys (older guests, other wasmtime versions): ~40 MB each,
    once untouched for ``_PRUNE_AFTER_S``: two checkouts of different versions on one machine
    (a user's two clones, CI beside a dev tree) would otherwise delete each other's artifact
    and rebuild it over and over.

    A process still running an older guest keeps its mapping (unlinking a mapped file is safe)
    and would rebuild if it ever needed the file again.
    """
    now = time.time()
    for old in cache_dir.glob("guest-*.cwasm"):
        if old == keep:
            continue
        try:
            if now - old.stat().st_mtime < _PRUNE_AFTER_S:
                continue
        except OSError:
            continue
        _discard(old, old.with_suffix(".sha256"))


def _componentize(out: Path) -> None:
    """Runs componentize-py on the guest; raises SandboxError with its output on failure."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    code = (
        "import sys; from componentize_py import script; "
        "sys.argv[0] = 'componentize-py'; sys.exit(script())"
    )
    cmd = [
        sys.executable,
        "-c",
        code,
        "-d",
        str(GUEST_DIR / "wit"),
        "-w",
        _WORLD,
        "componentize",
        _APP,
        "-p",
        str(GUEST_DIR),
        "-o",
        str(out),
        "--stub-wasi",
    ]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0 or not out.exists():
        tail = (proc.stdout + proc.stderr)[-3000:]
        raise SandboxError(f"componentize-py failed (exit {proc.returncode}): {tail}")


def load_component(
    engine: wasmtime.Engine, flags: str, cache_dir: Path | None = None
) -> tuple[wc.Component, Path]:
    """Returns the compiled guest component, building and caching it on first use.

    Takes an inter-process file lock, so concurrent processes build once. Build ≈ 5–20 s,
    Cranelift compile ≈ 7–25 s on first use; later loads map the cached file (milliseconds).

    Args:
        engine: the engine the component is compiled for.
        flags: the engine's flags string, part of the cache key.
        cache_dir: cache directory; ``None`` uses :func:`default_cache_dir`.

    Returns:
        ``(component, artifact_path)``.

    Raises:
        SandboxError: componentize-py or the compile failed.
    """
    cache_dir = default_cache_dir() if cache_dir is None else cache_dir
    path = cache_dir / f"guest-{artifact_key(flags)}.cwasm"
    with _locked(cache_dir):
        comp = _try_load(engine, path)
        if comp is not None:
            with contextlib.suppress(OSError):
                os.utime(path)  # in use: not pruned by another version's build
            return comp, path
        log.info("building the sandbox guest component into %s (first use)", path)
        with tempfile.TemporaryDirectory(dir=cache_dir) as tmp:
            wasm = Path(tmp) / "guest.wasm"
            _componentize(wasm)
            try:
                compiled = wc.Component(engine, wasm.read_bytes())
            except wasmtime.WasmtimeError as exc:
                raise SandboxError(f"compiling the guest component failed: {exc}") from exc
            staged = Path(tmp) / "guest.cwasm"
            staged.write_bytes(compiled.serialize())
            digest = _digest(staged)
            digest_staged = Path(tmp) / "guest.sha256"
            digest_staged.write_text(digest + "\n")
            os.replace(staged, path)
            os.replace(digest_staged, path.with_suffix(".sha256"))
        _prune(cache_dir, keep=path)
        comp = _try_load(engine, path)
        if comp is None:
            raise SandboxError(f"the freshly built artifact {path} does not load")
        return comp, path
