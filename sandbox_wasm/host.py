"""The async API the actors call: a sandbox, its warm pool, and environment instances.

::

    async with Sandbox.open(config.sandbox) as sandbox:     # ticker thread, warm pool, threads
        inst = await sandbox.open_env(source, entropy=0)
        obs, info = await inst.reset(seed=3)
        r = await inst.step("north")                        # StepResult
        text = await inst.call_tool("lookup", {"key": "a"})
        await inst.aclose()

Every guest call runs in one of the sandbox's guest threads (``sandbox_wasm/_threads.py``:
``config.threads``, default the cores, handed calls without a ``trio.to_thread`` round trip);
wasm releases the GIL, so calls on different instances run in
parallel. A call cannot be cancelled partway: cancellation waits for it (it ends within its
deadline, by epoch interruption, or its fuel), the call's own outcome (result or error) is
delivered, and the cancellation takes effect at the caller's next checkpoint. Each instance has a lock, so concurrent calls on one
instance are serialised. After a trap (deadline, fuel, memory, stack, unavailable system
interface) the instance is discarded and refuses further calls with ``InstanceClosed``.

The guest answers JSON only; it is decoded here with typed msgspec decoders, so the host only
ever holds plain ``str``/``int``/``float``/``bool``/``None``/``list``/``dict`` values.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import math
import os
import threading
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import msgspec
import trio

from engine.config import SandboxConfig
from engine.errors import (
    GuestError,
    InstanceClosed,
    MemoryLimitExceeded,
    OutputTooLarge,
    SandboxError,
    SandboxTrap,
)
from sandbox_wasm._protocol import (
    ENC,
    RESET,
    SPEC,
    STDIO,
    STEP,
    TOOL,
    Counters,
    Programs,
    SpecOut,
    Stdio,
    encode_action,
    encode_tool_call,
    guest_error,
)
from sandbox_wasm._runtime import RawInstance, Runtime, get_runtime
from sandbox_wasm._threads import GuestThreads

__all__ = [
    "EnvInstance",
    "EnvSpec",
    "Sandbox",
    "SandboxStatistics",
    "StepResult",
    "SyncEnvInstance",
]

_ERROR_SLACK_BYTES = 64 * 1024
_ESCAPE_FACTOR = 6
"""The most bytes JSON escaping makes of one content byte (a control character is ``\\u00XX``):
the guest bounds the content at ``max_output_bytes``, so its answer may be this much larger."""

log = logging.getLogger(__name__)


class EnvSpec(msgspec.Struct, frozen=True, kw_only=True):
    """What an environment program declares, read once at load.

    Attributes:
        description: ``DESCRIPTION``, else the ``Env`` docstring, else the module docstring.
        hint: ``HINT`` ("" when not declared).
        max_turns: ``MAX_TURNS`` (0 when not declared; see ``declared``).
        tools: ``TOOLS``, JSON-schema function specs (each has a matching ``Env`` method).
        reward_range: ``REWARD_RANGE`` or ``Env.reward_range``; (-inf, inf) when undeclared,
            an undeclared or non-finite side is infinite.
        success_threshold: ``SUCCESS_THRESHOLD``; when undeclared, the finite upper end of
            ``reward_range``, else 1.0.
        answer: ``ANSWER`` as a string (None when not declared).
        has_env: True (a program without ``Env`` is a ``LoadError``).
        declared: which of DESCRIPTION, HINT, MAX_TURNS, TOOLS, REWARD_RANGE,
            SUCCESS_THRESHOLD, ANSWER the program set explicitly.
    """

    description: str
    hint: str
    max_turns: int
    tools: list[dict[str, Any]]
    reward_range: tuple[float, float]
    success_threshold: float
    answer: str | None
    has_env: bool = True
    declared: frozenset[str] = frozenset()


class StepResult(msgspec.Struct, frozen=True, kw_only=True):
    """One ``step``: observation (str), reward (float), terminated, truncated, info (JSON dict)."""

    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class SandboxStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of one sandbox since it opened.

    Attributes:
        opened: environments opened (loaded successfully or not).
        pool_hits: opens served by a warm pooled instance.
        pool_misses: opens that had to instantiate on the spot.
        live: instances currently open.
        pooled: warm instances ready now.
        traps: traps by reason (``deadline``, ``fuel``, ``memory``, ``trap``).
        guest_errors: guest exceptions (load, reset, step, tool).
        reused: opens served by an idle instance that played the same source before (a fresh
            load of the source in it; see ``Sandbox.open_env(reuse=True)``).
        idle: instances parked for reuse now.
    """

    opened: int
    pool_hits: int
    pool_misses: int
    live: int
    pooled: int
    traps: dict[str, int]
    guest_errors: int
    reused: int = 0
    idle: int = 0


