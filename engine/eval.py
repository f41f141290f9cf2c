"""Held-out evaluation: ``python -m engine.eval (RUN_DIR | --model-path DIR) [--suite PATH]``.

Plays a held-out suite with the policy at each saved weight version of a run (or one model),
with and without the hints, and writes ``eval.json``, ``eval.md`` (a table) and ``eval.png``
(success over versions with Wilson intervals) into ``--out`` (default ``RUN_DIR/eval`` or
``./eval``).

Suites:

- a directory of environment programs (``*.py`` following docs/environment-contract.md, with
  literal ``DESCRIPTION``, ``HINT``, ``MAX_TURNS`` and optional ``TOOLS``), played in the
  WebAssembly sandbox by the Agent's own episode loop (``actors.agent.play_episode``);
  the default is ``engine/heldout_envs``: families the Designer never sees in its prompts
  or its warm start;
- a JSON-lines file of tasks ``{"prompt": ..., "answer": ..., "verifier": "exact" |
  "numeric" | "multiple-choice", "hint": ... (optional)}``, each one turn: the policy's answer
  is checked by the verifier (:func:`verify`). A task without a hint is played once per
  condition with no hint shown.

The policy runs in this process (``engine.inference._model.PolicyModel`` on CPU, the
servers' own sampler), its weights replaced by each ``weights/v<N>/`` in turn. Episodes use
seeds ``EVAL_SEED_BASE + i``, disjoint from the scoring, replay and warm-start seeds.

``eval.every`` (``[eval]`` in the config) makes ``engine.run`` call :func:`eval_every` (then
:func:`evaluate_into_run`) every N weight versions: rows ``{"eval": {...}}`` are appended to ``eval/metrics.jsonl`` of the
run (and ``plots/eval.png`` is redrawn), so a run's own ``metrics.jsonl`` keeps one row per
iteration.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import random
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec
import trio

__all__ = [
    "EVAL_SEED_BASE",
    "eval_every",
    "EvalTask",
    "VersionResult",
    "evaluate",
    "list_versions",
    "load_suite",
    "main",
    "verify",
]

EVAL_SEED_BASE = 3 * 2**30
"""First ``reset(seed=...)`` of evaluation episodes (``EVAL_SEED_BASE + i``): scoring seeds are
small, replays draw from ``[0, 2**31)`` and the warm start plays ``2**31 + i``, so no
evaluation episode is one the policy was scored or trained on."""

Verifier = Literal["exact", "numeric", "multiple-choice", "env"]


class EvalTask(msgspec.Struct, frozen=True, kw_only=True):
    """One item of a held-out suite.

    Attributes:
        name: environment file stem or ``task-<line>``.
        verifier: ``"env"`` (an environment program) or a JSON-lines verifier.
        source: the program (``"env"``).
        description: task text (the program's ``DESCRIPTION``; the prompt of a JSON task).
        hint: its hint (``""``: none).
        max_turns: the program's ``MAX_TURNS`` (1 for a JSON task).
        tools: the program's ``TOOLS``.
        answer: the expected answer of a JSON task.
    """

    name: str
    verifier: Verifier
    source: str = ""
    description: str = ""
    hint: str = ""
    max_turns: int = 1
    tools: list[dict[str, Any]] = []
    answer: str = ""


class CellResult(msgspec.Struct, frozen=True, kw_only=True):
    """Successes of one task under one condition at one version."""

    task: str
    hinted: bool
    successes: int
    episodes: int
    env_errors: int = 0
    """Episodes the environment itself broke (``env_error``): counted as failures, and
    reported, since they measure the program, not the policy."""
    first_error: str = ""
    """The first of those episodes' reason (``""``: none)."""


class VersionResult(msgspec.Struct, frozen=True, kw_only=True):
    """One weight version's results on the suite.

    Attributes:
        version: the policy version (``-1``: a model given by ``--model-path``).
        path: the weights played.
        success_without: mean success over every unhinted episode.
        success_without_ci: its Wilson interval.
        success_with: mean success over every hinted episode.
        success_with_ci: its Wilson interval.
        episodes: episodes per condition, all tasks together.
        cells: per-task results.
        seconds: wall time of this version's evaluation.
    """

    version: int
    path: str
    success_without: float
    success_without_ci: tuple[float, float]
    success_with: float
    success_with_ci: tuple[float, float]
    episodes: int
    cells: list[CellResult]
    seconds: float


# ------------------------------------------------------------------------------ suites


def _literal(tree: ast.Module, name: str, default: Any = None) -> Any:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    if default is None:
        raise KeyError(name)
    return default


def _env_task(name: str, source: str) -> EvalTask:
    """One suite program's task, its literals checked, nothing coerced.

    Raises:
        ValueError: naming the program: it does not parse (a syntax error, or nested past
            the parser's depth); ``DESCRIPTION`` or ``HINT`` not a string or not UTF-8
            encodable (a lone surrogate); ``MAX_TURNS`` not an integer >= 1 (``1e309`` is a
            float); ``TOOLS`` not a list of objects. A program that breaks this way would
            otherwise play as failures of the policy (``env_error``) or end the evaluation
            with a traceback (a tester's, 2026-12-01).
    """
    try:
        tree = ast.parse(source)
        description = _literal(tree, "DESCRIPTION")
        hint = _literal(tree, "HINT", "")
        max_turns = _literal(tree, "MAX_TURNS")
        tools = _literal(tree, "TOOLS", [])
    except (SyntaxError, ValueError, KeyError, TypeError, MemoryError, RecursionError) as exc:
        what = "nested too deep to parse" if isinstance(exc, RecursionError) else str(exc)
        raise ValueError(
            f"suite program {name!r} needs literal DESCRIPTION and MAX_TURNS (and HINT): {what}"
        ) from exc
    for field, value in (("DESCRIPTION", description), ("HINT", hint)):
        if not isinstance(value, str):
            raise ValueError(
                f"suite program {name!r}: {field} must be a string, got {type(value).__name__}"
            )
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(
                f"suite program {name!r}: {field} is not UTF-8 text ({exc.reason} at "
                f"character {exc.start})"
            ) from None
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1:
        raise ValueError(
            f"suite program {name!r}: MAX_TURNS must be an integer >= 1, got {max_turns!r:.40}"
        )
    if not isinstance(tools, list) or not all(isinstance(t, dict) for t in tools):
        raise ValueError(
            f"suite program {name!r}: TOOLS must be a list of tool objects, got {tools!r:.60}"
        )
    return EvalTask(
        name=name,
        verifier="env",
        source=source,
        description=description,
        hint=hint,
        max_turns=max_turns,
        tools=tools,
    )


def load_suite(path: str | Path | None = None) -> list[EvalTask]:
    """The tasks of a suite: a directory of programs, a ``.jsonl`` file, or the default.

    Args:
        path: a directory of ``*.py`` environment programs, a JSON-lines task file, or
            ``None`` for the shipped held-out families (``engine.heldout_envs``).

    Returns:
        The tasks, in file (or line) order.

    Raises:
        ValueError: an unreadable suite (not UTF-8, a line that is not JSON), a program
            without its constants, a task without ``prompt``/``answer``, with an unknown
            verifier, a bad field (:func:`_jsonl_task`) or the ``id`` of an earlier task.
    """
    if path is None:
        from engine.heldout_envs import heldout_sources

        return [_env_task(n, s) for n, s in heldout_sources().items()]
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.glob("*.py") if not f.name.startswith("_"))
        if not files:
            raise ValueError(f"suite directory {str(p)!r} holds no *.py environment programs")
        tasks = []
        for f in files:
            try:
                tasks.append(_env_task(f.stem, f.read_text(encoding="utf-8")))
            except UnicodeDecodeError as exc:
                raise ValueError(f"suite program {str(f)!r} is not UTF-8 text: {exc}") from None
        return tasks
    if not p.is_file():
        raise ValueError(f"suite {str(p)!r} is neither a directory nor a file")
    try:
        text = p.read_text(encoding="utf-8-sig")  # a byte-order mark is no part of line 1
    except UnicodeDecodeError as exc:
        raise ValueError(f"suite {str(p)!r} is not UTF-8 text: {exc}") from None
    tasks = []
    names: set[str] = set()
    # JSON lines end at "\n" only: U+2028 or U+0085 may stand raw inside a JSON string
    for i, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except RecursionError:
            raise ValueError(f"{p}:{i}: not JSON: nested too deeply") from None
        except ValueError as exc:  # JSONDecodeError, or an integer of over 4,300 digits
            raise ValueError(f"{p}:{i}: not JSON: {exc}") from None
        if not isinstance(obj, dict):
            raise ValueError(
                f"{p}:{i}: a task is a JSON object with 'prompt' and 'answer', "
                f"got {type(obj).__name__}"
            )
        missing = [f"'{key}'" for key in ("prompt", "answer") if key not in obj]
        if missing:
            raise ValueError(
                f"{p}:{i}: a task needs 'prompt' and 'answer', missing {', '.join(missing)}"
            )
        verifier = obj.get("verifier", "exact")
        if verifier not in ("exact", "numeric", "multiple-choice"):
            raise ValueError(
                f"{p}:{i}: unknown verifier {verifier!r} (exact, numeric, multiple-choice)"
            )
        task = _jsonl_task(obj, verifier, f"{p}:{i}", i)
        if task.name in names:
            raise ValueError(f"{p}:{i}: 'id' {task.name!r} is already a task's id")
        names.add(task.name)
        tasks.append(task)
    if not tasks:
        raise ValueError(f"suite {str(p)!r} holds no tasks")
    return tasks


