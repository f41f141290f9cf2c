"""The self-play loop: every actor wired from one config, driven iteration by iteration.

Topology (one :class:`engine.runtime.Runtime`, one root nursery)::

    driver --DesignRequested--> designer --EnvProposed--> critic
    critic: score_env(proposal) = validate, hint, 2K episodes, regret, integrity replays
    driver --EpisodeRequested(train)--> agent                 (replays, prioritised by regret)
    critic --EnvScored|EnvRejected--> recorder --> memory     (archive, index, Vendi)
    critic (outcomes + score episodes), agent --> learner --WeightsUpdated--> recorder
                                                              (GRPO on FSDP ranks, weight sync)
    critic (score episodes), agent (replays) --EpisodeFinished--> recorder
    recorder: designs.jsonl (every design, its verdict), episodes.jsonl (transcripts)

The driver starts an iteration by sending design requests (passages sampled without
replacement from the grounding corpus) and replays, and closes it when every design of the
iteration was scored or rejected. It submits ``scheduler.lookahead`` iterations ahead: the next
one's requests go out as soon as the Designer has proposed everything so far, so generation
overlaps the scoring of the previous designs. In ``run.deterministic`` mode it does not look
ahead, and an iteration ends only once Memory archived its outcomes and its replays finished
(``engine.seeding`` says what else that mode fixes). The learner trains
asynchronously: it steps whenever ``learner.batch_size`` samples are in, syncs the policy
servers, and samples older than ``max_staleness`` versions are dropped there.

Shutdown is channel closure: the driver closes its senders, the pipeline drains, the learner
trains the last partial batch, checkpoints and returns. Ctrl-C once does that; twice cancels.
"""

from __future__ import annotations

import collections
import functools
import json
import math
import random
import secrets
import signal
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import msgspec
import trio

from engine._warm_start import (
    cached_warm_start,
    exact_match,
    held_out_samples,
    store_warm_start,
    warm_start_cache,
    warm_start_samples,
)
from engine.config import Config, RunConfig
from engine.designs import (
    DESIGNS_FILE,
    EPISODES_FILE,
    design_record,
    episode_kept,
    episode_record,
)
from engine.errors import ArchiveError, EngineError, PolicyError
from engine.messages import (
    DesignRequested,
    EnvProposed,
    EnvRejected,
    EnvScored,
    EpisodeFinished,
    EpisodeRequested,
    TrainingSample,
    WeightsUpdated,
)
from engine.rundir import RunDir
from engine.runtime import MeteredReceiveChannel, MeteredSendChannel, Runtime
from engine.seeding import derive_rng, derive_seed, deterministic_policy

__all__ = [
    "IterationRow",
    "Outcome",
    "Recorder",
    "SelfPlay",
    "dump_summary",
    "summary",
    "topology",
    "warm_start_samples",
]


class IterationRow(msgspec.Struct, frozen=True, kw_only=True):
    """One line of ``metrics.jsonl`` and one row of the console table.

    Attributes:
        iteration: 1-based iteration number (continues across resumes).
        seconds: wall time of the iteration (seconds).
        proposed: designs proposed this iteration.
        accepted: designs scored with regret at or above the acceptance threshold.
        scored: designs that passed validation and were scored.
        rejected: rejections this iteration, by reason.
        rescored: archived environments (the seeds) scored this iteration for the current Agent.
        rescored_regret: their mean regret.
        episodes: episodes finished this iteration (scoring and replays).
        success_without: mean success without the hint over this iteration's scored designs.
        success_with: mean success with the hint, same designs.
        mean_regret: mean regret of this iteration's scored designs.
        learner_steps: optimizer steps taken so far (run total).
        learner_loss: loss of the last step.
        weight_version: policy version the servers serve.
        vendi_per_n: Vendi score of the archive divided by its size.
        archive_size: environments in the archive.
        tokens_per_s: generated tokens per second this iteration (all roles).
        loop_lag_max_s: worst event-loop lag seen so far (seconds).
    """

    iteration: int
    seconds: float
    proposed: int
    accepted: int
    scored: int
    rejected: dict[str, int]
    rescored: int = 0
    rescored_regret: float | None = None
    episodes: int
    success_without: float | None
    success_with: float | None
    mean_regret: float | None
    learner_steps: int
    learner_loss: float | None
    weight_version: int
    vendi_per_n: float
    archive_size: int
    tokens_per_s: float
    loop_lag_max_s: float


class RecorderStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Recorder actor.

    Attributes:
        scored: ``EnvScored`` seen.
        rejected: ``EnvRejected`` seen.
        weight_version: last ``WeightsUpdated.version`` (-1 before any).
        designs_written: records appended to ``designs.jsonl``.
        episodes_written: transcripts appended to ``episodes.jsonl``.
    """

    scored: int
    rejected: int
    weight_version: int
    designs_written: int = 0
    episodes_written: int = 0


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """What the driver keeps of one scored or rejected design (not its source or tokens).

    Attributes:
        env_id: the environment.
        group_id: its design group (the design request it came from).
        reason: the rejection reason, or ``None`` when it was scored.
        k: episodes per condition (0 when rejected).
        success_without: success rate without the hint.
        success_with: success rate with the hint.
        regret: ``success_with - success_without``.
        accepted: scored at or above the acceptance threshold.
    """

    env_id: str
    group_id: str = ""
    reason: str | None = None
    k: int = 0
    success_without: float = 0.0
    success_with: float = 0.0
    regret: float = 0.0
    accepted: bool = False


class Recorder:
    """Sees every outcome: forwards scores and rejections to Memory, keeps a small summary of
    each for the driver, records the last weight update, and writes ``designs.jsonl`` (every
    model-written design with its verdict) and ``episodes.jsonl`` (the transcripts
    ``run.keep_episodes`` keeps) when given a run directory; it is those files' only writer.

    The driver reads and clears ``outcomes`` once per iteration, so a long run holds no
    proposals (sources, token ids) here; the archive and ``designs.jsonl`` on disk have them.

    Args:
        run_dir: where the records go (``None``: nothing is written).
        config: the ``[run]`` section (``keep_episodes``, ``completion_chars``, ``turn_chars``).
        iteration_of: the iteration that submitted a design group (by ``group_id``).
    """

    name = "recorder"

    def __init__(
        self,
        run_dir: RunDir | None = None,
        config: RunConfig = RunConfig(),
        iteration_of: Callable[[str], int] = lambda group_id: 0,
    ) -> None:
        self.run_dir = run_dir
        self.config = config
        self.iteration_of = iteration_of
        self.outcomes: list[Outcome] = []
        self.last_update: WeightsUpdated | None = None
        self._scored = 0
        self._rejected = 0
        self._designs = 0
        self._episodes = 0
        self._changed = trio.Event()

    async def _write(self, name: str, row: msgspec.Struct, *, sync: bool) -> None:
        if self.run_dir is not None:
            await trio.to_thread.run_sync(
                functools.partial(self.run_dir.append_records, name, [row], sync=sync)
            )

    async def _record_design(self, outcome: EnvScored | EnvRejected) -> None:
        group = outcome.proposal.group_id if outcome.proposal is not None else ""
        rec = design_record(
            outcome, self.iteration_of(group), completion_cap=self.config.completion_chars
        )
        if rec is not None:
            self._designs += 1
            await self._write(DESIGNS_FILE, rec, sync=True)

    async def run(
        self,
        inbox: MeteredReceiveChannel[EnvScored | EnvRejected | WeightsUpdated | EpisodeFinished],
        to_memory: MeteredSendChannel[EnvScored | EnvRejected],
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Forward outcomes to ``to_memory`` until the inbox closes (then close it)."""
        task_status.started()
        with inbox, to_memory:
            async for msg in inbox:
                match msg:
                    case EnvScored():
                        self._scored += 1
                        self.outcomes.append(
                            Outcome(
                                env_id=msg.env_id,
                                group_id=msg.proposal.group_id,
                                k=msg.k,
                                success_without=msg.success_without,
                                success_with=msg.success_with,
                                regret=msg.regret,
                                accepted=msg.accepted,
                            )
                        )
                        await self._record_design(msg)
                        await to_memory.send(msg)
                    case EnvRejected():
                        self._rejected += 1
                        group = msg.group_id or (msg.proposal.group_id if msg.proposal else "")
                        self.outcomes.append(
                            Outcome(env_id=msg.env_id, group_id=group, reason=msg.reason)
                        )
                        await self._record_design(msg)
                        await to_memory.send(msg)
                    case WeightsUpdated():
                        self.last_update = msg
                    case EpisodeFinished():
                        if episode_kept(msg.episode_id, self.config.keep_episodes):
                            self._episodes += 1
                            rec = episode_record(msg, turn_chars=self.config.turn_chars)
                            await self._write(EPISODES_FILE, rec, sync=False)
                self._changed.set()
                self._changed = trio.Event()

    async def changed(self) -> None:
        """Wait until the next message was recorded (cancellable)."""
        await self._changed.wait()

    @property
    def weight_version(self) -> int:
        """Version the servers serve (0: the base weights; -1 before the run set it)."""
        return self.last_update.version if self.last_update is not None else -1

    def statistics(self) -> RecorderStatistics:
        """The actor's counters."""
        return RecorderStatistics(
            scored=self._scored,
            rejected=self._rejected,
            weight_version=self.weight_version,
            designs_written=self._designs,
            episodes_written=self._episodes,
        )


class _LearnerPorts:
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


def topology(rt: Runtime, actors: dict[str, Any]) -> None:
    """Declare the self-play topology (see the module docstring) on ``rt``.

    Args:
        rt: a fresh runtime.
        actors: ``designer``, ``critic``, ``agent``, ``recorder``, ``memory``,
            ``learner`` (already adapted to named ports).
    """
    rt.add("designer", actors["designer"], outputs={"to_critic": "critic"})
    rt.add(
        "critic",
        actors["critic"],
        outputs={"to_memory": "recorder", "to_learner": "learner", "to_recorder": "recorder"},
    )
    rt.add("agent", actors["agent"], outputs={"to_learner": "learner", "to_recorder": "recorder"})
    rt.add("recorder", actors["recorder"], outputs={"to_memory": "memory"})
    rt.add("memory", actors["memory"])
    rt.add("learner", actors["learner"], outputs={"to_recorder": "recorder"})