def _to_spec(out: SpecOut) -> EnvSpec:
    low, high = out.reward_range if out.reward_range is not None else (None, None)
    rr = (-math.inf if low is None else low, math.inf if high is None else high)
    if out.success_threshold is not None:
        threshold = out.success_threshold
    else:
        threshold = rr[1] if math.isfinite(rr[1]) else 1.0
    return EnvSpec(
        description=out.description,
        hint=out.hint,
        max_turns=out.max_turns or 0,
        tools=out.tools,
        reward_range=rr,
        success_threshold=threshold,
        answer=out.answer,
        declared=frozenset(out.declared),
    )


class SyncEnvInstance:
    """The synchronous face of an environment instance (``EnvInstance.sync``).

    Same calls as :class:`EnvInstance`, blocking the calling thread; safe to call from any
    thread (calls on one instance are serialised by a lock). Do not call it on the trio
    thread: use the async methods there.
    """

    def __init__(
        self,
        raw: RawInstance,
        config: SandboxConfig,
        counters: Counters,
        deadline_s: float,
        programs: Programs | None = None,
    ) -> None:
        self._programs = programs
        self._raw = raw
        self._config = config
        self._counters = counters
        self._deadline_s = deadline_s
        self._lock = threading.Lock()
        self._closed = False
        self._spec: EnvSpec | None = None
        self._fuel0 = raw.fuel_used
        # Set by the sandbox when the caller allowed reuse: close() hands the raw instance
        # back to it (``park(raw, source, uses) -> kept``) instead of freeing it.
        self._park: Callable[[RawInstance, str, int], bool] | None = None
        self._parked = False
        self._source = ""
        self._uses = 1

    @property
    def spec(self) -> EnvSpec:
        """The environment's declarations (see :class:`EnvSpec`)."""
        assert self._spec is not None, "spec read before load"
        return self._spec

    @property
    def closed(self) -> bool:
        """True after ``close()`` or a trap."""
        return self._closed or self._raw.closed

    @property
    def fuel_used(self) -> int:
        """Fuel (wasm instructions) every call on this instance consumed so far, in all."""
        return self._raw.fuel_used - self._fuel0

    def _call(self, op: bytes, arg: bytes, deadline_s: float | None, limit: int) -> memoryview:
        with self._lock:
            if self._closed:
                raise InstanceClosed("instance is closed")
            try:
                raw = self._raw.call(
                    op,
                    arg,
                    fuel=self._config.fuel_per_call,
                    deadline_s=self._deadline_s if deadline_s is None else deadline_s,
                )
            except SandboxTrap as exc:
                self._closed = True
                with self._counters.lock:
                    self._counters.traps[exc.reason] += 1
                raise
        if len(raw) > limit:
            raise OutputTooLarge(
                f"{op.decode()} answer is {len(raw)} bytes, over the bound of {limit} bytes"
            )
        view = memoryview(raw)
        if raw[:1] == b"o":
            return view[1:]
        self._raise_guest(op, view[1:] if raw[:1] == b"e" else view)
        raise AssertionError("unreachable")  # pragma: no cover

    def _raise_guest(self, op: bytes, payload: memoryview) -> None:
        exc = guest_error(op, payload, self._config, self._counters)
        if isinstance(exc, MemoryLimitExceeded):
            self._discard()
        raise exc

    def _decode(self, decoder: msgspec.json.Decoder[Any], payload: memoryview, what: str) -> Any:
        try:
            return decoder.decode(payload)
        except msgspec.DecodeError as exc:
            raise GuestError(
                f"{what}: the guest answered malformed data, not serialisable as JSON ({exc})"
            ) from None
        except (RecursionError, MemoryError) as exc:  # a patched runner's deep/huge JSON
            raise GuestError(
                f"{what}: the guest answered data the host cannot decode, not serialisable as "
                f"JSON ({type(exc).__name__}: nested too deeply or too large)"
            ) from None

    def _discard(self) -> None:
        self._closed = True
        if not self._parked:
            self._raw.close()

    def _output_limit(self) -> int:
        return _ESCAPE_FACTOR * self._config.max_output_bytes + _ERROR_SLACK_BYTES

    def _load(self, source: str, entropy: int) -> EnvSpec:
        """Loads ``source`` into this fresh instance (called once, by the sandbox)."""
        source = str.__str__(source)  # a str subclass as its text: the encoder takes str only
        code = None
        if self._programs is not None:
            code = self._programs.code_for(source, self._deadline_s)
        req = ENC.encode(
            {
                "source": source,
                "entropy": int(entropy),
                "max_output": self._config.max_output_bytes,
                "max_stdio": self._config.max_stdio_bytes,
                "code": code,
            }
        )
        payload = self._call(b"load", req, None, self._output_limit() + len(req))
        out: SpecOut = self._decode(SPEC, payload, "load")
        self._spec = _to_spec(out)
        return self._spec

    def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        deadline_s: float | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """Resets the environment.

        Args:
            seed: passed to ``Env.reset(seed=...)``.
            options: JSON-serialisable options passed to ``Env.reset(options=...)``.
            deadline_s: this call's deadline in seconds (default: the instance's).

        Returns:
            ``(observation, info)``.

        Raises:
            GuestError: ``reset`` raised or returned something that is not plain data.
            DeadlineExceeded, FuelExhausted, MemoryLimitExceeded, SandboxTrap: a limit fired;
                the instance is discarded.
            OutputTooLarge: the answer is over ``max_output_bytes``.
            InstanceClosed: the instance trapped or was closed before.
        """
        req = ENC.encode({"seed": seed, "options": options})
        payload = self._call(b"reset", req, deadline_s, self._output_limit())
        obs, info = self._decode(RESET, payload, "reset")
        return obs, info

    def step(self, action: str, *, deadline_s: float | None = None) -> StepResult:
        """Steps the environment with a text action.

        Args:
            action: the action text (valid Unicode: sent as UTF-8 unchanged).
            deadline_s: this call's deadline in seconds (default: the instance's).

        Returns:
            The :class:`StepResult`; ``reward`` is always a float.

        Raises:
            InvalidAction: the action holds a lone surrogate (not valid Unicode); nothing is
                sent to the guest.
            GuestError: ``step`` raised or returned something that is not plain data (the
                message says "not serialisable" and names the key, or names "reward").
            DeadlineExceeded, FuelExhausted, MemoryLimitExceeded, SandboxTrap: a limit fired;
                the instance is discarded.
            OutputTooLarge: the answer is over ``max_output_bytes``.
            InstanceClosed: the instance trapped or was closed before.
        """
        if type(action) is not str:
            action = str(action)
        payload = self._call(b"step", encode_action(action), deadline_s, self._output_limit())
        obs, reward, terminated, truncated, info = self._decode(STEP, payload, "step")
        return StepResult(
            observation=obs, reward=reward, terminated=terminated, truncated=truncated, info=info
        )

    def call_tool(
        self, name: str, args: dict[str, Any] | None = None, *, deadline_s: float | None = None
    ) -> str:
        """Calls a declared tool (an ``Env`` method named in ``TOOLS``) with keyword args.

        Args:
            name: the tool's name.
            args: JSON-serialisable keyword arguments.
            deadline_s: this call's deadline in seconds (default: the instance's).

        Returns:
            The tool's result: its string, or the JSON text of plain-data results.

        Raises:
            InvalidAction: the arguments hold a lone surrogate or a non-finite number; nothing
                is sent to the guest.
            GuestError: unknown tool, the tool raised, or returned something not serialisable.
            The same limit errors as :meth:`step`.
        """
        req = encode_tool_call(name, args or {})
        payload = self._call(b"tool", req, deadline_s, self._output_limit())
        text: str = self._decode(TOOL, payload, "tool")
        return text

    def output(self) -> str:
        """Returns the guest's captured stdout + stderr (each up to ``max_stdio_bytes`` chars)."""
        limit = 12 * self._config.max_stdio_bytes + _ERROR_SLACK_BYTES
        payload = self._call(b"stdio", b"", None, limit)
        out: Stdio = self._decode(STDIO, payload, "stdio")
        return out.stdout + out.stderr

    def close(self) -> None:
        """Frees the instance now if it is idle, else right after its running call. Idempotent.

        An instance opened with ``reuse=True`` that did not trap goes back to its sandbox
        instead (it is loaded afresh before it plays again); this face refuses calls either way.
        """
        park, self._park = self._park, None
        if self._closed or self._parked:
            park = None
        self._closed = True
        if self._lock.acquire(blocking=False):
            try:
                if self._parked:
                    return
                if park is not None and not self._raw.closed:
                    if park(self._raw, self._source, self._uses):
                        self._parked = True  # the raw instance is the sandbox's again
                        return
                self._raw.close()
            finally:
                self._lock.release()
        else:
            # The thread inside the call holds the lock; close once it returns.
            threading.Thread(target=self._close_later, daemon=True).start()

    def _close_later(self) -> None:
        with self._lock:
            if not self._parked:
                self._raw.close()


