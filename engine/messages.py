"""Every message the actors exchange.

All messages are frozen, keyword-only, tagged ``msgspec.Struct`` s, so they round-trip through
msgpack (learner socket, on-disk records) and JSON (metrics, archive) unchanged. Each actor's
inbox type is a union alias at the bottom of this module, dispatched with ``match``.

Flow (DESIGN.md §2)::

    DesignRequested -> Designer -> EnvProposed -> Critic -> EnvValidated -> Hinter -> HintIssued
    HintIssued -> Critic -> EpisodeRequested -> Agent -> EpisodeFinished -> Critic -> EnvScored
    EnvRejected / EnvScored -> Memory, Learner (designer samples); EpisodeFinished -> Learner
    Learner -> WeightsUpdated -> Designer, Agent, Hinter

Units: token ids are ``int`` vocabulary indices; logprobs are natural-log probabilities
(``float``, ≤ 0); durations are seconds (``float``); times are Unix seconds (``float``).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

__all__ = [
    "AgentIn",
    "CriticIn",
    "DesignRequested",
    "DesignerIn",
    "EnvProposed",
    "EnvRejected",
    "EnvScored",
    "EnvValidated",
    "EpisodeFinished",
    "EpisodeRequested",
    "HintIssued",
    "LearnerIn",
    "MemoryIn",
    "Message",
    "Role",
    "TrainingSample",
    "Turn",
    "WeightsUpdated",
    "MESSAGE_TYPES",
]

Role = Literal["designer", "agent"]
HintOrigin = Literal["designer", "policy", "none"]
EpisodeStatus = Literal["ok", "max_turns", "token_budget", "env_error", "policy_error"]


class _Msg(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Base: frozen, keyword-only, tagged by class name."""


class DesignRequested(_Msg, frozen=True, kw_only=True, tag=True):
    """Ask the Designer for a group of ``group_size`` environments around one corpus passage.

    Attributes:
        request_id: unique id; the designs it yields share it as their GRPO ``group_id``.
        passage_id: id of the grounding passage (``"<doc id>#<passage index>"``).
        passage: the passage text.
        group_size: number of designs G sampled from the same prompt.
    """

    request_id: str
    passage_id: str
    passage: str
    group_size: int = 1


class EnvProposed(_Msg, frozen=True, kw_only=True, tag=True):
    """One design written by the model (or submitted by a user / the seed archive).

    Attributes:
        env_id: unique id of this environment.
        group_id: the ``DesignRequested.request_id`` (GRPO group) it came from.
        source: the Python program (defines ``class Env``).
        hint: the designer's privileged ``HINT`` ("" when none was parsed).
        passage_id: grounding passage it was built around ("" when none).
        policy_version: weight version that generated it (-1 when not model-written).
        prompt_ids: prompt token ids, shape ``(P,)``.
        output_ids: generated token ids, shape ``(T,)``.
        output_logprobs: rollout logprob of each generated token, shape ``(T,)``.
        parse_error: why the model's answer could not be parsed ("" when it could).
        temperature: sampling temperature of ``output_ids`` (0 = greedy); the logprobs are
            ``log_softmax(logits / temperature)`` (SGLang's convention, at 1 when greedy).
        group_size: designs in its GRPO group (0 = unknown); the Learner trains a group only
            once all of them reported.
        completion: the model's raw answer text, before parsing ("" when not model-written).
    """

    env_id: str
    group_id: str = ""
    source: str
    hint: str = ""
    passage_id: str = ""
    policy_version: int = -1
    prompt_ids: list[int] = []
    output_ids: list[int] = []
    output_logprobs: list[float] = []
    parse_error: str = ""
    temperature: float = 1.0
    group_size: int = 0
    completion: str = ""


class EnvRejected(_Msg, frozen=True, kw_only=True, tag=True):
    """The Critic rejected a design.

    Attributes:
        env_id: the rejected environment.
        group_id: its GRPO group.
        reason: a named reason (the list, one line each, is in docs/environment-contract.md:
            ``unparseable``, ``compile``, ``api``, ``max_turns_over_cap``, ``duplicate``,
            ``nondeterministic``, ``state_survives_reset``, ``crash``, ``timeout``,
            ``memory``, ``never_terminates``, ``reward_range``, ``flag_fields``,
            ``step_after_done``, ``not_serialisable``, ``hint_leak``, ``answer_leak``,
            ``degenerate``, ``env_error``, ``not_measured``, ``critic_error``).
        detail: one human-readable line.
        evidence: what shows the fault (seed, actions, first differing field, traceback ...).
        proposal: the proposal, kept so the designer sample can be trained on.
    """

    env_id: str
    group_id: str = ""
    reason: str
    detail: str = ""
    evidence: dict[str, Any] = {}
    proposal: EnvProposed | None = None


