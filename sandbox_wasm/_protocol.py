"""The wire protocol with the guest, its error mapping, and the compile-once program cache.

Private to ``sandbox_wasm``: the guest answers ``"o" + JSON`` or ``"e" + JSON error``; these
typed msgspec decoders turn the JSON into plain values and the errors into the engine's
exceptions.
"""

from __future__ import annotations

import collections
import hashlib
import math
import threading
from typing import Any

import msgspec

from engine.config import SandboxConfig
from engine.errors import (
    GuestCompileError,
    GuestError,
    InvalidAction,
    LoadError,
    MemoryLimitExceeded,
    OutputTooLarge,
    SandboxError,
    SandboxTrap,
    ToolCallRefused,
)
from sandbox_wasm._runtime import RawInstance, Runtime

__all__ = [
    "ENC",
    "ERR",
    "RESET",
    "SPEC",
    "STDIO",
    "STEP",
    "TOOL",
    "Counters",
    "GuestErr",
    "Programs",
    "SpecOut",
    "Stdio",
    "encode_action",
    "encode_tool_call",
    "guest_error",
]


class GuestErr(msgspec.Struct):
    """The guest's error answer."""

    kind: str
    message: str
    traceback: str = ""


class SpecOut(msgspec.Struct):
    """The guest's answer to ``load``: the declarations, raw."""

    description: str
    hint: str
    max_turns: int | None
    tools: list[dict[str, Any]]
    reward_range: tuple[float | None, float | None] | None
    success_threshold: float | None
    answer: str | None
    declared: list[str]


class Stdio(msgspec.Struct):
    """Captured guest stdout/stderr and the characters dropped beyond the bound."""

    stdout: str
    stderr: str
    dropped: int


ERR = msgspec.json.Decoder(GuestErr)
SPEC = msgspec.json.Decoder(SpecOut)
RESET = msgspec.json.Decoder(tuple[str, dict[str, Any]])
STEP = msgspec.json.Decoder(tuple[str, float, bool, bool, dict[str, Any]])
TOOL = msgspec.json.Decoder(str)
STDIO = msgspec.json.Decoder(Stdio)
ENC = msgspec.json.Encoder()


def _lone_surrogate(text: str) -> str:
    """Where ``text`` is not valid Unicode, for the error message."""
    for i, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":
            return f"lone surrogate {ch!r} at index {i}"
    return "not valid Unicode"


def encode_action(action: str) -> bytes:
    """An action as the UTF-8 bytes the guest receives.

    Raises:
        InvalidAction: the text holds a lone surrogate (it is never silently replaced).
    """
    try:
        return action.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidAction(f"action is not valid Unicode: {_lone_surrogate(action)}") from None


def _non_finite(value: Any, path: str) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return f"{path} is {value!r}"
    if isinstance(value, dict):
        for k, v in value.items():
            found = _non_finite(v, f"{path}[{k!r}]")
            if found:
                return found
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            found = _non_finite(v, f"{path}[{i}]")
            if found:
                return found
    return None


def _texts(value: Any) -> str:
    """Every string inside a JSON value, joined (keys too)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "".join(_texts(k) + _texts(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return "".join(_texts(v) for v in value)
    return ""


def encode_tool_call(name: str, args: dict[str, Any]) -> bytes:
    """A tool call ``{"name", "args"}`` as the JSON the guest receives.

    Raises:
        InvalidAction: a lone surrogate in the name or the arguments, a non-finite number
            (NaN/Infinity are not JSON; msgspec would send ``null``), or arguments nested too
            deeply to encode.
    """
    bad = _non_finite(args, "arguments")
    if bad:
        raise InvalidAction(f"tool {name!r}: {bad}, not a JSON number")
    try:
        return ENC.encode({"name": name, "args": args})
    except UnicodeEncodeError:
        raise InvalidAction(
            f"tool {name!r}: arguments are not valid Unicode ({_lone_surrogate(_texts(args))})"
        ) from None
    except (RecursionError, TypeError, OverflowError) as exc:
        raise InvalidAction(f"tool {name!r}: arguments cannot be encoded as JSON ({exc})") from None


class Counters:
    """Sandbox-wide counters (opens, pool hits, traps by reason, guest errors)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.opened = 0
        self.pool_hits = 0
        self.pool_misses = 0
        self.traps: collections.Counter[str] = collections.Counter()
        self.guest_errors = 0