class EnvInstance:
    """One loaded environment in its own WebAssembly instance. Create with
    :meth:`Sandbox.open_env`.

    Every method runs the guest in one of the sandbox's guest threads; it cannot be
    cancelled partway (it returns within its deadline). Raises as :class:`SyncEnvInstance`.
    """

    def __init__(self, sync: SyncEnvInstance, threads: GuestThreads) -> None:
        self._sync = sync
        self._threads = threads

    @property
    def sync(self) -> SyncEnvInstance:
        """The same calls, synchronous (for the Gymnasium proxy run in a thread)."""
        return self._sync

    @property
    def spec(self) -> EnvSpec:
        """The environment's declarations (see :class:`EnvSpec`)."""
        return self._sync.spec

    @property
    def closed(self) -> bool:
        """True after ``aclose()`` or a trap."""
        return self._sync.closed

    @property
    def fuel_used(self) -> int:
        """Fuel (wasm instructions) every call on this instance consumed so far, in all."""
        return self._sync.fuel_used

    async def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        deadline_s: float | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """Async :meth:`SyncEnvInstance.reset`: returns ``(observation, info)``."""
        return await self._threads.run(
            lambda: self._sync.reset(seed, options, deadline_s=deadline_s)
        )

    async def step(self, action: str, *, deadline_s: float | None = None) -> StepResult:
        """Async :meth:`SyncEnvInstance.step`: returns a :class:`StepResult`."""
        return await self._threads.run(lambda: self._sync.step(action, deadline_s=deadline_s))

    async def call_tool(
        self, name: str, args: dict[str, Any] | None = None, *, deadline_s: float | None = None
    ) -> str:
        """Async :meth:`SyncEnvInstance.call_tool`: returns the tool's text."""
        return await self._threads.run(
            lambda: self._sync.call_tool(name, args, deadline_s=deadline_s)
        )

    async def output(self) -> str:
        """Async :meth:`SyncEnvInstance.output`: the guest's captured stdout + stderr."""
        return await self._threads.run(self._sync.output)

    async def aclose(self) -> None:
        """Frees the instance (idempotent; never blocks the event loop)."""
        self._sync.close()

    async def __aenter__(self) -> EnvInstance:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class Sandbox:
    """The WebAssembly sandbox: shared engine, epoch ticker, warm pool and guest threads.

    Create with ``async with Sandbox.open(config) as sandbox``. Module-level state never
    carries between environments: every ``open_env`` gets a fresh interpreter instance, except
    that ``open_env(reuse=True)`` (training episodes) may get one that played the very same
    source before, loaded afresh (see :meth:`open_env`).
    """

    def __init__(self, runtime: Runtime, config: SandboxConfig, threads: GuestThreads):
        self._runtime = runtime
        self._config = config
        self._threads = threads
        self._pool: collections.deque[RawInstance] = collections.deque()
        self._pool_lock = threading.Lock()
        # Loaded instances parked for reuse: (source, raw, episodes played), oldest first.
        self._idle: collections.deque[tuple[str, RawInstance, int]] = collections.deque()
        self._reused = 0
        self._want_refill = trio.Event()
        self._counters = Counters()
        self._programs = Programs(runtime, config, self._counters)
        self._live: weakref.WeakSet[SyncEnvInstance] = weakref.WeakSet()
        self._closed = False
        self._token = trio.lowlevel.current_trio_token()
        self._pool_ready = trio.Event()

    @classmethod
    @asynccontextmanager
    async def open(cls, config: SandboxConfig | None = None) -> AsyncIterator[Sandbox]:
        """Opens a sandbox: builds/loads the guest artifact, starts the ticker and warm pool.

        The first use on a machine builds and compiles the guest (about 15–45 s, cached on
        disk); later opens take milliseconds. On exit the pool and every instance still open
        are freed.

        With ``config.processes > 0`` the sandbox is a ``ProcessSandbox``
        (``sandbox_wasm/_procs.py``): the same API, instances in that many worker processes.

        Args:
            config: the ``[sandbox]`` section; ``None`` uses the defaults.

        Raises:
            SandboxError: the guest could not be built or compiled.
        """
        config = SandboxConfig() if config is None else config
        if config.processes > 0:  # the same API, instances in worker processes
            from sandbox_wasm._procs import ProcessSandbox

            async with ProcessSandbox.open_processes(config) as procs:
                yield procs
            return
        cache_dir = Path(config.cache_dir) if config.cache_dir else None
        runtime = await trio.to_thread.run_sync(get_runtime, cache_dir)
        sandbox = cls(runtime, config, GuestThreads(config.threads or os.cpu_count() or 1))
        runtime.acquire_ticker(config.epoch_tick_s)
        from_body: BaseException | None = None
        try:
            async with trio.open_nursery() as nursery:
                if config.pool_size > 0:
                    nursery.start_soon(sandbox._refill)
                try:
                    yield sandbox
                finally:
                    nursery.cancel_scope.cancel()
        except BaseExceptionGroup as group:
            # The refill task handles its own errors, so a lone exception came from the body:
            # give it back unwrapped (callers catch LoadError, not a group of one).
            if len(group.exceptions) != 1:
                raise
            from_body = group.exceptions[0]
        finally:
            sandbox._shutdown()
            runtime.release_ticker()
        if from_body is not None:
            raise from_body

    @property
    def config(self) -> SandboxConfig:
        """The sandbox's configuration section."""
        return self._config

    @property
    def threads(self) -> GuestThreads:
        """The threads running guest calls (at most ``threads.n`` at once)."""
        return self._threads

    def statistics(self) -> SandboxStatistics:
        """Returns counters since the sandbox opened (see :class:`SandboxStatistics`)."""
        c = self._counters
        with c.lock:
            return SandboxStatistics(
                opened=c.opened,
                pool_hits=c.pool_hits,
                pool_misses=c.pool_misses,
                live=sum(1 for i in list(self._live) if not i.closed),
                pooled=len(self._pool),
                traps=dict(c.traps),
                guest_errors=c.guest_errors,
                reused=self._reused,
                idle=len(self._idle),
            )

    async def _refill(self) -> None:
        while True:
            while len(self._pool) < self._config.pool_size and not self._closed:
                try:
                    raw = await self._threads.run(self._instantiate)
                except SandboxError as exc:  # e.g. memory_bytes below the guest's needs
                    log.warning("sandbox pool: instantiating failed (%s); retrying in 1 s", exc)
                    await trio.sleep(1.0)
                    continue
                with self._pool_lock:
                    if self._closed:
                        raw.close()
                        return
                    self._pool.append(raw)
            self._pool_ready.set()
            self._want_refill = trio.Event()
            await self._want_refill.wait()

    def _instantiate(self) -> RawInstance:
        return self._runtime.instantiate(self._config.memory_bytes)

    async def wait_pool_ready(self) -> None:
        """Waits until the warm pool holds ``pool_size`` instances (for benchmarks/tests)."""
        while len(self._pool) < self._config.pool_size:
            await self._pool_ready.wait()

    def _take(self) -> tuple[RawInstance, bool]:
        if self._closed:
            raise SandboxError("the sandbox is closed")
        with self._pool_lock:
            raw = self._pool.popleft() if self._pool else None
        if raw is None:
            return self._runtime.instantiate(self._config.memory_bytes), False
        return raw, True

    def _refill_soon(self) -> None:
        """Asks the refill task (on the trio thread) to top the pool up; callable from any thread."""
        with contextlib.suppress(trio.RunFinishedError):
            self._token.run_sync_soon(self._kick_refill)

    def _kick_refill(self) -> None:
        if self._pool_ready.is_set():
            self._pool_ready = trio.Event()
        self._want_refill.set()

    def _park(self, raw: RawInstance, source: str, uses: int) -> bool:
        """Keeps a loaded instance that played ``uses`` episodes of ``source`` for reuse.

        Returns False (the caller frees it) when it used up ``reuse_episodes`` or reuse is
        off; the oldest parked instance is freed when more than ``reuse_idle`` are parked.
        """
        if uses >= self._config.reuse_episodes or self._config.reuse_idle == 0:
            return False
        evicted: RawInstance | None = None
        with self._pool_lock:
            if self._closed:
                return False
            self._idle.append((source, raw, uses))
            if len(self._idle) > self._config.reuse_idle:
                evicted = self._idle.popleft()[1]
        if evicted is not None:
            evicted.close()
        return True

    def _take_idle(self, source: str) -> tuple[RawInstance, int] | None:
        """The most recently parked instance that played exactly ``source``, if any."""
        with self._pool_lock:
            for i in range(len(self._idle) - 1, -1, -1):
                parked, raw, uses = self._idle[i]
                if parked is source or parked == source:
                    del self._idle[i]
                    self._reused += 1
                    return raw, uses
        return None

    def open_env_sync(
        self,
        source: str,
        entropy: int = 0,
        deadline_s: float | None = None,
        *,
        reuse: bool = False,
    ) -> SyncEnvInstance:
        """Synchronous :meth:`open_env` (from a worker thread); returns the sync instance.

        Raises:
            As :meth:`open_env`.
        """
        reuse = reuse and self._config.reuse_episodes > 1 and self._config.reuse_idle > 0
        if self._closed:
            raise SandboxError("the sandbox is closed")
        idle = self._take_idle(source) if reuse else None
        if idle is not None:
            raw, uses = idle
            pooled = fresh = False
        else:
            (raw, pooled), uses, fresh = self._take(), 0, True
        deadline = self._config.call_deadline_s if deadline_s is None else deadline_s
        inst = SyncEnvInstance(raw, self._config, self._counters, deadline, self._programs)
        with self._counters.lock:
            self._counters.opened += 1
            if pooled:
                self._counters.pool_hits += 1
            elif fresh:
                self._counters.pool_misses += 1
        try:
            inst._load(source, entropy)
        except BaseException:
            inst.close()
            raise
        finally:
            if pooled:  # after the load: refilling competes for the cores
                self._refill_soon()
        if reuse:
            inst._source, inst._uses, inst._park = source, uses + 1, self._park
        self._live.add(inst)
        return inst

    async def open_env(
        self,
        source: str,
        entropy: int = 0,
        deadline_s: float | None = None,
        *,
        reuse: bool = False,
    ) -> EnvInstance:
        """Opens an environment: a fresh instance (from the warm pool) with ``source`` loaded.

        Args:
            source: the environment program (Python source defining ``class Env``).
            entropy: seeds the guest's global ``random`` module, ``os.urandom`` and its virtual
                clock (``time.time``, ``time.monotonic``, ``time.perf_counter``,
                ``time.time_ns``, ``datetime.now``, ...); same entropy, same behaviour.
            deadline_s: per-call deadline of this instance in seconds (load included);
                ``None`` = ``config.call_deadline_s``.
            reuse: the caller accepts an instance that already played this very ``source``
                (at most ``config.reuse_episodes`` episodes, never another source): the source
                is loaded afresh in it (new module, new ``Env``, clocks and ``random``
                re-seeded from ``entropy``), but what an earlier episode changed outside its
                own module (the standard library's modules, ``builtins``, the interpreter's
                heap) may remain. ``aclose()`` then parks the instance for the next episode of
                the source unless it trapped. For training episodes only: validation and
                scoring never pass it, so the Critic's ``state_survives_reset`` check still
                compares against a truly fresh instance.

        Returns:
            The loaded :class:`EnvInstance`; its ``spec`` is ready.

        Raises:
            LoadError: the source does not compile, raises at import, or lacks ``class Env``
                (carries the guest traceback).
            DeadlineExceeded, FuelExhausted, MemoryLimitExceeded, SandboxTrap: loading hit a
                limit.
            OutputTooLarge: the declarations are over ``max_output_bytes``.
            SandboxError: the sandbox is closed.
        """
        sync = await self._threads.run(
            lambda: self.open_env_sync(source, entropy, deadline_s, reuse=reuse)
        )
        return EnvInstance(sync, self._threads)

    def _shutdown(self) -> None:
        with self._pool_lock:
            self._closed = True
            pool, self._pool = list(self._pool), collections.deque()
            pool += [raw for _, raw, _ in self._idle]
            self._idle.clear()
        for raw in pool:
            raw.close()
        for inst in list(self._live):
            inst.close()
        self._programs.close()
        self._threads.close()
