"""Chaos: what long runs meet, one at a time, on a real tiny run of ``python -m engine.run``.

- a policy server killed with SIGKILL: the run goes on (the server comes back);
- a learner rank killed with SIGKILL: the run restarts from its last checkpoint and goes on;
- a terminal's Ctrl-C (SIGINT to the whole process group, ranks included): drain, exit 130;
- the engine itself killed with SIGKILL at ten random moments, resumed each time.

After each, ``--resume`` completes the run, and the run directory must hold every metrics row
once, every archive record once, and a checkpoint the resumed learner loaded.

The engine runs in its own session, so it is the foreground process group a terminal would
signal. Both tests are ``slow`` and ``chaos`` (see the README's "Tests"); each is bounded by a
hard deadline.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import torch

pytestmark = [pytest.mark.slow, pytest.mark.chaos]

TINY = [
    "--no-progress",
    "--set", "memory.embedder=hash",
    "--set", "critic.k=1",
    "--set", "agent.max_turns_cap=3",
    "--set", "agent.max_new_tokens=16",
    "--set", "designer.max_new_tokens=48",
    "--set", "designer.group_size=2",
    "--set", "scheduler.design_requests_per_iteration=1",
    "--set", "scheduler.replays_per_iteration=1",
    "--set", "scheduler.score_unscored=2",
    "--set", "learner.sft_epochs=1",
    "--set", "learner.sft_max_samples=4",
    "--set", "learner.batch_size=4",
    "--set", "learner.checkpoint_every=1",
    "--set", "learner.sft_cache=false",  # every run trains (and checkpoints) its warm start
    "--set", "policy.health_timeout_s=120",
    "--set", "run.time_budget_s=0",
]  # fmt: skip


LIMIT_S = float(os.environ.get("SPADE_CHAOS_LIMIT_S", "180"))
"""Each test's hard bound in seconds (a slower machine may set more)."""
KILL_DELAY_S = (0.5, 12.0)
"""Range of the random delay before a kill -9 (seconds)."""


