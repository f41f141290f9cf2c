"""``python -m engine.run``: the main job, the whole self-play loop from one command.

With no arguments it runs the CPU default end to end: builds (once, cached) a tiny model and
tokenizer, starts the CPU policy server, uses the standard-library documentation as the
grounding corpus and the shipped seed archive, warm-starts the model with SFT on the seeds,
then runs self-play iterations, printing one table row per iteration.

Exit codes: 0 done, 130 stopped by Ctrl-C/SIGTERM (with everything on disk), 1 a part failed
during the run (one line on stderr that says to ``--resume``; the details in ``logs/run.log``),
2 bad input found before anything started (config, model path, run directory, corpus, server
URL). A learner rank that dies is not a failure at first: the run restarts from its last
checkpoint, at most ``run.learner_restarts`` times.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from engine.config import Config, load_config
from engine.errors import ConfigError, EngineError, ModelError, PolicyError

if TYPE_CHECKING:
    from engine.rundir import RunDir

__all__ = ["main", "parse_args"]

TOPOLOGY_ACTORS = ("designer", "critic", "agent", "recorder", "memory", "learner")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(
        prog="python -m engine.run",
        description="Run SPADE self-play: the Designer writes environments, the Agent plays "
        "them, the Designer is rewarded by hint-based regret, both roles train together.",
        epilog="Examples:\n"
        "  python -m engine.run                                  # CPU default\n"
        "  python -m engine.run --set run.iterations=2 --run-dir runs/try\n"
        "  python -m engine.run --resume runs/try --set run.iterations=4\n"
        "  python -m engine.run --config configs/multi_gpu_node.toml --dry-run",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", metavar="FILE", help="TOML config (defaults when omitted)")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="SECTION.FIELD=VALUE",
        help="override one config field (repeatable), e.g. --set critic.k=8",
    )
    p.add_argument("--run-dir", metavar="DIR", help="run directory (default runs/<timestamp>)")
    p.add_argument("--resume", metavar="DIR", help="continue the run in DIR")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print the resolved config and the actor topology, then exit",
    )
    p.add_argument(
        "--no-progress", action="store_true", help="no progress bar (none either when not a TTY)"
    )
    return p.parse_args(argv)


def _resolve(args: argparse.Namespace) -> Config:
    import msgspec

    config = load_config(args.config, args.overrides)
    if args.run_dir:
        config = msgspec.structs.replace(
            config, run=msgspec.structs.replace(config.run, run_dir=args.run_dir)
        )
    if config.learner.replay_path:
        # the run directory's config.toml keeps it: a resume from elsewhere finds the same file
        config = msgspec.structs.replace(
            config,
            learner=msgspec.structs.replace(
                config.learner, replay_path=str(Path(config.learner.replay_path).resolve())
            ),
        )
    return config


def _dry_run(config: Config) -> None:
    from engine.config import dump_config
    from engine.runtime import Runtime
    from engine.wiring import connect

    class _Placeholder:
        async def run(self, **_: object) -> None:  # pragma: no cover - never started
            return None

    rt = Runtime(capacity=config.run.channel_capacity)
    connect(rt, {name: _Placeholder() for name in TOPOLOGY_ACTORS}, outcomes="recorder")
    print("# resolved config")
    print(dump_config(config))
    print("# actor topology (producer.outbox -> actor.inbox)")
    print("driver.to_designer -> designer.inbox")
    print("driver.to_agent -> agent.inbox   (replays)")
    print("driver.to_critic -> critic.inbox   (re-scores of archived environments)")
    for line in rt.describe():
        print(line)
    if config.policy.backend == "sglang" and not config.policy.urls:
        from engine.inference import sglang_server_command
        from engine.inference.launcher import _gpu_env, _sglang_env

        print("\n# SGLang server commands")
        if not config.policy.port:
            print("# policy.port = 0: each server binds a free port chosen when it starts")
        for i in range(config.policy.num_servers):
            port = config.policy.port + i if config.policy.port else 0
            cmd = sglang_server_command(config.policy, config.policy.model_path, port)
            if not port:
                cmd[cmd.index("--port") + 1] = "<free port>"
            env = _gpu_env(config.policy, i)
            gpus = f"CUDA_VISIBLE_DEVICES={env['CUDA_VISIBLE_DEVICES']} " if env else ""
            cpu = (_sglang_env(config.policy, i) or {}).get("SGLANG_USE_CPU_ENGINE")
            print(gpus + (f"SGLANG_USE_CPU_ENGINE={cpu} " if cpu else "") + " ".join(cmd))
        if config.learner.devices:
            print(f"# learner ranks on CUDA devices {config.learner.devices}")
    if config.policy.router == "launch":
        from engine.inference.router import router_command

        pc = config.policy
        first = pc.port or 30000
        servers = pc.urls or [f"http://{pc.host}:{first + i}" for i in range(pc.num_servers)]
        port = config.policy.router_port or 30100
        print("\n# SGLang router (generations go here; weight syncs to every server)")
        print(" ".join(router_command(config.policy, servers, port, python="python")))
    if config.learner.launcher == "torchrun":
        from engine.learner._torchrun import node_commands

        print("\n# learner: one torchrun per node (node 0's is started by the engine", end="")
        print(", unless learner.attach)" if not config.learner.attach else "; attached)")
        for r, line in enumerate(node_commands(config.learner)):
            print(f"# node {r}\n{line}")


def _model_path(config: Config) -> Path:
    from engine.inference import check_model_path, ensure_tiny_model

    if config.policy.model_path:
        return check_model_path(config.policy.model_path)
    if config.policy.backend != "cpu":
        raise ConfigError(
            f"policy.model_path is required with policy.backend = {config.policy.backend!r}"
        )
    try:
        return ensure_tiny_model()
    except OSError as exc:
        raise ModelError(
            f"cannot build the tiny model in the cache ({exc.filename or ''}): "
            f"{exc.strerror or exc}; set SPADE_CACHE_DIR to a writable directory"
        ) from None


def _check_corpus(config: Config) -> None:
    """Fail before anything is created when the grounding corpus path does not exist."""
    corpus = config.designer.corpus
    if corpus != "stdlib" and not Path(corpus).exists():
        raise ConfigError(f"designer.corpus = {corpus!r}: no such file or directory")


def _check_replay(config: Config, vocab_size: int | None = None) -> None:
    """Fail before anything is created when ``learner.replay_*`` cannot work: replay asked for
    without a file, or a file that does not hold valid samples (``engine.replay.load_replay``;
    token ids below ``vocab_size``, the policy tokenizer's, when given)."""
    learner = config.learner
    if learner.replay_per_step == 0:
        if learner.replay_path:
            print(
                f"note: learner.replay_path = {learner.replay_path!r} is not used: "
                "learner.replay_per_step = 0",
                file=sys.stderr,
            )
        return
    if not learner.replay_path:
        raise ConfigError(
            f"learner.replay_per_step = {learner.replay_per_step} needs learner.replay_path "
            "(a JSON-lines file of TrainingSample records, engine/replay.py)"
        )
    from engine.replay import load_replay, trainable

    samples = load_replay(learner.replay_path, vocab_size)
    if not trainable(samples, learner.max_seq_tokens):
        raise ConfigError(
            f"learner.replay_path = {learner.replay_path!r}: no sample has a loss token within "
            f"learner.max_seq_tokens = {learner.max_seq_tokens}"
        )


def _completed(run_dir: str) -> int:
    from engine.rundir import RunDir

    return RunDir(Path(run_dir), quiet=True).completed_iterations()


def _check_urls(config: Config) -> None:
    """Fail before anything starts when an attached server does not answer."""
    import httpx

    for url in config.policy.urls:
        try:
            r = httpx.get(url.rstrip("/") + "/health", timeout=5.0)
        except httpx.HTTPError as exc:
            raise PolicyError(f"policy server {url} is unreachable: {exc}") from None
        except (httpx.InvalidURL, ValueError) as exc:  # "http://[::1", a port "abc"
            raise PolicyError(f"policy.urls: {url!r} is no URL: {exc}") from None
        if r.status_code != 200:
            raise PolicyError(f"policy server {url}/health answered HTTP {r.status_code}")


def _check_ports(config: Config) -> None:
    """Fail before anything starts when a fixed port a launched server or router would bind is
    taken (bad input, exit 2: no run directory is made).

    Raises:
        ConfigError: naming ``policy.port`` (or ``policy.router_port``), the port and the host.
    """
    from engine.inference.launcher import _port_in_use

    policy = config.policy
    if policy.urls:
        return  # attached: nothing is launched
    if policy.port:
        if policy.port + policy.num_servers - 1 > 65535:
            raise ConfigError(
                f"policy.port = {policy.port}: {policy.num_servers} servers take ports "
                f"{policy.port}-{policy.port + policy.num_servers - 1}, past 65535"
            )
        for i in range(policy.num_servers):
            if _port_in_use(policy.host, policy.port + i):
                raise ConfigError(
                    f"policy.port = {policy.port}: port {policy.port + i} on {policy.host} is "
                    f"already in use (policy server {i}); set policy.port=0 to pick free ports"
                )
    if policy.router == "launch" and policy.router_port:
        if _port_in_use(policy.host, policy.router_port):
            raise ConfigError(
                f"policy.router_port = {policy.router_port}: the port is already in use on "
                f"{policy.host}; set policy.router_port=0 to pick a free one"
            )


def main(argv: list[str] | None = None) -> int:
    """Run the main job; returns the exit code."""
    args = parse_args(argv)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    # model-loading progress bars of the servers and ranks would bury the run's own output
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        from engine.rundir import RunDir

        if args.resume:
            if args.run_dir:
                raise ConfigError(
                    f"--resume {args.resume} and --run-dir {args.run_dir}: give one "
                    "(--resume continues that directory in place)"
                )
            _, config = RunDir.resume_config(args.resume, args.config, args.overrides)
        else:
            config = _resolve(args)
        _check_corpus(config)
        if args.dry_run:
            _check_replay(config)
            if config.policy.model_path:  # warned, not refused: a dry run on a login node
                from engine.inference import check_model_path  # may not see the GPU nodes' disk

                try:
                    check_model_path(config.policy.model_path)
                except ModelError as exc:
                    print(f"warning: {exc} (a run stops here with exit 2)", file=sys.stderr)
            _dry_run(config)
            return 0
        if args.resume:
            done = _completed(args.resume)
            if config.run.iterations and done >= config.run.iterations:
                print(
                    f"{args.resume}: {done} iterations done, run.iterations = "
                    f"{config.run.iterations}: nothing to do "
                    f"(--set run.iterations={done + config.run.iterations} continues it)",
                    file=sys.stderr,
                )
                return 0
        model_path = _model_path(config)
        if config.learner.replay_path or config.learner.replay_per_step:
            from engine.inference import load_tokenizer

            _check_replay(config, len(load_tokenizer(model_path)))
        _check_urls(config)
        _check_ports(config)
        if args.resume:
            run_dir, config = RunDir.resume(args.resume, args.config, args.overrides)
        else:
            run_dir = RunDir.create(config.run.run_dir or None, config)
    except (ConfigError, ModelError, PolicyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    import trio

    from engine.errors import WorkerDied
    from engine.loop import SelfPlay

    # a progress bar only where someone watches: in a log file its redraws are noise
    progress = not args.no_progress and sys.stderr.isatty()
    code = 0
    restarts = 0
    try:
        while True:
            play = SelfPlay(config, run_dir, model_path, progress=progress)
            try:
                trio.run(play.run)
                if play.interrupted:
                    code = 130  # like a shell: interrupted, everything on disk
                break
            except BaseException as exc:  # noqa: BLE001 - sorted below, unknown errors re-raised
                leaves = _leaves(exc)
                engine_errors = [e for e in leaves if isinstance(e, EngineError)]
                died = [e for e in engine_errors if _caused_by(e, WorkerDied)]
                if died and not play.interrupted and restarts < config.run.learner_restarts:
                    restarts += 1
                    run_dir.log(f"error: {_first_line(died[0])}")
                    run_dir.log_traceback(died[0])
                    run_dir.log(
                        f"restarting from the last checkpoint (restart {restarts} of at most "
                        f"{config.run.learner_restarts}: run.learner_restarts)"
                    )
                    continue
                if engine_errors:
                    for err in engine_errors:  # in full in the log, one line on the console
                        run_dir.log(f"error: {err}", console=False)
                        run_dir.log_traceback(err)
                    first = _first_line(engine_errors[0])
                    how = (
                        # a setting found wrong at start: resuming as it is fails the same way
                        f"`python -m engine.run --resume {run_dir.path} --set SECTION.FIELD=...` "
                        "continues the run with the setting fixed"
                        if isinstance(engine_errors[0], ConfigError)
                        else f"`python -m engine.run --resume {run_dir.path}` continues the run"
                    )
                    print(
                        f"error: {first} -- the archive and the last checkpoint are on disk; "
                        f"{how} (details in {run_dir.path / 'logs' / 'run.log'})",
                        file=sys.stderr,
                    )
                    code = 1
                elif all(isinstance(e, KeyboardInterrupt) for e in leaves):
                    run_dir.log(
                        "interrupted: stopped; the archive and the last checkpoint are on disk"
                    )
                    code = 130
                else:
                    raise
                break
    finally:
        _write_outputs(run_dir, restarts)
    return code


def _write_outputs(run_dir: RunDir, restarts: int) -> None:
    """``summary.json``, ``plots/`` and the restarts count, whatever happened: a run that
    finished no iteration says so in its summary instead of leaving the files out."""
    from engine.plots import write_plots

    rows = run_dir.metrics()
    data = summary_from_dicts(rows)
    latest = run_dir.latest_weights()
    if latest is not None:  # the drain's sync comes after the last row
        data["last_weight_version"] = max(
            int(rows[-1]["weight_version"]) if rows else -1, latest[1]
        )
    data["learner_restarts"] = restarts
    if not rows:
        data["note"] = "no iteration finished (see logs/run.log)"
    run_dir.write_json("summary.json", data)
    if not run_dir.metrics_path.exists():
        run_dir.metrics_path.touch()
    stats_path = run_dir.path / "statistics.json"
    if restarts and stats_path.exists():
        import json

        try:
            stats = json.loads(stats_path.read_text())
            stats["learner_restarts"] = restarts
            run_dir.write_json("statistics.json", stats)
        except (OSError, ValueError) as exc:
            run_dir.log(f"statistics.json not updated: {exc}")
    try:
        write_plots(run_dir.path, rows)
    except Exception as exc:  # noqa: BLE001 - plots must never lose a run
        run_dir.log(f"plots failed: {exc}")
    if rows:
        run_dir.log(
            f"{data['designs_proposed']} designs: {data['designs_valid']} valid "
            f"({data['designs_valid_share']:.0%}), {data['designs_accepted']} accepted as "
            f"frontier; rejected by reason: {data['rejected_by_reason']}"
        )
    else:
        run_dir.log("no iteration finished: summary.json says so, metrics.jsonl is empty")
    run_dir.log(f"run directory: {run_dir.path}")


def _first_line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def _caused_by(exc: BaseException, kind: type[BaseException]) -> bool:
    """Whether ``exc`` or an exception in its ``__cause__`` chain is a ``kind``."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, kind):
            return True
        seen = seen.__cause__
    return False


def _leaves(exc: BaseException) -> list[BaseException]:
    """The non-group exceptions inside ``exc`` (trio nurseries group them)."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in _leaves(sub)]
    return [exc]


def summary_from_dicts(rows: list[dict[str, object]]) -> dict[str, object]:
    """``engine.loop.summary`` over metrics rows read back from ``metrics.jsonl``."""
    import msgspec

    from engine.loop import IterationRow, summary

    return summary([msgspec.convert(r, IterationRow) for r in rows])


if __name__ == "__main__":
    from engine._cli import exit_with

    exit_with(main)
