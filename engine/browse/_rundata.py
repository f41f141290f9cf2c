"""Reading a run directory for the browser, read-only and safe while ``engine.run`` writes it.

What is read (README "What a run writes"; nothing here ever writes into the run directory):

- ``config.toml``: the run's resolved config (the sandbox limits play uses, the Critic's
  confidence and acceptance threshold);
- ``archive/records.jsonl``: one ``ArchiveRecord`` per line; a later line with the same
  ``env_id`` replaces the earlier one, a torn last line (a write in progress) is skipped —
  unlike ``Archive.open``, which cuts it off, since the run may be writing it right now;
- ``metrics.jsonl``: one ``IterationRow`` per line (the live table and plots);
- ``designs.jsonl`` when present: one line per design the Critic judged, rejected ones
  included: ``{iteration, policy_version, passage_id, env_id?, verdict | reason, detail?,
  regret?, flags?, source?, hint?}``; unknown keys are kept and shown;
- ``episodes.jsonl`` when present: ``EpisodeFinished`` lines, shown on the environment's page.

Each file is re-read only when its size or modification time changes (:class:`RunData`).
"""

from __future__ import annotations

import json
import math
import os
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

import msgspec
import numpy as np

from actors.memory import ArchiveRecord
from engine.config import Config, config_from_dict, read_toml
from engine.errors import ConfigError

__all__ = [
    "Design",
    "EnvRow",
    "Neighbour",
    "RunData",
    "check_run_dir",
    "fmt",
    "regret_interval",
]

_decode_record = msgspec.json.Decoder(ArchiveRecord)


class Design(msgspec.Struct, frozen=True, kw_only=True):
    """One line of ``designs.jsonl`` (every field but the verdict may be missing).

    Attributes:
        iteration: the self-play iteration that judged it (0: unknown).
        policy_version: weight version that wrote it (-1: unknown).
        passage_id: grounding passage.
        env_id: the design's id ("" when the line has none).
        verdict: ``"accepted"``, ``"scored"`` or ``"rejected"`` (``"rejected"`` when the line
            only names a ``reason``).
        reason: the rejection reason (``compile``, ``low_regret`` ...; "" when accepted).
        detail: one human-readable line.
        regret: measured regret, when it was measured.
        flags: the Critic's labels.
        source: the program, when recorded.
        hint: the hint, when recorded.
        extra: every other key of the line, shown as is.
    """

    iteration: int = 0
    policy_version: int = -1
    passage_id: str = ""
    env_id: str = ""
    verdict: str = "rejected"
    reason: str = ""
    detail: str = ""
    regret: float | None = None
    flags: list[str] = []
    source: str = ""
    hint: str = ""
    extra: dict[str, Any] = {}


_DESIGN_FIELDS = set(Design.__struct_fields__) - {"extra"}


class Neighbour(msgspec.Struct, frozen=True, kw_only=True):
    """An archived record near another: its id and the cosine distance ``1 - cos`` in [0, 2]."""

    env_id: str
    distance: float
    description: str


class EnvRow(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the archive table: an archived environment or a rejected design.

    Attributes:
        key: the row's link target: ``/env/<env_id>`` or ``/design/<n>``.
        env_id: the environment id ("" for a design line without one).
        kind: ``"seed"``, ``"designed"`` or ``"rejected"``.
        iteration: iteration that produced it (``None`` when not recorded).
        policy_version: weight version that wrote it (-1: not model-written).
        family: the seed's family or the design's grounding passage id.
        regret: measured regret (``None``: unscored).
        ci: the regret interval ``(low, high)`` at the run's confidence (Newcombe's hybrid score
            interval from ``k`` episodes per condition), ``None`` when unscored.
        success_without: success rate without the hint (``None``: unscored).
        success_with: success rate with the hint.
        k: episodes per condition behind the rates.
        flags: the Critic's labels.
        accepted: accepted as frontier.
        reason: rejection reason ("" for archived environments).
        nn_distance: cosine distance to the nearest other archived environment (``None``
            when it has no embedding or is alone).
        description: the task text (first line shown in the table).
    """

    key: str
    env_id: str
    kind: str
    iteration: int | None
    policy_version: int
    family: str
    regret: float | None
    ci: tuple[float, float] | None
    success_without: float | None
    success_with: float | None
    k: int
    flags: list[str]
    accepted: bool
    reason: str
    nn_distance: float | None
    description: str


def check_run_dir(path: Path) -> None:
    """Check that ``path`` is a run directory with an archive.

    Raises:
        ConfigError: not a directory, no ``config.toml`` (not a run directory), an unreadable
            config, or no ``archive/records.jsonl`` (the run has not opened its archive yet).
    """
    if path.is_file():
        raise ConfigError(f"{str(path)!r} is a file, not a run directory")
    if not path.is_dir():
        raise ConfigError(f"{str(path)!r}: no such run directory")
    if not (path / "config.toml").is_file():
        raise ConfigError(f"{str(path)!r}: no config.toml (not a run directory)")
    try:
        config_from_dict(read_toml(path / "config.toml"))
    except ConfigError as exc:
        raise ConfigError(f"{str(path)!r}: {exc}") from None
    if not (path / "archive" / "records.jsonl").is_file():
        raise ConfigError(f"{str(path)!r}: no archive/records.jsonl (missing archive)")


def _lines(path: Path) -> list[bytes]:
    """The complete lines of ``path`` (bytes after the last newline are a write in progress)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    end = data.rfind(b"\n") + 1
    return [line for line in data[:end].splitlines() if line.strip()]


