"""Messages between the trio side and learner rank 0, framed msgpack over a local socket.

Frame: a 4-byte big-endian length, then one msgpack-encoded tagged struct. Rank 0 forwards
each request to the other ranks (``broadcast_object_list``) and answers with one reply.
"""

from __future__ import annotations

import struct

import msgspec

from engine.config import LearnerConfig
from engine.messages import TrainingSample

__all__ = [
    "CheckpointSaved",
    "Hello",
    "Join",
    "LogprobsReply",
    "LogprobsRequest",
    "Reply",
    "Request",
    "SaveCheckpointRequest",
    "SftRequest",
    "ShutdownRequest",
    "StepReport",
    "Start",
    "SyncRequest",
    "TrainRequest",
    "WeightsWritten",
    "WorkerSpec",
    "decode_reply",
    "decode_request",
    "encode",
    "frame",
]


class _P(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Base of protocol messages."""


class WorkerSpec(msgspec.Struct, frozen=True, kw_only=True):
    """What every rank needs besides the torchrun variables (sent in ``Start``).

    Attributes:
        config: the ``[learner]`` section.
        model_path: Hugging Face model directory, at the same path on every node.
        run_dir: the run directory (a shared filesystem across nodes).
        init_method: ``init_process_group``'s ``init_method`` (``"file://..."`` for ranks the
            engine spawns; ``"env://"``, torchrun's variables, otherwise).
        log_to_file: also log to ``run_dir/logs/learner.rank<r>.log`` (ranks whose output does
            not go there already: torchrun's).
    """

    config: LearnerConfig
    model_path: str
    run_dir: str
    init_method: str = "env://"
    log_to_file: bool = False


class Join(_P, frozen=True, kw_only=True, tag=True):
    """A rank connected to the engine (its first frame; every rank sends one).

    Rank 0's connection then carries the requests; the others' stay open, silent, so that the
    engine sees a rank (or its node) go when its connection closes.
    """

    rank: int
    world_size: int
    local_rank: int
    node_rank: int
    host: str
    pid: int


class Start(_P, frozen=True, kw_only=True, tag=True):
    """The engine's answer to ``Join``: what to load and how to meet the other ranks."""

    spec: WorkerSpec


class TrainRequest(_P, frozen=True, kw_only=True, tag=True):
    """One GRPO/SFT optimizer step (or ``minibatches`` steps) on a batch."""

    samples: list[TrainingSample]


class SftRequest(_P, frozen=True, kw_only=True, tag=True):
    """Maximum-likelihood epochs over ``samples`` in batches of ``batch_size``."""

    samples: list[TrainingSample]
    epochs: int


class LogprobsRequest(_P, frozen=True, kw_only=True, tag=True):
    """Token logprobs of each sample under the current weights (no update)."""

    samples: list[TrainingSample]


class SyncRequest(_P, frozen=True, kw_only=True, tag=True):
    """Gather the full state dict on rank 0 and write it as safetensors."""


class SaveCheckpointRequest(_P, frozen=True, kw_only=True, tag=True):
    """Write a resumable checkpoint (model, optimizer, step, RNG, policy version)."""


class InitWeightsGroupRequest(_P, frozen=True, kw_only=True, tag=True):
    """Rank 0 joins SGLang's weight-update group as its rank 0 (the servers join meanwhile)."""

    master_address: str
    master_port: int
    world_size: int
    group_name: str
    backend: str
    timeout_s: float
    bucket_bytes: int = 512 << 20
    """Most bytes of tensors per flattened bucket (a larger tensor gets a bucket alone)."""


class BroadcastWeightsRequest(_P, frozen=True, kw_only=True, tag=True):
    """Gather the full state dict on rank 0 and broadcast it to the weight-update group."""


class ShutdownRequest(_P, frozen=True, kw_only=True, tag=True):
    """Leave the request loop and destroy the process group."""


Request = (
    Start
    | TrainRequest
    | SftRequest
    | LogprobsRequest
    | SyncRequest
    | SaveCheckpointRequest
    | InitWeightsGroupRequest
    | BroadcastWeightsRequest
    | ShutdownRequest
)


class StepReport(_P, frozen=True, kw_only=True, tag=True):
    """What one ``train_step`` (or ``sft`` call) did.

    Attributes:
        loss: token-level mean loss of the batch (NaN when the step was skipped for NaN).
        samples_used: samples that entered the loss.
        dropped_stale: samples dropped because ``policy_version < current - max_staleness``.
        skipped: why no optimizer step was taken (``"empty"``, ``"zero_advantage"``,
            ``"nan_loss"``) or ``""``.
        policy_version: weight version after the step (optimizer steps applied so far).
        seconds: wall time on the ranks (seconds).
        step: optimizer steps applied so far (same as ``policy_version``).
        tokens: masked tokens in the loss.
        ratio_mean: mean ``pi_theta / pi_old`` over tokens.
        clip_fraction: fraction of tokens where the PPO clip was active.
        kl: mean k3 KL to the reference (0 when ``kl_coef`` is 0).
        rollout_ratio_mean: mean ``pi_old / pi_rollout`` over tokens, before truncation.
        rollout_kl: mean k3 estimate of KL(pi_old || pi_rollout) over tokens.
        grad_norm: total gradient norm before clipping.
        bad_groups: group ids of the batch when the loss was not finite.
        bad_batch_path: where the offending batch was written (msgpack), or "".
        tis_weight_sum: sum over policy-gradient tokens of the truncated importance weight
            ``min(pi_old / pi_rollout, tis_cap)``, keyed ``"<role>/<staleness>"`` (staleness in
            versions, e.g. ``"agent/0"``); over the batch's minibatches.
        tis_tokens: the tokens of each ``tis_weight_sum`` key (its mean is sum / tokens).
        role_loss: per role, the mean NLL per SFT token (nats) of the step (``sft``: of its
            last epoch); roles without SFT tokens are absent.
        role_tokens: per role, the SFT tokens ``role_loss`` averages over.
    """

    loss: float
    samples_used: int
    dropped_stale: int
    skipped: str
    policy_version: int
    seconds: float
    step: int = 0
    tokens: int = 0
    ratio_mean: float = 0.0
    clip_fraction: float = 0.0
    kl: float = 0.0
    rollout_ratio_mean: float = 0.0
    rollout_kl: float = 0.0
    grad_norm: float = 0.0
    bad_groups: list[str] = []
    bad_batch_path: str = ""
    tis_weight_sum: dict[str, float] = {}
    tis_tokens: dict[str, int] = {}
    role_loss: dict[str, float] = {}
    role_tokens: dict[str, int] = {}


class Hello(_P, frozen=True, kw_only=True, tag=True):
    """Rank 0 is up: the model is loaded, sharded and (if any) the checkpoint resumed."""

    policy_version: int
    step: int
    world_size: int
    resumed_from: str
    device: str
    parameters: int


class LogprobsReply(_P, frozen=True, kw_only=True, tag=True):
    """Logprobs aligned with each sample's ``input_ids`` (0.0 at position 0)."""

    logprobs: list[list[float]]


class WeightsWritten(_P, frozen=True, kw_only=True, tag=True):
    """Rank 0 wrote the full weights of ``version`` into ``path``."""

    version: int
    path: str
    checksum: str
    size_bytes: int
    mtime_ns: int
    gather_seconds: float
    write_seconds: float


class WeightsManifest(_P, frozen=True, kw_only=True, tag=True):
    """The tensors every broadcast sends, in order (tied ``lm_head.weight`` left out), or why
    rank 0 could not join the group (``error``; the servers then get weights from disk)."""

    names: list[str]
    dtypes: list[str]
    shapes: list[list[int]]
    buckets: list[int] = []
    """Tensors per ``/update_weights_from_distributed`` call, in order (each bucket one
    flattened ``uint8`` broadcast)."""
    error: str = ""


class WeightsBroadcast(_P, frozen=True, kw_only=True, tag=True):
    """Rank 0 broadcast the weights of ``version`` (seconds on the ranks)."""

    version: int
    gather_seconds: float
    broadcast_seconds: float
    size_bytes: int


class CheckpointSaved(_P, frozen=True, kw_only=True, tag=True):
    """A checkpoint directory was completed (atomically renamed into place)."""

    path: str
    step: int
    seconds: float


class Bye(_P, frozen=True, kw_only=True, tag=True):
    """Rank 0 leaves the loop."""


Reply = (
    Join
    | Hello
    | StepReport
    | LogprobsReply
    | WeightsWritten
    | WeightsManifest
    | WeightsBroadcast
    | CheckpointSaved
    | Bye
)

_encoder = msgspec.msgpack.Encoder()
_request_decoder = msgspec.msgpack.Decoder(Request)
_reply_decoder = msgspec.msgpack.Decoder(Reply)
_HEADER = struct.Struct(">I")


def encode(message: msgspec.Struct) -> bytes:
    """msgpack bytes of one protocol message (no frame header)."""
    return _encoder.encode(message)


def frame(message: msgspec.Struct) -> bytes:
    """Length-prefixed msgpack frame of one message."""
    body = _encoder.encode(message)
    return _HEADER.pack(len(body)) + body


def decode_request(body: bytes) -> Request:
    """Decode a request body (raises ``msgspec.DecodeError`` naming the field on mismatch)."""
    return _request_decoder.decode(body)


def decode_reply(body: bytes) -> Reply:
    """Decode a reply body (raises ``msgspec.DecodeError`` naming the field on mismatch)."""
    return _reply_decoder.decode(body)


HEADER_SIZE = _HEADER.size


def body_size(header: bytes) -> int:
    """Body length announced by a 4-byte frame header."""
    return int(_HEADER.unpack(header)[0])