def _text_field(obj: dict[str, Any], key: str, where: str, *, required: bool) -> str:
    """``obj[key]`` as text: a string that encodes as UTF-8 (no lone surrogate); ``""`` for
    an optional field that is absent or ``null``.

    Raises:
        ValueError: naming ``where`` and ``key``: another type, or a lone surrogate.
    """
    value = obj.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        want = "a non-empty string" if required else "a string or null"
        raise ValueError(f"{where}: {key!r} must be {want}, got {json.dumps(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{where}: {key!r} holds a lone surrogate: {value!r:.80}") from None
    return value


def _jsonl_task(obj: dict[str, Any], verifier: Verifier, where: str, line: int) -> EvalTask:
    """One JSON-lines task, every field checked (nothing coerced: ``null`` never becomes
    ``"None"``, a list never ``"[1, 2]"``).

    Raises:
        ValueError: naming ``where`` (file:line) and the field: ``prompt`` not a non-empty
            string; ``answer`` not a non-empty string or a finite number (``NaN``,
            ``Infinity`` and ``1e400`` are refused whatever the verifier; a float only for
            ``numeric``; an ``exact`` answer empty once normalised, ``"..."``), or one
            its verifier can never accept (``numeric``: not a finite number;
            ``multiple-choice``: not starting with an ASCII letter, which :func:`verify`
            reads); ``hint`` not a string or null;
            ``id`` not a string or an integer.
    """
    prompt = _text_field(obj, "prompt", where, required=True)
    hint = _text_field(obj, "hint", where, required=False)
    raw = obj["answer"]
    if isinstance(raw, float) and not math.isfinite(raw):
        # json reads NaN, Infinity and 1e400 as floats; an exact task's "nan" is no answer
        raise ValueError(f"{where}: 'answer' must be a finite number or a string, got {raw!r}")
    if isinstance(raw, float) and verifier != "numeric":
        # 3.0 would be "3.0" and 1e16 "1e+16": the exact text a response must match is not
        # known (a tester's, 2026-12-01)
        raise ValueError(
            f"{where}: 'answer' {raw!r} is a JSON float: write it as a string (the exact text "
            'expected) or use verifier "numeric"'
        )
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        raw = repr(raw)  # {"answer": 42} means "42"
    answer = _text_field({"answer": raw}, "answer", where, required=True)
    if verifier == "exact" and not _norm(answer):
        raise ValueError(
            f"{where}: an exact task's 'answer' {answer!r:.80} is empty once casefolded, its "
            "whitespace collapsed and a final period dropped: any empty response would match"
        )
    if verifier == "numeric":
        try:
            finite = math.isfinite(float(answer.replace(",", "")))
        except ValueError:
            finite = False
        if not finite:
            raise ValueError(
                f"{where}: a numeric task's 'answer' must be a finite number, got {answer!r:.80}"
            )
    first = answer.strip()[:1]
    if verifier == "multiple-choice" and not (first.isascii() and first.isalpha()):
        raise ValueError(
            f"{where}: a multiple-choice task's 'answer' must start with its letter (A-Z), got {answer!r:.80}"
        )
    name = obj.get("id", f"task-{line}")
    if not isinstance(name, str | int) or isinstance(name, bool):
        raise ValueError(f"{where}: 'id' must be a string or an integer, got {json.dumps(name)}")
    return EvalTask(name=str(name), verifier=verifier, description=prompt, hint=hint, answer=answer)