def _design(obj: dict[str, Any]) -> Design:
    known = {k: v for k, v in obj.items() if k in _DESIGN_FIELDS}
    extra = {k: v for k, v in obj.items() if k not in _DESIGN_FIELDS}
    if "verdict" not in known:
        known["verdict"] = "rejected" if known.get("reason") else "scored"
    known["verdict"] = str(known["verdict"])
    try:
        return msgspec.convert(known | {"extra": extra}, Design, strict=False)
    except msgspec.ValidationError as exc:
        return Design(verdict="unreadable", detail=str(exc), extra=obj)


def regret_interval(rec: ArchiveRecord, confidence: float) -> tuple[float, float] | None:
    """Newcombe's hybrid score interval of ``rec``'s regret, as the Critic computes it.

    Source: Newcombe (1998) method 10, via ``actors._regret.newcombe_interval``; the counts
    are ``round(rate * k)``.

    Returns:
        ``(low, high)`` in [-1, 1], or ``None`` when the record is unscored.
    """
    from actors._regret import newcombe_interval

    if rec.k <= 0 or rec.success_with is None or rec.success_without is None:
        return None
    s_with = min(rec.k, max(0, round(rec.success_with * rec.k)))
    s_without = min(rec.k, max(0, round(rec.success_without * rec.k)))
    return newcombe_interval(s_with, rec.k, s_without, rec.k, confidence)