class EnvValidated(_Msg, frozen=True, kw_only=True, tag=True):
    """A design that passed every sandbox check.

    Attributes:
        env_id: the environment.
        proposal: the original proposal.
        description: the task text shown to the Agent.
        max_turns: the environment's ``MAX_TURNS``.
        tools: the environment's ``TOOLS`` (JSON-schema function specs), possibly empty.
        success_threshold: return at or above which an episode without ``info["success"]``
            counts as a success.
        validation_seconds: wall time spent validating (seconds).
    """

    env_id: str
    proposal: EnvProposed
    description: str
    max_turns: int
    tools: list[dict[str, Any]] = []
    success_threshold: float = 1.0
    validation_seconds: float = 0.0


class HintIssued(_Msg, frozen=True, kw_only=True, tag=True):
    """The privileged hint the Agent will see in hinted episodes.

    Attributes:
        env_id: the environment.
        env: the validated environment.
        hint: the hint text.
        origin: ``"designer"`` (the program's ``HINT``) or ``"policy"`` (written by the model
            from the source).
    """

    env_id: str
    env: EnvValidated
    hint: str
    origin: HintOrigin = "designer"


class EpisodeRequested(_Msg, frozen=True, kw_only=True, tag=True):
    """Play one episode.

    Attributes:
        episode_id: unique id.
        env_id: the environment.
        group_id: GRPO group of the episode (episodes of one environment under one condition).
        source: the environment program.
        description: task text.
        tools: tool specs.
        max_turns: turn cap.
        success_threshold: see ``EnvValidated``.
        seed: ``reset(seed=...)``.
        hint: the hint, or ``None`` for an unhinted episode.
        purpose: ``"score"`` (regret measurement) or ``"train"`` (replay for the Agent).
        group_size: episodes in its GRPO group (0 = unknown); see ``EnvProposed``.
    """

    episode_id: str
    env_id: str
    group_id: str = ""
    source: str
    description: str = ""
    tools: list[dict[str, Any]] = []
    max_turns: int = 10
    success_threshold: float = 1.0
    seed: int = 0
    hint: str | None = None
    purpose: Literal["score", "train"] = "score"
    group_size: int = 0


class Turn(msgspec.Struct, frozen=True, kw_only=True):
    """One Agent turn.

    Attributes:
        prompt_ids: tokens fed to the policy this turn (``(P,)``); masked out of the loss.
        output_ids: tokens the policy generated (``(T,)``); the loss is over these only.
        output_logprobs: rollout logprobs of ``output_ids`` (``(T,)``).
        action: the parsed action text (or tool call as JSON).
        tool: tool name when the action was a tool call, else ``None``.
        observation: what the environment (or tool) returned.
        reward: reward of this step.
        terminated: Gymnasium ``terminated``.
        truncated: Gymnasium ``truncated``.
        seconds: wall time of the turn (generation + step), seconds.
        error: why the answer was not played (NaN or lone surrogates in tool arguments, text
            that is not valid Unicode): nothing reached the environment and ``observation`` is
            the error the agent saw; ``None`` for a played turn.
    """

    prompt_ids: list[int] = []
    output_ids: list[int] = []
    output_logprobs: list[float] = []
    action: str = ""
    tool: str | None = None
    observation: str = ""
    reward: float = 0.0
    terminated: bool = False
    truncated: bool = False
    seconds: float = 0.0
    error: str | None = None


class EpisodeFinished(_Msg, frozen=True, kw_only=True, tag=True):
    """A finished episode with its trajectory.

    Attributes:
        episode_id: from the request.
        env_id: the environment.
        group_id: from the request.
        seed: from the request.
        hinted: whether the Agent saw the hint.
        purpose: from the request.
        turns: the trajectory, one ``Turn`` per step.
        episode_return: sum of rewards.
        success: ``info["success"]`` of the last step, else return ≥ threshold.
        status: ``ok``, ``max_turns``, ``token_budget``, ``env_error`` or ``policy_error``.
        reason: detail when status is not ``ok``.
        policy_version: weight version that produced the episode (-1 for scripted agents).
        seconds: wall time of the episode (seconds).
        temperature: sampling temperature of every turn's ``output_ids`` (see ``EnvProposed``).
        group_size: from the request.
    """

    episode_id: str
    env_id: str
    group_id: str = ""
    seed: int = 0
    hinted: bool = False
    purpose: Literal["score", "train"] = "score"
    turns: list[Turn] = []
    episode_return: float = 0.0
    success: bool = False
    status: EpisodeStatus = "ok"
    reason: str = ""
    policy_version: int = -1
    seconds: float = 0.0
    temperature: float = 1.0
    group_size: int = 0


