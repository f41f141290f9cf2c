"""The sandbox in worker processes (``sandbox.processes = N``): every core runs wasm.

wasmtime-py releases the GIL inside a guest call, but only part of a short call is GIL-free
(encoding, decoding, ctypes glue hold it), so threads in one process stop scaling at ~1.5
cores. With ``processes = N`` the :class:`ProcessSandbox` starts N worker processes (``spawn``),
each with its own wasmtime engine, epoch ticker, warm pool of ``pool_size`` instances and
compile cache (an in-process :class:`~sandbox_wasm.host.Sandbox`). An instance lives in one
worker (the one with the fewest live instances when it opened); its calls travel as msgpack
frames over that worker's pipe.

Nothing blocks the event loop: a request is one ``send_bytes`` of a small frame on the trio
thread; one reader task per worker waits for the pipe to become readable
(``trio.lowlevel.wait_readable``) and reschedules the waiting caller with the answer, so no
thread hop is paid per call. The worker serves every request in its own trio task (calls run
in its threads as in-process). Limits are unchanged: the worker's sandbox applies the same
fuel, deadline and memory cap to every call; errors come back as the same classes of
:mod:`engine.errors` (a trap closes the instance here too). As in-process, a call cannot be
cancelled partway: cancellation takes effect when its answer arrives. A worker that dies fails
its pending calls with ``SandboxError`` and its instances refuse further calls.

The synchronous face (``RemoteEnvInstance.sync``, for the Gymnasium proxy run in a thread)
goes through the trio thread with ``trio.from_thread.run``.

Framing (:class:`_Frames`): ``multiprocessing.connection``'s wire format (a 4-byte big-endian
length, or -1 and an 8-byte length, then the payload) on a ``socketpair``, read without
waiting (``MSG_DONTWAIT``) into one buffer, so every frame that arrived is decoded after one
``wait_readable`` and one ``recv`` (``Connection.recv_bytes`` took two ``recv`` calls per frame,
and ``Connection.poll`` built a selector each time). A send is one blocking ``sendall`` of a
small frame, as before.
"""

from __future__ import annotations

import functools
import itertools
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import msgspec
import outcome
import trio

from engine import errors
from engine.config import SandboxConfig
from engine.errors import GuestError, InstanceClosed, SandboxError, SandboxTrap
from sandbox_wasm._threads import GuestThreads
from sandbox_wasm.host import (
    EnvInstance,
    EnvSpec,
    Sandbox,
    SandboxStatistics,
    StepResult,
    SyncEnvInstance,
)

__all__ = ["ProcessSandbox", "RemoteEnvInstance", "RemoteSyncInstance"]

_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder()
_ERRORS: dict[str, type[Exception]] = {
    cls.__name__: cls
    for cls in (
        errors.SandboxError,
        errors.GuestError,
        errors.LoadError,
        errors.GuestCompileError,
        errors.ToolCallRefused,
        errors.SandboxTrap,
        errors.DeadlineExceeded,
        errors.FuelExhausted,
        errors.MemoryLimitExceeded,
        errors.OutputTooLarge,
        errors.InstanceClosed,
        errors.InvalidAction,
    )
}


# --------------------------------------------------------------------------- framing


class _Frames:
    """Length-prefixed msgpack frames on a blocking stream socket (both ends).

    Args:
        sock: one end of the ``socketpair``; left blocking (sends block, reads never do).
    """

    _HEAD = struct.Struct("!i")
    _LONG = struct.Struct("!Q")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._buf = bytearray()
        self._chunk = bytearray(256 * 1024)

    def send(self, message: Any) -> None:
        """Encodes ``message`` and sends it as one frame (blocking until the kernel took it).

        Raises:
            OSError: the peer is gone.
        """
        payload = _ENC.encode(message)
        n = len(payload)
        head = self._HEAD.pack(n) if n <= 0x7FFFFFFF else self._HEAD.pack(-1) + self._LONG.pack(n)
        self.sock.sendall(head + payload)

    def take(self) -> list[Any]:
        """Every whole frame that arrived so far, decoded, in order; never waits.

        Raises:
            EOFError: the peer closed its end (and no whole frame is left).
            OSError: the socket failed.
        """
        buf, chunk, sock = self._buf, self._chunk, self.sock
        eof = False
        while True:
            try:
                n = sock.recv_into(chunk, 0, socket.MSG_DONTWAIT)
            except BlockingIOError:
                break
            if n == 0:
                eof = True
                break
            buf += memoryview(chunk)[:n]
            if n < len(chunk):
                break
        out: list[Any] = []
        pos, end = 0, len(buf)
        with memoryview(buf) as view:
            while end - pos >= 4:
                (size,) = self._HEAD.unpack_from(buf, pos)
                start = pos + 4
                if size < 0:
                    if end - pos < 12:
                        break
                    (size,) = self._LONG.unpack_from(buf, start)
                    start += 8
                if end - start < size:
                    break
                out.append(_DEC.decode(view[start : start + size]))
                pos = start + size
        if pos:
            del buf[:pos]
        if eof and not out:  # nothing whole left (a torn frame is dropped)
            raise EOFError("the peer closed the socket")
        return out

    async def receive(self) -> list[Any]:
        """The next frames (at least one), waiting for them on the trio loop.

        Raises:
            EOFError, OSError: as :meth:`take`.
        """
        while True:
            await trio.lowlevel.wait_readable(self.sock)
            frames = self.take()
            if frames:
                return frames


