"""A policy server whose generation takes a fixed time: the yardstick of ``bench rollout``.

It speaks the part of SGLang's native HTTP API that ``engine.inference.PolicyClient`` uses for
generation (SGLang 0.5.23 field names, as ``engine.serve``): ``POST /generate`` with
``input_ids`` (or ``text``), ``sampling_params`` (``max_new_tokens`` honoured, the rest
accepted), ``return_logprob`` and ``rid``; the answer carries ``text``, ``output_ids`` and
``meta_info`` (``id``, ``finish_reason`` {``type``, ``matched``/``length``}, ``prompt_tokens``,
``completion_tokens``, ``weight_version``, ``output_token_logprobs`` as ``[logprob, id,
None]`` triples). ``GET /health``, ``/health_generate``, ``/model_info``, ``/get_model_info``
and ``/server_info`` (with this server's counters) answer too.

Every ``/generate`` request waits for one of ``slots`` generation slots, holds it for exactly
``delay_s`` seconds (``time.sleep``) and answers a fixed reply, so the server's throughput
limit is ``slots / delay_s`` requests per second however fast its clients are. No model, no
torch: the process costs almost no CPU, so it does not compete with the engine it measures.

Run it as ``python -m bench._fixed_latency_server --delay-ms 20 --slots 4 --port 0``: it prints
one JSON line ``{"port": N}`` on stdout once bound. ``fixed_latency_server(...)`` does that in
a subprocess and yields the base URL.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import msgspec

__all__ = ["FixedLatencyPolicy", "fixed_latency_server", "main"]


class _GenerateReq(msgspec.Struct, kw_only=True):
    input_ids: list[int] | None = None
    text: str | None = None
    sampling_params: dict[str, Any] | None = None
    return_logprob: bool = False
    rid: str | None = None


_DECODE = msgspec.json.Decoder(_GenerateReq)


class FixedLatencyPolicy:
    """The server's state: slots, the fixed reply, counters.

    Args:
        delay_s: time one generation holds a slot, in seconds.
        slots: generations served at once (requests beyond wait for a free slot).
        reply_text: the completion text of every answer.
        reply_ids: its token ids, shape ``(T,)`` (cut to ``max_new_tokens``).
        logprob: the logprob reported for every generated token.
        weight_version: reported in ``meta_info.weight_version``.
    """

    def __init__(
        self,
        *,
        delay_s: float,
        slots: int,
        reply_text: str,
        reply_ids: Sequence[int],
        logprob: float = -0.5,
        weight_version: str = "0",
    ) -> None:
        if delay_s < 0 or slots < 1:
            raise ValueError(f"delay_s={delay_s} must be >= 0 and slots={slots} >= 1")
        self.delay_s = delay_s
        self.slots = slots
        self.reply_text = reply_text
        self.reply_ids = list(reply_ids)
        self.logprob = logprob
        self.weight_version = weight_version
        self._slots = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self.requests = 0
        self.busy = 0
        self.max_busy = 0

    def generate(self, body: bytes) -> tuple[int, Any]:
        """``POST /generate``: wait for a slot, hold it ``delay_s``, answer the fixed reply."""
        try:
            req = _DECODE.decode(body)
        except msgspec.MsgspecError as exc:
            return 400, {"error": {"message": str(exc), "code": 400}}
        if req.input_ids is None and req.text is None:
            return 400, {"error": {"message": "Either text or input_ids should be provided."}}
        sp = req.sampling_params or {}
        max_new = int(sp.get("max_new_tokens", 128))
        ids = self.reply_ids[:max_new]
        truncated = len(ids) < len(self.reply_ids)
        with self._slots:
            with self._lock:
                self.busy += 1
                self.max_busy = max(self.max_busy, self.busy)
            time.sleep(self.delay_s)
            with self._lock:
                self.busy -= 1
                self.requests += 1
        prompt_tokens = len(req.input_ids) if req.input_ids is not None else len(req.text or "")
        finish: dict[str, Any] = (
            {"type": "length", "length": len(ids)}
            if truncated
            else {"type": "stop", "matched": ids[-1] if ids else None}
        )
        meta: dict[str, Any] = {
            "id": req.rid or uuid.uuid4().hex,
            "finish_reason": finish,
            "prompt_tokens": prompt_tokens,
            "completion_tokens": len(ids),
            "weight_version": self.weight_version,
            "cached_tokens": 0,
        }
        if req.return_logprob:
            meta["output_token_logprobs"] = [[self.logprob, t, None] for t in ids]
        text = self.reply_text if not truncated else ""
        return 200, {"text": text, "output_ids": ids, "meta_info": meta}

    def model_info(self) -> dict[str, Any]:
        """``GET /model_info``."""
        return {
            "model_path": "fixed-latency",
            "tokenizer_path": None,
            "is_generation": True,
            "weight_version": self.weight_version,
        }

    def server_info(self) -> dict[str, Any]:
        """``GET /server_info``: the settings and counters."""
        with self._lock:
            return {
                "delay_s": self.delay_s,
                "slots": self.slots,
                "requests": self.requests,
                "busy": self.busy,
                "max_busy": self.max_busy,
                "limit_requests_per_s": self.slots / self.delay_s if self.delay_s else None,
            }


def _handler(policy: FixedLatencyPolicy) -> type[BaseHTTPRequestHandler]:
    get_routes = {
        "/health": lambda: (200, None),
        "/health_generate": lambda: (200, None),
        "/model_info": lambda: (200, policy.model_info()),
        "/get_model_info": lambda: (200, policy.model_info()),
        "/server_info": lambda: (200, policy.server_info()),
    }

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "fixed-latency"
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
            pass

        def _reply(self, status: int, payload: Any) -> None:
            data = b"" if payload is None else msgspec.json.encode(payload)
            reason = self.responses.get(status, ("",))[0]
            head = (
                f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n"
            ).encode()
            self.wfile.write(head + data)  # one write: no Nagle / delayed-ACK stall

        def _body(self) -> bytes:
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            self._body()
            route = get_routes.get(self.path.split("?", 1)[0])
            self._reply(*(route() if route else (404, {"detail": "Not Found"})))

        def do_POST(self) -> None:  # noqa: N802 - stdlib name
            body = self._body()
            path = self.path.split("?", 1)[0]
            if path == "/generate":
                self._reply(*policy.generate(body))
            elif path in get_routes:
                self._reply(*get_routes[path]())
            else:
                self._reply(404, {"detail": "Not Found"})

    return Handler


def _watch_parent(parent_pid: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent_pid:
            os._exit(0)


def main(argv: list[str] | None = None) -> int:
    """Serve until killed; prints ``{"port": N}`` on stdout once bound."""
    p = argparse.ArgumentParser(
        prog="python -m bench._fixed_latency_server",
        description="SGLang-compatible /generate with a fixed latency and a slot limit",
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address")
    p.add_argument("--port", type=int, default=0, help="bind port (0 = a free one)")
    p.add_argument("--delay-ms", type=float, default=20.0, help="generation latency, ms")
    p.add_argument("--slots", type=int, default=4, help="generations served at once")
    p.add_argument("--reply-text", default="go", help="completion text of every answer")
    p.add_argument("--reply-ids", default="1", help="its token ids, comma-separated")
    p.add_argument("--parent-pid", type=int, default=0, help="exit when this pid exits")
    args = p.parse_args(argv)
    policy = FixedLatencyPolicy(
        delay_s=args.delay_ms / 1000.0,
        slots=args.slots,
        reply_text=args.reply_text,
        reply_ids=[int(x) for x in args.reply_ids.split(",") if x.strip()],
    )
    httpd = ThreadingHTTPServer((args.host, args.port), _handler(policy))
    httpd.daemon_threads = True
    httpd.request_queue_size = 256
    if args.parent_pid:
        threading.Thread(target=_watch_parent, args=(args.parent_pid,), daemon=True).start()
    print(json.dumps({"port": httpd.server_address[1]}), flush=True)
    try:
        httpd.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


@contextlib.contextmanager
def fixed_latency_server(
    *,
    delay_s: float,
    slots: int,
    reply_text: str = "go",
    reply_ids: Sequence[int] = (1,),
    startup_timeout_s: float = 30.0,
) -> Iterator[str]:
    """Run the server in a subprocess on a free loopback port; yield its base URL.

    Blocking (call it outside the trio loop). The process is killed on exit.

    Args:
        delay_s: generation latency in seconds.
        slots: generations served at once.
        reply_text: completion text of every answer.
        reply_ids: its token ids.
        startup_timeout_s: seconds to wait for the port line.

    Raises:
        RuntimeError: the server exited or printed no port in time.
    """
    cmd = [
        sys.executable,
        "-m",
        "bench._fixed_latency_server",
        "--port",
        "0",
        "--delay-ms",
        repr(delay_s * 1000.0),
        "--slots",
        str(slots),
        "--reply-text",
        reply_text,
        "--reply-ids",
        ",".join(str(int(t)) for t in reply_ids),
        "--parent-pid",
        str(os.getpid()),
    ]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])),
    }
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, text=True
    )
    try:
        assert proc.stdout is not None
        timer = threading.Timer(startup_timeout_s, proc.kill)
        timer.start()
        try:
            line = proc.stdout.readline()
        finally:
            timer.cancel()
        if not line:
            raise RuntimeError(f"fixed-latency server exited (code {proc.poll()}): {cmd}")
        port = int(json.loads(line)["port"])
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


if __name__ == "__main__":
    raise SystemExit(main())
