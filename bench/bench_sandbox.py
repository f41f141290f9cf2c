"""``python -m bench sandbox``: the WebAssembly sandbox against a subprocess and native Python.

One trivial environment (a counter; text observation, float reward, a one-key info dict) runs
three ways in the same run:

- **wasm**: ``sandbox_wasm`` (componentized CPython 3.14 in wasmtime, fuel + epoch deadline
  per call), through the synchronous API (``inst.sync``) and the async API (one hand-off to
  a guest thread per call, ``sandbox_wasm/_threads.py``); start measured from the warm pool
  and unpooled;
- **subprocess**: a ``python3`` child (this interpreter, ``-I``) speaking JSON lines over pipes,
  start = spawn + load + first observation;
- **native**: ``exec`` of the source in this process, each step's result JSON-encoded.

Reported: start to first observation (median, ms), step latency (p50/p90, µs), steps/s on 1
and 2 threads (one instance per thread), RSS per live instance (MiB), and the epoch deadline's
firing time for a ``while True: pass`` step. Honest rows beside them (issue 16):

- ``python3 subprocess, pre-spawned pool``: the start baseline with the interpreter already
  running (load + first observation only), next to the spawn-on-demand one;
- ``wasm, pooled, fresh source (compiles)``: starts of never-seen sources (no compile-cache hit);
- ``wasm, N live, round-robin sync``: step latency (p50/p90/p99) with ``--live`` instances alive,
  stepped in turn;
- ``wasm, N worker process(es)`` (``--processes 1,2`` = ``sandbox.processes``, one thread each):
  steps/s of 2 instances per process stepped back to back, and validations/s of the
  ``grid_rotated`` seed, each with the CPU seconds of this process and of the workers, the
  cores they kept busy (CPU seconds / wall seconds), the work per CPU second, and the 1-minute
  load average when the row ran. Scaling per added core (goal ≥ 1.8×) is the ``vs. first``
  ratio of the rates; it can be judged only where the cores used rose with the processes
  (a busy or small machine gives the second worker no second core: then the per-CPU-second
  ratio says whether the work itself got more expensive). Each step is one round trip through
  this process's event loop (``main_cpu_us_per_step``), so steps need a core for the loop
  besides the workers': N workers need N + 1 cores to scale.

``--only wasm,fresh,live,scale`` picks row groups (the subprocess and native baselines always
run). Targets (issue 3): pooled start ≤ 2 ms and ≥ 20×
the subprocess; step ≤ 60 µs and ≥ 2× faster than the subprocess; ≥ 1.7× steps/s on 2
threads; ≥ 400 live instances in 4 GiB.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

import trio

from engine.config import SandboxConfig
from sandbox_wasm import Sandbox, SyncEnvInstance

ENV = '''
class Env:
    """Count the steps."""
    MAX_TURNS = 10**9

    def reset(self, seed=None, options=None):
        self.n = 0
        return "t=0", {"n": 0}

    def step(self, action):
        self.n += 1
        return f"t={self.n} {action}", 0.0, False, False, {"n": self.n}
'''

LOOP = "class Env:\n    def reset(self, seed=None, options=None):\n        while True: pass\n"

RUNNER = r"""
import json, sys
ns = {}
env = None
out = sys.stdout
for line in sys.stdin:
    req = json.loads(line)
    op = req["op"]
    if op == "load":
        exec(compile(req["source"], "<env>", "exec"), ns)
        env = ns["Env"]()
        res = True
    elif op == "ping":
        res = True
    elif op == "reset":
        res = env.reset(seed=req.get("seed"))
    else:
        res = env.step(req["action"])
    out.write(json.dumps(res) + "\n")
    out.flush()
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds this topic's options (all counts; keep them small on shared machines)."""
    parser.add_argument("--steps", type=int, default=3000, help="steps per latency/throughput case")
    parser.add_argument("--starts", type=int, default=40, help="starts per start-latency case")
    parser.add_argument("--instances", type=int, default=100, help="live instances for RSS")
    parser.add_argument(
        "--processes", default="1,2", help="sandbox.processes cases of the scaling rows"
    )
    parser.add_argument(
        "--scale-steps", type=int, default=2000, help="steps per instance in the scaling rows"
    )
    parser.add_argument(
        "--validations", type=int, default=6, help="validations per scaling row (0 = skip)"
    )
    parser.add_argument("--live", type=int, default=300, help="live instances, round-robin row")
    parser.add_argument(
        "--only", default="", help="comma-separated row groups: wasm,fresh,live,scale,baselines"
    )
    if "--repeats" not in parser._option_string_actions:
        parser.add_argument("--repeats", type=int, default=3, help="repeats (medians reported)")


