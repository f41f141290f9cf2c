"""engine.open_engine_asyncio: the trio engine in guest mode inside asyncio programs."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
import trio

import engine
from engine.config import load_config
from engine.errors import ActorFailed, ConfigError, EngineStopped
from engine.messages import EnvRejected, EnvScored
from tests.engine._embedding import AGENT, CONFIG, engine_threads, no_threads_left, source


def no_trio_run() -> bool:
    try:
        trio.lowlevel.current_root_task()
    except RuntimeError:
        return True
    return False


def test_an_asyncio_host_gets_results_and_a_clean_shutdown() -> None:
    threads = engine_threads()
    # deterministic: scoring seeds are private and random otherwise, and the labelled bisect
    # agent's regret at k = 6 fell to 0.5 on some draws (a fresh-clone run, 2026-12-05)
    config = msgspec.structs.replace(
        CONFIG, run=msgspec.structs.replace(CONFIG.run, deterministic=True)
    )

    async def main() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with engine.open_engine_asyncio(config, agent=AGENT) as eng:
            out["during"] = engine_threads()
            streamed: list[str] = []

            async def watch() -> None:
                with eng.results() as stream:
                    async for item in stream:
                        streamed.append(item.env_id)

            watcher = asyncio.create_task(watch())
            await asyncio.sleep(0)  # the stream opens before the submissions
            names = ["learnable_bisect", "coin_flip", "reject_crash.py"]
            out["outcomes"] = await asyncio.gather(
                *(eng.submit_env(source(n), env_id=n) for n in names)
            )
            out["records"] = sorted(r.env_id for r in eng.archive_records())
            out["nearest"] = [n.record.env_id for n in await eng.nearest(source("coin_flip"), 1)]
            await eng.stop()
            await watcher
            out["streamed"] = sorted(streamed)
            with pytest.raises(EngineStopped, match="submit_env"):
                await eng.submit_env(source("trivial"))
            with pytest.raises(EngineStopped):
                eng.results()
        out["final"] = eng.statistics()
        out["no_run"] = no_trio_run()
        return out

    out = asyncio.run(main())
    bisect, coin, crash = out["outcomes"]
    assert isinstance(bisect, EnvScored) and bisect.accepted and bisect.regret > 0.5
    assert isinstance(coin, EnvScored) and not coin.accepted
    assert isinstance(crash, EnvRejected) and crash.reason == "crash"
    assert out["records"] == ["coin_flip", "learnable_bisect"]
    assert out["nearest"] == ["coin_flip"]
    assert out["streamed"] == ["coin_flip", "learnable_bisect", "reject_crash.py"]
    assert "wasm-epoch" in out["during"]
    final = out["final"]
    assert final.state == "stopped" and (final.scored, final.rejected) == (2, {"crash": 1})
    assert out["no_run"]
    assert no_threads_left(threads), (engine_threads(), threads)


def test_cancelling_an_asyncio_await_cancels_the_call_not_the_engine() -> None:
    async def main() -> tuple[Any, Any, list[str]]:
        playing = asyncio.Event()

        def agent(observations: list[str], hint: str | None, rng: Any, memory: Any) -> str:
            playing.set()  # scripted agents run on the loop thread, inside trio's guest ticks
            return str(AGENT(observations, hint, rng, memory))

        async with engine.open_engine_asyncio(CONFIG, agent=agent) as eng:
            with eng.results() as stream:
                call = asyncio.create_task(eng.submit_env(source("trivial"), env_id="t"))
                await playing.wait()
                call.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await call
                # the environment was handed over: it is still scored and streamed
                first = await asyncio.wait_for(stream.__anext__(), 30)
                second = await eng.submit_env(source("learnable_caesar"))
                return first, second, [a.state for a in eng.statistics().runtime.actors]

    first, second, states = asyncio.run(main())
    assert isinstance(first, EnvScored) and first.env_id == "t"
    assert isinstance(second, EnvScored) and second.accepted
    assert set(states) == {"running"}


def test_cancelling_the_asyncio_task_stops_the_engine() -> None:
    threads = engine_threads()

    async def main() -> tuple[bool, bool]:
        entered = asyncio.Event()

        async def service() -> None:
            async with engine.open_engine_asyncio(CONFIG, agent=AGENT) as eng:
                pending = [
                    asyncio.create_task(eng.submit_env(source(n)))
                    for n in ("learnable_bisect", "learnable_caesar", "coin_flip")
                ]
                entered.set()
                await asyncio.gather(*pending)

        task = asyncio.create_task(service())
        await entered.wait()
        await asyncio.sleep(0.05)
        task.cancel()
        try:
            await asyncio.wait_for(task, 30)  # a bound: sandbox calls end within 2 s
        except asyncio.CancelledError:
            cancelled = True
        else:
            cancelled = False
        return cancelled, no_trio_run()

    cancelled, no_run = asyncio.run(main())
    assert cancelled and no_run
    assert no_threads_left(threads), (engine_threads(), threads)


def test_start_errors_reach_the_asyncio_caller() -> None:
    async def main() -> None:
        policy_hints = load_config(None, ["hinter.source=policy"])
        async with engine.open_engine_asyncio(policy_hints, agent=AGENT):
            pass

    with pytest.raises(ConfigError, match="hinter.source"):
        asyncio.run(main())


def test_design_requests_without_a_policy_are_a_config_error() -> None:
    async def main() -> None:
        async with engine.open_engine_asyncio(CONFIG, agent=AGENT) as eng:
            await eng.submit_design_request("Heap queue algorithm.")

    with pytest.raises(ConfigError, match="scripted agent"):
        asyncio.run(main())


def test_an_engine_failure_cancels_the_asyncio_block_and_raises_actor_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import actors.critic

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the scoring code")

    monkeypatch.setattr(actors.critic, "score_env", broken)

    async def main() -> None:
        async with engine.open_engine_asyncio(CONFIG, agent=AGENT) as eng:
            await eng.submit_env(source("trivial"))
            await asyncio.sleep(60)  # an idle host is cancelled too

    async def idle() -> None:
        async with engine.open_engine_asyncio(CONFIG, agent=AGENT) as eng:
            call = asyncio.create_task(eng.submit_env(source("trivial")))
            call.add_done_callback(lambda t: t.cancelled() or t.exception())  # retrieved
            await asyncio.sleep(60)

    with pytest.raises(ActorFailed, match="actor 'critic' failed"):
        asyncio.run(main())
    with pytest.raises(ActorFailed, match="actor 'critic' failed"):
        asyncio.run(idle())


def test_cancelling_while_the_engine_starts_leaves_no_trio_run() -> None:
    threads = engine_threads()

    async def main() -> bool:
        entered = False

        async def service() -> None:
            nonlocal entered
            async with engine.open_engine_asyncio(CONFIG, agent=AGENT):
                entered = True

        task = asyncio.create_task(service())
        await asyncio.sleep(0)  # the guest run has begun; the engine is starting
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return not entered and no_trio_run()

    assert asyncio.run(main())
    assert no_threads_left(threads), (engine_threads(), threads)