def _nn_distances(vecs: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Cosine distances and indices of each row's ``k`` nearest other rows.

    Args:
        vecs: ``(N, d)`` unit vectors.
        k: neighbours per row.

    Returns:
        ``(dist, idx)``, both ``(N, min(k, N-1))``, nearest first.
    """
    n = len(vecs)
    k = min(k, n - 1)
    dist = np.zeros((n, k), dtype=np.float32)
    idx = np.zeros((n, k), dtype=np.int64)
    for start in range(0, n, 512):  # (512, N) similarity blocks bound memory at large N
        sims = vecs[start : start + 512] @ vecs.T
        rows = np.arange(sims.shape[0])
        sims[rows, rows + start] = -np.inf
        top = np.argsort(-sims, axis=1)[:, :k]
        idx[start : start + 512] = top
        dist[start : start + 512] = 1.0 - np.take_along_axis(sims, top, axis=1)
    return dist, idx


class _Cached:
    """A file parsed again only when its (size, mtime) changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stamp: tuple[int, int] | None = None

    def changed(self) -> bool:
        try:
            st = os.stat(self.path)
            stamp = (st.st_size, st.st_mtime_ns)
        except FileNotFoundError:
            stamp = (-1, 0)
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        return True


class RunData:
    """The run directory as the pages see it; every method is safe from worker threads.

    Args:
        path: the run directory (checked by :func:`check_run_dir`).
        neighbours: nearest neighbours kept per environment.

    Raises:
        ConfigError: as :func:`check_run_dir`.
    """

    def __init__(self, path: Path, *, neighbours: int = 5) -> None:
        check_run_dir(path)
        self.path = path
        self.config: Config = config_from_dict(read_toml(path / "config.toml"))
        self._k = neighbours
        self._lock = threading.Lock()
        self._records_file = _Cached(path / "archive" / "records.jsonl")
        self._metrics_file = _Cached(path / "metrics.jsonl")
        self._designs_file = _Cached(path / "designs.jsonl")
        self._episodes_file = _Cached(path / "episodes.jsonl")
        self._records: dict[str, ArchiveRecord] = {}
        self._neighbours: dict[str, list[Neighbour]] = {}
        self._metrics: list[dict[str, Any]] = []
        self._designs: list[Design] = []
        self._episodes: dict[str, list[dict[str, Any]]] = {}

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> None:
        """Re-read whatever changed on disk (blocking: call it from a worker thread)."""
        with self._lock:
            if self._records_file.changed():
                self._load_records()
            if self._metrics_file.changed():
                rows = []
                for line in _lines(self._metrics_file.path):
                    try:
                        rows.append(json.loads(line))
                    except json.JSONDecodeError:
                        continue
                self._metrics = rows
            if self._designs_file.changed():
                designs = []
                for line in _lines(self._designs_file.path):
                    try:
                        obj = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if isinstance(obj, dict):
                        designs.append(_design(obj))
                self._designs = designs
            if self._episodes_file.changed():
                episodes: dict[str, list[dict[str, Any]]] = {}
                for line in _lines(self._episodes_file.path):
                    try:
                        obj = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if isinstance(obj, dict) and "env_id" in obj:
                        episodes.setdefault(str(obj["env_id"]), []).append(obj)
                self._episodes = episodes

    def _load_records(self) -> None:
        records: dict[str, ArchiveRecord] = {}
        for line in _lines(self._records_file.path):
            try:
                rec = _decode_record.decode(line)
            except msgspec.DecodeError:
                continue
            records[rec.env_id] = rec
        self._records = records
        with_vec = [r for r in records.values() if r.embedding]
        dims = {len(r.embedding) for r in with_vec}
        self._neighbours = {}
        if len(with_vec) < 2 or len(dims) != 1:
            return
        vecs = np.asarray([r.embedding for r in with_vec], dtype=np.float32)
        vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)
        dist, idx = _nn_distances(vecs, self._k)
        for i, rec in enumerate(with_vec):
            self._neighbours[rec.env_id] = [
                Neighbour(
                    env_id=with_vec[j].env_id,
                    distance=max(0.0, float(d)),
                    description=with_vec[j].description,
                )
                for d, j in zip(dist[i], idx[i], strict=True)
            ]

    # ------------------------------------------------------------------ queries
    def record(self, env_id: str) -> ArchiveRecord | None:
        """The archived record ``env_id``, or ``None``."""
        with self._lock:
            return self._records.get(env_id)

    def records(self) -> list[ArchiveRecord]:
        """Every live archived record, in archive order."""
        with self._lock:
            return list(self._records.values())

    def neighbours(self, env_id: str) -> list[Neighbour]:
        """The nearest other archived environments of ``env_id``, nearest first."""
        with self._lock:
            return list(self._neighbours.get(env_id, []))

    def metrics(self) -> list[dict[str, Any]]:
        """The ``metrics.jsonl`` rows so far."""
        with self._lock:
            return list(self._metrics)

    def designs(self) -> list[Design]:
        """The ``designs.jsonl`` lines ([] when the run does not write it)."""
        with self._lock:
            return list(self._designs)

    def has_designs(self) -> bool:
        """Whether the run writes ``designs.jsonl``."""
        return self._designs_file.path.exists()

    def episodes(self, env_id: str) -> list[dict[str, Any]] | None:
        """The recorded episodes of ``env_id``; ``None`` when the run records none at all."""
        with self._lock:
            if not self._episodes_file.path.exists():
                return None
            return list(self._episodes.get(env_id, []))

    def table(self) -> list[EnvRow]:
        """The archive table: every archived environment, then every rejected design."""
        with self._lock:
            confidence = self.config.critic.confidence
            by_env = {d.env_id: d for d in self._designs if d.env_id}
            rows = []
            for rec in self._records.values():
                design = by_env.get(rec.env_id)
                near = self._neighbours.get(rec.env_id)
                family = (
                    next((f for f in rec.flags if f != "seed"), "")
                    if rec.origin == "seed"
                    else rec.passage_id
                )
                rows.append(
                    EnvRow(
                        key=f"/env/{quote(rec.env_id)}",
                        env_id=rec.env_id,
                        kind=rec.origin,
                        iteration=_iteration(rec, design),
                        policy_version=rec.policy_version,
                        family=family,
                        regret=rec.regret,
                        ci=regret_interval(rec, confidence),
                        success_without=rec.success_without,
                        success_with=rec.success_with,
                        k=rec.k,
                        flags=[f for f in rec.flags if f not in ("seed", family)],
                        accepted=rec.accepted,
                        reason="",
                        nn_distance=near[0].distance if near else None,
                        description=rec.description,
                    )
                )
            for n, d in enumerate(self._designs):
                if d.verdict in ("accepted", "scored") and d.env_id in self._records:
                    continue  # shown as its archived record
                rows.append(
                    EnvRow(
                        key=f"/design/{n}",
                        env_id=d.env_id,
                        kind="rejected",
                        iteration=d.iteration or None,
                        policy_version=d.policy_version,
                        family=d.passage_id,
                        regret=d.regret,
                        ci=None,
                        success_without=None,
                        success_with=None,
                        k=0,
                        flags=list(d.flags),
                        accepted=False,
                        reason=d.reason or d.verdict,
                        nn_distance=None,
                        description=d.detail,
                    )
                )
            return rows


_ITERATION = re.compile(r"(?:^|-)it(\d+)-")


def _iteration(rec: ArchiveRecord, design: Design | None) -> int | None:
    """The iteration that wrote ``rec``: from ``designs.jsonl``, else from its id.

    The Designer names designs ``it<N>-r<r>-<hex>/<i>`` (``engine.loop``); seeds have none.
    """
    if design is not None and design.iteration:
        return design.iteration
    m = _ITERATION.search(rec.group_id or rec.env_id)
    return int(m.group(1)) if m else None


def fmt(x: float | None, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals, or an en dash for ``None``/NaN (a template filter)."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:.{digits}f}"
