"""The Environment Designer: prompt, sample a group of designs, parse program and hint.

For each ``DesignRequested`` (one grounding passage) the Designer builds one chat prompt
(``build_design_prompt``): the environment contract, the passage, and a memory block with the
``memory_k`` archived environments nearest to the passage (their success without and with the
hint, and regret) plus the ``recent_k`` most recent ones. It samples ``group_size`` designs from
that prompt (one GRPO group, DESIGN.md §6), parses each answer (``parse_design``) and sends an
``EnvProposed`` carrying the prompt ids, output ids and rollout logprobs for training.

Parsing only extracts: it finds the program (fenced or not, among prose) and its ``HINT``; it
never judges the program (compiling and running it is the Critic's job). A malformed answer is
a value, never an exception: it becomes ``EnvRejected(reason="unparseable")``.
"""

from __future__ import annotations

import ast
import math
import random
import re
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import nullcontext
from typing import Any, Protocol

import msgspec
import numpy as np
import trio

from actors.memory import ArchiveRecord, Neighbour
from engine.config import DesignerConfig
from engine.contract import CONTRACT_TEXT
from engine.corpus import Corpus
from engine.inference import chat_ids, policy_version
from engine.messages import DesignerIn, DesignRequested, EnvProposed, EnvRejected, WeightsUpdated
from engine.seeding import derive_seed

__all__ = [
    "Designer",
    "DesignerStatistics",
    "MemoryView",
    "ParseFailure",
    "ParsedDesign",
    "build_design_prompt",
    "parse_design",
    "request_from_corpus",
]

# ---------------------------------------------------------------------------------- parsing


class ParsedDesign(msgspec.Struct, frozen=True, kw_only=True):
    """A design extracted from the model's answer.

    Attributes:
        source: the program text (``HINT = ...`` appended when the hint was only in prose).
        hint: the literal ``HINT`` string ("" when ``HINT`` is not a literal; the Critic then
            reads it from the loaded module).
    """

    source: str
    hint: str


class ParseFailure(msgspec.Struct, frozen=True, kw_only=True):
    """Why an answer could not be parsed.

    Attributes:
        reason: ``empty``, ``no_code``, ``no_env_class`` or ``missing_hint``.
        detail: one line for logs and ``EnvRejected.detail``.
    """

    reason: str
    detail: str = ""


