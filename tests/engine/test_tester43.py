"""tester43: start-up and shutdown of `python -m engine.run` around the concurrent start of
the policy servers and the learner ranks (engine/runtime.py enter_concurrently)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sigterm_during_concurrent_start_exits_130_and_leaves_nothing(tmp_path):
    """A SIGTERM to the engine's group while its servers and ranks start: exit 130 with the
    interrupt named, nothing left running. It was exit 143 with no message and two ranks left
    orphaned (tester43): the signal watch began only once the actors ran, and a rank reparented
    while it imported torch never noticed its engine was gone."""
    rd = tmp_path / "run"
    err_path = tmp_path / "stderr.txt"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    with open(err_path, "w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "engine.run", "--run-dir", str(rd), "--no-progress",
             "--set", "run.iterations=1"],
            stdout=subprocess.DEVNULL, stderr=err, text=True, env=env,
            start_new_session=True,  # its own group, as `timeout`/Slurm signal it
        )  # fmt: skip
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        # the servers and the ranks start right after the archive is opened
        while "archive:" not in err_path.read_text():
            assert proc.poll() is None, err_path.read_text()[-3000:]
            assert time.monotonic() < deadline, "the engine never opened its archive"
            time.sleep(0.2)
        end = time.monotonic() + 1.5  # the servers and ranks are starting
        while time.monotonic() < end:
            seen.update(_children(proc.pid))
            time.sleep(0.1)
        seen.update(_children(proc.pid))
        os.killpg(proc.pid, signal.SIGTERM)
        rc = proc.wait(timeout=60)
        time.sleep(10)  # the engine's helpers have had time to stop
        left = sorted(p for p in seen if _alive(p))
    finally:
        if proc.poll() is None:
            proc.kill()
        for p in seen:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
    err = err_path.read_text()
    assert seen, "no server or rank had started at the signal"
    assert rc == 130, (rc, err[-2000:])  # README: 130 stopped by Ctrl-C or SIGTERM
    assert "SIGTERM" in err or "interrupt" in err, err[-2000:]
    assert left == [], f"left running after exit: {left}"
