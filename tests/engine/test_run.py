"""``python -m engine.run``: the whole loop with a tiny budget, resume, and bad input."""

import json
import os
import re
import subprocess
import sys

import pytest

from engine.eval import _run_model_path

TINY = [
    "--no-progress",
    "--set", "memory.embedder=hash",
    "--set", "critic.k=1",
    "--set", "agent.max_turns_cap=16",  # every seed's MAX_TURNS fits (a larger one is rejected)
    "--set", "agent.max_new_tokens=16",
    "--set", "designer.max_new_tokens=48",
    "--set", "designer.group_size=2",
    "--set", "scheduler.design_requests_per_iteration=1",
    "--set", "scheduler.replays_per_iteration=2",
    "--set", "scheduler.score_unscored=3",
    "--set", "learner.sft_epochs=1",
    "--set", "learner.sft_max_samples=4",
    "--set", "learner.batch_size=4",
    "--set", "learner.sft_cache=false",  # every test run trains its own warm start
    "--set", "learner.sft_eval_samples=2",
]  # fmt: skip


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    return subprocess.run(
        [sys.executable, "-m", "engine.run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


DETERMINISTIC = [
    "--no-progress",
    "--set", "run.deterministic=true",
    "--set", "run.iterations=2",
    "--set", "memory.embedder=hash",
    "--set", "critic.k=1",
    "--set", "agent.max_turns_cap=3",
    "--set", "agent.max_new_tokens=16",
    "--set", "designer.max_new_tokens=48",
    "--set", "designer.group_size=2",
    "--set", "scheduler.design_requests_per_iteration=1",
    "--set", "scheduler.replays_per_iteration=1",
    "--set", "scheduler.score_unscored=1",
    "--set", "learner.sft_epochs=0",  # no warm start: the base weights all run long
    "--set", "learner.batch_size=64",  # no step before the last row is written
]  # fmt: skip
TIMINGS = {"seconds", "tokens_per_s", "loop_lag_max_s", "loop_lag_p99_s", "created_at"}


def _jsonl(path, drop=frozenset()):
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    return [{k: v for k, v in r.items() if k not in drop} for r in rows]


@pytest.mark.slow
def test_deterministic_mode_reproduces_designs_archive_and_metrics(tmp_path):
    runs = [tmp_path / "a", tmp_path / "b"]
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "engine.run", "--run-dir", str(rd), *DETERMINISTIC],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )  # fmt: skip
        for rd in runs  # side by side: their timings differ, their results must not
    ]
    try:
        for proc in procs:
            _, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, err[-3000:]
            assert "deterministic mode" in err
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    a, b = runs
    designs = _jsonl(a / "designs.jsonl")
    assert [(d["iteration"], d["design_id"][-2:]) for d in designs] == [
        (1, "/0"), (1, "/1"), (2, "/0"), (2, "/1"),
    ]  # fmt: skip
    assert all(d["completion"] and d["policy_version"] == 0 for d in designs)
    assert (a / "designs.jsonl").read_bytes() == (b / "designs.jsonl").read_bytes()
    archive = _jsonl(a / "archive" / "records.jsonl", TIMINGS)
    assert any(r["k"] > 0 for r in archive)  # a seed environment scored by the sampled Agent
    assert archive == _jsonl(b / "archive" / "records.jsonl", TIMINGS)
    metrics = _jsonl(a / "metrics.jsonl", TIMINGS)
    assert [m["iteration"] for m in metrics] == [1, 2]
    assert metrics == _jsonl(b / "metrics.jsonl", TIMINGS)
    episodes = sorted((a / "episodes.jsonl").read_text().splitlines())
    assert episodes and episodes == sorted((b / "episodes.jsonl").read_text().splitlines())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--set", "policy.model_path=/nonexistent/model"], "/nonexistent/model"),
        (["--set", "policy.urls=['http://127.0.0.1:9']"], "http://127.0.0.1:9"),
        (["--set", "critic.k=0"], "critic.k = 0"),
        (["--set", "critic.nope=1"], "nope"),
        (["--resume", "/nonexistent/run"], "/nonexistent/run"),
    ],
)
def test_bad_input_exits_2_before_anything_starts(tmp_path, args, needle):
    rd = tmp_path / "never"
    proc = run("--run-dir", str(rd), *args, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert needle in proc.stderr
    assert proc.stderr.count("\n") == 1  # one line
    assert not rd.exists()  # nothing written


def test_a_busy_policy_port_exits_2_before_anything_starts(tmp_path):
    """A fixed ``policy.port`` another process holds is bad input found before the run
    directory is made (tester43: it was exit 1 from inside the run, suggesting ``--resume``,
    which fails the same way while the port is held)."""
    import socket

    rd = tmp_path / "never"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        proc = run("--run-dir", str(rd), "--set", f"policy.port={port}", timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert f"policy.port = {port}: port {port} on 127.0.0.1 is already in use" in proc.stderr
    assert "policy.port=0" in proc.stderr and "--resume" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert not rd.exists()
    proc = run("--run-dir", str(rd), "--set", "policy.port=65535", "--set",
               "policy.num_servers=2", timeout=120)  # fmt: skip
    assert proc.returncode == 2 and "past 65535" in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--set", "learner.replay_per_step=2"], "needs learner.replay_path"),
        (
            ["--set", "learner.replay_per_step=2", "--set", "learner.replay_path=/nonexistent/r"],
            "learner.replay_path = '/nonexistent/r'",
        ),
    ],
)
def test_a_bad_replay_setting_exits_2_before_anything_starts(tmp_path, capsys, args, needle):
    from engine.run import main

    rd = tmp_path / "never"
    assert main(["--run-dir", str(rd), *args]) == 2  # in process: main checks before it creates
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1, err
    assert not rd.exists()