class SelfPlay:
    """Runs the self-play loop of one run directory.

    Args:
        config: the resolved configuration.
        run_dir: the prepared run directory (created or resumed).
        model_path: the policy checkpoint the run starts from (HF directory).
        out: where the table and progress go (``sys.stderr`` for the progress bar).
        progress: show a progress bar.
    """

    def __init__(
        self,
        config: Config,
        run_dir: RunDir,
        model_path: Path,
        *,
        out: TextIO = sys.stdout,
        progress: bool = True,
    ) -> None:
        self.config = config
        self.run_dir = run_dir
        self.model_path = model_path
        self.out = out
        self.progress = progress
        self.rng = random.Random(config.run.seed + 7919 * run_dir.completed_iterations())
        self.rows: list[IterationRow] = []
        self.runtime: Runtime | None = None
        self.actors: dict[str, Any] = {}
        self._stop_requested = False
        self.interrupted = False
        """Whether a signal (Ctrl-C, SIGTERM) stopped the run early."""
        self._spec_cache: dict[str, Any] = {}
        self._rescoring: set[str] = set()
        self._rescore_ids: set[str] = set()
        self._owner: dict[str, int] = {}  # design group id -> iteration that submitted it
        self._replays_sent = 0
        self._bar: Any = _NoBar()
        self._budget_hit = False
        self._eval_last: int | None = None  # the version eval.every last evaluated

    # ------------------------------------------------------------------------------ main
    async def run(self) -> list[IterationRow]:
        """Run until ``run.iterations`` (in total, across resumes), the time budget, or Ctrl-C.

        Returns:
            The rows of the iterations run in this process.

        Raises:
            EngineError: a part failed (``ActorFailed`` names the actor and message).
        """
        from actors.agent import Agent, PolicyAgent
        from actors.critic import Critic
        from actors.designer import Designer
        from actors.hinter import Hinter
        from actors.learner import Learner
        from actors.memory import Archive, Memory
        from engine.corpus import CorpusState, load_corpus
        from engine.inference import PolicyClient, launch_policy_servers, load_tokenizer
        from sandbox_wasm import Sandbox

        cfg = self.config
        rd = self.run_dir
        log = rd.log
        t_start = time.monotonic()
        log(f"run directory {rd.path}")
        det = cfg.run.deterministic
        seed = cfg.run.seed if det else None  # per-request sampling seeds in deterministic mode
        if det:
            log("deterministic mode: seeded requests, one request per batch, no lookahead")
        corpus = await trio.to_thread.run_sync(load_corpus, cfg.designer)
        state = rd.load_corpus_state()
        if state is not None:
            corpus.restore(msgspec.convert(state, CorpusState))
        log(f"corpus {corpus.source!r}: {len(corpus.passages)} passages")
        tokenizer = await trio.to_thread.run_sync(load_tokenizer, self.model_path)
        latest = rd.latest_weights()
        warm: list[TrainingSample] = []
        held: list[TrainingSample] = []
        if cfg.learner.sft_epochs > 0 and not rd.has_checkpoint():
            # training designs on the first 64 passages, held-back ones on the next 64
            passages = [p.text for p in corpus.passages[:64]]
            held_passages = [p.text for p in corpus.passages[64:128]] or passages
            warm = await trio.to_thread.run_sync(
                lambda: warm_start_samples(
                    tokenizer,
                    passages,
                    design_repeats=cfg.learner.sft_design_repeats,
                    rng=random.Random(cfg.run.seed),
                )
            )
            held = await trio.to_thread.run_sync(
                lambda: held_out_samples(
                    tokenizer,
                    held_passages,
                    seeds_per_env=2,
                    per_role=cfg.learner.sft_eval_samples,
                    rng=random.Random(cfg.run.seed + 1),
                    exclude=warm,
                )
            )
            if cfg.learner.sft_max_samples:
                random.Random(cfg.run.seed).shuffle(warm)
                warm = warm[: cfg.learner.sft_max_samples]
            by_role = collections.Counter(s.role for s in warm)
            log(
                f"warm start: {len(warm)} SFT samples from the seed archive "
                f"({by_role['designer']} designer, {by_role['agent']} agent; "
                f"{len(held)} held back for evaluation)"
            )
        base_model = self.model_path
        warm_cache = warm_start_cache(warm, cfg, self.model_path)
        if warm_cache is not None:
            cached = await trio.to_thread.run_sync(cached_warm_start, warm_cache, base_model, log)
            if cached is not None:
                log(f"warm start: reusing the cached result of the same SFT ({cached})")
                self.model_path, warm = cached, []
        progress_file = rd.path / "learner" / "progress.json"
        progress_file.unlink(missing_ok=True)  # a warm start of an earlier process
        try:
            archive = await trio.to_thread.run_sync(
                lambda: Archive.open(rd.path / "archive", cfg.memory)
            )
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
            raise ArchiveError(
                f"archive {rd.path / 'archive'} cannot be read: {exc} "
                "(records.jsonl holds one JSON record per line)"
            ) from exc
        log(f"archive: {len(archive)} environments")
        if archive.torn_bytes:
            log(
                f"warning: dropped a torn last line of archive/records.jsonl ({archive.torn_bytes}"
                " bytes, left by a crash mid-write); every complete record is kept"
            )
        done = rd.completed_iterations()
        if done or rd.has_checkpoint():
            log(
                f"resuming after iteration {done}: learner from {rd.latest_checkpoint() or '-'}, "
                f"servers from {latest[0] if latest else 'the base weights'}"
            )
        try:
            async with (
                Sandbox.open(cfg.sandbox) as sandbox,
                launch_policy_servers(
                    deterministic_policy(cfg.policy) if det else cfg.policy,
                    self.model_path,
                    log_dir=rd.path / "logs",
                ) as urls,
                PolicyClient(urls, cfg.policy) as client,
            ):
                log(f"policy servers: {', '.join(urls)}")
                recorder = Recorder(rd, cfg.run, iteration_of=lambda g: self._owner.get(g, 0))
                # the servers start on the run's base weights: policy version 0
                recorder.last_update = WeightsUpdated(
                    version=0, path=str(self.model_path), checksum=""
                )
                if latest is not None:
                    path, version = latest
                    await client.update_weights_from_disk(str(path), version=version)
                    recorder.last_update = WeightsUpdated(
                        version=version, path=str(path), checksum=""
                    )
                    log(f"resumed: servers serve the run's weights v{version}")
                learner = Learner(
                    cfg.learner,
                    self.model_path,
                    rd.path,
                    client,
                    warm_start=warm,
                    warm_eval=held if warm else (),
                    designer_reward=cfg.designer.reward,
                )
                player = PolicyAgent(
                    client,
                    tokenizer,
                    cfg.agent,
                    temperature=cfg.policy.temperature,
                    top_p=cfg.policy.top_p,
                    seed=seed,
                )
                self.actors = {
                    "designer": Designer(
                        client, tokenizer, cfg.designer, memory=archive, seed=seed
                    ),
                    "critic": Critic(
                        sandbox,
                        cfg.critic,
                        agent=player,
                        agent_config=cfg.agent,
                        hinter=Hinter(cfg.hinter, client=client, tokenizer=tokenizer, seed=seed),
                        is_duplicate=_duplicate_test(archive, self._rescoring),
                        # scoring seeds: private (OS entropy), so no design can be rigged on
                        # them; deterministic mode derives them from run.seed (rng_for)
                        rng=random.Random(secrets.randbits(64)),
                        # deterministic: seeds by design id, verdicts in submission order
                        rng_for=(functools.partial(_critic_rng, cfg.run.seed) if det else None),
                        max_concurrent_validations=1 if det else 4,
                    ),
                    "agent": Agent(sandbox, player, cfg.agent),
                    "recorder": recorder,
                    "memory": Memory(archive),
                    "learner": _LearnerPorts(learner),
                }
                rt = Runtime(
                    capacity=cfg.run.channel_capacity,
                    shutdown_deadline_s=cfg.run.shutdown_deadline_s,
                )
                self.runtime = rt
                topology(rt, self.actors)
                to_designer = rt.sender("designer")
                to_agent = rt.sender("agent")
                to_critic = rt.sender("critic")
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._watch_signals, rt, nursery.cancel_scope)
                    await nursery.start(rt.run)
                    with to_designer, to_agent, to_critic:
                        if warm:
                            steps = cfg.learner.sft_epochs * math.ceil(
                                len(warm) / cfg.learner.batch_size
                            )
                            log(
                                f"warm start: SFT on the seed archive ({cfg.learner.sft_epochs} "
                                f"epochs, {steps} optimizer steps), then a weight sync"
                            )
                            await self._wait_for(
                                lambda: recorder.weight_version > 0,
                                "warm start",
                                progress_file=progress_file,
                                total=steps,
                            )
                            update = recorder.last_update
                            if recorder.weight_version > 0 and update is not None:
                                log(f"warm start done: servers serve version {update.version}")
                                await self._report_warm_start(learner, client, tokenizer, held)
                                if warm_cache is not None:
                                    await trio.to_thread.run_sync(
                                        functools.partial(
                                            store_warm_start,
                                            update,
                                            warm_cache,
                                            base_model,
                                            samples=len(warm),
                                            epochs=cfg.learner.sft_epochs,
                                            log=log,
                                        )
                                    )
                        await self._iterations(
                            rt,
                            recorder,
                            learner,
                            archive,
                            corpus,
                            client,
                            (to_designer, to_agent, to_critic),
                            sandbox,
                            time.monotonic(),  # the time budget counts the iterations only
                        )
                        if not self.rows:
                            log(f"no iteration ran in this process: {self._why_none()}")
                    log("draining: the learner trains the last batch and checkpoints")
                    await rt.stop()
                    nursery.cancel_scope.cancel()
                rd.write_json("statistics.json", msgspec.to_builtins(rt.statistics()))
        finally:
            archive.close()
            rd.log(f"stopped after {time.monotonic() - t_start:.1f} s")
        return self.rows

    async def _report_warm_start(
        self, learner: Any, client: Any, tokenizer: Any, held: list[TrainingSample]
    ) -> None:
        """Log each role's SFT loss (last epoch, held-back samples before and after) and the
        served policy's greedy exact match on the held-back samples, one line per role."""
        log = self.run_dir.log
        ev = learner.warm_start_eval
        caps = {
            "designer": self.config.designer.max_new_tokens,
            "agent": self.config.agent.max_new_tokens,
        }
        hits: dict[str, tuple[int, int]] = {}
        try:
            if held:
                hits = await exact_match(client, tokenizer, held, max_new_tokens=caps)
        except PolicyError as exc:  # the measurement is lost, not the run
            log(f"warm start: held-back exact match not measured ({exc})")
        for role in ("designer", "agent"):
            parts = []
            if ev is not None and role in ev.train:
                parts.append(f"SFT loss {ev.train[role]:.3f} (last epoch)")
            if ev is not None and role in ev.held_after:
                before = ev.held_before.get(role, float("nan"))
                parts.append(f"held-back loss {before:.3f} -> {ev.held_after[role]:.3f}")
            if role in hits:
                h, n = hits[role]
                parts.append(f"held-back greedy exact match {h}/{n}")
            if parts:
                log(f"warm start {role}: " + ", ".join(parts))

    async def _watch_signals(self, rt: Runtime, scope: trio.CancelScope) -> None:
        """First Ctrl-C: stop after the current iteration, drain; second: cancel."""
        if not hasattr(signal, "SIGINT"):
            return
        try:
            receiver = trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM)
        except RuntimeError:  # not the main thread (embedded): the host handles signals
            return
        with receiver as signals:
            async for _ in signals:
                if not self._stop_requested:
                    self._stop_requested = self.interrupted = True
                    self.run_dir.log(
                        "interrupt: finishing the iterations in flight, then stopping "
                        "(Ctrl-C again to stop now; the last checkpoint stays)"
                    )
                else:
                    self.run_dir.log("second interrupt: cancelling")
                    scope.cancel()
                    return

    async def _wait_for(
        self,
        cond: Callable[[], bool],
        what: str,
        *,
        every_s: float = 30.0,
        progress_file: Path | None = None,
        total: int | None = None,
    ) -> None:
        """Wait until ``cond()`` holds (or a stop is requested), so that a long warm start
        does not look hung: a progress bar of its optimizer steps (the iterations' bar, when
        one is shown) follows ``progress_file`` (written by learner rank 0 after each step:
        ``step``, ``steps``, ``loss``, ``seconds``), and every ``every_s`` seconds the log
        says the step, the loss and an ETA."""
        recorder: Recorder = self.actors["recorder"]
        start = last = time.monotonic()
        bar = _progress(self.progress, total=total, desc=what, unit="step")
        done = 0
        state: dict[str, Any] = {}
        try:
            while not cond():
                if self._stop_requested:
                    return
                with trio.move_on_after(1.0):
                    await recorder.changed()
                if progress_file is not None:
                    read = await trio.to_thread.run_sync(_read_progress, progress_file)
                    state = read if read is not None else state
                    step = int(state.get("step", 0))
                    if step > done:
                        loss = state.get("loss")
                        if isinstance(loss, float):
                            bar.set_postfix(loss=f"{loss:.3f}", refresh=False)
                        bar.update(step - done)
                        done = step
                if time.monotonic() - last >= every_s:
                    last = time.monotonic()
                    self.run_dir.log(f"{what}: {_progress_line(state, last - start)}")
        finally:
            bar.close()

    def _archived_all(self, recorder: Recorder) -> bool:
        """Whether Memory has handled every outcome the Recorder forwarded to it."""
        mem = self.actors["memory"].statistics()
        rec = recorder.statistics()
        return bool(mem.archived + sum(mem.rejected.values()) >= rec.scored + rec.rejected)

    def _why_none(self) -> str:
        """Why this process finished no iteration (for the log)."""
        if self._stop_requested:
            return "stopped by a signal before the first iteration finished"
        if self._budget_hit:
            return (
                f"run.time_budget_s = {self.config.run.time_budget_s:g} s was spent before the "
                "first iteration finished"
            )
        return "run.iterations were already done"

    # ------------------------------------------------------------------------ iterations
    async def _iterations(
        self,
        rt: Runtime,
        recorder: Recorder,
        learner: Any,
        archive: Any,
        corpus: Any,
        client: Any,
        senders: tuple[Any, Any, Any],
        sandbox: Any,
        t_start: float,
    ) -> None:
        """Submit iterations and finish them in order, ``scheduler.lookahead`` ahead.

        The next iteration's design requests go out as soon as the Designer has proposed every
        design submitted so far, so it generates while the Critic and the Agent still score the
        previous designs; outcomes are attributed to iterations by their design group.
        """
        cfg = self.config
        rd = self.run_dir
        total = cfg.run.iterations
        budget = cfg.run.time_budget_s
        critic = self.actors["critic"]
        next_it = first = rd.completed_iterations() + 1
        pending: collections.deque[_Pending] = collections.deque()
        proposals_due = critic.statistics().proposals
        mark = _Mark(time.monotonic(), self._episodes_finished(), client)
        durations: list[float] = []
        budget_said = False
        per_it = cfg.scheduler.design_requests_per_iteration * cfg.designer.group_size
        bar = self._bar = _progress(
            self.progress, total=(total - first + 1) * per_it if total else None, desc="designs"
        )
        try:
            while True:
                for outcome in recorder.outcomes:
                    owner = self._owner.get(outcome.group_id)
                    for p in pending:
                        if p.it == owner:
                            p.outcomes.append(outcome)
                            if outcome.env_id not in self._rescore_ids:
                                bar.update(1)
                recorder.outcomes.clear()
                # a row is written once Memory has archived its outcomes: a kill right after
                # the row must not lose a scored design (the resumed run would not redo it)
                while (
                    pending
                    and len(pending[0].outcomes) >= pending[0].expected
                    and self._archived_all(recorder)
                    and self._settled(pending[0], recorder)
                ):
                    row = self._row(pending.popleft(), mark, rt, learner, recorder, client)
                    durations.append(row.seconds)
                    self._emit(row, corpus, header=row.iteration == first)
                    if cfg.eval.every:  # held-out evaluation every N versions (engine.eval)
                        from engine.eval import eval_every

                        self._eval_last = await eval_every(
                            rd, self.model_path, recorder.weight_version, self._eval_last, cfg
                        )
                can_submit = (not total or next_it <= total) and not self._stop_requested
                if can_submit and budget:
                    mean = sum(durations) / len(durations) if durations else 0.0
                    if time.monotonic() - t_start + mean > budget:
                        can_submit = False
                        if not budget_said:
                            budget_said = self._budget_hit = True
                            rd.log(
                                f"run.time_budget_s = {budget:g} s (counted from the first "
                                f"iteration): no iteration after {next_it - 1}"
                            )
                caught_up = critic.statistics().proposals >= proposals_due
                lookahead = 0 if cfg.run.deterministic else cfg.scheduler.lookahead
                if can_submit and caught_up and len(pending) <= lookahead:
                    p = await self._submit(next_it, archive, corpus, senders, sandbox)
                    proposals_due += p.expected
                    pending.append(p)
                    next_it += 1
                    continue
                if not pending and not can_submit:
                    break
                with trio.move_on_after(0.5):
                    await recorder.changed()
        finally:
            bar.close()

    def _settled(self, pending: _Pending, recorder: Recorder) -> bool:
        """Deterministic mode: whether Memory archived every outcome and the Agent finished
        every replay submitted so far, so the row and the next iteration's archive reads do
        not depend on timing. Always true otherwise."""
        if not self.config.run.deterministic:
            return True
        rstats = recorder.statistics()
        mstats = self.actors["memory"].statistics()
        seen = mstats.archived + sum(mstats.rejected.values())
        replayed = int(self.actors["agent"].statistics().episodes_finished)
        return bool(seen >= rstats.scored + rstats.rejected and replayed >= pending.replays_due)

    def _suffix(self, *identity: object) -> str:
        """Six hex digits that keep ids unique across resumes: derived from ``run.seed`` and
        ``identity`` in deterministic mode, random otherwise."""
        if self.config.run.deterministic:
            return f"{derive_seed(self.config.run.seed, 'id', *identity):08x}"[-6:]
        return uuid.uuid4().hex[:6]

    def _episodes_finished(self) -> int:
        """Episodes played so far: the Critic's scoring episodes and the Agent's replays."""
        return int(
            self.actors["critic"].statistics().episodes_finished
            + self.actors["agent"].statistics().episodes_finished
        )

    def _emit(self, row: IterationRow, corpus: Any, *, header: bool) -> None:
        """Append a finished iteration to the metrics, save the corpus state, print its row."""
        rd = self.run_dir
        self.rows.append(row)
        rd.append_metrics(row)
        rd.save_corpus_state(msgspec.to_builtins(corpus.state()))
        self._print_row(row, header=header)
        if row.rescored:
            rd.log(
                f"iteration {row.iteration}: scored {row.rescored} archived environments for "
                f"the current Agent (mean regret {_f(row.rescored_regret, signed=True)})"
            )

    def _unscored(self, archive: Any) -> list[EnvProposed]:
        """Archived environments never scored (the seeds), as proposals to re-score."""
        n = self.config.scheduler.score_unscored
        out: list[EnvProposed] = []
        for rec in archive.records():
            if len(out) >= n:
                break
            if rec.k == 0 and rec.source and rec.env_id not in self._rescore_ids:
                self._rescoring.add(rec.source)
                self._rescore_ids.add(rec.env_id)
                out.append(
                    EnvProposed(
                        env_id=rec.env_id,
                        group_id=f"rescore-{rec.env_id}",
                        source=rec.source,
                        hint=rec.hint,
                        passage_id=rec.passage_id,
                        policy_version=-1,
                    )
                )
        return out

    async def _submit(
        self, it: int, archive: Any, corpus: Any, senders: tuple[Any, Any, Any], sandbox: Any
    ) -> _Pending:
        """Send one iteration's re-scores, design requests and replays (cancellable)."""
        cfg = self.config
        to_designer, to_agent, to_critic = senders
        rescore = self._unscored(archive)
        n_requests = cfg.scheduler.design_requests_per_iteration
        group = cfg.designer.group_size
        pending = _Pending(it=it, expected=n_requests * group + len(rescore))
        for proposal in rescore:
            self._owner[proposal.group_id] = it
            await to_critic.send(proposal)
        for r in range(n_requests):
            passage = corpus.sample(self.rng)
            request_id = f"it{it}-r{r}-{self._suffix('request', it, r)}"
            self._owner[request_id] = it
            await to_designer.send(
                DesignRequested(
                    request_id=request_id,
                    passage_id=passage.id,
                    passage=passage.text,
                    group_size=group,
                )
            )
        replays = await self._replay_requests(archive, sandbox, it)
        self._replays_sent += len(replays)
        pending.replays_due = self._replays_sent
        for req in replays:
            await to_agent.send(req)
        return pending

    def _row(
        self,
        pending: _Pending,
        mark: _Mark,
        rt: Runtime,
        learner: Any,
        recorder: Recorder,
        client: Any,
    ) -> IterationRow:
        """The metrics row of a finished iteration; ``mark`` moves to now."""
        now = time.monotonic()
        finished = self._episodes_finished()
        tokens = _generated_tokens(client)
        seconds = now - mark.time
        episodes, new_tokens = finished - mark.episodes, tokens - mark.tokens
        mark.time, mark.episodes, mark.tokens = now, finished, tokens
        new = [o for o in pending.outcomes if o.env_id not in self._rescore_ids]
        rescored = [o for o in pending.outcomes if o.env_id in self._rescore_ids]
        scored = [o for o in new if o.reason is None]
        rejected: dict[str, int] = {}
        for o in new:
            if o.reason is not None:
                rejected[o.reason] = rejected.get(o.reason, 0) + 1
        lstats = learner.statistics()
        mstats = self.actors["memory"].statistics()
        return IterationRow(
            iteration=pending.it,
            seconds=seconds,
            proposed=len(new),
            accepted=sum(1 for o in scored if o.accepted),
            scored=len(scored),
            rejected=rejected,
            rescored=len(rescored),
            rescored_regret=_mean([o.regret for o in rescored if o.reason is None]),
            episodes=episodes,
            success_without=_mean([o.success_without for o in scored]),
            success_with=_mean([o.success_with for o in scored]),
            mean_regret=_mean([o.regret for o in scored]),
            learner_steps=lstats.steps,
            learner_loss=lstats.last_loss if lstats.steps else None,
            weight_version=recorder.weight_version,
            vendi_per_n=mstats.vendi_per_n,
            archive_size=mstats.size,
            tokens_per_s=new_tokens / seconds if seconds > 0 else 0.0,
            loop_lag_max_s=rt.statistics().loop_lag_max_s,
        )

    async def _replay_requests(self, archive: Any, sandbox: Any, it: int) -> list[EpisodeRequested]:
        """Replays of archived environments, sampled with probability ∝ max(regret, 0) + 0.1."""
        n = self.config.scheduler.replays_per_iteration
        records = [r for r in archive.records() if r.source]
        if n == 0 or not records:
            return []
        weights = [max(r.regret or 0.0, 0.0) + 0.1 for r in records]
        picks = self.rng.choices(records, weights=weights, k=n)
        # the replays of one environment in one iteration are one GRPO group
        group_size = collections.Counter(rec.env_id for rec in picks)
        out = []
        for i, rec in enumerate(picks):
            spec = await self._spec(rec.env_id, rec.source, sandbox)
            if spec is None:
                continue
            out.append(
                EpisodeRequested(
                    episode_id=f"it{it}-replay{i}-{self._suffix('replay', it, i)}",
                    env_id=rec.env_id,
                    group_id=f"replay-it{it}-{rec.env_id}",
                    source=rec.source,
                    description=spec.description,
                    tools=list(spec.tools),
                    max_turns=spec.max_turns,
                    success_threshold=spec.success_threshold,
                    seed=self.rng.randrange(2**31),
                    hint=None,
                    purpose="train",
                    group_size=group_size[rec.env_id],
                )
            )
        return out

    async def _spec(self, env_id: str, source: str, sandbox: Any) -> Any:
        if env_id not in self._spec_cache:
            try:
                inst = await sandbox.open_env(source, entropy=0)
            except EngineError:
                self._spec_cache[env_id] = None
            else:
                self._spec_cache[env_id] = inst.spec
                await inst.aclose()
        return self._spec_cache[env_id]

    # ---------------------------------------------------------------------------- output
    def _print_row(self, row: IterationRow, *, header: bool) -> None:
        cols = [
            ("iter", 4), ("sec", 6), ("prop", 4), ("acc", 3), ("rejected by reason", 30),
            ("eps", 4), ("succ-", 5), ("succ+", 5), ("regret", 6), ("loss", 7), ("ver", 3),
            ("vendi/n", 7), ("tok/s", 6),
        ]  # fmt: skip
        self._bar.clear()  # a live progress bar shares the terminal with the table
        if header:
            print("  ".join(name.rjust(w) for name, w in cols), file=self.out)
        rej = ",".join(f"{k}:{v}" for k, v in sorted(row.rejected.items())) or "-"
        vals = [
            str(row.iteration), f"{row.seconds:.0f}", str(row.proposed), str(row.accepted),
            rej[:30], str(row.episodes), _f(row.success_without), _f(row.success_with),
            _f(row.mean_regret, signed=True),
            "-" if row.learner_loss is None else f"{row.learner_loss:.3f}",
            str(row.weight_version), f"{row.vendi_per_n:.3f}", f"{row.tokens_per_s:.0f}",
        ]  # fmt: skip
        print("  ".join(v.rjust(w) for v, (_, w) in zip(vals, cols, strict=True)), file=self.out)
        self.out.flush()
        self._bar.refresh()


