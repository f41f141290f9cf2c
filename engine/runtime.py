"""The actor runtime: one root nursery, bounded channels wired from one declared topology.

An *actor* is any object with ``name``-independent ``async def run(self, <inbox ports>,
<outbox ports>, *, task_status)`` and ``statistics()``. The runtime

- creates one bounded ``trio`` memory channel per declared inbox port (``"critic"`` is the
  critic's ``inbox`` port, ``"critic.feedback"`` its ``feedback`` port);
- hands every producer its own ``clone()`` of the send end and closes the original, so a
  channel closes exactly when every producer is done (shutdown by channel closure);
- wraps both ends to count messages in/out, queue depth and busy seconds per actor;
- starts every actor with ``await nursery.start(...)`` in the one root nursery it owns;
- turns an exception in an actor into ``ActorFailed`` naming the actor and the message it was
  handling, cancelling everything else;
- measures event-loop lag (how late a periodic sleep wakes up).

Cycles (critic -> agent -> critic) are declared with a separate inbox port for the feedback edge,
so the actor can tell "upstream closed" from "my own work came back" and close its outboxes when
its upstream is done and nothing is pending.
"""

from __future__ import annotations

import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

import msgspec
import trio

from engine.errors import ActorFailed, ConfigError

__all__ = [
    "Actor",
    "ActorStatistics",
    "MeteredReceiveChannel",
    "MeteredSendChannel",
    "Runtime",
    "RuntimeStatistics",
    "enter_concurrently",
    "one_error",
]

T = TypeVar("T")


class Actor(Protocol):
    """What the runtime needs of an actor."""

    run: Callable[..., Awaitable[None]]

    def statistics(self) -> msgspec.Struct:  # pragma: no cover - protocol
        """The actor's own counters as a frozen Struct."""
        ...


class _Meter:
    """Per-actor counters, shared by that actor's metered channel ends."""

    __slots__ = ("messages_in", "messages_out", "busy_seconds", "since", "last_message")

    def __init__(self) -> None:
        self.messages_in = 0
        self.messages_out = 0
        self.busy_seconds = 0.0
        self.since: float | None = None
        self.last_message: object | None = None


