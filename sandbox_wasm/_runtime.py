"""The wasmtime side: one Engine per process, the compiled guest, an epoch ticker, raw instances.

A :class:`Runtime` holds the process's Engine (fuel + epoch interruption), the compiled guest
component (from :mod:`sandbox_wasm._build`'s disk cache) and a component Linker that defines
nothing: the guest is built with WASI stubbed out, so it imports no host function at all.

A :class:`RawInstance` is one Store + one instantiated guest. :meth:`RawInstance.call` sets the
fuel and the epoch deadline, calls the guest's ``handle`` export through the C API directly
(one ctypes call, no per-call type lookups) and turns a wasmtime trap into
:class:`~engine.errors.DeadlineExceeded`, :class:`~engine.errors.FuelExhausted` or
:class:`~engine.errors.SandboxTrap`. After a trap the instance is closed and refuses calls.
A RawInstance is not thread-safe: one thread at a time (the host wraps it in a lock).
"""

from __future__ import annotations

import ctypes
import math
import re
import threading
from pathlib import Path

import wasmtime
from wasmtime import _ffi as ffi
from wasmtime import component as wc

from engine.errors import (
    DeadlineExceeded,
    FuelExhausted,
    InstanceClosed,
    SandboxError,
    SandboxTrap,
)
from sandbox_wasm._build import default_cache_dir, load_component

__all__ = ["RawInstance", "Runtime", "get_runtime"]

FLAGS = "fuel,epoch,stub-wasi"
_PRIME_FUEL = 10_000_000_000
_PRIME_DEADLINE_S = 10.0
_STRING = ffi.WASMTIME_COMPONENT_STRING


_U8_PTR = ctypes.POINTER(ctypes.c_uint8)

# The cheap per-call C functions, bound through PyDLL so they keep the GIL: each GIL release
# and re-acquire is a hand-off when two threads drive instances, and only the guest call
# itself (through wasmtime-py's CDLL binding) needs to let other threads run.
_NOGIL = ctypes.PyDLL(str(ffi.filename))
_set_fuel = _NOGIL.wasmtime_context_set_fuel
_set_fuel.restype = ctypes.POINTER(ffi.wasmtime_error_t)
_set_fuel.argtypes = [ctypes.POINTER(ffi.wasmtime_context_t), ctypes.c_uint64]
_get_fuel = _NOGIL.wasmtime_context_get_fuel
_get_fuel.restype = ctypes.POINTER(ffi.wasmtime_error_t)
_get_fuel.argtypes = [ctypes.POINTER(ffi.wasmtime_context_t), ctypes.POINTER(ctypes.c_uint64)]
_set_epoch_deadline = _NOGIL.wasmtime_context_set_epoch_deadline
_set_epoch_deadline.restype = None
_set_epoch_deadline.argtypes = [ctypes.POINTER(ffi.wasmtime_context_t), ctypes.c_uint64]
_vec_delete = _NOGIL.wasm_byte_vec_delete
_vec_delete.restype = None
_vec_delete.argtypes = [ctypes.POINTER(ffi.wasm_byte_vec_t)]


def _borrow(vec: ffi.wasm_byte_vec_t, data: bytes) -> None:
    """Points ``vec`` at ``data``'s buffer (no copy; ``data`` must outlive the call)."""
    vec.size = len(data)
    vec.data = ctypes.cast(ctypes.c_char_p(data), _U8_PTR)