_NUM = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_CHOICE = re.compile(r"(?<![A-Za-z])([A-Za-z])(?![A-Za-z])")


def _norm(text: str) -> str:
    """``exact``'s form of a text: casefolded, whitespace collapsed, a final period dropped."""
    return " ".join(text.casefold().split()).rstrip(".").strip()


def verify(verifier: str, response: str, answer: str) -> bool:
    """Whether ``response`` answers a JSON-lines task whose reference is ``answer``.

    - ``exact``: equal after casefolding, collapsing whitespace and stripping a final period.
    - ``numeric``: the last number in the response (commas dropped) equals the answer within
      a relative tolerance of 1e-6 (and within 1e-9 of an answer of 0: a tolerance of 1e-9
      on every answer took ``0`` for ``9.109e-31``).
    - ``multiple-choice``: the first standalone letter of the response is the answer's letter
      (case-insensitive).

    Raises:
        ValueError: an unknown verifier.
    """

    if verifier == "exact":
        return _norm(response) == _norm(answer)
    if verifier == "numeric":
        found = _NUM.findall(response.replace(",", ""))
        try:
            want = float(answer.replace(",", ""))
            got = float(found[-1]) if found else math.nan
        except ValueError:
            return False
        return math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-9 if want == 0 else 0.0)
    if verifier == "multiple-choice":
        m = _CHOICE.search(response)
        return m is not None and m.group(1).casefold() == answer.strip().casefold()[:1]
    raise ValueError(f"unknown verifier {verifier!r}")


