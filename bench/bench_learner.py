"""``python -m bench learner``: GRPO step time on FSDP2 ranks, and weight sync vs. raw save+load.

What is measured, in one run, on the project's tiny Qwen3 model (``ensure_tiny_model()``, about
1.6 M parameters) or a wider one built offline (``--hidden``/``--layers``):

- ``train step``: ``learner.train_step`` on ``--world-size`` gloo ranks (FSDP2, one torch
  thread per rank) for a batch of ``--samples`` sequences of ``--seq-tokens`` tokens (half of
  each masked as prompt), timed from the trio side (socket round trip included); the ranks'
  own time is the ``rank seconds`` column. Median of ``--repeats`` steps after one warm-up.
- ``weight sync``: ``learner.sync_weights(client)`` against one launched CPU policy server
  (``engine.serve``): full-state-dict gather on rank 0, safetensors write, CRC-32 checksum, the
  server's ``/update_weights_from_disk`` reload over HTTP and the ``/model_info`` version
  check. A train step (untimed) runs before each sync so every sync writes a new version.
- ``raw save+load``: the baseline of the same weights in this process: ``save_file`` of the
  model's state dict, ``load_file`` and ``load_state_dict`` into a live model; one round right
  after each sync round, so both see the same machine load.

- ``weight sync by broadcast``: the same learner and server with ``learner.weight_sync =
  "broadcast"``: every rank's shards to rank 0 into a reused flattened bucket, one gloo
  broadcast per bucket (SGLang's ``/update_weights_from_distributed`` with ``load_format=
  "flattened_bucket"``) into the server's reused buffer, which its model adopts as parameter
  storage; the group is formed in an untimed warm-up and kept; the reply carries the version
  (no separate check). Parts: ``gather`` (assembling buckets on rank 0) and ``broadcast``
  (the rest of rank 0's time), ``ranks_roundtrip`` (both plus the socket, overlapping the
  HTTP calls).

``CPU seconds`` is the mean user+system CPU per round of this process and all its descendants
(ranks, server), from ``/proc``, so a path that is fast only by using more cores shows; ``load
1-min`` is the machine's load average at the start and the end of the run.

``vs. raw save+load`` is sync time over the baseline's median (targets: disk <= 2.0; broadcast
<= 1.0 at 26 M parameters, <= 2.0 on the tiny model). The sync
columns split its time: ``gather`` and ``write`` (incl. CRC-32) on the ranks, ``ranks_roundtrip``
(both plus socket and msgpack), ``server_reload`` (the HTTP call), ``verify`` (version query and
stat check). On the 1.5 M tiny model fixed latencies (~20-30 ms of socket/collective/HTTP) dominate
an ~8 ms baseline; the target is meant for real sizes, e.g.
``python -m bench learner --hidden 512 --layers 6 --samples 4 --seq-tokens 128`` (26 M
parameters, 103 MB).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import trio


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m bench learner``."""
    parser.add_argument("--model-path", default="", help="HF checkpoint with tokenizer")
    parser.add_argument("--hidden", type=int, default=0, help="build a model this wide")
    parser.add_argument("--layers", type=int, default=4, help="layers of a built model")
    parser.add_argument("--world-size", type=int, default=2, help="learner ranks")
    parser.add_argument("--samples", type=int, default=8, help="sequences per batch")
    parser.add_argument("--seq-tokens", type=int, default=256, help="tokens per sequence")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats per case")


