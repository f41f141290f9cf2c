"""The engine as a library: a trio API for services that embed it.

One ``async with`` starts the engine's actors inside the caller's task (their nursery is the
block's), and the block's end stops them::

    import engine

    async with engine.open_engine(config, agent=my_agent) as eng:
        verdict = await eng.submit_env(source)          # EnvScored | EnvRejected
        async with trio.open_nursery() as nursery:      # or stream every outcome
            ...
        for n in await eng.nearest("binary search", k=3):
            print(n.record.env_id, n.similarity)
        await eng.stop()                                # optional: the block's end stops too

Topology (one :class:`engine.runtime.Runtime`, built by :func:`engine.wiring.wire` as for the
self-play loop, without the driver and the learner)::

    API --DesignRequested--> designer --EnvProposed--> critic        (designer: policy only)
    API --EnvProposed-----------------------------------> critic
    critic: score_env(proposal) = validate, hint, 2K episodes, regret, integrity replays
    critic --EnvScored|EnvRejected--> results --> memory (the archive)

``results`` hands each outcome to the call waiting for it and to every open
:meth:`Engine.results` stream before passing it on to Memory. Nothing here trains: the
learner belongs to the self-play loop (``python -m engine.run``).

The agent is either the policy (``agent=None``: CPU policy servers are launched per
``config.policy``, or the servers of ``config.policy.urls`` are attached) or a scripted callable
``(observations, hint, rng, memory) -> str`` (see ``actors.agent.ScriptedAgent``), so tests and
services run without a model. Design requests need the policy.

Failures that are part of normal operation are values: an invalid environment comes back as
the Critic's ``EnvRejected``. Calls after :meth:`Engine.stop` raise ``EngineStopped``.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import trio

from engine._results import EngineState as EngineState  # re-exported
from engine._results import (
    EngineStatistics,
    Outcome,
    Results,
    ResultStream,
    Waiter,
)
from engine._results import StreamItem as StreamItem  # re-exported
from engine.config import Config
from engine.errors import ConfigError, EngineStopped
from engine.messages import DesignRequested, EnvProposed, EnvScored
from engine.runtime import MeteredSendChannel, Runtime
from engine.seeding import derive_seed
from engine.wiring import outcome_group

if TYPE_CHECKING:
    from actors.memory import Archive, ArchiveRecord, Neighbour

__all__ = [
    "Engine",
    "EngineStatistics",
    "Outcome",
    "ResultStream",
    "open_engine",
]


class Engine:
    """A running engine; made by :func:`open_engine`, not directly.

    Every method runs on the trio thread of the ``open_engine`` block (from any task there).
    """

    def __init__(
        self,
        config: Config,
        runtime: Runtime,
        archive: Archive,
        memory: Any,
        *,
        agent_name: str,
        has_designer: bool,
    ) -> None:
        self.config = config
        """The configuration the engine runs with."""
        self._rt = runtime
        self._archive = archive
        self._memory = memory
        self._agent_name = agent_name
        self._has_designer = has_designer
        self._to_critic: MeteredSendChannel[Any] = None  # type: ignore[assignment]
        self._to_designer: MeteredSendChannel[Any] | None = None
        self._state: EngineState = "running"
        self._done = trio.Event()
        self._waiting: dict[str, Waiter] = {}
        self._streams: set[ResultStream] = set()
        self._submitted = 0
        self._design_requests = 0
        self._scored = 0
        self._accepted = 0
        self._regret_sum = 0.0
        self._rejected: dict[str, int] = {}
        self._dropped = 0
        self._t0 = time.monotonic()
        self._final: EngineStatistics | None = None

    # ------------------------------------------------------------------ the runtime's life

    def _connect(self) -> None:
        """Take the API's send ends (once the whole topology is declared)."""
        self._to_critic = self._rt.sender("critic")
        if self._has_designer:
            self._to_designer = self._rt.sender("designer")

    async def _run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        try:
            await self._rt.run(task_status=task_status)
        finally:
            self._finish()

    def _finish(self) -> None:
        """The runtime returned: wake every waiter (they raise ``EngineStopped``), end streams."""
        if self._state == "stopped":
            return
        self._state = "stopped"
        self._final = self.statistics()
        self._done.set()
        for w in self._waiting.values():
            w.done.set()
        for s in list(self._streams):
            s._end()
        self._to_critic.close()
        if self._to_designer is not None:
            self._to_designer.close()

    def _abort(self) -> None:
        """Hard stop: cancel every actor now (the host raised or was cancelled)."""
        if self._state == "running":
            self._state = "stopping"
        self._rt.cancel()

    def _check(self, what: str) -> None:
        if self._state != "running":
            raise EngineStopped(
                f"engine.{what}: the engine is {self._state}; open a new one with "
                "engine.open_engine(...)"
            )

    def _deliver(self, msg: Outcome) -> None:
        """Called by the results actor for every outcome, in the order the Critic emits them."""
        if isinstance(msg, EnvScored):
            self._scored += 1
            self._accepted += int(msg.accepted)
            self._regret_sum += msg.regret
        else:
            self._rejected[msg.reason] = self._rejected.get(msg.reason, 0) + 1
        group = outcome_group(msg)
        key = msg.env_id if msg.env_id in self._waiting else group
        w = self._waiting.get(key)
        if w is not None:
            w.outcomes[msg.env_id] = msg
            if len(w.outcomes) >= w.expected:
                w.done.set()
        for s in list(self._streams):
            s._offer(msg)

    # ------------------------------------------------------------------------ the offers

    @property
    def state(self) -> EngineState:
        """``running``, ``stopping`` or ``stopped``."""
        return self._state

    async def submit_env(self, source: str, hint: str = "", *, env_id: str = "") -> Outcome:
        """Validate an environment and, if it is valid, measure its hint-based regret.

        The Critic scores it with ``actors.critic.score_env`` (the one scoring path): every
        sandbox check, the hint, ``critic.k`` episodes without and with it, regret and the
        integrity replays; the outcome is archived. Nothing the program or the agent does
        raises out of it (a lone surrogate in a tool argument is a failed turn).

        Args:
            source: the environment program (Python source defining ``class Env``).
            hint: the hint to use; ``""`` uses the program's ``HINT``.
            env_id: the environment's id (default: a fresh ``api-<hex>``, or under
                ``run.deterministic`` one derived from ``run.seed``, the submission's number
                and its content); unique among the submissions in flight.

        Returns:
            ``EnvScored`` (success rates, regret, its interval, acceptance, flags) or the
            Critic's ``EnvRejected`` (named reason, detail, evidence). An invalid program is a
            rejection, never an exception.

        Raises:
            EngineStopped: the engine is stopping or stopped (also when it stops before the
                outcome is in).
            ValueError: ``env_id`` is already in flight, or is not valid Unicode.
            TypeError: ``source``, ``hint`` or ``env_id`` is not a ``str`` (a subclass of
                ``str``, such as ``numpy.str_``, is taken as its plain text).

        Cancellation: cancellable while waiting (back-pressure from the Critic's bounded inbox
        included); an environment already handed to the Critic is still scored and reaches
        the archive and the result streams.
        """
        self._check("submit_env")
        source = _text("submit_env", "source", source)
        hint = _text("submit_env", "hint", hint)
        env_id = _text("submit_env", "env_id", env_id) or self._fresh_id(
            "api", self._submitted, source, hint
        )
        try:
            env_id.encode("utf-8")
        except UnicodeEncodeError:  # every record is UTF-8 JSON: the id could not be written
            raise ValueError(
                f"submit_env: env_id {env_id!r} is not valid Unicode (a lone surrogate)"
            ) from None
        msg = EnvProposed(env_id=env_id, source=source, hint=hint)
        self._submitted += 1
        outcomes = await self._submit(env_id, 1, self._to_critic, msg)
        return outcomes[0]

    async def submit_design_request(
        self, passage: str, group_size: int | None = None, *, passage_id: str = ""
    ) -> list[Outcome]:
        """Ask the Designer for ``group_size`` environments grounded in ``passage``; score them.

        Args:
            passage: the grounding text (a corpus passage, docs, code).
            group_size: designs sampled from the one prompt (default ``designer.group_size``).
            passage_id: an id for the passage, kept in the proposals ("" for none).

        Returns:
            One outcome per design, in sample order: ``EnvScored`` or ``EnvRejected`` (an
            answer without a program is rejected as ``unparseable``). Their ``group_id`` is the
            request's id.

        Raises:
            ConfigError: the engine runs a scripted agent, so there is no policy to design.
            EngineStopped: the engine is stopping or stopped.
            ValueError: ``group_size`` below 1.
            TypeError: ``passage`` or ``passage_id`` is not a ``str``.

        Cancellation: cancellable while waiting; the designs still reach the archive and the
        result streams.
        """
        self._check("submit_design_request")
        if self._to_designer is None:
            raise ConfigError(
                "submit_design_request: this engine plays a scripted agent and has no policy to "
                "write designs; open it with agent=None (policy servers per [policy])"
            )
        passage = _text("submit_design_request", "passage", passage)
        passage_id = _text("submit_design_request", "passage_id", passage_id)
        g = self.config.designer.group_size if group_size is None else group_size
        if g < 1:
            raise ValueError(f"submit_design_request: group_size = {g}, must be >= 1")
        request_id = self._fresh_id("api-design", self._design_requests, passage, g)
        msg = DesignRequested(
            request_id=request_id, passage_id=passage_id, passage=passage, group_size=g
        )
        self._design_requests += 1
        outcomes = await self._submit(request_id, g, self._to_designer, msg)
        order = {f"{request_id}/{i}": i for i in range(g)}
        return sorted(outcomes, key=lambda o: order.get(o.env_id, g))

    def _fresh_id(self, prefix: str, n: int, *content: object) -> str:
        """A fresh id for the ``n``-th submission: random, or under ``run.deterministic`` one
        derived from ``run.seed``, ``n`` and the content, since the Critic's episode seeds and
        the policy's sampling seeds are derived from the id (the same submissions in the same
        order get the same seeds, so the same outcomes, on a rerun)."""
        if not self.config.run.deterministic:
            return f"{prefix}-{uuid.uuid4().hex[:12]}"
        return f"{prefix}-{n:06d}-{derive_seed(self.config.run.seed, prefix, n, *content):08x}"

    async def _submit(
        self, key: str, expected: int, to: MeteredSendChannel[Any], msg: Any
    ) -> list[Outcome]:
        if key in self._waiting:
            raise ValueError(f"id {key!r} is already in flight")
        w = Waiter(expected=expected)
        self._waiting[key] = w
        try:
            try:
                await to.send(msg)
            except (trio.ClosedResourceError, trio.BrokenResourceError):
                raise EngineStopped("the engine stopped before the submission was taken") from None
            await w.done.wait()
        finally:
            del self._waiting[key]
        if len(w.outcomes) < expected:
            raise EngineStopped(
                f"the engine stopped before {key!r} was scored "
                f"({len(w.outcomes)} of {expected} outcomes in)"
            )
        return list(w.outcomes.values())

    def results(self, *, buffer: int = 64, metrics_every_s: float | None = None) -> ResultStream:
        """A stream of every outcome from now on (and statistics snapshots if asked).

        Args:
            buffer: items held for a slow reader (>= 1); beyond it the oldest are dropped.
            metrics_every_s: also yield an :class:`EngineStatistics` when this many seconds
                pass without one (``None``: outcomes only).

        Returns:
            A :class:`ResultStream` (``with eng.results() as stream: async for x in stream``).

        Raises:
            EngineStopped: the engine is stopping or stopped.
            ValueError: ``buffer`` below 1 or ``metrics_every_s`` not positive.
        """
        self._check("results")
        if buffer < 1:
            raise ValueError(f"results: buffer = {buffer}, must be >= 1")
        if metrics_every_s is not None and not metrics_every_s > 0:
            raise ValueError(f"results: metrics_every_s = {metrics_every_s}, must be > 0")
        stream = ResultStream(self, buffer, metrics_every_s)
        self._streams.add(stream)
        return stream

    def archive_records(
        self, *, origin: Literal["designed", "seed"] | None = None
    ) -> list[ArchiveRecord]:
        """The archive's live records, oldest first.

        Args:
            origin: only ``"designed"`` (scored through the engine) or ``"seed"`` records.

        Raises:
            EngineStopped: the engine is stopping or stopped.
        """
        self._check("archive_records")
        recs = self._archive.records()
        return recs if origin is None else [r for r in recs if r.origin == origin]

    async def nearest(self, text: str, k: int = 5) -> list[Neighbour]:
        """The ``k`` archived environments most similar to ``text`` (cosine, HNSW), best first.

        The text is embedded with ``memory.embedder`` in a worker thread.

        Args:
            text: a query (a task description, a program, a topic).
            k: how many; fewer when the archive is smaller.

        Raises:
            EngineStopped: the engine is stopping or stopped.

        Cancellation: cancellable; the embedding finishes in its thread and is dropped.
        """
        self._check("nearest")
        archive = self._archive
        return await trio.to_thread.run_sync(archive.nearest, text, k)

    def statistics(self) -> EngineStatistics:
        """A snapshot of the engine's counters (cheap).

        Still answers after the engine stopped, with the counts at the moment it stopped.
        """
        if self._final is not None:
            return self._final
        mem = self._memory.statistics()
        return EngineStatistics(
            state=self._state,
            agent=self._agent_name,
            submitted=self._submitted,
            design_requests=self._design_requests,
            pending=len(self._waiting),
            scored=self._scored,
            accepted=self._accepted,
            rejected=dict(self._rejected),
            mean_regret=self._regret_sum / self._scored if self._scored else None,
            archive_size=mem.size,
            vendi_per_n=mem.vendi_per_n,
            results_dropped=self._dropped,
            uptime_s=time.monotonic() - self._t0,
            runtime=self._rt.statistics(),
        )

    async def stop(self, *, deadline_s: float | None = None) -> None:
        """Stop taking work, let the work in flight finish, then stop every actor.

        Submissions in flight get their outcomes; new calls raise ``EngineStopped``. Work
        still running after ``deadline_s`` is cancelled (its callers get ``EngineStopped``).
        Idempotent; the end of the ``open_engine`` block calls it.

        Args:
            deadline_s: seconds to drain before cancelling (default
                ``run.shutdown_deadline_s``).

        Cancellation: cancelling the caller cancels the engine at once.
        """
        if self._state == "stopped":
            return
        self._state = "stopping"
        self._rt.close_external()
        deadline = self.config.run.shutdown_deadline_s if deadline_s is None else deadline_s
        try:
            with trio.move_on_after(deadline):
                await self._done.wait()
            if not self._done.is_set():
                self._rt.cancel()
                await self._done.wait()
        except BaseException:
            self._rt.cancel()
            raise