class Runtime:
    """Engine, compiled guest and epoch ticker shared by every sandbox in the process.

    Args:
        cache_dir: where the compiled guest is cached.

    Raises:
        SandboxError: the guest could not be built or compiled.
    """

    def __init__(self, cache_dir: Path) -> None:
        cfg = wasmtime.Config()
        cfg.consume_fuel = True
        cfg.epoch_interruption = True
        self.engine = wasmtime.Engine(cfg)
        self.component, self.artifact = load_component(self.engine, FLAGS, cache_dir)
        self.linker = wc.Linker(self.engine)
        self._lock = threading.Lock()
        self._users = 0
        self._tick_s = 0.005
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    # -- epoch ticker -------------------------------------------------------------------------

    def acquire_ticker(self, tick_s: float) -> None:
        """Starts the epoch ticker thread (refcounted; the first user's tick wins).

        Args:
            tick_s: seconds between epoch increments (deadline granularity).
        """
        with self._lock:
            self._users += 1
            if self._ticker is None:
                self._tick_s = tick_s
                self._stop = threading.Event()
                self._ticker = threading.Thread(
                    target=self._tick, args=(self._stop, tick_s), name="wasm-epoch", daemon=True
                )
                self._ticker.start()

    def release_ticker(self) -> None:
        """Stops the ticker when its last user releases it."""
        with self._lock:
            self._users -= 1
            if self._users > 0 or self._ticker is None:
                return
            ticker, self._ticker = self._ticker, None
            self._stop.set()
        ticker.join()

    @property
    def tick_s(self) -> float:
        """Seconds per epoch tick of the running ticker."""
        return self._tick_s

    def _tick(self, stop: threading.Event, tick_s: float) -> None:
        engine = self.engine
        while not stop.wait(tick_s):
            engine.increment_epoch()

    # -- instances ----------------------------------------------------------------------------

    def instantiate(self, memory_bytes: int) -> RawInstance:
        """Creates a fresh guest instance (a pre-initialised interpreter, nothing loaded).

        The instance is primed: a throwaway environment runs through load/reset/step and is
        forgotten, so the pages a real load touches are already in (a pooled open then pays
        for the program only). Needs the epoch ticker running.

        Args:
            memory_bytes: linear-memory cap of the instance in bytes.

        Raises:
            SandboxError: instantiation failed (e.g. the cap is below the guest's initial size).
        """
        store = wasmtime.Store(self.engine)
        store.set_limits(memory_size=memory_bytes)
        store.set_fuel(1 << 62)
        store.set_epoch_deadline(1 << 62)
        try:
            instance = self.linker.instantiate(store, self.component)
        except wasmtime.WasmtimeError as exc:
            store.close()
            raise SandboxError(f"instantiating the guest failed: {exc}") from exc
        func = instance.get_func(store, "handle")
        if func is None:
            store.close()
            raise SandboxError("the guest component exports no 'handle'")
        raw = RawInstance(self, store, func)
        try:
            answer = raw.call(b"prime", b"", fuel=_PRIME_FUEL, deadline_s=_PRIME_DEADLINE_S)
        except SandboxTrap as exc:
            raise SandboxError(f"priming a fresh guest instance trapped: {exc}") from exc
        if answer != b"otrue":
            raw.close()
            raise SandboxError(f"priming a fresh guest instance failed: {answer[:2000]!r}")
        return raw


