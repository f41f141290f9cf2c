"""The whole configuration, as msgspec Structs loaded from TOML with ``--set`` overrides.

Every field carries one line of documentation (the comment above it). Units are in the names
(``_s`` seconds, ``_bytes`` bytes, ``_tokens`` tokens).

Loading rejects malformed TOML, unknown keys, wrong types and out-of-range values with a
``ConfigError`` whose one-line message names the field path and the offending value.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from engine.errors import ConfigError

__all__ = [
    "AgentConfig",
    "BrowseConfig",
    "Config",
    "CriticConfig",
    "DesignerConfig",
    "EvalConfig",
    "HinterConfig",
    "LearnerConfig",
    "MemoryConfig",
    "PolicyConfig",
    "RunConfig",
    "SandboxConfig",
    "SchedulerConfig",
    "apply_overrides",
    "config_from_dict",
    "dump_config",
    "load_config",
    "merge",
    "read_toml",
    "url_problem",
]

Pos = Annotated[int, msgspec.Meta(gt=0)]
NonNeg = Annotated[int, msgspec.Meta(ge=0)]
PosF = Annotated[float, msgspec.Meta(gt=0)]
NonNegF = Annotated[float, msgspec.Meta(ge=0)]
Prob = Annotated[float, msgspec.Meta(ge=0, le=1)]


class _Section(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of config sections: frozen, unknown keys are errors."""


class RunConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The run as a whole."""

    # Run directory; "" means runs/<timestamp>/.
    run_dir: str = ""
    # Master seed for corpus sampling, episode seeds and the learner.
    seed: int = 0  # bounded to 64 bits, as every int field (_refuse_wide_ints)
    # Self-play iterations to run (0 = until the time budget or Ctrl-C).
    iterations: NonNeg = 10
    # Wall-clock budget of the self-play iterations in seconds (0 = none), counted from the first
    # iteration: set-up and the SFT warm start are not counted, and at least one iteration runs.
    # No iteration starts that would end past it (by the mean iteration time); those in flight finish.
    time_budget_s: NonNegF = 840.0
    # Log level of the run's log file and console: debug, info, warning or error.
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    # Bound of every actor inbox (messages); small keeps back-pressure real.
    channel_capacity: NonNeg = 16
    # Seconds the pipeline gets to drain on stop (last batch, sync, checkpoint) before it is cancelled.
    shutdown_deadline_s: PosF = 120.0
    # Period of the event-loop lag probe (seconds): how late a trio.sleep of this length wakes is
    # the lag; p50/p99/max land in statistics.json (runtime.loop_lag_*_s).
    loop_lag_interval_s: PosF = 0.01
    # Times a run restarts from its last checkpoint (learner ranks, policy servers) after a learner
    # rank dies, before it stops and says to --resume.
    learner_restarts: NonNeg = 2
    # Reproducible run: every generation request carries a seed derived from run.seed and its
    # identity, the CPU server generates one request at a time, the scheduler does not look
    # ahead, the Critic scores one design at a time with seeds derived the same way.
    deterministic: bool = False
    # Episode transcripts kept in episodes.jsonl: "all", "none", or a fraction in [0, 1]
    # (chosen by a hash of the episode id, so the same episodes are kept on a rerun).
    keep_episodes: Literal["all", "none"] | Prob = "all"
    # Characters of a design's raw completion kept in designs.jsonl (the rest is cut; the
    # record says how long the completion was).
    completion_chars: Pos = 20_000
    # Characters of each action and observation kept in an episode transcript.
    turn_chars: Pos = 2_000


class PolicyConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Policy servers (DESIGN.md §5)."""

    # Backend: "cpu" (engine.serve over a local HF model), "sglang" (launch or attach),
    # "openai" (a frozen OpenAI-compatible endpoint; designer only, no training).
    backend: Literal["cpu", "sglang", "openai"] = "cpu"
    # Model directory (HF checkpoint); "" builds and caches the tiny CPU model.
    model_path: str = ""
    # Attach to these server URLs instead of launching ("" list = launch).
    urls: list[str] = []
    # SGLang's router in front of the servers ("" = the client balances the servers itself;
    # "launch" = start sglang-router; "http://host:port" = attach to a running one). Generations
    # go to the router, weight syncs still to every server. docs/SCALE.md, "SGLang's router".
    router: str = ""
    # Port of a launched router (0 = a free one).
    router_port: NonNeg = 0
    # Command that starts the router ([] = this Python's -m sglang_router.launch_router).
    router_command: list[str] = []
    # Extra router arguments, appended verbatim.
    router_args: list[str] = msgspec.field(default_factory=lambda: ["--policy", "cache_aware"])
    # Interpreter/command that runs SGLang in its own environment (GPU nodes).
    sglang_command: list[str] = msgspec.field(
        default_factory=lambda: ["python", "-m", "sglang.launch_server"]
    )
    # Number of SGLang servers to launch (one per GPU group).
    num_servers: Pos = 1
    # GPUs per SGLang server (--tp-size).
    tp_size: Pos = 1
    # Data-parallel replicas inside one SGLang server (--dp-size).
    dp_size: Pos = 1
    # Fraction of GPU memory SGLang reserves for weights + KV cache (--mem-fraction-static).
    mem_fraction_static: Annotated[float, msgspec.Meta(gt=0, le=1)] = 0.8
    # Extra command-line flags passed to every SGLang server verbatim.
    extra_args: list[str] = []
    # First port of launched servers; server i listens on port + i (0 = pick free ports).
    port: Annotated[int, msgspec.Meta(ge=0, le=65535)] = 0
    # Host launched servers bind to.
    host: str = "127.0.0.1"
    # Seconds to wait for a launched server to become healthy.
    health_timeout_s: PosF = 120.0
    # Seconds one GET /health probe may take. SGLang 0.5.23's /health runs a one-token
    # generation and answers after >= 1 s (503 after SGLANG_HEALTH_CHECK_TIMEOUT, 20 s), so a
    # short probe marks a busy server unhealthy; engine.serve answers at once.
    health_probe_timeout_s: PosF = 30.0
    # Deadline of one generate request in seconds.
    request_timeout_s: PosF = 120.0
    # Connection retries before a server is marked unhealthy.
    retries: NonNeg = 3
    # Sampling temperature.
    temperature: NonNegF = 1.0
    # Nucleus sampling top-p.
    top_p: Annotated[float, msgspec.Meta(gt=0, le=1)] = 1.0
    # Max concurrent sequences one CPU server batches together.
    max_batch_size: Pos = 8
    # CPU server: arrival gap in seconds that still joins a forming batch.
    batch_wait_s: PosF = 0.003
    # Directory of launched servers' logs ("" = a new temporary directory).
    log_dir: str = ""
    # OpenAI-compatible base URL (backend "openai").
    openai_base_url: str = ""
    # Model name sent to the OpenAI-compatible endpoint.
    openai_model: str = ""
    # Environment variable holding the OpenAI API key.
    openai_api_key_env: str = "OPENAI_API_KEY"


class SandboxConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """WebAssembly sandbox limits (DESIGN.md §4)."""

    # Deadline of one guest call (load/reset/step/tool) in seconds, at most an hour (counted
    # in epoch ticks: inf overflowed the tick count, a critic_error on every design).
    call_deadline_s: Annotated[float, msgspec.Meta(gt=0, le=3600)] = 2.0
    # Fuel (wasm instruction budget) of one guest call; a backstop behind the deadline
    # (a tight guest loop burns ~1e10 units/s, so 4e10 is a few seconds).
    fuel_per_call: Pos = 40_000_000_000
    # Linear-memory cap of one instance in bytes (at least 32 MiB: the interpreter needs ~15).
    memory_bytes: Annotated[int, msgspec.Meta(ge=32 * 1024 * 1024)] = 256 * 1024 * 1024
    # Largest observation/info/tool result accepted from the guest: bytes of its content
    # (strings in UTF-8, numbers as text), before JSON escaping.
    max_output_bytes: Pos = 1024 * 1024
    # Guest stdout/stderr kept per instance in bytes.
    max_stdio_bytes: Pos = 64 * 1024
    # Warm, not-yet-loaded instances kept ready.
    pool_size: NonNeg = 4
    # Worker threads running wasm calls (0 = number of cores).
    threads: NonNeg = 0
    # Epoch tick in seconds (deadline granularity), 0.1 ms to 1 s (inf stopped the ticking
    # thread, so no deadline held; 1e-300 timed out every call).
    epoch_tick_s: Annotated[float, msgspec.Meta(ge=1e-4, le=1.0)] = 0.005
    # Directory of the compiled guest artifact ("" = the platform user cache dir).
    cache_dir: str = ""
    # Episodes one instance may play, each on a fresh load of the same source, when the
    # caller allows reuse (the Agent's training episodes; validation and scoring always open
    # a fresh instance); 1 = a fresh instance for every episode. Never across sources.
    reuse_episodes: Pos = 16
    # Idle loaded instances kept for reuse, all sources together (0 = no reuse).
    reuse_idle: NonNeg = 16
    # Worker processes running the sandbox, each with its own wasmtime engine and warm pool
    # of pool_size instances (0 = in this process, on threads).
    processes: NonNeg = 0


CRITIC_K_MAX = 100_000
"""The most episodes per condition ``critic.k`` (and ``engine.score --k``) may ask for."""


class CriticConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Validation and regret (DESIGN.md §1, §3)."""

    # Episodes per condition (without hint, with hint) for regret; at most 100,000 (the
    # scoring seeds are drawn distinct from 2**31 - 1e6: 99,999,999,999 raised out of scoring).
    k: Annotated[int, msgspec.Meta(gt=0, le=CRITIC_K_MAX)] = 4
    # Regret interval: "wilson" (Newcombe's hybrid score interval) or "bootstrap".
    interval: Literal["wilson", "bootstrap"] = "wilson"
    # Confidence level of the regret interval.
    confidence: Annotated[float, msgspec.Meta(gt=0, lt=1)] = 0.9
    # Regret at or above which an environment is accepted as frontier.
    accept_regret: Annotated[float, msgspec.Meta(ge=-1, le=1)] = 0.25
    # Random-action probe episodes during validation.
    probe_episodes: Pos = 2
    # Seeds compared in the determinism check.
    determinism_seeds: Pos = 2
    # Longest action string probed (characters).
    long_action_chars: Pos = 20_000
    # Reject a design whose hint is empty (off when the Hinter writes hints from the source).
    require_hint: bool = True
    # Run gymnasium.utils.env_checker on the host-side proxy as the last validation check.
    gym_check: bool = True
    # Bootstrap replicates when interval = "bootstrap".
    bootstrap_resamples: Pos = 2000
    # Seed of the Critic's random generator: scoring seeds, replay seeds and bootstrap draws
    # come from it (never the public probe seeds 0..probe_episodes-1). The self-play loop
    # derives it from run.seed.
    episode_seed: NonNeg = 0
    # Wall time one whole validation may take, in seconds (beside the per-call deadline).
    validation_budget_s: PosF = 60.0
    # Fuel (wasm instructions) one whole validation may burn, all instances together.
    validation_fuel: Pos = 600_000_000_000
    # Fresh seeds a winning hinted action sequence is replayed on, open-loop, to find a
    # constant answer (0 turns the check off).
    replay_seeds: Annotated[int, msgspec.Meta(ge=0, le=100_000)] = 4
    # Hinted episodes played with the hint-only tokens censored, to find an information gate
    # (0 turns the check off; 6 make a gate at 40 % hinted success detectable, p < 0.05).
    gate_checks: Annotated[int, msgspec.Meta(ge=0, le=100_000)] = 6


class HinterConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where the hint comes from."""

    # "designer": the program's HINT; "policy": the model writes one from the source.
    source: Literal["designer", "policy"] = "designer"
    # Max tokens of a policy-written hint.
    max_new_tokens: Pos = 96


class AgentConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Reasoning Agent."""

    # Max new tokens per turn.
    max_new_tokens: Pos = 48
    # Token budget of one episode (prompt + generated), tokens.
    max_episode_tokens: Pos = 4096
    # Upper cap on any environment's MAX_TURNS.
    max_turns_cap: Pos = 30
    # Episodes the Agent actor runs at once.
    concurrency: Pos = 8
    # Wall time one episode may spend inside the sandbox, all calls together, in seconds
    # (beside sandbox.call_deadline_s per call; the policy's time is not counted).
    episode_budget_s: PosF = 30.0
    # Fuel (wasm instructions) one episode may burn, all calls together (~1e10 units/s).
    episode_fuel: Pos = 200_000_000_000


class DesignerConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Environment Designer and its grounding corpus."""

    # Designs sampled per prompt (GRPO group size G).
    group_size: Pos = 4
    # Corpus: "stdlib" (installed standard-library docs) or a path (dir, .jsonl, .parquet).
    corpus: str = "stdlib"
    # JSON-lines / parquet field that holds the text.
    corpus_field: str = "text"
    # Passage length in characters.
    passage_chars: Pos = 600
    # Nearest archived environments shown in the prompt.
    memory_k: NonNeg = 3
    # Most recent archived environments shown in the prompt.
    recent_k: NonNeg = 2
    # Max new tokens of one design.
    max_new_tokens: Pos = 1536
    # Design prompt tokens sent (0: all): the first 32 and the last prompt_tokens - 32, the cut
    # a warm start on cut prompts trained with (python -m bench learning --sft-prompt-tokens).
    prompt_tokens: NonNeg = 0
    # Sampling temperature of designs (below 1 so the tiny CPU model's designs stay parseable).
    temperature: NonNegF = 0.5
    # Nucleus sampling top-p of designs.
    top_p: Annotated[float, msgspec.Meta(gt=0, le=1)] = 1.0
    # Reject an answer without a HINT as unparseable (false: pass it on with hint "").
    require_hint: bool = True
    # What a scored design pays the Designer: "regret" (success with hint - without),
    # "target50" (p(1-p) of the unhinted success p) or "failure" (1 - p); the last two are
    # the ablation of the regret reward (python -m bench learning --ablation).
    reward: Literal["regret", "target50", "failure"] = "regret"


class MemoryConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Archive, embeddings, nearest-neighbour index, diversity."""

    # Embedder: "minilm" (all-MiniLM-L6-v2, offline) or "hash" (fast hashed n-grams, tests).
    embedder: Literal["minilm", "hash"] = "minilm"
    # Characters of an environment embedded (description + source head).
    embed_chars: Pos = 1000
    # hnswlib M.
    hnsw_m: Pos = 16
    # hnswlib ef at query time.
    hnsw_ef: Pos = 64
    # Start the archive with the shipped seed environments.
    seed_archive: bool = True
    # Cosine similarity at or above which Archive.is_duplicate flags a near-copy (0.92: edited
    # copies of a seed score 0.93-0.99 under MiniLM and hash, distinct seeds at most 0.68).
    duplicate_threshold: Prob = 0.92
    # fsync the records file after every add (durable across power loss; ~ms per add).
    fsync: bool = True
    # Adds between saves of the HNSW index (the records file alone is enough to rebuild it).
    index_save_every: Pos = 64


class LearnerConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """GRPO learner on FSDP (DESIGN.md §6)."""

    # Learner ranks (processes); gloo on CPU, NCCL on GPU.
    world_size: Pos = 2
    # Distributed backend: "auto" (nccl if CUDA else gloo), "gloo" or "nccl".
    backend: Literal["auto", "gloo", "nccl"] = "auto"
    # AdamW learning rate.
    lr: PosF = 1e-4
    # PPO ratio clip epsilon.
    clip_eps: PosF = 0.2
    # KL-to-reference coefficient (0 = off, no reference model kept).
    kl_coef: NonNegF = 0.0
    # Replay (InstructGPT's PPO-ptx, engine/replay.py; not critic.replay_seeds nor
    # scheduler.replays_per_iteration): a JSON-lines file of supervised TrainingSample records
    # ("" = none) of which replay_per_step, drawn at random, join every batch the learner trains
    # (spread over its minibatches); in each optimizer step their NLL at temperature 1 (one token
    # mean, or with sft_role_mean the mean of per-role token means) enters the loss times
    # replay_coef, beside the policy-gradient token mean over its own tokens. Keeps a warm-start
    # skill (the bench replays the Agent stage's hint-only episodes).
    replay_path: str = ""
    replay_per_step: NonNeg = 0
    replay_coef: NonNegF = 1.0
    # Truncated importance-sampling cap on pi_train/pi_rollout.
    tis_cap: PosF = 2.0
    # Samples older than this many policy versions are dropped (in the learner's queue, in a step).
    max_staleness: NonNeg = 2
    # Bound of the learner's ready queue, in batches (0: max_staleness + 1); beyond it the oldest
    # whole groups are dropped and counted, so rollouts never wait for a training step.
    queue_batches: NonNeg = 0
    # Samples per optimizer step (both roles together; at least this many, in whole groups).
    batch_size: Pos = 8
    # Reward of a rejected design.
    rejected_penalty: float = -0.5
    # Reward of a design rejected for these reasons (others get rejected_penalty): graded by how
    # far the design got, so a group whose designs all fail still ranks them (GRPO needs variance).
    rejected_penalty_by_reason: dict[str, float] = msgspec.field(
        default_factory=lambda: {"unparseable": -1.0, "compile": -0.75}
    )
    # Longest training sequence in tokens (a longer one keeps its first max_seq_tokens tokens:
    # its later tokens are not trained, the kept ones keep the context they were sampled in).
    max_seq_tokens: Pos = 2048
    # Optimizer steps between checkpoints.
    checkpoint_every: Pos = 1
    # SFT warm-start epochs over the seed archive (0 = skip).
    sft_epochs: NonNeg = 3
    # Cap on SFT warm-start samples built from the seed archive (0 = all of them).
    sft_max_samples: NonNeg = 0
    # AdamW learning rate of the SFT warm start (0 = lr); a tiny model needs a high one.
    sft_lr: NonNegF = 3e-3
    # Linear learning-rate warm-up of the SFT warm start (optimizer steps).
    sft_warmup_steps: NonNeg = 10
    # Times each seed program appears per SFT epoch (programs are long, episodes many and short).
    sft_design_repeats: Pos = 12
    # Reuse the cached result of an identical warm start of the built-in tiny model.
    sft_cache: bool = True
    # SFT loss: the mean of per-role token means (true) or one token mean over all SFT tokens
    # (false; measured better on the CPU default: held-back designer NLL 1.36 vs 4.57).
    sft_role_mean: bool = False
    # Held-back warm-start samples per role scored after the warm start (loss, greedy exact match).
    sft_eval_samples: NonNeg = 12
    # Gradient-norm clip.
    grad_clip: PosF = 1.0
    # Sequences per forward/backward on one rank (gradient accumulation above it).
    micro_batch_size: Pos = 4
    # Optimizer steps per batch (PPO minibatches; > 1 makes the ratio clip bite).
    minibatches: Pos = 1
    # What divides reward - group mean (TRL's scale_rewards): "none" = Dr. GRPO (a small reward
    # gap stays a small advantage), "group" = the group's sample std + 1e-4, "batch" = the std
    # of the role's rewards in the batch + 1e-4.
    scale_rewards: Literal["none", "group", "batch"] = "none"
    # AdamW weight decay.
    weight_decay: NonNegF = 0.0
    # Parameter dtype in forward/backward (FSDP2 mixed precision; master weights stay float32).
    dtype: Literal["float32", "bfloat16"] = "float32"
    # Torch intra-op threads per rank on CPU (more than 1 slows a shared machine down).
    cpu_threads_per_rank: Pos = 1
    # Checkpoints kept in run_dir/checkpoints (older ones are deleted).
    keep_checkpoints: Pos = 2
    # Weight versions kept in run_dir/weights (older ones are deleted).
    keep_weights: Pos = 2
    # Seconds to wait for the ranks to load the model and connect.
    start_timeout_s: PosF = 300.0
    # Seed of the ranks' torch/python RNGs (minibatch and SFT shuffling).
    seed: NonNeg = 0
    # CUDA devices of the ranks, as indices into the engine's CUDA_VISIBLE_DEVICES, one per rank
    # ([] = rank r on device r). Keeps the learner off the GPUs the policy servers use.
    devices: list[Annotated[int, msgspec.Meta(ge=0)]] = []
    # How the ranks start: "local" = spawned by the engine on its node; "torchrun" = one
    # torchrun per node (docs/SCALE.md, "Two nodes"), world_size / nnodes ranks on each.
    launcher: Literal["local", "torchrun"] = "local"
    # Nodes the torchrun learner spans (node 0 hosts rank 0 and the rendezvous).
    nnodes: Pos = 1
    # torchrun's static rendezvous HOST:PORT: node 0's address as every node reaches it.
    rdzv_endpoint: str = "127.0.0.1:29500"
    # torchrun: true = the engine starts no rank (every node, node 0 too, runs its printed
    # command); false = the engine starts node 0's torchrun itself.
    attach: bool = False
    # Where the engine listens for the ranks' control connections (rank 0's requests, every
    # rank's liveness): an address of the engine's host that every node reaches.
    control_host: str = "127.0.0.1"
    # Port of that listener (0 = any free port; torchrun needs a fixed one for other nodes).
    control_port: NonNeg = 0
    # Deadline of one collective between ranks (seconds); idle ranks are pinged at a quarter
    # of it, so a vanished peer or node fails the call instead of hanging it.
    collective_timeout_s: PosF = 600.0
    # How new weights reach the policy servers: "disk" = safetensors under run_dir/weights and
    # /update_weights_from_disk (any server that sees the run directory); "broadcast" = SGLang's
    # /init_weights_update_group + /update_weights_from_distributed from rank 0 (gloo on CPU,
    # NCCL on GPU; falls back to disk when a server cannot join the group).
    weight_sync: Literal["disk", "broadcast"] = "disk"
    # Rank 0's address as the policy servers reach it (the weight-update group's master).
    broadcast_address: str = "127.0.0.1"
    # Port of the weight-update group's store on rank 0 (0 = a free one, rank 0 on this host).
    broadcast_port: NonNeg = 0
    # Bytes of tensors per /update_weights_from_distributed request, i.e. per flattened bucket
    # (MiB); rank 0 keeps two bucket buffers; engine.serve keeps the buckets of the live
    # weights and of the previous update (reused for the next one): twice the weights.
    broadcast_bucket_mb: PosF = 512.0


class SchedulerConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What keeps the pipeline full."""

    # Design requests (prompts) per iteration.
    design_requests_per_iteration: Pos = 2
    # Replay episodes of archived environments per iteration (prioritised by regret).
    replays_per_iteration: NonNeg = 4
    # Score the archive's unscored environments (the seeds) for the current Agent in the first
    # iteration, so the Designer's memory block shows real difficulty (max count, 0 = off).
    score_unscored: NonNeg = 12
    # Iterations submitted ahead of the one being finished, so the Designer generates while the
    # Critic and the Agent score (0 = one iteration at a time).
    lookahead: NonNeg = 1


class BrowseConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The archive browser (``python -m engine.browse``); plays use the ``[sandbox]`` limits."""

    # Browser sessions that may play at once (each holds one sandbox instance).
    max_players: Pos = 8
    # Seconds without a request after which a play session's instance is closed.
    idle_close_s: PosF = 300.0
    # Seconds between refreshes of the live run view in the page.
    refresh_s: PosF = 2.0


class EvalConfig(_Section, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Held-out evaluation during a run (``engine.eval``; ``python -m engine.eval`` after it)."""

    # Evaluate every N weight versions (0 = never): rows in run_dir/eval/metrics.jsonl and
    # plots/eval.png. The driver waits while it evaluates (the actors keep working).
    every: NonNeg = 0
    # Held-out suite: a directory of environment programs or a JSON-lines task file
    # ("" = engine/heldout_envs, families the Designer never sees).
    suite: str = ""
    # Episodes per task and condition (with and without the hint).
    episodes: Pos = 4


class Config(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The whole configuration."""

    # The run as a whole.
    run: RunConfig = RunConfig()
    # Policy servers.
    policy: PolicyConfig = PolicyConfig()
    # WebAssembly sandbox.
    sandbox: SandboxConfig = SandboxConfig()
    # Critic: validation and regret.
    critic: CriticConfig = CriticConfig()
    # Hinter.
    hinter: HinterConfig = HinterConfig()
    # Agent.
    agent: AgentConfig = AgentConfig()
    # Designer and corpus.
    designer: DesignerConfig = DesignerConfig()
    # Memory.
    memory: MemoryConfig = MemoryConfig()
    # Learner.
    learner: LearnerConfig = LearnerConfig()
    # Scheduler.
    scheduler: SchedulerConfig = SchedulerConfig()
    # Archive browser.
    browse: BrowseConfig = BrowseConfig()
    # Held-out evaluation during a run.
    eval: EvalConfig = EvalConfig()


def _parse_value(raw: str) -> Any:
    """Parse an override value as a TOML value, falling back to a bare string."""
    try:
        return _toml_loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """Apply ``section.field=value`` overrides to a raw config mapping (in place, returned).

    Values are parsed as TOML (``8``, ``0.5``, ``true``, ``["a", "b"]``, ``"text"``); anything
    that is not valid TOML is taken as a string.

    Raises:
        ConfigError: an override without ``=``, or naming an unknown section or field.
    """
    for item in overrides:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"--set {item!r}: expected section.field=value")
        parts = key.split(".")
        if len(parts) != 2:
            raise ConfigError(f"--set {key}: expected section.field, e.g. critic.k=8")
        section, field = parts
        section_type = _section_types().get(section)
        if section_type is None:
            raise ConfigError(f"--set {key}: unknown section {section!r}")
        if field not in section_type.__struct_fields__:
            raise ConfigError(f"--set {key}: unknown field {field!r} in [{section}]")
        data.setdefault(section, {})
        if not isinstance(data[section], dict):
            raise ConfigError(f"{section}: expected a table, got {data[section]!r}")
        data[section][field] = _parse_value(raw)
    return data


def _toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that reads an int of any length (Python refuses to convert more than
    4,300 digits, and tomllib's ValueError names no key), so that :func:`_refuse_wide_ints`
    can name the field."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return tomllib.loads(text)
    finally:
        sys.set_int_max_str_digits(limit)


def _refuse_wide_ints(node: Any, path: str = "") -> None:
    """Refuse any int outside a signed 64-bit range, wherever it sits: no field needs one, and
    msgpack (the warm-start cache's key), torch and the servers cannot take it.

    Raises:
        ConfigError: naming the field and the value.
    """
    if isinstance(node, dict):
        for k, v in node.items():
            _refuse_wide_ints(v, f"{path}.{k}" if path else str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _refuse_wide_ints(v, f"{path}[{i}]")
    elif isinstance(node, int) and not isinstance(node, bool) and not -(2**63) <= node < 2**63:
        shown = node if node.bit_length() < 256 else f"<an int of {node.bit_length()} bits>"
        raise ConfigError(f"{path} = {shown}: an int past 64 bits (|value| < 2**63)")


def _section_types() -> dict[str, type[msgspec.Struct]]:
    hints = msgspec.structs.fields(Config)
    return {f.name: f.type for f in hints}  # type: ignore[misc]


def _value_at(data: Any, path: str) -> Any:
    """The raw value at a msgspec error path like ``$.critic.k`` (or ``<missing>``)."""
    node = data
    for part in path.removeprefix("$").strip(".").replace("[", ".").replace("]", "").split("."):
        if not part:
            continue
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, ValueError, TypeError):
            return "<missing>"
    return node


def config_from_dict(data: dict[str, Any]) -> Config:
    """Convert a raw mapping into a ``Config``.

    Raises:
        ConfigError: unknown section or key, wrong type, out-of-range value or a
            ``policy.urls`` entry that is no http(s) URL; the one-line
            message names the field path and the offending value.
    """
    _refuse_wide_ints(data)
    try:
        config = msgspec.convert(data, Config)
    except msgspec.ValidationError as exc:
        msg = str(exc)
        path = msg.rsplit(" - at ", 1)[1].strip("`") if " - at " in msg else "$"
        what = msg.split(" - at ")[0]
        if what.startswith("Object contains unknown field"):
            field = what.removeprefix("Object contains unknown field").strip(" `'")
            if path == "$":
                sections = ", ".join(_section_types())
                if not isinstance(data.get(field), dict):  # a key outside any [section]
                    owners = [
                        n for n, t in _section_types().items() if field in t.__struct_fields__
                    ]
                    where = f" (it is a field of [{owners[0]}])" if owners else ""
                    raise ConfigError(
                        f"{field} = {data.get(field)!r}: a key outside any section{where}; "
                        f"fields go under a [section] (sections: {sections})"
                    ) from None
                raise ConfigError(f"unknown section [{field}] (sections: {sections})") from None
            section = path.removeprefix("$.")
            raise ConfigError(f"unknown field {field!r} in [{section}]") from None
        value = _value_at(data, path)
        raise ConfigError(f"{path.removeprefix('$.')} = {value!r}: {what}") from None
    for url in config.policy.urls:
        if problem := url_problem(url):
            raise ConfigError(f"policy.urls: {url!r}: {problem}")
    return config


def url_problem(url: str) -> str | None:
    """Why ``url`` is no policy server URL, or ``None`` when it is one: an ``http``/``https``
    scheme, a host and, if given, a port of 1-65535. A bracket left open (``http://[::1``) or
    a port that is no number left a bare traceback out of the HTTP client (a tester's,
    2026-12-03); ``policy.urls`` and ``engine.score --policy-url`` are checked with it."""
    import urllib.parse

    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        return str(exc)
    if parts.scheme not in ("http", "https"):
        return "expected an http:// or https:// URL"
    if not parts.hostname:
        return "no host"
    if port == 0:
        return "port 0"
    return None


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The raw mapping of a TOML config file.

    Raises:
        ConfigError: the file cannot be read, is not UTF-8, or is not valid TOML (names it).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"config file {str(p)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"config file {str(p)!r}: not UTF-8 text ({exc.reason})") from None
    try:
        return _toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {str(p)!r}: malformed TOML: {exc}") from None


def merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``update``'s sections merged in field by field (a new mapping)."""
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key].update(value)
        else:
            out[key] = value
    return out


def load_config(
    path: str | os.PathLike[str] | None = None,
    overrides: list[str] = (),  # type: ignore[assignment]
    *,
    base: dict[str, Any] | None = None,
) -> Config:
    """Load the configuration from a TOML file (or defaults) plus ``--set`` overrides.

    Args:
        path: a TOML file, or ``None`` for the defaults.
        overrides: ``section.field=value`` strings applied after the file.
        base: a raw mapping the file and overrides apply on top of (a resumed run's saved
            config); ``None`` starts from the defaults.

    Returns:
        The validated, frozen ``Config``.

    Raises:
        ConfigError: missing, non-UTF-8 or malformed file, unknown section or key, wrong type,
            out-of-range value (the message names the file when the fault is in it).
    """
    data: dict[str, Any] = merge(base or {}, {})
    if path is not None:
        from_file = read_toml(path)
        try:
            config_from_dict(merge(data, from_file))
        except ConfigError as exc:
            raise ConfigError(f"config file {str(path)!r}: {exc}") from None
        data = merge(data, from_file)
    data = apply_overrides(data, list(overrides))
    return config_from_dict(data)


def dump_config(config: Config) -> str:
    """The config as TOML text (the resolved config written into the run directory)."""
    return msgspec.toml.encode(config).decode()
