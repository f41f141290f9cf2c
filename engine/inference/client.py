"""``PolicyClient``: an async (trio) httpx client for SGLang's native HTTP API.

Request and response fields are SGLang 0.5.23's (``sglang/srt/entrypoints/http_server.py``,
``sglang/srt/managers/io_struct.py``, ``sglang/srt/managers/tokenizer_manager.py``); responses
are decoded by typed msgspec structs built once, so a malformed answer raises
``PolicyDecodeError`` naming the field (``... - at `$.meta_info.completion_tokens```). The same
client talks to ``engine.serve`` on CPU.

Several servers are load-balanced by outstanding requests. Connection errors and 5xx answers
are retried with exponential backoff on the least-loaded healthy server; a server that fails
more than ``config.retries`` times in a row is marked unhealthy and its traffic goes to the
others; an unhealthy server is re-probed (``GET /health``, ``config.health_probe_timeout_s``
timeout: SGLang's ``/health`` runs a one-token generation and takes >= 1 s) at most every 2 s
when a request is routed, and rejoins when it answers. When no healthy server is left, servers the
engine launched are restarted (the ``restart`` hook of ``launch_policy_servers``' result; one
restart at a time, and the restarted server reloads the last weights every server confirmed)
and the others are re-probed; failing that, the call raises
``PolicyUnavailable`` naming every URL and its last error. Every call has a deadline
(``config.request_timeout_s``); all calls can be cancelled (trio cancellation).

Token ids are checked against the model's vocabulary before they are sent: SGLang 0.5.23's
scheduler crashes (the whole server exits) on an out-of-vocabulary id, where ``engine.serve``
answers 400.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, Protocol

import httpx
import msgspec
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyError, PolicyHTTPError, PolicyUnavailable
from engine.inference._http11 import LeanHTTP, LeanHTTPError, lean_ok
from engine.inference._wire import (
    GENERATE,
    MODEL_INFO,
    SUCCESS,
    AdminResult,
    Generation,
    ModelInfo,
    PolicyClientStatistics,
    ServerStatistics,
    collapse_errors,
    decode,
    to_generation,
)

__all__ = [
    "AdminResult",
    "Generation",
    "ModelInfo",
    "PolicyClient",
    "PolicyClientStatistics",
    "ServerStatistics",
]


class _Server:
    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.healthy = True
        self.outstanding = 0
        self.requests = 0
        self.failures = 0  # consecutive
        self.restarts = 0
        self.last_error = ""
        self.next_probe = 0.0


class _Retryable(Exception):
    """A transport error or 5xx: the attempt may be retried elsewhere."""


class _Reply(Protocol):
    """What the client reads of an answer: ``httpx.Response`` or :class:`_LeanReply`."""

    @property
    def status_code(self) -> int: ...
    @property
    def content(self) -> bytes: ...
    @property
    def text(self) -> str: ...


class _LeanReply:
    """An answer of the lean path (``_http11``): status and body, nothing parsed further."""

    __slots__ = ("content", "status_code")

    def __init__(self, status_code: int, content: bytes) -> None:
        self.status_code = status_code
        self.content = content

    @property
    def text(self) -> str:
        """The body as text (UTF-8, undecodable bytes replaced), for error messages."""
        return self.content.decode("utf-8", "replace")


class PolicyClient:
    """Client of one or more SGLang-compatible policy servers; use as ``async with``.

    Args:
        urls: server base URLs (``http://127.0.0.1:30000``). A ``PolicyServers`` list from
            ``launch_policy_servers`` also carries the hook that restarts a dead server.
        config: the ``[policy]`` section (deadline, retries).
        transport: an httpx transport (tests pass ``httpx.MockTransport``).
        restart: async ``restart(url) -> url`` for servers the engine launched; defaults to
            ``urls.restart`` when present.
        vocab_size: the model's vocabulary size (embedding rows, ``config.json``'s
            ``vocab_size``): ``generate`` refuses ids outside ``[0, vocab_size)``. Defaults to
            ``urls.vocab_size`` (``launch_policy_servers`` reads it from the model path);
            ``None`` checks nothing.

    Raises:
        PolicyError: ``urls`` is empty.
    """

    def __init__(
        self,
        urls: Sequence[str],
        config: PolicyConfig,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        restart: Callable[[str], Awaitable[str]] | None = None,
        vocab_size: int | None = None,
    ) -> None:
        if not urls:
            raise PolicyError("PolicyClient needs at least one server URL")
        self.config = config
        self._servers = [_Server(u) for u in urls]
        self._restart = restart if restart is not None else getattr(urls, "restart", None)
        self.vocab_size: int | None = (
            vocab_size if vocab_size is not None else getattr(urls, "vocab_size", None)
        )
        self._revive_lock = trio.Lock()
        self._weights: dict[str, Any] | None = None
        """Body of the last weight update every server confirmed: a restarted server (which
        starts on the base weights) loads it again before it takes traffic."""
        timeout = httpx.Timeout(
            config.request_timeout_s, connect=min(5.0, config.request_timeout_s)
        )
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=64)
        self._http = httpx.AsyncClient(timeout=timeout, limits=limits, transport=transport)
        # POST /generate over pooled keep-alive sockets (engine/inference/_http11.py) when no
        # custom transport, TLS or proxy is involved; everything else goes through httpx.
        self._lean = LeanHTTP() if transport is None and all(map(lean_ok, urls)) else None
        self._rr = 0
        self._tokens = 0
        self._requests = 0
        self._retries = 0

    @property
    def urls(self) -> list[str]:
        """The server URLs, in order."""
        return [s.url for s in self._servers]

    async def __aenter__(self) -> PolicyClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool."""
        if self._lean is not None:
            await self._lean.aclose()
        await self._http.aclose()

    # ----------------------------------------------------------------- routing

    async def _pick(self) -> _Server:
        """The healthy server with the fewest outstanding requests (ties: round robin)."""
        now = trio.current_time()
        for s in self._servers:
            if not s.healthy and s.next_probe <= now:
                # callers routed during the probe do not probe again
                s.next_probe = now + self.config.health_probe_timeout_s + 2.0
                if await self._probe(s):
                    s.healthy, s.failures = True, 0
                else:
                    s.next_probe = trio.current_time() + 2.0
        healthy = [s for s in self._servers if s.healthy]
        if not healthy:
            await self._revive()
            healthy = [s for s in self._servers if s.healthy]
        if not healthy:
            raise PolicyUnavailable(f"no healthy policy server ({self._detail()})")
        self._rr += 1
        n = len(healthy)
        return min((healthy[(self._rr + i) % n] for i in range(n)), key=lambda s: s.outstanding)

    def _detail(self) -> str:
        """Every server with its state and last error, for error messages."""
        return "; ".join(
            f"{s.url}: {'healthy' if s.healthy else 'unhealthy'}, last error: {s.last_error or 'none'}"
            for s in self._servers
        )

    async def _probe(self, s: _Server) -> bool:
        """``GET /health`` answered 200 within ``config.health_probe_timeout_s``."""
        try:
            r = await self._http.get(f"{s.url}/health", timeout=self.config.health_probe_timeout_s)
        except httpx.HTTPError:
            return False
        return r.status_code == 200

    async def _revive(self, only: _Server | None = None) -> None:
        """Restart launched servers (or re-probe attached ones) that are marked unhealthy.

        One revival at a time: callers that find no healthy server together wait for the
        first one's restart instead of starting one each (they would fight for the port). A
        restarted server loads the last confirmed weights before it takes traffic.
        """
        async with self._revive_lock:
            for s in self._servers:
                if s.healthy or (only is not None and s is not only):
                    continue
                if await self._probe(s):  # back on its own, or restarted meanwhile
                    s.healthy, s.failures = True, 0
                    continue
                if self._restart is None:
                    continue
                # shielded: a caller's deadline must not leave a restarted server serving the
                # base weights; the launcher's health timeout bounds the restart
                try:
                    with trio.CancelScope(shield=True):
                        s.url = (await self._restart(s.url)).rstrip("/")
                        if self._weights is not None:
                            res = await self._admin_success(
                                s, "/update_weights_from_disk", self._weights, revive=False
                            )
                            if not res.success:
                                raise PolicyError(f"reloading {self._weights}: {res.message}")
                except PolicyError as exc:
                    s.last_error = f"restart failed: {exc}"
                    continue
                s.restarts += 1
                s.healthy, s.failures = True, 0

    def _failed(self, s: _Server, error: str) -> None:
        s.failures += 1
        s.last_error = error
        if s.failures > self.config.retries:
            s.healthy = False
            s.next_probe = trio.current_time() + 1.0

    async def _request(self, s: _Server, method: str, path: str, json: Any = None) -> _Reply:
        """One HTTP request; transport errors and 5xx become ``_Retryable``, 4xx raise."""
        url = f"{s.url}{path}"
        s.outstanding += 1
        s.requests += 1
        r: _Reply
        try:
            if self._lean is not None and method == "POST" and path == "/generate":
                r = _LeanReply(*await self._lean.post(url, msgspec.json.encode(json)))
            else:
                r = await self._http.request(method, url, json=json)
        except httpx.TransportError as exc:
            raise _Retryable(f"{type(exc).__name__}: {exc}".rstrip(": ")) from exc
        except LeanHTTPError as exc:
            raise _Retryable(f"{exc.kind}: {exc}".rstrip(": ")) from exc
        finally:
            s.outstanding -= 1
        if r.status_code >= 500:
            raise _Retryable(f"HTTP {r.status_code}: {r.text[:200]}")
        if r.status_code >= 400:
            raise PolicyHTTPError(url, r.status_code, r.text)
        return r

    async def _call(self, method: str, path: str, json: Any = None) -> tuple[_Server, _Reply]:
        """Send to the least-loaded healthy server, retrying with backoff on retryable errors."""
        deadline = self.config.request_timeout_s
        attempt = 0
        # trio.fail_after without its generator-based context manager (one per turn)
        with trio.CancelScope(deadline=trio.current_time() + deadline):
            while True:
                s = await self._pick()
                try:
                    r = await self._request(s, method, path, json)
                except _Retryable as exc:
                    self._failed(s, str(exc))
                    attempt += 1
                    self._retries += 1
                    if attempt > self.config.retries + len(self._servers):
                        raise PolicyUnavailable(
                            f"{path} failed after {attempt} attempts ({self._detail()})"
                        ) from exc.__cause__
                    await trio.sleep(min(0.05 * 2 ** (attempt - 1), 1.0))
                    continue
                s.failures = 0
                return s, r
        raise PolicyUnavailable(  # only reached when the deadline cancelled the scope
            f"no policy server answered {path} within {deadline:g} s ({self._detail()})"
        )

    # -------------------------------------------------------------- generation

    async def generate(
        self,
        input_ids: Sequence[int],
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop_token_ids: Sequence[int] | None = None,
        top_k: int = -1,
        sampling_seed: int | None = None,
        ignore_eos: bool = False,
        rid: str | None = None,
    ) -> Generation:
        """``POST /generate`` with token ids, returning tokens and their logprobs.

        Args:
            input_ids: the prompt, shape ``(L,)``.
            max_new_tokens: most tokens to generate.
            temperature: sampling temperature (0 = greedy).
            top_p: nucleus mass kept, in (0, 1].
            stop_token_ids: extra token ids that end generation (EOS always does).
            top_k: most candidates kept (-1 = all).
            sampling_seed: per-request sampling seed, or ``None``. ``engine.serve`` always
                honours it; SGLang 0.5.23 ignores it unless the server runs with
                ``--enable-deterministic-inference`` (the launcher adds that flag in
                ``run.deterministic`` mode; attached servers need it on their own command line).
            ignore_eos: keep generating past end-of-sequence tokens.
            rid: request id (for ``abort_request``), or ``None`` for a server-made one.

        Returns:
            The ``Generation``.

        Raises:
            PolicyError: an id outside ``[0, vocab_size)`` (nothing is sent; the message names
                the id, its position and the vocabulary size).
            PolicyUnavailable: no server answered within ``config.request_timeout_s``.
            PolicyHTTPError: a 4xx answer (bad request: unknown sampling key, bad ids).
            PolicyDecodeError: the answer did not match SGLang's response schema.
        """
        self.check_ids(input_ids)
        return await self._generate(
            {"input_ids": list(input_ids)},
            max_new_tokens=max_new_tokens,
            temperature=temperature,
            top_p=top_p,
            stop_token_ids=stop_token_ids,
            top_k=top_k,
            sampling_seed=sampling_seed,
            ignore_eos=ignore_eos,
            rid=rid,
        )

    def check_ids(self, input_ids: Sequence[int]) -> None:
        """Raise ``PolicyError`` if an id lies outside ``[0, vocab_size)``; no-op without one.

        SGLang 0.5.23 does not validate ids: an out-of-vocabulary id reaches the embedding
        lookup and its scheduler process dies, taking the server with it.
        """
        v = self.vocab_size
        if v is None or not input_ids or (min(input_ids) >= 0 and max(input_ids) < v):
            return  # min/max run in C: the common case costs no Python loop
        for i, t in enumerate(input_ids):
            if not 0 <= t < v:
                raise PolicyError(
                    f"token id {t} at position {i} is outside the vocabulary of size {v} "
                    f"(valid ids: 0..{v - 1}); not sent to the policy server"
                )

    async def generate_text(
        self,
        text: str,
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop_token_ids: Sequence[int] | None = None,
    ) -> Generation:
        """``POST /generate`` with a text prompt (the server tokenizes); see ``generate``."""
        return await self._generate(
            {"text": text},
            max_new_tokens=max_new_tokens,
            temperature=temperature,
            top_p=top_p,
            stop_token_ids=stop_token_ids,
        )

    async def _generate(
        self,
        prompt: dict[str, Any],
        *,
        max_new_tokens: int,
        temperature: float,
        top_p: float,
        stop_token_ids: Sequence[int] | None,
        top_k: int = -1,
        sampling_seed: int | None = None,
        ignore_eos: bool = False,
        rid: str | None = None,
    ) -> Generation:
        sp: dict[str, Any] = {
            "max_new_tokens": max_new_tokens,
            "temperature": temperature,
            "top_p": top_p,
        }
        if stop_token_ids:
            sp["stop_token_ids"] = list(stop_token_ids)
        if top_k != -1:
            sp["top_k"] = top_k
        if sampling_seed is not None:
            sp["sampling_seed"] = sampling_seed
        if ignore_eos:
            sp["ignore_eos"] = True
        body: dict[str, Any] = {**prompt, "sampling_params": sp, "return_logprob": True}
        if rid is not None:
            body["rid"] = rid
        s, r = await self._call("POST", "/generate", body)
        wire = decode(GENERATE, r.content, f"{s.url}/generate")
        g = to_generation(wire, s.url)
        self._tokens += g.completion_tokens
        self._requests += 1
        return g

    # ----------------------------------------------------------- server state

    async def _each(self, fn: Callable[[_Server], Awaitable[Any]]) -> list[Any]:
        """Run ``fn`` on every server concurrently; results in server order."""
        results: list[Any] = [None] * len(self._servers)

        async def one(i: int, s: _Server) -> None:
            results[i] = await fn(s)

        with collapse_errors(), trio.fail_after(self.config.request_timeout_s):
            async with trio.open_nursery() as nursery:
                for i, s in enumerate(self._servers):
                    nursery.start_soon(one, i, s)
        return results

    async def _admin(
        self, s: _Server, method: str, path: str, json: Any = None, *, revive: bool = True
    ) -> _Reply:
        """A control call to one server: retries transport errors, no failover; a launched
        server that stays unreachable is restarted once (``revive``) and asked again."""
        for attempt in range(self.config.retries + 1):
            try:
                return await self._request(s, method, path, json)
            except _Retryable as exc:
                s.last_error = str(exc)
                if attempt == self.config.retries:
                    if revive and self._restart is not None:
                        s.healthy = False
                        await self._revive(only=s)
                        if s.healthy:
                            return await self._admin(s, method, path, json, revive=False)
                    raise PolicyUnavailable(f"{s.url}{path}: {exc}") from exc.__cause__
                await trio.sleep(min(0.05 * 2**attempt, 1.0))
        raise AssertionError("unreachable")

    async def _broadcast(
        self, path: str, body: Any, *, check: bool = True, status_only: bool = False
    ) -> list[AdminResult]:
        """POST a control call to every server.

        Weight calls answer ``{"success", "message"}`` (decoded strictly); ``status_only``
        calls (abort, pause, continue, memory) answer an empty body, ``null`` or
        ``{"message", "status"}``, where any 2xx is success.
        """

        async def one(s: _Server) -> AdminResult:
            if not status_only:
                return await self._admin_success(s, path, body)
            try:
                r = await self._admin(s, "POST", path, body)
            except PolicyHTTPError as exc:
                return AdminResult(url=s.url, success=False, message=exc.body)
            return AdminResult(url=s.url, success=True, message=r.text[:500])

        results: list[AdminResult] = await self._each(one)
        if check and not all(r.success for r in results):
            bad = "; ".join(f"{r.url}: {r.message}" for r in results if not r.success)
            raise PolicyError(f"{path} failed on {bad}")
        return results

    async def health(self) -> dict[str, bool]:
        """``GET /health`` on every server (no retries); updates the healthy marks.

        Returns:
            ``{url: healthy}``.
        """

        async def one(s: _Server) -> bool:
            ok = await self._probe(s)
            s.healthy = ok
            if ok:
                s.failures = 0
            return ok

        return dict(zip(self.urls, await self._each(one), strict=True))

    async def health_generate(self) -> dict[str, bool]:
        """``GET /health_generate`` (the server runs a one-token generation) on every server."""

        async def one(s: _Server) -> bool:
            try:
                r = await self._http.get(f"{s.url}/health_generate")
            except httpx.HTTPError:
                return False
            return r.status_code == 200

        return dict(zip(self.urls, await self._each(one), strict=True))

    async def check_servers(self) -> dict[str, bool]:
        """Probe every server, restart dead launched ones; returns ``{url: healthy}``."""
        await self.health()
        await self._revive()
        return {s.url: s.healthy for s in self._servers}

    async def model_info(self, url: str | None = None) -> ModelInfo:
        """``GET /model_info`` of one server (the first by default).

        Raises:
            PolicyUnavailable, PolicyHTTPError, PolicyDecodeError.
        """
        s = self._server(url)
        r = await self._admin(s, "GET", "/model_info")
        return decode(MODEL_INFO, r.content, f"{s.url}/model_info")  # type: ignore[no-any-return]

    async def get_model_info(self, url: str | None = None) -> ModelInfo:
        """``GET /get_model_info`` (SGLang's deprecated name of ``/model_info``)."""
        s = self._server(url)
        r = await self._admin(s, "GET", "/get_model_info")
        return decode(MODEL_INFO, r.content, f"{s.url}/get_model_info")  # type: ignore[no-any-return]

    async def weight_versions(self) -> dict[str, str]:
        """``{url: weight_version}`` of every server (from ``/model_info``)."""

        async def one(s: _Server) -> str:
            info = await self.model_info(s.url)
            return "" if info.weight_version is None else str(info.weight_version)

        return dict(zip(self.urls, await self._each(one), strict=True))

    def _server(self, url: str | None) -> _Server:
        if url is None:
            return self._servers[0]
        for s in self._servers:
            if s.url == url.rstrip("/"):
                return s
        raise PolicyError(f"unknown server {url!r} (known: {self.urls})")

    async def flush_cache(self) -> list[AdminResult]:
        """``POST /flush_cache`` on every server (SGLang answers plain text)."""

        async def one(s: _Server) -> AdminResult:
            try:
                r = await self._admin(s, "POST", "/flush_cache")
            except PolicyHTTPError as exc:
                return AdminResult(url=s.url, success=False, message=exc.body)
            return AdminResult(url=s.url, success=True, message=r.text)

        results: list[AdminResult] = await self._each(one)
        return results

    async def abort_request(self, rid: str = "", *, abort_all: bool = False) -> None:
        """``POST /abort_request`` on every server (a request id, or all requests)."""
        await self._broadcast(
            "/abort_request", {"rid": rid, "abort_all": abort_all}, status_only=True
        )

    async def update_weights_from_disk(
        self,
        path: str,
        version: int | str,
        *,
        flush_cache: bool = True,
        abort_all_requests: bool = False,
        check: bool = True,
    ) -> list[AdminResult]:
        """``POST /update_weights_from_disk`` on every server, concurrently.

        SGLang (and ``engine.serve``) wait for in-flight requests to finish unless generation
        is paused, then load the new weights and report ``weight_version``.

        Args:
            path: checkpoint directory the servers can read (safetensors).
            version: the new weight version (sent as a string, as SGLang stores it).
            flush_cache: flush the prefix cache after loading.
            abort_all_requests: abort in-flight requests first instead of waiting.
            check: raise if any server reports failure.

        Returns:
            One ``AdminResult`` per server, in order.

        Raises:
            PolicyError: a server reported failure (with ``check``); PolicyUnavailable.
        """
        body = {
            "model_path": str(path),
            "weight_version": str(version),
            "flush_cache": flush_cache,
            "abort_all_requests": abort_all_requests,
        }
        results = await self._broadcast("/update_weights_from_disk", body, check=check)
        if all(r.success for r in results):
            self._weights = body
        return results

    async def update_weight_version(self, version: int | str) -> list[AdminResult]:
        """``POST /update_weight_version`` on every server (no weights move)."""
        body = {"new_version": str(version), "abort_all_requests": False}
        return await self._broadcast("/update_weight_version", body)

    async def init_weights_update_group(
        self,
        master_address: str,
        master_port: int,
        rank_offsets: Sequence[int],
        world_size: int,
        *,
        group_name: str = "weight_update_group",
        backend: str = "nccl",
    ) -> list[AdminResult]:
        """``POST /init_weights_update_group``: join every server to the trainer's NCCL group.

        Args:
            master_address: the trainer rank-0 host.
            master_port: its port.
            rank_offsets: each server's first rank in the group (one per server, in order).
            world_size: the group's size (trainer ranks + all server ranks).
            group_name: process-group name.
            backend: ``"nccl"`` (GPU).

        Raises:
            PolicyError: wrong number of offsets, or a server reported failure.
        """
        if len(rank_offsets) != len(self._servers):
            raise PolicyError(f"{len(rank_offsets)} rank offsets for {len(self._servers)} servers")
        offsets = dict(zip(self.urls, rank_offsets, strict=True))

        async def one(s: _Server) -> AdminResult:
            body = {
                "master_address": master_address,
                "master_port": master_port,
                "rank_offset": offsets[s.url],
                "world_size": world_size,
                "group_name": group_name,
                "backend": backend,
            }
            return await self._admin_success(s, "/init_weights_update_group", body)

        return await self._checked(await self._each(one), "/init_weights_update_group")

    async def _admin_success(
        self, s: _Server, path: str, body: Any, *, revive: bool = True
    ) -> AdminResult:
        try:
            r = await self._admin(s, "POST", path, body, revive=revive)
        except PolicyHTTPError as exc:
            try:
                w = SUCCESS.decode(exc.body)
            except msgspec.MsgspecError:
                return AdminResult(url=s.url, success=False, message=exc.body)
            return AdminResult(url=s.url, success=w.success, message=w.message)
        if not r.content:
            return AdminResult(url=s.url, success=True)
        w = decode(SUCCESS, r.content, f"{s.url}{path}")
        version = None if w.weight_version is None else str(w.weight_version)
        return AdminResult(url=s.url, success=w.success, message=w.message, weight_version=version)

    @staticmethod
    async def _checked(results: list[AdminResult], path: str) -> list[AdminResult]:
        if not all(r.success for r in results):
            bad = "; ".join(f"{r.url}: {r.message}" for r in results if not r.success)
            raise PolicyError(f"{path} failed on {bad}")
        return results

    async def update_weights_from_distributed(
        self,
        names: Sequence[str],
        dtypes: Sequence[str],
        shapes: Sequence[Sequence[int]],
        *,
        version: int | str | None = None,
        group_name: str = "weight_update_group",
        flush_cache: bool = True,
        load_format: str | None = None,
    ) -> list[AdminResult]:
        """``POST /update_weights_from_distributed``: servers receive tensors by NCCL broadcast.

        The caller broadcasts the tensors (in ``names`` order) from the trainer while this call
        is in flight: one broadcast per tensor, or with ``load_format="flattened_bucket"`` one
        ``uint8`` broadcast of all their bytes back to back (SGLang's ``FlattenedTensorBucket``).
        """
        body: dict[str, Any] = {
            "names": list(names),
            "dtypes": list(dtypes),
            "shapes": [list(s) for s in shapes],
            "group_name": group_name,
            "flush_cache": flush_cache,
        }
        if version is not None:
            body["weight_version"] = str(version)
        if load_format is not None:
            body["load_format"] = load_format
        return await self._broadcast("/update_weights_from_distributed", body)

    async def update_weights_from_tensor(
        self,
        serialized_named_tensors: Sequence[str],
        *,
        version: int | str | None = None,
        load_format: str | None = None,
        flush_cache: bool = True,
    ) -> list[AdminResult]:
        """``POST /update_weights_from_tensor``: base64 serialized tensors (one per TP rank)."""
        body: dict[str, Any] = {
            "serialized_named_tensors": list(serialized_named_tensors),
            "flush_cache": flush_cache,
        }
        if load_format is not None:
            body["load_format"] = load_format
        if version is not None:
            body["weight_version"] = str(version)
        return await self._broadcast("/update_weights_from_tensor", body)

    async def release_memory_occupation(self, tags: Sequence[str] | None = None) -> None:
        """``POST /release_memory_occupation`` on every server (``weights``, ``kv_cache``)."""
        await self._broadcast(
            "/release_memory_occupation",
            {"tags": None if tags is None else list(tags)},
            status_only=True,
        )

    async def resume_memory_occupation(self, tags: Sequence[str] | None = None) -> None:
        """``POST /resume_memory_occupation`` on every server."""
        await self._broadcast(
            "/resume_memory_occupation",
            {"tags": None if tags is None else list(tags)},
            status_only=True,
        )

    async def pause_generation(
        self, mode: Literal["abort", "retract", "in_place"] = "abort"
    ) -> None:
        """``POST /pause_generation`` on every server."""
        await self._broadcast("/pause_generation", {"mode": mode}, status_only=True)

    async def continue_generation(self) -> None:
        """``POST /continue_generation`` on every server."""
        await self._broadcast("/continue_generation", {}, status_only=True)

    def statistics(self) -> PolicyClientStatistics:
        """Per-server health and load, and the client's totals."""
        return PolicyClientStatistics(
            servers=[
                ServerStatistics(
                    url=s.url,
                    healthy=s.healthy,
                    outstanding=s.outstanding,
                    requests=s.requests,
                    failures=s.failures,
                    restarts=s.restarts,
                    last_error=s.last_error,
                )
                for s in self._servers
            ],
            generated_tokens=self._tokens,
            requests=self._requests,
            retries=self._retries,
        )
