"""The trio side of the learner: spawn the ranks, talk to rank 0, sync weights to servers.

Nothing here runs torch or a collective: the event loop only writes and reads msgpack frames
on a local TCP socket, and waits on child processes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import msgspec
import trio

from engine.config import LearnerConfig
from engine.errors import (
    ConfigError,
    EngineError,
    LearnerError,
    ModelError,
    WeightSyncError,
    WorkerDied,
)
from engine.inference._weight_group import FLATTENED_BUCKET
from engine.learner import _protocol as P
from engine.learner._batch import validate_sample
from engine.learner._protocol import WorkerSpec
from engine.learner._torchrun import check_torchrun, node_command
from engine.learner._worker import WEIGHTS_FILE
from engine.messages import TrainingSample, WeightsUpdated

__all__ = ["LearnerHandle", "WeightsClient", "start_learner"]

_LOG_TAIL_LINES = 20
_GROUP = "weight_update_group"


class WeightsClient(Protocol):
    """What ``sync_weights`` needs of a policy client (``engine.inference.PolicyClient``)."""

    async def update_weights_from_disk(self, path: str, version: int) -> Any:
        """Make every server load the weights in ``path`` as ``version``; per-server results
        (objects or mappings with ``success`` and optionally ``version``/``checksum``)."""
        ...


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tail(path: Path, lines: int = _LOG_TAIL_LINES) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            tail = "".join(deque(f, maxlen=lines))
    except OSError:
        return "<no log>"
    # a rank that wrote nothing yet was still importing torch or loading the model
    return tail if tail.strip() else "<the log is empty: the rank had not started its work>"


def _field(result: Any, *names: str) -> Any:
    """A field of a per-server result: a Struct/object attribute or a mapping key."""
    for name in names:
        if isinstance(result, Mapping) and name in result:
            return result[name]
        if hasattr(result, name):
            return getattr(result, name)
    return None


class LearnerHandle:
    """A running learner group, as seen from the trio loop.

    Get one from ``start_learner``. Calls are serialised (one request in flight); a call
    cancelled partway leaves its reply to be drained by the next call, so the protocol stays in
    step. Every call raises ``WorkerDied`` if a rank exits.
    """

    def __init__(
        self,
        config: LearnerConfig,
        run_dir: Path,
        procs: list[trio.Process],
        logs: list[Path],
    ) -> None:
        self.config = config
        self.run_dir = run_dir
        self._procs = procs
        self._logs = logs
        self._ranks_are_procs = config.launcher == "local"
        """``procs[r]`` is rank ``r`` (local launcher); else procs are torchrun agents."""
        self._manifest: P.WeightsManifest | None = None
        self._broadcast_failed = False
        self.broadcast_error = ""
        """Why the broadcast sync fell back to disk ("" while it works)."""
        self.joins: dict[int, P.Join] = {}
        """Every rank's ``Join``: node, host and pid."""
        self._peers: dict[int, trio.SocketStream] = {}
        self._lost: dict[int, float] = {}
        self._stream: trio.SocketStream | None = None
        self._buf = bytearray()
        self._lock = trio.Lock()
        self._pending = 0
        self._dead: WorkerDied | None = None
        self._last_sync: WeightsUpdated | None = None
        self.hello: P.Hello | None = None
        self.policy_version = 0
        """Weight version of the learner (optimizer steps applied, restored on resume)."""
        self.synced_version = -1
        """Last version every policy server confirmed (-1 before the first sync)."""
        self.last_sync_seconds: dict[str, float] = {}
        """Where the last sync's time went (seconds): gather, write (incl. CRC-32) on the
        ranks, ranks_roundtrip (both plus the socket), server_reload, verify."""

    # ------------------------------------------------------------------ public API

    async def train_step(self, samples: Sequence[TrainingSample]) -> P.StepReport:
        """One GRPO step (or ``minibatches`` steps) on ``samples``; SFT samples use NLL.

        Args:
            samples: the batch (any size; spread over the ranks).

        Returns:
            ``StepReport``. Stale samples are dropped and counted; an empty or all-zero-
            advantage batch is skipped (``skipped="empty"``/``"zero_advantage"``); a non-finite
            loss or gradient skips the update (``skipped="nan_loss"``), keeps the weights and
            names the batch's groups and where it was written.

        Raises:
            ValueError: a sample's fields differ in length.
            WorkerDied: a rank exited (the last checkpoint is left intact).
        """
        for s in samples:
            validate_sample(s)
        reply = await self._call(P.TrainRequest(samples=list(samples)), P.StepReport)
        self.policy_version = reply.policy_version
        return reply

    async def sft(self, samples: Sequence[TrainingSample], epochs: int = 1) -> P.StepReport:
        """Maximum-likelihood training over ``samples`` (masked tokens) for ``epochs`` epochs.

        Batches of ``config.batch_size``, shuffled per epoch with the configured seed; one
        optimizer step per batch. ``loss`` is the mean NLL per token over the last epoch.

        Raises:
            ValueError: a sample's fields differ in length.
            WorkerDied: a rank exited.
        """
        for s in samples:
            validate_sample(s)
        reply = await self._call(P.SftRequest(samples=list(samples), epochs=epochs), P.StepReport)
        self.policy_version = reply.policy_version
        return reply

    async def logprobs(self, samples: Sequence[TrainingSample]) -> list[list[float]]:
        """Token logprobs of each sample's ``input_ids`` under the current weights.

        Returns:
            One list per sample, aligned with ``input_ids`` (position 0 is 0.0).

        Raises:
            WorkerDied: a rank exited.
        """
        reply = await self._call(P.LogprobsRequest(samples=list(samples)), P.LogprobsReply)
        return reply.logprobs

    async def write_weights(self) -> P.WeightsWritten:
        """Gather the full state dict on rank 0 and write ``run_dir/weights/v<version>/``.

        The directory holds ``model.safetensors`` (tied ``lm_head.weight`` dropped), the
        model's ``config.json`` and tokenizer files, and ``checksum.crc32``. Writing the same
        version twice returns the first write.

        Raises:
            WorkerDied: a rank exited.
        """
        return await self._call(P.SyncRequest(), P.WeightsWritten)

    async def sync_weights(self, client: WeightsClient) -> WeightsUpdated:
        """Write the current weights and make every policy server load them.

        Calls ``client.update_weights_from_disk(path, version=...)`` and checks every
        per-server result: it must report success, the same version (when it reports one) and
        the checksum of the file written (when it reports one). When the client has
        ``weight_versions()`` (``PolicyClient``), every server must then report the new version;
        the file must still be the one checksummed (same size and mtime). Only then is
        ``WeightsUpdated`` returned. The checksum is the CRC-32 of ``model.safetensors``
        (``checksum.crc32`` in the directory).

        Returns:
            ``WeightsUpdated(version, path, checksum, seconds)``; ``seconds`` spans gather,
            write and every server's reload.

        Raises:
            WeightSyncError: a server failed, or reported another version or checksum.
            WorkerDied: a rank exited.
        """
        if self.config.weight_sync == "broadcast" and not self._broadcast_failed:
            broadcast = getattr(client, "update_weights_from_distributed", None)
            if broadcast is not None:
                update = await self._sync_by_broadcast(client)
                if update is not None:
                    return update
        t0 = time.perf_counter()
        written = await self.write_weights()
        if self._last_sync is not None and self._last_sync.version == written.version:
            return self._last_sync
        t1 = time.perf_counter()
        raw = await client.update_weights_from_disk(written.path, version=written.version)
        t2 = time.perf_counter()
        results = list(raw.values()) if isinstance(raw, Mapping) else list(raw or [])
        if not results:
            raise WeightSyncError(f"no policy server confirmed version {written.version}")
        for i, result in enumerate(results):
            ok = _field(result, "success", "ok")
            if ok is False:
                msg = _field(result, "message", "error")
                raise WeightSyncError(f"server {i} failed to load v{written.version}: {msg}")
            version = _field(result, "version", "weight_version")
            if version is not None and str(version) != str(written.version):
                raise WeightSyncError(
                    f"server {i} reports version {version}, expected {written.version}"
                )
            checksum = _field(result, "checksum")
            if checksum is not None and checksum != written.checksum:
                raise WeightSyncError(
                    f"server {i} reports checksum {checksum}, wrote {written.checksum}"
                )
        # Servers that only say "success" (SGLang, engine.serve) are asked for the version they
        # now serve.
        versions_of = getattr(client, "weight_versions", None)
        if versions_of is not None:
            served = await versions_of()
            wrong = {url: v for url, v in served.items() if str(v) != str(written.version)}
            if wrong or not served:
                raise WeightSyncError(
                    f"servers do not all serve version {written.version}: {served}"
                )
        # The file the servers read is the one rank 0 checksummed: same size, same mtime
        # (a full re-hash would cost as much as the write; see bench_learner).
        st = await trio.Path(written.path, WEIGHTS_FILE).stat()
        if (st.st_size, st.st_mtime_ns) != (written.size_bytes, written.mtime_ns):
            raise WeightSyncError(
                f"{written.path}: weights changed on disk after checksum {written.checksum}"
            )
        t3 = time.perf_counter()
        self.last_sync_seconds = {
            "gather": written.gather_seconds,
            "write": written.write_seconds,
            "ranks_roundtrip": t1 - t0,
            "server_reload": t2 - t1,
            "verify": t3 - t2,
        }
        update = WeightsUpdated(
            version=written.version, path=written.path, checksum=written.checksum, seconds=t3 - t0
        )
        self._last_sync = update
        self.synced_version = written.version
        return update

    async def _sync_by_broadcast(self, client: Any) -> WeightsUpdated | None:
        """SGLang's broadcast sync: join the servers and rank 0 in one weight-update group
        (first call; the group then stays for every later sync), then per version: rank 0
        streams the weights in flattened buckets of at most ``broadcast_bucket_mb``
        (``Worker.broadcast_weights``) while each bucket is announced to every server by one
        ``/update_weights_from_distributed`` with ``load_format="flattened_bucket"`` (the last
        one carries ``weight_version`` and flushes the cache). That last call's reply is the
        confirmation: success and, where the server names it (``engine.serve``), the version;
        no separate version query.

        Returns:
            The update, or ``None`` when the group could not be formed (the caller syncs by
            disk, now and from then on; the reason is logged in ``last_sync_seconds``' place:
            ``broadcast_error``).

        Raises:
            WeightSyncError: a server failed to receive or load the weights.
            WorkerDied: a rank exited.
        """
        cfg = self.config
        t0 = time.perf_counter()
        if self._manifest is None:
            policy = getattr(client, "config", None)
            per_server = 1
            if policy is not None and getattr(policy, "backend", "") == "sglang":
                per_server = int(policy.tp_size)
            urls = list(getattr(client, "urls", []))
            world = 1 + per_server * len(urls)
            port = cfg.broadcast_port or _free_port()
            cpu = self.hello is None or self.hello.device == "cpu"
            backend = "gloo" if cpu else "nccl"
            timeout_s = min(60.0, cfg.collective_timeout_s)
            manifest: P.WeightsManifest | None = None
            problem = ""

            async def rank0() -> None:
                nonlocal manifest
                manifest = await self._call(
                    P.InitWeightsGroupRequest(
                        master_address=cfg.broadcast_address,
                        master_port=port,
                        world_size=world,
                        group_name=_GROUP,
                        backend=backend,
                        timeout_s=timeout_s,
                        bucket_bytes=int(cfg.broadcast_bucket_mb * (1 << 20)),
                    ),
                    P.WeightsManifest,
                )

            async def servers() -> None:
                nonlocal problem
                try:
                    await client.init_weights_update_group(
                        cfg.broadcast_address,
                        port,
                        [1 + i * per_server for i in range(len(urls))],
                        world,
                        group_name=_GROUP,
                        backend=backend,
                    )
                except (EngineError, OSError) as exc:
                    problem = str(exc)

            async with trio.open_nursery() as nursery:
                nursery.start_soon(rank0)
                nursery.start_soon(servers)
            assert manifest is not None
            if manifest.error or problem:
                self._broadcast_failed = True
                self.last_sync_seconds = {}
                self.broadcast_error = problem or manifest.error
                return None
            self._manifest = manifest
        manifest = self._manifest
        version = self.policy_version
        if self._last_sync is not None and self._last_sync.version == version:
            return self._last_sync
        t1 = time.perf_counter()
        sent: P.WeightsBroadcast | None = None

        async def send() -> None:
            nonlocal sent
            sent = await self._call(P.BroadcastWeightsRequest(), P.WeightsBroadcast)

        results: Any = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(send)
            first = 0
            try:
                for b, count in enumerate(manifest.buckets):
                    last = b == len(manifest.buckets) - 1
                    idx = range(first, first + count)
                    first += count
                    results = await client.update_weights_from_distributed(
                        [manifest.names[i] for i in idx],
                        [manifest.dtypes[i] for i in idx],
                        [manifest.shapes[i] for i in idx],
                        version=version if last else None,
                        group_name=_GROUP,
                        flush_cache=last,
                        load_format=FLATTENED_BUCKET,
                    )
            except EngineError as exc:
                raise WeightSyncError(f"broadcast of v{version} failed: {exc}") from exc
        # The last call's reply is the confirmation: success, and (engine.serve) the version now
        # served; SGLang answers success only, having set the request's version.
        wrong = {
            _field(r, "url"): v
            for r in results or []
            if (v := _field(r, "weight_version")) is not None and str(v) != str(version)
        }
        if wrong:
            raise WeightSyncError(f"servers report {wrong} after broadcasting v{version}")
        assert sent is not None
        t2 = time.perf_counter()
        self.last_sync_seconds = {
            "group_init": t1 - t0,
            "gather": sent.gather_seconds,
            "broadcast": sent.broadcast_seconds,
            "ranks_roundtrip": t2 - t1,
        }
        update = WeightsUpdated(version=version, path="", checksum="", seconds=t2 - t0)
        self._last_sync = update
        self.synced_version = version
        return update

    async def save_checkpoint(self) -> P.CheckpointSaved:
        """Write ``run_dir/checkpoints/step_<N>/`` (sharded model + optimizer via
        ``torch.distributed.checkpoint``, per-rank RNG states, step and policy version).

        The directory is written under a temporary name and renamed when complete, so a crash
        mid-save leaves the previous checkpoint as the latest one. A later ``start_learner`` on
        the same ``run_dir`` resumes from it.

        Raises:
            WorkerDied: a rank exited.
        """
        return await self._call(P.SaveCheckpointRequest(), P.CheckpointSaved)

    def statistics(self) -> dict[str, Any]:
        """Process ids and exit codes of the ranks (for logs)."""
        return {
            "pids": [p.pid for p in self._procs],
            "returncodes": [p.returncode for p in self._procs],
        }

    # ------------------------------------------------------------------ wire

    async def _send(self, message: msgspec.Struct) -> None:
        assert self._stream is not None
        await self._stream.send_all(P.frame(message))

    async def _read_exact(self, n: int) -> bytes:
        assert self._stream is not None
        while len(self._buf) < n:
            chunk = await self._stream.receive_some(1 << 20)
            if not chunk:
                raise EOFError("rank 0 closed the learner socket")
            self._buf += chunk
        out = bytes(self._buf[:n])
        del self._buf[:n]
        return out

    async def _recv(self) -> P.Reply:
        header = await self._read_exact(P.HEADER_SIZE)
        return P.decode_reply(await self._read_exact(P.body_size(header)))

    async def _any_exit(self) -> None:
        """Return as soon as any rank process (or torchrun agent) has exited or any rank's
        connection has closed."""
        async with trio.open_nursery() as nursery:

            async def wait_one(proc: trio.Process) -> None:
                await proc.wait()
                nursery.cancel_scope.cancel()

            async def watch_peer(rank: int, stream: trio.SocketStream) -> None:
                try:
                    data = await stream.receive_some(1 << 10)
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                    data = b""
                if not data:  # ranks other than 0 never write: this is EOF
                    self._lost.setdefault(rank, trio.current_time())
                    nursery.cancel_scope.cancel()

            for proc in self._procs:
                nursery.start_soon(wait_one, proc)
            for rank, stream in self._peers.items():
                if rank not in self._lost:
                    nursery.start_soon(watch_peer, rank, stream)
            if not self._procs and not self._peers:
                await trio.sleep_forever()

    async def _watch(self, scope: trio.CancelScope) -> None:
        await self._any_exit()
        scope.cancel()

    async def _call(self, request: msgspec.Struct, expect: type[Any]) -> Any:
        if self._dead is not None:
            raise self._dead
        async with self._lock:
            reply: Any = None
            failure: BaseException | None = None
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._watch, nursery.cancel_scope)
                try:
                    while self._pending:  # a cancelled call's reply is still on the wire
                        await self._recv()
                        self._pending -= 1
                    await self._send(request)
                    self._pending += 1
                    reply = await self._recv()
                    self._pending -= 1
                except (
                    EOFError,
                    OSError,
                    trio.BrokenResourceError,
                    trio.ClosedResourceError,
                ) as exc:
                    failure = exc
                nursery.cancel_scope.cancel()
            if reply is None:
                raise await self._died(failure)
        if not isinstance(reply, expect):
            raise LearnerError(
                f"rank 0 answered {type(reply).__name__} to {type(request).__name__}"
            )
        return reply

    async def _died(self, cause: BaseException | None) -> WorkerDied:
        if cause is not None:
            self._lost.setdefault(0, trio.current_time())
        # Give the other ranks a moment to notice and exit, then name the one that went first.
        with trio.move_on_after(3.0):
            await self._any_exit()
            await trio.sleep(0.5)
        rank: int | None = None
        exited: list[tuple[int, int]] = []
        if self._ranks_are_procs:
            exited = [
                (r, p.returncode) for r, p in enumerate(self._procs) if p.returncode is not None
            ]
            # A rank killed by a signal (negative code) is the likelier culprit than one that
            # raised because its peer vanished.
            exited.sort(key=lambda rc: (rc[1] >= 0, rc[0]))
        if exited:
            rank, code = exited[0]
            how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
            desc = f"rank {rank}{self._where(rank)} exited ({how})"
        elif self._lost:
            rank = min(self._lost, key=lambda r: (self._lost[r], r))
            desc = (
                f"rank {rank}{self._where(rank)} closed its connection (the process died or "
                "its node is unreachable)"
            )
        else:
            stopped = [p.returncode for p in self._procs if p.returncode is not None]
            desc = (
                f"torchrun on node 0 exited (exit code {stopped[0]})"
                if stopped
                else "the socket to rank 0 broke while every rank still runs"
            )
        others = ", ".join(f"rank {r}: {c}" for r, c in exited[1:])
        shown = rank if rank is not None else 0
        log_path = self._logs[shown] if shown < len(self._logs) else self._logs[-1]
        tail = _tail(log_path)
        self._dead = WorkerDied(
            f"learner {desc}{'; also ' + others if others else ''}"
            f"{f' [{cause}]' if cause else ''}; last log lines of rank {shown} "
            f"({log_path}):\n{tail}"
        )
        self._dead.rank = shown  # type: ignore[attr-defined]
        self._dead.node = self.joins[shown].node_rank if shown in self.joins else 0  # type: ignore[attr-defined]
        return self._dead

    def _where(self, rank: int) -> str:
        """`` on node N (host, pid P)`` for a rank that joined, else ``""``."""
        join = self.joins.get(rank)
        if join is None:
            return ""
        return f" on node {join.node_rank} ({join.host}, pid {join.pid})"


