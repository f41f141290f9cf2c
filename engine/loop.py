"""The self-play loop: every actor wired from one config, driven iteration by iteration.

Topology (one :class:`engine.runtime.Runtime`, one root nursery; built and connected by
:func:`engine.wiring.wire`, the same function ``engine.open_engine`` uses)::

    driver --DesignRequested--> designer --EnvProposed--> critic
    critic: score_env(proposal) = validate, hint, 2K episodes, regret, integrity replays
    driver --EpisodeRequested(train)--> agent                 (replays, prioritised by regret)
    critic --EnvScored|EnvRejected--> recorder --> memory     (archive, index, Vendi)
    critic (outcomes + score episodes), agent --> learner --WeightsUpdated--> recorder
                                                              (GRPO on FSDP ranks, weight sync)
    critic (score episodes), agent (replays) --EpisodeFinished--> recorder
    recorder: designs.jsonl (every design, its verdict), episodes.jsonl (transcripts)

The driver starts an iteration by sending design requests (passages sampled without replacement
from the grounding corpus) and replays, and closes it when every design of the iteration was
scored or rejected. It submits ``scheduler.lookahead`` iterations ahead: the next one's requests
go out as soon as the Designer has proposed everything so far, so generation overlaps the scoring
of the previous designs. In ``run.deterministic`` mode it does not look ahead, and an iteration
ends only once Memory archived its outcomes and its replays finished (``engine.seeding`` says what
else that mode fixes). The learner's intake takes samples while its trainer steps (every
``learner.batch_size`` samples) and syncs the servers, so rollouts never wait for a step; samples
older than ``max_staleness`` versions are dropped there.

Shutdown is channel closure: the driver closes its senders, the pipeline drains, the learner
trains the last partial batch and checkpoints. Ctrl-C once does that; twice cancels.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import math
import random
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

from engine._recorder import Recorder, RecorderStatistics
from engine._report import (
    IterationRow,
    NoBar,
    dump_summary,
    fmt,
    mean,
    print_row,
    progress,
    progress_line,
    read_progress,
    summary,
)
from engine._results import Outcome
from engine._warm_start import (
    cached_warm_start,
    report_warm_start,
    store_warm_start,
    warm_start_cache,
    warm_start_samples,
    warm_start_sets,
)
from engine.config import Config
from engine.errors import ArchiveError, ConfigError, EngineError
from engine.messages import (
    DesignRequested,
    EnvProposed,
    EnvRejected,
    EnvScored,
    EpisodeRequested,
    TrainingSample,
    WeightsUpdated,
)
from engine.replay import load_replay, trainable
from engine.rundir import RunDir
from engine.runtime import Runtime, enter_concurrently, one_error
from engine.seeding import derive_seed, deterministic_policy
from engine.wiring import close_archive, outcome_group, wire

__all__ = [
    "IterationRow",
    "Recorder",
    "RecorderStatistics",
    "SelfPlay",
    "dump_summary",
    "summary",
    "warm_start_samples",
]


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
        self._start_scope = trio.CancelScope()
        """Cancelled by a signal outside the iterations (start-up, closing)."""
        self._drain_scope: trio.CancelScope | None = None
        """The running actors' scope: a second signal cancels it."""
        self.interrupted = False
        """Whether a signal (Ctrl-C, SIGTERM) stopped the run early."""
        self._spec_cache: dict[str, Any] = {}
        self._rescoring: set[str] = set()
        self._rescore_ids: set[str] = set()
        self._owner: dict[str, int] = {}  # design group id -> iteration that submitted it
        self._replays_sent = 0
        self._bar: Any = NoBar()
        self._budget_hit = False
        self._eval_last: int | None = None  # the version eval.every last evaluated

    async def run(self) -> list[IterationRow]:
        """Run until ``run.iterations`` (in total, across resumes), the time budget, or Ctrl-C.

        Ctrl-C or SIGTERM is watched from the first step: during start-up it stops the servers
        and learner ranks being started (:attr:`interrupted`); once the actors run, the first
        one finishes the iterations in flight and drains, the second cancels.

        Returns:
            The rows of the iterations run in this process.

        Raises:
            EngineError: a part failed (``ActorFailed`` names the actor and message); one
                error as itself, not in an ``ExceptionGroup``.
        """
        with one_error():
            async with trio.open_nursery() as guard:
                guard.start_soon(self._watch_signals)
                try:
                    with self._start_scope:
                        await self._run()
                finally:
                    guard.cancel_scope.cancel()
        return self.rows

    async def _run(self) -> None:
        from actors.learner import Learner
        from actors.memory import Archive
        from engine.corpus import CorpusState, load_corpus
        from engine.inference import launch_policy_servers, load_tokenizer
        from engine.inference.router import policy_client
        from engine.learner import start_learner
        from sandbox_wasm import Sandbox

        cfg = self.config
        rd = self.run_dir
        log = rd.log
        t_start = time.monotonic()
        log(f"run directory {rd.path}")
        det = cfg.run.deterministic
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
            warm, held = await trio.to_thread.run_sync(
                warm_start_sets, cfg, tokenizer, [p.text for p in corpus.passages[:128]]
            )
            by_role = collections.Counter(s.role for s in warm)
            log(
                f"warm start: {len(warm)} SFT samples from the seed archive "
                f"({by_role['designer']} designer, {by_role['agent']} agent; "
                f"{len(held)} held back for evaluation)"
            )
        replay: list[TrainingSample] = []
        if cfg.learner.replay_per_step > 0:
            if not cfg.learner.replay_path:
                raise ConfigError(
                    f"learner.replay_per_step = {cfg.learner.replay_per_step} needs "
                    "learner.replay_path (a JSON-lines file of TrainingSample records)"
                )
            loaded = await trio.to_thread.run_sync(
                load_replay, cfg.learner.replay_path, len(tokenizer)
            )
            replay = trainable(loaded, cfg.learner.max_seq_tokens)
            if not replay:
                raise ConfigError(
                    f"learner.replay_path = {cfg.learner.replay_path!r}: no sample has a loss "
                    f"token within learner.max_seq_tokens = {cfg.learner.max_seq_tokens}"
                )
            cut = len(loaded) - len(replay)
            log(
                f"replay: {len(replay)} samples from {cfg.learner.replay_path}, "
                f"{cfg.learner.replay_per_step} a batch at weight {cfg.learner.replay_coef:g}"
                + (f" ({cut} left out: no loss token within max_seq_tokens)" if cut else "")
            )
        base_model = self.model_path
        warm_cache = warm_start_cache(warm, cfg, self.model_path)
        reused = False
        if warm_cache is not None:
            cached = await trio.to_thread.run_sync(cached_warm_start, warm_cache, base_model, log)
            if cached is not None:
                log(f"warm start: reusing the cached result of the same SFT ({cached})")
                self.model_path, warm, reused = cached, [], True
        # what the servers start on, policy version 0: engine.eval reads it (the config's
        # policy.model_path is the untrained base where a cached warm start is served).
        # Written by the run's first start only: a resumed run may find a warm start cached
        # since, but its version 0 stays what its first process served
        base = Path(self.model_path)
        record = rd.path / "base_weights.json"
        await trio.to_thread.run_sync(
            lambda: (
                None
                if record.exists()
                else rd.write_json(
                    "base_weights.json", {"path": str(base.resolve()), "cached_warm_start": reused}
                )
            )
        )
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
                f"resuming after iteration {done}: learner from {rd.latest_checkpoint() or 'its start (no checkpoint yet)'}, "
                f"servers from {latest[0] if latest else 'the base weights'}"
            )
        try:
            async with (
                Sandbox.open(cfg.sandbox) as sandbox,
                # the servers and the learner ranks each load the model: start them together
                # (the ranks stop first, so a broadcast group's servers outlive them)
                enter_concurrently(
                    _logged(
                        launch_policy_servers(
                            deterministic_policy(cfg.policy) if det else cfg.policy,
                            self.model_path,
                            log_dir=rd.path / "logs",
                        ),
                        log,
                        lambda urls: f"policy servers: {', '.join(urls)}",
                    ),
                    _logged(
                        start_learner(cfg.learner, self.model_path, rd.path),
                        log,
                        lambda _: f"learner ranks: {cfg.learner.world_size} up",
                    ),
                ) as (urls, ranks),
                policy_client(urls, cfg.policy, rd.path / "logs") as client,
            ):
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
                    replay=replay,
                    start=_started(ranks),
                    designer_reward=cfg.designer.reward,
                )
                wiring = wire(
                    cfg,
                    sandbox=sandbox,
                    archive=archive,
                    outcomes=recorder,
                    client=client,
                    tokenizer=tokenizer,
                    learner=learner,
                    rescoring=self._rescoring,
                )
                self.actors = wiring.actors
                rt = self.runtime = wiring.runtime
                to_designer = rt.sender("designer")
                to_agent = rt.sender("agent")
                to_critic = rt.sender("critic")
                async with trio.open_nursery() as nursery:
                    await nursery.start(rt.run)
                    self._drain_scope = nursery.cancel_scope
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
                                await report_warm_start(
                                    cfg, log, learner.warm_start_eval, client, tokenizer, held
                                )
                                if warm_cache is not None and update.path:  # not broadcast
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
                self._drain_scope = None
                stats = msgspec.to_builtins(rt.statistics())
                await trio.to_thread.run_sync(rd.write_json, "statistics.json", stats)
        finally:
            await close_archive(archive)
            rd.log(f"stopped after {time.monotonic() - t_start:.1f} s")

    async def _watch_signals(self) -> None:
        """Ctrl-C or SIGTERM. Before the actors run (start-up) or after them (closing): stop
        now, which stops the servers and ranks being started. While they run: the first
        finishes the iterations in flight and drains, the second cancels."""
        if not hasattr(signal, "SIGINT"):
            return
        try:
            receiver = trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM)
        except RuntimeError:  # not the main thread (embedded): the host handles signals
            return
        with receiver as signals:
            async for signum in signals:
                name = "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"
                if self._drain_scope is None:
                    self._stop_requested = self.interrupted = True
                    self.run_dir.log(
                        f"interrupt ({name}) outside the iterations: stopping the policy servers"
                        " and learner ranks now"
                    )
                    self._start_scope.cancel()
                elif not self._stop_requested:
                    self._stop_requested = self.interrupted = True
                    self.run_dir.log(
                        f"interrupt ({name}): finishing the iterations in flight, then stopping "
                        f"({name} again to stop now; the last checkpoint stays)"
                    )
                else:
                    self.run_dir.log("second interrupt: cancelling")
                    self._drain_scope.cancel()

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
        bar = progress(self.progress, total=total, desc=what, unit="step")
        done = 0
        state: dict[str, Any] = {}
        try:
            while not cond():
                if self._stop_requested:
                    return
                with trio.move_on_after(1.0):
                    await recorder.changed()
                if progress_file is not None:
                    read = await trio.to_thread.run_sync(read_progress, progress_file)
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
                    self.run_dir.log(f"{what}: {progress_line(state, last - start)}")
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
        bar = self._bar = progress(
            self.progress, total=(total - first + 1) * per_it if total else None, desc="designs"
        )
        try:
            while True:
                for outcome in recorder.outcomes:
                    owner = self._owner.get(outcome_group(outcome))
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
                    await self._emit(row, corpus, header=row.iteration == first)
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

    async def _emit(self, row: IterationRow, corpus: Any, *, header: bool) -> None:
        """Append a finished iteration to the metrics and save the corpus state (fsynced, in a
        worker thread, not cancelled partway), print its row."""
        rd = self.run_dir
        self.rows.append(row)
        state = msgspec.to_builtins(corpus.state())

        def write() -> None:
            rd.append_metrics(row)
            rd.save_corpus_state(state)

        await trio.to_thread.run_sync(write)
        print_row(row, self.out, self._bar, header=header)
        if row.rescored:
            rd.log(
                f"iteration {row.iteration}: scored {row.rescored} archived environments for "
                f"the current Agent (mean regret {fmt(row.rescored_regret, signed=True)})"
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
        scored = [o for o in new if isinstance(o, EnvScored)]
        rejected: dict[str, int] = {}
        for o in new:
            if isinstance(o, EnvRejected):
                rejected[o.reason] = rejected.get(o.reason, 0) + 1
        lstats = learner.statistics()
        mstats = self.actors["memory"].statistics()
        rts = rt.statistics()
        return IterationRow(
            iteration=pending.it,
            seconds=seconds,
            proposed=len(new),
            accepted=sum(1 for o in scored if o.accepted),
            scored=len(scored),
            rejected=rejected,
            rescored=len(rescored),
            rescored_regret=mean([o.regret for o in rescored if isinstance(o, EnvScored)]),
            episodes=episodes,
            success_without=mean([o.success_without for o in scored]),
            success_with=mean([o.success_with for o in scored]),
            mean_regret=mean([o.regret for o in scored]),
            learner_steps=lstats.steps,
            learner_loss=lstats.last_loss if lstats.steps else None,
            weight_version=recorder.weight_version,
            vendi_per_n=mstats.vendi_per_n,
            archive_size=mstats.size,
            tokens_per_s=new_tokens / seconds if seconds > 0 else 0.0,
            loop_lag_max_s=rts.loop_lag_max_s,
            loop_lag_p99_s=rts.loop_lag_p99_s,
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


@contextlib.asynccontextmanager
async def _logged(manager: Any, log: Callable[[str], None], line: Callable[[Any], str]) -> Any:
    """Enter ``manager`` and log ``line(value)`` with the seconds its start took."""
    t0 = time.monotonic()
    async with manager as value:
        log(f"{line(value)} (started in {time.monotonic() - t0:.1f} s)")
        yield value


def _started(handle: Any) -> Callable[..., Any]:
    """A ``Learner`` start hook that hands over ranks already started (and owned) by the
    caller: ``SelfPlay.run`` starts them beside the policy servers and stops them after the
    runtime."""

    @contextlib.asynccontextmanager
    async def start(*_: Any) -> Any:
        yield handle

    return start


def _generated_tokens(client: Any) -> int:
    try:
        stats = client.statistics()
    except Exception:  # noqa: BLE001 - a statistics hiccup must not stop a run
        return 0
    return int(getattr(stats, "generated_tokens", 0))
