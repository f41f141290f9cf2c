"""The one wiring: build the engine's actors from a config and connect them on a runtime.

Both ways of running the engine use :func:`wire`: the self-play loop (``engine.loop``, with a
learner, the Agent's replays and the Recorder) and the library API (``engine.api``, without
training, with the results actor that hands outcomes to their callers)::

    designer --EnvProposed--> critic                     (designer: with a policy client only)
    critic --EnvScored|EnvRejected--> <outcomes> --> memory (the archive's only writer)
    with a learner (self-play):
    critic (outcomes + score episodes), agent (replays) --> learner --WeightsUpdated--> <outcomes>
    critic (score episodes), agent (replays) --EpisodeFinished--> <outcomes>

``<outcomes>`` is the caller's actor between the Critic and Memory (the loop's
``Recorder``, the API's results actor); its ``name`` is its runtime name.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import trio

from engine.config import Config
from engine.messages import EnvProposed, EnvRejected, EnvScored
from engine.runtime import Runtime
from engine.seeding import derive_rng

if TYPE_CHECKING:
    from actors.memory import Archive

__all__ = [
    "LearnerPorts",
    "Wiring",
    "close_archive",
    "connect",
    "duplicate_test",
    "outcome_group",
    "wire",
]


def outcome_group(outcome: EnvScored | EnvRejected) -> str:
    """The design group (design request id) an outcome belongs to ("" when unknown)."""
    if isinstance(outcome, EnvScored):
        return outcome.proposal.group_id
    return outcome.group_id or (outcome.proposal.group_id if outcome.proposal else "")


def duplicate_test(
    archive: Archive, rescoring: Container[str] = frozenset()
) -> Callable[[str, str], tuple[bool, str, float]]:
    """The Critic's near-duplicate test over the archive (threshold from ``[memory]``).

    Called in the Critic's worker threads (the archive's lock serialises the kNN query).
    Sources in ``rescoring`` are archived environments the loop re-submits for scoring; the
    archive holding them is not a duplicate.
    """

    def test(source: str, description: str) -> tuple[bool, str, float]:
        if source in rescoring:
            return False, "", 0.0
        dup, env_id, similarity = archive.is_duplicate(source, description)
        return bool(dup), env_id or "", float(similarity)

    return test


class LearnerPorts:
    """Adapts the Learner's positional outboxes to the runtime's named ports."""

    name = "learner"

    def __init__(self, learner: Any) -> None:
        self.learner = learner

    async def run(
        self,
        inbox: Any,
        to_recorder: Any,
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        await self.learner.run(inbox, to_recorder, task_status=task_status)

    def statistics(self) -> Any:
        return self.learner.statistics()


@dataclass(frozen=True)
class Wiring:
    """What :func:`wire` built: the runtime (declared, not started) and its actors by name.

    Attributes:
        runtime: the runtime with every actor added (start it with ``nursery.start(rt.run)``).
        actors: ``designer`` (with a policy), ``critic``, ``agent`` and ``learner`` (with a
            learner), the outcomes actor under its name, ``memory``.
    """

    runtime: Runtime
    actors: dict[str, Any]


async def close_archive(archive: Archive) -> None:
    """Close the archive (fsync, index save) in a worker thread, shielded from cancellation,
    so a stop neither blocks the event loop on the disk nor leaves the index unsaved."""
    with trio.CancelScope(shield=True):
        await trio.to_thread.run_sync(archive.close)


def _critic_rng(seed: int, proposal: EnvProposed) -> random.Random:
    """Deterministic mode: the Critic's seeds for one design, from its id."""
    return derive_rng(seed, "critic", proposal.env_id)