@dataclass
class _Pending:
    """An iteration submitted and not yet finished."""

    it: int
    expected: int
    outcomes: list[Outcome] = field(default_factory=list)
    replays_due: int = 0  # replays submitted up to and including this iteration


class _Mark:
    """Where the previous row ended: time (monotonic seconds), episodes, generated tokens."""

    def __init__(self, now: float, episodes: int, client: Any) -> None:
        self.time = now
        self.episodes = episodes
        self.tokens = _generated_tokens(client)


def _duplicate_test(
    archive: Any, rescoring: set[str]
) -> Callable[[str, str], tuple[bool, str, float]]:
    """The Critic's near-duplicate test over the archive (threshold from ``[memory]``).

    Sources in ``rescoring`` are archived environments the driver re-submits for scoring; the
    archive holding them is not a duplicate.
    """

    def test(source: str, description: str) -> tuple[bool, str, float]:
        if source in rescoring:
            return False, "", 0.0
        dup, env_id, similarity = archive.is_duplicate(source, description)
        return bool(dup), env_id or "", float(similarity)

    return test


def _critic_rng(seed: int, proposal: EnvProposed) -> random.Random:
    """Deterministic mode: the Critic's seeds for one design, from its id."""
    return derive_rng(seed, "critic", proposal.env_id)


