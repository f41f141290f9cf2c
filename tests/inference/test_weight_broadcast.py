"""SGLang's broadcast weight sync against ``engine.serve`` over gloo: this test is the trainer
(rank 0 of the weight-update group), the server joins as rank 1 and loads what it receives."""

from __future__ import annotations

import math
from pathlib import Path

import httpx
import pytest
import torch
import trio

from engine.config import PolicyConfig
from engine.inference import PolicyClient, free_port
from engine.inference._weight_group import destroy_group, dtype_name, join_group, send
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