def _rss() -> int:
    with open(f"/proc/{os.getpid()}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _steps_per_s(step_fns: list[Any], steps: int) -> float:
    """Runs ``steps`` calls of each fn, one thread per fn, and returns total steps/s."""
    barrier = threading.Barrier(len(step_fns) + 1)

    def work(fn: Any) -> None:
        barrier.wait()
        for _ in range(steps):
            fn("a")

    threads = [threading.Thread(target=work, args=(fn,)) for fn in step_fns]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    return len(step_fns) * steps / (time.perf_counter() - t0)


def _latencies_us(fn: Any, steps: int) -> list[float]:
    out = []
    pc = time.perf_counter
    for _ in range(steps):
        t0 = pc()
        fn("a")
        out.append((pc() - t0) * 1e6)
    return out


# -- subprocess baseline ----------------------------------------------------------------------


class _Child:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-c", RUNNER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def call(self, req: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def step(self, action: str) -> Any:
        return self.call({"op": "step", "action": action})

    def rss(self) -> int:
        with open(f"/proc/{self.proc.pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _subprocess_case(args: argparse.Namespace) -> dict[str, Any]:
    starts = []
    for _ in range(max(5, args.starts // 4)):
        t0 = time.perf_counter()
        c = _Child()
        c.call({"op": "load", "source": ENV})
        c.call({"op": "reset", "seed": 0})
        starts.append((time.perf_counter() - t0) * 1e3)
        c.close()
    c = _Child()
    c.call({"op": "load", "source": ENV})
    c.call({"op": "reset", "seed": 0})
    lat = _latencies_us(c.step, args.steps)
    one = _steps_per_s([c.step], args.steps)
    c2 = _Child()
    c2.call({"op": "load", "source": ENV})
    c2.call({"op": "reset", "seed": 0})
    two = _steps_per_s([c.step, c2.step], args.steps)
    rss = c.rss() / 2**20
    c.close()
    c2.close()
    return {
        "case": "python3 subprocess, JSON lines",
        "start_p50_ms": statistics.median(starts),
        "step_p50_us": _pct(lat, 0.5),
        "step_p90_us": _pct(lat, 0.9),
        "steps_per_s_1t": one,
        "steps_per_s_2t": two,
        "2t_vs_1t": two / one,
        "rss_per_instance_mib": rss,
    }


# -- native baseline --------------------------------------------------------------------------


def _native_env() -> Any:
    ns: dict[str, Any] = {}
    exec(compile(ENV, "<env>", "exec"), ns)
    return ns["Env"]()


def _native_case(args: argparse.Namespace) -> dict[str, Any]:
    starts = []
    for _ in range(args.starts):
        t0 = time.perf_counter()
        env = _native_env()
        json.dumps(env.reset(seed=0))
        starts.append((time.perf_counter() - t0) * 1e3)

    def stepper() -> Any:
        env = _native_env()
        env.reset(seed=0)
        return lambda a: json.dumps(env.step(a))

    s1 = stepper()
    lat = _latencies_us(s1, args.steps)
    one = _steps_per_s([s1], args.steps)
    two = _steps_per_s([s1, stepper()], args.steps)
    gc.collect()
    before = _rss()
    envs = [_native_env() for _ in range(args.instances)]
    for e in envs:
        e.reset(seed=0)
    rss = (_rss() - before) / len(envs) / 2**20
    return {
        "case": "native in-process (+JSON)",
        "start_p50_ms": statistics.median(starts),
        "step_p50_us": _pct(lat, 0.5),
        "step_p90_us": _pct(lat, 0.9),
        "steps_per_s_1t": one,
        "steps_per_s_2t": two,
        "2t_vs_1t": two / one,
        "rss_per_instance_mib": rss,
    }


# -- wasm -------------------------------------------------------------------------------------


async def _wasm_cases(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    pool_size = 4
    async with Sandbox.open(SandboxConfig(pool_size=pool_size)) as sb:
        # Start from the warm pool: sync path (in a worker thread) and async path.
        await sb.wait_pool_ready()
        sync_starts, async_starts = [], []
        for i in range(args.starts):
            await sb.wait_pool_ready()
            await trio.sleep(0.01)  # a pool at rest: the last refill's thread has settled

            def start_sync() -> float:
                t0 = time.perf_counter()
                inst = sb.open_env_sync(ENV, 0)
                inst.reset(seed=0)
                dt = (time.perf_counter() - t0) * 1e3
                inst.close()
                return dt

            if i % 2 == 0:
                sync_starts.append(await trio.to_thread.run_sync(start_sync))
            else:
                t0 = time.perf_counter()
                inst = await sb.open_env(ENV, entropy=0)
                await inst.reset(seed=0)
                async_starts.append((time.perf_counter() - t0) * 1e3)
                await inst.aclose()
        hits = sb.statistics().pool_hits

        a = await sb.open_env(ENV)
        b = await sb.open_env(ENV)
        await a.reset(seed=0)
        await b.reset(seed=0)
        sa: SyncEnvInstance = a.sync
        sbb: SyncEnvInstance = b.sync

        def sync_measure() -> tuple[list[float], float, float]:
            lat = _latencies_us(sa.step, args.steps)
            one = _steps_per_s([sa.step], args.steps)
            two = _steps_per_s([sa.step, sbb.step], args.steps)
            return lat, one, two

        lat, one, two = await trio.to_thread.run_sync(sync_measure)

        alat = []
        for _ in range(min(args.steps, 1000)):
            t0 = time.perf_counter()
            await a.step("a")
            alat.append((time.perf_counter() - t0) * 1e6)

        # RSS per live instance (loaded and reset).
        gc.collect()
        before = _rss()
        live = []
        for _ in range(args.instances):
            inst = await sb.open_env(ENV)
            await inst.reset(seed=0)
            live.append(inst)
        rss = (_rss() - before) / len(live) / 2**20
        for inst in live:
            await inst.aclose()

        # Deadline accuracy.
        fired = []
        for _ in range(3):
            inst = await sb.open_env(LOOP, deadline_s=0.1)
            t0 = time.perf_counter()
            try:
                await inst.reset()
            except Exception:
                fired.append((time.perf_counter() - t0) * 1e3)

    rows.append(
        {
            "case": "wasm, pooled, sync API",
            "start_p50_ms": statistics.median(sync_starts),
            "step_p50_us": _pct(lat, 0.5),
            "step_p90_us": _pct(lat, 0.9),
            "steps_per_s_1t": one,
            "steps_per_s_2t": two,
            "2t_vs_1t": two / one,
            "rss_per_instance_mib": rss,
            "instances_per_4gib": 4096 / rss if rss > 0 else None,
            "deadline_100ms_fired_ms": statistics.median(fired) if fired else None,
            "pool_hits": hits,
        }
    )
    rows.append(
        {
            "case": "wasm, pooled, async API (trio)",
            "start_p50_ms": statistics.median(async_starts),
            "step_p50_us": _pct(alat, 0.5),
            "step_p90_us": _pct(alat, 0.9),
        }
    )

    async with Sandbox.open(SandboxConfig(pool_size=0)) as sb0:
        cold = []
        for _ in range(max(5, args.starts // 2)):
            t0 = time.perf_counter()
            inst = await sb0.open_env(ENV)
            await inst.reset(seed=0)
            cold.append((time.perf_counter() - t0) * 1e3)
            await inst.aclose()
    rows.append({"case": "wasm, unpooled, async API", "start_p50_ms": statistics.median(cold)})
    return rows


async def _fresh_source_starts(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Starts of never-seen sources (a unique comment each): no compile-cache hit."""
    async with Sandbox.open(SandboxConfig(pool_size=4)) as sb:
        starts = []
        for i in range(args.starts):
            await sb.wait_pool_ready()
            await trio.sleep(0.01)
            source = ENV + f"\n# fresh {os.getpid()} {time.time_ns()} {i}\n"
            t0 = time.perf_counter()
            inst = await sb.open_env(source, entropy=0)
            await inst.reset(seed=0)
            starts.append((time.perf_counter() - t0) * 1e3)
            await inst.aclose()
    return [
        {"case": "wasm, pooled, fresh source (compiles)", "start_p50_ms": statistics.median(starts)}
    ]


async def _live_round_robin(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Step latency with ``--live`` instances alive, stepped round-robin (sync API)."""
    async with Sandbox.open(SandboxConfig(pool_size=0)) as sb:
        live: list[SyncEnvInstance] = []
        for _ in range(args.live):
            opened = await sb.open_env(ENV)
            await opened.reset(seed=0)
            live.append(opened.sync)

        def measure() -> list[float]:
            out = []
            pc = time.perf_counter
            for i in range(max(args.steps, 2 * len(live))):
                fn = live[i % len(live)].step
                t0 = pc()
                fn("a")
                out.append((pc() - t0) * 1e6)
            return out

        lat = await trio.to_thread.run_sync(measure)
        rss = _rss() / 2**20
        for sync in live:
            sync.close()
    return [
        {
            "case": f"wasm, {args.live} live, round-robin sync",
            "step_p50_us": _pct(lat, 0.5),
            "step_p90_us": _pct(lat, 0.9),
            "step_p99_us": _pct(lat, 0.99),
            "process_rss_mib": rss,
        }
    ]


async def _scaling(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    """Steps/s and validations/s with ``processes`` worker processes (0 = in-process), with
    the CPU seconds of this process and of the workers."""
    from actors._validation import validate
    from engine.config import CriticConfig
    from engine.seed_envs import seed_envs

    config = SandboxConfig(pool_size=2, processes=processes, threads=1)  # a core each
    width = 2 * max(1, processes)  # instances stepped at once
    async with Sandbox.open(config) as sb:
        await sb.wait_pool_ready()
        insts = [await sb.open_env(ENV, entropy=i) for i in range(width)]
        for inst in insts:
            await inst.reset(seed=0)

        async def stepper(inst: Any) -> None:
            for _ in range(args.scale_steps):
                await inst.step("a")

        async def cpu() -> float:
            return await sb.cpu_seconds() if hasattr(sb, "cpu_seconds") else 0.0

        w0, c0, t0 = await cpu(), time.process_time(), time.perf_counter()
        async with trio.open_nursery() as nursery:
            for inst in insts:
                nursery.start_soon(stepper, inst)
        wall = time.perf_counter() - t0
        steps_cpu, steps_wcpu = time.process_time() - c0, await cpu() - w0
        for inst in insts:
            await inst.aclose()
        steps = width * args.scale_steps
        row: dict[str, Any] = {
            "case": f"wasm, {processes} worker process(es)" if processes else "wasm, in-process",
            "load_avg_1min": os.getloadavg()[0],
            "steps_per_s": steps / wall,
            "steps_cpu_s_main": steps_cpu,
            "steps_cpu_s_workers": steps_wcpu,
            "steps_cores_used": (steps_cpu + steps_wcpu) / wall,
            "steps_per_cpu_s": steps / max(steps_cpu + steps_wcpu, 1e-9),
            "main_cpu_us_per_step": 1e6 * steps_cpu / steps,
            "worker_cpu_us_per_step": 1e6 * steps_wcpu / steps,
        }
        if args.validations > 0:
            env = next(e for e in seed_envs() if e.name == "grid_rotated")
            left = args.validations
            verdicts: list[str] = []

            async def validator() -> None:
                nonlocal left
                while left > 0:
                    left -= 1
                    v = await validate(env.source, "", sb, CriticConfig())
                    verdicts.append(type(v).__name__)

            w0, c0, t0 = await cpu(), time.process_time(), time.perf_counter()
            async with trio.open_nursery() as nursery:
                for _ in range(width):
                    nursery.start_soon(validator)
            wall = time.perf_counter() - t0
            vcpu, vwcpu = time.process_time() - c0, await cpu() - w0
            row["validations_per_s"] = args.validations / wall
            row["validations_cpu_s_main"] = vcpu
            row["validations_cpu_s_workers"] = vwcpu
            row["validations_cores_used"] = (vcpu + vwcpu) / wall
            row["validations_per_cpu_s"] = args.validations / max(vcpu + vwcpu, 1e-9)
            row["validated_ok"] = verdicts.count("EnvValidated")
    return row


def _scaling_rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    cases = [int(p) for p in str(args.processes).split(",") if p.strip()]
    rows = [trio.run(_scaling, args, p) for p in cases]
    base = rows[0]
    for r in rows:
        r["vs. first steps/s"] = r["steps_per_s"] / base["steps_per_s"]
        r["vs. first steps/CPU-s"] = r["steps_per_cpu_s"] / base["steps_per_cpu_s"]
        if "validations_per_s" in r:
            r["vs. first validations/s"] = r["validations_per_s"] / base["validations_per_s"]
            r["vs. first validations/CPU-s"] = (
                r["validations_per_cpu_s"] / base["validations_per_cpu_s"]
            )
    return rows


def _subprocess_pool_case(args: argparse.Namespace) -> dict[str, Any]:
    """Start from a pre-spawned subprocess pool: the interpreter is up; load + first obs."""

    def ready() -> _Child:
        c = _Child()
        c.call({"op": "ping"})  # the interpreter is up: what a pre-spawned pool holds
        return c

    pool = [ready() for _ in range(4)]
    starts = []
    for _ in range(max(5, args.starts // 2)):
        c = pool.pop(0)
        t0 = time.perf_counter()
        c.call({"op": "load", "source": ENV})
        c.call({"op": "reset", "seed": 0})
        starts.append((time.perf_counter() - t0) * 1e3)
        c.close()
        pool.append(ready())  # refill outside the timed part
    for c in pool:
        c.close()
    return {
        "case": "python3 subprocess, pre-spawned pool",
        "start_p50_ms": statistics.median(starts),
    }


def _once(args: argparse.Namespace) -> list[dict[str, Any]]:
    only = {g.strip() for g in str(getattr(args, "only", "")).split(",") if g.strip()}
    rows: list[dict[str, Any]] = []
    if not only or "wasm" in only:
        rows += trio.run(_wasm_cases, args)
    if not only or "fresh" in only:
        rows += trio.run(_fresh_source_starts, args)
    if not only or "live" in only:
        rows += trio.run(_live_round_robin, args)
    if not only or "scale" in only:
        rows += _scaling_rows(args)
    rows.append(_subprocess_pool_case(args))
    rows.append(_subprocess_case(args))
    rows.append(_native_case(args))
    return rows


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Runs every case ``--repeats`` times; returns one dict per case (medians over repeats).

    ``vs. subprocess start`` and ``vs. subprocess step`` are speed-ups (subprocess time / case
    time; > 1 is faster than the subprocess), computed per repeat, then the median taken.
    """
    runs = []
    for _ in range(max(1, getattr(args, "repeats", 1))):
        rows = _once(args)
        base = rows[-2]
        for r in rows:
            if r.get("start_p50_ms"):
                r["vs. subprocess start"] = base["start_p50_ms"] / r["start_p50_ms"]
            if r.get("step_p50_us"):
                r["vs. subprocess step"] = base["step_p50_us"] / r["step_p50_us"]
        runs.append(rows)
    out = []
    for i, row in enumerate(runs[0]):
        merged: dict[str, Any] = {}
        for key, value in row.items():
            values = [rs[i].get(key) for rs in runs]
            nums = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
            if nums and len(nums) == len(values):
                merged[key] = statistics.median(nums)
            else:
                merged[key] = value
        merged["repeats"] = len(runs)
        out.append(merged)
    return out


if __name__ == "__main__":  # pragma: no cover - convenience without the harness
    p = argparse.ArgumentParser()
    add_arguments(p)
    for row in run(p.parse_args()):
        print({k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()})
