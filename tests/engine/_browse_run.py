"""A tiny run directory built with the project's own code, for the browser's tests.

``RunDir.create`` writes the config, ``Archive.open`` the seed archive (hash embedder), a few
records are scored by hand, a hostile environment (an endless loop in ``step``) is archived,
two ``IterationRow`` lines go to ``metrics.jsonl`` and two rejected designs to
``designs.jsonl``. ``python -m tests.engine._browse_run DIR`` builds one to look at.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from actors.memory import Archive, ArchiveRecord
from engine.config import load_config
from engine.loop import IterationRow
from engine.rundir import RunDir
from engine.seed_envs import seed_envs

HOSTILE = '''"""Never answers: step loops forever."""
DESCRIPTION = "Type anything; the environment thinks about it forever."
HINT = "There is no way to win this one."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        return "Type anything.", {}

    def step(self, action):
        while True:
            pass
'''

SCORES = {  # seed name -> (success without, success with), k = 4
    "grid_rotated": (0.0, 1.0),
    "caesar": (0.0, 0.5),
    "warehouse_knapsack": (0.5, 0.75),
    "lights_out": (0.0, 0.0),
}


def make_run_dir(path: Path, *, deadline_s: float = 1.0) -> Path:
    """Build the run directory at ``path`` (must not exist or be empty); returns it."""
    config = load_config(
        None,
        [
            "memory.embedder=hash",
            "memory.fsync=false",
            f"sandbox.call_deadline_s={deadline_s}",
            "sandbox.pool_size=1",
            "browse.idle_close_s=60",
        ],
    )
    run = RunDir.create(path, config)
    run.quiet = True
    with Archive.open(path / "archive", config.memory, seeds=True) as archive:
        by_name = {s.name: s for s in seed_envs()}
        for name, (without, with_) in SCORES.items():
            rec = archive.get(f"seed-{name}")
            flags = list(rec.flags) + (["impossible"] if with_ == 0 else [])
            archive.add_record(
                ArchiveRecord(
                    env_id=rec.env_id,
                    source=rec.source,
                    hint=rec.hint,
                    description=rec.description,
                    origin="seed",
                    k=4,
                    success_without=without,
                    success_with=with_,
                    regret=with_ - without,
                    flags=flags,
                )
            )
        caesar = by_name["caesar"]
        archive.add_record(
            ArchiveRecord(
                env_id="it1-r0-5e1f2a/1",
                source=caesar.source.replace("shift", "offset"),
                hint=caesar.hint,
                description="Decode a message shifted by a secret offset.",
                passage_id="library/codecs#12",
                group_id="it1-r0-5e1f2a",
                policy_version=88,
                k=4,
                success_without=0.0,
                success_with=0.75,
                regret=0.75,
                accepted=True,
            )
        )
        archive.add_record(
            ArchiveRecord(
                env_id="hostile-loop",
                source=HOSTILE,
                hint="There is no way to win this one.",
                description="Type anything; the environment thinks about it forever.",
                passage_id="library/itertools#3",
                policy_version=89,
                k=4,
                success_without=0.0,
                success_with=0.0,
                regret=0.0,
                flags=["impossible"],
            )
        )
    for i, (rej, regret) in enumerate((({"compile": 3, "unparseable": 4}, 0.0), ({}, 0.75))):
        run.append_metrics(
            IterationRow(
                iteration=i + 1,
                seconds=12.5 + i,
                proposed=8,
                accepted=i,
                scored=1,
                rejected=rej,
                episodes=16,
                success_without=0.0,
                success_with=regret,
                mean_regret=regret,
                learner_steps=2 * (i + 1),
                learner_loss=0.5 - 0.1 * i,
                weight_version=88 + i,
                vendi_per_n=0.9 - 0.01 * i,
                archive_size=13 + i,
                tokens_per_s=120.0,
                loop_lag_max_s=0.01,
            )
        )
    with (path / "designs.jsonl").open("w") as fh:
        for line in (
            {
                "iteration": 1,
                "policy_version": 88,
                "passage_id": "library/json#4",
                "env_id": "it1-g0-d0",
                "reason": "compile",
                "detail": "SyntaxError: invalid syntax (line 3)",
                "flags": [],
                "source": "class Env(:\n    pass\n",
            },
            {
                "iteration": 2,
                "policy_version": 89,
                "passage_id": "library/heapq#2",
                "env_id": "it2-g1-d3",
                "reason": "low_regret",
                "detail": "regret 0.00 below 0.25",
                "regret": 0.0,
                "flags": ["trivial"],
            },
        ):
            fh.write(json.dumps(line) + "\n")
    run_lock_fd = run._lock_fd
    if run_lock_fd is not None:  # a finished run: the lock is released when engine.run exits
        import os

        os.close(run_lock_fd)
    return path


if __name__ == "__main__":
    print(make_run_dir(Path(sys.argv[1])))