async def _kill_all(procs: list[trio.Process], grace_s: float) -> None:
    with trio.move_on_after(grace_s):
        for p in procs:
            await p.wait()
    for p in procs:
        if p.poll() is None:
            p.kill()
    with trio.CancelScope(shield=True):
        for p in procs:
            await p.wait()


def rank_cuda_visible_devices(
    devices: Sequence[int], world_size: int, visible: str | None
) -> str | None:
    """``CUDA_VISIBLE_DEVICES`` for every rank when ``devices`` picks the learner's GPUs.

    Every rank sees the chosen physical devices in ``devices`` order, so rank ``r`` uses
    ``cuda:r`` (``LOCAL_RANK``) and NCCL sees its peers.

    Args:
        devices: indices into the engine's visible devices, one per rank; empty = no change.
        world_size: number of ranks.
        visible: the engine's ``CUDA_VISIBLE_DEVICES`` (``None``: all devices, by index).

    Returns:
        The value to set, or ``None`` to leave the environment as it is.

    Raises:
        ConfigError: not one device per rank, a repeated device, or an index past the visible
            list.
    """
    if not devices:
        return None
    if len(devices) != world_size or len(set(devices)) != len(devices):
        raise ConfigError(
            f"learner.devices = {list(devices)}: need {world_size} distinct devices, one per rank"
        )
    if visible is None or not visible.strip():
        return ",".join(str(d) for d in devices)
    physical = [v.strip() for v in visible.split(",") if v.strip()]
    if max(devices) >= len(physical):
        raise ConfigError(
            f"learner.devices = {list(devices)}: CUDA_VISIBLE_DEVICES={visible!r} has only "
            f"{len(physical)} devices"
        )
    return ",".join(physical[d] for d in devices)


