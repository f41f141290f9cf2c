"""Memory: the archive of environments, their difficulty, retrieval and diversity.

The archive (DESIGN.md §1-2) remembers every scored environment: source, hint, grounding
passage, success without and with the hint, regret, policy version, time, and the embedding of
its text. On disk it is a directory:

- ``records.jsonl``: one JSON ``ArchiveRecord`` per line, appended and flushed (and fsynced
  when ``MemoryConfig.fsync``) before ``add`` returns. It is the source of truth; a torn last
  line left by a crash (cut short, with or without its newline) is cut off at the next open,
  every complete line survives (``engine.jsonl``).
- ``index.bin`` + ``index.json``: the hnswlib HNSW graph (Malkov & Yashunin 2018), cosine
  space, saved every ``index_save_every`` adds and on ``close``. At open, a saved index that
  matches the records is loaded and only the missing tail is added; anything inconsistent is
  rebuilt from the records' embeddings.

A record whose ``env_id`` was archived before replaces it (the old one is marked deleted in the
index). Diversity is the Vendi score / n of the live embeddings (``engine.vendi``).

The ``Memory`` actor consumes ``EnvScored`` (archived) and ``EnvRejected`` (counted by reason).
"""

from __future__ import annotations

import io
import json
import math
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

import hnswlib
import msgspec
import numpy as np
import trio

from engine.config import MemoryConfig
from engine.embedding import Embedder, make_embedder
from engine.jsonl import repair_jsonl
from engine.messages import EnvRejected, EnvScored, MemoryIn
from engine.vendi import vendi_score

__all__ = [
    "Archive",
    "ArchiveRecord",
    "DifficultyStats",
    "Memory",
    "MemoryStatistics",
    "Neighbour",
    "env_text",
]

Origin = Literal["designed", "seed"]


class ArchiveRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One archived environment (one line of ``records.jsonl``).

    Attributes:
        env_id: unique id (a later record with the same id replaces this one).
        source: the environment program.
        hint: the hint the Agent saw.
        description: the task text.
        passage_id: grounding passage ("" for seeds).
        group_id: GRPO group of the design.
        policy_version: weight version that wrote it (-1: not model-written).
        origin: ``"designed"`` or ``"seed"``.
        k: episodes per condition behind the rates (0: not yet scored).
        success_without: success rate without the hint, in [0, 1] (``None``: unscored).
        success_with: success rate with the hint, in [0, 1] (``None``: unscored).
        regret: ``success_with - success_without`` (``None``: unscored).
        accepted: passed the Critic's regret threshold.
        flags: the Critic's labels (``trivial``, ``impossible`` ...).
        created_at: Unix seconds when archived.
        embedding: unit vector of ``env_text`` (``d`` floats).
    """

    env_id: str
    source: str
    hint: str = ""
    description: str = ""
    passage_id: str = ""
    group_id: str = ""
    policy_version: int = -1
    origin: Origin = "designed"
    k: int = 0
    success_without: float | None = None
    success_with: float | None = None
    regret: float | None = None
    accepted: bool = False
    flags: list[str] = []
    created_at: float = 0.0
    embedding: list[float] = []


class Neighbour(msgspec.Struct, frozen=True, kw_only=True):
    """A retrieval result: a record and its cosine similarity to the query (in [-1, 1])."""

    record: ArchiveRecord
    similarity: float


class DifficultyStats(msgspec.Struct, frozen=True, kw_only=True):
    """Difficulty of the scored part of the archive.

    Attributes:
        n: live records (scored or not).
        scored: records with ``k > 0``.
        accepted: records accepted as frontier.
        mean_success_without: mean success rate without the hint over scored records (NaN
            when none is scored).
        mean_success_with: mean success rate with the hint.
        mean_regret: mean regret.
        regret_histogram: counts of regret in 5 bins over [-1, 1]
            (``[-1,-0.2) [-0.2,0.2) [0.2,0.5) [0.5,0.8) [0.8,1]``).
        flags: count per Critic flag.
    """

    n: int
    scored: int
    accepted: int
    mean_success_without: float
    mean_success_with: float
    mean_regret: float
    regret_histogram: list[int]
    flags: dict[str, int]


_REGRET_EDGES = (-0.2, 0.2, 0.5, 0.8)


def env_text(source: str, description: str = "", limit: int = 1000) -> str:
    """The text of an environment that is embedded: description, then the source head.

    Args:
        source: the program.
        description: its task text ("" when unknown).
        limit: characters kept.
    """
    text = f"{description.strip()}\n{source}" if description else source
    return text[:limit]


_decode_record = msgspec.json.Decoder(ArchiveRecord)
_encoder = msgspec.json.Encoder()


class Archive:
    """The on-disk archive with an HNSW cosine index.

    One writer at a time (the Memory actor, which calls ``add`` in a worker thread so that the
    file write, its fsync and the index save never block the event loop); ``nearest``/
    ``is_duplicate``/``embed`` may be called from worker threads meanwhile (an internal lock
    serialises index access). ``records``, ``recent``, ``len`` and ``in`` read an immutable
    snapshot the writer replaces whole after each add, so the loop thread reads them without
    the lock and never sees a half-applied add.

    Open it with ``Archive.open``; use it as a context manager or call ``close()``.
    """

    def __init__(self, path: Path, config: MemoryConfig, embedder: Embedder) -> None:
        self.path = path
        self.config = config
        self.embedder = embedder
        self.dim = embedder.dim
        self._records: list[ArchiveRecord] = []  # by hnsw label
        self._live: dict[str, int] = {}  # env_id -> label
        self._vecs = np.zeros((0, self.dim), dtype=np.float32)
        self._index = self._new_index(1024)
        self._unsaved = 0
        self._file: io.BufferedWriter | None = None
        self._lock = threading.RLock()  # queries from worker threads vs. the writer's adds
        self._snapshot: tuple[ArchiveRecord, ...] = ()  # live records, oldest first
        self.torn_bytes = 0
        """Bytes cut from a torn last line at open (0 after a clean shutdown)."""

    # -------------------------------------------------------------------------- open/close

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        config: MemoryConfig,
        embedder: Embedder | None = None,
        *,
        seeds: bool | None = None,
    ) -> Archive:
        """Open (or create) the archive directory ``path``.

        Args:
            path: the archive directory.
            config: the ``[memory]`` section.
            embedder: the embedder (default: ``make_embedder(config.embedder)``); its ``dim``
                must match the records'.
            seeds: add the shipped seed environments when the archive is empty (default:
                ``config.seed_archive``).

        Returns:
            The archive with every complete record on disk loaded and indexed.

        Raises:
            ValueError: a record's embedding has a different dimension than the embedder.
            engine.jsonl.JsonlError: a line before the last one is not an ``ArchiveRecord`` (a
                torn last line is dropped and counted in ``torn_bytes``).
        """
        p = Path(path)
        p.mkdir(parents=True, exist_ok=True)
        self = cls(p, config, embedder or make_embedder(config.embedder))
        self._load()
        if (config.seed_archive if seeds is None else seeds) and not self._live:
            from engine.seed_envs import seed_envs

            for seed in seed_envs():
                self.add_record(
                    ArchiveRecord(
                        env_id=f"seed-{seed.name}",
                        source=seed.source,
                        hint=seed.hint,
                        description=seed.description,
                        origin="seed",
                        flags=["seed", seed.family],
                    )
                )
        return self

    def _new_index(self, capacity: int) -> hnswlib.Index:
        index = hnswlib.Index(space="cosine", dim=self.dim)
        index.init_index(
            max_elements=capacity,
            ef_construction=max(100, self.config.hnsw_ef),
            M=self.config.hnsw_m,
            random_seed=0,
            allow_replace_deleted=False,
        )
        index.set_ef(self.config.hnsw_ef)
        index.set_num_threads(1)
        return index

    @property
    def _records_path(self) -> Path:
        return self.path / "records.jsonl"

    def _load(self) -> None:
        rp = self._records_path
        records: list[ArchiveRecord] = []
        if rp.exists():
            # a torn last line (a crash mid-append) is cut off; any other bad line is an error
            records, self.torn_bytes = repair_jsonl(rp, _decode_record.decode)
        vecs = np.zeros((len(records), self.dim), dtype=np.float32)
        for i, rec in enumerate(records):
            if len(rec.embedding) != self.dim:
                raise ValueError(
                    f"archive {str(rp)!r}: record {rec.env_id!r} has a {len(rec.embedding)}-d "
                    f"embedding, the embedder {self.embedder.name!r} gives {self.dim}"
                )
            vecs[i] = rec.embedding
        self._records = records
        self._vecs = vecs
        self._live = {}
        for label, rec in enumerate(records):
            self._live[rec.env_id] = label
        self._snapshot = tuple(records[i] for i in sorted(self._live.values()))
        self._index = self._load_index(len(records))
        self._file = rp.open("ab")

    def _load_index(self, n: int) -> hnswlib.Index:
        """The saved index if it is consistent with the records, plus the missing tail."""
        meta_p, bin_p = self.path / "index.json", self.path / "index.bin"
        index: hnswlib.Index | None = None
        start = 0
        try:
            meta = json.loads(meta_p.read_text())
            if meta.get("dim") == self.dim and 0 < int(meta["count"]) <= n:
                index = hnswlib.Index(space="cosine", dim=self.dim)
                index.load_index(str(bin_p), max_elements=max(1024, 2 * n))
                if index.get_current_count() != int(meta["count"]):
                    index = None
                else:
                    start = int(meta["count"])
                    index.set_ef(self.config.hnsw_ef)
                    index.set_num_threads(1)
        except (OSError, ValueError, KeyError, RuntimeError, TypeError):
            index = None
        if index is None:
            index, start = self._new_index(max(1024, 2 * n)), 0
        if start < n:
            index.add_items(self._vecs[start:n], np.arange(start, n))
        live = set(self._live.values())
        for label in range(n):
            if label not in live:
                try:
                    index.mark_deleted(label)
                except RuntimeError:
                    pass  # already marked in the saved index
        self._unsaved = n - start
        return index

    def save_index(self) -> None:
        """Write the HNSW index and its metadata (atomically: temp file + rename)."""
        bin_p, meta_p = self.path / "index.bin", self.path / "index.json"
        tmp = self.path / "index.bin.tmp"
        self._index.save_index(str(tmp))
        tmp.replace(bin_p)
        meta_tmp = self.path / "index.json.tmp"
        meta_tmp.write_text(json.dumps({"dim": self.dim, "count": len(self._records)}))
        meta_tmp.replace(meta_p)
        self._unsaved = 0

    def close(self) -> None:
        """Flush, fsync and close the records file and save the index. Idempotent."""
        f = self._file
        if f is None:
            return
        self._file = None
        f.flush()
        os.fsync(f.fileno())
        f.close()
        if self._unsaved:
            self.save_index()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------------------- add

    def embed(self, text: str) -> np.ndarray:
        """Embed one text; ``float32`` unit vector, shape ``(d,)``. Slow for ``minilm``."""
        return self.embedder.embed([text])[0]

    def embed_env(self, source: str, description: str = "") -> np.ndarray:
        """Embed an environment's ``env_text``; shape ``(d,)``."""
        return self.embed(env_text(source, description, self.config.embed_chars))

    def add(self, score: EnvScored, embedding: np.ndarray | None = None) -> ArchiveRecord:
        """Archive a scored environment.

        Args:
            score: the Critic's score (carries the proposal: source, hint, passage, tokens).
            embedding: its ``embed_env`` vector, shape ``(d,)`` (computed here when ``None``;
                compute it in a worker thread beforehand to keep the event loop free).

        Returns:
            The record written.
        """
        p = score.proposal
        with self._lock:
            label = self._live.get(score.env_id)
            earlier = self._records[label] if label is not None else None
        # re-scoring an archived environment (a seed) keeps what it is and when it came
        origin = earlier.origin if earlier is not None else "designed"
        rec = ArchiveRecord(
            env_id=score.env_id,
            source=p.source,
            hint=score.hint,
            description=score.description,
            passage_id=p.passage_id,
            group_id=p.group_id,
            policy_version=p.policy_version,
            origin=origin,
            k=score.k,
            success_without=score.success_without,
            success_with=score.success_with,
            regret=score.regret,
            accepted=score.accepted,
            flags=list(score.flags),
            created_at=time.time(),
        )
        return self.add_record(rec, embedding)

    def add_record(self, rec: ArchiveRecord, embedding: np.ndarray | None = None) -> ArchiveRecord:
        """Append a record (durably) and index it; replaces an earlier one with its ``env_id``.

        Args:
            rec: the record; its ``embedding`` field is filled from ``embedding`` or computed.
            embedding: shape ``(d,)``, optional.

        Raises:
            ValueError: the embedding has the wrong dimension.
        """
        if embedding is None:
            embedding = (
                np.asarray(rec.embedding, dtype=np.float32)
                if rec.embedding
                else self.embed_env(rec.source, rec.description)
            )
        vec = np.asarray(embedding, dtype=np.float32).reshape(-1)
        if vec.shape[0] != self.dim:
            raise ValueError(f"embedding has {vec.shape[0]} dimensions, the archive {self.dim}")
        norm = float(np.linalg.norm(vec))
        vec = vec / norm if norm > 0 else vec
        if rec.created_at == 0.0:
            rec = msgspec.structs.replace(rec, created_at=time.time())
        rec = msgspec.structs.replace(rec, embedding=vec.tolist())
        with self._lock:
            f = self._file
            if f is None:
                raise ValueError(f"archive {str(self.path)!r} is closed")
            f.write(_encoder.encode(rec) + b"\n")
            f.flush()
            if self.config.fsync:
                os.fsync(f.fileno())
            label = len(self._records)
            if label >= self._index.get_max_elements():
                self._index.resize_index(2 * self._index.get_max_elements())
            self._index.add_items(vec[None, :], np.array([label]))
            old = self._live.get(rec.env_id)
            if old is not None:
                self._index.mark_deleted(old)
            self._live[rec.env_id] = label
            self._records.append(rec)
            if old is None:
                self._snapshot = (*self._snapshot, rec)
            else:
                self._snapshot = tuple(self._records[i] for i in sorted(self._live.values()))
            if label >= self._vecs.shape[0]:
                grown = np.zeros((max(64, 2 * self._vecs.shape[0]), self.dim), dtype=np.float32)
                grown[: self._vecs.shape[0]] = self._vecs
                self._vecs = grown
            self._vecs[label] = vec
            self._unsaved += 1
            if self._unsaved >= self.config.index_save_every:
                self.save_index()
        return rec

    # ---------------------------------------------------------------------------- queries

    def __len__(self) -> int:
        return len(self._snapshot)

    def __contains__(self, env_id: object) -> bool:
        return env_id in self._live

    def get(self, env_id: str) -> ArchiveRecord:
        """The live record of ``env_id``. Raises ``KeyError`` when absent."""
        return self._records[self._live[env_id]]

    def records(self) -> list[ArchiveRecord]:
        """Live records, oldest first (a copy of the current snapshot; lock-free)."""
        return list(self._snapshot)

    def snapshot(self) -> tuple[ArchiveRecord, ...]:
        """The live records, oldest first, as an immutable tuple (lock-free, O(1)).

        The writer replaces it whole after each add: a reader on any thread holds a
        consistent view for as long as it keeps the tuple.
        """
        return self._snapshot

    def embeddings(self) -> np.ndarray:
        """Live embeddings, oldest first, shape ``(n, d)``."""
        return self._vecs[sorted(self._live.values())]

    def nearest(self, query: str | np.ndarray, k: int) -> list[Neighbour]:
        """The ``k`` live records most similar to ``query`` (approximate, HNSW), best first.

        Args:
            query: a text (embedded with the archive's embedder, as is) or a vector ``(d,)``.
            k: how many; fewer when the archive is smaller.
        """
        k = min(k, len(self._live))
        if k <= 0:
            return []
        vec = self.embed(query) if isinstance(query, str) else np.asarray(query, np.float32)
        with self._lock:
            self._index.set_ef(max(self.config.hnsw_ef, k))
            labels, dists = self._index.knn_query(vec.reshape(1, -1), k=k)
        return [
            Neighbour(record=self._records[int(lab)], similarity=float(1.0 - d))
            for lab, d in zip(labels[0], dists[0], strict=True)
        ]

    def recent(self, k: int) -> list[ArchiveRecord]:
        """The ``k`` most recently archived live records, newest first."""
        snap = self._snapshot
        return list(reversed(snap[max(len(snap) - k, 0) :])) if k > 0 else []

    def is_duplicate(
        self,
        source: str | np.ndarray,
        description: str = "",
        *,
        threshold: float | None = None,
    ) -> tuple[bool, str | None, float]:
        """Whether a design is a near-copy of an archived environment.

        Args:
            source: the program (embedded as ``env_text(source, description)``) or its
                embedding ``(d,)``.
            description: its task text, if known.
            threshold: cosine similarity at or above which it is a duplicate (default
                ``MemoryConfig.duplicate_threshold``).

        Returns:
            ``(is_duplicate, nearest env_id or None, cosine similarity to it)``.
        """
        thr = self.config.duplicate_threshold if threshold is None else threshold
        if isinstance(source, str):
            vec = self.embed_env(source, description)
        else:
            vec = np.asarray(source, dtype=np.float32)
        hits = self.nearest(vec, 1)
        if not hits:
            return False, None, 0.0
        best = hits[0]
        return best.similarity >= thr, best.record.env_id, best.similarity

    def difficulty(self) -> DifficultyStats:
        """Difficulty statistics of the live records."""
        recs = self.records()
        scored = [r for r in recs if r.k > 0 and r.regret is not None]
        hist = [0] * (len(_REGRET_EDGES) + 1)
        flags: Counter[str] = Counter()
        for r in recs:
            flags.update(r.flags)
        for r in scored:
            hist[sum((r.regret or 0.0) >= e for e in _REGRET_EDGES)] += 1

        def mean(xs: Sequence[float | None]) -> float:
            vals = [x for x in xs if x is not None]
            return float(sum(vals) / len(vals)) if vals else math.nan

        return DifficultyStats(
            n=len(recs),
            scored=len(scored),
            accepted=sum(r.accepted for r in recs),
            mean_success_without=mean([r.success_without for r in scored]),
            mean_success_with=mean([r.success_with for r in scored]),
            mean_regret=mean([r.regret for r in scored]),
            regret_histogram=hist,
            flags=dict(flags),
        )

    def vendi_per_n(self, *, origin: Origin | None = None) -> float:
        """Vendi score of the live embeddings divided by n (0.0 for an empty archive).

        Args:
            origin: only records of this origin (``"designed"`` excludes the seeds).

        Source: Friedman & Dieng 2023, Eq. 1, via the d × d Gram matrix (``engine.vendi``).
        """
        labels = sorted(self._live.values())
        if origin is not None:
            labels = [i for i in labels if self._records[i].origin == origin]
        if not labels:
            return 0.0
        return vendi_score(self._vecs[labels]) / len(labels)