def test_unwritable_run_dir_and_existing_run_dir(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = run("--run-dir", str(blocker / "sub"), timeout=120)
    assert proc.returncode == 2
    assert str(blocker / "sub") in proc.stderr
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "keep.txt").write_text("precious")
    proc = run("--run-dir", str(existing), timeout=120)
    assert proc.returncode == 2
    assert "--resume" in proc.stderr
    assert (existing / "keep.txt").read_text() == "precious"


def test_resume_with_incompatible_config_is_refused(tmp_path):
    rd = tmp_path / "run"
    rd.mkdir()
    from engine.config import Config, dump_config

    (rd / "config.toml").write_text(dump_config(Config()))
    proc = run("--resume", str(rd), "--set", "memory.embedder=hash", timeout=120)
    assert proc.returncode == 2
    assert "memory.embedder = 'hash' is incompatible" in proc.stderr
    assert sorted(p.name for p in rd.iterdir()) == ["config.toml"]


def test_dry_run_prints_config_and_topology(tmp_path):
    missing = tmp_path / "no-model"
    proc = run("--dry-run", "--set", "critic.k=3", "--set", f"policy.model_path={missing}")
    assert proc.returncode == 0
    # tester40: a dry run said nothing of a model path the run then refuses (exit 2)
    assert "warning: model path" in proc.stderr and "a run stops here with exit 2" in proc.stderr
    assert "[critic]\nk = 3" in proc.stdout
    assert "critic (inboxes: inbox)" in proc.stdout
    assert "  to_recorder -> recorder.inbox" in proc.stdout  # episode transcripts


def test_help():
    proc = run("--help", timeout=60)
    assert proc.returncode == 0
    assert "--resume" in proc.stdout and "--dry-run" in proc.stdout