def _prepare_dirs(
    model_path: str | os.PathLike[str], run_dir: str | os.PathLike[str]
) -> tuple[Path, Path, str]:
    model = Path(model_path).resolve()
    run = Path(run_dir).resolve()
    if not (model / "config.json").is_file():
        raise ModelError(f"{model}: not a Hugging Face model directory (no config.json)")
    (run / "logs").mkdir(parents=True, exist_ok=True)
    return model, run, str(Path(__file__).resolve().parents[2])


def _keepalive(stream: trio.SocketStream) -> None:
    """Notice a vanished host (no FIN) within about 25 s: TCP keepalive probes."""
    stream.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", 10), ("TCP_KEEPINTVL", 5), ("TCP_KEEPCNT", 3)):
        if hasattr(socket, name):
            stream.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)


async def _spawn(argv: list[str], env: dict[str, str], log_path: Path) -> trio.Process:
    log_file = await trio.to_thread.run_sync(open, log_path, "ab")
    with log_file:
        # Own session: a signal to the engine's process group (a terminal's Ctrl-C, `timeout`,
        # Slurm's or systemd's SIGTERM) reaches the engine alone, which drains (last batch,
        # sync, checkpoint) and then stops the ranks; a rank must not die of it mid-collective.
        # A killed engine is noticed by each rank's parent watch.
        return await trio.lowlevel.open_process(
            argv,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )


async def _accept_ranks(
    handle: LearnerHandle, listener: trio.SocketListener, spec: WorkerSpec
) -> trio.SocketStream | None:
    """Accept every rank's connection, read its ``Join``, answer ``Start(spec)``; return rank
    0's stream (``None`` if a rank or agent exited first)."""
    world = handle.config.world_size
    streams: dict[int, trio.SocketStream] = {}
    async with trio.open_nursery() as nursery:
        nursery.start_soon(handle._watch, nursery.cancel_scope)
        while len(streams) < world:
            stream = await listener.accept()
            _keepalive(stream)
            handle._stream, handle._buf = stream, bytearray()
            try:
                with trio.fail_after(60):
                    join = await handle._recv()
            except (trio.TooSlowError, EOFError, OSError, msgspec.DecodeError):
                await stream.aclose()
                continue  # not a rank (a port scan, a stray client): keep listening
            if not isinstance(join, P.Join) or join.world_size != world or join.rank in streams:
                await stream.aclose()
                raise LearnerError(
                    f"learner control port: unexpected {join!r} (learner.world_size = {world}); "
                    "is another run's torchrun pointed at this engine?"
                )
            await stream.send_all(P.frame(P.Start(spec=spec)))
            streams[join.rank] = stream
            handle.joins[join.rank] = join
        nursery.cancel_scope.cancel()
    handle._stream, handle._buf = None, bytearray()
    if len(streams) < world:
        for stream in streams.values():
            await stream.aclose()
        return None
    handle._peers = {r: s for r, s in streams.items() if r != 0}
    return streams[0]


