"""A learner rank whose engine dies while the rank is still starting leaves by itself.

The engine starts its ranks in their own session (a group's signal must not reach them
mid-collective), so only the rank's parent watch can notice a dead engine. A rank reparented
before that watch began (its engine killed while the rank imported torch) used to take its
reparented parent for the engine and retry the dead control port for ``--connect-timeout``
(600 s) seconds: tester43 found two such ranks alive minutes after their engine was gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_rank_whose_engine_died_before_its_watch_began_leaves(tmp_path: Path) -> None:
    # the "engine": spawns one rank as start_learner does (own session, its pid named), then
    # dies at once, before the rank has imported torch
    engine = textwrap.dedent(
        """
        import os, subprocess, sys
        env = {**os.environ, "RANK": "0", "LOCAL_RANK": "0", "WORLD_SIZE": "1",
               "SPADE_LEARNER_CONTROL": "127.0.0.1:9", "SPADE_LEARNER_PARENT_PID": str(os.getpid())}
        p = subprocess.Popen([sys.executable, "-m", "engine.learner._rank"], env=env,
                             stdout=subprocess.DEVNULL, stderr=open(sys.argv[1], "w"),
                             start_new_session=True)
        print(p.pid, flush=True)
        os._exit(0)
        """
    )
    log = tmp_path / "rank.log"
    out = subprocess.run(
        [sys.executable, "-c", engine, str(log)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    rank = int(out.stdout.split()[0])
    try:
        deadline = time.monotonic() + 120  # a torch import on a loaded 2-core machine
        while _alive(rank) and time.monotonic() < deadline:
            time.sleep(0.5)
        still = _alive(rank)
    finally:
        if _alive(rank):
            os.kill(rank, signal.SIGKILL)
    # without the named parent it retries 127.0.0.1:9 for 600 s
    assert not still, log.read_text()[-2000:]
    assert "exited before this rank began" in log.read_text()