class MeteredReceiveChannel(trio.abc.ReceiveChannel[T]):
    """A receive end that counts messages and busy time (time between a receive and the next).

    Iterate it with ``async for``; close it with a plain ``with`` block or ``aclose()``.
    """

    __slots__ = ("_inner", "_meter")

    def __init__(self, inner: trio.MemoryReceiveChannel[T], meter: _Meter) -> None:
        self._inner = inner
        self._meter = meter

    async def receive(self) -> T:
        """Receive the next message (cancellable; raises ``trio.EndOfChannel`` when closed)."""
        meter = self._meter
        if meter.since is not None:
            meter.busy_seconds += time.perf_counter() - meter.since
            meter.since = None
        msg = await self._inner.receive()
        meter.messages_in += 1
        meter.last_message = msg
        meter.since = time.perf_counter()
        return msg

    def queue_depth(self) -> int:
        """Messages waiting in the channel's buffer."""
        return self._inner.statistics().current_buffer_used

    def close(self) -> None:
        """Close this end (idempotent)."""
        self._inner.close()

    async def aclose(self) -> None:
        """Close this end (idempotent)."""
        self._inner.close()
        await trio.lowlevel.checkpoint()

    def __enter__(self) -> MeteredReceiveChannel[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class MeteredSendChannel(trio.abc.SendChannel[T]):
    """A send end that counts messages sent by its owning actor."""

    __slots__ = ("_inner", "_meter")

    def __init__(self, inner: trio.MemorySendChannel[T], meter: _Meter) -> None:
        self._inner = inner
        self._meter = meter

    async def send(self, value: T) -> None:
        """Send, waiting while the channel is full (back-pressure). Cancellable.

        Raises:
            trio.BrokenResourceError: every receiver is closed.
            trio.ClosedResourceError: this end was closed.
        """
        await self._inner.send(value)
        self._meter.messages_out += 1

    def clone(self) -> MeteredSendChannel[T]:
        """Another send end on the same channel, counted by the same meter."""
        return MeteredSendChannel(self._inner.clone(), self._meter)

    def close(self) -> None:
        """Close this end (idempotent); the channel closes when every clone is closed."""
        self._inner.close()

    async def aclose(self) -> None:
        """Close this end (idempotent)."""
        self._inner.close()
        await trio.lowlevel.checkpoint()

    def __enter__(self) -> MeteredSendChannel[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ActorStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of one actor, as seen by the runtime.

    Attributes:
        name: actor name.
        state: ``starting``, ``running``, ``stopped`` or ``failed``.
        messages_in: messages received on all its inbox ports.
        messages_out: messages sent on all its outboxes.
        queue_depth: messages waiting in its inboxes now.
        busy_seconds: seconds spent between receiving a message and asking for the next.
        own: the actor's own ``statistics()`` (``None`` if it has none).
    """

    name: str
    state: Literal["starting", "running", "stopped", "failed"]
    messages_in: int
    messages_out: int
    queue_depth: int
    busy_seconds: float
    own: Any = None


class RuntimeStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the whole runtime.

    Attributes:
        actors: per-actor statistics, in declaration order.
        loop_lag_p50_s: median event-loop lag since the start (seconds; 0.1 ms resolution).
        loop_lag_max_s: largest lag seen (seconds).
        uptime_s: seconds since the runtime started.
        loop_lag_p99_s: 99th percentile of the event-loop lag since the start (seconds; 0.1 ms
            resolution, the exact maximum above 1 s).
        loop_lag_samples: lag probes taken (one per ``lag_interval_s`` of an idle loop).

    The lag is how late a ``trio.sleep(lag_interval_s)`` wakes: the time the loop thread was
    busy with something else (a blocking call, a long stretch between two checkpoints) while
    the probe was due. Whatever blocks the loop delays every actor by as much.
    """

    actors: list[ActorStatistics]
    loop_lag_p50_s: float
    loop_lag_max_s: float
    uptime_s: float
    loop_lag_p99_s: float = 0.0
    loop_lag_samples: int = 0


@dataclass
class _Entry:
    name: str
    actor: Any
    inboxes: tuple[str, ...]
    outputs: dict[str, str]
    meter: _Meter = field(default_factory=_Meter)
    state: Literal["starting", "running", "stopped", "failed"] = "starting"
    receivers: dict[str, MeteredReceiveChannel[Any]] = field(default_factory=dict)


class Runtime:
    """Owns the root nursery, the channels and the actors of one engine.

    Usage::

        rt = Runtime(capacity=16)
        rt.add("designer", designer, outputs={"to_critic": "critic"})
        rt.add("critic", critic, inboxes=("inbox", "feedback"), outputs={...})
        to_designer = rt.sender("designer")          # for an external producer
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            ...

    Args:
        capacity: buffer size (messages) of every channel; 0 is a rendezvous.
        lag_interval_s: period of the event-loop lag probe (seconds; ``run.loop_lag_interval_s``).
        shutdown_deadline_s: seconds every actor gets to stop after ``stop()`` before they are
            cancelled.
    """

    def __init__(
        self,
        *,
        capacity: int = 16,
        lag_interval_s: float = 0.01,
        shutdown_deadline_s: float = 10.0,
    ) -> None:
        if capacity < 0:
            raise ConfigError(f"run.channel_capacity = {capacity}: must be >= 0")
        self._capacity = capacity
        self._lag_interval_s = lag_interval_s
        self._shutdown_deadline_s = shutdown_deadline_s
        self._entries: dict[str, _Entry] = {}
        self._channels: dict[str, tuple[trio.MemorySendChannel[Any], Any]] = {}
        self._external: list[MeteredSendChannel[Any]] = []
        self._external_meter = _Meter()
        self._wired = False
        self._lags = _LagHistogram()
        self._started_at: float | None = None
        self._scope: trio.CancelScope | None = None
        self._failure: ActorFailed | None = None
        self._done = trio.Event()

    # ---- declaration -------------------------------------------------------------------
    def add(
        self,
        name: str,
        actor: Any,
        *,
        inboxes: Iterable[str] = ("inbox",),
        outputs: dict[str, str] | None = None,
    ) -> None:
        """Declare an actor.

        Args:
            name: unique actor name.
            actor: the actor object (``run`` and ``statistics``).
            inboxes: its inbox port names; each becomes a keyword argument of ``run``.
            outputs: keyword argument name -> target (``"critic"`` or ``"critic.feedback"``).

        Raises:
            ConfigError: duplicate name, or declared after the runtime was wired.
        """
        if self._wired:
            raise ConfigError(f"actor {name!r}: declared after the runtime started")
        if name in self._entries:
            raise ConfigError(f"actor {name!r}: declared twice")
        self._entries[name] = _Entry(name, actor, tuple(inboxes), dict(outputs or {}))

    def _target(self, target: str) -> str:
        actor, _, port = target.partition(".")
        key = f"{actor}.{port or 'inbox'}"
        if actor not in self._entries or (port or "inbox") not in self._entries[actor].inboxes:
            raise ConfigError(f"topology: no inbox {key!r} (declared: {sorted(self._ports())})")
        return key

    def _ports(self) -> list[str]:
        return [f"{e.name}.{p}" for e in self._entries.values() for p in e.inboxes]

    def _wire(self) -> None:
        if self._wired:
            return
        for key in self._ports():
            self._channels[key] = trio.open_memory_channel[Any](self._capacity)
        for entry in self._entries.values():
            for out in entry.outputs.values():
                self._target(out)
            for port in entry.inboxes:
                entry.receivers[port] = MeteredReceiveChannel(
                    self._channels[f"{entry.name}.{port}"][1], entry.meter
                )
        self._wired = True

    def sender(self, target: str) -> MeteredSendChannel[Any]:
        """A send end into an actor's inbox for an external producer (the scheduler, the API).

        Close it (``with`` block) when done producing: that is how shutdown starts.

        Raises:
            ConfigError: no such inbox.
        """
        self._wire()
        key = self._target(target)
        ch = MeteredSendChannel(self._channels[key][0].clone(), self._external_meter)
        self._external.append(ch)
        return ch

    def describe(self) -> list[str]:
        """The topology as lines ``producer.kwarg -> actor.port`` (for ``--dry-run``)."""
        lines = []
        for entry in self._entries.values():
            ins = ", ".join(entry.inboxes) or "-"
            lines.append(f"{entry.name} (inboxes: {ins})")
            for kwarg, target in entry.outputs.items():
                lines.append(f"  {kwarg} -> {self._target(target)}")
        return lines

    # ---- running -----------------------------------------------------------------------
    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Start every actor in one nursery and wait until all of them have returned.

        Returns when every actor's ``run`` returned (their inboxes closed). Cancellable: a
        cancel stops every actor.

        Raises:
            ActorFailed: an actor raised; names the actor and the message it was handling.
            ConfigError: the topology names an inbox that does not exist.
        """
        self._wire()
        self._started_at = trio.current_time()
        self._actors_changed = trio.Event()
        try:
            async with trio.open_nursery() as nursery:
                self._scope = nursery.cancel_scope
                # hand every producer its own clone, then close the originals
                for entry in self._entries.values():
                    kwargs: dict[str, Any] = dict(entry.receivers)
                    for kwarg, target in entry.outputs.items():
                        inner = self._channels[self._target(target)][0].clone()
                        kwargs[kwarg] = MeteredSendChannel(inner, entry.meter)
                    await nursery.start(self._supervise, entry, kwargs)
                for send, _ in self._channels.values():
                    send.close()
                lag_scope = trio.CancelScope()
                nursery.start_soon(self._measure_lag, lag_scope)
                task_status.started()
                # wait for the actors; the lag probe is not an actor
                while any(e.state in ("starting", "running") for e in self._entries.values()):
                    await self._actors_changed.wait()
                    self._actors_changed = trio.Event()
                lag_scope.cancel()
        finally:
            self._scope = None
            self._done.set()
        if self._failure is not None:
            raise self._failure

    _actors_changed: trio.Event

    async def _supervise(
        self, entry: _Entry, kwargs: dict[str, Any], *, task_status: trio.TaskStatus[None]
    ) -> None:
        try:
            try:
                entry.state = "running"
                await entry.actor.run(**kwargs, task_status=task_status)
                entry.state = "stopped"
            finally:
                # an actor that returns has closed its ends; make sure, so peers see closure
                for value in kwargs.values():
                    value.close()
        except Exception as exc:  # noqa: BLE001 - any actor error stops the run, named
            entry.state = "failed"
            msg = entry.meter.last_message
            shown = None if msg is None else _short_repr(msg)
            if self._failure is None:
                self._failure = ActorFailed(entry.name, shown, exc)
                self._failure.__cause__ = exc
            if self._scope is not None:
                self._scope.cancel()
        finally:
            if entry.state == "running":
                entry.state = "stopped"
            self._actors_changed.set()
            try:  # an actor that failed before it was ready must not hang nursery.start
                task_status.started()
            except RuntimeError:
                pass

    async def _measure_lag(self, scope: trio.CancelScope) -> None:
        with scope:
            while True:
                before = trio.current_time()
                await trio.sleep(self._lag_interval_s)
                self._lags.add(max(0.0, trio.current_time() - before - self._lag_interval_s))

    def close_external(self) -> None:
        """Close every external send end: the graceful start of shutdown."""
        for ch in self._external:
            ch.close()

    async def stop(self) -> None:
        """Graceful stop: close external inputs, give actors ``shutdown_deadline_s`` to drain,
        then cancel whatever is still running.

        Cancellable.
        """
        self.close_external()
        with trio.move_on_after(self._shutdown_deadline_s):
            await self._done.wait()
            return
        if self._scope is not None:
            self._scope.cancel()

    def cancel(self) -> None:
        """Hard stop: cancel the root scope now."""
        if self._scope is not None:
            self._scope.cancel()

    def statistics(self) -> RuntimeStatistics:
        """Counters of every actor and of the event loop (cheap; call any time)."""
        actors = []
        for e in self._entries.values():
            own = e.actor.statistics() if hasattr(e.actor, "statistics") else None
            depth = sum(r.queue_depth() for r in e.receivers.values())
            actors.append(
                ActorStatistics(
                    name=e.name,
                    state=e.state,
                    messages_in=e.meter.messages_in,
                    messages_out=e.meter.messages_out,
                    queue_depth=depth,
                    busy_seconds=e.meter.busy_seconds,
                    own=own,
                )
            )
        lags = self._lags
        uptime = 0.0 if self._started_at is None else trio.current_time() - self._started_at
        return RuntimeStatistics(
            actors=actors,
            loop_lag_p50_s=lags.quantile(0.5),
            loop_lag_max_s=lags.max,
            uptime_s=uptime,
            loop_lag_p99_s=lags.quantile(0.99),
            loop_lag_samples=lags.count,
        )


class _LagHistogram:
    """Event-loop lag samples in 0.1 ms buckets up to 1 s (O(1) per sample, 40 kB for a run
    of any length); quantiles are bucket lower edges, the exact maximum above 1 s."""

    _WIDTH_S = 1e-4
    _BUCKETS = 10_000

    def __init__(self) -> None:
        self._counts = [0] * (self._BUCKETS + 1)  # the last bucket: 1 s and more
        self.count = 0
        self.max = 0.0

    def add(self, lag_s: float) -> None:
        self._counts[min(int(lag_s / self._WIDTH_S), self._BUCKETS)] += 1
        self.count += 1
        self.max = max(self.max, lag_s)

    def quantile(self, q: float) -> float:
        """The ``q`` quantile (0 < q <= 1) of the samples, seconds (0.0 before any)."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(q * self.count))
        seen = 0
        for i, n in enumerate(self._counts):
            seen += n
            if seen >= rank:
                return self.max if i == self._BUCKETS else min(i * self._WIDTH_S, self.max)
        return self.max  # pragma: no cover - the counts sum to count


def _short_repr(msg: object, limit: int = 200) -> str:
    """``TypeName(id=...)`` for a message: the type and its first identifying field."""
    name = type(msg).__name__
    for attr in ("env_id", "episode_id", "request_id", "group_id", "version"):
        value = getattr(msg, attr, None)
        if value is not None:
            return f"{name}({attr}={value!r})"[:limit]
    return repr(msg)[:limit]


class _Held:
    __slots__ = ("began", "release", "done")

    def __init__(self) -> None:
        self.began = False
        self.release = trio.Event()
        self.done = trio.Event()


async def _hold(
    manager: AbstractAsyncContextManager[Any],
    held: _Held,
    *,
    task_status: trio.TaskStatus[Any] = trio.TASK_STATUS_IGNORED,
) -> None:
    held.began = True
    try:
        async with manager as value:
            task_status.started(value)
            with trio.CancelScope(shield=True):  # exits wait their turn, also when cancelled
                await held.release.wait()
    finally:
        held.done.set()


def _leaves(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in _leaves(sub)]
    return [exc]


@asynccontextmanager
async def enter_concurrently(
    *managers: AbstractAsyncContextManager[Any],
) -> AsyncIterator[tuple[Any, ...]]:
    """Enter several async context managers at the same time; exit them in reverse order.

    ``async with enter_concurrently(a, b) as (x, y)`` is ``async with a as x, b as y`` except
    that ``a`` and ``b`` start together: the main job starts its policy servers and its
    learner ranks this way, so its start-up takes the longer of the two, not their sum (each
    loads a model: on a GPU node each can take a minute or more). Each manager is entered and
    exited by its own task in a nursery this function owns (nothing outlives the ``async
    with``). On exit, by an error, a cancellation or normally, the managers are exited one at
    a time, last first, so a manager listed after another may still use it while it closes; a
    cancellation reaches each exit as it would reach a plain ``async with``'s (the engine's
    managers shield their own bounded clean-up).

    Yields:
        the managers' values, in the order given.

    Raises:
        whatever a manager raises on entry or exit: one error as itself (not wrapped in an
        ``ExceptionGroup``), several as a group. The managers already entered are exited first.
        An error of the body passes through as itself.
    """
    helds = [_Held() for _ in managers]
    values: list[Any] = [None] * len(managers)
    body_error: BaseException | None = None
    single: BaseException | None = None
    try:
        async with trio.open_nursery() as holders:
            try:
                async with trio.open_nursery() as boot:
                    for i, manager in enumerate(managers):

                        async def enter(i: int = i, manager: Any = manager) -> None:
                            values[i] = await holders.start(_hold, manager, helds[i])

                        boot.start_soon(enter)
                try:
                    yield tuple(values)
                except BaseException as exc:
                    body_error = exc
                    raise
            finally:
                with trio.CancelScope(
                    shield=True
                ):  # each exit in its turn; cancelled exits end fast
                    for held in reversed(helds):
                        held.release.set()
                        if held.began:
                            await held.done.wait()
    except BaseExceptionGroup as group:
        leaves = _leaves(group)
        if body_error is not None and any(leaf is body_error for leaf in leaves):
            single = body_error
        else:
            errors = [leaf for leaf in leaves if not isinstance(leaf, trio.Cancelled)]
            if len(errors) != 1:
                raise
            single = errors[0]
    if single is not None:  # outside the except block: it keeps its __cause__ and __context__
        raise single


@contextmanager
def one_error() -> Iterator[None]:
    """Re-raise a nursery's ``ExceptionGroup`` that holds one error (cancellations aside) as
    that error, its ``__cause__`` and traceback kept; a group of several passes unchanged.

    Raises:
        the one error, or the group.
    """
    single: BaseException | None = None
    try:
        yield
    except BaseExceptionGroup as group:
        errors = [leaf for leaf in _leaves(group) if not isinstance(leaf, trio.Cancelled)]
        if len(errors) != 1:
            raise
        single = errors[0]
    if single is not None:  # outside the except block: it keeps its __cause__ and __context__
        raise single