# --------------------------------------------------------------------------- worker side


def _worker_main(sock: socket.socket, config: bytes) -> None:
    """Entry point of a worker process: serve requests until the pipe closes."""
    trio.run(_serve, _Frames(sock), msgspec.json.decode(config, type=SandboxConfig))


def _stats(sandbox: Sandbox) -> dict[str, Any]:
    return {**msgspec.to_builtins(sandbox.statistics()), "cpu_s": time.process_time()}


async def _serve(conn: _Frames, config: SandboxConfig) -> None:
    """Serves one parent. With one thread per worker (``threads == 1``, the default when
    ``processes`` >= cores) calls run inline on this process's trio thread, one at a time in
    arrival order (what one guest thread would do, without a thread hop); else each
    request is a task and calls go to the worker's threads as in-process."""
    insts: dict[int, EnvInstance] = {}
    inline = config.threads == 1

    def reply(rid: int, status: str, value: Any, fuel: int = 0, stats: Any = None) -> None:
        try:
            conn.send((rid, status, value, fuel, stats))
        except OSError:  # the parent closed the pipe (shutdown): nobody waits for this answer
            pass

    def call_sync(sandbox: Sandbox, op: str, iid: int, args: list[Any]) -> Any:
        inst = insts.get(iid)
        sync = inst.sync if inst is not None else None
        match op:
            case "open":
                source, entropy, deadline_s, reuse = args
                opened = sandbox.open_env_sync(source, entropy, deadline_s, reuse=reuse)
                insts[iid] = EnvInstance(opened, sandbox.threads)
                return opened.spec
            case "reset" if sync is not None:
                return sync.reset(args[0], args[1], deadline_s=args[2])
            case "step" if sync is not None:
                r = sync.step(args[0], deadline_s=args[1])
                return (r.observation, r.reward, r.terminated, r.truncated, r.info)
            case "tool" if sync is not None:
                return sync.call_tool(args[0], args[1], deadline_s=args[2])
            case "output" if sync is not None:
                return sync.output()
            case "close":
                if sync is not None:
                    insts.pop(iid, None)
                    sync.close()
                return None
            case _:
                raise InstanceClosed("instance is closed")

    async def handle(sandbox: Sandbox, rid: int, op: str, iid: int, args: list[Any]) -> None:
        try:
            if op == "ready":
                await sandbox.wait_pool_ready()
                value: Any = None
            elif op == "stats":
                value = None
            elif inline or op == "close":
                value = call_sync(sandbox, op, iid, args)
            else:
                value = await sandbox.threads.run(lambda: call_sync(sandbox, op, iid, args))
        except (SandboxError, errors.InvalidAction) as exc:
            inst = insts.get(iid)
            fuel = inst.fuel_used if inst is not None else 0
            tb = exc.guest_traceback if isinstance(exc, GuestError) else ""
            reply(rid, type(exc).__name__, (str(exc), tb), fuel, _stats(sandbox))
            return
        inst = insts.get(iid)
        fuel = inst.fuel_used if inst is not None else 0
        stats = _stats(sandbox) if op in ("open", "close", "stats") else None
        reply(rid, "ok", value, fuel, stats)

    inner = msgspec.structs.replace(config, processes=0)
    async with Sandbox.open(inner) as sandbox, trio.open_nursery() as nursery:
        reply(0, "ok", None, 0, _stats(sandbox))  # ready
        while True:
            try:
                frames = await conn.receive()
            except (EOFError, OSError):
                break
            for rid, op, iid, args in frames:  # in arrival order, as one at a time did
                if (inline and op not in ("ready", "stats")) or op == "close":
                    # a close is quick (it parks or frees) and must take effect before the
                    # next request is handled: an open that follows may take the parked one
                    await handle(sandbox, rid, op, iid, args)
                    await trio.lowlevel.checkpoint()  # let the pool refill task run
                else:
                    nursery.start_soon(handle, sandbox, rid, op, iid, args)
        nursery.cancel_scope.cancel()


