"""One learner rank (run as ``python -m engine.learner._rank``) with torchrun's environment.

Environment: ``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK``, ``GROUP_RANK`` (the node), and, for
``env://``, ``MASTER_ADDR``/``MASTER_PORT`` (torchrun sets them all; the engine's local spawner
sets the same). Every rank connects to the engine's control address (``--control HOST:PORT``
or ``SPADE_LEARNER_CONTROL``), says ``Join`` and gets ``Start`` (the ``WorkerSpec``: what to
load, how to meet the others). Rank 0's connection then carries the requests: it reads one at
a time, forwards it to the other ranks with ``broadcast_object_list`` and answers; when no
request comes for a quarter of ``collective_timeout_s`` it broadcasts a ping, so that every
collective, idle waits included, has a deadline. The other ranks' connections stay open and
silent: the engine sees a rank or its node go when its connection closes. Every rank then runs the same collectives: FSDP2
(``fully_shard`` per decoder layer, then the root) over ``init_device_mesh``; gloo on CPU,
NCCL on GPU. Any exception ends the process with a traceback in its log; the trio side turns
that into ``WorkerDied``.
"""

from __future__ import annotations

import datetime
import json
import logging
import math
import os
import random
import select
import shutil
import signal
import socket
import sys
import threading
import time
import typing
import zlib
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
import numpy as np
import torch
import torch.distributed as dist
from torch.distributed import distributed_c10d as c10d

from engine.learner import _protocol as P
from engine.learner._batch import (
    Prepared,
    Rows,
    collate,
    dummy_row,
    prepare_batch,
    sft_token_weights,
)
from engine.learner._protocol import WorkerSpec
from engine.learner.losses import policy_loss, scoring_temperature, sft_loss, token_logprobs
from engine.messages import Role, TrainingSample

log = logging.getLogger("engine.learner")

WEIGHTS_FILE = "model.safetensors"
_COPY_FROM_MODEL = (
    "config.json",
    "generation_config.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "vocab.json",
    "merges.txt",
    "chat_template.jinja",
)


def file_checksum(path: str | os.PathLike[str]) -> str:
    """The weight-sync checksum of a file: zlib CRC-32 of its bytes as 8 hex digits.

    An integrity check against torn or swapped files, not a security one; CRC-32 runs at about
    0.15 ms/MB here against sha256's 0.5 ms/MB, which matters at tens of GB.
    """
    crc = 0
    with open(path, "rb") as f:
        while chunk := f.read(8 << 20):
            crc = zlib.crc32(chunk, crc)
    return f"{crc:08x}"


class Pieces(NamedTuple):
    """One tensor of a gathered state dict: dtype, shape, and 1-D contiguous pieces whose
    concatenation is the tensor in row-major order (one piece per rank's dim-0 shard)."""

    dtype: torch.dtype
    shape: tuple[int, ...]
    parts: list[torch.Tensor]


_ST_DTYPES = {
    torch.float32: "F32",
    torch.float16: "F16",
    torch.bfloat16: "BF16",
    torch.float64: "F64",
    torch.int64: "I64",
    torch.int32: "I32",
    torch.int16: "I16",
    torch.int8: "I8",
    torch.uint8: "U8",
    torch.bool: "BOOL",
}


def write_safetensors(
    path: str | os.PathLike[str], tensors: dict[str, Pieces], metadata: dict[str, str]
) -> str:
    """Write a safetensors file straight from gathered pieces; return its ``file_checksum``.

    Format (https://huggingface.co/docs/safetensors, "Format"): 8-byte little-endian header
    length, a JSON header (``dtype``, ``shape``, ``data_offsets`` per tensor, ``__metadata__``)
    padded with spaces to a multiple of 8 bytes, then the tensors' bytes back to back. Writing
    the pieces directly skips the full-tensor concatenation and the serialised copy that
    ``safetensors.torch.save_file`` would make; the CRC is computed on the same buffers.
    """
    header: dict[str, Any] = {"__metadata__": metadata}
    offset = 0
    order = sorted(tensors)
    for name in order:
        t = tensors[name]
        nbytes = sum(p.numel() for p in t.parts) * t.parts[0].element_size() if t.parts else 0
        header[name] = {
            "dtype": _ST_DTYPES[t.dtype],
            "shape": list(t.shape),
            "data_offsets": [offset, offset + nbytes],
        }
        offset += nbytes
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)
    crc = 0
    with open(path, "wb") as f:
        for chunk in (len(raw).to_bytes(8, "little"), raw):
            f.write(chunk)
            crc = zlib.crc32(chunk, crc)
        for name in order:
            for part in tensors[name].parts:
                if part.numel() == 0:
                    continue
                view = memoryview(part.contiguous().view(torch.uint8).numpy())  # type: ignore[arg-type]
                f.write(view)
                crc = zlib.crc32(view, crc)
    return f"{crc:08x}"


def _non_finite(tensors: dict[str, Pieces]) -> list[str]:
    """Names of the floating tensors that hold a NaN or an infinity (a streaming sum per
    piece first: ``engine.inference._weight_group.non_finite``)."""
    from engine.inference._weight_group import non_finite

    return [
        name for name, t in tensors.items() if t.dtype.is_floating_point and non_finite(t.parts)
    ]


def _decoder_layers(model: torch.nn.Module) -> list[torch.nn.Module]:
    """The transformer blocks: ``model.model.layers`` for HF decoder LMs, else the longest
    ``ModuleList`` found."""
    inner = getattr(model, "model", None)
    layers = getattr(inner, "layers", None)
    if isinstance(layers, torch.nn.ModuleList):
        return list(layers)
    lists: list[torch.nn.ModuleList] = [
        m for m in model.modules() if isinstance(m, torch.nn.ModuleList)
    ]
    sizes = [len(ml) for ml in lists]
    return list(lists[sizes.index(max(sizes))]) if lists else []