def guest_error(
    op: bytes, payload: memoryview, config: SandboxConfig, counters: Counters
) -> SandboxError:
    """Turns the guest's error answer into the exception to raise (and counts it)."""
    try:
        err = ERR.decode(payload)
    except (msgspec.DecodeError, RecursionError, MemoryError):
        err = GuestErr("guest", "the guest answered malformed data", "")
    where = op.decode()
    if err.kind == "memory":
        with counters.lock:
            counters.traps["memory"] += 1
        return MemoryLimitExceeded(
            f"{where}: the instance hit its memory cap of {config.memory_bytes} bytes "
            f"({err.message})"
        )
    if err.kind == "output":
        return OutputTooLarge(f"{where}: {err.message}")
    with counters.lock:
        counters.guest_errors += 1
    if err.kind == "load":
        return LoadError(f"load failed: {err.message}", err.traceback)
    if err.kind == "refused":
        return ToolCallRefused(f"{where} failed: {err.message}", err.traceback)
    return GuestError(f"{where} failed: {err.message}", err.traceback)


class Programs:
    """Compiles programs in a dedicated guest instance and caches the result (LRU).

    Every load then runs the same path (unmarshal + exec), so an instance's memory history,
    and with it anything address-dependent such as the iteration order of a set of plain
    objects, is the same whether or not the compile was cached. CPython's compiler is also the
    largest part of a load inside wasm (about 1.7M instructions for a small program), and the
    critic and the agent open one program many times. A program that tampers with the runner
    can only poison the cache entry of its own source.
    """

    _RECYCLE_AFTER = 500
    _ANSWER_LIMIT = 64 << 20

    def __init__(
        self,
        runtime: Runtime,
        config: SandboxConfig,
        counters: Counters,
        entries: int = 256,
        max_entry_bytes: int = 8 << 20,
    ) -> None:
        self._runtime = runtime
        self._config = config
        self._counters = counters
        self._lock = threading.Lock()  # the entries
        self._compile_lock = threading.Lock()  # the compiler instance
        self._entries: collections.OrderedDict[bytes, str] = collections.OrderedDict()
        self._cap = entries
        self._max_entry = max_entry_bytes
        self._raw: RawInstance | None = None
        self._uses = 0

    def code_for(self, source: str, deadline_s: float) -> str | None:
        """Returns the program's compiled code (marshal, base64) or None if unavailable.

        Raises:
            GuestCompileError: the source does not compile in the sandbox (with the guest's
                traceback), or the compiler trapped on it.
            DeadlineExceeded, FuelExhausted, MemoryLimitExceeded, SandboxTrap: compiling hit a
                limit (the compiler instance is replaced).
        """
        data = source.encode("utf-8", "replace")
        key = hashlib.sha256(data).digest()
        blob = self._lookup(key)
        if blob is not None:
            return blob
        with self._compile_lock:
            blob = self._lookup(key)  # compiled by another thread meanwhile
            if blob is not None:
                return blob
            raw = self._raw
            if raw is None or raw.closed or self._uses >= self._RECYCLE_AFTER:
                if raw is not None:
                    raw.close()
                raw = self._raw = self._runtime.instantiate(self._config.memory_bytes)
                self._uses = 0
            self._uses += 1
            try:
                answer = raw.call(
                    b"compile", data, fuel=self._config.fuel_per_call, deadline_s=deadline_s
                )
            except SandboxTrap as exc:
                with self._counters.lock:
                    self._counters.traps[exc.reason] += 1
                if type(exc) is SandboxTrap:  # not a deadline, fuel or memory limit
                    raise GuestCompileError(
                        f"load failed: the sandbox's compiler trapped on the program ({exc}): "
                        "it is nested too deeply (or is too large) to compile there; nothing "
                        "of it ran"
                    ) from exc
                raise
            if len(answer) > self._ANSWER_LIMIT:
                raise OutputTooLarge(f"compiled program is {len(answer)} bytes")
            view = memoryview(answer)
            if answer[:1] != b"o":
                err = guest_error(b"compile", view[1:], self._config, self._counters)
                if isinstance(err, MemoryLimitExceeded):
                    raw.close()
                if isinstance(err, GuestError) and not isinstance(err, ToolCallRefused):
                    # whatever the compiler raised (a SyntaxError, a RecursionError during
                    # compilation): nothing of the program ran
                    raise GuestCompileError(str(err), err.guest_traceback) from None
                raise err
            try:
                blob = msgspec.json.decode(view[1:], type=str | None)
            except msgspec.DecodeError:
                blob = None
            if blob is not None and len(blob) <= self._max_entry:
                with self._lock:
                    self._entries[key] = blob
                    while len(self._entries) > self._cap:
                        self._entries.popitem(last=False)
            return blob

    def _lookup(self, key: bytes) -> str | None:
        with self._lock:
            blob = self._entries.get(key)
            if blob is not None:
                self._entries.move_to_end(key)
            return blob

    def close(self) -> None:
        """Frees the compiler instance now if idle, else once its compile returns."""
        if self._compile_lock.acquire(blocking=False):
            try:
                self._close_locked()
            finally:
                self._compile_lock.release()
        else:
            threading.Thread(target=self._close_later, daemon=True).start()

    def _close_later(self) -> None:
        with self._compile_lock:
            self._close_locked()

    def _close_locked(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None
