"""``python -m engine.serve``: a CPU policy server speaking a subset of SGLang's native HTTP API.

It is the CPU default's policy server and the test double of ``PolicyClient``: the request and
response fields are SGLang 0.5.23's (``sglang/srt/entrypoints/http_server.py`` and
``sglang/srt/managers/io_struct.py``), so the client cannot tell the two apart.

Endpoints: ``GET /health``, ``/health_generate``, ``/model_info`` (and the deprecated
``/get_model_info``), ``/server_info``; ``POST /generate``, ``/update_weights_from_disk``,
``/update_weight_version``, ``/flush_cache``, ``/abort_request``, ``/pause_generation``,
``/continue_generation``, ``/release_memory_occupation``, ``/resume_memory_occupation``,
``/init_weights_update_group``, ``/update_weights_from_distributed`` and
``/destroy_weights_update_group`` (SGLang's broadcast weight sync, over gloo here:
``engine.inference._weight_group``). ``/update_weights_from_tensor`` answers 400
``{"success": false, "message": ...}``.

HTTP layer: the standard library's ``ThreadingHTTPServer`` (HTTP/1.1 keep-alive, one thread
per connection). The server is its own process and its work is one model on one core, so an
async framework buys nothing here and the stdlib adds no dependency; handler threads only parse,
validate (typed msgspec structs) and wait. One worker thread owns the model: it takes the first
waiting ``/generate`` request, gathers the burst that follows it (requests arriving less than
``--batch-wait-s`` apart, up to ``--max-batch-size``) and decodes them as one left-padded batch
with a KV cache; requests that arrive later join the running batch between decode steps
(continuous batching) and rows leave as they finish. Control commands (weight reload, version
change) run when the running rows have finished, in arrival order, so a weight update waits for
in-flight requests, as SGLang's does unless generation is paused.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import msgspec

log = logging.getLogger("engine.serve")

__all__ = ["GenerateReq", "PolicyServer", "SamplingParams", "main"]

# SGLang sampling_params keys (sglang/srt/sampling/sampling_params.py) this server does not
# implement: sent to it they are a 400 naming the key, not silently ignored.
_UNSUPPORTED_SAMPLING = {
    "stop",
    "stop_regex",
    "min_p",
    "frequency_penalty",
    "presence_penalty",
    "repetition_penalty",
    "min_new_tokens",
    "n",
    "beam_width",
    "json_schema",
    "regex",
    "ebnf",
    "structural_tag",
    "spaces_between_special_tokens",
    "no_stop_trim",
    "stream_interval",
    "logit_bias",
    "custom_params",
    "watermark",
}


class SamplingParams(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The implemented subset of SGLang's ``sampling_params`` (same names and defaults)."""

    max_new_tokens: int | None = 128
    stop_token_ids: list[int] | None = None
    temperature: float | None = 1.0
    top_p: float | None = 1.0
    top_k: int | None = -1
    ignore_eos: bool = False
    skip_special_tokens: bool = True
    sampling_seed: int | None = None


class GenerateReq(msgspec.Struct, kw_only=True):
    """The implemented subset of SGLang's ``GenerateReqInput`` (single or batched)."""

    text: str | list[str] | None = None
    # list[int] or list[list[int]] (msgspec unions take one array type; checked in generate).
    input_ids: list[Any] | None = None
    sampling_params: dict[str, Any] | list[dict[str, Any]] | None = None
    return_logprob: bool | list[bool] | None = None
    logprob_start_len: int | list[int] | None = None
    top_logprobs_num: int | list[int] | None = None
    return_text_in_logprobs: bool = False
    stream: bool = False
    rid: str | list[str] | None = None


class UpdateWeightsFromDiskReq(msgspec.Struct, kw_only=True):
    """SGLang's ``UpdateWeightFromDiskReqInput`` (fields this server reads)."""

    model_path: str
    load_format: str | None = None
    abort_all_requests: bool = False
    weight_version: str | None = None
    flush_cache: bool = True


class InitWeightsUpdateGroupReq(msgspec.Struct, kw_only=True):
    """SGLang's ``InitWeightsUpdateGroupReqInput``."""

    master_address: str
    master_port: int
    rank_offset: int
    world_size: int
    group_name: str = "weight_update_group"
    backend: str = "nccl"


