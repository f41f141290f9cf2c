"""SGLang 0.5.23 started by the engine: the launcher and ``python -m engine.run`` (issue 15).

Marked ``sglang``; skipped unless ``SPADE_SGLANG_PYTHON`` names SGLang's interpreter (see
``test_sglang_live.py``). Each test starts its own SGLang server (minutes on a CPU machine).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.inference import PolicyClient, launch_policy_servers
from engine.inference.launcher import model_vocab_size
from tests.inference.test_sglang_live import CPU_ARGS, PROMPT, SGLANG_PYTHON, START_TIMEOUT_S, _cfg

pytestmark = [
    pytest.mark.sglang,
    pytest.mark.slow,
    pytest.mark.skipif(
        not SGLANG_PYTHON,
        reason="SPADE_SGLANG_PYTHON is not set (scripts/sglang-cpu-env.sh builds SGLang's venv)",
    ),
]


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_launcher_starts_sglang_serve_and_stops_its_process_group(
    tiny_model: Path, tmp_path: Path
) -> None:
    cli = str(Path(SGLANG_PYTHON).parent / "sglang")
    cfg = _cfg(sglang_command=[cli, "serve"], extra_args=CPU_ARGS)
    async with launch_policy_servers(cfg, tiny_model, log_dir=tmp_path) as urls:
        (pid,) = urls.pids()
        async with PolicyClient(urls, cfg) as client:
            assert await client.health() == {urls[0]: True}
            assert client.vocab_size == model_vocab_size(tiny_model)
            g = await client.generate(PROMPT, max_new_tokens=4, temperature=0.0)
            assert g.output_ids
    assert not _group_alive(pid)


def test_engine_run_two_iterations_on_sglang(tiny_model: Path, tmp_path: Path) -> None:
    rd = tmp_path / "run"
    args = [
        "--no-progress",
        "--run-dir", str(rd),
        "--set", "run.iterations=2",
        "--set", "policy.backend=sglang",
        "--set", f"policy.model_path={tiny_model}",
        "--set", f'policy.sglang_command=["{SGLANG_PYTHON}", "-m", "sglang.launch_server"]',
        "--set", f"policy.extra_args={json.dumps(CPU_ARGS)}",
        "--set", f"policy.health_timeout_s={START_TIMEOUT_S}",
        "--set", "memory.embedder=hash",
        "--set", "critic.k=1",
        "--set", "agent.max_turns_cap=16",
        "--set", "agent.max_new_tokens=16",
        "--set", "designer.max_new_tokens=48",
        "--set", "designer.group_size=2",
        "--set", "scheduler.design_requests_per_iteration=1",
        "--set", "scheduler.replays_per_iteration=2",
        "--set", "scheduler.score_unscored=3",
        "--set", "learner.sft_epochs=1",
        "--set", "learner.sft_max_samples=4",
        "--set", "learner.batch_size=4",
        "--set", "learner.sft_cache=false",
        "--set", "learner.sft_eval_samples=2",
    ]  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "engine.run", *args],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    rows = [json.loads(x) for x in (rd / "metrics.jsonl").read_text().splitlines()]
    assert [r["iteration"] for r in rows] == [1, 2]
    stats = json.loads((rd / "statistics.json").read_text())
    learner = next(a for a in stats["actors"] if a["name"] == "learner")["own"]
    assert learner["syncs"] >= 1, learner
    assert rows[-1]["weight_version"] >= 1
    log = (rd / "logs" / "server-0.log").read_text()
    assert "sglang" in log.lower()
