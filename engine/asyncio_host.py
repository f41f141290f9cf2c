"""asyncio hosts: the trio engine in guest mode on the running asyncio event loop.

``trio.lowlevel.start_guest_run`` runs trio's scheduler as callbacks of the asyncio loop, on the
loop's own thread (trio only uses a helper thread to wait for I/O). The engine's actors then run
exactly as under ``trio.run``; asyncio code calls it through awaitable methods::

    from engine.asyncio_host import open_engine_asyncio

    async def main() -> None:                               # under asyncio.run(...)
        async with open_engine_asyncio(config, agent=my_agent) as eng:
            verdict = await eng.submit_env(source)          # EnvScored | EnvRejected
            async for item in eng.results():                # outcomes as they come
                ...

Each awaitable call starts a task in a trio nursery (the *portal*) and resolves an asyncio
future with its result; cancelling the asyncio await cancels that trio task. Cheap synchronous
reads (``statistics``, ``archive_records``, ``results``) are plain calls on the loop thread.

One engine per thread: trio allows one run (guest or not) per thread at a time.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import outcome
import trio

from engine.config import Config
from engine.errors import EngineStopped

if TYPE_CHECKING:
    from actors.memory import ArchiveRecord, Neighbour
    from engine.api import Engine, EngineStatistics, Outcome, ResultStream, StreamItem

__all__ = ["AsyncioEngine", "AsyncioResultStream", "open_engine_asyncio"]

T = TypeVar("T")
_END = object()


class _Portal:
    """Runs trio async functions for asyncio callers, one trio task per call."""

    def __init__(
        self, loop: asyncio.AbstractEventLoop, token: trio.lowlevel.TrioToken, nursery: trio.Nursery
    ) -> None:
        self._loop = loop
        self._token = token
        self._nursery = nursery

    async def call(self, fn: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        fut: asyncio.Future[T] = self._loop.create_future()

        def spawn() -> None:
            if fut.done():  # cancelled before trio got to it
                return
            try:
                self._nursery.start_soon(self._run, fut, fn, args, kwargs)
            except RuntimeError:  # the portal's nursery is closed: the engine is stopping
                fut.set_exception(EngineStopped("the engine is stopped"))

        try:
            self._token.run_sync_soon(spawn)
        except trio.RunFinishedError:
            raise EngineStopped("the engine is stopped (its trio run has ended)") from None
        return await fut

    async def _run(
        self,
        fut: asyncio.Future[T],
        fn: Callable[..., Awaitable[T]],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> None:
        with trio.CancelScope() as scope:

            def on_done(f: asyncio.Future[T]) -> None:
                if f.cancelled():  # the asyncio caller gave up: cancel the trio side
                    try:
                        self._token.run_sync_soon(scope.cancel)
                    except trio.RunFinishedError:
                        pass

            fut.add_done_callback(on_done)
            try:
                result = await fn(*args, **kwargs)
            except trio.Cancelled:
                if not fut.done():
                    fut.set_exception(EngineStopped("the engine stopped while the call ran"))
                raise
            except Exception as exc:
                if not fut.done():
                    fut.set_exception(exc)
            except BaseException:
                if not fut.done():
                    fut.set_exception(EngineStopped("the engine stopped while the call ran"))
                raise
            else:
                if not fut.done():
                    fut.set_result(result)


class AsyncioResultStream:
    """:class:`engine.api.ResultStream` for asyncio: ``async for item in stream``.

    Close it with ``with`` (or ``close()``); it ends when the engine stops.
    """

    def __init__(self, stream: ResultStream, portal: _Portal) -> None:
        self._stream = stream
        self._portal = portal

    @property
    def dropped(self) -> int:
        """Items dropped because this reader fell behind."""
        return self._stream.dropped

    def __aiter__(self) -> AsyncioResultStream:
        return self

    async def __anext__(self) -> StreamItem:
        """The next outcome or statistics snapshot (cancellable; nothing is lost).

        Raises:
            StopAsyncIteration: the engine stopped and the buffer is empty, or it was closed.
        """
        stream = self._stream

        async def next_item() -> Any:
            try:
                return await stream.__anext__()
            except StopAsyncIteration:
                return _END

        try:
            item = await self._portal.call(next_item)
        except EngineStopped:
            raise StopAsyncIteration from None
        if item is _END:
            raise StopAsyncIteration
        return item  # type: ignore[no-any-return]

    def close(self) -> None:
        """Stop receiving (idempotent)."""
        self._stream.close()

    def __enter__(self) -> AsyncioResultStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncioEngine:
    """The engine seen from asyncio; made by :func:`open_engine_asyncio`.

    The same offers as :class:`engine.api.Engine`, awaitable from asyncio tasks on the loop
    that opened it. Errors are the same (``EngineStopped`` after stop, ``ConfigError`` for a
    design request without a policy); cancelling an await cancels the call in the engine.
    """

    def __init__(self, engine: Engine, portal: _Portal, release: trio.Event) -> None:
        self._engine = engine
        self._portal = portal
        self._release = release

    @property
    def engine(self) -> Engine:
        """The trio-side engine (call it only from trio tasks, e.g. through the portal)."""
        return self._engine

    @property
    def state(self) -> Literal["running", "stopping", "stopped"]:
        """``running``, ``stopping`` or ``stopped``."""
        return self._engine.state

    async def submit_env(self, source: str, hint: str = "", *, env_id: str = "") -> Outcome:
        """See :meth:`engine.api.Engine.submit_env`."""
        return await self._portal.call(self._engine.submit_env, source, hint, env_id=env_id)

    async def submit_design_request(
        self, passage: str, group_size: int | None = None, *, passage_id: str = ""
    ) -> list[Outcome]:
        """See :meth:`engine.api.Engine.submit_design_request`."""
        return await self._portal.call(
            self._engine.submit_design_request, passage, group_size, passage_id=passage_id
        )

    def results(
        self, *, buffer: int = 64, metrics_every_s: float | None = None
    ) -> AsyncioResultStream:
        """See :meth:`engine.api.Engine.results`.

        Raises:
            EngineStopped: the engine is stopping or stopped.
        """
        return AsyncioResultStream(
            self._engine.results(buffer=buffer, metrics_every_s=metrics_every_s), self._portal
        )

    def archive_records(
        self, *, origin: Literal["designed", "seed"] | None = None
    ) -> list[ArchiveRecord]:
        """See :meth:`engine.api.Engine.archive_records`."""
        return self._engine.archive_records(origin=origin)

    async def nearest(self, text: str, k: int = 5) -> list[Neighbour]:
        """See :meth:`engine.api.Engine.nearest`."""
        return await self._portal.call(self._engine.nearest, text, k)

    def statistics(self) -> EngineStatistics:
        """See :meth:`engine.api.Engine.statistics` (answers after stop too)."""
        return self._engine.statistics()

    async def stop(self, *, deadline_s: float | None = None) -> None:
        """See :meth:`engine.api.Engine.stop` (drains, then stops; idempotent)."""
        if self._engine.state == "stopped":
            return
        try:
            await self._portal.call(self._engine.stop, deadline_s=deadline_s)
        except EngineStopped:
            pass


class _Control:
    """The trio run's top cancel scope and token, for the asyncio side."""

    scope: trio.CancelScope | None = None
    token: trio.lowlevel.TrioToken | None = None
    inside: bool = False  # the host's block is running
    failed: bool = False  # the engine failed while it ran, and cancelled the host task

    requested: bool = False  # cancel() came before the trio run had its scope

    def cancel(self) -> None:
        self.requested = True
        scope, token = self.scope, self.token
        if scope is None or token is None:
            return
        try:
            token.run_sync_soon(scope.cancel)
        except trio.RunFinishedError:
            pass


