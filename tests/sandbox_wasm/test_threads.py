"""``GuestThreads``: the in-process sandbox's calls, as ``trio.to_thread.run_sync`` with a
capacity limiter would run them."""

from __future__ import annotations

import threading
import time

import pytest
import trio

from sandbox_wasm._threads import GuestThreads


async def test_results_errors_and_the_calling_thread() -> None:
    threads = GuestThreads(2)
    try:
        assert await threads.run(lambda: 2 + 2) == 4
        assert await threads.run(threading.get_ident) != threading.get_ident()

        def boom() -> None:
            raise ValueError("from the thread")

        with pytest.raises(ValueError, match="from the thread"):
            await threads.run(boom)
    finally:
        threads.close()


async def test_at_most_n_calls_run_at_once() -> None:
    threads = GuestThreads(2)
    lock = threading.Lock()
    running = [0]
    most = [0]

    def work() -> None:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.02)
        with lock:
            running[0] -= 1

    try:
        async with trio.open_nursery() as nursery:
            for _ in range(8):
                nursery.start_soon(threads.run, work)
    finally:
        threads.close()
    assert most[0] == 2


async def test_a_started_call_is_not_cancelled_partway() -> None:
    threads = GuestThreads(1)
    token = trio.lowlevel.current_trio_token()
    got: list[int] = []
    with trio.CancelScope() as scope:

        def cancels_its_caller() -> int:
            trio.from_thread.run_sync(scope.cancel, trio_token=token)  # while it runs
            return 7

        try:
            got.append(await threads.run(cancels_its_caller))
            await trio.sleep(1)  # the cancellation fires here, at the next checkpoint
        finally:
            threads.close()
    assert scope.cancelled_caught
    assert got == [7]  # the call ran to its end and its result was delivered
    threads = GuestThreads(1)
    try:
        with trio.CancelScope() as cancelled:
            cancelled.cancel()
            await threads.run(lambda: got.append(8))  # cancelled before it started
        assert got == [7]
    finally:
        threads.close()


def test_close_lets_the_threads_exit() -> None:
    async def main() -> list[threading.Thread]:
        threads = GuestThreads(3, name="test-guest")
        await threads.run(lambda: None)
        threads.close()
        assert await threads.run(lambda: 5) == 5  # after close: trio's own threads
        return [t for t in threading.enumerate() if t.name.startswith("test-guest")]

    for t in trio.run(main):
        t.join(5)
        assert not t.is_alive()
