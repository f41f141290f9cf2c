"""Plots written at the end of a run (PNG, matplotlib's Agg backend, no display needed).

- ``plots/regret.png``: distribution of the regret of scored designs (from the archive);
- ``plots/success.png``: success without and with the hint, and mean regret, over iterations;
- ``plots/vendi.png``: Vendi/n of the archive over iterations;
- ``plots/rejections.png``: rejection reasons over the run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["PLOT_NAMES", "render_plots", "write_plots"]

PLOT_NAMES = ("regret", "success", "vendi", "rejections")
"""The plots, in page order (``plots/<name>.png``)."""


def _archive_regrets(run_dir: Path) -> list[float]:
    path = run_dir / "archive" / "records.jsonl"
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if rec.get("regret") is not None and rec.get("origin") != "seed":
            out.append(float(rec["regret"]))
    return out


def write_plots(run_dir: Path, rows: list[dict[str, Any]]) -> list[Path]:
    """Write the four plots into ``run_dir/plots`` from metrics rows.

    Args:
        run_dir: the run directory.
        rows: ``metrics.jsonl`` rows (``IterationRow`` as dicts).

    Returns:
        The paths written.
    """
    out_dir = run_dir / "plots"
    out_dir.mkdir(exist_ok=True)
    written = []
    for name, png in render_plots(run_dir, rows).items():
        path = out_dir / f"{name}.png"
        path.write_bytes(png)
        written.append(path)
    return written


def render_plots(run_dir: Path, rows: list[dict[str, Any]]) -> dict[str, bytes]:
    """The four plots as PNG bytes, by name (``PLOT_NAMES``), without writing anything.

    Blocking (matplotlib): call it from a worker thread in async code; pyplot is not
    thread-safe, so callers serialise calls.

    Args:
        run_dir: the run directory (its ``archive/records.jsonl`` is read for the regrets).
        rows: ``metrics.jsonl`` rows (``IterationRow`` as dicts).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    its = [r["iteration"] for r in rows]
    written: dict[str, bytes] = {}

    fig, ax = plt.subplots(figsize=(5, 3.2))
    regrets = _archive_regrets(run_dir)
    ax.hist(regrets, bins=[x / 10 for x in range(-10, 11)], color="#4c72b0")
    ax.set_xlabel("regret = success with hint - without")
    ax.set_ylabel("designs")
    ax.set_title(f"Regret of scored designs (n={len(regrets)})")
    if not regrets:
        _empty(ax, "no model-written design has been scored yet")
    written["regret"] = _png(fig)

    fig, ax = plt.subplots(figsize=(5, 3.2))
    any_points = False
    for key, label in (("success_without", "without hint"), ("success_with", "with hint")):
        pts = [(i, r[key]) for i, r in zip(its, rows, strict=True) if r.get(key) is not None]
        any_points = any_points or bool(pts)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
    regret_pts = [
        (i, r["mean_regret"])
        for i, r in zip(its, rows, strict=True)
        if r.get("mean_regret") is not None
    ]
    if regret_pts:
        ax.plot(
            [p[0] for p in regret_pts],
            [p[1] for p in regret_pts],
            "k--",
            marker="s",
            label="regret",
        )
    if not any_points:
        _empty(ax, "no model-written design has been scored yet")
    if its:
        ax.set_xlim(min(its) - 0.5, max(its) + 0.5)
    low = min([0.0] + [p[1] for p in regret_pts])
    ax.set_ylim(min(-0.05, low - 0.05), 1.05)
    ax.set_xlabel("iteration")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("success rate / regret")
    ax.legend()
    ax.set_title("Curriculum: success and regret of new designs")
    written["success"] = _png(fig)

    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.plot(its, [r["vendi_per_n"] for r in rows], marker="o")
    ax.set_xlabel("iteration")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("Vendi / n")
    ax.set_title("Archive diversity")
    written["vendi"] = _png(fig)

    fig, ax = plt.subplots(figsize=(5, 3.2))
    totals: dict[str, int] = {}
    for r in rows:
        for k, v in r.get("rejected", {}).items():
            totals[k] = totals.get(k, 0) + v
    names = sorted(totals, key=lambda k: -totals[k])
    ax.barh(names or ["(none)"], [totals[n] for n in names] or [0], color="#c44e52")
    ax.set_xlabel("designs rejected")
    ax.set_title("Rejection reasons")
    written["rejections"] = _png(fig)
    return written


def _empty(ax: Any, text: str) -> None:
    """Say on an empty plot why it is empty (rather than an unlabelled blank)."""
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="0.4")


def _png(fig: Any) -> bytes:
    import io

    import matplotlib.pyplot as plt

    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()