# ----------------------------------------------------------------------------------- actor


class MemoryStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Memory actor.

    Attributes:
        archived: environments archived by this actor.
        size: live records in the archive.
        rejected: rejections seen, per reason.
        vendi_per_n: Vendi/n of the archive after the last add.
        embed_seconds: total time spent embedding (seconds).
        write_seconds: total time of the adds (record write, fsync, index insert and saves;
            seconds, in a worker thread).
    """

    archived: int
    size: int
    rejected: dict[str, int]
    vendi_per_n: float
    embed_seconds: float
    write_seconds: float = 0.0


class Memory:
    """The Memory actor: archives every ``EnvScored``, counts every ``EnvRejected``.

    It is the archive's only writer while it runs, and its one task serialises the writes:
    the embedding, the add (record append, fsync, index insert, periodic index save) and the
    Vendi score each run in a worker thread, one after another, so no file write or index
    work blocks the event loop. Others read the archive's immutable snapshot
    (``Archive.snapshot``/``records``) or query it from worker threads (``nearest``).

    Args:
        archive: the open archive.
        on_archived: called on the loop thread with each score once its record is in the
            archive (the API hands it to the waiting caller there), or ``None``.
    """

    name = "memory"

    def __init__(
        self, archive: Archive, on_archived: Callable[[EnvScored], None] | None = None
    ) -> None:
        self.archive = archive
        self.on_archived = on_archived
        self._archived = 0
        self._rejected: Counter[str] = Counter()
        self._vendi = 0.0
        self._embed_s = 0.0
        self._write_s = 0.0

    async def run(
        self,
        inbox: trio.MemoryReceiveChannel[MemoryIn],
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Consume the inbox until it closes; embeddings, adds and Vendi run in worker threads.

        Cancellable between messages; a record is written whole or not at all (a worker
        thread's add is not abandoned on cancellation).
        """
        if len(self.archive):
            self._vendi = await trio.to_thread.run_sync(self.archive.vendi_per_n)
        task_status.started()
        with inbox:
            async for msg in inbox:
                match msg:
                    case EnvScored():
                        t0 = time.perf_counter()
                        vec = await trio.to_thread.run_sync(
                            self.archive.embed_env, msg.proposal.source, msg.description
                        )
                        t1 = time.perf_counter()
                        self._embed_s += t1 - t0
                        await trio.to_thread.run_sync(self.archive.add, msg, vec)
                        self._write_s += time.perf_counter() - t1
                        if self.on_archived is not None:
                            self.on_archived(msg)
                        # O(n d²): milliseconds at thousands of records, kept off the loop
                        self._vendi = await trio.to_thread.run_sync(self.archive.vendi_per_n)
                        self._archived += 1  # after Vendi: a reader of both sees them agree
                    case EnvRejected():
                        self._rejected[msg.reason] += 1

    def statistics(self) -> MemoryStatistics:
        """Current counters."""
        return MemoryStatistics(
            archived=self._archived,
            size=len(self.archive),
            rejected=dict(self._rejected),
            vendi_per_n=self._vendi,
            embed_seconds=self._embed_s,
            write_seconds=self._write_s,
        )