class RawInstance:
    """One Store with one guest instance; see the module docstring."""

    __slots__ = ("_func", "_params", "_result", "_runtime", "_store", "fuel_used", "trap")

    def __init__(self, runtime: Runtime, store: wasmtime.Store, func: wc.Func) -> None:
        self._runtime = runtime
        self._store: wasmtime.Store | None = store
        self._func = func._func
        self.trap: SandboxTrap | None = None
        self.fuel_used = 0
        # Reused per call (calls on one instance are serialised by its owner).
        self._params = (ffi.wasmtime_component_val_t * 2)()
        self._params[0].kind = _STRING
        self._params[1].kind = _STRING
        self._result = ffi.wasmtime_component_val_t()

    @property
    def closed(self) -> bool:
        """True once the instance trapped or was closed."""
        return self._store is None

    def close(self) -> None:
        """Frees the Store (linear memory and all). Idempotent."""
        store, self._store = self._store, None
        if store is not None:
            store.close()

    def call(self, op: bytes, arg: bytes, *, fuel: int, deadline_s: float) -> bytes:
        """Calls the guest's ``handle(op, arg)``.

        Args:
            op: operation name (ASCII).
            arg: UTF-8 argument.
            fuel: instruction budget of this call.
            deadline_s: wall-clock deadline of this call in seconds (epoch ticks, rounded up).

        Returns:
            The guest's raw UTF-8 answer.

        Raises:
            InstanceClosed: the instance trapped or was closed before.
            DeadlineExceeded, FuelExhausted, SandboxTrap: the call trapped; the instance is
                closed.
        """
        store = self._store
        if store is None:
            raise InstanceClosed(
                "instance is closed" if self.trap is None else f"instance trapped: {self.trap}"
            )
        ticks = max(1, math.ceil(deadline_s / self._runtime.tick_s)) + 1
        context = store._context()
        if _set_fuel(context, fuel):  # only fails when fuel is not enabled: a bug
            raise SandboxError("setting fuel failed: the engine does not consume fuel")
        _set_epoch_deadline(context, ticks)
        # The arguments are borrowed, not copied: wasmtime_component_func_call reads its args
        # (``const``; it lowers them into guest memory) and never frees them, so they point at
        # the Python bytes, which stay alive for the call. Never val_delete them.
        params = self._params
        _borrow(params[0].of.string, op)
        _borrow(params[1].of.string, arg)
        result = self._result
        err = ffi.wasmtime_component_func_call(
            ctypes.byref(self._func), context, params, 2, ctypes.byref(result), 1
        )
        left = ctypes.c_uint64(0)
        if not _get_fuel(context, ctypes.byref(left)):
            self.fuel_used += max(0, fuel - left.value)
        if err:
            exc = wasmtime.WasmtimeError._from_ptr(err)
            self.trap = _classify(str(exc), deadline_s, fuel)
            self.close()
            raise self.trap from exc
        vec = result.of.string
        try:
            return ctypes.string_at(vec.data, vec.size) if vec.size else b""
        finally:
            _vec_delete(ctypes.byref(vec))


_FRAME = re.compile(r"^\s*\d+:\s+0x[0-9a-f]+ - ([^!]+)!(.+?)\s*$", re.MULTILINE)


def _system_call(message: str) -> str:
    """Names the libc function the guest's interpreter called when it trapped, if any."""
    frames: list[tuple[str, str]] = _FRAME.findall(message)
    for i, (lib, fn) in enumerate(frames):
        if lib.startswith("libpython") and i > 0:
            libc = [f for lib_, f in frames[:i] if lib_.startswith("libc")]
            if libc:
                return f"libc {libc[-1]}() from {fn}"
            return fn
    return ""


def _classify(message: str, deadline_s: float, fuel: int) -> SandboxTrap:
    """Maps a wasmtime trap message to the exception that names the limit."""
    last = message.strip().splitlines()[-1].strip() if message.strip() else message
    if "interrupt" in last:
        return DeadlineExceeded(f"call ran past its deadline of {deadline_s:g} s")
    if "all fuel consumed" in last:
        return FuelExhausted(f"call used up its fuel ({fuel} units)")
    if "call stack exhausted" in last:
        return SandboxTrap(f"guest trapped: wasm stack overflow ({last})")
    where = _system_call(message)
    if "unreachable" in last and where.startswith("libc"):
        return SandboxTrap(
            f"guest trapped calling an unavailable system interface ({where}): the sandbox has "
            "no files, sockets, real clocks, stdin or processes"
        )
    return SandboxTrap(f"guest trapped: {last}" + (f" (in {where})" if where else ""))


_RUNTIMES: dict[Path, Runtime] = {}
_RUNTIMES_LOCK = threading.Lock()


def get_runtime(cache_dir: Path | None = None) -> Runtime:
    """Returns the process's runtime for ``cache_dir``, creating it (and the artifact) once.

    Args:
        cache_dir: artifact cache directory; ``None`` = the platform user cache directory.

    Raises:
        SandboxError: the guest could not be built or compiled.
    """
    key = (default_cache_dir() if cache_dir is None else cache_dir).resolve()
    with _RUNTIMES_LOCK:
        rt = _RUNTIMES.get(key)
        if rt is None:
            rt = _RUNTIMES[key] = Runtime(key)
        return rt