_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+.-]*)[^\n]*\n(.*?)(?:\n[ \t]*```|\Z)", re.S)
_ENV_CLASS = re.compile(r"^class\s+Env\b", re.M)
_CODE_START = re.compile(
    r"^(?:import\s|from\s+\S+\s+import\s|class\s+Env\b|(?:DESCRIPTION|HINT|MAX_TURNS|TOOLS)\s*=|"
    r"\"\"\"|'''|#)",
    re.M,
)
_HINT_ASSIGN = re.compile(
    r"^HINT\s*(?::\s*str\s*)?=\s*(?P<lit>\"\"\".*?\"\"\"|'''.*?'''|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*')",
    re.M | re.S,
)
_HINT_ANY_ASSIGN = re.compile(r"^HINT\s*(?::[^=\n]*)?=", re.M)
_HINT_PROSE = re.compile(r"^\W*hint\W*\s*[:=-]\s*(?P<h>\S.*)$", re.M | re.I)


def _trim_trailing_prose(code: str) -> str:
    """Drop trailing lines until the code parses (at most 30); unchanged if none parses."""
    lines = code.rstrip().split("\n")
    for cut in range(0, min(30, len(lines) - 1)):
        candidate = "\n".join(lines[: len(lines) - cut])
        try:
            ast.parse(candidate)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            # RecursionError / MemoryError: a deep expression (a 3,000-term sum) overflows
            # the parser; the Critic's sandboxed compile names it, the parser must not raise
            continue
        if _ENV_CLASS.search(candidate):
            return candidate
        break
    return code


def _extract_code(text: str) -> str | ParseFailure:
    blocks: list[str] = [str(body) for _lang, body in _FENCE.findall(text)]
    with_env = [b for b in blocks if _ENV_CLASS.search(b)]
    if with_env:
        return max(with_env, key=len)
    if blocks and not _ENV_CLASS.search(text):
        return ParseFailure(reason="no_env_class", detail="no code block defines `class Env`")
    # no fences (or fences without Env): take the program from its first code-looking line
    body = _FENCE.sub(lambda m: m.group(2), text) if blocks else text
    m = _ENV_CLASS.search(body)
    if m is None:
        if _CODE_START.search(body):
            return ParseFailure(reason="no_env_class", detail="the answer defines no `class Env`")
        return ParseFailure(reason="no_code", detail="the answer holds no Python program")
    starts = [s.start() for s in _CODE_START.finditer(body, 0, m.start() + 1)]
    code = body[starts[0] :] if starts else body[m.start() :]
    return _trim_trailing_prose(code)


def _literal_hint(source: str) -> tuple[bool, str | None]:
    """``(HINT assigned at module level, its literal string or None)``."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        tree = None
    if tree is not None:
        for node in tree.body:
            targets: list[ast.expr] = []
            value: ast.expr | None = None
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign):
                targets, value = [node.target], node.value
            if any(isinstance(t, ast.Name) and t.id == "HINT" for t in targets):
                try:
                    lit = ast.literal_eval(value) if value is not None else None
                except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
                    return True, None
                return True, lit if isinstance(lit, str) else None
        return False, None
    m = _HINT_ASSIGN.search(source)  # the program does not parse: a regex is the best we have
    if m is not None:
        try:
            lit = ast.literal_eval(m.group("lit"))
            return True, str(lit)
        except (ValueError, SyntaxError):
            return True, None
    return bool(_HINT_ANY_ASSIGN.search(source)), None


def parse_design(text: str, *, require_hint: bool = True) -> ParsedDesign | ParseFailure:
    """Extract the environment program and its ``HINT`` from a model answer.

    Robust to: code fences with or without a language tag, an unclosed final fence, no fences
    at all, prose before/after/between blocks, ``<think>`` sections, a hint given in prose
    (``Hint: ...``, then appended to the program as ``HINT = ...``), and programs with syntax
    errors (extracted as they are; the Critic rejects them). Never raises.

    Args:
        text: the model's decoded answer.
        require_hint: fail with ``missing_hint`` when no ``HINT`` is found anywhere.

    Returns:
        ``ParsedDesign`` or ``ParseFailure`` (reason ``empty``, ``no_code``, ``no_env_class`` or
        ``missing_hint``).
    """
    if not isinstance(text, str) or not text.strip():
        return ParseFailure(reason="empty", detail="the answer is empty")
    visible = _THINK.sub("", text)
    if not visible.strip():
        return ParseFailure(reason="empty", detail="the answer holds only a <think> section")
    code = _extract_code(visible)
    if isinstance(code, ParseFailure):
        return code
    source = code.strip("\n") + "\n"
    assigned, hint = _literal_hint(source)
    if hint is not None:
        return ParsedDesign(source=source, hint=hint.strip())
    if assigned:
        return ParsedDesign(source=source, hint="")
    outside = visible.replace(code, "")
    m = _HINT_PROSE.search(outside)
    if m is not None:
        prose_hint = m.group("h").strip().strip("*`\"' ")
        if prose_hint:
            return ParsedDesign(source=f"{source}\nHINT = {prose_hint!r}\n", hint=prose_hint)
    if require_hint:
        return ParseFailure(reason="missing_hint", detail="no HINT in the program or the answer")
    return ParsedDesign(source=source, hint="")


# ----------------------------------------------------------------------------------- prompt

_SYSTEM = (
    "You are an environment designer. You write small, self-contained, stateful text "
    "environments (Python programs) that train a reasoning agent. The best environment is "
    "one the agent solves when it is given your HINT and fails without it: not trivial, not "
    "impossible, not luck.\n\n"
)

