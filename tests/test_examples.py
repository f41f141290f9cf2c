"""The examples run: the trio script, and the aiohttp service on a free loopback port."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).parents[1]
LABELLED = ROOT / "tests" / "data" / "labelled"


def test_trio_example_scores_one_environment_and_rejects_the_other() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "trio_score.py")],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("guess: scored") and "accepted" in lines[0]
    assert "not accepted" not in lines[0]
    assert lines[1].startswith("broken: rejected  compile: SyntaxError")
    assert lines[2].startswith("engine: 1 scored, rejected {'compile': 1}")


def _read_line(proc: subprocess.Popen[str], timeout_s: float) -> str:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            return proc.stdout.readline()
        if proc.poll() is not None:
            break
    raise AssertionError(f"no line from the service (exit status {proc.poll()})")


def test_http_example_answers_verdicts_and_stops_after_its_requests() -> None:
    cmd = [
        sys.executable,
        str(ROOT / "examples" / "asyncio_http.py"),
        "--port",
        "0",  # the OS picks a free loopback port; the service prints it
        "--max-requests",
        "4",
        "--agent",
        f"{LABELLED / 'agents.py'}:labelled_agent",
        "--set",
        "memory.embedder=hash",
        "--set",
        "memory.seed_archive=false",
        # the scoring seeds come from the submission's id: without this they are private, and
        # the unhinted random guesser wins 2 of 4 games (regret 0.5, not accepted) in ~2.5 % of
        # runs (CI, 2026-12-05)
        "--set",
        "run.deterministic=true",
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = _read_line(proc, 120)
        assert line.startswith("listening on http://127.0.0.1:"), line
        url = line.split()[-1]
        with httpx.Client(base_url=url, timeout=120) as http:
            scored = http.post("/envs", content=(LABELLED / "learnable_bisect.py").read_bytes())
            rejected = http.post(
                "/envs", json={"source": (LABELLED / "reject_crash.py").read_text(), "hint": ""}
            )
            empty = http.post("/envs", content=b"")
            stats = http.get("/stats")
        assert scored.status_code == 200
        s = scored.json()
        assert s["verdict"] == "scored" and s["accepted"] and s["regret"] > 0.5
        assert s["hint"].startswith("Use binary search")
        assert rejected.status_code == 200
        r = rejected.json()
        assert (r["verdict"], r["reason"]) == ("rejected", "crash")
        assert empty.status_code == 400 and "empty body" in empty.json()["error"]
        st = json.loads(stats.text)
        assert (st["submitted"], st["scored"], st["rejected"]) == (2, 1, {"crash": 1})
        rest, err = proc.communicate(timeout=60)  # four requests: it stops by itself
        assert proc.returncode == 0, err
        assert "stopped: 1 scored, rejected {'crash': 1}" in rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