# ------------------------------------------------------------------------------ policy


class _LocalPolicy:
    """``PolicyAgent``'s client over an in-process ``PolicyModel``; concurrent requests that
    arrive together are generated as one batch in a worker thread."""

    def __init__(self, model: Any, version: int, max_batch: int = 16) -> None:
        self.model = model
        self.version = version
        self.max_batch = max_batch
        self._pending: list[tuple[Any, trio.Event, list[Any]]] = []
        self._wake = trio.Event()

    async def generate(
        self,
        input_ids: Sequence[int],
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop_token_ids: Sequence[int] | None = None,
        sampling_seed: int | None = None,
    ) -> Any:
        from engine.inference._model import GenRequest

        req = GenRequest(
            input_ids=list(input_ids),
            max_new_tokens=max_new_tokens,
            temperature=temperature,
            top_p=top_p,
            stop_token_ids=frozenset(stop_token_ids or ()),
            seed=sampling_seed,
        )
        done = trio.Event()
        slot: list[Any] = []
        self._pending.append((req, done, slot))
        self._wake.set()
        await done.wait()
        res = slot[0]
        return _Gen(output_ids=res.output_ids, output_logprobs=res.logprobs, version=self.version)

    async def serve(self) -> None:
        """Batch pending requests until cancelled."""
        while True:
            await self._wake.wait()
            self._wake = trio.Event()
            await trio.sleep(0.005)  # let the other episodes' turns join
            while self._pending:
                batch, self._pending = (
                    self._pending[: self.max_batch],
                    self._pending[self.max_batch :],
                )
                results = await trio.to_thread.run_sync(
                    self.model.generate, [r for r, _, _ in batch]
                )
                for (_, done, slot), res in zip(batch, results, strict=True):
                    slot.append(res)
                    done.set()


class _Gen(msgspec.Struct, frozen=True, kw_only=True):
    output_ids: list[int]
    output_logprobs: list[float]
    version: int
    text: str = ""

    @property
    def weight_version(self) -> str:
        return str(self.version)


# ---------------------------------------------------------------------------- evaluate


