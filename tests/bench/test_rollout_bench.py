"""``bench rollout``: the fixed-latency policy server speaks the client's API; the bench runs."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import httpx
import pytest

from bench import bench_rollout
from bench._fixed_latency_server import fixed_latency_server
from engine.config import PolicyConfig
from engine.inference import PolicyClient


@pytest.fixture
def server() -> Iterator[str]:
    with fixed_latency_server(delay_s=0.01, slots=2, reply_text="go", reply_ids=[7, 8, 2]) as url:
        yield url


async def test_fixed_latency_server_answers_like_sglang(server: str) -> None:
    async with PolicyClient([server], PolicyConfig()) as client:
        assert (await client.health()) == {server: True}
        g = await client.generate([5, 6, 7], max_new_tokens=8)
        assert g.output_ids == [7, 8, 2]
        assert g.output_logprobs == [-0.5, -0.5, -0.5]
        assert (g.text, g.finish_reason, g.weight_version) == ("go", "stop", "0")
        assert (g.prompt_tokens, g.completion_tokens) == (3, 3)
        cut = await client.generate([5], max_new_tokens=2)
        assert (cut.output_ids, cut.finish_reason, cut.completion_tokens) == ([7, 8], "length", 2)
        info = await client.model_info()
        assert info.weight_version == "0"


def test_fixed_latency_server_holds_at_most_its_slots(server: str) -> None:
    import trio

    async def hammer() -> None:
        async with PolicyClient([server], PolicyConfig()) as client:
            async with trio.open_nursery() as nursery:
                for _ in range(8):
                    nursery.start_soon(lambda: client.generate([1], max_new_tokens=4))

    trio.run(hammer)
    info = httpx.get(f"{server}/server_info").json()
    assert info["requests"] == 8
    assert info["max_busy"] == 2  # 8 concurrent callers, 2 slots
    assert info["limit_requests_per_s"] == pytest.approx(200.0)
    assert httpx.post(f"{server}/generate", json={}).status_code == 400


@pytest.mark.slow
def test_rollout_bench_rows_and_finished_episodes() -> None:
    parser = argparse.ArgumentParser()
    bench_rollout.add_arguments(parser)
    args = parser.parse_args(
        [
            "--delay-ms=5",
            "--slots=2",
            "--concurrency=4",
            "--episodes=6",
            "--turns=3",
            "--repeats=1",
            "--pool-size=2",
            "--train-step-ms=0",
        ]
    )
    rows = bench_rollout.run(args)
    assert [r["case"] for r in rows] == [
        "server alone (PolicyClient)",
        "engine (Runtime+Agent+wasm)",
    ]
    alone, engine = rows
    assert alone["vs. server limit"] == 1.0
    assert alone["generate_calls"] == 18
    assert alone["ideal_calls_per_s"] == pytest.approx(400.0)
    # every episode played its 3 turns through the policy and the sandbox, and succeeded
    assert engine["episodes"] == 6
    assert engine["episodes_finished_ok"] == 6
    assert engine["success_rate"] == 1.0
    assert engine["generate_calls"] == 18
    assert engine["turns_per_s"] == pytest.approx(3 * engine["episodes_per_s"])
    assert engine["vs. server limit"] == pytest.approx(
        engine["generate_calls_per_s"] / alone["generate_calls_per_s"]
    )
    assert engine["vs. server limit"] > 0
    assert engine["overhead_pct"] == pytest.approx(100 * (1 - engine["vs. server limit"]))
    assert engine["engine_cpu_ms_per_turn"] > 0
    # the loop's thread is part of this process (the wasm threads are the rest)
    assert 0 < engine["loop_cpu_ms_per_turn"] <= engine["engine_cpu_ms_per_turn"] + 1e-6
    assert {"episodes_per_s", "turns_per_s", "vs. server limit"} <= engine.keys()
    assert engine["loop_lag_max_ms"] >= engine["loop_lag_p99_ms"] >= 0


@pytest.mark.slow
def test_rollout_bench_training_case_overlaps_the_learner() -> None:
    parser = argparse.ArgumentParser()
    bench_rollout.add_arguments(parser)
    args = parser.parse_args(
        [
            "--delay-ms=5",
            "--slots=2",
            "--concurrency=4",
            "--episodes=8",
            "--turns=2",
            "--repeats=1",
            "--pool-size=2",
            "--train-step-ms=50",
            "--train-batch=2",
        ]
    )
    rows = bench_rollout.run(args)
    cases = [r["case"] for r in rows]
    assert cases[2:] == [
        "idle event loop (this machine's scheduling noise)",
        "rollouts, no learner",
        "rollouts + learner training (overlapped)",
        "rollouts + learner training in its inbox loop (before)",
    ]
    _, none, overlapped, inline = rows[2:]
    assert none["vs. without training"] == 1.0
    assert none["episodes"] == overlapped["episodes"] == inline["episodes"] == 8
    # the learner stepped (how many samples arrived during its steps is timing: reported)
    assert overlapped["learner_steps"] >= 1
    assert overlapped["samples_received_while_training"] >= 0
    assert overlapped["vs. without training"] > 0
