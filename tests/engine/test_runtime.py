"""The actor runtime: closure propagates, cancellation stops everyone, back-pressure bounds
producers, a failing actor is named with its message, statistics count."""

import msgspec
import pytest
import trio

from engine.errors import ActorFailed, ConfigError
from engine.messages import DesignRequested
from engine.runtime import Runtime


class Stats(msgspec.Struct, frozen=True):
    handled: int


class Relay:
    """Forwards every message, optionally sleeping (virtual time) per message."""

    def __init__(self, delay: float = 0.0, fail_on: str | None = None):
        self.delay = delay
        self.fail_on = fail_on
        self.handled = 0
        self.exited = False

    async def run(self, inbox, to_next=None, *, task_status=trio.TASK_STATUS_IGNORED):
        task_status.started()
        try:
            async for msg in inbox:
                if self.fail_on is not None and getattr(msg, "request_id", None) == self.fail_on:
                    raise ValueError("boom")
                if self.delay:
                    await trio.sleep(self.delay)
                self.handled += 1
                if to_next is not None:
                    await to_next.send(msg)
        finally:
            self.exited = True
            if to_next is not None:
                to_next.close()

    def statistics(self):
        return Stats(self.handled)


class Sink:
    def __init__(self):
        self.got = []
        self.exited = False

    async def run(self, inbox, *, task_status=trio.TASK_STATUS_IGNORED):
        task_status.started()
        try:
            async for msg in inbox:
                self.got.append(msg)
        finally:
            self.exited = True

    def statistics(self):
        return Stats(len(self.got))


def req(i):
    return DesignRequested(request_id=str(i), passage_id="p", passage="x")


def chain(capacity=4, delay=0.0, fail_on=None):
    rt = Runtime(capacity=capacity)
    a, b, sink = Relay(), Relay(delay=delay, fail_on=fail_on), Sink()
    rt.add("a", a, outputs={"to_next": "b"})
    rt.add("b", b, outputs={"to_next": "sink"})
    rt.add("sink", sink)
    return rt, (a, b, sink)


async def test_upstream_close_ends_every_actor():
    rt, (a, b, sink) = chain()
    to_a = rt.sender("a")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        with to_a:
            for i in range(10):
                await to_a.send(req(i))
    assert [m.request_id for m in sink.got] == [str(i) for i in range(10)]
    assert a.exited and b.exited and sink.exited
    stats = rt.statistics()
    assert [s.state for s in stats.actors] == ["stopped"] * 3
    assert [s.messages_in for s in stats.actors] == [10, 10, 10]
    assert [s.messages_out for s in stats.actors] == [10, 10, 0]
    assert stats.actors[2].own == Stats(10)


async def test_cancellation_stops_every_actor_within_deadline(autojump_clock):
    rt, actors = chain()
    to_a = rt.sender("a")
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            await to_a.send(req(0))
            await trio.sleep(1)
            rt.cancel()
    assert not scope.cancelled_caught  # stopped by rt.cancel(), not by the 5 s fallback
    assert all(x.exited for x in actors)


async def test_stop_drains_then_returns(autojump_clock):
    rt, (a, b, sink) = chain(delay=0.5)
    to_a = rt.sender("a")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        for i in range(3):
            await to_a.send(req(i))
        await rt.stop()
    assert len(sink.got) == 3


async def test_slow_consumer_bounds_producer_in_flight(autojump_clock):
    capacity = 2
    rt, (a, b, sink) = chain(capacity=capacity, delay=1.0)
    to_a = rt.sender("a")
    sent = 0
    max_in_flight = 0
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        with to_a:
            for i in range(30):
                await to_a.send(req(i))
                sent += 1
                in_flight = sent - b.handled
                max_in_flight = max(max_in_flight, in_flight)
    # a's buffer + a holding one + b's buffer + b holding one
    assert max_in_flight <= 2 * capacity + 3
    assert len(sink.got) == 30


async def test_actor_error_names_actor_and_message():
    rt, (a, b, sink) = chain(fail_on="3")
    to_a = rt.sender("a")
    caught = []
    try:
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            with to_a:
                try:
                    for i in range(10):
                        await to_a.send(req(i))
                except trio.BrokenResourceError:
                    pass  # the run stopped: its inboxes are closed
    except* ActorFailed as group:  # the host nursery groups it, as trio does
        caught.extend(group.exceptions)
    (err,) = caught
    assert err.actor == "b"
    assert err.message == "DesignRequested(request_id='3')"
    assert "boom" in str(err)
    assert isinstance(err.__cause__, ValueError)
    assert [s.state for s in rt.statistics().actors][1] == "failed"


async def test_feedback_port_cycle_closes():
    """A cycle a -> b -> a.feedback closes when a closes its outbox after upstream is done."""

    class Head:
        def __init__(self):
            self.returned = []

        async def run(self, inbox, feedback, to_b, *, task_status=trio.TASK_STATUS_IGNORED):
            task_status.started()
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._collect, feedback)
                with to_b:  # closing it after upstream ends lets b drain and close its clone
                    async for msg in inbox:
                        await to_b.send(msg)

        async def _collect(self, feedback):
            async for msg in feedback:  # ends once b closed its clone
                self.returned.append(msg)

    head, b = Head(), Relay()
    rt = Runtime(capacity=1)
    rt.add("head", head, inboxes=("inbox", "feedback"), outputs={"to_b": "b"})
    rt.add("b", b, outputs={"to_next": "head.feedback"})
    to_head = rt.sender("head")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        with to_head:
            for i in range(5):
                await to_head.send(req(i))
    assert len(head.returned) == 5