class UpdateWeightsFromDistributedReq(msgspec.Struct, kw_only=True):
    """SGLang's ``UpdateWeightsFromDistributedReqInput`` (fields this server reads)."""

    names: list[str]
    dtypes: list[str]
    shapes: list[list[int]]
    group_name: str = "weight_update_group"
    flush_cache: bool = True
    abort_all_requests: bool = False
    weight_version: str | None = None
    load_format: str | None = None


class DestroyWeightsUpdateGroupReq(msgspec.Struct, kw_only=True):
    """SGLang's ``DestroyWeightsUpdateGroupReqInput``."""

    group_name: str = "weight_update_group"


class UpdateWeightVersionReq(msgspec.Struct, kw_only=True):
    """SGLang's ``UpdateWeightVersionReqInput``."""

    new_version: str
    abort_all_requests: bool = True


class AbortReq(msgspec.Struct, kw_only=True):
    """SGLang's ``AbortReq``."""

    rid: str = ""
    abort_all: bool = False


class PauseReq(msgspec.Struct, kw_only=True):
    """SGLang's ``PauseGenerationReqInput``."""

    mode: str = "abort"


class _BadRequest(Exception):
    pass


@dataclass
class _Job:
    """A unit of work for the model thread: one generate row or one control command."""

    request: Any = None  # GenRequest for generate jobs
    command: Callable[[], Any] | None = None
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    error: BaseException | None = None


