"""What the trio and asyncio embedding tests share: the labelled agent, config and helpers."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from engine.config import load_config
from engine.score import load_agent

LABELLED = Path(__file__).parents[1] / "data" / "labelled"
AGENT = load_agent(f"{LABELLED / 'agents.py'}:labelled_agent")
CONFIG = load_config(
    None,
    [
        "memory.embedder=hash",
        "memory.seed_archive=false",
        "memory.fsync=false",
        "critic.k=6",
        "sandbox.pool_size=2",
        "run.shutdown_deadline_s=30",
    ],
)


def source(name: str) -> str:
    """The text of a labelled environment (``name`` with or without ``.py``)."""
    path = LABELLED / name
    return path.read_text() if path.suffix else (LABELLED / f"{name}.py").read_text()


def engine_threads() -> list[str]:
    """Threads other than trio's thread cache (idle cached workers exit on their own; guest
    mode waits for I/O in one of those)."""
    return sorted(t.name for t in threading.enumerate() if not t.name.startswith("Trio thread"))


def no_threads_left(before: list[str], within: float = 10.0) -> bool:
    """Whether every thread running was already running at ``before`` (of
    :func:`engine_threads`) once ``within`` seconds have passed at most: the engine left none.
    A closed sandbox's threads finish their current call (a guest call ends at its epoch
    deadline, 2 s) and exit on their own (``GuestThreads.close`` never waits): one may still be
    exiting just after the engine stops (a fresh-clone failure, 2026-12-05, 'spade-sandbox-1'),
    and one of an earlier test's may be in ``before`` and gone now (so not equality)."""
    deadline = time.monotonic() + within
    while not set(engine_threads()) <= set(before):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