class Worker:
    """The model, optimizer and step counter of one rank, and the request handlers."""

    def __init__(self, spec: WorkerSpec) -> None:
        from torch.distributed.device_mesh import init_device_mesh
        from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
        from transformers import AutoConfig, AutoModelForCausalLM

        self.config = cfg = spec.config
        self.spec = spec
        self.rank = dist.get_rank()
        self.world = dist.get_world_size()
        self.run_dir = Path(spec.run_dir)
        if torch.cuda.is_available() and dist.get_backend() == "nccl":
            local = int(os.environ.get("LOCAL_RANK", "0"))
            torch.cuda.set_device(local)
            self.device = torch.device("cuda", local)
        else:
            self.device = torch.device("cpu")
        self.mesh = init_device_mesh(self.device.type, (self.world,))
        self.hf_config = AutoConfig.from_pretrained(spec.model_path)
        self.tied = bool(getattr(self.hf_config, "tie_word_embeddings", False))
        self.pad_id = int(getattr(self.hf_config, "pad_token_id", None) or 0)

        mp = None
        if cfg.dtype == "bfloat16":
            mp = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)

        def build() -> torch.nn.Module:
            m = AutoModelForCausalLM.from_pretrained(spec.model_path, dtype=torch.float32)
            m = m.to(self.device)  # type: ignore[arg-type]
            kw: dict[str, Any] = {"mesh": self.mesh}
            if mp is not None:
                kw["mp_policy"] = mp
            for layer in _decoder_layers(m):
                fully_shard(layer, **kw)
            fully_shard(m, **kw)
            return m

        self.model = build()
        self.model.train()
        self.parameters = sum(p.numel() for p in self.model.parameters())
        self.ref: torch.nn.Module | None = None
        if cfg.kl_coef > 0:
            self.ref = build()
            self.ref.eval()
            self.ref.requires_grad_(False)
        self.optimizer = torch.optim.AdamW(
            self.model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay
        )
        self.step = 0
        self.written_version = -1
        self.written: P.WeightsWritten | None = None
        self.weight_group: Any = None
        self.buckets: list[int] = []
        """Tensors per flattened bucket of the broadcast sync (``init_weights_group``)."""
        self.sync_buffers: dict[tuple[str, int], torch.Tensor] = {}
        self.rng = random.Random(cfg.seed + self.rank)
        torch.manual_seed(cfg.seed + self.rank)
        self.resumed_from = self._resume()

    # ----------------------------------------------------------------- forward pieces

    def _logprobs(self, model: torch.nn.Module, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        """Token logprobs ``(B, T)`` at each row's sampling temperature (SFT rows at 1)."""
        out = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])
        return token_logprobs(out.logits, batch["input_ids"], batch["temperature"])

    def _micro_batches(self, rows: list[Rows]) -> list[list[Rows]]:
        """This rank's share of ``rows`` in micro-batches, padded with dummy micro-batches to
        the count of the busiest rank (every rank must run the same number of forwards)."""
        mbs = self.config.micro_batch_size
        busiest = max(len(rows[r :: self.world]) for r in range(self.world))
        count = max(1, math.ceil(busiest / mbs))
        mine = rows[self.rank :: self.world]
        chunks = [mine[i * mbs : (i + 1) * mbs] for i in range(count)]
        return [c if c else [dummy_row()] for c in chunks]

    # ----------------------------------------------------------------- requests

    def train(self, samples: list[TrainingSample], force_sft: bool = False) -> P.StepReport:
        t0 = time.perf_counter()
        if force_sft:
            samples = [msgspec.structs.replace(s, sft=True) for s in samples]
        # a policy-gradient batch with SFT rows in it: they are replay (learner.replay_*)
        replay = self.config.replay_per_step > 0 and not force_sft
        prep = prepare_batch(samples, self.step, self.config, replay=replay)
        if prep.skipped:
            return self._report(prep, t0, skipped=prep.skipped, loss=0.0)
        groups = self._split(prep.rows)
        old: list[list[torch.Tensor]] | None = None
        if len(groups) > 1:
            # Old logprobs for every minibatch under the weights at the start of the batch.
            with torch.no_grad():
                old = [
                    [
                        self._logprobs(self.model, collate(mb, self.device, self.pad_id))
                        for mb in self._micro_batches(g)
                    ]
                    for g in groups
                ]
        roles = typing.get_args(Role)
        n_stats = 8 + 2 * len(roles)  # + per role: SFT NLL sum, SFT tokens
        stats = np.zeros(n_stats, dtype=np.float64)
        # Mean truncated importance weight per "<role>/<staleness>": every rank knows the keys
        # (prep is the same everywhere), so one all_reduce of [sums..., tokens...] suffices.
        tis_keys = sorted({f"{r.role}/{r.staleness}" for r in prep.rows if not r.sft})
        tis_index = {k: i for i, k in enumerate(tis_keys)}
        tis = torch.zeros(2 * len(tis_keys), dtype=torch.float64)
        grad_norm = 0.0
        for gi, rows in enumerate(groups):
            tokens = sum(r.tokens for r in rows)
            role_w = sft_token_weights(
                rows,
                per_role=self.config.sft_role_mean,
                replay_coef=self.config.replay_coef if replay else None,
            )
            # The policy-gradient token mean's denominator: every masked token of the step, or
            # with replay its policy-gradient tokens only (the replay term has its own weight).
            pg_norm = (sum(r.tokens for r in rows if not r.sft) if replay else tokens) or 1
            # objective x tokens, all tokens, policy-gradient tokens, ratio, clipped, kl,
            # rollout ratio/kl, then per role: SFT NLL sum, SFT tokens
            sums = torch.zeros(n_stats, dtype=torch.float64, device=self.device)
            for mi, mb in enumerate(self._micro_batches(rows)):
                batch = collate(mb, self.device, self.pad_id)
                logp = self._logprobs(self.model, batch)
                old_lp = old[gi][mi] if old is not None else logp.detach()
                ref_lp = None
                if self.ref is not None:
                    with torch.no_grad():
                        ref_lp = self._logprobs(self.ref, batch)
                sft_rows = batch["sft"].unsqueeze(-1)
                pg_mask = batch["loss_mask"] & ~sft_rows
                terms = policy_loss(
                    logp,
                    old_lp,
                    batch["rollout_logprobs"],
                    batch["advantages"],
                    pg_mask,
                    clip_eps=self.config.clip_eps,
                    tis_cap=self.config.tis_cap,
                    ref_logp=ref_lp,
                    kl_coef=self.config.kl_coef,
                )
                row_tokens = pg_mask.sum(-1).tolist()
                row_tis = terms.tis_row_sums.tolist()
                for j, r in enumerate(mb):
                    key = tis_index.get(f"{r.role}/{r.staleness}")
                    if key is not None and not r.sft:
                        tis[key] += row_tis[j]
                        tis[len(tis_keys) + key] += row_tokens[j]
                sft_mask = batch["loss_mask"] & sft_rows
                w = torch.tensor(
                    [role_w.get(r.role, 0.0) if r.sft else 0.0 for r in mb],
                    dtype=logp.dtype,
                    device=self.device,
                )
                nll, sft_tokens = sft_loss(logp, sft_mask, w)
                # The step's objective: the policy-gradient token mean over the whole batch
                # (DAPO eq. (12)) plus the SFT part, already weighted per token (per-role
                # means, sft_token_weights). FSDP2 averages gradients over ranks: scale by
                # the world size.
                loss = terms.loss_sum / pg_norm + nll
                (loss * self.world).backward()
                with torch.no_grad():
                    row_nll = -torch.where(sft_mask, logp, torch.zeros_like(logp)).sum(-1)
                    row_tok = sft_mask.sum(-1)
                    per_role = []
                    for role in roles:
                        sel = torch.tensor(
                            [r.role == role for r in mb], dtype=torch.bool, device=self.device
                        )
                        per_role += [float(row_nll[sel].sum()), float(row_tok[sel].sum())]
                sums += torch.tensor(
                    [
                        float(loss.detach()) * tokens,
                        terms.tokens + sft_tokens,
                        terms.tokens,
                        terms.ratio_sum,
                        terms.clipped,
                        terms.kl_sum,
                        terms.rollout_ratio_sum,
                        terms.rollout_kl_sum,
                        *per_role,
                    ],
                    dtype=torch.float64,
                    device=self.device,
                )
            dist.all_reduce(sums)
            norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.grad_clip)
            if hasattr(norm, "full_tensor"):
                norm = norm.full_tensor()
            grad_norm = float(norm)
            if not (math.isfinite(float(sums[0])) and math.isfinite(grad_norm)):
                self.optimizer.zero_grad(set_to_none=True)
                path = self._write_bad_batch(samples)
                return self._report(
                    prep,
                    t0,
                    skipped="nan_loss",
                    loss=float("nan"),
                    grad_norm=grad_norm,
                    bad_groups=sorted({r.group_id for r in prep.rows}),
                    bad_batch_path=path,
                )
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            self.step += 1
            stats += sums.cpu().numpy()
        all_tokens, pg_tokens = max(stats[1], 1.0), max(stats[2], 1.0)
        mean = [float(stats[0] / all_tokens)] + [float(x / pg_tokens) for x in stats[1:8]]
        role_tokens = {
            role: int(stats[9 + 2 * i]) for i, role in enumerate(roles) if stats[9 + 2 * i] > 0
        }
        role_loss = {
            role: float(stats[8 + 2 * i] / role_tokens[role])
            for i, role in enumerate(roles)
            if role in role_tokens
        }
        if tis_keys:
            tis_all = tis.to(self.device)
            dist.all_reduce(tis_all)
            tis = tis_all.cpu()
        return self._report(
            prep,
            t0,
            skipped="",
            loss=mean[0],
            grad_norm=grad_norm,
            ratio_mean=mean[3],
            clip_fraction=mean[4],
            kl=mean[5],
            rollout_ratio_mean=mean[6],
            rollout_kl=mean[7],
            tis_weight_sum={k: float(tis[i]) for k, i in tis_index.items()},
            tis_tokens={k: int(tis[len(tis_keys) + i]) for k, i in tis_index.items()},
            role_loss=role_loss,
            role_tokens=role_tokens,
        )

    def _split(self, rows: list[Rows]) -> list[list[Rows]]:
        k = min(self.config.minibatches, len(rows))
        if k <= 1:
            return [rows]
        order = list(range(len(rows)))
        random.Random(self.config.seed + self.step).shuffle(order)  # same on every rank
        return [[rows[i] for i in order[j::k]] for j in range(k)]

    def _report(
        self, prep: Prepared, t0: float, *, skipped: str, loss: float, **extra: Any
    ) -> P.StepReport:
        return P.StepReport(
            loss=float(loss),
            samples_used=0 if skipped else len(prep.rows),
            dropped_stale=prep.dropped_stale,
            skipped=skipped,
            policy_version=self.step,
            seconds=time.perf_counter() - t0,
            step=self.step,
            tokens=0 if skipped else prep.tokens,
            **extra,
        )

    def _write_bad_batch(self, samples: list[TrainingSample]) -> str:
        if self.rank != 0:
            return ""
        d = self.run_dir / "learner" / "bad_batches"
        d.mkdir(parents=True, exist_ok=True)
        path = d / f"step_{self.step:08d}_{int(time.time())}.msgpack"
        path.write_bytes(msgspec.msgpack.encode(samples))
        return str(path)

    def _write_progress(self, step: int, steps: int, loss: float, seconds: float) -> None:
        """Rank 0: write ``learner/progress.json`` (SFT step, total steps, last loss, seconds
        since the request began), atomically, so the trio side can show a long warm start's
        progress without a round trip on the request socket."""
        if self.rank != 0:
            return
        d = self.run_dir / "learner"
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / ".progress.json.tmp"
        data = {"phase": "sft", "step": step, "steps": steps, "loss": loss, "seconds": seconds}
        tmp.write_text(json.dumps(data))
        os.replace(tmp, d / "progress.json")

    def sft(self, samples: list[TrainingSample], epochs: int) -> P.StepReport:
        t0 = time.perf_counter()
        order = list(range(len(samples)))
        shuffler = random.Random(self.config.seed + self.step)  # same on every rank
        last: P.StepReport | None = None
        used = 0
        losses: list[float] = []
        reports: list[P.StepReport] = []
        # Warm start at its own learning rate (linear warm-up over the first steps), then back
        # to the RL rate; the AdamW moments carry over.
        rl_lr = [g["lr"] for g in self.optimizer.param_groups]
        sft_lr = self.config.sft_lr or self.config.lr
        warmup = max(1, self.config.sft_warmup_steps)
        n_step = 0
        total = epochs * math.ceil(len(samples) / self.config.batch_size)
        try:
            for _ in range(epochs):
                shuffler.shuffle(order)
                for i in range(0, len(order), self.config.batch_size):
                    batch = [samples[j] for j in order[i : i + self.config.batch_size]]
                    n_step += 1
                    for g in self.optimizer.param_groups:
                        g["lr"] = sft_lr * min(1.0, n_step / warmup)
                    last = self.train(batch, force_sft=True)
                    if last.skipped == "nan_loss":
                        return last
                    if not last.skipped:
                        used += last.samples_used
                        losses.append(last.loss)
                        reports.append(last)
                    self._write_progress(n_step, total, last.loss, time.perf_counter() - t0)
        finally:
            for g, lr in zip(self.optimizer.param_groups, rl_lr, strict=True):
                g["lr"] = lr
        if last is None:
            return P.StepReport(
                loss=0.0,
                samples_used=0,
                dropped_stale=0,
                skipped="empty",
                policy_version=self.step,
                seconds=0.0,
                step=self.step,
            )
        per_epoch = max(1, len(losses) // max(epochs, 1))
        nll: dict[str, float] = {}
        role_tokens: dict[str, int] = {}
        for rep in reports[-per_epoch:]:
            for role, n in rep.role_tokens.items():
                nll[role] = nll.get(role, 0.0) + rep.role_loss[role] * n
                role_tokens[role] = role_tokens.get(role, 0) + n
        return msgspec.structs.replace(
            last,
            role_loss={role: nll[role] / n for role, n in role_tokens.items()},
            role_tokens=role_tokens,
            samples_used=used,
            seconds=time.perf_counter() - t0,
            loss=float(np.mean(losses[-per_epoch:])) if losses else 0.0,
            skipped="" if losses else last.skipped,
        )

    def logprobs(self, samples: list[TrainingSample]) -> P.LogprobsReply:
        rows = [
            Rows(
                input_ids=list(s.input_ids),
                loss_mask=[0] * len(s.input_ids),
                rollout_logprobs=[0.0] * len(s.input_ids),
                advantage=0.0,
                sft=False,
                group_id=s.group_id,
                temperature=1.0 if s.sft else scoring_temperature(s.temperature),
            )
            for s in samples
        ]
        # Every rank computes all rows (forwards must match across ranks); rank 0 answers.
        out: list[list[float]] = []
        with torch.no_grad():
            for i in range(0, max(len(rows), 1), self.config.micro_batch_size):
                chunk = rows[i : i + self.config.micro_batch_size] or [dummy_row()]
                lp = self._logprobs(self.model, collate(chunk, self.device, self.pad_id))
                out.extend(lp[j, : len(r.input_ids)].tolist() for j, r in enumerate(chunk))
        return P.LogprobsReply(logprobs=out[: len(samples)])

    def _gather_full_state(self) -> dict[str, Pieces]:
        """The full (unsharded) state dict on rank 0, on CPU, as row-ordered pieces per tensor
        (concatenated, they are the tensor's bytes); ``{}`` on the other ranks.

        One ``gather`` of every rank's shards flattened into one buffer, instead of one
        collective per parameter (what ``get_model_state_dict(full_state_dict=True,
        cpu_offload=True)`` does, and what this falls back to when a parameter is not a dim-0
        shard of a 1-D mesh or dtypes differ). FSDP2 shards dim 0 like ``torch.chunk``, so
        rank 0 knows every rank's piece sizes without asking. The tied ``lm_head.weight``
        duplicate is left out.
        """
        from torch.distributed.checkpoint.state_dict import (
            StateDictOptions,
            get_model_state_dict,
        )
        from torch.distributed.tensor import DTensor, Shard

        state = self.model.state_dict()
        if self.tied:
            state.pop("lm_head.weight", None)
        sharded = {k: v for k, v in state.items() if isinstance(v, DTensor)}
        dtypes = {v.dtype for v in sharded.values()}
        flat_ok = (
            len(dtypes) == 1
            and self.mesh.ndim == 1
            and all(tuple(v.placements) == (Shard(0),) for v in sharded.values())
        )
        if not flat_ok:
            gathered_sd = get_model_state_dict(
                self.model, options=StateDictOptions(full_state_dict=True, cpu_offload=True)
            )
            if self.tied:
                gathered_sd.pop("lm_head.weight", None)
            return {
                k: Pieces(v.dtype, tuple(v.shape), [v.contiguous().reshape(-1)])
                for k, v in gathered_sd.items()
                if isinstance(v, torch.Tensor)
            }
        (dtype,) = dtypes

        def rows(shape: torch.Size) -> list[int]:
            sizes = [len(c) for c in torch.arange(shape[0]).chunk(self.world)]
            return sizes + [0] * (self.world - len(sizes))

        pieces = {k: rows(v.shape) for k, v in sharded.items()}
        inner = {k: math.prod(v.shape[1:]) for k, v in sharded.items()}
        lengths = [sum(pieces[k][r] * inner[k] for k in sharded) for r in range(self.world)]
        width = max(lengths)
        local = [v.to_local().reshape(-1) for v in sharded.values()]
        buf = torch.empty(width, dtype=dtype, device=self.device)
        mine = lengths[self.rank]
        if local:
            torch.cat(local, out=buf[:mine])  # one copy, straight into the send buffer
        buf[mine:].zero_()
        gathered = [torch.empty_like(buf) for _ in range(self.world)] if self.rank == 0 else None
        dist.gather(buf, gathered, dst=0)
        if gathered is None:
            return {}
        flat = [g.cpu() for g in gathered]
        offsets = [0] * self.world
        full: dict[str, Pieces] = {}
        for key, value in state.items():
            if key not in sharded:
                t = value.detach().cpu().contiguous()
                full[key] = Pieces(t.dtype, tuple(t.shape), [t.reshape(-1)])
                continue
            parts = []
            for r in range(self.world):
                n = pieces[key][r] * inner[key]
                parts.append(flat[r][offsets[r] : offsets[r] + n])
                offsets[r] += n
            full[key] = Pieces(value.dtype, tuple(value.shape), parts)
        return full

    def write_weights(self) -> P.WeightsWritten:
        if self.written is not None and self.written_version == self.step:
            return self.written
        t0 = time.perf_counter()
        full = self._gather_full_state()
        gather = time.perf_counter() - t0
        reply = P.WeightsWritten(
            version=self.step,
            path="",
            checksum="",
            size_bytes=0,
            mtime_ns=0,
            gather_seconds=gather,
            write_seconds=0.0,
        )
        if self.rank == 0:
            t1 = time.perf_counter()
            bad = _non_finite(full)
            if bad:
                # train() skips non-finite steps, so this is a bug or a corrupted checkpoint:
                # stop rather than publish weights every server would serve as garbage.
                raise FloatingPointError(
                    f"refusing to write weights v{self.step}: non-finite values in "
                    f"{', '.join(bad[:5])}{' ...' if len(bad) > 5 else ''}"
                )
            root = self.run_dir / "weights"
            final = root / f"v{self.step}"
            tmp = root / f".v{self.step}.tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
            checksum = write_safetensors(tmp / WEIGHTS_FILE, full, {"format": "pt"})
            del full
            for name in _COPY_FROM_MODEL:
                src = Path(self.spec.model_path) / name
                if src.exists():
                    shutil.copyfile(src, tmp / name)
            (tmp / "checksum.crc32").write_text(f"{checksum}  {WEIGHTS_FILE}\n")
            shutil.rmtree(final, ignore_errors=True)
            os.replace(tmp, final)
            versions = sorted(
                (int(p.name[1:]) for p in root.glob("v*") if p.name[1:].isdigit()), reverse=True
            )
            for v in versions[self.config.keep_weights :]:
                shutil.rmtree(root / f"v{v}", ignore_errors=True)
            st = (final / WEIGHTS_FILE).stat()
            reply = msgspec.structs.replace(
                reply,
                path=str(final),
                checksum=checksum,
                size_bytes=st.st_size,
                mtime_ns=st.st_mtime_ns,
                write_seconds=time.perf_counter() - t1,
            )
        self.written, self.written_version = reply, self.step
        return reply

    # ----------------------------------------------------------------- broadcast sync

    def _manifest(self) -> tuple[list[str], list[torch.Tensor | Any]]:
        state = self.model.state_dict()
        if self.tied:
            state.pop("lm_head.weight", None)
        return list(state), list(state.values())

    def init_weights_group(self, req: P.InitWeightsGroupRequest) -> P.WeightsManifest:
        """Rank 0 joins SGLang's weight-update group (``engine.inference._weight_group``); every
        rank answers the manifest (names, dtypes, full shapes) of what each broadcast sends and
        its buckets (``plan_buckets`` at ``req.bucket_bytes``)."""
        from engine.inference._weight_group import dtype_name, join_group, nbytes, plan_buckets

        names, values = self._manifest()
        dtypes = [dtype_name(v.dtype) for v in values]
        shapes = [list(v.shape) for v in values]
        self.buckets = plan_buckets(
            [nbytes(s, d) for s, d in zip(shapes, dtypes, strict=True)], req.bucket_bytes
        )
        self.sync_buffers = {}
        error = ""
        if self.rank == 0:
            if self.weight_group is not None:
                from engine.inference._weight_group import destroy_group

                destroy_group(self.weight_group)
                self.weight_group = None
            try:
                self.weight_group = join_group(
                    backend=req.backend,
                    master_address=req.master_address,
                    master_port=req.master_port,
                    rank=0,
                    world_size=req.world_size,
                    group_name=req.group_name,
                    timeout_s=req.timeout_s,
                )
            except Exception as exc:  # noqa: BLE001 - the trio side falls back to disk
                error = f"{type(exc).__name__}: {exc}"
                log.warning("weight-update group: %s", error)
        return P.WeightsManifest(
            names=names, dtypes=dtypes, shapes=shapes, buckets=self.buckets, error=error
        )

    def _row_bytes(self, value: torch.Tensor) -> list[int] | None:
        """Bytes of each rank's dim-0 shard of a state-dict entry in a flattened bucket, in
        rank order (FSDP2 shards dim 0 like ``torch.chunk``); ``None`` when the entry is not a
        dim-0 shard over this 1-D mesh (then the bucket is built from ``_gather_full_state``).
        A plain tensor is all on rank 0."""
        from torch.distributed.tensor import DTensor, Shard

        size = value.numel() * value.element_size()
        if not isinstance(value, DTensor):
            return [size] + [0] * (self.world - 1)
        if self.mesh.ndim != 1 or tuple(value.placements) != (Shard(0),) or value.dim() == 0:
            return None
        rows = [len(c) for c in torch.arange(value.shape[0]).chunk(self.world)]
        rows += [0] * (self.world - len(rows))
        per_row = size // max(value.shape[0], 1)
        return [n * per_row for n in rows]

    def _buffer(self, role: str, slot: int, size: int) -> torch.Tensor:
        """A reused ``uint8`` buffer of at least ``size`` bytes for ``role`` (``"bucket"`` on
        rank 0, in two slots so bucket ``b + 1`` is built while bucket ``b`` is on the wire;
        ``"send"`` on the other ranks, ``"recv<r>"`` for rank r's shards on rank 0, in slot 0).
        Allocated and paged in once: a fresh 100 MB allocation costs about 4x its copy here."""
        key = (role, slot)
        buf = self.sync_buffers.get(key)
        if buf is None or buf.numel() < size:
            buf = torch.zeros(size, dtype=torch.uint8, device=self.device)
            self.sync_buffers[key] = buf
        return buf[:size]

    def broadcast_weights(self) -> P.WeightsBroadcast:
        """Broadcast the weights to the weight-update group, one flattened bucket at a time.

        Rank 0 assembles each bucket in a reused buffer: every other rank sends its dim-0
        shards of the bucket as one point-to-point message (one message per rank and bucket:
        per-tensor messages cost ~0.2 ms each here, more than the copy they save on small
        models) while rank 0 copies its own shards in; then the received shards are copied to
        their places and the bucket goes out with one asynchronous broadcast while the next
        bucket is assembled (two bucket buffers in turn). Nothing is allocated after the first
        sync. This is the bucketed streaming of slime's and verl's weight updates, in SGLang's
        ``flattened_bucket`` layout (``engine.inference._weight_group``). State dicts that are
        not dim-0 shards of a 1-D mesh go through ``_gather_full_state`` first. With one rank
        nothing is gathered: the bucket is the local tensors copied side by side.

        Returns:
            Seconds on rank 0: ``gather_seconds`` assembling buckets, ``broadcast_seconds`` the
            rest (waiting for broadcasts that did not overlap assembly).
        """
        t0 = time.perf_counter()
        names, values = self._manifest()
        maybe = [self._row_bytes(v) for v in values]
        rows = [r or [] for r in maybe]
        full: dict[str, Pieces] | None = None
        if any(r is None for r in maybe):
            full = self._gather_full_state()
        if self.rank == 0 and self.weight_group is None:
            raise RuntimeError("broadcast before the weight-update group was joined")
        assemble = 0.0
        size = 0
        pending: list[Any] = [None, None]
        first = 0
        for b, count in enumerate(self.buckets):
            idx = range(first, first + count)
            first += count
            if full is not None:
                if self.rank == 0:
                    t1 = time.perf_counter()
                    nbytes = sum(
                        p.numel() * p.element_size() for i in idx for p in full[names[i]].parts
                    )
                    if (older := pending[b % 2]) is not None:
                        older.wait()
                    buf = self._buffer("bucket", b % 2, nbytes)
                    offset = 0
                    for i in idx:
                        for part in full[names[i]].parts:
                            n = part.numel() * part.element_size()
                            buf[offset : offset + n].copy_(part.reshape(-1).view(torch.uint8))
                            offset += n
                    assemble += time.perf_counter() - t1
                    pending[b % 2] = dist.broadcast(
                        buf, src=0, group=self.weight_group, async_op=True
                    )
                    size += nbytes
                continue
            t1 = time.perf_counter()
            local = []
            for i in idx:
                v = values[i]
                shard = v.to_local() if hasattr(v, "to_local") else v
                local.append(shard.detach().reshape(-1).view(torch.uint8))
            if self.rank != 0:
                # This rank's shards of the bucket, in order, as one message.
                mine = [p for i, p in zip(idx, local, strict=True) if rows[i][self.rank]]
                if mine:
                    out = self._buffer("send", 0, sum(p.numel() for p in mine))
                    torch.cat(mine, out=out)
                    dist.send(out, dst=0)
                continue
            nbytes = sum(sum(rows[i]) for i in idx)
            if (older := pending[b % 2]) is not None:
                older.wait()
            buf = self._buffer("bucket", b % 2, nbytes)
            # Every other rank's message into a staging buffer, own shards copied meanwhile,
            # then each received shard copied to its place.
            works: list[Any] = []
            staging: dict[int, torch.Tensor] = {}
            for r in range(1, self.world):
                n = sum(rows[i][r] for i in idx)
                if n:
                    staging[r] = self._buffer(f"recv{r}", 0, n)
                    works.append(dist.irecv(staging[r], src=r))
            read = dict.fromkeys(staging, 0)
            places: list[tuple[torch.Tensor, int, int, int]] = []
            offset = 0
            for i, piece in zip(idx, local, strict=True):
                for r, n in enumerate(rows[i]):
                    if n and r:
                        places.append((buf[offset : offset + n], r, read[r], n))
                        read[r] += n
                    elif n:
                        buf[offset : offset + n].copy_(piece)
                    offset += n
            for w in works:
                w.wait()
            for place, r, at, n in places:
                place.copy_(staging[r][at : at + n])
            assemble += time.perf_counter() - t1
            pending[b % 2] = dist.broadcast(buf, src=0, group=self.weight_group, async_op=True)
            size += nbytes
        for w in pending:
            if w is not None:
                w.wait()
        total = time.perf_counter() - t0
        return P.WeightsBroadcast(
            version=self.step,
            gather_seconds=assemble,
            broadcast_seconds=total - assemble,
            size_bytes=size,
        )

    # ----------------------------------------------------------------- checkpoints

    def save_checkpoint(self) -> P.CheckpointSaved:
        from torch.distributed import checkpoint as dcp  # type: ignore[attr-defined]
        from torch.distributed.checkpoint.state_dict import get_state_dict

        t0 = time.perf_counter()
        root = self.run_dir / "checkpoints"
        final = root / f"step_{self.step:08d}"
        tmp = root / f".step_{self.step:08d}.tmp"
        if self.rank == 0:
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
        dist.barrier()
        model_sd, optim_sd = get_state_dict(self.model, self.optimizer)
        dcp.save(  # type: ignore[attr-defined]
            {"model": model_sd, "optim": optim_sd}, checkpoint_id=str(tmp)
        )
        torch.save(
            {
                "torch": torch.get_rng_state(),
                "cuda": torch.cuda.get_rng_state() if self.device.type == "cuda" else None,
                "python": self.rng.getstate(),
                "numpy": np.random.get_state(),
            },
            tmp / f"rng_rank{self.rank}.pt",
        )
        dist.barrier()
        if self.rank == 0:
            meta = {
                "step": self.step,
                "policy_version": self.step,
                "world_size": self.world,
                "time": time.time(),
            }
            (tmp / "meta.json").write_text(json.dumps(meta))
            shutil.rmtree(final, ignore_errors=True)
            os.replace(tmp, final)
            done = sorted(p for p in root.glob("step_*") if (p / "meta.json").exists())
            for old in done[: -self.config.keep_checkpoints]:
                shutil.rmtree(old, ignore_errors=True)
        dist.barrier()
        return P.CheckpointSaved(path=str(final), step=self.step, seconds=time.perf_counter() - t0)

    def _resume(self) -> str:
        from torch.distributed import checkpoint as dcp  # type: ignore[attr-defined]
        from torch.distributed.checkpoint.state_dict import get_state_dict, set_state_dict

        root = self.run_dir / "checkpoints"
        done = sorted(p for p in root.glob("step_*") if (p / "meta.json").exists())
        if not done:
            return ""
        latest = done[-1]
        meta = json.loads((latest / "meta.json").read_text())
        model_sd, optim_sd = get_state_dict(self.model, self.optimizer)
        dcp.load(  # type: ignore[attr-defined]
            {"model": model_sd, "optim": optim_sd}, checkpoint_id=str(latest)
        )
        set_state_dict(
            self.model, self.optimizer, model_state_dict=model_sd, optim_state_dict=optim_sd
        )
        self.step = int(meta["policy_version"])
        rng_file = latest / f"rng_rank{self.rank}.pt"
        if meta["world_size"] == self.world and rng_file.exists():
            rng = torch.load(rng_file, weights_only=False)
            torch.set_rng_state(rng["torch"])
            if rng["cuda"] is not None and self.device.type == "cuda":
                torch.cuda.set_rng_state(rng["cuda"])
            self.rng.setstate(rng["python"])
            np.random.set_state(rng["numpy"])
        if self.rank == 0:
            # Weights written after this checkpoint belong to a lost future: drop them, so the
            # next sync's version is the newest on disk again.
            for d in (self.run_dir / "weights").glob("v*"):
                if d.name[1:].isdigit() and int(d.name[1:]) > self.step:
                    shutil.rmtree(d, ignore_errors=True)
                    log.info("removed %s (newer than the checkpoint)", d)
        log.info("resumed from %s at step %d", latest, self.step)
        return str(latest)

    # ----------------------------------------------------------------- dispatch

    def handle(self, req: P.Request) -> P.Reply:
        match req:
            case P.TrainRequest(samples=samples):
                return self.train(samples)
            case P.SftRequest(samples=samples, epochs=epochs):
                return self.sft(samples, epochs)
            case P.LogprobsRequest(samples=samples):
                return self.logprobs(samples)
            case P.SyncRequest():
                return self.write_weights()
            case P.SaveCheckpointRequest():
                return self.save_checkpoint()
            case P.InitWeightsGroupRequest():
                return self.init_weights_group(req)
            case P.BroadcastWeightsRequest():
                return self.broadcast_weights()
            case P.ShutdownRequest():
                return P.Bye()
        raise TypeError(f"unknown request {type(req).__name__}")


def _recv_exact(sock: socket.socket, n: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return bytes(buf)


def _recv_request(sock: socket.socket, idle_s: float | None = None) -> P.Request | None:
    """The next request; ``None`` when none started within ``idle_s`` seconds (a ping)."""
    if idle_s is not None:
        readable, _, _ = select.select([sock], [], [], idle_s)
        if not readable:
            return None
    header = _recv_exact(sock, P.HEADER_SIZE)
    if header is None:
        return P.ShutdownRequest()  # the trio side went away: leave cleanly
    body = _recv_exact(sock, P.body_size(header))
    if body is None:
        return P.ShutdownRequest()
    return P.decode_request(body)


def _watch_parent(parent_pid: int) -> None:
    """Exit at once when the process that spawned this rank is gone (reparented)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent_pid:
            log.warning("parent %d exited; leaving", parent_pid)
            os._exit(1)


def _connect(control: str, deadline_s: float) -> socket.socket:
    """Connect to the engine at ``HOST:PORT``, retrying until ``deadline_s`` (the engine may
    start after a node's torchrun)."""
    host, _, port = control.rpartition(":")
    give_up = time.monotonic() + deadline_s
    while True:
        try:
            sock = socket.create_connection((host.strip("[]"), int(port)), timeout=10.0)
            break
        except OSError as exc:
            if time.monotonic() > give_up:
                raise ConnectionError(f"engine control {control}: {exc}") from None
            time.sleep(1.0)
    sock.settimeout(None)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return sock


def main(argv: list[str] | None = None) -> None:
    """Entry point of one rank (see the module docstring for the environment).

    Args:
        argv: ``[--control HOST:PORT] [--connect-timeout S]`` (``sys.argv[1:]`` by default).
    """
    import argparse

    parser = argparse.ArgumentParser(prog="python -m engine.learner._rank")
    parser.add_argument("--control", default=os.environ.get("SPADE_LEARNER_CONTROL", ""))
    parser.add_argument("--connect-timeout", type=float, default=600.0)
    args = parser.parse_args(argv)
    if not args.control:
        parser.error("--control HOST:PORT (or SPADE_LEARNER_CONTROL) is required")
    rank = int(os.environ["RANK"])
    # The engine starts its ranks in their own session (so a group's Ctrl-C or SIGTERM misses
    # them); a rank started otherwise (a user's torchrun) may still get a terminal's Ctrl-C. The
    # parent owns the stop: it drains (last batch, sync, checkpoint) and then asks the ranks to
    # leave, so a rank must not die of the same keystroke in the middle of a collective.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A killed engine (kill -9) or torchrun agent must not leave ranks training on, writing
    # weights and checkpoints into the run directory the next --resume uses.
    # The engine names itself (SPADE_LEARNER_PARENT_PID, local ranks): a rank reparented while
    # it imported torch, its engine already gone (a SIGTERM during start-up), leaves at once
    # instead of retrying the dead control port for --connect-timeout seconds.
    named = os.environ.get("SPADE_LEARNER_PARENT_PID", "")
    parent = int(named) if named.isdigit() else os.getppid()
    if os.getppid() != parent:
        sys.stderr.write(f"rank {rank}: the engine (pid {parent}) exited before this rank began\n")
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format=f"%(asctime)s rank{rank} %(levelname)s %(message)s",
    )
    sock = _connect(args.control, args.connect_timeout)
    sock.sendall(
        P.frame(
            P.Join(
                rank=rank,
                world_size=int(os.environ["WORLD_SIZE"]),
                local_rank=int(os.environ.get("LOCAL_RANK", "0")),
                node_rank=int(os.environ.get("GROUP_RANK", "0")),
                host=socket.gethostname(),
                pid=os.getpid(),
            )
        )
    )
    start = _recv_request(sock)
    if not isinstance(start, P.Start):
        log.warning("the engine went away before Start (%s); leaving", type(start).__name__)
        return
    spec = start.spec
    if spec.log_to_file:
        handler = logging.FileHandler(Path(spec.run_dir) / "logs" / f"learner.rank{rank}.log")
        handler.setFormatter(logging.getLogger().handlers[0].formatter)
        logging.getLogger().addHandler(handler)
    try:
        _serve(spec, sock, rank)
    except BaseException:
        log.exception("rank %d failed", rank)
        raise
    finally:
        sock.close()


def _serve(spec: WorkerSpec, sock: socket.socket, rank: int) -> None:
    """Join the process group, load the model, answer requests until ``ShutdownRequest``."""
    cfg = spec.config
    backend = cfg.backend
    if backend == "auto":
        backend = "nccl" if torch.cuda.is_available() else "gloo"
    if backend == "gloo":
        torch.set_num_threads(cfg.cpu_threads_per_rank)
    dist.init_process_group(
        backend,
        init_method=spec.init_method,
        rank=rank,
        world_size=int(os.environ["WORLD_SIZE"]),
        # Loading and sharding (and resuming) may take a rank longer than one collective may
        # wait: the start-up deadline until every rank is ready, then the collective one.
        timeout=datetime.timedelta(seconds=max(cfg.start_timeout_s, cfg.collective_timeout_s)),
    )
    log.info("process group up: backend %s, world %d", backend, dist.get_world_size())
    worker = Worker(spec)
    dist.barrier()
    c10d._set_pg_timeout(datetime.timedelta(seconds=cfg.collective_timeout_s))
    log.info("model ready: %d parameters step %d", worker.parameters, worker.step)
    if rank == 0:
        sock.sendall(
            P.frame(
                P.Hello(
                    policy_version=worker.step,
                    step=worker.step,
                    world_size=worker.world,
                    resumed_from=worker.resumed_from,
                    device=str(worker.device),
                    parameters=worker.parameters,  # DTensor.numel() is the global size
                )
            )
        )
    idle_s = cfg.collective_timeout_s / 4
    while True:
        box: list[Any] = [_recv_request(sock, idle_s) if rank == 0 else None]
        dist.broadcast_object_list(box, src=0)
        req = box[0]
        if req is None:  # a ping: keeps the other ranks' wait under the collective deadline
            continue
        log.info("request %s", type(req).__name__)
        reply = worker.handle(req)
        if rank == 0:
            sock.sendall(P.frame(reply))
        if isinstance(req, P.ShutdownRequest):
            break
    dist.barrier()
    dist.destroy_process_group()
    log.info("bye")
