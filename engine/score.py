"""``python -m engine.score FILE.py --k 8``: is this environment at the frontier for this agent?

Runs the Critic's one scoring path (``actors.critic.score_env``): validates the file with every
Critic check (a rejection prints the reason and exits 1), then plays K episodes without the
hint and K with it — K seeds drawn from a generator seeded by ``--seed``, the same K in both
conditions, so the two are paired — with the chosen agent, then the replay checks
(``constant_solution``, ``information_gate``, ``state_survives_reset``):

- ``--agent MODULE:CALLABLE`` (MODULE a module name or a ``.py`` file path) — a scripted agent ``(observations, hint, rng, memory) -> str``
  run in this process (``MODULE`` is a dotted module name or a path to a ``.py`` file);
- ``--policy-url URL`` — a policy server (SGLang or ``engine.serve``), with the tokenizer of
  ``--model`` (default: the server's reported tokenizer/model path).

It prints success without and with the hint, the regret with its confidence interval
(``actors.critic.regret_score``), the hint's origin, leak flags, and beside them the
success-rate proxies a user might otherwise pick — the 50%-target score ``p(1-p)`` of the
no-hint success rate and ``1 - p`` (reward for agent failure) — so the difference shows: a coin
flip maximises ``p(1-p)``, an impossible task maximises ``1 - p``, only regret rewards the
learnable frontier. ``--json`` prints one object; ``--seed`` makes the run reproducible.

Exit status: 0 scored, 1 rejected, 2 usage error (no such file, module or callable, bad config).
An agent that raises or returns a non-string fails that episode (``policy_error``, reported with
the agent's name and the turn); the run continues.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec
import trio

from engine._cli import JsonUsageParser, printable, usage_json
from engine.config import CRITIC_K_MAX, Config, url_problem
from engine.messages import EnvProposed, EnvRejected, EnvScored, EnvValidated, EpisodeFinished
from engine.validate import add_common_arguments, load, print_verdict, read_source, verdict_json

__all__ = ["ScoreReport", "load_agent", "main", "score_file"]

SCRIPTED_TURN_TIMEOUT_S = 60.0
"""Seconds one turn of a ``--agent`` callable may take (it runs in a worker thread)."""


class ScoreReport(msgspec.Struct, frozen=True, kw_only=True):
    """What ``engine.score`` reports (the ``--json`` object).

    Attributes:
        file: the environment file.
        measured: ``False`` when too many episodes failed on the agent's side (fewer than half
            of ``k`` per condition were played): no rates are reported.
        accepted: validation's verdict: the program is a playable environment (``False``:
            the other fields are defaults). Not whether the Designer is paid: that is
            ``frontier``.
        reason: rejection reason, ``"not_measured"`` when ``measured`` is ``False``, or
            ``None``.
        detail: rejection detail.
        evidence: rejection evidence.
        k: episodes per condition.
        seed: seed of the generator the episode seeds were drawn from.
        seeds: the episode seeds played (the same K in both conditions).
        agent: the agent's name (``module:callable`` or the policy URL).
        success_without: no-hint success rate.
        success_with: hinted success rate.
        regret: ``success_with - success_without``.
        ci_low: regret interval, lower bound.
        ci_high: regret interval, upper bound.
        interval: interval method and confidence, e.g. ``"wilson@0.9"``.
        frontier: the Designer is paid regret: it passed the Critic's acceptance test and no
            leak or integrity flag is set (an ``information_gate`` design is ``accepted`` and
            not ``frontier``).
        flags: Critic flags (``impossible``, ``trivial``, ``coin_flip``, ``hint_states_answer``,
            ``answer_in_observations``, ``constant_solution``, ``information_gate``).
        flag_evidence: what shows each integrity flag.
        hint: the hint used.
        hint_origin: ``designer`` (the program's ``HINT``), ``user`` (``--hint``) or ``none``.
        hint_states_answer: leak flag: the hint contains the answer or its literal text wins.
        answer_in_observations: leak flag: the answer showed up in an observation.
        proxy_target50: ``p(1-p)`` of the no-hint success rate (the 50%-target proxy).
        proxy_failure: ``1 - p`` of the no-hint success rate (reward-for-failure proxy).
        episodes_failed: episodes that ended in ``env_error`` or ``policy_error``.
        errors: one line per failed episode (agent name, turn, error).
    """

    file: str
    accepted: bool
    measured: bool = True
    reason: str | None = None
    detail: str = ""
    evidence: dict[str, Any] = {}
    k: int = 0
    seed: int = 0
    seeds: list[int] = []
    agent: str = ""
    success_without: float = 0.0
    success_with: float = 0.0
    regret: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 0.0
    interval: str = ""
    frontier: bool = False
    flags: list[str] = []
    flag_evidence: dict[str, Any] = {}
    hint: str = ""
    hint_origin: str = "none"
    hint_states_answer: bool = False
    answer_in_observations: bool = False
    proxy_target50: float = 0.0
    proxy_failure: float = 0.0
    episodes_failed: int = 0
    errors: list[str] = []


class AgentLoadError(Exception):
    """``--agent`` names a module or callable that cannot be loaded."""


def load_agent(spec: str) -> Any:
    """Import a scripted agent ``MODULE:CALLABLE``.

    Args:
        spec: ``package.module:function`` or ``path/to/file.py:function``.

    Returns:
        The callable.

    Raises:
        AgentLoadError: malformed spec, missing module or file, missing or non-callable name,
            a callable that cannot take ``(observations, hint, rng, memory)``.
    """
    module_name, sep, attr = spec.rpartition(":")
    if not sep or not module_name or not attr:
        raise AgentLoadError(f"--agent {spec!r}: expected MODULE:CALLABLE")
    try:
        if module_name.endswith(".py") or "/" in module_name:
            path = Path(module_name)
            if not path.is_file():
                raise AgentLoadError(f"--agent {spec!r}: no such file {module_name!r}")
            mod_spec = importlib.util.spec_from_file_location(f"_agent_{path.stem}", path)
            if mod_spec is None or mod_spec.loader is None:
                raise AgentLoadError(f"--agent {spec!r}: cannot import {module_name!r}")
            module = importlib.util.module_from_spec(mod_spec)
            mod_spec.loader.exec_module(module)
        else:
            if "" not in sys.path and str(Path.cwd()) not in sys.path:
                sys.path.insert(0, str(Path.cwd()))
            module = importlib.import_module(module_name)
    except AgentLoadError:
        raise
    except ImportError as exc:
        raise AgentLoadError(f"--agent {spec!r}: no module {module_name!r} ({exc})") from None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # SystemExit at import ended the CLI silently (a new user's)
        raise AgentLoadError(
            f"--agent {spec!r}: importing {module_name!r} raised {type(exc).__name__}: {exc}"
        ) from None
    fn = getattr(module, attr, None)
    if fn is None:
        raise AgentLoadError(f"--agent {spec!r}: module {module_name!r} has no {attr!r}")
    if not callable(fn):
        raise AgentLoadError(f"--agent {spec!r}: {attr!r} is a {type(fn).__name__}, not callable")
    if inspect.iscoroutinefunction(fn) or inspect.isasyncgenfunction(fn):
        raise AgentLoadError(
            f"--agent {spec!r}: {attr!r} is an async function; a scripted agent is a plain "
            "function (observations, hint, rng, memory) -> str"
        )
    try:
        inspect.signature(fn).bind(["obs"], "hint", random.Random(0), {})
    except TypeError as exc:
        raise AgentLoadError(
            f"--agent {spec!r}: {attr!r} must take (observations, hint, rng, memory) and "
            f"return the action string; its signature is {inspect.signature(fn)} ({exc})"
        ) from None
    except ValueError:  # a builtin without a signature: let it run
        pass
    return fn


async def score_file(
    source: str,
    config: Config,
    agent: Any,
    *,
    k: int,
    seed: int = 0,
    hint: str = "",
    file: str = "",
) -> ScoreReport:
    """Validate, play 2K episodes and score one environment (``actors.critic.score_env``).

    Args:
        source: the environment program.
        config: the whole config (``sandbox``, ``critic``, ``agent`` sections are used).
        agent: an ``actors.agent`` agent (``ScriptedAgent`` or ``PolicyAgent``).
        k: episodes per condition.
        seed: seeds the generator the episode seeds are drawn from (reproducible runs).
        hint: a hint to use instead of the program's ``HINT`` ("" for the program's).
        file: the file name to report.

    Returns:
        The :class:`ScoreReport`. Never raises for anything the program or agent does.

    Cancellation: cancellable; the sandbox closes.
    """
    import random

    from actors.critic import score_env
    from sandbox_wasm import Sandbox

    critic = msgspec.structs.replace(config.critic, k=k, episode_seed=seed)
    episodes: list[EpisodeFinished] = []
    validated: list[EnvValidated] = []
    async with Sandbox.open(config.sandbox) as sandbox:
        outcome = await score_env(
            EnvProposed(env_id="env", source=source, hint=hint),
            sandbox=sandbox,
            agent=agent,
            config=critic,
            agent_config=config.agent,
            rng=random.Random(seed),
            episodes=episodes,
            validated=validated,
        )
    name = getattr(agent, "name", "")
    seeds = sorted({e.seed for e in episodes})
    failed = [e for e in episodes if e.status in ("env_error", "policy_error")]
    errors = [f"episode {e.episode_id} (seed {e.seed}): {e.status}: {e.reason}" for e in failed]
    used_hint = validated[0].proposal.hint if validated else hint
    origin = "user" if hint else ("designer" if used_hint else "none")
    if isinstance(outcome, EnvRejected):
        if outcome.reason == "not_measured":
            return ScoreReport(
                file=file,
                accepted=True,
                measured=False,
                reason="not_measured",
                detail=outcome.detail,
                k=k,
                seed=seed,
                seeds=seeds,
                agent=name,
                hint=used_hint,
                hint_origin=origin,
                episodes_failed=len(failed),
                errors=errors,
            )
        return ScoreReport(
            file=file,
            k=k,
            seed=seed,
            seeds=seeds,
            agent=name,
            errors=errors,
            episodes_failed=len(failed),
            **verdict_json(outcome),
        )
    assert isinstance(outcome, EnvScored)
    p = outcome.success_without
    return ScoreReport(
        file=file,
        accepted=True,
        k=k,
        seed=seed,
        seeds=seeds,
        agent=name,
        success_without=outcome.success_without,
        success_with=outcome.success_with,
        regret=outcome.regret,
        ci_low=outcome.ci_low,
        ci_high=outcome.ci_high,
        interval=f"{critic.interval}@{critic.confidence:g}",
        frontier=outcome.accepted,
        flags=list(outcome.flags),
        flag_evidence=dict(outcome.evidence),
        hint=outcome.hint,
        hint_origin=origin,
        hint_states_answer="hint_states_answer" in outcome.flags,
        answer_in_observations="answer_in_observations" in outcome.flags,
        proxy_target50=p * (1.0 - p),
        proxy_failure=1.0 - p,
        episodes_failed=len(failed),
        errors=errors,
    )


def print_report(r: ScoreReport) -> None:
    """Human-readable report on stdout."""
    print(
        f"{r.file}: validated; {r.k} episodes per condition (seeds drawn with --seed {r.seed}), "
        f"agent {r.agent}"
    )
    print(f"  success without hint   {r.success_without:6.3f}")
    print(f"  success with hint      {r.success_with:6.3f}")
    print(
        f"  regret                 {r.regret:+6.3f}   [{r.ci_low:+.3f}, {r.ci_high:+.3f}] ({r.interval})"
    )
    # "frontier (accepted) no" read as "not accepted" for a validated, flagged design (a
    # tester's, 2026-12-04): accepted means it passed validation; frontier is the verdict
    print(
        f"  frontier               {'yes' if r.frontier else 'no'} (accepted by validation: "
        f"{'yes' if r.accepted else 'no'})"
    )
    print(f"  flags                  {', '.join(r.flags) or '-'}")
    for flag, ev in r.flag_evidence.items():
        print(f"    {flag}: {printable(json.dumps(ev, ensure_ascii=False)[:300])}")
    print(f"  hint ({r.hint_origin})         {r.hint!r}")
    print(
        f"  leak: hint states answer {r.hint_states_answer}; answer in observations {r.answer_in_observations}"
    )
    print("  proxies (for comparison, not the designer reward):")
    print(f"    50%-target p(1-p)    {r.proxy_target50:6.3f}")
    print(f"    failure 1-p          {r.proxy_failure:6.3f}")
    for line in r.errors:
        print(f"  error: {printable(line)}", file=sys.stderr)


async def _with_policy(source: str, config: Config, args: argparse.Namespace) -> ScoreReport:
    from actors.agent import PolicyAgent
    from engine.inference import PolicyClient, load_tokenizer

    async with PolicyClient([args.policy_url], config.policy) as client:
        model = args.model
        if not model:
            info = await client.model_info()
            model = info.tokenizer_path or info.model_path
        tokenizer = load_tokenizer(model)
        agent = PolicyAgent(
            client,
            tokenizer,
            config.agent,
            temperature=config.policy.temperature,
            top_p=config.policy.top_p,
            name=args.policy_url,
        )
        return await score_file(
            source, config, agent, k=args.k, seed=args.seed, hint=args.hint, file=args.file
        )


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status (0 scored, 1 rejected, 2 usage error)."""
    from actors.agent import ScriptedAgent

    parser = JsonUsageParser(
        prog="python -m engine.score",
        description="Validate one environment file and measure its hint-based regret.",
    )
    add_common_arguments(parser)
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--policy-url", default="", help="policy server URL (SGLang or engine.serve)")
    who.add_argument(
        "--agent",
        default="",
        help="scripted agent MODULE:CALLABLE (MODULE: a module name or a .py file); the "
        "callable is (observations: list[str], hint: str | None, rng: random.Random, memory: "
        "dict) -> str, run in a worker thread, at most 60 s a turn",
    )
    parser.add_argument("--model", default="", help="tokenizer/model path for --policy-url")
    parser.add_argument(
        "--k", type=int, default=None, help="episodes per condition (default: critic.k)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the episode-seed generator (default 0)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        if args.k is not None and not 1 <= args.k <= CRITIC_K_MAX:
            parser.error(f"--k must be 1 to {CRITIC_K_MAX:,}, got {args.k}")
        if args.policy_url and (problem := url_problem(args.policy_url)):
            parser.error(f"--policy-url {args.policy_url!r}: {problem}")
        source = read_source(parser, args.file)
        config = load(parser, args)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.k is None:
        args.k = config.critic.k
    # a check turned off by an override is said, not silent (tester51: a plainly labelled
    # table came out frontier under --set critic.gate_checks=0, with no word why)
    for field, check in (
        ("gate_checks", "information-gate"),
        ("replay_seeds", "constant-solution"),
    ):
        if getattr(config.critic, field) == 0:
            print(
                f"python -m engine.score: note: critic.{field}=0 turns the {check} check off",
                file=sys.stderr,
            )
    if args.agent:
        try:
            fn = load_agent(args.agent)
        except AgentLoadError as exc:
            print(f"python -m engine.score: error: {exc}", file=sys.stderr)
            if args.json:
                print(usage_json(str(exc)))
            return 2
        # a worker thread with a turn limit: a file's agent that sleeps or loops must not hang
        # the score (a new user's time.sleep did)
        agent = ScriptedAgent(fn, name=args.agent, turn_timeout_s=SCRIPTED_TURN_TIMEOUT_S)
        report = trio.run(
            lambda: score_file(
                source, config, agent, k=args.k, seed=args.seed, hint=args.hint, file=args.file
            )
        )
    else:
        try:
            report = trio.run(_with_policy, source, config, args)
        except BaseException as exc:  # noqa: BLE001 - engine errors become one line, others re-raised
            errors = _engine_errors(exc)
            if not errors:
                raise
            print(f"python -m engine.score: error: {errors[0]}", file=sys.stderr)
            if args.json:
                print(usage_json(str(errors[0])))
            return 2
    if args.json:
        print(json.dumps(msgspec.to_builtins(report), ensure_ascii=False))
        for line in report.errors:
            print(f"error: {printable(line)}", file=sys.stderr)
    elif not report.measured:
        print(
            f"{args.file}: not measured: {report.episodes_failed} of {2 * report.k} episodes "
            f"({report.k} with the hint and {report.k} without) failed on the agent's side",
            file=sys.stderr,
        )
        for line in report.errors[:5]:
            print(f"  {printable(line)}", file=sys.stderr)
    elif not report.accepted:
        print_verdict(
            args.file,
            EnvRejected(
                env_id="env",
                reason=report.reason or "",
                detail=report.detail,
                evidence=report.evidence,
            ),
        )
    else:
        print_report(report)
    return 0 if report.accepted and report.measured else 1


def _engine_errors(exc: BaseException) -> list[BaseException]:
    """The ``EngineError`` s inside ``exc`` (trio groups them)."""
    from engine.errors import EngineError

    if isinstance(exc, BaseExceptionGroup):
        return [e for sub in exc.exceptions for e in _engine_errors(sub)]
    return [exc] if isinstance(exc, EngineError) else []


if __name__ == "__main__":
    from engine._cli import exit_with

    exit_with(main)
