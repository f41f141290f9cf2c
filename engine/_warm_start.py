"""The SFT warm start: its samples, its held-back evaluation, and its verified cache.

- :func:`warm_start_samples`: Designer samples (a design prompt followed by a seed program) and
  Agent samples (every turn of episodes the seeds' scripted solvers win with the hint). The
  episodes play seeds ``WARM_START_SEED_BASE + i``, a range no scoring episode uses (scoring
  seeds are ``critic.episode_seed + i`` for ``i < K``, or draws from ``[0, 2**31)``).
- :func:`held_out_samples`: samples of the same kinds the SFT never sees (another episode seed,
  another passage), scored after the warm start: per-role loss (``actors.learner.Learner``,
  before and after) and greedy exact match (:func:`exact_match`), one line per role in the run
  log.
- :func:`warm_start_cache`, :func:`cached_warm_start`, :func:`store_warm_start`: the result
  of the built-in tiny model's warm start is cached under the user cache. An entry is written
  in a temporary directory, its weights checksummed and a ``warm-start.json`` marker (written
  only after training finished and the weights were synced) added last, then renamed into
  place. Before reuse the marker, ``checksum.crc32`` and the weights are checked, and an entry
  holding the base model's own weights is refused; a bad entry is removed with one log line
  and the warm start trains anew.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import shutil
import uuid
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import trio

from engine.config import Config
from engine.inference import chat_ids
from engine.messages import TrainingSample, WeightsUpdated

__all__ = [
    "CACHE_MARKER",
    "WARM_START_SEED_BASE",
    "CacheMarker",
    "cached_warm_start",
    "exact_match",
    "file_crc32",
    "held_out_samples",
    "report_warm_start",
    "store_warm_start",
    "warm_start_cache",
    "warm_start_samples",
    "warm_start_sets",
]

WARM_START_SEED_BASE = 2**31
"""First episode seed of the warm start's solved episodes (``reset(seed=...)``).

