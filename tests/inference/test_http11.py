"""The lean HTTP/1.1 POST of the generation path, against a raw trio server."""

from __future__ import annotations

import functools

import pytest
import trio

from engine.inference._http11 import LeanHTTP, LeanHTTPError, lean_ok


async def _server(
    mode: str, seen: list[bytes], stream: trio.SocketStream, *, connections: list[int]
) -> None:
    connections.append(1)
    buf = b""
    async with stream:
        while True:
            while b"\r\n\r\n" not in buf:
                chunk = await stream.receive_some(4096)
                if not chunk:
                    return
                buf += chunk
            head, _, buf = buf.partition(b"\r\n\r\n")
            length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
            while len(buf) < length:
                buf += await stream.receive_some(4096)
            body, buf = buf[:length], buf[length:]
            seen.append(head.split(b"\r\n")[0] + b" " + body)
            answer = b'{"echo": ' + body + b"}"
            if mode == "chunked":
                half = len(answer) // 2
                parts = [answer[:half], answer[half:]]
                payload = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(p), p) for p in parts)
                await stream.send_all(
                    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + payload
                    + b"0\r\nX-Trailer: 1\r\n\r\n"
                )
            else:
                status = b"503 Busy" if body == b"[503]" else b"200 OK"
                await stream.send_all(
                    b"HTTP/1.1 %s\r\nContent-Length: %d\r\n\r\n%s" % (status, len(answer), answer)
                )
            if mode == "close-after-one":
                return


async def _serve(nursery: trio.Nursery, mode: str) -> tuple[str, list[bytes], list[int]]:
    seen: list[bytes] = []
    connections: list[int] = []
    handler = functools.partial(_server, mode, seen, connections=connections)
    listeners = await nursery.start(functools.partial(trio.serve_tcp, handler, 0, host="127.0.0.1"))
    port = listeners[0].socket.getsockname()[1]
    return f"http://127.0.0.1:{port}/generate", seen, connections


@pytest.mark.parametrize("mode", ["length", "chunked"])
async def test_post_keeps_the_connection_alive(mode: str) -> None:
    async with trio.open_nursery() as nursery:
        url, seen, connections = await _serve(nursery, mode)
        http = LeanHTTP()
        for i in range(3):
            status, body = await http.post(url, b"[%d]" % i)
            assert (status, body) == (200, b'{"echo": [%d]}' % i)
        assert seen[0] == b"POST /generate HTTP/1.1 [0]"
        assert len(connections) == 1
        status, _ = await http.post(url, b"[503]")
        assert status == (503 if mode == "length" else 200)
        await http.aclose()
        nursery.cancel_scope.cancel()


async def test_a_connection_the_server_closed_is_replaced() -> None:
    async with trio.open_nursery() as nursery:
        url, seen, connections = await _serve(nursery, "close-after-one")
        http = LeanHTTP()
        assert (await http.post(url, b"[1]"))[1] == b'{"echo": [1]}'
        await trio.sleep(0.05)  # let the server's close arrive
        assert (await http.post(url, b"[2]"))[1] == b'{"echo": [2]}'
        assert len(connections) == 2 and len(seen) == 2
        await http.aclose()
        nursery.cancel_scope.cancel()


async def test_connection_refused_is_a_lean_error() -> None:
    with trio.socket.socket() as sock:
        await sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(LeanHTTPError, match="connect to 127.0.0.1") as info:
        await LeanHTTP().post(f"http://127.0.0.1:{port}/generate", b"{}")
    assert info.value.kind == "ConnectError"  # httpx's name: messages read the same


def test_lean_only_for_plain_http_without_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"):
        monkeypatch.delenv(key, raising=False)
    assert lean_ok("http://127.0.0.1:30000")
    assert not lean_ok("https://example.org")
    monkeypatch.setenv("http_proxy", "http://proxy:3128")
    assert not lean_ok("http://10.0.0.5:30000")
    monkeypatch.setenv("no_proxy", "10.0.0.5")
    assert lean_ok("http://10.0.0.5:30000")
