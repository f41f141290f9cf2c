"""SGLang's broadcast weight sync against ``engine.serve`` over gloo: this test is the trainer
(rank 0 of the weight-update group), the server joins as rank 1 and loads what it receives."""

from __future__ import annotations

import json
import math
from pathlib import Path

import httpx
import pytest
import torch
import torch.distributed as dist
import trio

from engine.config import PolicyConfig
from engine.inference import PolicyClient, free_port
from engine.inference._weight_group import (
    FLATTENED_BUCKET,
    bucket_views,
    destroy_group,
    dtype_name,
    join_group,
    non_finite,
    plan_buckets,
    send,
)
from engine.inference.serve import PolicyServer
from tests.inference.conftest import start_server, stop_server

PROMPT = [1, 2274, 201, 510, 907, 81]


async def test_a_server_joins_the_group_receives_buckets_and_reports_the_version(
    tiny_model: Path, tmp_path: Path
) -> None:
    from safetensors.torch import load_file

    state = load_file(str(tiny_model / "model.safetensors"))
    state.pop("lm_head.weight", None)
    # New weights: zero embeddings (tied head) make every next token equally likely.
    new = {k: torch.zeros_like(v) if "embed_tokens" in k else v for k, v in state.items()}
    names = sorted(new)
    vocab = new["model.embed_tokens.weight"].shape[0]
    proc, url = await trio.to_thread.run_sync(start_server, tiny_model, tmp_path / "server.log")
    try:
        async with PolicyClient([url], PolicyConfig()) as client:
            before = await client.generate(PROMPT, max_new_tokens=2, temperature=0.0)
            assert before.output_logprobs[0] > -math.log(vocab) + 0.1
            port = free_port()
            group: list[object] = []

            def trainer_join() -> None:
                group.append(
                    join_group(
                        backend="gloo",
                        master_address="127.0.0.1",
                        master_port=port,
                        rank=0,
                        world_size=2,
                        group_name="weight_update_group",
                        timeout_s=60,
                    )
                )

            async with trio.open_nursery() as nursery:
                nursery.start_soon(trio.to_thread.run_sync, trainer_join)
                await client.init_weights_update_group("127.0.0.1", port, [1], 2, backend="gloo")
            (pg,) = group

            # Two buckets, as the learner sends them: the version comes with the last one.
            halves = [names[: len(names) // 2], names[len(names) // 2 :]]
            async with trio.open_nursery() as nursery:
                nursery.start_soon(trio.to_thread.run_sync, send, pg, [new[n] for n in names])
                for i, bucket in enumerate(halves):
                    results = await client.update_weights_from_distributed(
                        bucket,
                        [dtype_name(new[n].dtype) for n in bucket],
                        [list(new[n].shape) for n in bucket],
                        version=7 if i == 1 else None,
                        flush_cache=i == 1,
                    )
                    assert results[0].success
            assert "version 7" in results[0].message
            assert results[0].weight_version == "7"  # the reply names the version served
            assert await client.weight_versions() == {url: "7"}
            after = await client.generate(PROMPT, max_new_tokens=2, temperature=0.0)
            assert after.weight_version == "7"
            assert after.output_logprobs[0] == pytest.approx(-math.log(vocab), abs=1e-4)
            async with httpx.AsyncClient() as http:
                r = await http.post(f"{url}/destroy_weights_update_group", json={})
            assert r.json()["success"] is True
            await trio.to_thread.run_sync(destroy_group, pg)
    finally:
        await trio.to_thread.run_sync(stop_server, proc)


def test_buckets_are_planned_in_order_and_a_large_tensor_gets_its_own() -> None:
    assert plan_buckets([4, 4, 4, 10, 2, 2], limit=8) == [2, 1, 1, 2]
    assert plan_buckets([3], limit=1) == [1]
    assert plan_buckets([], limit=8) == []


def test_a_flattened_bucket_is_its_tensors_bytes_back_to_back() -> None:
    a = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    b = torch.tensor([7, 8], dtype=torch.bfloat16)
    buffer = torch.cat([a.reshape(-1).view(torch.uint8), b.view(torch.uint8)])
    got = bucket_views(buffer, [[2, 3], [2]], ["float32", "bfloat16"])
    assert torch.equal(got[0], a) and torch.equal(got[1], b)
    assert got[0].untyped_storage().data_ptr() == buffer.untyped_storage().data_ptr()  # views
    with pytest.raises(ValueError, match="bucket of"):
        bucket_views(buffer, [[2, 3]], ["float32"])


def test_non_finite_names_nan_and_infinity_but_not_a_sum_that_overflows() -> None:
    big = torch.full((4,), 3e38)  # finite values whose float32 sum is infinite
    nan = torch.zeros(5)
    nan[3] = math.nan
    inf = torch.zeros(2, dtype=torch.bfloat16)
    inf[0] = -math.inf
    ints = torch.zeros(3, dtype=torch.int64)
    assert non_finite([big, nan, torch.ones(3), inf, ints]) == [1, 3]


SCALES = (0.5, 2.0, 0.25, 3.0)  # the last update carries a NaN


def _updates(model: Path) -> tuple[list[list[str]], list[dict[str, torch.Tensor]]]:
    """The two buckets (names) and the four updates of the adoption test."""
    from safetensors.torch import load_file

    state = load_file(str(model / "model.safetensors"))
    state.pop("lm_head.weight", None)
    names = sorted(state)
    halves = [names[: len(names) // 2], names[len(names) // 2 :]]
    updates = [{k: v * scale for k, v in state.items()} for scale in SCALES]
    updates[-1][halves[1][0]].view(-1)[0] = math.nan
    return halves, updates


def _trainer(model: Path, port: int) -> None:
    """Rank 0 in a child process: join, then broadcast every update's flattened buckets."""
    pg = join_group(
        backend="gloo",
        master_address="127.0.0.1",
        master_port=port,
        rank=0,
        world_size=2,
        group_name="weight_update_group",
        timeout_s=60,
    )
    halves, updates = _updates(model)
    for new in updates:
        for bucket in halves:
            flat = torch.cat([new[n].reshape(-1).view(torch.uint8) for n in bucket])
            dist.broadcast(flat, src=0, group=pg)
    destroy_group(pg)


@pytest.mark.slow
def test_flattened_buckets_are_adopted_and_their_buffers_reused(tiny_model: Path) -> None:
    """Three updates of two flattened buckets into an in-process server: after each the model's
    parameters equal what was sent, the reply names the version, the parameters live in the
    received buffers, and the third update reuses the first one's buffers (the second's stay
    live: never received into while in use). A bucket with a NaN is refused, weights kept."""
    import multiprocessing

    server = PolicyServer(str(tiny_model))
    halves, updates = _updates(tiny_model)
    names = [n for half in halves for n in half]
    port = free_port()
    trainer = multiprocessing.get_context("spawn").Process(
        target=_trainer, args=(tiny_model, port), daemon=True
    )
    trainer.start()
    try:
        body = {"master_address": "127.0.0.1", "master_port": port, "rank_offset": 1}
        status, msg = server.init_weights_update_group(
            json.dumps(body | {"world_size": 2}).encode()
        )
        assert status == 200, msg
        storages = []
        for version, new in enumerate(updates, start=1):
            for i, bucket in enumerate(halves):
                last = i == len(halves) - 1
                req = {
                    "names": bucket,
                    "dtypes": [dtype_name(new[n].dtype) for n in bucket],
                    "shapes": [list(new[n].shape) for n in bucket],
                    "load_format": FLATTENED_BUCKET,
                    "flush_cache": last,
                    "weight_version": str(version) if last else None,
                }
                status, reply = server.update_weights_from_distributed(json.dumps(req).encode())
            live = dict(server.model.model.named_parameters())
            if version == len(updates):  # the NaN: refused, the third update's weights kept
                assert (status, reply["success"], server.weight_version) == (400, False, "3")
                assert all(torch.equal(live[n], updates[2][n]) for n in names)
                break
            assert (status, reply["weight_version"], server.weight_version) == (
                200,
                str(version),
                str(version),
            )
            assert all(torch.equal(live[n], new[n]) for n in names)
            storages.append({live[n].untyped_storage().data_ptr() for n in names})
        assert len(storages[0]) == 2  # one buffer per bucket
        assert storages[2] == storages[0] and storages[1].isdisjoint(storages[0])
        status, _ = server.destroy_weights_update_group(b"{}")
        assert status == 200
    finally:
        trainer.join(timeout=60)
        if trainer.is_alive():
            trainer.kill()
    assert trainer.exitcode == 0