Scoring episodes play ``critic.episode_seed + i`` (``i < K``, small numbers) and replays draw
from ``[0, 2**31)``; the warm start plays ``2**31 + i``, so no environment is scored on an
episode its Agent samples were trained on. Held-back episodes continue the same range."""

CACHE_MARKER = "warm-start.json"
"""The file whose presence says a cache entry holds a finished warm start (written last)."""

WEIGHTS_FILE = "model.safetensors"
CHECKSUM_FILE = "checksum.crc32"


# ----------------------------------------------------------------------------- samples


def _sft(tokenizer: Any, role: str, group: str, prompt: list[int], answer: str) -> TrainingSample:
    target = [int(i) for i in tokenizer.encode(answer, add_special_tokens=False)]
    eos = getattr(tokenizer, "eos_token_id", None)
    if isinstance(eos, int):
        target.append(eos)
    return TrainingSample(
        role=role,  # type: ignore[arg-type]
        group_id=group,
        input_ids=prompt + target,
        loss_mask=[0] * len(prompt) + [1] * len(target),
        rollout_logprobs=[0.0] * (len(prompt) + len(target)),
        reward=1.0,
        policy_version=0,
        sft=True,
    )


def warm_start_samples(
    tokenizer: Any,
    passages: list[str],
    *,
    seeds_per_env: int = 2,
    design_repeats: int = 1,
    rng: random.Random,
    first_seed: int = WARM_START_SEED_BASE,
) -> list[TrainingSample]:
    """SFT samples from the shipped seed archive: designs and solved episodes.

    - Designer: the design prompt (a corpus passage, the contract, an empty memory) followed
      by the seed program in a python code block (its ``HINT`` inside).
    - Agent: every turn of episodes solved by the seed's scripted solver *with* the hint,
      prompt = the Agent's chat prompt of that turn, target = the solver's action. Turns are
      counted as at play time (tool calls included, ``engine.seed_envs.play_in_process``).

    Args:
        tokenizer: the policy tokenizer (chat template).
        passages: corpus passages to ground the design prompts (drawn with ``rng``); empty
            uses each seed's description.
        seeds_per_env: solved episodes per seed environment, seeds ``first_seed + i``.
        design_repeats: design samples per seed program, each on another drawn passage.
        rng: picks passages.
        first_seed: the first episode seed (:data:`WARM_START_SEED_BASE`: disjoint from the
            scoring seeds).

    Returns:
        ``TrainingSample`` s with ``sft=True`` (loss = maximum likelihood on the targets);
        Agent samples of one episode share the group id ``sft-agent-<env>-<seed>``, in turn
        order.
    """
    from actors.agent import build_messages
    from actors.designer import build_design_prompt
    from engine.seed_envs import play_in_process, seed_envs, solve

    samples: list[TrainingSample] = []
    for env in seed_envs():
        answer = f"```python\n{env.source.strip()}\n```"
        for _ in range(design_repeats):
            passage = passages[rng.randrange(len(passages))] if passages else env.description
            prompt = chat_ids(tokenizer, build_design_prompt(passage, [], []))
            samples.append(_sft(tokenizer, "designer", f"sft-design-{env.name}", prompt, answer))
        ns: dict[str, Any] = {}
        exec(compile(env.source, f"<seed {env.name}>", "exec"), ns)  # trusted shipped code
        tools = list(ns.get("TOOLS", []))
        for seed in range(first_seed, first_seed + seeds_per_env):
            policy: Callable[[list[str]], str] = functools.partial(solve, env.name, hint=env.hint)
            ok, observations, actions = play_in_process(env.source, policy, seed)
            if not ok:
                continue
            group = f"sft-agent-{env.name}-{seed}"
            for i, action in enumerate(actions):
                msgs = build_messages(
                    env.description, tools, env.hint, observations[: i + 1], actions[:i]
                )
                prompt = chat_ids(tokenizer, msgs)
                samples.append(_sft(tokenizer, "agent", group, prompt, action))
    return samples


def held_out_samples(
    tokenizer: Any,
    passages: list[str],
    *,
    seeds_per_env: int,
    per_role: int,
    rng: random.Random,
    exclude: Sequence[TrainingSample] = (),
) -> list[TrainingSample]:
    """Warm-start samples the SFT does not train on, for its evaluation.

    Agent: the turns of one more solved episode per seed, seed ``WARM_START_SEED_BASE +
    seeds_per_env`` (the first after the training episodes). Designer: each seed program after
    a prompt on a passage of ``passages`` (pass passages the training samples do not use).

    Args:
        tokenizer: the policy tokenizer.
        passages: passages for the design prompts.
        seeds_per_env: the training episodes per seed (``learner`` uses 2).
        per_role: at most this many samples per role, drawn with ``rng``.
        rng: picks passages and samples.
        exclude: the training samples; a held-back sample with the same tokens is left out
            (some first turns do not depend on the seed: "I am thinking of a number ...").

    Returns:
        Up to ``per_role`` Designer and ``per_role`` Agent samples.
    """
    if per_role <= 0:
        return []
    pool = warm_start_samples(
        tokenizer,
        passages,
        seeds_per_env=1,
        design_repeats=1,
        rng=rng,
        first_seed=WARM_START_SEED_BASE + seeds_per_env,
    )
    seen = {tuple(s.input_ids) for s in exclude}
    pool = [s for s in pool if tuple(s.input_ids) not in seen]
    out: list[TrainingSample] = []
    for role in ("designer", "agent"):
        mine = [s for s in pool if s.role == role]
        out += sorted(rng.sample(mine, min(per_role, len(mine))), key=pool.index)
    return out


async def exact_match(
    client: Any,
    tokenizer: Any,
    samples: Sequence[TrainingSample],
    *,
    max_new_tokens: Mapping[str, int],
    concurrency: int = 8,
) -> dict[str, tuple[int, int]]:
    """Greedy answers of the served policy against each sample's target, per role.

    Each sample's prompt (the unmasked prefix) is sent with temperature 0 and room for the
    target plus 8 tokens, at most the role's play-time ``max_new_tokens``; a hit is a decoded
    answer equal to the decoded target (both stripped, special tokens dropped), so an answer
    that runs on past the target, or a target longer than the role may generate, is a miss.

    Args:
        client: a ``PolicyClient`` (its ``generate``).
        tokenizer: the policy tokenizer.
        samples: SFT samples (prompt then target, ``loss_mask`` on the target).
        max_new_tokens: role -> the most tokens it generates at play time
            (``designer.max_new_tokens``, ``agent.max_new_tokens``).
        concurrency: requests in flight at once.

    Returns:
        Role -> ``(hits, samples)``.

    Raises:
        engine.errors.PolicyError: the servers failed.

    Cancellation: cancellable; requests in flight are abandoned.
    """
    eos = getattr(tokenizer, "eos_token_id", None)
    stop = [int(eos)] if isinstance(eos, int) else None
    limiter = trio.Semaphore(concurrency)
    hits: dict[str, tuple[int, int]] = {}

    async def one(s: TrainingSample) -> None:
        cut = s.loss_mask.index(1) if 1 in s.loss_mask else len(s.input_ids)
        prompt, target = s.input_ids[:cut], s.input_ids[cut:]
        async with limiter:
            cap = min(len(target) + 8, max_new_tokens.get(s.role, len(target) + 8))
            g = await client.generate(
                prompt, max_new_tokens=cap, temperature=0.0, stop_token_ids=stop
            )
        got = tokenizer.decode([int(i) for i in g.output_ids], skip_special_tokens=True)
        want = tokenizer.decode(target, skip_special_tokens=True)
        h, n = hits.get(s.role, (0, 0))
        hits[s.role] = (h + int(got.strip() == want.strip()), n + 1)

    async with trio.open_nursery() as nursery:
        for s in samples:
            nursery.start_soon(one, s)
    return hits


# ----------------------------------------------------------------------------- cache


class CacheMarker(msgspec.Struct, frozen=True, kw_only=True):
    """``warm-start.json``: what a cache entry holds, written after training finished.

    Attributes:
        trained: always ``True`` (the marker is written only after the warm start's weights
            were synced to the servers).
        weight_version: the policy version of the cached weights (> 0: optimizer steps taken).
        checksum: CRC-32 of ``model.safetensors`` (8 hex digits, as in ``checksum.crc32``).
        base_checksum: CRC-32 of the base model's ``model.safetensors`` it was trained from.
        samples: SFT samples trained on.
        epochs: SFT epochs.
    """

    trained: bool
    weight_version: int
    checksum: str
    base_checksum: str
    samples: int
    epochs: int


def file_crc32(path: str | os.PathLike[str]) -> str:
    """CRC-32 of a file's bytes as 8 hex digits: the weight-sync checksum
    (``engine.learner._worker.file_checksum``, without importing torch here)."""
    crc = 0
    with open(path, "rb") as f:
        while chunk := f.read(8 << 20):
            crc = zlib.crc32(chunk, crc)
    return f"{crc:08x}"


def warm_start_cache(
    warm: Sequence[TrainingSample], config: Config, model_path: Path, cache_root: Path | None = None
) -> Path | None:
    """Where the result of this exact warm start is cached, or ``None`` when it is not cached.

    Only the built-in tiny model's warm start is cached (``policy.model_path`` empty,
    ``learner.sft_cache``); the key hashes the base model directory's name, the SFT samples'
    tokens and the ``[learner]`` section (less the settings that do not change the weights),
    so any change to the seeds, prompts or SFT settings trains anew.

    Args:
        warm: the SFT samples.
        config: the run's configuration.
        model_path: the base model directory.
        cache_root: the cache directory; ``None`` for ``$SPADE_CACHE_DIR`` or the user cache.
    """
    if not warm or config.policy.model_path or not config.learner.sft_cache:
        return None
    from engine.inference.models import _default_cache_dir

    # replay never joins the warm start (an all-SFT step): its settings do not change it
    learner = msgspec.structs.replace(
        config.learner,
        sft_cache=True,
        sft_eval_samples=0,
        replay_path="",
        replay_per_step=0,
        replay_coef=1.0,
    )
    h = hashlib.sha256()
    h.update(model_path.name.encode())
    h.update(msgspec.msgpack.encode(learner))
    for sample in warm:
        h.update(msgspec.msgpack.encode((sample.input_ids, sample.loss_mask)))
    return (cache_root or _default_cache_dir()) / f"warm-start-{h.hexdigest()[:16]}"


def _entry_problem(entry: Path, base: Path) -> str | None:
    """Why ``entry`` cannot be reused as a finished warm start of ``base``, or ``None``."""
    try:
        marker = msgspec.json.decode((entry / CACHE_MARKER).read_bytes(), type=CacheMarker)
    except FileNotFoundError:
        return f"no {CACHE_MARKER}: training did not finish or the write was torn"
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        return f"unreadable {CACHE_MARKER}: {exc}"
    if not marker.trained or marker.weight_version <= 0:
        return f"{CACHE_MARKER} says no training step was taken"
    try:
        recorded = (entry / CHECKSUM_FILE).read_text().split()[0]
    except (OSError, IndexError):
        return f"no {CHECKSUM_FILE}"
    if recorded != marker.checksum:
        return f"{CHECKSUM_FILE} ({recorded}) disagrees with {CACHE_MARKER} ({marker.checksum})"
    if not (entry / "config.json").is_file():
        return "no config.json"
    try:
        actual = file_crc32(entry / WEIGHTS_FILE)
    except OSError as exc:
        return f"{WEIGHTS_FILE} unreadable: {exc}"
    if actual != marker.checksum:
        return f"{WEIGHTS_FILE} has CRC-32 {actual}, {CHECKSUM_FILE} says {marker.checksum} (torn)"
    base_weights = base / WEIGHTS_FILE
    if base_weights.is_file() and file_crc32(base_weights) == actual:
        return "it holds the untrained base model's weights"
    return None


def _discard(path: Path) -> None:
    """Remove a directory: renamed aside first, so no half-removed entry keeps its name."""
    aside = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.discard")
    try:
        os.rename(path, aside)
    except OSError:
        aside = path
    shutil.rmtree(aside, ignore_errors=True)


def cached_warm_start(entry: Path, base: Path, log: Callable[[str], None]) -> Path | None:
    """The cache entry when it holds a finished, intact warm start of ``base``, else ``None``.

    A missing entry is a plain miss. An entry that fails a check (no training-finished marker,
    a checksum that does not match, the base model's own weights) is removed and named in one
    log line, so the warm start trains anew and replaces it. Blocking (reads the weights):
    run it in a thread.

    Args:
        entry: the cache directory of this warm start (:func:`warm_start_cache`).
        base: the base model directory the warm start trains.
        log: where the one line goes.
    """
    if not entry.exists():
        return None
    problem = _entry_problem(entry, base)
    if problem is None:
        return entry
    log(f"warm start: cached entry {entry} not reused ({problem}); training anew and replacing it")
    _discard(entry)
    return None


def store_warm_start(
    update: WeightsUpdated,
    entry: Path,
    base: Path,
    *,
    samples: int,
    epochs: int,
    log: Callable[[str], None],
) -> bool:
    """Cache the warm-started weights ``update.path`` (``weights/v<N>/``) as ``entry``.

    Only weights that training produced are stored (``update.version > 0``, not the base
    directory). The copy goes to a temporary sibling directory, its ``model.safetensors`` is
    checked against ``update.checksum``, ``checksum.crc32`` and the :class:`CacheMarker` are
    written and flushed, and the directory is renamed into place last. A failure costs the
    cache, never the run. Blocking: run it in a thread.

    Args:
        update: the weight sync that ended the warm start.
        entry: the cache directory (:func:`warm_start_cache`).
        base: the base model directory.
        samples: SFT samples trained on.
        epochs: SFT epochs.
        log: progress lines.

    Returns:
        Whether the entry is now in place.
    """
    src = Path(update.path)
    if update.version <= 0 or src.resolve() == base.resolve():
        log("warm start not cached (no trained weights to cache)")
        return False
    tmp = entry.with_name(f".{entry.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        shutil.copytree(src, tmp)
        crc = file_crc32(tmp / WEIGHTS_FILE)
        if update.checksum and crc != update.checksum:
            raise OSError(f"copied weights have CRC-32 {crc}, the servers loaded {update.checksum}")
        base_weights = base / WEIGHTS_FILE
        marker = CacheMarker(
            trained=True,
            weight_version=update.version,
            checksum=crc,
            base_checksum=file_crc32(base_weights) if base_weights.is_file() else "",
            samples=samples,
            epochs=epochs,
        )
        _write_synced(tmp / CHECKSUM_FILE, f"{crc}  {WEIGHTS_FILE}\n".encode())
        with open(tmp / WEIGHTS_FILE, "rb") as f:
            os.fsync(f.fileno())
        _write_synced(tmp / CACHE_MARKER, msgspec.json.encode(marker))
        if entry.exists():  # a bad entry left behind, or another run stored it meanwhile
            if _entry_problem(entry, base) is None:
                shutil.rmtree(tmp, ignore_errors=True)
                return True
            _discard(entry)
        os.rename(tmp, entry)
    except OSError as exc:  # a cache that cannot be written costs time, never the run
        shutil.rmtree(tmp, ignore_errors=True)
        log(f"warm start not cached ({exc})")
        return False
    log(f"warm start cached for later runs: {entry}")
    return True


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def warm_start_sets(
    config: Config, tokenizer: Any, passages: Sequence[str]
) -> tuple[list[TrainingSample], list[TrainingSample]]:
    """The warm start's SFT samples and its held-back evaluation samples (blocking: run it in
    a worker thread).

    Training designs come from the first 64 passages, held-back ones from the next 64 (the
    first 64 again when there are no more); ``learner.sft_max_samples`` caps the training set
    (a seeded shuffle first).

    Args:
        config: the run's configuration (``learner.sft_*``, ``run.seed``).
        tokenizer: the policy's tokenizer.
        passages: corpus passage texts, the first 128 at least when there are that many.

    Returns:
        ``(warm, held)``.
    """
    lc = config.learner
    train_passages = list(passages[:64])
    held_passages = list(passages[64:128]) or train_passages
    warm = warm_start_samples(
        tokenizer,
        train_passages,
        design_repeats=lc.sft_design_repeats,
        rng=random.Random(config.run.seed),
    )
    held = held_out_samples(
        tokenizer,
        held_passages,
        seeds_per_env=2,
        per_role=lc.sft_eval_samples,
        rng=random.Random(config.run.seed + 1),
        exclude=warm,
    )
    if lc.sft_max_samples:
        random.Random(config.run.seed).shuffle(warm)
        warm = warm[: lc.sft_max_samples]
    return warm, held


async def report_warm_start(
    config: Config,
    log: Callable[[str], None],
    evaluation: Any,
    client: Any,
    tokenizer: Any,
    held: list[TrainingSample],
) -> None:
    """Log each role's SFT loss (last epoch, held-back samples before and after) and the
    served policy's greedy exact match on the held-back samples, one line per role.

    Args:
        config: the run's configuration (``designer``/``agent.max_new_tokens``).
        log: the run's log.
        evaluation: the learner's ``WarmStartEval`` (or ``None``).
        client: the policy client (serving the warm-started weights).
        tokenizer: the policy's tokenizer.
        held: the held-back samples.

    Cancellation: cancellable; nothing is written.
    """
    from engine.errors import PolicyError

    ev = evaluation
    caps = {"designer": config.designer.max_new_tokens, "agent": config.agent.max_new_tokens}
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
