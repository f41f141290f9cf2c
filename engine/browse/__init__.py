"""Browse and play a run's archive in a web page: ``python -m engine.browse RUN_DIR``.

A Starlette application served by Hypercorn's trio worker (``engine.browse.__main__``) over
one run directory, read-only (``_rundata``): the archive table, one page per environment, play
in the WebAssembly sandbox with the run's limits (``_play``), and a live view of the run's
per-iteration table and plots while ``engine.run`` writes the directory.
"""

from __future__ import annotations

from engine.browse._app import create_app
from engine.browse._play import PlayersFull, PlayPool, PlaySession, PlayTurn
from engine.browse._rundata import Design, EnvRow, RunData, check_run_dir

__all__ = [
    "Design",
    "EnvRow",
    "PlayPool",
    "PlaySession",
    "PlayTurn",
    "PlayersFull",
    "RunData",
    "check_run_dir",
    "create_app",
]