def test_topology_errors_and_describe():
    rt = Runtime()
    rt.add("a", Relay(), outputs={"to_next": "missing"})
    with pytest.raises(ConfigError, match="missing.inbox"):
        rt.sender("a")
    rt2 = Runtime()
    rt2.add("a", Relay(), outputs={"to_next": "s"})
    rt2.add("s", Sink())
    with pytest.raises(ConfigError, match="declared twice"):
        rt2.add("s", Sink())
    assert rt2.describe() == ["a (inboxes: inbox)", "  to_next -> s.inbox", "s (inboxes: inbox)"]


async def test_loop_lag_is_measured(autojump_clock):
    rt = Runtime(lag_interval_s=0.1)
    sink = Sink()
    rt.add("s", sink)
    to_s = rt.sender("s")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        await trio.sleep(0.05)
        autojump_clock.jump(0.5)  # the loop "blocks" for 0.5 s: the probe due at 0.1 wakes at 0.55
        await trio.sleep(1.0)
        stats = rt.statistics()
        to_s.close()
    assert stats.loop_lag_max_s == pytest.approx(0.45)
    assert stats.loop_lag_p50_s == pytest.approx(0.0, abs=1e-9)
    assert stats.uptime_s == pytest.approx(1.55)


async def test_loop_lag_p99_and_max_over_the_whole_run(autojump_clock):
    rt = Runtime(lag_interval_s=0.01)
    rt.add("s", Sink())
    to_s = rt.sender("s")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        await trio.sleep(0.995)  # 99 probes on time
        autojump_clock.jump(0.25)  # one probe wakes 0.25 s late (minus what was left of it)
        await trio.sleep(0.495)  # 49 more on time
        stats = rt.statistics()
        to_s.close()
    assert stats.loop_lag_samples == 99 + 1 + 49
    assert stats.loop_lag_max_s == pytest.approx(0.245)
    assert stats.loop_lag_p50_s == 0.0
    assert stats.loop_lag_p99_s == 0.0  # 1 late probe in 149: under the 99th percentile
    late = Runtime(lag_interval_s=0.01)
    late._lags.add(0.0123)
    late._lags.add(2.5)  # past the histogram's 1 s: the exact maximum
    assert late.statistics().loop_lag_p50_s == pytest.approx(0.0123)
    assert late.statistics().loop_lag_p99_s == 2.5


def test_actor_failed_names_the_error_inside_a_nursery_group():
    group = ExceptionGroup("Exceptions from Trio nursery", [ValueError("inner"), KeyError("k")])
    err = ActorFailed("designer", "DesignRequested(request_id='r')", group)
    assert str(err) == (
        "actor 'designer' failed while handling DesignRequested(request_id='r'): "
        "ValueError: inner (and 1 more)"
    )


# ---- enter_concurrently: the main job starts its servers and learner ranks together ----------


class _Slow:
    """An async context manager that takes ``delay`` (trio's clock) to enter and logs events."""

    def __init__(self, name: str, delay: float, log: list[str], fail: Exception | None = None):
        self.name, self.delay, self.log, self.fail = name, delay, log, fail

    async def __aenter__(self) -> str:
        self.log.append(f"enter {self.name}")
        await trio.sleep(self.delay)
        if self.fail is not None:
            raise self.fail
        self.log.append(f"ready {self.name}")
        return self.name

    async def __aexit__(self, *exc: object) -> None:
        with trio.CancelScope(shield=True):  # as the engine's managers bound their clean-up
            await trio.sleep(0.1)
        self.log.append(f"exit {self.name}")


def test_enter_concurrently_starts_together_and_exits_last_first():
    from engine.runtime import enter_concurrently

    log: list[str] = []

    async def main() -> float:
        t0 = trio.current_time()
        async with enter_concurrently(_Slow("a", 5, log), _Slow("b", 3, log)) as (x, y):
            took = trio.current_time() - t0
            assert (x, y) == ("a", "b")
        return took

    took = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert took == pytest.approx(5)  # the longer of the two, not 8 in turn
    assert sorted(log[:2]) == ["enter a", "enter b"]  # both began before either was ready
    assert log[-2:] == ["exit b", "exit a"]


def test_enter_concurrently_a_failed_entry_is_raised_as_itself_after_the_others_exit():
    from engine.runtime import enter_concurrently

    log: list[str] = []

    async def main() -> None:
        async with enter_concurrently(
            _Slow("servers", 1, log), _Slow("ranks", 2, log, fail=KeyError("rank 0 died"))
        ):
            log.append("body")  # pragma: no cover - never reached

    with pytest.raises(KeyError, match="rank 0 died"):  # not an ExceptionGroup
        trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert "body" not in log
    assert log[-1] == "exit servers"


def test_enter_concurrently_the_bodys_error_passes_as_itself_with_its_cause():
    from engine.runtime import enter_concurrently

    log: list[str] = []
    cause = OSError("socket")

    async def main() -> None:
        async with enter_concurrently(_Slow("a", 1, log), _Slow("b", 1, log)):
            raise ValueError("actor failed") from cause

    with pytest.raises(ValueError, match="actor failed") as info:
        trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert info.value.__cause__ is cause
    assert log[-2:] == ["exit b", "exit a"]


def test_enter_concurrently_a_cancelled_body_still_exits_every_manager():
    from engine.runtime import enter_concurrently

    log: list[str] = []

    async def main() -> None:
        with trio.move_on_after(10) as scope:
            async with enter_concurrently(_Slow("a", 1, log), _Slow("b", 1, log)):
                await trio.sleep_forever()
        assert scope.cancelled_caught

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert log[-2:] == ["exit b", "exit a"]
