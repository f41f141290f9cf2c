"""Typed messages of the policy HTTP API: the public result structs and SGLang's wire types.

Decoders are built once; ``decode`` turns a ``msgspec`` validation error into a
``PolicyDecodeError`` that names the URL and the field path. Field names follow SGLang 0.5.23
(``sglang/srt/managers/tokenizer_manager.py`` builds ``meta_info``;
``sglang/srt/managers/schedule_batch.py`` the ``finish_reason`` objects).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any, Literal

import msgspec

from engine.errors import PolicyDecodeError, PolicyError

FinishReason = Literal["stop", "length", "abort"]


class WeightSpan(msgspec.Struct, frozen=True, kw_only=True):
    """The weight version that generated output tokens ``[start, end)`` of one request.

    SGLang 0.5.23 reports these (``meta_info.weight_versions``) when weights changed while the
    request was running (``sglang/srt/utils/weight_versions.py``); ``engine.serve`` does not.

    Attributes:
        version: the server's weight version string (``"default"`` before any update).
        start: first output token index generated under it.
        end: one past the last.
    """

    version: str
    start: int
    end: int


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
        weight_versions: which version generated which output tokens, when the weights changed
            during the request (empty otherwise); ``policy_version`` reads both.
    """

    output_ids: list[int]
    output_logprobs: list[float]
    finish_reason: FinishReason
    prompt_tokens: int
    completion_tokens: int
    weight_version: str
    text: str
    url: str = ""
    weight_versions: list[WeightSpan] = []


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
        weight_version: the version the server now serves, when its reply names it
            (``engine.serve``'s weight updates; SGLang's replies do not).
    """

    url: str
    success: bool
    message: str = ""
    weight_version: str | None = None


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


# Optional fields and defaults follow SGLang 0.5.23's own response schema
# (``sglang/api/v1/api_types.py``: ``GenerateResponse``, ``GenerateMetaInfo``, ``FinishReason``,
# ``LogprobEntry``, ``WeightVersionSpan``): an abort of a request still in the waiting queue has
# no ``prompt_tokens`` (``TokenizerManager._handle_abort_req``), ``matched`` is a token id, a
# stop string or a list of token ids, a finish reason may be of a type not known here, and a
# logprob entry's logprob may be ``null``.


class _FinishReasonWire(msgspec.Struct):
    type: str = ""
    matched: int | str | list[int] | None = None
    length: int | None = None
    message: str | None = None


class _WeightSpanWire(msgspec.Struct):
    version: str | int
    start: int
    end: int


class _MetaInfoWire(msgspec.Struct):
    finish_reason: _FinishReasonWire | None = None
    prompt_tokens: int = 0
    completion_tokens: int | None = None
    id: str = ""
    weight_version: str | int | None = None
    weight_versions: list[_WeightSpanWire] | None = None
    output_token_logprobs: list[tuple[float | None, int, str | None]] | None = None


class _GenerateWire(msgspec.Struct):
    meta_info: _MetaInfoWire
    output_ids: list[int] = []
    text: str | None = None


class _SuccessWire(msgspec.Struct):
    success: bool
    message: str = ""
    weight_version: str | int | None = None


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


_FINISH: dict[str, FinishReason] = {"stop": "stop", "length": "length", "abort": "abort"}


def to_generation(wire: _GenerateWire, url: str) -> Generation:
    """The ``Generation`` of a decoded ``/generate`` answer.

    A missing, ``null`` or unknown finish reason becomes ``"abort"`` (the request did not end by
    EOS, a stop token or the length limit; ``engine.inference.openai`` maps unknown words the
    same way); a missing ``prompt_tokens`` is 0 and a missing ``completion_tokens`` the number
    of ``output_ids``. When any logprob is ``null`` the generation has no logprobs
    (``output_logprobs == []``): the learner skips such a sample rather than train on a guess.

    Raises:
        PolicyDecodeError: ``output_token_logprobs`` does not match ``output_ids`` (length or
            ids).
    """
    meta = wire.meta_info
    logprobs: list[float] = []
    if meta.output_token_logprobs is not None:
        if len(meta.output_token_logprobs) != len(wire.output_ids):
            raise PolicyDecodeError(
                f"{url}/generate: {len(meta.output_token_logprobs)} logprobs for "
                f"{len(wire.output_ids)} tokens"
                " - at `$.meta_info.output_token_logprobs`"
            )
        ids = [t[1] for t in meta.output_token_logprobs]
        if ids != wire.output_ids:
            raise PolicyDecodeError(
                f"{url}/generate: logprob token ids differ from output_ids"
                " - at `$.meta_info.output_token_logprobs`"
            )
        values = [t[0] for t in meta.output_token_logprobs]
        if all(v is not None for v in values):
            logprobs = [float(v) for v in values if v is not None]
    version = meta.weight_version
    reason = meta.finish_reason.type if meta.finish_reason is not None else ""
    return Generation(
        output_ids=wire.output_ids,
        output_logprobs=logprobs,
        finish_reason=_FINISH.get(reason, "abort"),
        prompt_tokens=meta.prompt_tokens,
        completion_tokens=(
            len(wire.output_ids) if meta.completion_tokens is None else meta.completion_tokens
        ),
        weight_version="" if version is None else str(version),
        text=wire.text or "",
        url=url,
        weight_versions=[
            WeightSpan(version=str(w.version), start=w.start, end=w.end)
            for w in meta.weight_versions or ()
        ],
    )


def _one_version(version: object) -> int:
    text = str(version).strip()
    if text == "default":
        return 0
    try:
        v = int(text)
    except ValueError:
        return -1
    return v if v >= 0 else -1


def policy_version(weight_version: object, weight_versions: Sequence[WeightSpan] = ()) -> int:
    """The policy version of a generation, one rule for the Designer and the Agent.

    A version string reads as: ``"default"`` (what SGLang and ``engine.serve`` report before
    the first weight update) is 0, the initial weights; a non-negative integer is itself;
    anything else (``"frozen:<model>"`` from the OpenAI-compatible backend, ``""``) is -1,
    unknown. When the weights changed during the request (``weight_versions`` has spans), the
    oldest version that generated at least one token is the generation's version, so the
    learner's staleness check counts its oldest tokens.

    Args:
        weight_version: ``Generation.weight_version`` (the version when the request finished).
        weight_versions: ``Generation.weight_versions``.

    Returns:
        The version, or -1 when unknown.
    """
    spans = [w for w in weight_versions if w.end > w.start]
    if spans:
        return min(_one_version(w.version) for w in spans)
    return _one_version(weight_version)
