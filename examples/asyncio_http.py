"""The engine inside an asyncio web service (aiohttp): POST an environment, get its regret.

    pip install -e '.[examples]'
    python examples/asyncio_http.py --port 8080 --agent tests/data/labelled/agents.py:labelled_agent
    curl --data-binary @tests/data/labelled/learnable_bisect.py http://127.0.0.1:8080/envs

Routes:
    POST /envs   body: the environment's Python source (any text type), or JSON
                 ``{"source": "...", "hint": "..."}``. Answers 200 with the verdict:
                 ``{"verdict": "scored", "regret": ..., "success_without": ..., ...}`` or
                 ``{"verdict": "rejected", "reason": "crash", "detail": ..., "evidence": {...}}``;
                 400 for an empty or undecodable body, 503 once the engine is stopping.
    GET  /stats  the engine's counters (``engine.EngineStatistics`` as JSON).

The trio engine runs in guest mode on aiohttp's asyncio loop (``open_engine_asyncio``).
Without ``--agent`` the policy plays (CPU policy servers are launched per ``[policy]``).
``--max-requests N`` stops the service after N requests (tests); Ctrl-C or SIGTERM stop it too.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from typing import Any

import msgspec
from aiohttp import web

import engine
from engine.asyncio_host import AsyncioEngine, open_engine_asyncio

ENGINE = web.AppKey("engine", AsyncioEngine)


class _Body(msgspec.Struct, forbid_unknown_fields=True):
    source: str
    hint: str = ""


def verdict(outcome: engine.Outcome) -> dict[str, Any]:
    """The JSON answer for one outcome."""
    if isinstance(outcome, engine.EnvRejected):
        return {
            "env_id": outcome.env_id,
            "verdict": "rejected",
            "reason": outcome.reason,
            "detail": outcome.detail,
            "evidence": outcome.evidence,
        }
    return {
        "env_id": outcome.env_id,
        "verdict": "scored",
        "k": outcome.k,
        "success_without": outcome.success_without,
        "success_with": outcome.success_with,
        "regret": outcome.regret,
        "ci": [outcome.ci_low, outcome.ci_high],
        "accepted": outcome.accepted,
        "flags": outcome.flags,
        "hint": outcome.hint,
    }


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=msgspec.json.encode(data), status=status, content_type="application/json"
    )


async def post_env(request: web.Request) -> web.Response:
    """``POST /envs``: validate and score the posted environment."""
    raw = await request.read()
    try:
        if request.content_type == "application/json":
            body = msgspec.json.decode(raw, type=_Body)
        else:
            body = _Body(source=raw.decode("utf-8"))
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        return _json({"error": f"bad body: {exc}"}, 400)
    if not body.source.strip():
        return _json({"error": "empty body: POST the environment's Python source"}, 400)
    try:
        outcome = await request.app[ENGINE].submit_env(body.source, body.hint)
    except engine.EngineStopped as exc:
        return _json({"error": str(exc)}, 503)
    return _json(verdict(outcome))


async def get_stats(request: web.Request) -> web.Response:
    """``GET /stats``: the engine's counters."""
    return _json(msgspec.to_builtins(request.app[ENGINE].statistics()))


async def serve(args: argparse.Namespace) -> None:
    """Run the service until ``--max-requests`` requests, SIGTERM or Ctrl-C."""
    config = engine.load_config(args.config, args.overrides)
    agent = None
    if args.agent:
        from engine.score import load_agent

        agent = load_agent(args.agent)
    stop = asyncio.Event()
    handled = 0

    @web.middleware
    async def count(request: web.Request, handler: Any) -> web.StreamResponse:
        nonlocal handled
        try:
            return await handler(request)
        finally:
            handled += 1
            if args.max_requests and handled >= args.max_requests:
                stop.set()

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    async with open_engine_asyncio(config, agent=agent) as eng:
        app = web.Application(middlewares=[count])
        app[ENGINE] = eng
        app.add_routes([web.post("/envs", post_env), web.get("/stats", get_stats)])
        runner = web.AppRunner(app)
        await runner.setup()
        try:
            site = web.TCPSite(runner, args.host, args.port)
            await site.start()
            port = runner.addresses[0][1]
            print(f"listening on http://{args.host}:{port}", flush=True)
            await stop.wait()
        finally:
            await runner.cleanup()  # answers in flight finish first
        await eng.stop()
        stats = eng.statistics()
    print(f"stopped: {stats.scored} scored, rejected {stats.rejected}", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port (0: any free port)")
    p.add_argument("--agent", default="", help="scripted agent MODULE:CALLABLE (default: policy)")
    p.add_argument("--config", default=None, help="config TOML file")
    p.add_argument(
        "--set", dest="overrides", action="append", default=[], help="section.field=value"
    )
    p.add_argument("--max-requests", type=int, default=0, help="stop after N requests (0: never)")
    args = p.parse_args(argv)
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        print("interrupted: stopped", flush=True)
    except engine.EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
