"""What the self-play loop reports: the metrics row, the console table, progress bars and the
run summary."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any, TextIO

import msgspec

__all__ = [
    "IterationRow",
    "NoBar",
    "dump_summary",
    "fmt",
    "mean",
    "print_row",
    "progress",
    "progress_line",
    "read_progress",
    "summary",
]


class IterationRow(msgspec.Struct, frozen=True, kw_only=True):
    """One line of ``metrics.jsonl`` and one row of the console table.

    Attributes:
        iteration: 1-based iteration number (continues across resumes).
        seconds: wall time of the iteration (seconds).
        proposed: designs proposed this iteration.
        accepted: designs scored with regret at or above the acceptance threshold.
        scored: designs that passed validation and were scored.
        rejected: rejections this iteration, by reason.
        rescored: archived environments (the seeds) scored this iteration for the current Agent.
        rescored_regret: their mean regret.
        episodes: episodes finished this iteration (scoring and replays).
        success_without: mean success without the hint over this iteration's scored designs.
        success_with: mean success with the hint, same designs.
        mean_regret: mean regret of this iteration's scored designs.
        learner_steps: optimizer steps taken so far (run total).
        learner_loss: loss of the last step.
        weight_version: policy version the servers serve.
        vendi_per_n: Vendi score of the archive divided by its size.
        archive_size: environments in the archive.
        tokens_per_s: generated tokens per second this iteration (all roles).
        loop_lag_max_s: worst event-loop lag seen so far (seconds).
        loop_lag_p99_s: 99th percentile of the event-loop lag so far (seconds).
    """

    iteration: int
    seconds: float
    proposed: int
    accepted: int
    scored: int
    rejected: dict[str, int]
    rescored: int = 0
    rescored_regret: float | None = None
    episodes: int
    success_without: float | None
    success_with: float | None
    mean_regret: float | None
    learner_steps: int
    learner_loss: float | None
    weight_version: int
    vendi_per_n: float
    archive_size: int
    tokens_per_s: float
    loop_lag_max_s: float
    loop_lag_p99_s: float = 0.0


def fmt(x: float | None, *, signed: bool = False) -> str:
    """Two decimals (a sign when ``signed``), ``-`` for ``None`` or NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def mean(xs: list[float]) -> float | None:
    """The mean of ``xs``, ``None`` when empty."""
    return sum(xs) / len(xs) if xs else None


def read_progress(path: Path) -> dict[str, Any] | None:
    """The learner's ``progress.json``, or ``None`` when absent or mid-replace."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def progress_line(state: dict[str, Any], elapsed: float) -> str:
    """``step 12/87, loss 3.214, 140 s, about 875 s left`` from a ``progress.json``."""
    step, steps = int(state.get("step", 0)), int(state.get("steps", 0))
    if not step or not steps:
        return f"still running ({elapsed:.0f} s, no optimizer step finished yet)"
    loss = state.get("loss")
    per_step = float(state.get("seconds", elapsed)) / step
    left = max(steps - step, 0) * per_step
    loss_s = f", loss {loss:.3f}" if isinstance(loss, float) else ""
    return f"step {step}/{steps}{loss_s}, {elapsed:.0f} s, about {left:.0f} s left"


class NoBar:
    """Stands in for a tqdm bar when there is no terminal to draw on."""

    n = 0

    def update(self, k: int) -> None:
        self.n += k

    def set_postfix(self, **kw: Any) -> None:
        pass

    def clear(self) -> None:
        pass

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


def progress(enabled: bool, *, total: int | None, desc: str, unit: str = "design") -> Any:
    if not enabled:
        return NoBar()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, leave=False, file=sys.stderr)


def summary(rows: list[IterationRow]) -> dict[str, Any]:
    """Totals over rows: share of model-written designs accepted, rejections by reason."""
    proposed = sum(r.proposed for r in rows)
    scored = sum(r.scored for r in rows)
    accepted = sum(r.accepted for r in rows)
    reasons: dict[str, int] = {}
    for r in rows:
        for k, v in r.rejected.items():
            reasons[k] = reasons.get(k, 0) + v
    return {
        "iterations": len(rows),
        "designs_proposed": proposed,
        "designs_valid": scored,
        "designs_valid_share": scored / proposed if proposed else 0.0,
        "designs_accepted": accepted,
        "designs_accepted_share": accepted / proposed if proposed else 0.0,
        "rejected_by_reason": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "last_weight_version": rows[-1].weight_version if rows else -1,
    }


def dump_summary(path: Path, data: dict[str, Any]) -> None:
    """Write the summary JSON."""
    path.write_text(json.dumps(data, indent=2) + "\n")


def print_row(row: IterationRow, out: TextIO, bar: Any, *, header: bool) -> None:
    """Print one row of the console table to ``out`` (with the header first when asked),
    clearing the live progress ``bar`` around it."""
    cols = [
        ("iter", 4), ("sec", 6), ("prop", 4), ("acc", 3), ("rejected by reason", 30),
        ("eps", 4), ("succ-", 5), ("succ+", 5), ("regret", 6), ("loss", 7), ("ver", 3),
        ("vendi/n", 7), ("tok/s", 6),
    ]  # fmt: skip
    bar.clear()  # a live progress bar shares the terminal with the table
    if header:
        print("  ".join(name.rjust(w) for name, w in cols), file=out)
    rej = ",".join(f"{k}:{v}" for k, v in sorted(row.rejected.items())) or "-"
    vals = [
        str(row.iteration), f"{row.seconds:.0f}", str(row.proposed), str(row.accepted),
        rej[:30], str(row.episodes), fmt(row.success_without), fmt(row.success_with),
        fmt(row.mean_regret, signed=True),
        "-" if row.learner_loss is None else f"{row.learner_loss:.3f}",
        str(row.weight_version), f"{row.vendi_per_n:.3f}", f"{row.tokens_per_s:.0f}",
    ]  # fmt: skip
    print("  ".join(v.rjust(w) for v, (_, w) in zip(vals, cols, strict=True)), file=out)
    out.flush()
    bar.refresh()
