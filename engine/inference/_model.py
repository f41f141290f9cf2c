"""The policy model in-process: load an HF causal LM, batched sampling with per-token logprobs.

This is the engine of ``engine.serve`` and the in-process baseline of ``bench policy``. It is
synchronous torch code; callers run it on a worker thread.

Logprobs follow SGLang's default (``sglang/srt/layers/sampler.py``): the returned logprob of a
sampled token is ``log_softmax(logits / temperature)`` at that position, before top-p/top-k
filtering; at temperature 0 (greedy) it is ``log_softmax(logits)``.
"""

from __future__ import annotations

import inspect
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from engine.errors import ModelError
from engine.inference.models import check_model_path

__all__ = ["GenRequest", "GenResult", "PolicyModel", "RunningBatch"]


@dataclass
class GenRequest:
    """One sequence to extend.

    Attributes:
        input_ids: prompt token ids, shape ``(L,)``.
        max_new_tokens: most tokens to generate.
        temperature: sampling temperature; 0 = greedy.
        top_p: nucleus mass kept (1.0 = all).
        top_k: most candidates kept (-1 or 0 = all).
        stop_token_ids: extra token ids that end the sequence (kept in the output).
        ignore_eos: do not stop at the model's end-of-sequence tokens.
        seed: per-request sampling seed (``None`` = the shared generator).
        rid: request id (for aborts).
    """

    input_ids: list[int]
    max_new_tokens: int = 128
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1
    stop_token_ids: frozenset[int] = frozenset()
    ignore_eos: bool = False
    seed: int | None = None
    rid: str = ""


@dataclass
class GenResult:
    """The generated continuation of one ``GenRequest``.

    Attributes:
        output_ids: generated token ids (a matched stop token included).
        logprobs: logprob of each generated token (see the module docstring), same length.
        finish_reason: SGLang's finish-reason object: ``{"type": "stop", "matched": id}``,
            ``{"type": "length", "length": n}`` or ``{"type": "abort", "message": ...}``.
    """

    output_ids: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    finish_reason: dict[str, Any] | None = None


def _eos_ids(model: Any, path: Path) -> set[int]:
    ids: set[int] = set()
    for source in (getattr(model, "generation_config", None), model.config):
        eos = getattr(source, "eos_token_id", None)
        if isinstance(eos, int):
            ids.add(eos)
        elif isinstance(eos, list):
            ids.update(int(e) for e in eos)
    return ids