_INSTRUCTIONS = (
    "Design one new environment inspired by the document above (its ideas, data or "
    "procedures), different from the archived ones. Make the HINT a method or key fact that "
    "makes the task solvable, never the answer itself. Answer with the whole module in one "
    "```python code block."
)


def _rate(x: float | None) -> str:
    return "?" if x is None or math.isnan(x) else f"{x:.2f}"


def _describe(rec: ArchiveRecord, max_chars: int = 220) -> str:
    desc = " ".join((rec.description or rec.source[:max_chars]).split())
    if len(desc) > max_chars:
        desc = desc[: max_chars - 3] + "..."
    if rec.k > 0 and rec.regret is not None:
        stats = (
            f"success without hint {_rate(rec.success_without)}, with hint "
            f"{_rate(rec.success_with)}, regret {rec.regret:+.2f}"
        )
    else:
        stats = "not yet scored"
    return f"{desc} [{stats}]"


def build_design_prompt(
    passage: str,
    neighbours: Sequence[Neighbour | ArchiveRecord],
    recent: Sequence[ArchiveRecord],
    contract_text: str = CONTRACT_TEXT,
) -> list[dict[str, str]]:
    """Chat messages asking for one environment grounded in ``passage``.

    Args:
        passage: the grounding passage text.
        neighbours: archived environments nearest to the passage, best first.
        recent: the most recently archived environments, newest first (those already in
            ``neighbours`` are not repeated).
        contract_text: the environment contract (``engine.contract.CONTRACT_TEXT``).

    Returns:
        ``[{"role": "system", ...}, {"role": "user", ...}]`` for ``apply_chat_template``.
    """
    near = [n.record if isinstance(n, Neighbour) else n for n in neighbours]
    seen = {r.env_id for r in near}
    latest = [r for r in recent if r.env_id not in seen]
    parts = [f"Document:\n<<<\n{passage.strip()}\n>>>"]
    if near or latest:
        mem = ["Memory of environments already built (success rates are the agent's):"]
        if near:
            mem.append("Closest to this document:")
            mem += [f"{i}. {_describe(r)}" for i, r in enumerate(near, 1)]
        if latest:
            mem.append("Most recent:")
            mem += [f"{i}. {_describe(r)}" for i, r in enumerate(latest, 1)]
        mem.append(
            "Regret = success with hint - success without. Aim for high regret; do not repeat "
            "these."
        )
        parts.append("\n".join(mem))
    parts.append(_INSTRUCTIONS)
    return [
        {"role": "system", "content": _SYSTEM + contract_text},
        {"role": "user", "content": "\n\n".join(parts)},
    ]


# ------------------------------------------------------------------------------------ actor


def request_from_corpus(
    corpus: Corpus, rng: random.Random, *, request_id: str, group_size: int
) -> DesignRequested:
    """A design request around the next passage of ``corpus`` (sampled without replacement).

    Args:
        corpus: the grounding corpus (its sampling state advances).
        rng: the run's random generator.
        request_id: unique id; the group's designs share it as ``group_id``.
        group_size: designs G to sample from the prompt.
    """
    passage = corpus.sample(rng)
    return DesignRequested(
        request_id=request_id, passage_id=passage.id, passage=passage.text, group_size=group_size
    )


class MemoryView(Protocol):
    """What the Designer reads from Memory (``actors.memory.Archive`` satisfies it)."""

    def embed(self, text: str) -> np.ndarray:
        """Unit vector of ``text``, shape ``(d,)``; called in a worker thread."""
        ...

    def nearest(self, query: str | np.ndarray, k: int) -> list[Neighbour]:
        """The ``k`` nearest archived environments, best first."""
        ...

    def recent(self, k: int) -> list[ArchiveRecord]:
        """The ``k`` most recent archived environments, newest first."""
        ...


class PolicyLike(Protocol):
    """The subset of ``engine.inference.PolicyClient`` the Designer uses."""

    async def generate(
        self,
        input_ids: list[int],
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop_token_ids: list[int] | None = None,
        sampling_seed: int | None = None,
    ) -> Any:
        """A ``Generation`` (output_ids, output_logprobs, text, weight_version ...)."""
        ...


