"""What ``python -m engine.run`` leaves on disk however a run ends, and the warm-start progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine._report import progress_line as _progress_line
from engine.config import Config
from engine.run import _write_outputs
from engine.rundir import RunDir

ROW = {
    "iteration": 1, "seconds": 3.0, "proposed": 2, "accepted": 0, "scored": 0,
    "rejected": {"unparseable": 2}, "episodes": 4, "success_without": None,
    "success_with": None, "mean_regret": None, "learner_steps": 1, "learner_loss": 8.0,
    "weight_version": 1, "vendi_per_n": 0.5, "archive_size": 12, "tokens_per_s": 100.0,
    "loop_lag_max_s": 0.01,
}  # fmt: skip


def test_a_run_with_no_iteration_still_writes_summary_metrics_and_plots(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path / "run", Config())
    run.quiet = True
    _write_outputs(run, restarts=0)
    summary = json.loads((run.path / "summary.json").read_text())
    assert summary["iterations"] == 0 and "no iteration finished" in summary["note"]
    assert run.metrics_path.exists() and run.metrics() == []
    assert len(list((run.path / "plots").glob("*.png"))) == 4
    assert "no iteration finished" in (run.path / "logs" / "run.log").read_text()


def test_summary_counts_the_weights_the_drain_wrote_after_the_last_row(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path / "run", Config())
    run.quiet = True
    run.metrics_path.write_text(json.dumps(ROW) + "\n")
    (run.path / "weights" / "v3").mkdir(parents=True)
    (run.path / "weights" / "v3" / "model.safetensors").write_bytes(b"x")
    run.write_json("statistics.json", {"actors": []})
    _write_outputs(run, restarts=2)
    summary = json.loads((run.path / "summary.json").read_text())
    assert (summary["iterations"], summary["last_weight_version"]) == (1, 3)
    assert summary["learner_restarts"] == 2 and "note" not in summary
    assert json.loads((run.path / "statistics.json").read_text())["learner_restarts"] == 2


def test_warm_start_progress_line_has_step_loss_and_eta() -> None:
    line = _progress_line({"step": 10, "steps": 40, "loss": 3.25, "seconds": 50.0}, 60.0)
    assert line == "step 10/40, loss 3.250, 60 s, about 150 s left"
    assert "no optimizer step finished yet" in _progress_line({}, 12.0)


def test_a_dead_rank_restarts_the_run_then_fails_with_one_line_saying_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.loop
    from engine.errors import ActorFailed, WorkerDied
    from engine.run import main

    attempts: list[int] = []

    class DyingRun:
        interrupted = False

        def __init__(self, *args: object, **kwargs: object) -> None:
            attempts.append(1)

        async def run(self) -> None:
            died = WorkerDied("learner rank 1 exited (killed by SIGKILL); last lines:\nTAIL")
            raise ActorFailed("learner", "TrainRequest", died) from died

    monkeypatch.setattr(engine.loop, "SelfPlay", DyingRun)
    rd = tmp_path / "run"
    code = main(["--run-dir", str(rd), "--no-progress", "--set", "run.learner_restarts=2"])
    err = capsys.readouterr().err
    assert code == 1 and len(attempts) == 3  # the first try and two restarts
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 3, err  # two restarts logged, then the one line
    assert errors[-1].startswith("error: actor 'learner' failed")
    assert f"python -m engine.run --resume {rd}` continues" in errors[-1]
    assert "TAIL" not in err and "TAIL" in (rd / "logs" / "run.log").read_text()
    assert json.loads((rd / "summary.json").read_text())["learner_restarts"] == 2
