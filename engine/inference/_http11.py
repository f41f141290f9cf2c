"""A lean HTTP/1.1 ``POST`` for the generation hot path: pooled keep-alive sockets.

``PolicyClient.generate`` is the engine's most frequent call (one per agent turn). Through
httpx + httpcore it costs ~0.7 ms of CPU per call (request/response objects, header models,
event-driven h11 parsing, per-request pool bookkeeping); a plain HTTP/1.1 exchange on a kept-
alive socket is ~0.1 ms. This module does only that exchange: ``POST`` a JSON body to a plain
``http://`` URL and read a ``Content-Length`` or chunked answer, reusing connections per
``(host, port)``. Everything else (TLS, proxies, redirects, other methods, admin calls, custom
transports in tests) stays on httpx; :func:`lean_ok` says when the client may use this path.

A connection is a plain non-blocking ``socket.socket`` (connected by ``trio.open_tcp_stream``,
then detached from its stream): a request is one ``send``, the answer ``recv`` calls after
``trio.lowlevel.wait_readable``, without ``SocketStream``'s per-call wrappers (conflict
detectors, a checkpoint before and after every operation), which were about a third of this
module's CPU per call. Every exchange waits for readability at least once, so it is always a
checkpoint (cancellable, and other tasks run).

Errors: :class:`LeanHTTPError` (the peer closed, sent something that is not HTTP/1.1, or the
connection failed: ``OSError`` is wrapped). The caller's trio deadline bounds every exchange; a
cancelled exchange closes its connection (never reused half-read). Wire format: RFC 9112
(HTTP/1.1 message syntax, §6 message body length, §7.1 chunked transfer coding).
"""

from __future__ import annotations

import socket
import urllib.parse
import urllib.request

import trio

__all__ = ["LeanHTTP", "LeanHTTPError", "lean_ok"]

_MAX_HEAD = 64 * 1024


class LeanHTTPError(Exception):
    """The exchange failed at the connection or HTTP syntax level (retryable).

    Attributes:
        kind: the name httpx gives the same failure (``ConnectError``, ``ReadError``,
            ``RemoteProtocolError``), so error messages read the same on both paths.
    """

    def __init__(self, message: str, kind: str = "RemoteProtocolError") -> None:
        super().__init__(message)
        self.kind = kind


