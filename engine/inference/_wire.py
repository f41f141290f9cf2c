"""Typed messages of the policy HTTP API: the public result structs and SGLang's wire types.

Decoders are built once; ``decode`` turns a ``msgspec`` validation error into a
``PolicyDecodeError`` that names the URL and the field path. Field names follow SGLang 0.5.23
(``sglang/srt/managers/tokenizer_manager.py`` builds ``meta_info``;
``sglang/srt/managers/schedule_batch.py`` the ``finish_reason`` objects).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, Literal

import msgspec

from engine.errors import PolicyDecodeError, PolicyError

FinishReason = Literal["stop", "length", "abort"]


class Generation(msgspec.Struct, frozen=True, kw_only=True):
    """One completion from a policy server.

    Attributes:
        output_ids: generated token ids, shape ``(T,)`` (a matched stop token included).
        output_logprobs: logprob of each generated token under the serving weights (SGLang's
            convention: ``log_softmax(logits / temperature)``, before top-p), shape ``(T,)``.
        finish_reason: ``"stop"`` (EOS or a stop token), ``"length"`` or ``"abort"``.
        prompt_tokens: prompt length in tokens.
        completion_tokens: generated length in tokens.
        weight_version: the server's weight version when the request finished.
        text: the decoded completion.
        url: the server that answered.
    """

    output_ids: list[int]
    output_logprobs: list[float]
    finish_reason: FinishReason
    prompt_tokens: int
    completion_tokens: int
    weight_version: str
    text: str
    url: str = ""


class ModelInfo(msgspec.Struct, frozen=True, kw_only=True):
    """``GET /model_info`` (fields common to SGLang and ``engine.serve``)."""

    model_path: str
    weight_version: str | None = None
    tokenizer_path: str | None = None
    is_generation: bool = True
    served_model_name: str | None = None
    model_type: str | None = None
    architectures: list[str] | None = None


class AdminResult(msgspec.Struct, frozen=True, kw_only=True):
    """One server's answer to a control call (weight update, group init, ...).

    Attributes:
        url: the server.
        success: whether it reported success.
        message: its message (or the HTTP error body).
    """

    url: str
    success: bool
    message: str = ""


class ServerStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of one server as seen by the client."""

    url: str
    healthy: bool
    outstanding: int
    requests: int
    failures: int
    restarts: int
    last_error: str


class PolicyClientStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the client (``PolicyClient.statistics()``)."""

    servers: list[ServerStatistics]
    generated_tokens: int
    requests: int
    retries: int


# ---- wire types (decoders built once) -------------------------------------------------------


class _FinishReasonWire(msgspec.Struct):
    type: FinishReason
    matched: int | str | None = None
    length: int | None = None
    message: str | None = None


class _MetaInfoWire(msgspec.Struct):
    finish_reason: _FinishReasonWire
    prompt_tokens: int
    completion_tokens: int
    id: str = ""
    weight_version: str | int | None = None
    output_token_logprobs: list[tuple[float, int, str | None]] | None = None


class _GenerateWire(msgspec.Struct):
    output_ids: list[int]
    meta_info: _MetaInfoWire
    text: str | None = None


class _SuccessWire(msgspec.Struct):
    success: bool
    message: str = ""


GENERATE = msgspec.json.Decoder(_GenerateWire)
MODEL_INFO = msgspec.json.Decoder(ModelInfo)
SUCCESS = msgspec.json.Decoder(_SuccessWire)


def _leaves(eg: BaseExceptionGroup[BaseException]) -> list[BaseException]:
    out: list[BaseException] = []
    for e in eg.exceptions:
        out.extend(_leaves(e) if isinstance(e, BaseExceptionGroup) else [e])
    return out


@contextlib.contextmanager
def collapse_errors() -> Iterator[None]:
    """Re-raise a nursery's ``ExceptionGroup`` of ordinary errors as one error.

    One error is re-raised as itself; several become one ``PolicyError`` whose message joins
    theirs (the first is its ``__cause__``). Groups holding ``BaseException`` (cancellation,
    KeyboardInterrupt) pass through untouched.
    """
    try:
        yield
    except BaseExceptionGroup as eg:
        leaves = _leaves(eg)
        if not all(isinstance(e, Exception) for e in leaves):
            raise
        if len(leaves) == 1:
            raise leaves[0] from None
        msg = "; ".join(f"{type(e).__name__}: {e}" for e in leaves)
        raise PolicyError(f"{len(leaves)} servers failed: {msg}") from leaves[0]


def decode(decoder: msgspec.json.Decoder[Any], content: bytes, where: str) -> Any:
    try:
        return decoder.decode(content)
    except msgspec.ValidationError as exc:
        raise PolicyDecodeError(f"{where}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise PolicyDecodeError(f"{where}: malformed JSON: {exc}") from exc


def to_generation(wire: _GenerateWire, url: str) -> Generation:
    meta = wire.meta_info
    if meta.output_token_logprobs is None:
        logprobs: list[float] = []
    else:
        logprobs = [float(t[0]) for t in meta.output_token_logprobs]
        if len(logprobs) != len(wire.output_ids):
            raise PolicyDecodeError(
                f"{url}/generate: {len(logprobs)} logprobs for {len(wire.output_ids)} tokens"
                " - at `$.meta_info.output_token_logprobs`"
            )
        ids = [t[1] for t in meta.output_token_logprobs]
        if ids != wire.output_ids:
            raise PolicyDecodeError(
                f"{url}/generate: logprob token ids differ from output_ids"
                " - at `$.meta_info.output_token_logprobs`"
            )
    version = meta.weight_version
    return Generation(
        output_ids=wire.output_ids,
        output_logprobs=logprobs,
        finish_reason=meta.finish_reason.type,
        prompt_tokens=meta.prompt_tokens,
        completion_tokens=meta.completion_tokens,
        weight_version="" if version is None else str(version),
        text=wire.text or "",
        url=url,
    )