class PolicyModel:
    """An HF causal LM on CPU (or one device) with batched sampling.

    Args:
        model_path: HF checkpoint directory.
        device: torch device string.
        dtype: parameter dtype (``"float32"``, ``"bfloat16"``, ``"auto"``).
        seed: seed of the shared sampling generator.

    Raises:
        ModelError: the path does not exist or is not a causal LM.
    """

    def __init__(
        self, model_path: str | Path, *, device: str = "cpu", dtype: str = "float32", seed: int = 0
    ) -> None:
        from transformers import AutoModelForCausalLM

        path = check_model_path(model_path)
        try:
            torch_dtype = dtype if dtype == "auto" else getattr(torch, dtype)
            self.model = AutoModelForCausalLM.from_pretrained(str(path), dtype=torch_dtype)
        except (OSError, ValueError, KeyError) as exc:
            raise ModelError(f"model path {str(path)!r}: cannot load a causal LM: {exc}") from exc
        self.model.to(device).eval()  # type: ignore[arg-type]
        self.device = torch.device(device)
        self.model_path = str(path)
        self.eos_token_ids = _eos_ids(self.model, path)
        pad = getattr(self.model.config, "pad_token_id", None)
        self.pad_token_id = int(pad) if pad is not None else min(self.eos_token_ids, default=0)
        self.max_positions = int(getattr(self.model.config, "max_position_embeddings", 4096))
        self.generator = torch.Generator(device=self.device).manual_seed(seed)
        # transformers 5.x renamed ``past_key_values`` to ``cache``; 4.x knows only the former.
        params = inspect.signature(self.model.forward).parameters
        self._cache_kw = "cache" if "cache" in params else "past_key_values"
        self.lock = threading.Lock()

    # ---------------------------------------------------------------- weights

    def load_weights(self, path: str | Path) -> int:
        """Load safetensors weights from a checkpoint directory into the live model.

        Args:
            path: directory with ``model.safetensors`` or ``*.safetensors`` shards.

        Returns:
            Number of tensors loaded.

        Raises:
            ModelError: no safetensors files, names/shapes that do not match the model, or a
                floating tensor with a NaN or an infinity; the live weights are then unchanged.
        """
        from safetensors.torch import load_file

        d = Path(path)
        files = sorted(d.glob("*.safetensors")) if d.is_dir() else [d]
        if not files or not all(f.is_file() for f in files):
            raise ModelError(f"weights path {str(d)!r} holds no .safetensors files")
        state: dict[str, torch.Tensor] = {}
        for f in files:
            state.update(load_file(str(f)))
        return self.load_state(state, f"weights at {str(d)!r}")

    def load_state(
        self,
        state: dict[str, torch.Tensor],
        source: str,
        *,
        partial: bool = False,
        adopt: bool = False,
    ) -> int:
        """Load full tensors by name into the live model (all of them or none).

        Args:
            state: parameter name -> full tensor (a tied ``lm_head.weight`` may be left out).
            source: where they came from, for error messages.
            partial: ``state`` may update only some parameters (SGLang's distributed update).
            adopt: a tensor of the parameter's dtype and device, contiguous, becomes the
                parameter's storage (``param.data = tensor``, no copy); the caller gives up
                that memory. Others are copied (with a cast) as without ``adopt``.

        Returns:
            Number of tensors loaded.

        Raises:
            ModelError: names/shapes that do not match the model, or a NaN or infinity; the live
                weights are then unchanged.
        """
        from engine.inference._weight_group import non_finite

        d = source
        own = self.model.state_dict()
        unexpected = sorted(set(state) - set(own))
        missing = sorted(set(own) - set(state))
        if getattr(self.model.config, "tie_word_embeddings", False) or partial:
            missing = [m for m in missing if m != "lm_head.weight" and not partial]
        bad_shape = [k for k, v in state.items() if k in own and own[k].shape != v.shape]
        if unexpected or missing or bad_shape:
            raise ModelError(
                f"{d} do not match the model: missing={missing[:5]} "
                f"unexpected={unexpected[:5]} wrong_shape={bad_shape[:5]}"
            )
        names = list(state)
        bad = [names[i] for i in non_finite([state[k] for k in names])]
        if bad:
            raise ModelError(
                f"{d} hold NaN or infinite values in {len(bad)} "
                f"tensors ({', '.join(sorted(bad)[:5])}); kept the current weights"
            )
        with torch.no_grad():
            if adopt:
                params = dict(self.model.named_parameters(remove_duplicate=False))
                copy: dict[str, torch.Tensor] = {}
                for k, v in state.items():
                    p = params.get(k)
                    if (
                        p is not None
                        and (p.dtype, p.device) == (v.dtype, v.device)
                        and v.is_contiguous()
                    ):
                        p.data = v
                    else:
                        copy[k] = v
                if copy:
                    self.model.load_state_dict(copy, strict=False)
            else:
                self.model.load_state_dict(state, strict=False)
        if getattr(self.model.config, "tie_word_embeddings", False):
            self.model.tie_weights()
        return len(state)

    # ------------------------------------------------------------- generation

    @torch.no_grad()
    def generate(
        self, requests: list[GenRequest], aborted: set[str] | None = None
    ) -> list[GenResult]:
        """Extend every request's prompt, all rows in one left-padded batch with a KV cache.

        Args:
            requests: the sequences (B of them).
            aborted: request ids to stop early (read at every step; another thread may add).

        Returns:
            One ``GenResult`` per request, in order.
        """
        batch = RunningBatch(self, aborted)
        results: dict[int, GenResult] = {}
        for row, res in batch.add(requests):
            results[row] = res
        while batch.rows:
            for row, res in batch.step():
                results[row] = res
        return [results[i] for i in range(len(requests))]

    def _sample(
        self,
        logprobs: torch.Tensor,
        greedy: torch.Tensor,
        top_p: torch.Tensor,
        requests: list[GenRequest],
        gens: list[torch.Generator | None],
    ) -> torch.Tensor:
        """Next token per row: argmax for greedy rows, else top-k/top-p filtered sampling."""
        probs = logprobs.exp()
        if any(r.top_k > 0 for r in requests):
            for i, r in enumerate(requests):
                if r.top_k > 0 and r.top_k < probs.shape[1]:
                    kth = torch.topk(probs[i], r.top_k).values[-1]
                    probs[i] = torch.where(probs[i] < kth, torch.zeros_like(probs[i]), probs[i])
        if bool((top_p < 1).any()):
            sorted_p, order = probs.sort(dim=-1, descending=True)
            cum = sorted_p.cumsum(-1)
            drop = (cum - sorted_p) > top_p.unsqueeze(1)
            sorted_p = sorted_p.masked_fill(drop, 0.0)
            probs = torch.zeros_like(probs).scatter(1, order, sorted_p)
        # Exponential race (argmax of p / E with E ~ Exp(1)) draws from p, as multinomial does,
        # at a fraction of torch.multinomial's CPU cost.
        race = torch.empty_like(probs)
        if all(g is None for g in gens):
            race.exponential_(generator=self.generator)
        else:
            for i, g in enumerate(gens):
                race[i].exponential_(generator=g or self.generator)
        sampled = (probs / race).argmax(-1)
        return torch.where(greedy.to(self.device), logprobs.argmax(-1), sampled)

    @torch.no_grad()
    def score(
        self, input_ids: list[int], output_ids: list[int], temperature: float = 1.0
    ) -> list[float]:
        """Recompute the logprobs of ``output_ids`` after ``input_ids`` in one forward pass.

        Args:
            input_ids: prompt, shape ``(L,)``.
            output_ids: continuation, shape ``(T,)``.
            temperature: the sampling temperature (0 = greedy, scored at 1).

        Returns:
            ``T`` logprobs, computed as in ``generate``.
        """
        seq = torch.tensor([input_ids + output_ids], dtype=torch.long, device=self.device)
        logits = self.model(input_ids=seq).logits[0].float()
        logits = logits / (temperature if temperature > 0 else 1.0)
        lp = torch.log_softmax(logits[len(input_ids) - 1 : -1], dim=-1)
        tgt = torch.tensor(output_ids, dtype=torch.long, device=self.device)
        return lp.gather(1, tgt.unsqueeze(1)).squeeze(1).tolist()

    def info(self) -> dict[str, Any]:
        """Model type and architectures from the HF config."""
        cfg = self.model.config
        return {
            "model_type": getattr(cfg, "model_type", None),
            "architectures": getattr(cfg, "architectures", None),
            "num_parameters": sum(p.numel() for p in self.model.parameters()),
            "config": json.loads(cfg.to_json_string()),
        }