def lean_ok(url: str) -> bool:
    """True when ``url`` is plain ``http://`` and no HTTP proxy applies to it (the environment's
    ``http_proxy``/``all_proxy``, as httpx would honour them)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        return False
    proxies = urllib.request.getproxies()
    if "http" in proxies or "all" in proxies:
        return bool(urllib.request.proxy_bypass(parts.hostname))
    return True


class LeanHTTP:
    """Keep-alive connections per ``(host, port)`` and one ``POST`` exchange on them.

    Args:
        max_idle: idle connections kept per server (more are closed after use).
    """

    def __init__(self, max_idle: int = 64) -> None:
        self._max_idle = max_idle
        self._idle: dict[tuple[str, int], list[socket.socket]] = {}
        self._targets: dict[str, tuple[str, int, bytes]] = {}

    def _target(self, url: str) -> tuple[str, int, bytes]:
        t = self._targets.get(url)
        if t is None:
            parts = urllib.parse.urlsplit(url)
            host, port = parts.hostname or "", parts.port or 80
            path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            netloc = host if parts.port is None else f"{host}:{port}"
            head = f"POST {path} HTTP/1.1\r\nHost: {netloc}\r\nContent-Type: application/json\r\n"
            t = self._targets[url] = (host, port, head.encode("ascii"))
        return t

    async def post(self, url: str, body: bytes) -> tuple[int, bytes]:
        """``POST body`` (JSON) to ``url``; returns ``(status, response body)``.

        A kept-alive connection the server closed meanwhile is retried once on a new one.

        Raises:
            LeanHTTPError: the connection failed or the answer is not HTTP/1.1.

        Cancellation: cancellable; the connection is then closed.
        """
        host, port, head = self._target(url)
        request = head + b"Content-Length: %d\r\n\r\n" % len(body) + body
        pool = self._idle.setdefault((host, port), [])
        while pool:
            sock = pool.pop()
            try:
                return await self._exchange(sock, request, pool)
            except _Stale:
                continue
        try:
            stream = await trio.open_tcp_stream(host, port)  # TCP_NODELAY set, non-blocking
        except OSError as exc:
            raise LeanHTTPError(f"connect to {host}:{port}: {exc}", "ConnectError") from exc
        sock = socket.socket(fileno=stream.socket.detach())
        sock.setblocking(False)
        try:
            return await self._exchange(sock, request, pool)
        except _Stale as exc:
            raise LeanHTTPError(f"{host}:{port} closed the connection before answering") from exc

    async def _exchange(
        self, sock: socket.socket, request: bytes, pool: list[socket.socket]
    ) -> tuple[int, bytes]:
        keep = False
        try:
            try:
                await _send_all(sock, request)
                status, body, keep = await _read_response(sock)
            except OSError as exc:  # reset, broken pipe: as trio's BrokenResourceError was
                raise _Stale() from exc
        finally:
            if keep and len(pool) < self._max_idle:
                pool.append(sock)
            else:
                sock.close()  # never blocks, also when cancelled
        return status, body

    async def aclose(self) -> None:
        """Close every idle connection."""
        for pool in self._idle.values():
            for sock in pool:
                sock.close()
            pool.clear()


class _Stale(Exception):
    """The peer closed or reset the connection (a stale keep-alive); retried once on a new
    connection."""


async def _send_all(sock: socket.socket, data: bytes) -> None:
    """Sends ``data`` on the non-blocking ``sock``, waiting for writability when its buffer is
    full (a request normally goes in one ``send``, without waiting)."""
    view = memoryview(data)
    while view:
        try:
            n = sock.send(view)
        except BlockingIOError:
            await trio.lowlevel.wait_writable(sock)
            continue
        view = view[n:]


async def _recv(sock: socket.socket, first: bool = False) -> bytes:
    """Up to 64 KiB from ``sock``; ``first``: wait for readability before trying (the server
    cannot have answered a request just sent, and the wait is this exchange's checkpoint)."""
    if first:
        await trio.lowlevel.wait_readable(sock)
    while True:
        try:
            return sock.recv(65536)
        except BlockingIOError:
            await trio.lowlevel.wait_readable(sock)


async def _read_response(sock: socket.socket) -> tuple[int, bytes, bool]:
    """Reads one response: ``(status, body, keep_alive)``."""
    buf = bytearray()
    first = True
    while True:
        end = buf.find(b"\r\n\r\n")
        if end >= 0:
            break
        if len(buf) > _MAX_HEAD:
            raise LeanHTTPError("response head over 64 KiB")
        chunk = await _recv(sock, first)
        first = False
        if not chunk:
            if not buf:
                raise _Stale()
            raise LeanHTTPError("connection closed inside the response head")
        buf += chunk
    lines = bytes(buf[:end]).split(b"\r\n")
    status_line = lines[0].split(b" ", 2)
    if len(status_line) < 2 or not status_line[0].startswith(b"HTTP/1."):
        raise LeanHTTPError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
    try:
        status = int(status_line[1])
    except ValueError:
        raise LeanHTTPError(f"bad status: {lines[0][:80]!r}") from None
    length: int | None = None
    chunked = False
    keep = status_line[0] == b"HTTP/1.1"
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        key = name.strip().lower()
        if key == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                raise LeanHTTPError(f"bad Content-Length: {value[:40]!r}") from None
        elif key == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
        elif key == b"connection":
            v = value.strip().lower()
            keep = v == b"keep-alive" or (keep and v != b"close")
    rest = buf[end + 4 :]
    if chunked:
        body, rest = await _read_chunked(sock, rest)
    elif length is not None:
        while len(rest) < length:
            chunk = await _recv(sock)
            if not chunk:
                raise LeanHTTPError("connection closed inside the response body")
            rest += chunk
        body, rest = bytes(rest[:length]), rest[length:]
    elif status in (204, 304) or 100 <= status < 200:
        body = b""
    else:  # read to the end (HTTP/1.0 style)
        keep = False
        while chunk := await _recv(sock):
            rest += chunk
        body, rest = bytes(rest), bytearray()
    return status, body, keep and not rest


async def _read_chunked(sock: socket.socket, buf: bytearray) -> tuple[bytes, bytearray]:
    out = bytearray()

    async def more() -> None:
        chunk = await _recv(sock)
        if not chunk:
            raise LeanHTTPError("connection closed inside a chunked body")
        buf.extend(chunk)

    while True:
        while (i := buf.find(b"\r\n")) < 0:
            await more()
        try:
            size = int(bytes(buf[:i]).split(b";", 1)[0].strip(), 16)
        except ValueError:
            raise LeanHTTPError(f"bad chunk size line: {bytes(buf[:i])[:40]!r}") from None
        del buf[: i + 2]
        if size == 0:  # trailers end with an empty line
            while (j := buf.find(b"\r\n")) != 0:
                if j > 0:
                    del buf[: j + 2]
                    continue
                await more()
            del buf[:2]
            return bytes(out), buf
        while len(buf) < size + 2:
            await more()
        out += buf[:size]
        del buf[: size + 2]