@asynccontextmanager
async def start_learner(
    config: LearnerConfig,
    model_path: str | os.PathLike[str],
    run_dir: str | os.PathLike[str],
    *,
    python: str = sys.executable,
) -> AsyncIterator[LearnerHandle]:
    """Start (or attach to) ``config.world_size`` learner ranks and yield a handle to them.

    With ``config.launcher = "local"`` every rank is a child process ``python -m
    engine.learner._rank`` with torchrun's variables (``RANK = LOCAL_RANK = r``) and a file
    rendezvous. With ``"torchrun"`` the engine starts node 0's torchrun (``node_command``),
    unless ``config.attach``, and every other node runs its own (``--dry-run`` prints them).
    Either way every rank connects to the engine's control listener, rank 0's connection
    carries the requests, and a connection that closes names its rank and node. Each rank
    loads ``model_path`` (a Hugging Face causal-LM directory), shards it with FSDP2 and, when
    ``run_dir/checkpoints`` holds a complete checkpoint, resumes from the latest one (any world
    size or node count). With ``config.devices``, every local rank sees only the learner's GPUs
    (``CUDA_VISIBLE_DEVICES``). Rank logs go to ``run_dir/logs/learner.rank<r>.log`` (and node
    0's torchrun output to ``learner.node0.log``). On exit the ranks are asked to stop, and
    killed after a grace period.

    Args:
        config: the ``[learner]`` section.
        model_path: Hugging Face model directory (``config.json`` + safetensors), at the same
            path on every node.
        run_dir: the run directory (weights/, checkpoints/, logs/ are created in it); a
            filesystem every node shares.
        python: interpreter that runs the ranks (or node 0's torchrun).

    Raises:
        ConfigError: ``config.devices`` does not name one visible device per rank; a node
            layout ``check_torchrun`` rejects.
        ModelError: ``model_path`` holds no ``config.json``.
        WorkerDied: a rank exited while starting (its last log lines in the message).
        LearnerError: the ranks did not connect within ``config.start_timeout_s``.
    """
    check_torchrun(config)
    local = config.launcher == "local"
    per_node = config.world_size // config.nnodes
    cuda_visible = rank_cuda_visible_devices(
        config.devices, per_node, os.environ.get("CUDA_VISIBLE_DEVICES")
    )
    model_dir, run_path, repo_root = await trio.to_thread.run_sync(
        _prepare_dirs, model_path, run_dir
    )
    host = "127.0.0.1" if local else config.control_host
    listeners = await trio.open_tcp_listeners(0 if local else config.control_port, host=host)
    listener = listeners[0]
    port = listener.socket.getsockname()[1]
    # File rendezvous (unique per start) for local ranks: no race for a TCP port with other
    # processes; torchrun's static rendezvous (env://) otherwise.
    init_file = run_path / "logs" / f".learner-rendezvous-{os.getpid()}-{time.monotonic_ns()}"
    spec = WorkerSpec(
        config=config,
        model_path=str(model_dir),
        run_dir=str(run_path),
        init_method=f"file://{init_file}" if local else "env://",
        log_to_file=not local,
    )
    procs: list[trio.Process] = []
    logs = [run_path / "logs" / f"learner.rank{r}.log" for r in range(config.world_size)]
    handle: LearnerHandle | None = None
    base_env = dict(os.environ)
    base_env["PYTHONPATH"] = os.pathsep.join(filter(None, [repo_root, base_env.get("PYTHONPATH")]))
    base_env.setdefault("OMP_NUM_THREADS", str(config.cpu_threads_per_rank))
    if cuda_visible is not None:
        base_env["CUDA_VISIBLE_DEVICES"] = cuda_visible
    stream: trio.SocketStream | None = None
    try:
        if local:
            for rank in range(config.world_size):
                env = dict(base_env)
                env.update(
                    RANK=str(rank),
                    LOCAL_RANK=str(rank),
                    GROUP_RANK="0",
                    WORLD_SIZE=str(config.world_size),
                    LOCAL_WORLD_SIZE=str(config.world_size),
                    SPADE_LEARNER_CONTROL=f"127.0.0.1:{port}",
                    # the rank's parent watch: a rank whose engine died while it imported
                    # torch (reparented before the watch began) must leave, not wait to connect
                    SPADE_LEARNER_PARENT_PID=str(os.getpid()),
                )
                argv = [python, "-m", "engine.learner._rank"]
                procs.append(await _spawn(argv, env, logs[rank]))
        elif not config.attach:
            argv = node_command(config, 0, control=f"{host}:{port}", python=python)
            procs.append(await _spawn(argv, base_env, run_path / "logs" / "learner.node0.log"))
        handle = LearnerHandle(config, run_path, procs, logs)
        with trio.move_on_after(config.start_timeout_s):
            stream = await _accept_ranks(handle, listener, spec)
        await listener.aclose()
        if stream is None:
            if any(p.poll() is not None for p in procs) or handle._lost:
                raise await handle._died(None)
            raise LearnerError(
                f"learner ranks did not all connect within {config.start_timeout_s} s "
                f"({len(handle.joins)} of {config.world_size} joined); rank 0 log:"
                f"\n{_tail(logs[0])}"
            )
        handle._stream = stream
        hello: Any = None
        async with trio.open_nursery() as nursery:
            nursery.start_soon(handle._watch, nursery.cancel_scope)
            try:
                hello = await handle._recv()
            except (EOFError, OSError, trio.BrokenResourceError) as exc:
                hello = exc
            nursery.cancel_scope.cancel()
        if not isinstance(hello, P.Hello):
            raise await handle._died(hello if isinstance(hello, BaseException) else None)
        handle.hello = hello
        handle.policy_version = hello.policy_version
        try:
            yield handle
        finally:
            with trio.CancelScope(shield=True):
                if handle._dead is None and all(p.poll() is None for p in procs):
                    with trio.move_on_after(30):
                        try:
                            await handle._call(P.ShutdownRequest(), P.Bye)
                        except (LearnerError, OSError):
                            pass
    finally:
        with trio.CancelScope(shield=True):
            await listener.aclose()
            if handle is not None:
                # Ranks that said Bye leave their connections when they exit.
                if handle._dead is None and handle._peers:
                    with trio.move_on_after(10):
                        for peer in handle._peers.values():
                            while await _receive_or_eof(peer):
                                pass
                for peer in handle._peers.values():
                    await peer.aclose()
            if stream is not None:
                await stream.aclose()
            # Ranks that said Bye exit on their own; after a death the rest may hang in a
            # collective, so they are killed at once.
            dead = handle is not None and handle._dead is not None
            await _kill_all(procs, grace_s=0.0 if dead else 10.0)
            await trio.Path(init_file).unlink(missing_ok=True)


async def _receive_or_eof(stream: trio.SocketStream) -> bytes:
    try:
        return await stream.receive_some(1 << 10)
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        return b""