async def _trio_main(
    loop: asyncio.AbstractEventLoop,
    control: _Control,
    ready: asyncio.Future[AsyncioEngine],
    config: Config | None,
    agent: Any,
    run_dir: str | os.PathLike[str] | None,
    deadline_s: float | None,
) -> None:
    from engine.api import open_engine

    with trio.CancelScope() as scope:
        control.scope = scope
        control.token = trio.lowlevel.current_trio_token()
        if control.requested:
            scope.cancel()
        async with open_engine(config, agent=agent, run_dir=run_dir) as eng:
            async with trio.open_nursery() as nursery:
                release = trio.Event()
                host = AsyncioEngine(eng, _Portal(loop, control.token, nursery), release)
                if ready.cancelled():
                    return
                ready.set_result(host)
                await release.wait()
                await eng.stop(deadline_s=deadline_s)
                nursery.cancel_scope.cancel()


@asynccontextmanager
async def open_engine_asyncio(
    config: Config | None = None,
    *,
    agent: Any = None,
    run_dir: str | os.PathLike[str] | None = None,
    stop_deadline_s: float | None = None,
) -> AsyncIterator[AsyncioEngine]:
    """Start the engine in trio guest mode on the running asyncio loop; stop it at the end.

    Args:
        config: as :func:`engine.api.open_engine`.
        agent: as :func:`engine.api.open_engine` (``None``: the policy; or a scripted
            callable ``(observations, hint, rng, memory) -> str``).
        run_dir: as :func:`engine.api.open_engine`.
        stop_deadline_s: seconds the engine gets to drain at a normal exit (default
            ``run.shutdown_deadline_s``).

    Yields:
        The running :class:`AsyncioEngine`.

    Raises:
        RuntimeError: a trio run is already active on this thread.
        Whatever :func:`engine.api.open_engine` raises (start errors, ``ActorFailed``).

    An engine that fails while the block runs (``ActorFailed``) cancels the task running the
    block, which then raises that error, as a trio nursery would.

    Cancellation: cancelling the block (or an exception in it) cancels the engine and waits
    for the trio run to end (in-flight sandbox calls finish first, each bounded by
    ``sandbox.call_deadline_s``). A normal exit drains first.
    """
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[AsyncioEngine] = loop.create_future()
    done: asyncio.Future[outcome.Outcome[None]] = loop.create_future()
    control = _Control()
    host_task = asyncio.current_task()

    def on_done(result: outcome.Outcome[None]) -> None:
        if not done.done():
            done.set_result(result)
        if control.inside and isinstance(result, outcome.Error) and host_task is not None:
            # structured, as under trio: a failed engine cancels the block that owns it
            control.failed = True
            host_task.cancel("the engine failed")

    trio.lowlevel.start_guest_run(
        _trio_main,
        loop,
        control,
        ready,
        config,
        agent,
        run_dir,
        stop_deadline_s,
        run_sync_soon_threadsafe=loop.call_soon_threadsafe,
        done_callback=on_done,
        host_uses_signal_set_wakeup_fd=True,
    )
    try:
        first: set[asyncio.Future[Any]] = {ready, done}
        await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
    except BaseException:
        ready.cancel()
        control.cancel()
        await _wait(done, control)
        raise
    if not ready.done() or ready.cancelled():
        done.result().unwrap()  # the start error
        raise EngineStopped("the engine ended before it started")
    host = ready.result()
    control.inside = True
    try:
        yield host
    except BaseException as exc:
        control.inside = False
        control.cancel()
        result = await _wait(done, control)
        if control.failed and isinstance(exc, asyncio.CancelledError) and host_task is not None:
            host_task.uncancel()  # our own cancel: raise the engine's error instead
            result.unwrap()
        if isinstance(exc, EngineStopped) and isinstance(result, outcome.Error):
            result.unwrap()  # the reason the engine stopped (ActorFailed ...)
        raise
    control.inside = False
    if control.token is not None:
        try:
            control.token.run_sync_soon(host._release.set)
        except trio.RunFinishedError:
            pass
    (await _wait(done, control)).unwrap()


async def _wait(
    done: asyncio.Future[outcome.Outcome[None]], control: _Control
) -> outcome.Outcome[None]:
    """Wait for the trio run to end; a cancel meanwhile cancels the engine, then re-raises."""
    cancelled: asyncio.CancelledError | None = None
    while not done.done():
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError as exc:
            cancelled = exc
            control.cancel()
    if cancelled is not None:
        raise cancelled
    return done.result()
