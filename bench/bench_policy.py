"""``python -m bench policy``: engine.serve over HTTP against in-process generation, one run.

What is measured, on the tiny model (``ensure_tiny_model()``, or ``--model-path``):

- ``in-process``: ``PolicyModel.generate`` (the server's own batched sampler) called directly in
  this process on B prompts at once;
- ``http``: the same B prompts as B concurrent ``PolicyClient.generate`` calls to one
  ``python -m engine.serve`` process on loopback, which batches them itself.

Both use the same prompts, ``--max-new-tokens``, temperature 1.0 and one torch thread. Rounds
alternate in-process / HTTP so both see the same machine load. Tokens per second count
generated tokens over wall time, median of ``--repeats`` rounds after one warm-up round. The ``vs. in-process`` column is HTTP throughput over in-process throughput
(ratio of medians); ``vs. in-process (paired rounds)`` is the median of per-round ratios, which
is steadier when other processes load the machine (target: >= 0.90 at batch 8, i.e. at most
10 % HTTP overhead). A last row reports the time from
launching the server to its first healthy answer (target: <= 10 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import trio

_PROMPT_LEN = 32


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m bench policy``."""
    parser.add_argument("--model-path", default="", help="HF checkpoint (default: tiny model)")
    parser.add_argument("--batch-sizes", default="1,8", help="comma-separated batch sizes")
    parser.add_argument("--max-new-tokens", type=int, default=64, help="tokens per request")
    parser.add_argument("--repeats", type=int, default=5, help="timed rounds per case")


def _prompts(batch: int, vocab: int) -> list[list[int]]:
    return [
        [(17 * i + 31 * j) % (vocab - 10) + 5 for j in range(_PROMPT_LEN)] for i in range(batch)
    ]


async def _measure(
    model_path: str, batches: list[int], max_new: int, repeats: int
) -> dict[str, Any]:
    """Launch the server, then alternate in-process and HTTP rounds (same load for both)."""
    import httpx
    import torch

    from engine.config import PolicyConfig
    from engine.inference import PolicyClient, launch_policy_servers
    from engine.inference._model import GenRequest, PolicyModel

    torch.set_num_threads(1)
    cfg = PolicyConfig(max_batch_size=max(batches), health_timeout_s=60.0)
    t0 = time.perf_counter()
    async with launch_policy_servers(cfg, model_path) as urls:
        out: dict[str, Any] = {"startup_s": time.perf_counter() - t0}
        model = PolicyModel(model_path)
        vocab = int(model.model.config.vocab_size)
        async with PolicyClient(urls, cfg) as client:
            for batch in batches:
                prompts = _prompts(batch, vocab)
                local: list[float] = []
                remote: list[float] = []
                for r in range(repeats + 1):  # round 0 warms up both paths
                    reqs = [GenRequest(input_ids=p, max_new_tokens=max_new) for p in prompts]
                    t = time.perf_counter()
                    res = model.generate(reqs)
                    dt = time.perf_counter() - t
                    if r:
                        local.append(sum(len(o.output_ids) for o in res) / dt)
                    tokens = 0

                    async def one(p: list[int]) -> None:
                        nonlocal tokens
                        g = await client.generate(p, max_new_tokens=max_new, temperature=1.0)
                        tokens += g.completion_tokens

                    t = time.perf_counter()
                    async with trio.open_nursery() as nursery:
                        for p in prompts:
                            nursery.start_soon(one, p)
                    dt = time.perf_counter() - t
                    if r:
                        remote.append(tokens / dt)
                out[f"local{batch}"], out[f"http{batch}"] = local, remote
        async with httpx.AsyncClient() as http:
            info = (await http.get(f"{urls[0]}/server_info")).json()
        out["server_batch_sizes"] = info["internal_states"][0]["batch_sizes"]
    return out


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run every case; one dict per case (units in the keys)."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from engine.inference import ensure_tiny_model

    model_path = args.model_path or str(ensure_tiny_model())
    batches = [int(b) for b in str(args.batch_sizes).split(",") if b]
    vocab_note = "tiny Qwen3" if not args.model_path else os.path.basename(model_path)
    m = trio.run(_measure, model_path, batches, args.max_new_tokens, args.repeats)
    rows: list[dict[str, Any]] = []
    for batch in batches:
        local, remote = m[f"local{batch}"], m[f"http{batch}"]
        local_med, remote_med = statistics.median(local), statistics.median(remote)
        # Rounds alternate, so round r of each path saw about the same machine load: the median
        # of per-round ratios is steadier on a shared machine than the ratio of medians.
        paired = statistics.median(h / lo for h, lo in zip(remote, local, strict=True))
        for name, med, rates in (("in-process", local_med, local), ("http", remote_med, remote)):
            rows.append(
                {
                    "case": f"{name} batch {batch}",
                    "model": vocab_note,
                    "batch": batch,
                    "max_new_tokens": args.max_new_tokens,
                    "tokens_per_s": round(med, 1),
                    "tokens_per_s_min": round(min(rates), 1),
                    "tokens_per_s_max": round(max(rates), 1),
                    "vs. in-process": round(med / local_med, 3),
                    "vs. in-process (paired rounds)": round(paired if name == "http" else 1.0, 3),
                }
            )
    rows.append(
        {
            "case": "server start to healthy",
            "model": vocab_note,
            "start_to_healthy_s": round(m["startup_s"], 2),
            "target_s": 10.0,
            "server_batch_sizes": m["server_batch_sizes"],
        }
    )
    return rows


if __name__ == "__main__":  # direct use without the harness
    p = argparse.ArgumentParser()
    add_arguments(p)
    for row in run(p.parse_args()):
        print(row)
