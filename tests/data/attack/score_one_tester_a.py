"""Tester-a's repro: score attack programs with a scripted agent, as the tests' ``attack`` does.

    cd <repo> && OMP_NUM_THREADS=1 python tests/data/attack/score_one_tester_a.py \
        h92_....py:t13_agents.py:fn [more ...]

OLD_SCORING=1 scores with the Critic of 54b999b's parent (before zero-padded matching).

Prints the verdict type, flags, accepted, regret, the gate evidence and the wall time of each
scoring (one at a time, one sandbox)."""
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "actors")]

import trio  # noqa: E402

from engine.config import SandboxConfig  # noqa: E402
from sandbox_wasm import Sandbox  # noqa: E402
from test_reward_integrity import attack  # noqa: E402


import actors._scoring as _scoring  # noqa: E402

if os.environ.get("OLD_SCORING"):  # the Critic before 54b999b (its parent's _scoring.py)
    import subprocess

    old = subprocess.run(
        ["git", "-C", str(ROOT), "show", "54b999b~1:actors/_scoring.py"],
        check=True, capture_output=True, text=True,
    ).stdout
    exec(compile(old, _scoring.__file__, "exec"), _scoring.__dict__)
    print("(the Critic of 54b999b~1)")
_gate = _scoring._information_gate


async def _traced_gate(*a, **kw):  # the gate check's verdict even when not flagged
    out = await _gate(*a, **kw)
    print(f"    gate check -> flagged={out[0]} {str(out[1])[:600]}", flush=True)
    return out


_scoring._information_gate = _traced_gate


async def main(specs: list[str]) -> None:
    async with Sandbox.open(SandboxConfig()) as sandbox:
        for spec in specs:
            env, _, who = spec.partition(":")
            t0 = time.perf_counter()
            out = await attack(sandbox, env, who or None)
            dt = time.perf_counter() - t0
            ev = getattr(out, "evidence", None)
            gate = ev.get("information_gate") if isinstance(ev, dict) else ev
            print(
                f"{env} [{who}] -> {type(out).__name__} flags={getattr(out, 'flags', None)} "
                f"accepted={getattr(out, 'accepted', None)} regret={getattr(out, 'regret', None)} "
                f"reason={getattr(out, 'reason', None)!r} {dt:.1f}s\n    evidence={str(gate)[:600]}",
                flush=True,
            )


trio.run(main, sys.argv[1:])
