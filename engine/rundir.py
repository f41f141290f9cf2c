"""The run directory: config, metrics, archive, checkpoints, logs, plots — and resuming.

Layout::

    runs/<timestamp>/
      config.toml          the resolved config of the run (written once, read on resume)
      metrics.jsonl        one IterationRow per line
      designs.jsonl        one record per model-written design: completion, program, verdict
      episodes.jsonl       episode transcripts (all, a sample, or none: run.keep_episodes)
      summary.json         totals written at the end of each process
      corpus_state.json    which passages were used (sampling without replacement resumes)
      base_weights.json    the weights served as policy version 0 (a cached warm start, or
                           policy.model_path), written at the run's first start; engine.eval
                           reads it
      archive/             the environment archive (records.jsonl + HNSW index)
      checkpoints/         learner checkpoints (model, optimizer, step, RNG, version)
      weights/v<N>/        safetensors the policy servers loaded
      logs/run.log         the run's log; logs/learner.rank<r>.log, logs/server*.log
      plots/*.png          regret distribution, success with/without hint, Vendi/n, rejections
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from engine.config import Config, config_from_dict, dump_config, load_config, read_toml
from engine.errors import ConfigError
from engine.jsonl import JsonlError, read_jsonl, repair_jsonl

__all__ = ["INCOMPATIBLE_ON_RESUME", "RunDir", "read_records"]

INCOMPATIBLE_ON_RESUME: tuple[tuple[str, str], ...] = (
    ("policy", "backend"),
    ("policy", "model_path"),
    ("memory", "embedder"),
    ("learner", "world_size"),
    ("designer", "corpus"),
    ("designer", "passage_chars"),
)
"""Fields a resumed run must keep: they change the model, the archive's vectors, the FSDP
sharding of the checkpoint, or the corpus passage ids."""


class RunDir:
    """One run directory.

    Use :meth:`create` for a new run and :meth:`resume` to continue one; both check everything
    before anything is written or started.
    """

    def __init__(self, path: Path, *, quiet: bool = False) -> None:
        self.path = path
        self.quiet = quiet
        self._lock_fd: int | None = None
        self._sealed: set[str] = set()

    # -------------------------------------------------------------------- open
    @classmethod
    def create(cls, path: str | os.PathLike[str] | None, config: Config) -> RunDir:
        """Create a new run directory and write the resolved config into it.

        Args:
            path: the directory, or ``None``/"" for ``runs/<UTC timestamp>``.
            config: the resolved config.

        Raises:
            ConfigError: the directory exists and is not empty (use ``--resume``), or cannot be
                created or written (names the path).
        """
        if not path:
            stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S")
            path = Path("runs") / stamp
        p = Path(path)
        if p.exists() and not p.is_dir():
            raise ConfigError(f"run directory {str(p)!r} is a file, not a directory")
        if p.exists() and any(p.iterdir()):
            raise ConfigError(
                f"run directory {str(p)!r} already exists and is not empty: "
                f"use --resume {p} to continue it, or choose another --run-dir"
            )
        try:
            p.mkdir(parents=True, exist_ok=True)
            (p / "logs").mkdir(exist_ok=True)
            probe = p / ".write-test"
            probe.write_text("ok")
            probe.unlink()
        except OSError as exc:
            raise ConfigError(
                f"run directory {str(p)!r} is not writable: {exc.strerror or exc}"
            ) from None
        run = cls(p)
        run._lock()
        run.write_text("config.toml", dump_config(config))
        return run

    @staticmethod
    def resume_config(
        path: str | os.PathLike[str],
        config_file: str | os.PathLike[str] | None = None,
        overrides: list[str] = (),  # type: ignore[assignment]
    ) -> tuple[Config, Config]:
        """The saved config of a run and the config to continue it with; writes nothing.

        The continuing config is the saved ``config.toml`` with ``config_file``'s values and then
        ``overrides`` applied on top; fields in ``INCOMPATIBLE_ON_RESUME`` must stay as saved.

        Returns:
            ``(saved, continuing)``.

        Raises:
            ConfigError: no such directory, no or unreadable ``config.toml``, a bad override, or
                an incompatible field (named, with both values).
        """
        p = Path(path)
        if p.exists() and not p.is_dir():
            raise ConfigError(f"--resume {str(p)!r} is a file, not a run directory")
        if not p.is_dir():
            raise ConfigError(f"--resume {str(p)!r}: no such run directory")
        saved_path = p / "config.toml"
        if not saved_path.is_file():
            raise ConfigError(f"--resume {str(p)!r}: no config.toml (not a run directory)")
        try:
            raw = read_toml(saved_path)
            saved = config_from_dict(raw)
        except ConfigError as exc:
            raise ConfigError(f"--resume {str(p)!r}: {exc}") from None
        config = load_config(config_file, overrides, base=raw)
        for section, field in INCOMPATIBLE_ON_RESUME:
            old = getattr(getattr(saved, section), field)
            new = getattr(getattr(config, section), field)
            if old != new:
                raise ConfigError(
                    f"--resume {str(p)!r}: {section}.{field} = {new!r} is incompatible with "
                    f"the run's {old!r}"
                )
        return saved, config

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        config_file: str | os.PathLike[str] | None = None,
        overrides: list[str] = (),  # type: ignore[assignment]
    ) -> tuple[RunDir, Config]:
        """Open an existing run directory to continue it (see :meth:`resume_config`).

        Takes the run directory's lock; when the continuing config differs from the saved one,
        ``config.toml`` is rewritten and the changed fields are logged.

        Raises:
            ConfigError: as :meth:`resume_config`; the directory is not writable or another
                process runs in it.
        """
        saved, config = cls.resume_config(path, config_file, overrides)
        p = Path(path)
        if not os.access(p, os.W_OK):
            raise ConfigError(f"--resume {str(p)!r}: run directory is not writable")
        (p / "logs").mkdir(exist_ok=True)
        run = cls(p)
        run._lock()
        run.repair()
        if config != saved:
            changes = _changes(saved, config)
            run.write_text("config.toml", dump_config(config))
            run.log(f"resumed with changed settings: {changes}")
        return run, config

    def _lock(self) -> None:
        """Hold an exclusive lock on the run directory for this process's lifetime.

        Raises:
            ConfigError: another process holds it (two runs would interleave their metrics).
        """
        import fcntl

        fd = os.open(self.path / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ConfigError(
                f"run directory {str(self.path)!r} is in use by another engine.run process"
            ) from None
        self._lock_fd = fd

    # -------------------------------------------------------------------- logging
    def log(self, message: str, *, console: bool = True) -> None:
        """Print a timestamped line to stderr (unless ``quiet`` or not ``console``) and append
        it to ``logs/run.log``."""
        stamp = _dt.datetime.now().strftime("%H:%M:%S")
        line = f"[{stamp}] {message}"
        if console and not self.quiet:
            print(line, file=sys.stderr, flush=True)
        with (self.path / "logs" / "run.log").open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    def log_traceback(self, exc: BaseException) -> None:
        """Append ``exc``'s full traceback (with its causes) to ``logs/run.log`` only."""
        import traceback

        text = "".join(traceback.format_exception(exc))
        with (self.path / "logs" / "run.log").open("a", encoding="utf-8") as fh:
            fh.write(text)

    # -------------------------------------------------------------------- metrics
    @property
    def metrics_path(self) -> Path:
        """``metrics.jsonl``."""
        return self.path / "metrics.jsonl"

    def metrics(self) -> list[dict[str, Any]]:
        """Every complete metrics row (a torn last line is left out, see ``engine.jsonl``).

        Raises:
            ConfigError: a line before the last one is not a JSON object (the file was damaged
                by something other than a crash mid-append).
        """
        if not self.metrics_path.exists():
            return []
        try:
            rows, _ = read_jsonl(
                self.metrics_path.read_bytes(), _decode_row, name=str(self.metrics_path)
            )
        except JsonlError as exc:
            raise ConfigError(str(exc)) from None
        return rows

    def repair(self) -> None:
        """Cut a torn last line off ``metrics.jsonl`` (a crash mid-append), with a warning, so
        the next row starts a line of its own; the archive repairs itself when opened.

        Raises:
            ConfigError: as :meth:`metrics`.
        """
        try:
            _, torn = repair_jsonl(self.metrics_path, _decode_row)
        except JsonlError as exc:
            raise ConfigError(str(exc)) from None
        if torn:
            self.log(
                f"warning: dropped a torn last line of {self.metrics_path.name} ({torn} bytes, "
                "left by a crash mid-write); every complete row is kept"
            )

    def completed_iterations(self) -> int:
        """The last iteration number written to ``metrics.jsonl`` (0 for a new run)."""
        rows = self.metrics()
        return int(rows[-1]["iteration"]) if rows else 0

    def append_metrics(self, row: msgspec.Struct) -> None:
        """Append one row as a JSON line, flushed and fsynced (a crash loses no iteration)."""
        with self.metrics_path.open("ab") as fh:
            fh.write(msgspec.json.encode(row) + b"\n")
            fh.flush()
            os.fsync(fh.fileno())

    def append_records(
        self, name: str, rows: Sequence[msgspec.Struct], *, sync: bool = True
    ) -> None:
        """Append rows to the JSON-lines file ``name``, one per line, flushed (and fsynced).

        The first append of this process ends a torn last line (a crash mid-write) with a
        newline, so the new rows start on lines of their own; readers skip the torn line.
        Blocking file I/O: call it from a worker thread in an actor.
        """
        path = self.path / name
        with path.open("ab") as fh:
            if name not in self._sealed:
                self._sealed.add(name)
                if fh.tell() > 0:
                    with path.open("rb") as rh:
                        rh.seek(-1, os.SEEK_END)
                        if rh.read(1) != b"\n":
                            fh.write(b"\n")
            fh.write(b"".join(msgspec.json.encode(r) + b"\n" for r in rows))
            fh.flush()
            if sync:
                os.fsync(fh.fileno())

    def records(self, name: str) -> list[dict[str, Any]]:
        """Every complete JSON line of ``name`` (torn or empty lines are skipped)."""
        return read_records(self.path / name)

    def write_json(self, name: str, data: Any) -> None:
        """Write ``name`` in the run directory as JSON, atomically."""
        self.write_text(name, json.dumps(data, indent=2, default=str) + "\n")

    def write_text(self, name: str, text: str) -> None:
        """Write ``name`` in the run directory atomically (a kill leaves the old or the new)."""
        tmp = self.path / f".{name}.tmp"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path / name)

    # -------------------------------------------------------------------- corpus state
    def load_corpus_state(self) -> dict[str, Any] | None:
        """The saved corpus sampling state, or ``None``."""
        p = self.path / "corpus_state.json"
        if not p.exists():
            return None
        try:
            data = json.loads(p.read_text())
        except json.JSONDecodeError:
            return None
        return data if isinstance(data, dict) else None

    def save_corpus_state(self, state: dict[str, Any]) -> None:
        """Save the corpus sampling state atomically."""
        tmp = self.path / "corpus_state.json.tmp"
        tmp.write_text(json.dumps(state))
        os.replace(tmp, self.path / "corpus_state.json")

    # -------------------------------------------------------------------- learner files
    def has_checkpoint(self) -> bool:
        """Whether ``checkpoints/`` holds a complete learner checkpoint."""
        root = self.path / "checkpoints"
        return (
            any((p / "meta.json").exists() for p in root.glob("step_*")) if root.exists() else False
        )

    def latest_checkpoint(self) -> Path | None:
        """The newest complete ``checkpoints/step_<N>/`` directory, or ``None``."""
        root = self.path / "checkpoints"
        done = sorted(p for p in root.glob("step_*") if (p / "meta.json").exists())
        return done[-1] if done else None

    def latest_weights(self) -> tuple[Path, int] | None:
        """The newest ``weights/v<N>/`` directory and ``N``, or ``None``."""
        root = self.path / "weights"
        if not root.exists():
            return None
        found = []
        for p in root.iterdir():
            m = re.fullmatch(r"v(\d+)", p.name)
            if m and p.is_dir() and any(p.glob("*.safetensors")):
                found.append((int(m.group(1)), p))
        if not found:
            return None
        version, path = max(found)
        return path, version


def _decode_row(line: bytes) -> dict[str, Any]:
    """One ``metrics.jsonl`` row; ``ValueError`` unless it is a JSON object."""
    row = json.loads(line)
    if not isinstance(row, dict) or "iteration" not in row:
        raise ValueError("not a metrics row")
    return row


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every complete JSON object line of a JSON-lines file (``[]`` when it does not exist).

    A torn line (a crash mid-write) or anything that is not a JSON object is skipped.
    """
    if not path.exists():
        return []
    rows = []
    with path.open("rb") as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if isinstance(row, dict):
                rows.append(row)
    return rows


def _changes(old: Config, new: Config) -> str:
    """``section.field: old -> new`` for every field that differs."""
    a, b = msgspec.to_builtins(old), msgspec.to_builtins(new)
    out = []
    for section, fields in b.items():
        for key, value in fields.items():
            if a.get(section, {}).get(key) != value:
                out.append(f"{section}.{key}: {a.get(section, {}).get(key)!r} -> {value!r}")
    return ", ".join(out)