def _agent(agent: Any) -> Any:
    """A scripted callable wrapped as ``ScriptedAgent``; an agent object passed through."""
    from actors.agent import ScriptedAgent

    if hasattr(agent, "act") and hasattr(agent, "budget_left"):
        return agent
    if callable(agent):
        return ScriptedAgent(agent)
    raise TypeError(
        f"open_engine: agent must be None (the policy) or a callable "
        f"(observations, hint, rng, memory) -> str, got {type(agent).__name__}"
    )


def _leaves(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in _leaves(sub)]
    return [exc]


def _primary(group: BaseExceptionGroup[BaseException]) -> BaseException | None:
    """The one error that explains a nursery's group, else ``None``.

    Nurseries wrap even a lone error; and when an actor fails, a caller woken by the stop
    raises ``EngineStopped`` beside the actor's ``ActorFailed``: the latter is the error.
    """
    leaves = _leaves(group)
    primary = [e for e in leaves if not isinstance(e, (EngineStopped, trio.Cancelled))]
    if len(primary) == 1:
        return primary[0]
    if not primary and len(leaves) == 1:
        return leaves[0]
    return None


@asynccontextmanager
async def open_engine(
    config: Config | None = None,
    *,
    agent: Any = None,
    run_dir: str | os.PathLike[str] | None = None,
) -> AsyncIterator[Engine]:
    """Start the engine inside the calling task; stop it when the block ends.

    Opens the sandbox and the archive, launches or attaches the policy servers when
    ``agent`` is ``None``, and runs the actors (see the module docstring) in a nursery that
    lives as long as the block.

    Args:
        config: the configuration (default ``Config()``). Used sections: ``sandbox``,
            ``critic``, ``hinter``, ``agent``, ``memory``, ``run.channel_capacity``,
            ``run.shutdown_deadline_s``, and ``policy``/``designer`` with the policy.
        agent: ``None`` for the policy, or a scripted agent: a callable
            ``(observations: list[str], hint: str | None, rng: random.Random, memory: dict)
            -> str`` (or an ``actors.agent`` agent object with ``act``/``budget_left``).
        run_dir: directory holding ``archive/`` (reopened if present, so the archive
            survives restarts) and ``logs/`` of launched servers; ``None`` uses a temporary
            directory removed at the end.

    Yields:
        The running :class:`Engine`.

    Raises:
        ConfigError: ``hinter.source = "policy"`` with a scripted agent.
        TypeError: ``agent`` is neither ``None`` nor callable.
        SandboxError: the sandbox could not start.
        LaunchError, ModelError, PolicyUnavailable: the policy servers could not start.
        ActorFailed: an actor failed while the block ran (the block is cancelled first).

    Cancellation: cancelling the block (or an exception in it) cancels every actor; it
    returns once in-flight sandbox calls end (each bounded by ``sandbox.call_deadline_s``).
    A normal exit drains first (:meth:`Engine.stop`).
    """
    from actors.memory import Archive
    from engine.wiring import close_archive, wire
    from sandbox_wasm import Sandbox

    cfg = Config() if config is None else config
    scripted = _agent(agent) if agent is not None else None
    if scripted is not None and cfg.hinter.source == "policy":
        raise ConfigError(
            'hinter.source = "policy" needs the policy, but open_engine was given a scripted '
            'agent: set hinter.source = "designer" or pass agent=None'
        )
    try:
        async with AsyncExitStack() as stack:
            if run_dir is None:
                root = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="spade-")))
            else:
                root = Path(run_dir)
            archive = await trio.to_thread.run_sync(Archive.open, root / "archive", cfg.memory)
            stack.push_async_callback(close_archive, archive)
            sandbox = await stack.enter_async_context(Sandbox.open(cfg.sandbox))
            client = tokenizer = None
            if scripted is None:
                from engine.inference import (
                    ensure_tiny_model,
                    launch_policy_servers,
                    load_tokenizer,
                )

                pc = cfg.policy
                urls = await stack.enter_async_context(
                    launch_policy_servers(pc, pc.model_path or None, log_dir=root / "logs")
                )
                from engine.inference.router import policy_client

                client = await stack.enter_async_context(policy_client(urls, pc, root / "logs"))
                model = pc.model_path
                if not model and pc.urls:
                    info = await client.model_info()
                    model = info.tokenizer_path or info.model_path
                if not model:
                    model = str(await trio.to_thread.run_sync(ensure_tiny_model))
                tokenizer = await trio.to_thread.run_sync(load_tokenizer, model)
            results = Results()
            wiring = wire(
                cfg,
                sandbox=sandbox,
                archive=archive,
                outcomes=results,
                client=client,
                tokenizer=tokenizer,
                scripted=scripted,
                on_archived=lambda score: eng._deliver(score),
            )
            eng = results.engine = Engine(
                cfg,
                wiring.runtime,
                archive,
                wiring.actors["memory"],
                agent_name="policy" if scripted is None else str(scripted.name),
                has_designer="designer" in wiring.actors,
            )
            eng._connect()
            async with trio.open_nursery() as nursery:
                await nursery.start(eng._run)
                try:
                    yield eng
                except BaseException:
                    eng._abort()
                    raise
                await eng.stop()
    except BaseExceptionGroup as group:
        leaf = _primary(group)
        if leaf is None:
            raise
        raise leaf from leaf.__cause__


def _text(call: str, field: str, value: Any) -> str:
    """``value`` as a plain ``str`` (a ``str`` subclass, such as ``numpy.str_``, becomes its
    text: the sandbox's wire encoder takes exact ``str`` only, and a subclass's own
    ``__str__`` is not called).

    Raises:
        TypeError: ``value`` is not a ``str``; the message names ``call`` and ``field``.
    """
    if not isinstance(value, str):
        # tp_name itself: a metaclass's __name__ property is the caller's code, which may raise
        kind = type.__dict__["__name__"].__get__(type(value))
        raise TypeError(f"{call}: {field} must be str, got {kind}")
    return str.__str__(value)