def head_and_tail(ids: list[int], keep: int, head: int = 32) -> list[int]:
    """The first ``head`` and the last ``keep - head`` of ``ids`` when it is longer than
    ``keep`` (``keep`` 0: all of it): the prompt cut ``designer.prompt_tokens`` asks for, the
    same cut ``python -m bench learning`` trains its warm start on, so that a small model sees
    at run time the prompt shape it learned.

    Args:
        ids: prompt token ids, ``(P,)``.
        keep: tokens kept (0: all).
        head: tokens kept from the start (at most ``keep``).

    Returns:
        The kept ids, ``(min(P, keep),)``.
    """
    if keep <= 0 or len(ids) <= keep:
        return list(ids)
    head = min(head, keep)
    return list(ids[:head]) + list(ids[len(ids) - (keep - head) :])


class DesignerStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Designer.

    Attributes:
        requests: design requests handled.
        designs: designs sampled.
        parsed: designs sent to the Critic as parseable.
        unparseable: unparseable designs per parse-failure reason.
        policy_version: latest weight version seen.
        generate_seconds: total wall time of generation calls (seconds; a group's calls
            overlap).
        output_tokens: total generated tokens.
    """

    requests: int
    designs: int
    parsed: int
    unparseable: dict[str, int]
    policy_version: int
    generate_seconds: float
    output_tokens: int


def _version(gen: Any) -> int:
    """Policy version of a generation: ``engine.inference.policy_version`` (the Agent's rule)."""
    return policy_version(gen.weight_version, getattr(gen, "weight_versions", ()))


class Designer:
    """The Designer actor.

    Args:
        policy: generates completions (``engine.inference.PolicyClient`` or a fake).
        tokenizer: a transformers tokenizer with a chat template.
        config: the ``[designer]`` section (group size default, memory_k, recent_k, sampling).
        memory: the archive to retrieve from (``None``: no memory block).
        contract_text: the contract shown in the prompt.
        seed: deterministic mode: sample ``i`` of request ``r`` carries the sampling seed
            ``derive_seed(seed, "design", r, i)`` (``None``: the server's own randomness).
    """

    name = "designer"

    def __init__(
        self,
        policy: PolicyLike,
        tokenizer: Any,
        config: DesignerConfig,
        *,
        memory: MemoryView | None = None,
        contract_text: str = CONTRACT_TEXT,
        seed: int | None = None,
    ) -> None:
        self.policy = policy
        self.seed = seed
        self.tokenizer = tokenizer
        self.config = config
        self.memory = memory
        self.contract_text = contract_text
        eos = getattr(tokenizer, "eos_token_id", None)
        self._stop = [int(eos)] if isinstance(eos, int) else None
        self._version = 0
        self._requests = 0
        self._designs = 0
        self._parsed = 0
        self._unparseable: Counter[str] = Counter()
        self._gen_s = 0.0
        self._out_tokens = 0

    async def prompt_for(self, request: DesignRequested) -> list[dict[str, str]]:
        """The chat messages for ``request`` (embedding and kNN query run in a worker thread)."""
        neighbours: list[Neighbour] = []
        recent: list[ArchiveRecord] = []
        mem = self.memory
        if mem is not None and (self.config.memory_k or self.config.recent_k):
            if self.config.memory_k:
                vec = await trio.to_thread.run_sync(mem.embed, request.passage)
                # an HNSW query: off the loop thread (the archive's lock serialises it)
                neighbours = await trio.to_thread.run_sync(mem.nearest, vec, self.config.memory_k)
            recent = mem.recent(self.config.recent_k)
        return build_design_prompt(request.passage, neighbours, recent, self.contract_text)

    async def _sample(self, prompt_ids: list[int], out: list[Any], i: int, request_id: str) -> None:
        t0 = time.perf_counter()
        seeded = (
            {}
            if self.seed is None
            else {"sampling_seed": derive_seed(self.seed, "design", request_id, i)}
        )
        out[i] = await self.policy.generate(
            prompt_ids,
            max_new_tokens=self.config.max_new_tokens,
            temperature=self.config.temperature,
            top_p=self.config.top_p,
            stop_token_ids=self._stop,
            **seeded,
        )
        self._gen_s += time.perf_counter() - t0

    async def design(self, request: DesignRequested) -> list[EnvProposed]:
        """Sample and parse one group of designs for ``request``.

        Returns:
            ``group_size`` proposals in sample order; an unparseable one has ``parse_error``
            set (``"<reason>: <detail>"``) and the raw answer as ``source``.

        Raises:
            PolicyError: from the policy client. Cancellable (pending generations are dropped).
        """
        messages = await self.prompt_for(request)
        prompt_ids = head_and_tail(chat_ids(self.tokenizer, messages), self.config.prompt_tokens)
        g = request.group_size if request.group_size > 0 else self.config.group_size
        gens: list[Any] = [None] * g
        async with trio.open_nursery() as nursery:
            for i in range(g):
                nursery.start_soon(self._sample, prompt_ids, gens, i, request.request_id)
        self._requests += 1
        out = []
        for i, gen in enumerate(gens):
            text = gen.text or self.tokenizer.decode(list(gen.output_ids), skip_special_tokens=True)
            parsed = parse_design(text, require_hint=self.config.require_hint)
            self._designs += 1
            self._out_tokens += len(gen.output_ids)
            common: dict[str, Any] = dict(
                env_id=f"{request.request_id}/{i}",
                group_id=request.request_id,
                passage_id=request.passage_id,
                policy_version=_version(gen),
                prompt_ids=prompt_ids,
                output_ids=[int(t) for t in gen.output_ids],
                output_logprobs=[float(x) for x in gen.output_logprobs],
                temperature=self.config.temperature,
                group_size=g,
                completion=text,
            )
            if isinstance(parsed, ParsedDesign):
                self._parsed += 1
                out.append(EnvProposed(source=parsed.source, hint=parsed.hint, **common))
            else:
                self._unparseable[parsed.reason] += 1
                err = f"{parsed.reason}: {parsed.detail}"
                out.append(EnvProposed(source=text, parse_error=err, **common))
        return out

    async def run(
        self,
        inbox: trio.MemoryReceiveChannel[DesignerIn],
        to_critic: trio.MemorySendChannel[EnvProposed],
        to_learner: trio.MemorySendChannel[EnvRejected] | None = None,
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Handle design requests until the inbox closes, then close the outboxes.

        A parseable design goes to ``to_critic``. An unparseable one goes to ``to_learner`` as
        ``EnvRejected(reason="unparseable")`` when that channel is given; otherwise to
        ``to_critic`` as an ``EnvProposed`` with ``parse_error`` set (the Critic turns it into
        the same rejection and fans it out to Memory and the Learner).

        Raises:
            PolicyError: from the policy client.
        """
        task_status.started()
        with inbox, to_critic, to_learner if to_learner is not None else nullcontext():
            async for msg in inbox:
                match msg:
                    case DesignRequested():
                        for prop in await self.design(msg):
                            if prop.parse_error and to_learner is not None:
                                await to_learner.send(
                                    EnvRejected(
                                        env_id=prop.env_id,
                                        group_id=prop.group_id,
                                        reason="unparseable",
                                        detail=prop.parse_error,
                                        proposal=prop,
                                    )
                                )
                            else:
                                await to_critic.send(prop)
                    case WeightsUpdated():
                        self._version = msg.version

    def statistics(self) -> DesignerStatistics:
        """Current counters."""
        return DesignerStatistics(
            requests=self._requests,
            designs=self._designs,
            parsed=self._parsed,
            unparseable=dict(self._unparseable),
            policy_version=self._version,
            generate_seconds=self._gen_s,
            output_tokens=self._out_tokens,
        )