# --------------------------------------------------------------------------- parent side


class _Worker:
    """One worker process, its pipe and the calls waiting for an answer."""

    def __init__(self, index: int, proc: Any, conn: _Frames) -> None:
        self.index = index
        self.proc = proc
        self.conn = conn
        self.pending: dict[int, trio.lowlevel.Task | None] = {}
        self.results: dict[int, outcome.Outcome[Any]] = {}
        self.live = 0
        self.dead: str | None = None
        self.stats: dict[str, Any] = {}
        self.ready = trio.Event()
        self._ids = itertools.count(1)

    def send(self, op: str, iid: int, args: list[Any], *, wait: bool = True) -> int:
        if self.dead is not None:
            raise SandboxError(f"sandbox worker {self.index} is gone ({self.dead})")
        rid = next(self._ids)
        self.pending[rid] = trio.lowlevel.current_task() if wait else None
        try:
            self.conn.send((rid, op, iid, args))
        except OSError as exc:
            # the pipe is broken: the worker is gone, whether or not the reader has seen its
            # end yet (a call right after a kill raised here and left its instance open)
            self.pending.pop(rid, None)
            self.dead = self.dead or f"send failed: {type(exc).__name__}"
            raise SandboxError(f"sandbox worker {self.index}: {exc}") from exc
        except ValueError as exc:
            self.pending.pop(rid, None)
            raise SandboxError(f"sandbox worker {self.index}: {exc}") from exc
        return rid

    async def call(self, op: str, iid: int, args: list[Any]) -> tuple[Any, int]:
        """Sends one request and waits for its answer ``(value, fuel_used)``; not cancellable
        partway (cancellation takes effect when the answer arrives)."""
        rid = self.send(op, iid, args)
        await trio.lowlevel.wait_task_rescheduled(lambda _: trio.lowlevel.Abort.FAILED)
        result: tuple[Any, int] = self.results.pop(rid).unwrap()
        return result

    async def read(self) -> None:
        """Delivers answers until the pipe closes; then fails what is still pending."""
        conn = self.conn
        try:
            while True:
                for rid, status, value, fuel, stats in await conn.receive():
                    if stats is not None:
                        self.stats = stats
                    if rid == 0:
                        self.ready.set()
                    else:
                        self._deliver(rid, status, value, fuel)
        except (EOFError, OSError) as exc:
            self.dead = f"exited: {type(exc).__name__}"
        finally:
            if self.dead is None:
                self.dead = "closed"
            self.ready.set()
            for rid in list(self.pending):
                self._deliver(rid, "SandboxError", (f"sandbox worker {self.index} died", ""), 0)

    def _deliver(self, rid: int, status: str, value: Any, fuel: int) -> None:
        task = self.pending.pop(rid, None)
        if task is None:
            return
        if status == "ok":
            self.results[rid] = outcome.Value((value, fuel))
        else:
            message, tb = value
            cls = _ERRORS.get(status, SandboxError)
            exc: Exception
            if issubclass(cls, GuestError):
                exc = cls(message, tb)
            elif cls is SandboxError and status not in _ERRORS:
                exc = SandboxError(f"{status}: {message}")
            else:
                exc = cls(message)
            self.results[rid] = outcome.Error(exc)
        trio.lowlevel.reschedule(task)


class RemoteSyncInstance(SyncEnvInstance):
    """The synchronous face of a :class:`RemoteEnvInstance` (call it from a worker thread)."""

    def __init__(self, remote: RemoteEnvInstance, token: trio.lowlevel.TrioToken) -> None:  # noqa: D107
        self._remote = remote
        self._token = token

    @property
    def spec(self) -> EnvSpec:  # noqa: D102
        return self._remote.spec

    @property
    def closed(self) -> bool:  # noqa: D102
        return self._remote.closed

    @property
    def fuel_used(self) -> int:  # noqa: D102
        return self._remote.fuel_used

    def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return trio.from_thread.run(fn, *args, trio_token=self._token)

    def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        deadline_s: float | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """As :meth:`SyncEnvInstance.reset`."""
        out: tuple[str, dict[str, Any]] = self._run(
            lambda: self._remote.reset(seed, options, deadline_s=deadline_s)
        )
        return out

    def step(self, action: str, *, deadline_s: float | None = None) -> StepResult:
        """As :meth:`SyncEnvInstance.step`."""
        out: StepResult = self._run(lambda: self._remote.step(action, deadline_s=deadline_s))
        return out

    def call_tool(
        self, name: str, args: dict[str, Any] | None = None, *, deadline_s: float | None = None
    ) -> str:
        """As :meth:`SyncEnvInstance.call_tool`."""
        out: str = self._run(lambda: self._remote.call_tool(name, args, deadline_s=deadline_s))
        return out

    def output(self) -> str:
        """As :meth:`SyncEnvInstance.output`."""
        out: str = self._run(self._remote.output)
        return out

    def close(self) -> None:
        """As :meth:`SyncEnvInstance.close`."""
        self._token.run_sync_soon(self._remote.close_now)