def list_versions(run_dir: Path) -> list[tuple[int, Path | None]]:
    """``[(N, weights/vN)]`` of a run directory, oldest first (directories with safetensors)."""
    root = run_dir / "weights"
    out: list[tuple[int, Path | None]] = []
    if root.is_dir():
        for p in root.iterdir():
            m = re.fullmatch(r"v(\d+)", p.name)
            if m and p.is_dir() and any(p.glob("*.safetensors")):
                out.append((int(m.group(1)), p))
    return sorted(out, key=lambda vp: vp[0])


def pick_versions(
    versions: list[tuple[int, Path | None]], most: int
) -> list[tuple[int, Path | None]]:
    """At most ``most`` versions spread evenly, the first and the last always kept
    (``most`` 1: the last only; 0 or less: all of them)."""
    if most <= 0 or len(versions) <= most:
        return versions
    if most == 1:
        return versions[-1:]
    idx = sorted({round(i * (len(versions) - 1) / (most - 1)) for i in range(most)})
    return [versions[i] for i in idx]


async def _play_task(
    task: EvalTask,
    hinted: bool,
    episodes: int,
    agent: Any,
    sandbox: Any,
    config: Any,
) -> CellResult:
    from actors.agent import TurnContext, play_episode
    from engine.messages import EpisodeRequested

    wins = 0
    errors: list[str] = []

    async def one(i: int) -> None:
        nonlocal wins
        if task.verifier == "env":
            req = EpisodeRequested(
                episode_id=f"eval-{task.name}-{int(hinted)}-{i}",
                env_id=f"eval-{task.name}",
                source=task.source,
                description=task.description,
                tools=task.tools,
                max_turns=task.max_turns,
                seed=EVAL_SEED_BASE + i,
                hint=task.hint if hinted and task.hint else None,
            )
            ep = await play_episode(req, sandbox, agent, config.agent)
            wins += bool(ep.success)
            if ep.status == "env_error":
                errors.append(ep.reason or "env_error")
            return
        ctx = TurnContext(
            episode_id=f"eval-{task.name}-{int(hinted)}-{i}",
            description="Answer the question. Reply with the answer only.",
            tools=[],
            hint=task.hint if hinted and task.hint else None,
            observations=[task.description],
            answers=[],
            turn=0,
            rng=random.Random(EVAL_SEED_BASE + i),
            memory={},
        )
        reply = await agent.act(ctx)
        wins += verify(task.verifier, reply.text, task.answer)

    async with trio.open_nursery() as nursery:
        for i in range(episodes):
            nursery.start_soon(one, i)
    return CellResult(
        task=task.name,
        hinted=hinted,
        successes=wins,
        episodes=episodes,
        env_errors=len(errors),
        first_error=errors[0] if errors else "",
    )


def _summarise(
    version: int, path: str, cells: list[CellResult], seconds: float, confidence: float = 0.9
) -> VersionResult:
    from actors._regret import wilson_interval

    def cond(h: bool) -> tuple[int, int]:
        cs = [c for c in cells if c.hinted == h]
        return sum(c.successes for c in cs), sum(c.episodes for c in cs)

    s0, n0 = cond(False)
    s1, n1 = cond(True)
    return VersionResult(
        version=version,
        path=path,
        success_without=s0 / n0 if n0 else 0.0,
        success_without_ci=wilson_interval(s0, n0, confidence),
        success_with=s1 / n1 if n1 else 0.0,
        success_with_ci=wilson_interval(s1, n1, confidence),
        episodes=n0,
        cells=cells,
        seconds=seconds,
    )