class _Row:
    """Per-sequence state inside a ``RunningBatch``."""

    def __init__(self, index: int, req: GenRequest, model: PolicyModel) -> None:
        self.index = index
        self.req = req
        self.result = GenResult()
        self.budget = min(req.max_new_tokens, max(model.max_positions - len(req.input_ids), 0))
        self.stops = set(req.stop_token_ids) | (set() if req.ignore_eos else model.eos_token_ids)
        self.gen = (
            torch.Generator(device=model.device).manual_seed(req.seed)
            if req.seed is not None
            else None
        )
        self.done = False


def _can_join(cache: Any) -> bool:
    """Whether the cache exposes per-layer ``keys``/``values`` (transformers >= 4.56)."""
    layers = getattr(cache, "layers", None) or []
    return bool(layers) and all(hasattr(la, "keys") and hasattr(la, "values") for la in layers)


class RunningBatch:
    """A continuous batch: rows join between decode steps and leave when they finish.

    New rows are prefilled together (left-padded), sample their first token, and have their
    KV cache left-padded to the running batch's length and concatenated along the batch axis;
    finished rows are dropped from the cache. Each row keeps its own positions, so padding never
    shifts a token's rotary position; the attention mask hides the padding.

    Args:
        model: the ``PolicyModel``.
        aborted: request ids to stop at the next step (shared with other threads).
    """

    def __init__(self, model: PolicyModel, aborted: set[str] | None = None) -> None:
        self.m = model
        self.aborted = aborted if aborted is not None else set()
        self.rows: list[_Row] = []
        self.cache: Any = None
        self.mask = torch.zeros((0, 0), dtype=torch.long, device=model.device)
        self.pos = torch.zeros((0, 1), dtype=torch.long, device=model.device)
        self.last = torch.zeros((0,), dtype=torch.long, device=model.device)
        self._next_index = 0

    @property
    def can_join(self) -> bool:
        """Whether rows may join while others run (else add only to an empty batch)."""
        return not self.rows or _can_join(self.cache)

    def _forward(
        self, ids: torch.Tensor, mask: torch.Tensor, pos: torch.Tensor, cache: Any
    ) -> torch.Tensor:
        out = self.m.model(
            input_ids=ids,
            attention_mask=mask,
            position_ids=pos,
            use_cache=True,
            **{self.m._cache_kw: cache},
        )
        return out.logits[:, -1, :].float()  # type: ignore[no-any-return]

    def _choose(self, rows: list[_Row], logits: torch.Tensor) -> list[tuple[int, GenResult]]:
        """Sample one token per row, record it, mark finished rows; returns finished ones."""
        temps = torch.tensor([r.req.temperature for r in rows], dtype=torch.float32)
        greedy = temps <= 0
        temps = torch.where(greedy, torch.ones_like(temps), temps).unsqueeze(1).to(self.m.device)
        top_p = torch.tensor([r.req.top_p for r in rows], dtype=torch.float32, device=self.m.device)
        logprobs = torch.log_softmax(logits / temps, dim=-1)
        nxt = self.m._sample(logprobs, greedy, top_p, [r.req for r in rows], [r.gen for r in rows])
        chosen = logprobs.gather(1, nxt.unsqueeze(1)).squeeze(1).tolist()
        finished: list[tuple[int, GenResult]] = []
        for r, tok, lp in zip(rows, nxt.tolist(), chosen, strict=True):
            res = r.result
            if r.req.rid and r.req.rid in self.aborted:
                r.done = True
                res.finish_reason = {
                    "type": "abort",
                    "message": "Aborted",
                    "status_code": None,
                    "err_type": None,
                }
            else:
                res.output_ids.append(tok)
                res.logprobs.append(lp)
                if tok in r.stops:
                    r.done = True
                    res.finish_reason = {"type": "stop", "matched": tok}
                elif len(res.output_ids) >= r.budget:
                    r.done = True
                    res.finish_reason = {"type": "length", "length": len(res.output_ids)}
            if r.done:
                finished.append((r.index, res))
        self._new_last = nxt
        return finished

    @torch.no_grad()
    def add(self, requests: list[GenRequest]) -> list[tuple[int, GenResult]]:
        """Prefill ``requests`` and join them to the batch (each sampled one token).

        Returns:
            ``(row index, result)`` of rows that already finished (budget 0 or 1, a stop
            token first); row indices count every request ever added, in order.

        Raises:
            RuntimeError: rows are running and this cache cannot be joined (see ``can_join``).
        """
        from transformers import DynamicCache

        if not requests:
            return []
        if not self.can_join:
            raise RuntimeError("this model's KV cache does not support joining a running batch")
        dev = self.m.device
        rows = []
        for req in requests:
            rows.append(_Row(self._next_index, req, self.m))
            self._next_index += 1
        finished: list[tuple[int, GenResult]] = []
        live = []
        for r in rows:
            if r.budget == 0:
                r.done = True
                r.result.finish_reason = {"type": "length", "length": 0}
                finished.append((r.index, r.result))
            else:
                live.append(r)
        if not live:
            return finished
        longest = max(len(r.req.input_ids) for r in live)
        ids = torch.full((len(live), longest), self.m.pad_token_id, dtype=torch.long)
        mask = torch.zeros((len(live), longest), dtype=torch.long)
        for i, r in enumerate(live):
            n = len(r.req.input_ids)
            ids[i, longest - n :] = torch.tensor(r.req.input_ids, dtype=torch.long)
            mask[i, longest - n :] = 1
        ids, mask = ids.to(dev), mask.to(dev)
        pos = (mask.cumsum(-1) - 1).clamp(min=0)
        cache = DynamicCache()
        logits = self._forward(ids, mask, pos, cache)
        finished += self._choose(live, logits)
        self._merge(live, cache, mask, pos[:, -1:], self._new_last)
        self._drop_finished()
        return finished

    def _merge(
        self,
        rows: list[_Row],
        cache: Any,
        mask: torch.Tensor,
        pos: torch.Tensor,
        last: torch.Tensor,
    ) -> None:
        if not self.rows:
            self.rows, self.cache, self.mask, self.pos, self.last = rows, cache, mask, pos, last
            return
        t_old, t_new = self.mask.shape[1], mask.shape[1]
        width = max(t_old, t_new)

        def pad(x: torch.Tensor, t: int, dim: int) -> torch.Tensor:
            if t == width:
                return x
            shape = list(x.shape)
            shape[dim] = width - t
            return torch.cat([x.new_zeros(shape), x], dim=dim)

        for old_layer, new_layer in zip(self.cache.layers, cache.layers, strict=True):
            old_layer.keys = torch.cat(
                [pad(old_layer.keys, t_old, 2), pad(new_layer.keys, t_new, 2)]
            )
            old_layer.values = torch.cat(
                [pad(old_layer.values, t_old, 2), pad(new_layer.values, t_new, 2)]
            )
        self.mask = torch.cat([pad(self.mask, t_old, 1), pad(mask, t_new, 1)])
        self.pos = torch.cat([self.pos, pos])
        self.last = torch.cat([self.last, last])
        self.rows = self.rows + rows

    def _drop_finished(self) -> None:
        keep = [i for i, r in enumerate(self.rows) if not r.done]
        if len(keep) == len(self.rows):
            return
        self.rows = [self.rows[i] for i in keep]
        if not keep:
            self.cache = None
            self.mask = self.mask[:0]
            return
        idx = torch.tensor(keep, dtype=torch.long, device=self.m.device)
        self.mask, self.pos, self.last = self.mask[idx], self.pos[idx], self.last[idx]
        if _can_join(self.cache):
            first = int((self.mask.sum(0) > 0).nonzero()[0])  # leading all-padding columns
            for layer in self.cache.layers:
                layer.keys = layer.keys[idx, :, first:]
                layer.values = layer.values[idx, :, first:]
            self.mask = self.mask[:, first:]
        else:
            self.cache.batch_select_indices(idx)

    def abort_marked(self) -> list[tuple[int, GenResult]]:
        """Finish (without a forward pass) every running row whose rid is in ``aborted``."""
        finished = []
        for r in self.rows:
            if r.req.rid and r.req.rid in self.aborted:
                r.done = True
                r.result.finish_reason = {
                    "type": "abort",
                    "message": "Aborted",
                    "status_code": None,
                    "err_type": None,
                }
                finished.append((r.index, r.result))
        self._drop_finished()
        return finished

    @torch.no_grad()
    def step(self) -> list[tuple[int, GenResult]]:
        """One decode step for every running row; returns the rows that finished."""
        if not self.rows:
            return []
        ones = torch.ones((len(self.rows), 1), dtype=self.mask.dtype, device=self.m.device)
        self.mask = torch.cat([self.mask, ones], 1)
        self.pos = self.pos + 1
        logits = self._forward(self.last.unsqueeze(1), self.mask, self.pos, self.cache)
        finished = self._choose(self.rows, logits)
        self.last = self._new_last
        self._drop_finished()
        return finished