class EnvScored(_Msg, frozen=True, kw_only=True, tag=True):
    """Hint-based regret of one environment (DESIGN.md §1).

    ``regret = success_with - success_without``; ``ci_low``/``ci_high`` bound it at the
    configured confidence.

    Attributes:
        env_id: the environment.
        proposal: the proposal it came from (source, hint, group, tokens).
        hint: the hint used; ``hint_origin`` where it came from.
        k: episodes per condition.
        success_without: success rate without the hint, in [0, 1].
        success_with: success rate with the hint, in [0, 1].
        regret: ``success_with - success_without``, in [-1, 1].
        ci_low: lower bound of the regret interval.
        ci_high: upper bound.
        accepted: whether regret passed the acceptance threshold (enters the archive as frontier).
        flags: labels such as ``impossible``, ``trivial``, ``coin_flip``, ``hint_states_answer``.
        description: task text.
        max_turns: turn cap.
        tools: tool specs.
        success_threshold: see ``EnvValidated``.
        evidence: what shows each integrity flag (``constant_solution``: the replayed
            actions and the seeds they won; ``information_gate``: the seed and the hint-only
            tokens the win needs).
    """

    env_id: str
    proposal: EnvProposed
    hint: str
    hint_origin: HintOrigin = "designer"
    k: int
    success_without: float
    success_with: float
    regret: float
    ci_low: float
    ci_high: float
    accepted: bool
    flags: list[str] = []
    description: str = ""
    max_turns: int = 10
    tools: list[dict[str, Any]] = []
    success_threshold: float = 1.0
    evidence: dict[str, Any] = {}


class TrainingSample(_Msg, frozen=True, kw_only=True, tag=True):
    """One sequence for the learner.

    Attributes:
        role: ``"designer"`` or ``"agent"``.
        group_id: GRPO group; advantages are normalised within it.
        input_ids: the whole sequence, shape ``(L,)``.
        loss_mask: 1 for the policy's own tokens, 0 for prompt/observations/tool results,
            shape ``(L,)``.
        rollout_logprobs: logprob under the rollout policy at each position (0.0 where the mask
            is 0), shape ``(L,)``.
        reward: the scalar reward (regret for designs, return for episodes).
        policy_version: weight version that produced the tokens.
        sft: train by maximum likelihood instead of policy gradient (warm start).
        temperature: sampling temperature of the tokens (0 = greedy); the learner scores them
            at the same temperature, so the importance weight against ``rollout_logprobs``
            measures staleness and engine mismatch only.
        group_size: messages (designs or episodes) in its group, 0 = unknown; the Learner
            waits for all of them before the group's advantages are computed.
    """

    role: Role
    group_id: str
    input_ids: list[int]
    loss_mask: list[int]
    rollout_logprobs: list[float]
    reward: float
    policy_version: int
    sft: bool = False
    temperature: float = 1.0
    group_size: int = 0


class WeightsUpdated(_Msg, frozen=True, kw_only=True, tag=True):
    """Every policy server now serves ``version``.

    Attributes:
        version: the new policy version.
        path: directory of the safetensors checkpoint the servers loaded ("" when the weights
            were broadcast: ``learner.weight_sync = "broadcast"``).
        checksum: hex digest of the weights the servers confirmed ("" when broadcast).
        seconds: time from gather to all servers confirming (seconds).
    """

    version: int
    path: str
    checksum: str
    seconds: float = 0.0


Message = (
    DesignRequested
    | EnvProposed
    | EnvRejected
    | EnvValidated
    | HintIssued
    | EpisodeRequested
    | EpisodeFinished
    | EnvScored
    | TrainingSample
    | WeightsUpdated
)
"""Any message."""

MESSAGE_TYPES: tuple[type[msgspec.Struct], ...] = (
    DesignRequested,
    EnvProposed,
    EnvRejected,
    EnvValidated,
    HintIssued,
    EpisodeRequested,
    EpisodeFinished,
    EnvScored,
    TrainingSample,
    WeightsUpdated,
)

DesignerIn = DesignRequested | WeightsUpdated
CriticIn = EnvProposed
AgentIn = EpisodeRequested | WeightsUpdated
MemoryIn = EnvScored | EnvRejected
LearnerIn = TrainingSample | EnvScored | EnvRejected | EpisodeFinished