async def evaluate(
    model_path: Path,
    weights: Sequence[tuple[int, Path | None]],
    tasks: Sequence[EvalTask],
    *,
    episodes: int = 8,
    temperature: float = 1.0,
    config: Any = None,
    log: Any = None,
) -> list[VersionResult]:
    """Play ``tasks`` with the policy at each of ``weights``, with and without hints.

    Args:
        model_path: the HF checkpoint directory (architecture, tokenizer, base weights).
        weights: ``(version, weights directory or None for the base weights)``, in order.
        tasks: the suite (:func:`load_suite`).
        episodes: episodes per task and condition.
        temperature: the Agent's sampling temperature.
        config: the engine config (``[agent]``, ``[sandbox]``); ``None`` for the defaults.
        log: called with one line per version (``None``: silent).

    Returns:
        One :class:`VersionResult` per entry of ``weights``.

    Raises:
        engine.errors.ModelError: the model or a weights directory cannot be loaded.
    """
    from actors.agent import PolicyAgent
    from engine.config import Config
    from engine.inference import load_tokenizer
    from engine.inference._model import PolicyModel
    from sandbox_wasm import Sandbox

    cfg = config if config is not None else Config()
    tokenizer = await trio.to_thread.run_sync(load_tokenizer, model_path)
    model = await trio.to_thread.run_sync(lambda: PolicyModel(model_path))
    results = []
    needs_sandbox = any(t.verifier == "env" for t in tasks)
    async with Sandbox.open(cfg.sandbox) if needs_sandbox else _null() as sandbox:
        for version, wpath in weights:
            t0 = time.perf_counter()
            if wpath is not None:
                await trio.to_thread.run_sync(model.load_weights, wpath)
            policy = _LocalPolicy(model, version)
            agent = PolicyAgent(policy, tokenizer, cfg.agent, temperature=temperature)
            cells: list[CellResult] = []
            async with trio.open_nursery() as nursery:
                nursery.start_soon(policy.serve)
                for task in tasks:
                    for hinted in (False, True):
                        cells.append(await _play_task(task, hinted, episodes, agent, sandbox, cfg))
                nursery.cancel_scope.cancel()
            r = _summarise(version, str(wpath or model_path), cells, time.perf_counter() - t0)
            results.append(r)
            for c in cells:
                if c.env_errors and log is not None:
                    log(
                        f"warning: v{version}: task {c.task!r} "
                        f"({'with' if c.hinted else 'without'} hint): {c.env_errors} of "
                        f"{c.episodes} episodes broke in the environment, counted as failures: "
                        f"{c.first_error[:300]}"
                    )
            if log is not None:
                log(
                    f"v{version}: success without hint {r.success_without:.3f} "
                    f"[{r.success_without_ci[0]:.2f}, {r.success_without_ci[1]:.2f}], with "
                    f"{r.success_with:.3f} [{r.success_with_ci[0]:.2f}, "
                    f"{r.success_with_ci[1]:.2f}] ({r.episodes} episodes each, {r.seconds:.0f} s)"
                )
    return results


class _null:
    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


# ------------------------------------------------------------------------------ output


def table(results: Sequence[VersionResult]) -> str:
    """A Markdown table: one row per version, then per-task success (without / with)."""
    if not results:
        return "(no versions)"
    names = list(dict.fromkeys(c.task for c in results[0].cells))
    head = "| version | without hint (90% CI) | with hint (90% CI) | " + " | ".join(names) + " |"
    sep = "|---" * (3 + len(names)) + "|"
    lines = [head, sep]
    for r in results:
        per = []
        for n in names:
            c0 = next(c for c in r.cells if c.task == n and not c.hinted)
            c1 = next(c for c in r.cells if c.task == n and c.hinted)
            per.append(f"{c0.successes}/{c0.episodes} · {c1.successes}/{c1.episodes}")
        lines.append(
            f"| v{r.version} | {r.success_without:.3f} ({r.success_without_ci[0]:.2f}–"
            f"{r.success_without_ci[1]:.2f}) | {r.success_with:.3f} ({r.success_with_ci[0]:.2f}–"
            f"{r.success_with_ci[1]:.2f}) | " + " | ".join(per) + " |"
        )
    return "\n".join(lines)