class RemoteEnvInstance(EnvInstance):
    """An environment instance living in a worker process; same API as :class:`EnvInstance`."""

    def __init__(self, worker: _Worker, iid: int, spec: EnvSpec, fuel: int) -> None:  # noqa: D107
        self._worker = worker
        self._iid = iid
        self._spec = spec
        self._fuel = fuel
        self._closed = False
        self._released = False
        self._sync_face = RemoteSyncInstance(self, trio.lowlevel.current_trio_token())

    @property
    def sync(self) -> SyncEnvInstance:  # noqa: D102
        return self._sync_face

    @property
    def spec(self) -> EnvSpec:  # noqa: D102
        return self._spec

    @property
    def closed(self) -> bool:  # noqa: D102
        return self._closed or self._worker.dead is not None

    @property
    def fuel_used(self) -> int:  # noqa: D102
        return self._fuel

    async def _call(self, op: str, args: list[Any]) -> Any:
        if self._closed:
            raise InstanceClosed("instance is closed")
        try:
            value, self._fuel = await self._worker.call(op, self._iid, args)
        except SandboxTrap:
            self._closed = True  # the worker discarded it
            raise
        return value

    async def reset(
        self,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        deadline_s: float | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """As :meth:`EnvInstance.reset`."""
        obs, info = await self._call("reset", [seed, options, deadline_s])
        return obs, info

    async def step(self, action: str, *, deadline_s: float | None = None) -> StepResult:
        """As :meth:`EnvInstance.step`."""
        if type(action) is not str:
            action = str(action)
        obs, reward, terminated, truncated, info = await self._call("step", [action, deadline_s])
        return StepResult(
            observation=obs, reward=reward, terminated=terminated, truncated=truncated, info=info
        )

    async def call_tool(
        self, name: str, args: dict[str, Any] | None = None, *, deadline_s: float | None = None
    ) -> str:
        """As :meth:`EnvInstance.call_tool`."""
        text: str = await self._call("tool", [name, args or {}, deadline_s])
        return text

    async def output(self) -> str:
        """As :meth:`EnvInstance.output`."""
        text: str = await self._call("output", [])
        return text

    def close_now(self) -> None:
        """Frees (or parks) the instance in its worker; never waits. Idempotent."""
        if self._released:
            return
        self._closed = self._released = True
        self._worker.live -= 1
        if self._worker.dead is None:
            self._worker.send("close", self._iid, [], wait=False)

    async def aclose(self) -> None:
        """As :meth:`EnvInstance.aclose`."""
        self.close_now()


class ProcessSandbox(Sandbox):
    """:class:`Sandbox` whose instances live in ``config.processes`` worker processes.

    Open it through ``Sandbox.open(config)`` with ``config.processes > 0``.
    """

    def __init__(self, config: SandboxConfig, workers: list[_Worker]) -> None:  # noqa: D107
        self._config = config
        self._workers = workers
        self._ids = itertools.count(1)
        self._opened = 0

    @classmethod
    @asynccontextmanager
    async def open_processes(cls, config: SandboxConfig) -> AsyncIterator[ProcessSandbox]:
        """Starts the workers, waits until each has its sandbox open, and stops them on exit.

        Raises:
            SandboxError: a worker could not start or open its sandbox.
        """
        threads = config.threads or max(1, (os.cpu_count() or 1) // config.processes)
        inner = msgspec.json.encode(msgspec.structs.replace(config, threads=threads)).decode()
        workers: list[_Worker] = []
        try:
            for i in range(config.processes):
                ours, theirs = socket.socketpair()
                try:
                    with theirs:
                        fd = theirs.fileno()
                        proc = await trio.to_thread.run_sync(
                            functools.partial(
                                subprocess.Popen,
                                [sys.executable, "-m", "sandbox_wasm._procs", str(fd), inner],
                                pass_fds=[fd],
                                stdin=subprocess.DEVNULL,
                                # a signal to the engine's group (Ctrl-C, SIGTERM) is the
                                # engine's to handle; a worker exits when its socket closes
                                start_new_session=True,
                            )
                        )
                except BaseException:
                    ours.close()
                    raise
                workers.append(_Worker(i, proc, _Frames(ours)))
            async with trio.open_nursery() as nursery:
                for w in workers:
                    nursery.start_soon(w.read)
                for w in workers:  # the ready frame (request id 0): its sandbox is open
                    await w.ready.wait()
                    if w.dead is not None:
                        raise SandboxError(f"sandbox worker {w.index} failed to start ({w.dead})")
                try:
                    yield cls(config, workers)
                finally:
                    nursery.cancel_scope.cancel()
        finally:
            for w in workers:
                w.conn.sock.close()  # the worker sees the end of its pipe and exits
            with trio.CancelScope(shield=True):
                for w in workers:
                    try:
                        await trio.to_thread.run_sync(w.proc.wait, 10.0)
                    except subprocess.TimeoutExpired:
                        w.proc.kill()
                        await trio.to_thread.run_sync(w.proc.wait)

    @property
    def processes(self) -> int:
        """Worker processes."""
        return len(self._workers)

    @property
    def threads(self) -> GuestThreads:
        """Not here: guest calls run in the worker processes' own threads.

        Raises:
            SandboxError: always.
        """
        raise SandboxError("a ProcessSandbox runs guest calls in its worker processes")

    async def open_env(
        self,
        source: str,
        entropy: int = 0,
        deadline_s: float | None = None,
        *,
        reuse: bool = False,
    ) -> EnvInstance:
        """As :meth:`Sandbox.open_env`, in the worker with the fewest live instances."""
        alive = [w for w in self._workers if w.dead is None]
        if not alive:
            raise SandboxError("every sandbox worker process is gone")
        worker = min(alive, key=lambda w: w.live)
        iid = next(self._ids)
        worker.live += 1
        self._opened += 1
        try:
            spec, fuel = await worker.call("open", iid, [source, int(entropy), deadline_s, reuse])
        except BaseException:
            worker.live -= 1
            raise
        return RemoteEnvInstance(worker, iid, msgspec.convert(spec, EnvSpec), fuel)

    def open_env_sync(
        self,
        source: str,
        entropy: int = 0,
        deadline_s: float | None = None,
        *,
        reuse: bool = False,
    ) -> SyncEnvInstance:
        """As :meth:`Sandbox.open_env_sync`, from a worker thread of this trio run."""
        inst: EnvInstance = trio.from_thread.run(
            lambda: self.open_env(source, entropy, deadline_s, reuse=reuse)
        )
        return inst.sync

    async def wait_pool_ready(self) -> None:
        """Waits until every worker's warm pool is full."""
        async with trio.open_nursery() as nursery:
            for w in self._workers:
                nursery.start_soon(w.call, "ready", 0, [])

    async def cpu_seconds(self) -> float:
        """CPU seconds the worker processes used so far, all threads (for benchmarks)."""
        async with trio.open_nursery() as nursery:
            for w in self._workers:
                if w.dead is None:
                    nursery.start_soon(w.call, "stats", 0, [])
        return float(sum(w.stats.get("cpu_s", 0.0) for w in self._workers))

    def statistics(self) -> SandboxStatistics:
        """Counters of every worker as of its last answer that carried them, summed."""
        traps: dict[str, int] = {}
        total = dict.fromkeys(
            ("opened", "pool_hits", "pool_misses", "pooled", "guest_errors", "reused", "idle"),
            0,
        )
        for w in self._workers:
            for k in total:
                total[k] += int(w.stats.get(k, 0))
            for k, v in (w.stats.get("traps") or {}).items():
                traps[k] = traps.get(k, 0) + int(v)
        return SandboxStatistics(
            opened=total["opened"],
            pool_hits=total["pool_hits"],
            pool_misses=total["pool_misses"],
            live=sum(w.live for w in self._workers),
            pooled=total["pooled"],
            traps=traps,
            guest_errors=total["guest_errors"],
            reused=total["reused"],
            idle=total["idle"],
        )


if __name__ == "__main__":  # python -m sandbox_wasm._procs FD CONFIG_JSON (started by the parent)
    _worker_main(socket.socket(fileno=int(sys.argv[1])), sys.argv[2].encode())