class PolicyServer:
    """The model thread, its queue and the server state (weight version, pause, aborts).

    Args:
        model_path: HF checkpoint directory.
        max_batch_size: most rows generated together.
        batch_wait_s: arrival gap (seconds) that still joins the forming batch.
        weight_version: initial ``weight_version`` string (SGLang's default is ``"default"``).
        seed: seed of the shared sampling generator.
        dtype: parameter dtype (``float32``, ``bfloat16``, ``auto``).
        device: torch device (``cpu``; ``cuda`` works but SGLang is the GPU path).

    Raises:
        ModelError: the path does not exist or is not a causal LM.
    """

    def __init__(
        self,
        model_path: str,
        *,
        max_batch_size: int = 8,
        batch_wait_s: float = 0.003,
        weight_version: str = "default",
        seed: int = 0,
        dtype: str = "float32",
        device: str = "cpu",
    ) -> None:
        from engine.inference._model import PolicyModel
        from engine.inference.models import load_tokenizer

        self.model = PolicyModel(model_path, seed=seed, dtype=dtype, device=device)
        self.tokenizer = load_tokenizer(model_path, require_chat_template=False)
        self.model_path = self.model.model_path
        self.tokenizer_path = self.model.model_path
        self.max_batch_size = max_batch_size
        self.batch_wait_s = batch_wait_s
        self.weight_version = weight_version
        self.queue: queue.Queue[_Job] = queue.Queue()
        self.aborted: set[str] = set()
        self.running: set[str] = set()
        self.resume = threading.Event()
        self.resume.set()
        self.started_at = time.time()
        self.batch_sizes: dict[int, int] = {}
        self.groups: dict[str, Any] = {}
        """Weight-update process groups by name (``/init_weights_update_group``)."""
        self.groups_lock = threading.Lock()
        self.staged: dict[str, dict[str, Any]] = {}
        self.staged_buffers: dict[str, list[Any]] = {}
        """Flattened buckets received for a group's update in progress (``uint8`` tensors)."""
        self.live_buffers: list[Any] = []
        """Received buckets whose tensors the model's parameters now are."""
        self.spare_buffers: list[Any] = []
        """Buckets no parameter uses any more, reused to receive the next update's."""
        self.thread = threading.Thread(target=self._worker, name="model", daemon=True)
        self.thread.start()

    # ------------------------------------------------------------ model thread

    def _worker(self) -> None:
        """Continuous batching: rows join between decode steps and leave when finished.

        A control command waits until the running rows finish (no new rows are admitted
        meanwhile), then runs alone: a weight update never lands mid-sequence.
        """
        from engine.inference._model import RunningBatch

        batch = RunningBatch(self.model, self.aborted)
        jobs: dict[int, _Job] = {}  # row index -> job, for rows in the batch
        waiting: list[_Job] = []  # generate jobs taken off the queue, not yet in the batch
        pending: list[_Job] = []  # control commands waiting for the batch to drain
        while True:
            if not batch.rows and not waiting:
                for c in pending:
                    self._run_command(c)
                pending.clear()
                job = self.queue.get()
                if job.command is not None:
                    self._run_command(job)
                    continue
                waiting.append(job)
                self._gather_burst(waiting, pending)
            elif not pending:
                while len(batch.rows) + len(waiting) < self.max_batch_size:
                    try:
                        nxt = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    if nxt.command is not None:
                        pending.append(nxt)
                        break
                    waiting.append(nxt)
            try:
                self._deliver(jobs, batch.abort_marked())
                if not self.resume.is_set():
                    waiting += self._while_paused(pending)
                    self._deliver(jobs, batch.abort_marked())
                if waiting and batch.can_join:
                    room = self.max_batch_size - len(batch.rows)
                    new, waiting = waiting[:room], waiting[room:]
                    first = batch._next_index
                    for i, j in enumerate(new):
                        jobs[first + i] = j
                    self._deliver(jobs, batch.add([j.request for j in new]))
                if batch.rows:
                    n = len(batch.rows)
                    self.batch_sizes[n] = self.batch_sizes.get(n, 0) + 1
                    self._deliver(jobs, batch.step())
            except BaseException as exc:  # noqa: BLE001 - reported to every waiting request
                log.exception("generate failed")
                for j in jobs.values():
                    j.error = exc
                    self._release(j)
                jobs.clear()
                batch = RunningBatch(self.model, self.aborted)

    def _while_paused(self, pending: list[_Job]) -> list[_Job]:
        """Block until ``/continue_generation``; control commands run at once meanwhile.

        As in SGLang, a weight update sent while generation is paused does not wait for the
        paused rows. Generate requests that arrive are held and returned (admitted on resume).
        """
        for c in pending:
            self._run_command(c)
        pending.clear()
        held: list[_Job] = []
        while not self.resume.is_set():
            try:
                job = self.queue.get(timeout=0.05)
            except queue.Empty:
                continue
            if job.command is not None:
                self._run_command(job)
            else:
                held.append(job)
        return held

    def _gather_burst(self, batch: list[_Job], commands: list[_Job]) -> None:
        """Take requests arriving less than ``batch_wait_s`` apart (at most 5 gaps in all)."""
        hard_deadline = time.monotonic() + 5 * self.batch_wait_s
        while len(batch) < self.max_batch_size:
            timeout = min(self.batch_wait_s, hard_deadline - time.monotonic())
            try:
                nxt = self.queue.get(timeout=timeout) if timeout > 0 else self.queue.get_nowait()
            except queue.Empty:
                return
            if nxt.command is not None:
                commands.append(nxt)
                return
            batch.append(nxt)

    def _deliver(self, jobs: dict[int, _Job], finished: list[tuple[int, Any]]) -> None:
        for index, result in finished:
            j = jobs.pop(index)
            j.result = result
            self._release(j)

    def _release(self, j: _Job) -> None:
        if j.request.rid:
            self.running.discard(j.request.rid)
            self.aborted.discard(j.request.rid)
        j.done.set()

    def _run_command(self, job: _Job) -> None:
        assert job.command is not None
        try:
            job.result = job.command()
        except BaseException as exc:  # noqa: BLE001 - the handler turns it into a 400
            job.error = exc
        job.done.set()

    def submit(self, job: _Job, timeout_s: float | None = None) -> Any:
        """Queue a job and wait for it; re-raises its error."""
        self.queue.put(job)
        if not job.done.wait(timeout_s):
            raise TimeoutError("model thread did not answer in time")
        if job.error is not None:
            raise job.error
        return job.result

    # ---------------------------------------------------------------- handlers

    def generate(self, body: bytes) -> tuple[int, Any]:
        """``POST /generate``: one prompt or a batch (lists), SGLang's response shape."""
        from engine.inference._model import GenRequest

        try:
            req = msgspec.json.decode(body, type=GenerateReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        if req.stream:
            raise _BadRequest("stream=true is not supported by engine.serve")
        if req.input_ids is None and req.text is None:
            raise _BadRequest("Either text or input_ids should be provided.")
        batched = (
            isinstance(req.input_ids, list)
            and bool(req.input_ids)
            and isinstance(req.input_ids[0], list)
        ) or isinstance(req.text, list)
        if req.input_ids is not None:
            try:
                prompts = msgspec.convert(
                    req.input_ids if batched else [req.input_ids], list[list[int]]
                )
            except msgspec.ValidationError as exc:
                raise _BadRequest(f"input_ids: {exc}") from exc
        else:
            texts = req.text if isinstance(req.text, list) else [req.text]
            prompts = [self.tokenizer.encode(t, add_special_tokens=False) for t in texts]  # type: ignore[union-attr]
        n = len(prompts)
        vocab = int(self.model.model.config.vocab_size)
        for p in prompts:
            if not p:
                raise _BadRequest("input_ids is empty")
            if min(p) < 0 or max(p) >= vocab:
                raise _BadRequest(f"input_ids out of range [0, {vocab})")

        def per_item(value: Any, default: Any) -> list[Any]:
            if isinstance(value, list):
                if len(value) != n:
                    raise _BadRequest(f"expected {n} per-item values, got {len(value)}")
                return value
            return [default if value is None else value] * n

        sps = per_item(req.sampling_params, {})
        logprob_flags = per_item(req.return_logprob, False)
        rids = per_item(req.rid, None)
        gen_reqs = []
        skips: list[bool] = []
        for i in range(n):
            raw = sps[i] or {}
            bad = sorted(set(raw) & _UNSUPPORTED_SAMPLING)
            if bad:
                raise _BadRequest(f"sampling_params {bad} are not supported by engine.serve")
            try:
                sp = msgspec.convert(raw, SamplingParams)
            except msgspec.ValidationError as exc:
                raise _BadRequest(f"sampling_params: {exc}") from exc
            skips.append(sp.skip_special_tokens)
            rid = rids[i] if rids[i] is not None else uuid.uuid4().hex
            if n > 1 and isinstance(req.rid, str):
                rid = f"{req.rid}_{i}"
            gen_reqs.append(
                GenRequest(
                    input_ids=list(prompts[i]),
                    max_new_tokens=128 if sp.max_new_tokens is None else sp.max_new_tokens,
                    temperature=1.0 if sp.temperature is None else sp.temperature,
                    top_p=1.0 if sp.top_p is None else sp.top_p,
                    top_k=-1 if sp.top_k is None else sp.top_k,
                    stop_token_ids=frozenset(sp.stop_token_ids or ()),
                    ignore_eos=sp.ignore_eos,
                    seed=sp.sampling_seed,
                    rid=rid,
                )
            )
            if gen_reqs[-1].max_new_tokens < 0 or not 0 < gen_reqs[-1].top_p <= 1:
                raise _BadRequest("max_new_tokens must be >= 0 and top_p in (0, 1]")
            if gen_reqs[-1].temperature < 0:
                raise _BadRequest("temperature must be >= 0")
        jobs = [_Job(request=g) for g in gen_reqs]
        for g in gen_reqs:
            self.running.add(g.rid)
        for j in jobs:
            self.queue.put(j)
        outs = []
        for j, g, skip, want_lp in zip(jobs, gen_reqs, skips, logprob_flags, strict=True):
            j.done.wait()
            if j.error is not None:
                raise j.error
            r = j.result
            meta: dict[str, Any] = {
                "id": g.rid,
                "finish_reason": r.finish_reason,
                "prompt_tokens": len(g.input_ids),
                "weight_version": self.weight_version,
                "num_retractions": 0,
                "reasoning_tokens": 0,
                "completion_tokens": len(r.output_ids),
                "cached_tokens": 0,
            }
            if want_lp:
                tok_texts: list[str | None] = [None] * len(r.output_ids)
                if req.return_text_in_logprobs:
                    tok_texts = [self.tokenizer.decode([t]) for t in r.output_ids]
                meta["input_token_logprobs"] = []
                meta["output_token_logprobs"] = [
                    [lp, t, s] for lp, t, s in zip(r.logprobs, r.output_ids, tok_texts, strict=True)
                ]
                meta["output_token_logprobs_length"] = len(r.output_ids)
            outs.append(
                {
                    "text": self.tokenizer.decode(r.output_ids, skip_special_tokens=skip),
                    "output_ids": r.output_ids,
                    "meta_info": meta,
                }
            )
        return 200, outs if batched else outs[0]

    def update_weights_from_disk(self, body: bytes) -> tuple[int, Any]:
        """``POST /update_weights_from_disk``: reload safetensors between batches."""
        try:
            req = msgspec.json.decode(body, type=UpdateWeightsFromDiskReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        if req.abort_all_requests:
            self.aborted.update(self.running)

        def load() -> int:
            n = self.model.load_weights(req.model_path)
            self.model_path = req.model_path
            if req.weight_version is not None:
                self.weight_version = req.weight_version
            return n

        try:
            n = self.submit(_Job(command=load))
        except Exception as exc:  # noqa: BLE001 - SGLang answers 400 with success=false
            return 400, {"success": False, "message": str(exc), "num_paused_requests": 0}
        msg = f"Succeeded to update model weights ({n} tensors, version {self.weight_version})."
        return 200, {"success": True, "message": msg, "num_paused_requests": 0}

    def init_weights_update_group(self, body: bytes) -> tuple[int, Any]:
        """``POST /init_weights_update_group``: join the trainer's weight-update group as rank
        ``rank_offset`` (blocks until every member joined; gloo on CPU)."""
        from engine.inference._weight_group import join_group

        try:
            req = msgspec.json.decode(body, type=InitWeightsUpdateGroupReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        backend = "gloo" if self.model.device.type == "cpu" else req.backend
        try:
            pg = join_group(
                backend=backend,
                master_address=req.master_address,
                master_port=req.master_port,
                rank=req.rank_offset,
                world_size=req.world_size,
                group_name=req.group_name,
                timeout_s=600.0,
            )
        except Exception as exc:  # noqa: BLE001 - SGLang answers success=false
            return 400, {"success": False, "message": f"{type(exc).__name__}: {exc}"}
        with self.groups_lock:
            self.groups[req.group_name] = pg
        msg = f"Succeeded to initialize custom process group ({backend})."
        return 200, {"success": True, "message": msg}

    def update_weights_from_distributed(self, body: bytes) -> tuple[int, Any]:
        """``POST /update_weights_from_distributed``: receive ``names`` by broadcast from the
        group's rank 0 (in this handler's thread), then load them between batches; the reply
        names the new ``weight_version``.

        ``load_format="flattened_bucket"`` (SGLang's): the bucket comes as one ``uint8``
        broadcast into a reused buffer, and the model adopts its tensors as its parameters'
        storage (no copy); the buffers that held the previous weights are kept for the next
        update's buckets of the same size, so steady-state syncs allocate nothing.
        """
        from engine.inference._weight_group import FLATTENED_BUCKET, receive, receive_flat

        try:
            req = msgspec.json.decode(body, type=UpdateWeightsFromDistributedReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        with self.groups_lock:
            pg = self.groups.get(req.group_name)
        if pg is None:
            msg = f"no weight update group {req.group_name!r}: call /init_weights_update_group"
            return 400, {"success": False, "message": msg}
        flat = req.load_format == FLATTENED_BUCKET
        if req.load_format not in (None, FLATTENED_BUCKET):
            return 400, {"success": False, "message": f"load_format {req.load_format!r}"}
        try:
            if flat:
                with self.groups_lock:
                    spare = self._take_spare(req.shapes, req.dtypes)
                buffer, tensors = receive_flat(
                    pg, req.shapes, req.dtypes, self.model.device, buffer=spare
                )
            else:
                tensors = receive(pg, req.shapes, req.dtypes, self.model.device)
        except Exception as exc:  # noqa: BLE001 - SGLang answers success=false
            return 400, {"success": False, "message": f"{type(exc).__name__}: {exc}"}
        # Buckets before the one that names the version (or flushes) are staged, so a batch
        # never decodes with half-new weights.
        with self.groups_lock:
            staged = self.staged.setdefault(req.group_name, {})
            staged.update(zip(req.names, tensors, strict=True))
            if flat:
                self.staged_buffers.setdefault(req.group_name, []).append(buffer)
            if req.weight_version is None and not req.flush_cache:
                return 200, {"success": True, "message": f"Staged {len(tensors)} tensors."}
            state = self.staged.pop(req.group_name)
            buffers = self.staged_buffers.pop(req.group_name, [])
        if req.abort_all_requests:
            self.aborted.update(self.running)

        def load() -> int:
            source = f"weights from group {req.group_name!r}"
            n = self.model.load_state(state, source, partial=True, adopt=bool(buffers))
            if req.weight_version is not None:
                self.weight_version = req.weight_version
            self._retire_buffers(buffers)
            return n

        try:
            n = self.submit(_Job(command=load))
        except Exception as exc:  # noqa: BLE001 - SGLang answers 400 with success=false
            with self.groups_lock:
                self.spare_buffers.extend(buffers)
            return 400, {"success": False, "message": str(exc)}
        msg = f"Succeeded to update model weights ({n} tensors, version {self.weight_version})."
        return 200, {"success": True, "message": msg, "weight_version": self.weight_version}

    def _take_spare(self, shapes: list[list[int]], dtypes: list[str]) -> Any:
        """A free receive buffer of exactly a bucket's bytes, or ``None`` (caller holds
        ``groups_lock``)."""
        from engine.inference._weight_group import nbytes

        try:
            size = sum(nbytes(s, d) for s, d in zip(shapes, dtypes, strict=True))
        except ValueError:
            return None
        for i, b in enumerate(self.spare_buffers):
            if b.numel() == size:
                return self.spare_buffers.pop(i)
        return None

    def _retire_buffers(self, adopted: list[Any]) -> None:
        """After a load on the model thread: the buffers that backed the model before and back
        no parameter now become spare; ``adopted`` back the model from now on."""
        in_use = {p.untyped_storage().data_ptr() for p in self.model.model.parameters()}
        with self.groups_lock:
            old = self.live_buffers + adopted
            self.live_buffers = [b for b in old if b.untyped_storage().data_ptr() in in_use]
            freed = [b for b in old if b.untyped_storage().data_ptr() not in in_use]
            # Two generations of buckets at most: the spares of one update, reused by the next.
            self.spare_buffers = (freed + self.spare_buffers)[: max(len(freed), 8)]

    def destroy_weights_update_group(self, body: bytes) -> tuple[int, Any]:
        """``POST /destroy_weights_update_group``."""
        from engine.inference._weight_group import destroy_group

        try:
            req = msgspec.json.decode(body or b"{}", type=DestroyWeightsUpdateGroupReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        with self.groups_lock:
            pg = self.groups.pop(req.group_name, None)
        if pg is None:
            return 400, {"success": False, "message": f"no group {req.group_name!r}"}
        destroy_group(pg)
        return 200, {"success": True, "message": "Succeeded to destroy custom process group."}

    def update_weight_version(self, body: bytes) -> tuple[int, Any]:
        """``POST /update_weight_version``."""
        try:
            req = msgspec.json.decode(body, type=UpdateWeightVersionReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        if req.abort_all_requests:
            self.aborted.update(self.running)

        def set_version() -> None:
            self.weight_version = req.new_version

        self.submit(_Job(command=set_version))
        return 200, {
            "success": True,
            "message": f"Weight version updated to {req.new_version}",
            "new_version": req.new_version,
        }

    def abort_request(self, body: bytes) -> tuple[int, Any]:
        """``POST /abort_request``: stop a running request (or all) at the next step."""
        try:
            req = msgspec.json.decode(body or b"{}", type=AbortReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        if req.abort_all:
            self.aborted.update(self.running)
        elif req.rid:
            self.aborted.add(req.rid)
        return 200, None

    def pause_generation(self, body: bytes) -> tuple[int, Any]:
        """``POST /pause_generation``: ``abort`` aborts in-flight rows; all modes pause."""
        try:
            req = msgspec.json.decode(body or b"{}", type=PauseReq)
        except msgspec.ValidationError as exc:
            raise _BadRequest(str(exc)) from exc
        if req.mode == "abort":
            self.aborted.update(self.running)
        self.resume.clear()
        return 200, {"message": "Generation paused successfully.", "status": "ok"}

    def continue_generation(self, body: bytes) -> tuple[int, Any]:
        """``POST /continue_generation``."""
        self.resume.set()
        return 200, {"message": "Generation continued successfully.", "status": "ok"}

    def model_info(self) -> dict[str, Any]:
        """``GET /model_info``: SGLang's keys plus this server's."""
        info = self.model.info()
        return {
            "model_path": self.model_path,
            "served_model_name": self.model_path,
            "tokenizer_path": self.tokenizer_path,
            "is_generation": True,
            "preferred_sampling_params": None,
            "weight_version": self.weight_version,
            "load_format": "safetensors",
            "model_type": info["model_type"],
            "architectures": info["architectures"],
            "num_parameters": info["num_parameters"],
        }

    def server_info(self) -> dict[str, Any]:
        """``GET /server_info``: the launch settings and live state."""
        return {
            "version": "engine.serve",
            "model_path": self.model_path,
            "max_batch_size": self.max_batch_size,
            "batch_wait_s": self.batch_wait_s,
            "startup_time": self.started_at,
            "internal_states": [
                {
                    "queue_size": self.queue.qsize(),
                    "paused": not self.resume.is_set(),
                    "batch_sizes": {str(k): v for k, v in sorted(self.batch_sizes.items())},
                }
            ],
        }


def _unsupported(name: str) -> Callable[[bytes], tuple[int, Any]]:
    def handler(body: bytes) -> tuple[int, Any]:
        return 400, {"success": False, "message": f"{name} is not supported by engine.serve (CPU)"}

    return handler


def _make_handler(server: PolicyServer) -> type[BaseHTTPRequestHandler]:
    ok: Callable[[bytes], tuple[int, Any]] = lambda body: (200, {"success": True, "message": ""})  # noqa: E731
    post_routes: dict[str, Callable[[bytes], tuple[int, Any]]] = {
        "/generate": server.generate,
        "/update_weights_from_disk": server.update_weights_from_disk,
        "/update_weight_version": server.update_weight_version,
        "/abort_request": server.abort_request,
        "/pause_generation": server.pause_generation,
        "/continue_generation": server.continue_generation,
        "/flush_cache": lambda body: (200, "Cache flushed.\n"),
        "/release_memory_occupation": ok,
        "/resume_memory_occupation": ok,
        "/init_weights_update_group": server.init_weights_update_group,
        "/destroy_weights_update_group": server.destroy_weights_update_group,
        "/update_weights_from_distributed": server.update_weights_from_distributed,
        "/update_weights_from_tensor": _unsupported("update_weights_from_tensor"),
    }

    def health_generate(body: bytes) -> tuple[int, Any]:
        from engine.inference._model import GenRequest

        try:
            server.submit(
                _Job(request=GenRequest(input_ids=[0], max_new_tokens=1, temperature=0.0)),
                timeout_s=20.0,
            )
        except Exception:  # noqa: BLE001 - unhealthy is the answer
            return 503, None
        return 200, None

    get_routes: dict[str, Callable[[bytes], tuple[int, Any]]] = {
        "/health": lambda body: (200 if server.thread.is_alive() else 503, None),
        "/ready": lambda body: (200, None),
        "/health_generate": health_generate,
        "/model_info": lambda body: (200, server.model_info()),
        "/get_model_info": lambda body: (200, server.model_info()),
        "/server_info": lambda body: (200, server.server_info()),
        "/get_server_info": lambda body: (200, server.server_info()),
        "/flush_cache": lambda body: (200, "Cache flushed.\n"),
    }

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "engine.serve"
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
            log.debug("%s " + format, self.address_string(), *args)

        def _reply(self, status: int, payload: Any) -> None:
            if payload is None:
                data, ctype = b"", "text/plain"
            elif isinstance(payload, str):
                data, ctype = payload.encode(), "text/plain"
            else:
                data, ctype = msgspec.json.encode(payload), "application/json"
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            # Headers and body leave in one send: two small writes would meet Nagle's
            # algorithm and the peer's delayed ACK (a 40 ms stall per response).
            self._headers_buffer.append(b"\r\n" + data)  # type: ignore[attr-defined]
            self.flush_headers()

        def _dispatch(self, routes: dict[str, Callable[[bytes], tuple[int, Any]]]) -> None:
            path = self.path.split("?", 1)[0]
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            route = routes.get(path)
            if route is None:
                self._reply(404, {"detail": "Not Found"})
                return
            try:
                status, payload = route(body)
            except _BadRequest as exc:
                status, payload = 400, {"error": {"message": str(exc), "code": 400}}
            except Exception as exc:  # noqa: BLE001 - a server error, not a crash
                log.exception("handler %s failed", path)
                status, payload = 500, {"error": {"message": f"{type(exc).__name__}: {exc}"}}
            self._reply(status, payload)

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            self._dispatch(get_routes)

        def do_POST(self) -> None:  # noqa: N802 - stdlib name
            self._dispatch(
                {**post_routes, **{k: v for k, v in get_routes.items() if k not in post_routes}}
            )

        do_PUT = do_POST  # noqa: N815 - SGLang accepts PUT on /generate

    return Handler


def _watch_parent(parent_pid: int) -> None:
    """Exit when the launching process dies (so a killed engine leaves no server behind)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent_pid:
            log.warning("parent %d exited; shutting down", parent_pid)
            os._exit(0)


def _port(text: str) -> int:
    """A TCP port number for argparse (0-65535)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0-65535)")
    return port


def main(argv: list[str] | None = None) -> int:
    """Run the server until SIGTERM/SIGINT. Exits 2 on a bad model path or a busy port."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.serve", description="CPU policy server (SGLang-compatible subset)"
    )
    parser.add_argument("--model-path", required=True, help="HF checkpoint directory")
    parser.add_argument("--host", default="127.0.0.1", help="bind address")
    parser.add_argument("--port", type=_port, default=30000, help="bind port (0-65535)")
    parser.add_argument("--max-batch-size", type=int, default=8, help="rows generated together")
    parser.add_argument(
        "--batch-wait-s",
        type=float,
        default=0.003,
        help="gap in seconds between arrivals that still joins a batch",
    )
    parser.add_argument("--weight-version", default="default", help="initial weight version")
    parser.add_argument("--seed", type=int, default=0, help="sampling seed")
    parser.add_argument("--dtype", default="float32", help="float32, bfloat16 or auto")
    parser.add_argument("--device", default="cpu", help="torch device")
    parser.add_argument("--threads", type=int, default=1, help="torch intra-op threads")
    parser.add_argument("--parent-pid", type=int, default=0, help="exit when this pid exits")
    parser.add_argument("--log-level", default="info", help="logging level")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    from engine.errors import ModelError

    # Bind first: a busy port fails in milliseconds, before the model loads.
    try:
        httpd = ThreadingHTTPServer((args.host, args.port), BaseHTTPRequestHandler)
    except OSError as exc:
        print(f"engine.serve: cannot bind {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    httpd.daemon_threads = True
    import torch
    import transformers

    torch.set_num_threads(max(1, args.threads))
    transformers.utils.logging.disable_progress_bar()
    transformers.utils.logging.set_verbosity_error()
    try:
        server = PolicyServer(
            args.model_path,
            max_batch_size=args.max_batch_size,
            batch_wait_s=args.batch_wait_s,
            weight_version=args.weight_version,
            seed=args.seed,
            dtype=args.dtype,
            device=args.device,
        )
    except ModelError as exc:
        print(f"engine.serve: {exc}", file=sys.stderr)
        httpd.server_close()
        return 2
    httpd.RequestHandlerClass = _make_handler(server)
    if args.parent_pid:
        threading.Thread(target=_watch_parent, args=(args.parent_pid,), daemon=True).start()
    info = json.dumps(
        {"host": args.host, "port": httpd.server_address[1], "model": args.model_path}
    )
    log.info("serving %s", info)
    try:
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