@pytest.mark.slow
def test_run_caches_its_warm_start_stops_on_a_group_sigterm_and_resumes(tmp_path):
    """Three runs, one lifecycle (five runs as three tests cost the suite ~50 s more).

    ``a`` trains the warm start, caches it and runs one iteration with everything on disk;
    ``b`` reuses the cached warm start, is interrupted (SIGTERM to its process group) after its
    first iteration and is resumed for one more, continuing its count and its seed scoring.
    """
    import signal
    import time

    from engine.inference import ensure_tiny_model

    cache = tmp_path / "cache"
    cache.mkdir()
    tiny = ensure_tiny_model()
    (cache / tiny.name).symlink_to(tiny)  # the same tiny model, without rebuilding it here
    drop = TINY.index("learner.sft_cache=false")
    cached_tiny = TINY[: drop - 1] + TINY[drop + 1 :]  # the warm start cached, in tmp_path
    env = {**os.environ, "OMP_NUM_THREADS": "1", "SPADE_CACHE_DIR": str(cache)}

    def command(*args: str) -> list[str]:
        return [sys.executable, "-m", "engine.run", *args, *cached_tiny]

    # --- a: one iteration, the warm start trained and cached ---
    rd = tmp_path / "a"
    first = subprocess.run(
        command("--run-dir", str(rd), "--set", "run.iterations=1"),
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr[-3000:]
    assert "warm start cached for later runs" in first.stderr
    for role in ("designer", "agent"):  # per-role loss and exact match on held-back samples
        (line,) = [x for x in first.stderr.splitlines() if f"warm start {role}: " in x]
        assert "held-back loss " in line and "held-back greedy exact match " in line
    assert "(last epoch)" in first.stderr  # the 4 SFT samples' roles: the train loss of one
    (cached,) = cache.glob("warm-start-*")
    assert (cached / "model.safetensors").exists() and (cached / "warm-start.json").exists()
    # a trained its warm start in the run: its version 0 is the base model, not the cache
    assert json.loads((rd / "base_weights.json").read_text())["cached_warm_start"] is False
    assert _run_model_path(rd) != cached.resolve()
    rows = [json.loads(x) for x in (rd / "metrics.jsonl").read_text().splitlines()]
    assert [r["iteration"] for r in rows] == [1]
    assert rows[0]["proposed"] == 2  # one request x group of two
    assert rows[0]["rescored"] == 3  # seeds scored for the current agent
    assert rows[0]["episodes"] >= 3 * 2  # k=1 without + 1 with hint, per scored seed
    stats = json.loads((rd / "statistics.json").read_text())
    handled = {a["name"]: a["messages_in"] for a in stats["actors"]}
    assert set(handled) == {
        "designer",
        "critic",
        "agent",
        "recorder",
        "memory",
        "learner",
    }
    assert all(n > 0 for n in handled.values()), handled
    learner = next(a for a in stats["actors"] if a["name"] == "learner")["own"]
    assert learner["steps"] >= 1 and learner["syncs"] >= 1
    assert any((rd / "weights").glob("v*/*.safetensors"))
    assert any((rd / "checkpoints").glob("step_*/meta.json"))
    records = (rd / "archive" / "records.jsonl").read_text().splitlines()
    assert len(records) >= 12  # the seed archive, re-scored records appended
    assert sorted(p.name for p in (rd / "plots").glob("*.png")) == [
        "regret.png",
        "rejections.png",
        "success.png",
        "vendi.png",
    ]
    assert "iter" in first.stdout  # the table header

    # --- b: the cached warm start reused; SIGTERM to its whole process group (as `timeout`,
    # Slurm and systemd send it; a terminal's Ctrl-C is SIGINT to the group) after the first
    # iteration: the engine drains, its learner ranks are not killed mid-run (tester40: they
    # died of it, WorkerDied, exit 1, the iteration in flight lost) ---
    rb = tmp_path / "b"
    proc = subprocess.Popen(
        command("--run-dir", str(rb), "--set", "run.iterations=500"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own group, to signal all of it
    )
    try:
        metrics = rb / "metrics.jsonl"
        deadline = time.monotonic() + 240
        while not (metrics.exists() and metrics.read_text().count("\n") >= 1):
            assert proc.poll() is None, proc.communicate()[1][-3000:]
            assert time.monotonic() < deadline, "no iteration finished"
            time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err[-3000:]  # interrupted, like a shell reports it
    assert "interrupt (SIGTERM): finishing the iterations in flight" in err
    assert "reusing the cached result of the same SFT" in err
    assert "optimizer steps), then a weight sync" not in err
    rows = [json.loads(x) for x in metrics.read_text().splitlines()]
    assert 1 <= len(rows) < 500
    assert [r["iteration"] for r in rows] == list(range(1, len(rows) + 1))
    # no checkpoint here: every group of b had one reward (no step); a has one
    assert (rb / "summary.json").exists() and (rb / "statistics.json").exists()
    assert (rb / "archive" / "records.jsonl").exists()
    # version 0 of b is the cached warm start, and engine.eval takes it so (tester49: it
    # evaluated the untrained policy.model_path as v0)
    base = json.loads((rb / "base_weights.json").read_text())
    assert base == {"path": str(cached.resolve()), "cached_warm_start": True}
    assert _run_model_path(rb) == cached.resolve()
    # an entry that must not be reused (the base model's files under the right key, a torn
    # copy) is discarded and trained anew: tests/engine/test_warm_start.py

    # --- b resumed: one more iteration, its count and its seed scoring continued ---
    done = len(rows)
    assert done <= 3  # the iterations in flight at the interrupt: 12 seeds leave 3 to score
    second = subprocess.run(
        command("--resume", str(rb), "--set", f"run.iterations={done + 1}"),
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert second.returncode == 0, second.stderr[-3000:]
    assert "resumed" in second.stderr
    assert "reusing the cached result of the same SFT" in second.stderr
    rows = [json.loads(x) for x in metrics.read_text().splitlines()]
    assert [r["iteration"] for r in rows] == list(range(1, done + 2))
    assert rows[-1]["rescored"] == 3  # three more seeds: those scored before are not redone
    latest = {}
    for line in (rb / "archive" / "records.jsonl").read_text().splitlines():
        rec = json.loads(line)
        latest[rec["env_id"]] = rec
    assert sum(1 for r in latest.values() if r["k"] > 0) == 3 * (done + 1)


def test_resume_keeps_the_runs_settings_and_applies_only_what_is_given(tmp_path):
    from engine.config import Config, dump_config, load_config
    from engine.rundir import RunDir

    rd = tmp_path / "run"
    saved = load_config(None, ["critic.k=1", "memory.embedder=hash", "designer.group_size=2"])
    held = RunDir.create(rd, saved)
    assert held._lock_fd is not None  # created and locked by this process
    base, cont = RunDir.resume_config(rd, None, ["run.iterations=3"])
    assert base == saved
    assert (cont.critic.k, cont.memory.embedder, cont.designer.group_size) == (1, "hash", 2)
    assert cont.run.iterations == 3
    assert cont != Config()
    # the saved config is what --dry-run shows on resume
    proc = run("--resume", str(rd), "--dry-run", timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "[critic]\nk = 1" in proc.stdout and 'embedder = "hash"' in proc.stdout
    assert (rd / "config.toml").read_text() == dump_config(saved)  # a dry run writes nothing


def test_a_run_directory_is_used_by_one_process_at_a_time(tmp_path):
    from engine.config import Config
    from engine.errors import ConfigError
    from engine.rundir import RunDir

    rd = tmp_path / "run"
    held = RunDir.create(rd, Config())
    with pytest.raises(ConfigError, match="in use by another"):
        RunDir.resume(rd)
    assert held._lock_fd is not None


def test_resume_and_run_dir_together_and_missing_corpus_are_refused(tmp_path):
    proc = run("--resume", str(tmp_path), "--run-dir", str(tmp_path / "x"), timeout=60)
    assert proc.returncode == 2 and "give one" in proc.stderr
    rd = tmp_path / "never"
    proc = run("--run-dir", str(rd), "--set", "designer.corpus=/nonexistent/corpus", timeout=60)
    assert proc.returncode == 2 and "designer.corpus = '/nonexistent/corpus'" in proc.stderr
    assert not rd.exists()


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:abc", "http://127.0.0.1:99999"])
def test_a_malformed_policy_url_is_a_named_policy_error_not_a_traceback(url: str) -> None:
    """A tester's (2026-12-03): policy.urls = ["http://[::1"] raised httpx.InvalidURL out of
    the startup check, which main does not catch: a bare traceback."""
    import msgspec

    from engine.config import Config
    from engine.errors import PolicyError
    from engine.run import _check_urls

    config = Config()
    config = msgspec.structs.replace(
        config, policy=msgspec.structs.replace(config.policy, urls=[url])
    )
    with pytest.raises(PolicyError, match=re.escape(url)):
        _check_urls(config)


def test_tester41_dry_run_into_a_closed_pipe_is_no_traceback(tmp_path) -> None:
    """``engine.run --dry-run | head``: the resolved config written into a pipe whose reader
    left ended in a BrokenPipeError traceback, exit 1 (engine.designs, eval, score and validate
    end quietly with 141 since 98c36f8; engine.run was left out) (tester41)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "engine.run", "--dry-run", "--run-dir", str(tmp_path / "r")],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 141, proc.stderr