def render_plot(results: Sequence[VersionResult]) -> bytes:
    """PNG of success without and with the hint over versions, Wilson intervals as bands."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    xs = [r.version for r in results]
    for label, key, ci in (
        ("without hint", "success_without", "success_without_ci"),
        ("with hint", "success_with", "success_with_ci"),
    ):
        ys = [getattr(r, key) for r in results]
        lo = [getattr(r, ci)[0] for r in results]
        hi = [getattr(r, ci)[1] for r in results]
        ax.plot(xs, ys, marker="o", label=label)
        ax.fill_between(xs, lo, hi, alpha=0.2)
    ax.set_xlabel("policy version")
    ax.set_ylabel("held-out success")
    ax.set_ylim(-0.02, 1.02)
    ax.legend()
    ax.set_title("Held-out success over weight versions (90% Wilson CI)")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def write_outputs(out: Path, results: Sequence[VersionResult], meta: dict[str, Any]) -> None:
    """``eval.json`` (meta + results), ``eval.md`` (the table) and ``eval.png`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    doc = {**meta, "versions": msgspec.to_builtins(list(results))}
    (out / "eval.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    (out / "eval.md").write_text(table(results) + "\n", encoding="utf-8")
    (out / "eval.png").write_bytes(render_plot(results))


async def evaluate_into_run(
    run_dir: Path, model_path: Path, version: int, weights: Path | None, config: Any
) -> VersionResult:
    """``eval.every``: evaluate one version of a running run and append it to its eval rows.

    Appends ``{"version": N, ...}`` to ``run_dir/eval/metrics.jsonl`` and redraws
    ``run_dir/plots/eval.png`` from every row so far.
    """
    tasks = await trio.to_thread.run_sync(load_suite, config.eval.suite or None)
    (res,) = await evaluate(
        model_path,
        [(version, weights)],
        tasks,
        episodes=config.eval.episodes,
        temperature=config.policy.temperature,
        config=config,
    )

    def write() -> None:
        d = run_dir / "eval"
        d.mkdir(exist_ok=True)
        with open(d / "metrics.jsonl", "a", encoding="utf-8") as fh:
            fh.write(json.dumps(msgspec.to_builtins(res)) + "\n")
        rows = [
            msgspec.json.decode(line, type=VersionResult)
            for line in (d / "metrics.jsonl").read_bytes().splitlines()
            if line.strip()
        ]
        (run_dir / "plots").mkdir(exist_ok=True)
        (run_dir / "plots" / "eval.png").write_bytes(render_plot(rows))

    await trio.to_thread.run_sync(write)
    return res


async def eval_every(
    run_dir: Any, model_path: Path, version: int, last: int | None, config: Any
) -> int | None:
    """``eval.every``: evaluate ``version`` when it is ``config.eval.every`` past ``last``.

    Called by ``engine.loop`` after each iteration row. Version 0 is the run's base weights;
    a later version is ``weights/v<N>/`` (skipped while that directory is missing).

    Args:
        run_dir: the ``RunDir`` (its ``path`` and ``log``).
        model_path: the model the servers started from.
        version: the version the servers serve now (-1: not yet known).
        last: the version evaluated last (``None``: none yet).
        config: the whole config.

    Returns:
        The version evaluated last after this call.
    """
    every = config.eval.every
    if version < 0 or (last is not None and version - last < every):
        return last
    weights = run_dir.path / "weights" / f"v{version}"
    if version > 0 and not any(weights.glob("*.safetensors")):
        return last
    res = await evaluate_into_run(
        run_dir.path, model_path, version, weights if version > 0 else None, config
    )
    run_dir.log(
        f"held-out eval v{version}: success without hint {res.success_without:.3f}, with "
        f"{res.success_with:.3f} ({res.episodes} episodes each)"
    )
    return version


# --------------------------------------------------------------------------------- CLI


def _run_model_path(run_dir: Path) -> Path:
    """The base model of a run, its policy version 0: the weights its servers started on as
    ``base_weights.json`` records them (a cached warm start is served as version 0: taking
    ``policy.model_path`` evaluated the untrained model as v0, a tester's, 2026-12-05), else
    ``policy.model_path`` of its ``config.toml`` (runs from before that file), else the
    built-in tiny model.

    Raises:
        ValueError: an unreadable ``base_weights.json`` or ``config.toml``, naming the field.
        EngineError: the recorded weights are no model directory any more.
    """
    import tomllib

    from engine.inference import check_model_path, ensure_tiny_model

    base_file = run_dir / "base_weights.json"
    if base_file.is_file():
        try:
            base = json.loads(base_file.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"{base_file}: not a JSON object ({exc})") from None
        path = base.get("path") if isinstance(base, dict) else None
        if not isinstance(path, str) or not path:
            raise ValueError(f"{base_file}: 'path' must be a non-empty string, got {path!r:.80}")
        return check_model_path(path)
    cfg_file = run_dir / "config.toml"
    if cfg_file.is_file():
        # "policy = 5" was an AttributeError traceback, model_path = 5 the path "5", and a
        # file that is no TOML or no UTF-8 was not named (a tester's, 2026-12-03)
        try:
            data = tomllib.loads(cfg_file.read_text(encoding="utf-8"))
        except UnicodeDecodeError as exc:
            raise ValueError(f"{cfg_file}: not UTF-8 text ({exc.reason})") from None
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"{cfg_file}: malformed TOML: {exc}") from None
        policy = data.get("policy", {})
        if not isinstance(policy, dict):
            raise ValueError(f"{cfg_file}: [policy] must be a table, got {policy!r:.80}")
        mp = policy.get("model_path", "")
        if not isinstance(mp, str):
            raise ValueError(f"{cfg_file}: policy.model_path must be a string, got {mp!r:.80}")
        if mp:
            return check_model_path(mp)
    return ensure_tiny_model()


def main(argv: list[str] | None = None) -> int:
    """The CLI; returns the exit code (0 done, 2 bad input)."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.eval", description=(__doc__ or "").splitlines()[0].replace("``", "")
    )
    parser.add_argument("run_dir", nargs="?", help="a run directory (its weights/v<N>/)")
    parser.add_argument("--model-path", help="evaluate this one HF checkpoint instead")
    parser.add_argument("--suite", help="directory of *.py programs or a .jsonl task file")
    parser.add_argument("--episodes", type=int, default=8, help="per task and condition")
    parser.add_argument(
        "--max-versions",
        type=int,
        default=6,
        help="at most this many saved weight versions, spread over the run, the first and "
        "the last kept (1: the last only; 0 or less: every version)",
    )
    parser.add_argument("--temperature", type=float, default=1.0)
    parser.add_argument("--out", help="output directory (default RUN_DIR/eval or ./eval)")
    args = parser.parse_args(argv)
    if bool(args.run_dir) == bool(args.model_path):
        parser.print_usage(sys.stderr)
        print("error: give a RUN_DIR or --model-path DIR (one of them)", file=sys.stderr)
        return 2
    if args.episodes < 1:
        print(f"error: --episodes must be at least 1, got {args.episodes}", file=sys.stderr)
        return 2
    # as the config's policy.temperature: NaN reached the sampler after the model had loaded,
    # a negative one sampled greedily without a word (a tester's, 2026-12-03)
    if not (math.isfinite(args.temperature) and args.temperature >= 0):
        print(
            f"error: --temperature must be a finite number >= 0 (0: greedy), got {args.temperature}",
            file=sys.stderr,
        )
        return 2
    from engine.errors import EngineError
    from engine.inference import check_model_path

    try:
        tasks = load_suite(args.suite)
        weights: list[tuple[int, Path | None]]
        if args.model_path:
            model_path = check_model_path(args.model_path)
            weights = [(-1, None)]
            out = Path(args.out or "eval")
        else:
            run_dir = Path(args.run_dir)
            if not run_dir.is_dir():
                raise ValueError(f"{run_dir} is not a directory")
            model_path = _run_model_path(run_dir)
            if not (run_dir / "config.toml").is_file():
                raise ValueError(f"{run_dir} is not a run directory (no config.toml)")
            found: list[tuple[int, Path | None]] = list(list_versions(run_dir))
            if not found or found[0][0] != 0:
                found.insert(0, (0, None))  # version 0: the run's base weights
            weights = pick_versions(found, args.max_versions)
            out = Path(args.out) if args.out else run_dir / "eval"
    except (ValueError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    results = trio.run(
        lambda: evaluate(
            model_path,
            weights,
            tasks,
            episodes=args.episodes,
            temperature=args.temperature,
            log=log,
        )
    )
    meta = {
        "model_path": str(model_path),
        "suite": args.suite or "engine/heldout_envs",
        "tasks": [t.name for t in tasks],
        "episodes": args.episodes,
        "temperature": args.temperature,
    }
    write_outputs(out, results, meta)
    print(table(results))
    print(f"wrote {out / 'eval.json'}, {out / 'eval.md'}, {out / 'eval.png'}")
    return 0


if __name__ == "__main__":
    from engine._cli import exit_with

    exit_with(main)
