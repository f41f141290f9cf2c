"""Launch policy servers (``engine.serve`` on CPU, SGLang on GPU nodes) or attach to running ones.

``async with launch_policy_servers(config.policy, model_path) as urls:`` starts
``config.num_servers`` servers, waits until each answers ``GET /health`` (at most
``config.health_timeout_s``), yields their URLs, and stops them (SIGTERM to the process group,
then SIGKILL) on exit, cancellation included. SGLang runs from its own Python environment
(``config.sglang_command``: ``["/opt/sglang/bin/python", "-m", "sglang.launch_server"]`` or
SGLang's newer CLI, ``["/opt/sglang/bin/sglang", "serve"]``; both take the same flags) and is
never imported. On a CPU machine (``--device cpu`` in ``config.extra_args``) the launcher sets
``SGLANG_USE_CPU_ENGINE=1`` for it (``scripts/sglang-cpu-env.sh`` builds such an environment). With ``config.urls`` set, nothing is launched: the servers are checked
for health and yielded.

Failures name what failed: a missing model path or one that is not a causal LM
(``ModelError``), a port in use, a server that exits or never becomes healthy (``LaunchError``
with the command, the URL and the last lines of its log). Nothing is left running.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import httpx
import trio

from engine.config import PolicyConfig
from engine.errors import LaunchError, ModelError, PolicyUnavailable, PortInUse
from engine.inference._wire import collapse_errors

__all__ = [
    "PolicyServers",
    "cpu_server_command",
    "free_port",
    "launch_policy_servers",
    "model_vocab_size",
    "sglang_server_command",
]

_LOG_TAIL_LINES = 20


class PolicyServers(list[str]):
    """The URLs of the running policy servers (a ``list[str]``), plus ``restart(url)``.

    ``PolicyClient(urls, ...)`` uses ``restart`` to bring back a launched server that died.
    Attached servers (``config.urls``) have ``restart = None``. ``vocab_size`` is the model's
    vocabulary size when the model path is a local checkpoint (``PolicyClient`` refuses ids
    outside it), else ``None``.
    """

    restart: Callable[[str], Awaitable[str]] | None = None
    vocab_size: int | None = None
    log_paths: list[Path]

    def __init__(self, urls: list[str]) -> None:
        super().__init__(urls)
        self.log_paths = []
        self._launched: list[_Launched] = []

    def pids(self) -> list[int]:
        """Process ids of the launched servers now running (empty when attached)."""
        return [s.proc.pid for s in self._launched if s.proc is not None]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that was free a moment ago (bind to 0, read, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _port_in_use(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


def cpu_server_command(config: PolicyConfig, model_path: str, port: int) -> list[str]:
    """The ``python -m engine.serve`` command line of one CPU server.

    Args:
        config: the ``[policy]`` section (host, max_batch_size).
        model_path: HF checkpoint directory.
        port: TCP port to bind.
    """
    return [
        sys.executable,
        "-m",
        "engine.serve",
        "--model-path",
        model_path,
        "--host",
        config.host,
        "--port",
        str(port),
        "--max-batch-size",
        str(config.max_batch_size),
        "--batch-wait-s",
        str(config.batch_wait_s),
        "--parent-pid",
        str(os.getpid()),
    ]


def sglang_server_command(config: PolicyConfig, model_path: str, port: int) -> list[str]:
    """The SGLang ``launch_server`` command line of one server.

    Flag names are SGLang 0.5.23's (``sglang/srt/arg_groups/fields/*.py``): ``--model-path``,
    ``--host``, ``--port``, ``--tp-size``, ``--dp-size``, ``--mem-fraction-static``;
    ``config.extra_args`` follow verbatim.
    """
    return [
        *config.sglang_command,
        "--model-path",
        model_path,
        "--host",
        config.host,
        "--port",
        str(port),
        "--tp-size",
        str(config.tp_size),
        "--dp-size",
        str(config.dp_size),
        "--mem-fraction-static",
        str(config.mem_fraction_static),
        *config.extra_args,
    ]


def _sglang_env(config: PolicyConfig, index: int) -> dict[str, str] | None:
    """The environment of SGLang server ``index``: ``_gpu_env``'s, plus
    ``SGLANG_USE_CPU_ENGINE=1`` (SGLang 0.5.23's switch to its CPU platform) when
    ``config.extra_args`` asks for ``--device cpu``; ``None`` inherits the engine's."""
    env = _gpu_env(config, index)
    args = config.extra_args
    on_cpu = "--device=cpu" in args or any(
        a == "--device" and b == "cpu" for a, b in zip(args, args[1:], strict=False)
    )
    if not on_cpu:
        return env
    return {**(env or os.environ), "SGLANG_USE_CPU_ENGINE": "1"}


def _gpu_env(config: PolicyConfig, index: int) -> dict[str, str] | None:
    """``CUDA_VISIBLE_DEVICES`` for server ``index`` when several share a node, else None."""
    if config.num_servers == 1:
        return None
    per = config.tp_size * config.dp_size
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    devices = visible.split(",") if visible else [str(i) for i in range(per * config.num_servers)]
    mine = devices[index * per : (index + 1) * per]
    if len(mine) < per:
        raise LaunchError(
            f"server {index} needs {per} GPUs (tp_size*dp_size) but only devices "
            f"{devices} are visible for {config.num_servers} servers"
        )
    return {**os.environ, "CUDA_VISIBLE_DEVICES": ",".join(mine)}


def _group_exists(pgid: int) -> bool:
    """Whether any process (zombies included) is left in process group ``pgid``."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _tail(path: Path, lines: int = _LOG_TAIL_LINES) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "<no log>"
    last = text.splitlines()[-lines:]
    return "\n".join("    " + line for line in last) or "    <empty log>"


class _Launched:
    """One launched server process and how to (re)start it."""

    def __init__(
        self,
        cmd: list[str],
        url: str,
        log_path: Path,
        env: dict[str, str] | None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        probe_timeout_s: float = 30.0,
    ) -> None:
        self.probe_timeout_s = probe_timeout_s
        self.cmd = cmd
        self.url = url
        self.log_path = log_path
        self.env = env
        self.host = host
        self.port = port
        self.proc: trio.Process | None = None
        self.lock = trio.Lock()

    def move_to(self, port: int) -> None:
        """Use ``port`` from the next ``start`` on (the command's ``--port`` and the URL)."""
        i = self.cmd.index("--port")
        self.cmd = [*self.cmd[: i + 1], str(port), *self.cmd[i + 2 :]]
        self.url = f"http://{self.host}:{port}"
        self.port = port

    async def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.proc = await trio.lowlevel.open_process(
                self.cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.env,
                start_new_session=True,  # own process group: SGLang's children die with it
            )

    async def stop(self) -> None:
        """SIGTERM the process group, SIGKILL after 5 s, then wait (at most 5 s) until the
        group is empty; shielded from cancellation."""
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        with trio.CancelScope(shield=True):
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGTERM)
                with trio.move_on_after(5.0):
                    await proc.wait()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # stragglers in the group
            if proc.returncode is None:
                await proc.wait()
            # SGLang's scheduler and detokenizer die after their parent and are reaped by init:
            # wait (at most 5 s) until the group is empty, so nothing outlives the context
            for _ in range(100):  # polled: no event tells when init has reaped them
                if not _group_exists(proc.pid):
                    break
                await trio.sleep(0.05)

    def failure(self, what: str) -> LaunchError:
        cmd = shlex.join(self.cmd)
        return LaunchError(
            f"policy server at {self.url} {what}\n  command: {cmd}\n  log: {self.log_path}\n"
            f"  last log lines:\n{_tail(self.log_path)}"
        )

    async def answers(self, http: httpx.AsyncClient) -> bool:
        """Whether the process runs and ``GET /health`` answers 200 (within
        ``policy.health_probe_timeout_s``)."""
        if self.proc is None or self.proc.returncode is not None:
            return False
        try:
            r = await http.get(f"{self.url}/health", timeout=self.probe_timeout_s)
        except httpx.HTTPError:
            return False
        return r.status_code == 200

    async def wait_healthy(self, http: httpx.AsyncClient, timeout_s: float) -> None:
        """Poll ``GET /health`` until 200; raise ``LaunchError`` on exit or timeout.

        Polls every 50 ms at first (``engine.serve`` is up in seconds), backing off to every
        0.5 s (SGLang answers 503 for a minute or more while it loads)."""
        assert self.proc is not None
        pause = 0.05
        with trio.move_on_after(timeout_s):
            while True:
                if self.proc.returncode is not None:
                    raise self.failure(f"exited with code {self.proc.returncode} before healthy")
                try:
                    r = await http.get(f"{self.url}/health", timeout=self.probe_timeout_s)
                    if r.status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                await trio.sleep(pause)
                pause = min(pause * 1.25, 0.5)
        raise self.failure(f"did not become healthy within {timeout_s:g} s")


async def _wait_attached(
    http: httpx.AsyncClient, urls: list[str], timeout_s: float, probe_timeout_s: float
) -> None:
    pending = list(urls)
    last: dict[str, str] = {}
    with trio.move_on_after(timeout_s):
        while pending:
            for url in list(pending):
                try:
                    r = await http.get(f"{url}/health", timeout=probe_timeout_s)
                    if r.status_code == 200:
                        pending.remove(url)
                        continue
                    last[url] = f"HTTP {r.status_code}"
                except httpx.HTTPError as exc:
                    last[url] = f"{type(exc).__name__}: {exc}"
            if pending:
                await trio.sleep(0.1)
    if pending:
        detail = "; ".join(f"{u} ({last.get(u, 'no answer')})" for u in pending)
        raise PolicyUnavailable(f"policy servers not healthy within {timeout_s:g} s: {detail}")


@contextlib.asynccontextmanager
async def launch_policy_servers(
    config: PolicyConfig,
    model_path: str | os.PathLike[str] | None = None,
    *,
    log_dir: str | os.PathLike[str] | None = None,
) -> AsyncIterator[PolicyServers]:
    """Start (or attach to) the policy servers; yield their URLs; stop them on exit.

    Args:
        config: the ``[policy]`` section. ``backend`` ``"cpu"`` launches ``engine.serve``,
            ``"sglang"`` launches ``config.sglang_command``; a non-empty ``config.urls``
            attaches instead of launching.
        model_path: HF checkpoint directory; ``None`` uses ``config.model_path`` and, if that is
            empty too, the cached tiny model (``ensure_tiny_model()``, CPU backend only).
        log_dir: where server logs go (``server-<i>.log``); ``None`` uses ``config.log_dir``
            or, if that is empty, a new temporary directory.

    Yields:
        ``PolicyServers``: the base URLs, with ``restart(url)`` for launched servers.

    Raises:
        ModelError: the model path does not exist or is not a causal LM.
        LaunchError: a port in use, a server that exits or stays unhealthy past
            ``config.health_timeout_s`` (the message names the URL, the command and the log
            tail); every server already started is stopped first.
        PolicyUnavailable: attached servers that do not answer ``/health`` in time.
    """
    async with httpx.AsyncClient() as http:
        if config.urls:
            urls = [u.rstrip("/") for u in config.urls]
            await _wait_attached(http, urls, config.health_timeout_s, config.health_probe_timeout_s)
            attached = PolicyServers(urls)
            if config.model_path:
                attached.vocab_size = await trio.to_thread.run_sync(
                    model_vocab_size, config.model_path
                )
            yield attached
            return
        if config.backend == "openai":
            raise LaunchError('backend "openai" has no servers to launch; use OpenAIChatClient')
        path_str = str(model_path) if model_path is not None else config.model_path
        if not path_str:
            if config.backend != "cpu":
                raise ModelError("backend 'sglang' needs policy.model_path (no default model)")
            from engine.inference.models import ensure_tiny_model

            path_str = str(await trio.to_thread.run_sync(ensure_tiny_model))
        _check_model(config, path_str)
        logs = (
            Path(log_dir or config.log_dir)
            if (log_dir or config.log_dir)
            else Path(tempfile.mkdtemp(prefix="spade-policy-"))
        )
        logs.mkdir(parents=True, exist_ok=True)
        servers: list[_Launched] = []
        try:
            for i in range(config.num_servers):
                port = config.port + i if config.port else free_port(config.host)
                if _port_in_use(config.host, port):
                    raise PortInUse(
                        f"port {port} on {config.host} is already in use (policy server {i}); "
                        f"set policy.port=0 to pick free ports"
                    )
                env: dict[str, str] | None
                if config.backend == "cpu":
                    cmd, env = cpu_server_command(config, path_str, port), _cpu_env()
                else:
                    cmd = sglang_server_command(config, path_str, port)
                    env = _sglang_env(config, i)
                url = f"http://{config.host}:{port}"
                servers.append(
                    _Launched(
                        cmd,
                        url,
                        logs / f"server-{i}.log",
                        env,
                        host=config.host,
                        port=port,
                        probe_timeout_s=config.health_probe_timeout_s,
                    )
                )
            for s in servers:
                await s.start()
            with collapse_errors():
                async with trio.open_nursery() as nursery:
                    for s in servers:
                        nursery.start_soon(s.wait_healthy, http, config.health_timeout_s)

            by_url = {s.url: s for s in servers}

            async def restart(url: str) -> str:
                """Stop what is left of the server at ``url`` and start it again: on the same
                port once that is free, else on a fresh one. Returns its (new) URL; callers
                racing for the same server get one restart, not one each."""
                s = by_url[url]
                async with s.lock:
                    if s.url != url or await s.answers(http):  # restarted meanwhile
                        return s.url
                    await s.stop()
                    if _port_in_use(s.host, s.port):
                        s.move_to(free_port(s.host))
                    with s.log_path.open("a", encoding="utf-8") as log:
                        log.write(f"--- restarting on {s.url} ---\n")
                    await s.start()
                    await s.wait_healthy(http, config.health_timeout_s)
                    by_url[s.url] = s
                    return s.url

            result = PolicyServers([s.url for s in servers])
            result.restart = restart
            result.vocab_size = await trio.to_thread.run_sync(model_vocab_size, path_str)
            result.log_paths = [s.log_path for s in servers]
            result._launched = servers
            yield result
        finally:
            with trio.CancelScope(shield=True):
                for s in servers:
                    await s.stop()


def model_vocab_size(model_path: str | os.PathLike[str]) -> int | None:
    """The vocabulary size (embedding rows) in a local checkpoint's ``config.json``.

    Reads ``vocab_size``, or ``text_config.vocab_size`` for multimodal configs. Returns ``None``
    when ``model_path`` is not a local directory with a readable ``config.json`` (a hub id, a
    path only the servers see) or it names no size: then nothing is checked.
    """
    try:
        raw = json.loads((Path(model_path) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    for section in (raw, raw.get("text_config")):
        if isinstance(section, dict):
            v = section.get("vocab_size")
            if isinstance(v, int) and not isinstance(v, bool) and v > 0:
                return v
    return None


def _check_model(config: PolicyConfig, path: str) -> None:
    """CPU: the path must be a causal-LM checkpoint. SGLang may take a hub id; check paths."""
    from engine.inference.models import check_model_path

    if config.backend == "cpu" or os.path.exists(path) or path.startswith(("/", ".")):
        check_model_path(path)


def _cpu_env() -> dict[str, str]:
    """The CPU server's environment: one intra-op thread unless the caller set otherwise."""
    env = dict(os.environ)
    env.setdefault("OMP_NUM_THREADS", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    return env