def wire(
    config: Config,
    *,
    sandbox: Any,
    archive: Archive,
    outcomes: Any,
    client: Any = None,
    tokenizer: Any = None,
    scripted: Any = None,
    learner: Any = None,
    on_archived: Callable[[EnvScored], None] | None = None,
    rescoring: Container[str] = frozenset(),
) -> Wiring:
    """Build every actor from ``config`` and connect them (see the module docstring).

    Args:
        config: the resolved configuration (``critic``, ``agent``, ``hinter``, ``designer``,
            ``run.channel_capacity``, ``run.shutdown_deadline_s``, ``run.loop_lag_interval_s``,
            ``run.deterministic``/``run.seed``, ``policy.temperature``/``top_p``).
        sandbox: the open ``sandbox_wasm.Sandbox``.
        archive: the open archive; Memory is its only writer, the Designer and the Critic's
            duplicate test read it.
        outcomes: the actor between the Critic and Memory (ports ``inbox``, ``to_memory``);
            added under its ``name``.
        client: the policy client (``PolicyClient``), or ``None`` with a scripted agent (then
            there is no Designer and the hinter uses the designer's hint only).
        tokenizer: the policy's tokenizer (with ``client``).
        scripted: the scripted agent (``actors.agent.ScriptedAgent``) playing instead of the
            policy, or ``None``.
        learner: the Learner; with it the Agent (replays) and the learner are wired too.
        on_archived: Memory calls it with each score once archived (on the loop thread).
        rescoring: sources the loop re-submits for scoring (not duplicates of themselves).

    Returns:
        The declared runtime and the actors.

    Raises:
        ConfigError: ``run.channel_capacity`` is negative.
        ValueError: neither ``client`` nor ``scripted`` given.
    """
    from actors.agent import Agent, PolicyAgent
    from actors.critic import Critic
    from actors.hinter import Hinter
    from actors.memory import Memory

    if client is None and scripted is None:
        raise ValueError("wire: give a policy client or a scripted agent")
    det = config.run.deterministic
    seed = config.run.seed if det else None  # per-request sampling seeds in deterministic mode
    actors: dict[str, Any] = {}
    if client is not None:
        from actors.designer import Designer

        player: Any = PolicyAgent(
            client,
            tokenizer,
            config.agent,
            temperature=config.policy.temperature,
            top_p=config.policy.top_p,
            seed=seed,
        )
        hinter = Hinter(config.hinter, client=client, tokenizer=tokenizer, seed=seed)
        if scripted is None:
            actors["designer"] = Designer(
                client, tokenizer, config.designer, memory=archive, seed=seed
            )
    if scripted is not None:
        player = scripted
        if client is None:
            hinter = Hinter(config.hinter)
    actors["critic"] = Critic(
        sandbox,
        config.critic,
        agent=player,
        agent_config=config.agent,
        hinter=hinter,
        is_duplicate=duplicate_test(archive, rescoring),
        # scoring seeds: private (OS entropy), so no design can be rigged on them;
        # deterministic mode derives them from run.seed by design id (rng_for)
        rng=random.Random(secrets.randbits(64)),
        rng_for=functools.partial(_critic_rng, config.run.seed) if det else None,
        # deterministic: verdicts in submission order
        max_concurrent_validations=1 if det else 4,
    )
    if learner is not None:
        actors["agent"] = Agent(sandbox, player, config.agent)
    actors[outcomes.name] = outcomes
    actors["memory"] = Memory(archive, on_archived)
    if learner is not None:
        actors["learner"] = LearnerPorts(learner)

    rt = Runtime(
        capacity=config.run.channel_capacity,
        shutdown_deadline_s=config.run.shutdown_deadline_s,
        lag_interval_s=config.run.loop_lag_interval_s,
    )
    connect(rt, actors, outcomes=outcomes.name)
    return Wiring(runtime=rt, actors=actors)


def connect(rt: Runtime, actors: dict[str, Any], *, outcomes: str) -> None:
    """Declare the topology (see the module docstring) of ``actors`` on ``rt``.

    Args:
        rt: a fresh runtime.
        actors: ``critic``, ``memory`` and the outcomes actor; ``designer`` when present;
            ``agent`` and ``learner`` (adapted to named ports, :class:`LearnerPorts`) together.
        outcomes: the outcomes actor's name (``recorder`` or ``results``).
    """
    training = "learner" in actors
    if "designer" in actors:
        rt.add("designer", actors["designer"], outputs={"to_critic": "critic"})
    critic_outputs = {"to_memory": outcomes}
    if training:
        critic_outputs |= {"to_learner": "learner", "to_recorder": outcomes}
    rt.add("critic", actors["critic"], outputs=critic_outputs)
    if training:
        rt.add("agent", actors["agent"], outputs={"to_learner": "learner", "to_recorder": outcomes})
    rt.add(outcomes, actors[outcomes], outputs={"to_memory": "memory"})
    rt.add("memory", actors["memory"])
    if training:
        rt.add("learner", actors["learner"], outputs={"to_recorder": outcomes})
