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

__all__ = ["GenRequest", "GenResult", "PolicyModel"]


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
            ModelError: no safetensors files, or names/shapes that do not match the model.
        """
        from safetensors.torch import load_file

        d = Path(path)
        files = sorted(d.glob("*.safetensors")) if d.is_dir() else [d]
        if not files or not all(f.is_file() for f in files):
            raise ModelError(f"weights path {str(d)!r} holds no .safetensors files")
        state: dict[str, torch.Tensor] = {}
        for f in files:
            state.update(load_file(str(f)))
        own = self.model.state_dict()
        unexpected = sorted(set(state) - set(own))
        missing = sorted(set(own) - set(state))
        if getattr(self.model.config, "tie_word_embeddings", False):
            missing = [m for m in missing if m != "lm_head.weight"]
        bad_shape = [k for k, v in state.items() if k in own and own[k].shape != v.shape]
        if unexpected or missing or bad_shape:
            raise ModelError(
                f"weights at {str(d)!r} do not match the model: missing={missing[:5]} "
                f"unexpected={unexpected[:5]} wrong_shape={bad_shape[:5]}"
            )
        with torch.no_grad():
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
        from transformers import DynamicCache

        aborted = aborted if aborted is not None else set()
        bsz = len(requests)
        results = [GenResult() for _ in requests]
        budgets: list[int] = []
        for r in requests:
            room = max(self.max_positions - len(r.input_ids), 0)
            budgets.append(min(r.max_new_tokens, room))
        longest = max(len(r.input_ids) for r in requests)
        ids = torch.full((bsz, longest), self.pad_token_id, dtype=torch.long)
        mask = torch.zeros((bsz, longest), dtype=torch.long)
        for i, r in enumerate(requests):
            n = len(r.input_ids)
            ids[i, longest - n :] = torch.tensor(r.input_ids, dtype=torch.long)
            mask[i, longest - n :] = 1
        ids, mask = ids.to(self.device), mask.to(self.device)
        positions = (mask.cumsum(-1) - 1).clamp(min=0)
        temps = torch.tensor([r.temperature for r in requests], dtype=torch.float32)
        greedy = temps <= 0
        temps = torch.where(greedy, torch.ones_like(temps), temps).unsqueeze(1).to(self.device)
        top_p = torch.tensor([r.top_p for r in requests], dtype=torch.float32, device=self.device)
        stops = [
            set(r.stop_token_ids) | (set() if r.ignore_eos else self.eos_token_ids)
            for r in requests
        ]
        gens = [
            torch.Generator(device=self.device).manual_seed(r.seed) if r.seed is not None else None
            for r in requests
        ]
        active = [True] * bsz
        for i in range(bsz):
            if budgets[i] == 0:
                active[i] = False
                results[i].finish_reason = {"type": "length", "length": 0}
        cache = DynamicCache()
        step_ids, step_pos = ids, positions
        while any(active):
            out = self.model(
                input_ids=step_ids,
                attention_mask=mask,
                position_ids=step_pos,
                use_cache=True,
                **{self._cache_kw: cache},
            )
            logits = out.logits[:, -1, :].float() / temps
            logprobs = torch.log_softmax(logits, dim=-1)
            next_ids = self._sample(logprobs, greedy, top_p, requests, gens)
            chosen = logprobs.gather(1, next_ids.unsqueeze(1)).squeeze(1)
            next_list = next_ids.tolist()
            chosen_list = chosen.tolist()
            for i in range(bsz):
                if not active[i]:
                    continue
                res = results[i]
                if requests[i].rid and requests[i].rid in aborted:
                    active[i] = False
                    res.finish_reason = {
                        "type": "abort",
                        "message": "Aborted",
                        "status_code": None,
                        "err_type": None,
                    }
                    continue
                tok = next_list[i]
                res.output_ids.append(tok)
                res.logprobs.append(chosen_list[i])
                if tok in stops[i]:
                    active[i] = False
                    res.finish_reason = {"type": "stop", "matched": tok}
                elif len(res.output_ids) >= budgets[i]:
                    active[i] = False
                    res.finish_reason = {"type": "length", "length": len(res.output_ids)}
            if not any(active):
                break
            step_ids = next_ids.unsqueeze(1)
            step_pos = step_pos[:, -1:] + 1
            mask = torch.cat([mask, torch.ones((bsz, 1), dtype=mask.dtype, device=self.device)], 1)
        return results

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
        if all(g is None for g in gens):
            sampled = torch.multinomial(probs, 1, generator=self.generator).squeeze(1)
        else:
            sampled = torch.stack(
                [
                    torch.multinomial(probs[i], 1, generator=g or self.generator).squeeze(0)
                    for i, g in enumerate(gens)
                ]
            )
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