def _f(x: float | None, *, signed: bool = False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _generated_tokens(client: Any) -> int:
    try:
        stats = client.statistics()
    except Exception:  # noqa: BLE001 - a statistics hiccup must not stop a run
        return 0
    return int(getattr(stats, "generated_tokens", 0))


def _read_progress(path: Path) -> dict[str, Any] | None:
    """The learner's ``progress.json``, or ``None`` when absent or mid-replace."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _progress_line(state: dict[str, Any], elapsed: float) -> str:
    """``step 12/87, loss 3.214, 140 s, about 875 s left`` from a ``progress.json``."""
    step, steps = int(state.get("step", 0)), int(state.get("steps", 0))
    if not step or not steps:
        return f"still running ({elapsed:.0f} s, no optimizer step finished yet)"
    loss = state.get("loss")
    per_step = float(state.get("seconds", elapsed)) / step
    left = max(steps - step, 0) * per_step
    loss_s = f", loss {loss:.3f}" if isinstance(loss, float) else ""
    return f"step {step}/{steps}{loss_s}, {elapsed:.0f} s, about {left:.0f} s left"


class _NoBar:
    """Stands in for a tqdm bar when there is no terminal to draw on."""

    n = 0

    def update(self, k: int) -> None:
        self.n += k

    def set_postfix(self, **kw: Any) -> None:
        pass

    def clear(self) -> None:
        pass

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(enabled: bool, *, total: int | None, desc: str, unit: str = "design") -> Any:
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, leave=False, file=sys.stderr)


def summary(rows: list[IterationRow]) -> dict[str, Any]:
    """Totals over rows: share of model-written designs accepted, rejections by reason."""
    proposed = sum(r.proposed for r in rows)
    scored = sum(r.scored for r in rows)
    accepted = sum(r.accepted for r in rows)
    reasons: dict[str, int] = {}
    for r in rows:
        for k, v in r.rejected.items():
            reasons[k] = reasons.get(k, 0) + v
    return {
        "iterations": len(rows),
        "designs_proposed": proposed,
        "designs_valid": scored,
        "designs_valid_share": scored / proposed if proposed else 0.0,
        "designs_accepted": accepted,
        "designs_accepted_share": accepted / proposed if proposed else 0.0,
        "rejected_by_reason": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "last_weight_version": rows[-1].weight_version if rows else -1,
    }


def dump_summary(path: Path, data: dict[str, Any]) -> None:
    """Write the summary JSON."""
    path.write_text(json.dumps(data, indent=2) + "\n")
