"""The Starlette application: archive table, environment pages, play, live run view.

Routes (all HTML but ``/run/rows.json`` and the PNGs)::

    GET  /                      archive table (sortable, filterable; rejected designs on a toggle)
    GET  /env/{env_id}          one environment: description, hint, source, scores, episodes,
                                nearest neighbours, lineage, and a form to play it
    GET  /design/{n}            one line of designs.jsonl (a rejected design)
    GET  /play/{env_id}         the browser session's episode of env_id
    POST /play/{env_id}/start   start an episode on a seed (form: seed)
    POST /play/{env_id}/act     send an answer (form: action; a JSON tool call calls the tool)
    POST /play/{env_id}/tool    call a tool from its form (form: tool, arg_<name>...)
    POST /play/{env_id}/hint    show the hint in this episode (recorded: "played with the hint")
    GET  /run                   live run view: per-iteration table and plots
    GET  /run/rows.json         the per-iteration table body and the plots' version (polled)
    GET  /plots/{name}.png      a plot rendered from the run directory now
    GET  /static/...            style sheet, script, Pygments' style sheet

Templates are Jinja2 (``templates/``), highlighting is Pygments. Every file read and every
plot rendered runs in a worker thread; the sandbox runs guest code in its own threads.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import trio
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from engine.browse._play import (
    PlayersFull,
    PlayPool,
    PlaySession,
    find_tool,
    tool_arguments,
    tool_fields,
)
from engine.browse._rundata import RunData, fmt
from engine.config import BrowseConfig
from engine.contract import tool_name
from engine.plots import PLOT_NAMES, render_plots
from sandbox_wasm.host import Sandbox

__all__ = ["create_app"]

_HERE = Path(__file__).parent
_COOKIE = "spade_play"
_FORMATTER = HtmlFormatter(cssclass="hl", linenos="inline")


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M:%S UTC") if ts else "–"


def _templates() -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(_HERE / "templates"))
    templates.env.filters["fmt"] = fmt
    templates.env.filters["when"] = _when
    templates.env.globals["plot_names"] = PLOT_NAMES
    return templates


class _Plots:
    """Plots rendered from the run directory, again only when the metrics or archive change."""

    def __init__(self, data: RunData) -> None:
        self.data = data
        self.lock = trio.Lock()  # pyplot is not thread-safe: one render at a time
        self.key: tuple[int, int] | None = None
        self.pngs: dict[str, bytes] = {}

    async def get(self, name: str) -> bytes | None:
        async with self.lock:
            rows = self.data.metrics()
            key = (len(rows), len(self.data.records()))
            if key != self.key:
                self.pngs = await trio.to_thread.run_sync(render_plots, self.data.path, rows)
                self.key = key
            return self.pngs.get(name)


def create_app(data: RunData, config: BrowseConfig | None = None) -> Starlette:
    """The browser's ASGI application over one run directory.

    The lifespan opens a sandbox with the run's ``[sandbox]`` limits, the play pool and its
    idle sweeper; they close when the server stops.

    Args:
        data: the run directory.
        config: the ``[browse]`` section (default: the run's own).

    Returns:
        The Starlette app (serve it with Hypercorn's trio worker; see ``engine.browse``).
    """
    cfg = config or data.config.browse
    templates = _templates()
    plots = _Plots(data)
    pool_box: dict[str, PlayPool] = {}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await trio.to_thread.run_sync(data.refresh)
        async with Sandbox.open(data.config.sandbox) as sandbox, trio.open_nursery() as nursery:
            pool = PlayPool(sandbox, cfg, data.config.agent.max_turns_cap)
            await nursery.start(pool.run_sweeper)
            pool_box["pool"] = pool
            try:
                yield
            finally:
                with trio.CancelScope(shield=True):
                    await pool.aclose()
                nursery.cancel_scope.cancel()

    def pool() -> PlayPool:
        return pool_box["pool"]

    async def fresh() -> None:
        await trio.to_thread.run_sync(data.refresh)

    def page(request: Request, name: str, status: int = 200, **ctx: Any) -> Response:
        ctx.setdefault("run_path", str(data.path))
        return templates.TemplateResponse(request, name, ctx, status_code=status)

    def not_found(request: Request, what: str) -> Response:
        return page(request, "message.html", 404, title="Not found", message=what)

    async def index(request: Request) -> Response:
        await fresh()
        rows = data.table()
        return page(
            request,
            "index.html",
            rows=rows,
            n_rejected=sum(r.kind == "rejected" for r in rows),
            has_designs=data.has_designs(),
            iterations=len(data.metrics()),
        )

    async def env(request: Request) -> Response:
        await fresh()
        env_id = request.path_params["env_id"]
        rec = data.record(env_id)
        if rec is None:
            return not_found(request, f"no environment {env_id!r} in the archive")
        row = next(r for r in data.table() if r.env_id == env_id and r.kind != "rejected")
        design = next((d for d in data.designs() if d.env_id == env_id), None)
        return page(
            request,
            "env.html",
            rec=rec,
            row=row,
            design=design,
            source_html=highlight(rec.source, PythonLexer(), _FORMATTER),
            neighbours=data.neighbours(env_id),
            episodes=data.episodes(env_id),
            confidence=data.config.critic.confidence,
        )

    async def design(request: Request) -> Response:
        await fresh()
        n = request.path_params["n"]
        designs = data.designs()
        if not 0 <= n < len(designs):
            return not_found(request, f"no design #{n} in designs.jsonl")
        d = designs[n]
        source_html = highlight(d.source, PythonLexer(), _FORMATTER) if d.source else ""
        return page(request, "design.html", d=d, n=n, source_html=source_html)

    def session_id(request: Request) -> tuple[str, bool]:
        sid = request.cookies.get(_COOKIE, "")
        if len(sid) == 32 and sid.isalnum():
            return sid, False
        return secrets.token_hex(16), True

    def with_cookie(response: Response, sid: str, new: bool) -> Response:
        if new:
            response.set_cookie(_COOKIE, sid, httponly=True, samesite="strict")
        return response

    async def play(request: Request) -> Response:
        env_id = request.path_params["env_id"]
        rec = data.record(env_id)
        if rec is None:
            await fresh()
            rec = data.record(env_id)
        if rec is None:
            return not_found(request, f"no environment {env_id!r} in the archive")
        sid, new = session_id(request)
        s = pool().get(sid)
        if s is not None and s.env_id != env_id:
            s = None
        tools = [
            {"name": tool_name(t), "fields": tool_fields(t)} for t in (s.spec.tools if s else [])
        ]
        return with_cookie(
            page(request, "play.html", rec=rec, s=s, tools=tools, players=len(pool()), cfg=cfg),
            sid,
            new,
        )

    def back(env_id: str) -> RedirectResponse:
        return RedirectResponse(f"/play/{quote(env_id)}", status_code=303)

    async def play_start(request: Request) -> Response:
        env_id = request.path_params["env_id"]
        rec = data.record(env_id)
        if rec is None:
            return not_found(request, f"no environment {env_id!r} in the archive")
        form = await request.form()
        try:
            seed = int(str(form.get("seed", "0")).strip() or "0")
        except ValueError:
            return page(request, "message.html", 400, title="Bad seed", message="seed: an integer")
        sid, new = session_id(request)
        try:
            await pool().start(sid, env_id, rec.source, seed)
        except PlayersFull as exc:
            return page(request, "message.html", 503, title="All play slots in use", message=exc)
        return with_cookie(back(env_id), sid, new)

    async def _session(request: Request) -> tuple[PlaySession | None, Mapping[str, Any]]:
        sid, _ = session_id(request)
        s = pool().get(sid)
        form = await request.form()
        if s is None or s.env_id != request.path_params["env_id"]:
            return None, form
        return s, form

    async def play_act(request: Request) -> Response:
        s, form = await _session(request)
        if s is not None:
            async with s.lock:
                await s.act(str(form.get("action", "")))
        return back(request.path_params["env_id"])

    async def play_tool(request: Request) -> Response:
        s, form = await _session(request)
        if s is not None:
            tool = find_tool(s.spec, str(form.get("tool", "")))
            async with s.lock:
                if tool is None:
                    await s.act(str(form.get("tool", "")))  # an unknown tool: as the Agent's
                else:
                    args = tool_arguments(tool, {k: str(v) for k, v in form.items()})
                    await s.call_tool(str(form.get("tool")), args)
        return back(request.path_params["env_id"])

    async def play_hint(request: Request) -> Response:
        s, _ = await _session(request)
        if s is not None:
            s.hint_shown = True
        return back(request.path_params["env_id"])

    async def run_view(request: Request) -> Response:
        await fresh()
        return page(request, "run.html", rows=data.metrics(), refresh_s=cfg.refresh_s)

    async def run_rows(request: Request) -> Response:
        await fresh()
        rows = data.metrics()
        body = templates.get_template("_run_rows.html").render(rows=rows)
        version = f"{len(rows)}-{len(data.records())}"
        return JSONResponse({"version": version, "n": len(rows), "html": body})

    async def plot(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in PLOT_NAMES:
            return Response("no such plot", status_code=404)
        await fresh()
        png = await plots.get(name)
        return Response(png or b"", media_type="image/png", headers={"Cache-Control": "no-store"})

    async def pygments_css(request: Request) -> Response:
        return Response(_FORMATTER.get_style_defs(".hl"), media_type="text/css")

    routes = [
        Route("/", index),
        Route("/env/{env_id:path}", env),
        Route("/design/{n:int}", design),
        Route("/play/{env_id:path}", play),
        Route("/play/{env_id:path}/start", play_start, methods=["POST"]),
        Route("/play/{env_id:path}/act", play_act, methods=["POST"]),
        Route("/play/{env_id:path}/tool", play_tool, methods=["POST"]),
        Route("/play/{env_id:path}/hint", play_hint, methods=["POST"]),
        Route("/run", run_view),
        Route("/run/rows.json", run_rows),
        Route("/plots/{name:str}.png", plot),
        Route("/static/pygments.css", pygments_css),
        Mount("/static", StaticFiles(directory=str(_HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool_box = pool_box
    return app