def _tree_cpu_seconds() -> float:
    """User + system CPU seconds used so far by this process and every live descendant
    (learner ranks, policy servers), from ``/proc`` (Linux; 0.0 elsewhere). Clock ticks are
    10 ms: compare sums over several repeats."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return 0.0
    for d in entries:
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # fields 3.. of proc(5)
        parent[int(d)] = int(fields[1])
        cpu[int(d)] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()
    total = 0.0
    for pid, seconds in cpu.items():
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += seconds
    return total


async def _timed(fn: Any, *args: Any) -> tuple[Any, float, float]:
    """``await fn(*args)``: its result, wall seconds and CPU seconds of the process tree."""
    c0, t0 = _tree_cpu_seconds(), time.perf_counter()
    result = await fn(*args)
    t1 = time.perf_counter()
    return result, t1 - t0, _tree_cpu_seconds() - c0


def _batch(n: int, length: int, vocab: int, version: int) -> list[Any]:
    import random

    from engine.messages import TrainingSample

    rng = random.Random(version)
    half = length // 2
    return [
        TrainingSample(
            role="agent",
            group_id=f"g{i // 4}",
            input_ids=[rng.randrange(5, vocab) for _ in range(length)],
            loss_mask=[0] * half + [1] * (length - half),
            rollout_logprobs=[0.0] * half + [-5.0] * (length - half),
            reward=float(rng.random()),
            policy_version=version,
        )
        for i in range(n)
    ]


class _RawSaveLoad:
    """The baseline: the same weights saved with ``save_file``, loaded with ``load_file`` and
    copied into a live model with ``load_state_dict``, in this process."""

    def __init__(self, model_path: Path, workdir: Path) -> None:
        import torch
        from transformers import AutoModelForCausalLM

        self.model = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
        state = self.model.state_dict()
        if self.model.config.tie_word_embeddings:
            state.pop("lm_head.weight", None)
        self.state = {k: v.detach().clone().contiguous() for k, v in state.items()}
        self.workdir = workdir
        self.rounds = 0

    def __call__(self) -> float:
        import torch
        from safetensors.torch import load_file, save_file

        path = self.workdir / f"raw{self.rounds % 2}.safetensors"
        self.rounds += 1
        t0 = time.perf_counter()
        save_file(self.state, str(path), metadata={"format": "pt"})
        loaded = load_file(str(path))
        with torch.no_grad():
            self.model.load_state_dict(loaded, strict=False)
        return time.perf_counter() - t0


async def _measure(args: argparse.Namespace, model_path: Path, run_dir: Path) -> dict[str, Any]:
    import json

    import msgspec

    from engine.config import LearnerConfig, PolicyConfig
    from engine.inference import PolicyClient, launch_policy_servers
    from engine.learner import start_learner

    vocab = json.loads((model_path / "config.json").read_text())["vocab_size"]
    cfg = LearnerConfig(world_size=args.world_size, micro_batch_size=4, lr=1e-5)
    policy = PolicyConfig(backend="cpu", num_servers=1, health_timeout_s=120.0)
    out: dict[str, Any] = {
        "step": [],
        "rank_step": [],
        "sync": [],
        "parts": [],
        "raw": [],
        "raw_cpu": [],
        "sync_cpu": [],
        "bcast_cpu": [],
        "load": [],
        "bcast": [],
        "bcast_parts": [],
        "params": 0,
        "bytes": 0,
    }
    raw_dir = run_dir / "raw"
    await trio.Path(raw_dir).mkdir(parents=True, exist_ok=True)
    raw = await trio.to_thread.run_sync(_RawSaveLoad, model_path, raw_dir)
    out["load"].append(os.getloadavg()[0])
    async with (
        launch_policy_servers(policy, model_path, log_dir=run_dir / "logs") as urls,
        PolicyClient(urls, policy) as client,
        start_learner(cfg, model_path, run_dir) as learner,
    ):
        assert learner.hello is not None
        out["params"] = learner.hello.parameters
        await learner.train_step(_batch(args.samples, args.seq_tokens, vocab, 0))  # warm-up
        for _ in range(args.repeats):
            batch = _batch(args.samples, args.seq_tokens, vocab, learner.policy_version)
            t0 = time.perf_counter()
            report = await learner.train_step(batch)
            out["step"].append(time.perf_counter() - t0)
            out["rank_step"].append(report.seconds)
        await learner.sync_weights(client)  # warm-up (first write, first server reload)
        await trio.to_thread.run_sync(raw)  # warm-up
        for _ in range(args.repeats):
            await learner.train_step(
                _batch(args.samples, args.seq_tokens, vocab, learner.policy_version)
            )
            update, seconds, cpu = await _timed(learner.sync_weights, client)
            out["sync"].append(seconds)
            out["sync_cpu"].append(cpu)
            out["parts"].append(dict(learner.last_sync_seconds))
            # The baseline right after, so both see the same machine load.
            await _raw_round(raw, out)
            out["bytes"] = (Path(update.path) / "model.safetensors").stat().st_size
        # The same learner and server, weights by broadcast (SGLang's weight-update group).
        learner.config = msgspec.structs.replace(cfg, weight_sync="broadcast")
        await learner.train_step(_batch(args.samples, args.seq_tokens, vocab, 0))
        await learner.sync_weights(client)  # warm-up: the group forms
        if learner.broadcast_error:
            raise RuntimeError(f"broadcast sync fell back to disk: {learner.broadcast_error}")
        for _ in range(args.repeats):
            await learner.train_step(
                _batch(args.samples, args.seq_tokens, vocab, learner.policy_version)
            )
            _, seconds, cpu = await _timed(learner.sync_weights, client)
            out["bcast"].append(seconds)
            out["bcast_cpu"].append(cpu)
            out["bcast_parts"].append(dict(learner.last_sync_seconds))
            await _raw_round(raw, out)
    out["load"].append(os.getloadavg()[0])
    return out


async def _raw_round(raw: _RawSaveLoad, out: dict[str, Any]) -> None:
    c0 = _tree_cpu_seconds()
    out["raw"].append(await trio.to_thread.run_sync(raw))
    out["raw_cpu"].append(_tree_cpu_seconds() - c0)


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Measure and return one row per case (see the module docstring)."""
    from engine.inference import TinyModelSpec, build_tiny_model, ensure_tiny_model

    with tempfile.TemporaryDirectory() as tmp:
        if args.model_path:
            model_path = Path(args.model_path)
        elif args.hidden:
            spec = TinyModelSpec(
                hidden_size=args.hidden, layers=args.layers, intermediate_size=4 * args.hidden
            )
            model_path = build_tiny_model(Path(tmp) / "model", spec)
        else:
            model_path = ensure_tiny_model()
        measured = trio.run(_measure, args, model_path, Path(tmp) / "run")
    raw_med = statistics.median(measured["raw"])
    sync_med = statistics.median(measured["sync"])
    bcast_med = statistics.median(measured["bcast"])
    step_med = statistics.median(measured["step"])
    tokens = args.samples * args.seq_tokens
    load = measured["load"]
    common = {
        "parameters": measured["params"],
        "world size": args.world_size,
        "load 1-min": f"{min(load):.1f}-{max(load):.1f}",
    }

    def cpu(key: str) -> float:
        return round(statistics.fmean(measured[key]), 4)

    return [
        {
            "case": f"train step ({args.samples} x {args.seq_tokens} tokens)",
            **common,
            "seconds": round(step_med, 4),
            "rank seconds": round(statistics.median(measured["rank_step"]), 4),
            "tokens/s": round(tokens / step_med, 1),
            "vs. raw save+load": "",
        },
        {
            "case": "raw save+load",
            **common,
            "seconds": round(raw_med, 4),
            "CPU seconds": cpu("raw_cpu"),
            "MB": round(measured["bytes"] / 1e6, 2),
            "vs. raw save+load": 1.0,
            "CPU vs. raw": 1.0,
        },
        {
            "case": "weight sync (gather+write+server reload)",
            **common,
            "seconds": round(sync_med, 4),
            "CPU seconds": cpu("sync_cpu"),
            "MB": round(measured["bytes"] / 1e6, 2),
            "vs. raw save+load": round(sync_med / raw_med, 2),
            "CPU vs. raw": round(cpu("sync_cpu") / max(cpu("raw_cpu"), 1e-9), 2),
            **{
                f"{part} seconds": round(statistics.median(p[part] for p in measured["parts"]), 4)
                for part in ("gather", "write", "ranks_roundtrip", "server_reload", "verify")
            },
        },
        {
            "case": "weight sync by broadcast (flattened buckets over gloo)",
            **common,
            "seconds": round(bcast_med, 4),
            "CPU seconds": cpu("bcast_cpu"),
            "MB": round(measured["bytes"] / 1e6, 2),
            "vs. raw save+load": round(bcast_med / raw_med, 2),
            "CPU vs. raw": round(cpu("bcast_cpu") / max(cpu("raw_cpu"), 1e-9), 2),
            **{
                f"{part} seconds": round(
                    statistics.median(p[part] for p in measured["bcast_parts"]), 4
                )
                for part in ("gather", "broadcast", "ranks_roundtrip")
            },
        },
    ]
