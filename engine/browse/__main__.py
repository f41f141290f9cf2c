"""``python -m engine.browse RUN_DIR [--host 127.0.0.1] [--port 8000] [--set browse.x=v]``.

Serves the run's archive browser until Ctrl-C. Bad input — a path that is not a run directory,
a missing archive, a bad ``--set``, a port in use — is one line on stderr and exit code 2; a
sandbox that cannot be built is one line and exit code 1. Exit 0 after Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import errno
import signal
import socket
import sys
from pathlib import Path

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine.browse",
        description="Browse a SPADE run's archive and play its environments in a web page.",
    )
    p.add_argument("run_dir", help="the run directory (runs/<timestamp>)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="SECTION.FIELD=VALUE",
        help="override the run's config for browsing, e.g. browse.max_players=4 (repeatable)",
    )
    return p


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, handed to Hypercorn.

    Raises:
        ConfigError: the address is in use, not local, or not allowed (one line).
    """
    from engine.errors import ConfigError

    if not 0 <= port <= 65535:
        raise ConfigError(f"--port {port}: not a port number (0-65535)")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise ConfigError(f"--host {host!r}: {exc.strerror}") from None
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        why = "already in use" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise ConfigError(f"cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


def main(argv: list[str] | None = None) -> int:
    """Run the browser; returns the exit code (0 stopped, 2 bad input)."""
    args = _parser().parse_args(argv)
    from engine.browse._rundata import RunData
    from engine.config import load_config, read_toml
    from engine.errors import ConfigError

    path = Path(args.run_dir)
    try:
        data = RunData(path)
        if args.overrides:
            data.config = load_config(None, args.overrides, base=read_toml(path / "config.toml"))
        sock = _bind(args.host, args.port)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    import trio
    from hypercorn.config import Config as HypercornConfig
    from hypercorn.trio import serve

    from engine.browse._app import create_app
    from engine.errors import SandboxError
    from sandbox_wasm._runtime import get_runtime

    host, port = sock.getsockname()[:2]
    hc = HypercornConfig()
    hc.bind = [f"fd://{sock.detach()}"]  # Hypercorn owns (and closes) the socket from here
    hc.accesslog = None
    hc.errorlog = "-"
    hc.startup_timeout = 600.0  # the lifespan opens the sandbox (loads the compiled guest)
    hc.graceful_timeout = 2.0  # Ctrl-C: open keep-alive connections get 2 s
    app = create_app(data)

    async def run() -> None:
        async def stop_on_signal() -> None:
            with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for _ in signals:
                    return

        # Build or load the compiled guest before serving: a first use on a machine builds it
        # (15-45 s, longer on a busy one), which must not race Hypercorn's startup timeout.
        cache = data.config.sandbox.cache_dir
        await trio.to_thread.run_sync(get_runtime, Path(cache) if cache else None)
        print(f"serving {path} on http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr)
        await serve(app, hc, shutdown_trigger=stop_on_signal)  # type: ignore[arg-type]

    try:
        trio.run(run)
    except SandboxError as exc:  # the guest could not be built or loaded
        print(f"error: sandbox: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