class Engine:
    """One ``python -m engine.run`` in its own session (process group), output to files."""

    def __init__(self, rd: Path, *args: str) -> None:
        self.rd = rd
        self.out = rd.parent / f"{rd.name}.{time.monotonic_ns()}.out"
        self.err = self.out.with_suffix(".err")
        env = {**os.environ, "OMP_NUM_THREADS": "1"}
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "engine.run", *args, *TINY],
                stdout=out,
                stderr=err,
                env=env,
                start_new_session=True,
            )

    @property
    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    def rows(self) -> int:
        path = self.rd / "metrics.jsonl"
        return path.read_bytes().count(b"\n") if path.exists() else 0

    def log(self) -> str:
        return _log(self.rd)

    def wait_for(self, what: str, cond, deadline: float) -> None:  # noqa: ANN001
        while not cond():
            assert self.proc.poll() is None, f"engine exited waiting for {what}:\n{self.tail()}"
            assert time.monotonic() < deadline, f"timed out waiting for {what}:\n{self.tail()}"
            time.sleep(0.3)

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"engine did not exit in {timeout} s:\n{self.tail()}") from None

    def kill(self) -> None:
        for pid in [self.proc.pid, *descendants(self.proc.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()

    def tail(self) -> str:
        return "\n".join((self.stderr + "\n" + self.log()).splitlines()[-40:])


def _log(rd: Path) -> str:
    path = rd / "logs" / "run.log"
    return path.read_text(errors="replace") if path.exists() else ""


def _stat(pid: int) -> tuple[int, str]:
    """``(parent pid, command line)`` of a live process (``(0, "")`` when gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return 0, ""
    return int(stat.rsplit(")", 1)[1].split()[1]), cmd


def descendants(root: int) -> list[int]:
    """Every live process below ``root`` (children, their children, ...)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            ppid, _ = _stat(int(entry.name))
            parents[int(entry.name)] = ppid
    found, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        found += kids
        frontier += kids
    return found


def child(root: int, needle: str, rank: int | None = None) -> int:
    """The descendant of ``root`` whose command line holds ``needle`` (and env ``RANK``)."""
    for pid in descendants(root):
        _, cmd = _stat(pid)
        if needle not in cmd:
            continue
        if rank is not None:
            try:
                env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            except OSError:
                continue
            if f"RANK={rank}".encode() not in env:
                continue
        return pid
    raise AssertionError(f"no process {needle!r} under {root}")


def gone(pids: list[int], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(_stat(p) == (0, "") or _zombie(p) for p in pids):
            return True
        time.sleep(0.2)
    return False


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def _version(path: Path) -> int:
    return int(path.name[1:])


def check_run_directory(rd: Path, iterations: int) -> None:
    """Every metrics row once and in order, every archive record once, a loaded checkpoint."""
    rows = [json.loads(x) for x in (rd / "metrics.jsonl").read_text().splitlines()]
    assert [r["iteration"] for r in rows] == list(range(1, iterations + 1))
    records = [json.loads(x) for x in (rd / "archive" / "records.jsonl").read_text().splitlines()]
    # a seed is archived once unscored and at most once scored; a design once
    kinds = Counter((r["env_id"], r["k"] > 0) for r in records)
    assert max(kinds.values()) == 1, [k for k, n in kinds.items() if n > 1]
    scored = sum(1 for r in records if r["k"] > 0 and r["origin"] != "seed")
    assert scored >= sum(r["scored"] for r in rows)  # no scored design lost
    assert len({r["env_id"] for r in records if r["origin"] == "seed"}) == 12
    summary = json.loads((rd / "summary.json").read_text())
    assert summary["iterations"] == iterations
    # the newest checkpoint loads, and holds the newest weights the servers were given
    from safetensors.torch import load_file

    weights = max((p for p in (rd / "weights").glob("v*") if p.is_dir()), key=_version)
    assert summary["last_weight_version"] == _version(weights)
    published = load_file(str(weights / "model.safetensors"))
    model = _load_checkpoint(rd)
    assert set(published) <= set(model)
    for name, tensor in published.items():
        assert bool(tensor.isfinite().all()) and torch.equal(model[name], tensor), name


def _load_checkpoint(rd: Path) -> dict[str, torch.Tensor]:
    """The model tensors of the newest complete checkpoint, read with DCP in this process."""
    import warnings

    import torch.distributed.checkpoint as dcp
    from torch.distributed.checkpoint.metadata import TensorStorageMetadata

    (latest, *_) = sorted((rd / "checkpoints").glob("step_*/meta.json"), reverse=True)
    reader = dcp.FileSystemReader(str(latest.parent))
    meta = reader.read_metadata().state_dict_metadata
    sd = {
        key: torch.empty(tuple(m.size), dtype=m.properties.dtype)
        for key, m in meta.items()
        if key.startswith("model.") and isinstance(m, TensorStorageMetadata)
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no process group here: DCP says so, and loads
        dcp.load(sd, checkpoint_id=str(latest.parent))
    return {key.removeprefix("model."): t for key, t in sd.items()}


def test_killed_server_killed_rank_and_terminal_ctrl_c(tmp_path: Path) -> None:
    rd = tmp_path / "run"
    deadline = time.monotonic() + LIMIT_S
    eng = Engine(rd, "--run-dir", str(rd), "--set", "run.iterations=500")
    try:
        eng.wait_for("the first iteration", lambda: eng.rows() >= 1, deadline)

        # 1. the policy server dies: it comes back and the run goes on
        server = child(eng.proc.pid, "engine.serve")
        os.kill(server, signal.SIGKILL)
        n = eng.rows()
        eng.wait_for("iterations after the server died", lambda: eng.rows() >= n + 2, deadline)
        assert "restarting on" in (rd / "logs" / "server-0.log").read_text()

        # 2. a learner rank dies: the run restarts from the last checkpoint and goes on
        rank = child(eng.proc.pid, "engine.learner._rank", rank=1)
        os.kill(rank, signal.SIGKILL)
        eng.wait_for(
            "the restart", lambda: "restarting from the last checkpoint" in eng.log(), deadline
        )
        n = eng.rows()
        eng.wait_for("an iteration after the restart", lambda: eng.rows() >= n + 1, deadline)

        # 3. Ctrl-C in a terminal: SIGINT to the whole foreground process group
        os.killpg(eng.proc.pid, signal.SIGINT)
        assert eng.wait(timeout=max(deadline - time.monotonic(), 30)) == 130, eng.tail()
    finally:
        if eng.proc.poll() is None:
            eng.kill()
    err = eng.stderr
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-3000:]
    assert "interrupt (Ctrl-C): finishing the iterations in flight" in eng.log()
    stats = json.loads((rd / "statistics.json").read_text())
    assert stats["learner_restarts"] == 1
    done = eng.rows()

    # --resume completes the run
    last = Engine(rd, "--resume", str(rd), "--set", f"run.iterations={done + 1}")
    try:
        assert last.wait(timeout=max(deadline - time.monotonic(), 1)) == 0, last.tail()
    finally:
        if last.proc.poll() is None:
            last.kill()
    assert f"resuming after iteration {done}" in last.log()
    check_run_directory(rd, done + 1)


def test_kill_9_at_ten_random_moments_then_resume(tmp_path: Path) -> None:
    """Ten launches killed with SIGKILL after a random delay (fixed seed): every other one
    counted from the launch (start-up: corpus, archive, servers, ranks), the others from the
    moment its policy servers are up (warm start, iterations, checkpoints, drain)."""
    rd = tmp_path / "run"
    deadline = time.monotonic() + LIMIT_S
    rng = random.Random(14)
    target = ["--set", "run.iterations=3"]
    kills = 0
    while kills < 10:
        args = ["--resume", str(rd)] if (rd / "config.toml").exists() else ["--run-dir", str(rd)]
        seen = len(_log(rd))
        eng = Engine(rd, *args, *target)
        try:
            if kills == 0:  # the run directory exists before the first kill
                eng.wait_for("the run directory", (rd / "config.toml").exists, deadline)
            if kills % 2:
                proc = eng.proc

                def up(seen: int = seen, proc: subprocess.Popen[bytes] = proc) -> bool:
                    return "policy servers:" in _log(rd)[seen:] or proc.poll() is not None

                eng.wait_for("the policy servers", up, deadline)
            try:
                eng.proc.wait(timeout=rng.uniform(*KILL_DELAY_S))
            except subprocess.TimeoutExpired:
                below = [
                    pid
                    for pid in descendants(eng.proc.pid)
                    if any(x in _stat(pid)[1] for x in ("engine.serve", "engine.learner._rank"))
                ]
                os.kill(eng.proc.pid, signal.SIGKILL)
                eng.proc.wait()
                # servers and ranks notice their parent is gone and leave
                assert gone(below, 30), [_stat(p) for p in below]
                assert time.monotonic() < deadline, f"{kills} kills in {LIMIT_S} s"
                kills += 1
                continue
            # finished before the kill: the run is complete; continue it further on
            assert eng.proc.returncode == 0, eng.tail()
            target = ["--set", f"run.iterations={eng.rows() + 2}"]
        finally:
            if eng.proc.poll() is None:
                eng.kill()
    final = Engine(rd, "--resume", str(rd), *target)
    try:
        assert final.wait(timeout=max(deadline - time.monotonic(), 1)) == 0, final.tail()
    finally:
        if final.proc.poll() is None:
            final.kill()
    check_run_directory(rd, int(target[1].split("=")[1]))
