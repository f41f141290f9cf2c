"""Every design on disk: the records of ``designs.jsonl`` and ``episodes.jsonl``, and a reader.

The Recorder (``engine.loop``) appends one :class:`DesignRecord` per model-written design as
its verdict arrives (scored or rejected, for any reason, ``unparseable`` included) and one
:class:`EpisodeRecord` per kept episode transcript (``run.keep_episodes``). Both files are
append-only JSON lines; a torn last line is skipped by readers (``engine.rundir``).

``python -m engine.designs RUN_DIR [--reason R] [--iteration N] [--show ID]`` prints counts by
reason and iteration, the matching designs, or one design with its verdict and transcripts.
Exit codes: 0 done, 2 bad input (no such run directory, no ``designs.jsonl``, unknown id).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from engine.messages import EnvRejected, EnvScored, EpisodeFinished
from engine.rundir import read_records
from engine.seeding import derive_seed

__all__ = [
    "DESIGNS_FILE",
    "EPISODES_FILE",
    "DesignRecord",
    "EpisodeRecord",
    "TurnRecord",
    "design_record",
    "episode_kept",
    "episode_record",
    "main",
]

DESIGNS_FILE = "designs.jsonl"
EPISODES_FILE = "episodes.jsonl"


class DesignRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One line of ``designs.jsonl``: a model-written design and its verdict.

    Attributes:
        design_id: the environment id (``<request id>/<sample index>``).
        iteration: the self-play iteration that requested it (1-based).
        group_id: its design request (GRPO group).
        passage_id: the grounding passage.
        policy_version: weight version that wrote it.
        completion: the raw completion text, cut at ``completion_cap`` characters.
        completion_chars: length of the whole completion (characters).
        completion_cap: the cap in force (``run.completion_chars``).
        prompt_tokens: prompt length (tokens).
        output_tokens: completion length (tokens).
        tokens_kept: where token ids and logprobs are kept: ``"none"`` (the learner consumed
            them; re-tokenize ``completion`` with the run's tokenizer for the ids).
        parsed: whether a program was extracted.
        parse_error: why not (``"<reason>: <detail>"``), else "".
        source: the parsed program ("" when unparsed).
        hint: the designer's parsed ``HINT``.
        verdict: ``"accepted"``, ``"scored"`` (scored, not frontier) or ``"rejected"``.
        reason: the rejection reason, ``"accepted"`` or ``"scored"``.
        detail: the rejection's one line ("" when scored).
        evidence: what shows a rejection or an integrity flag.
        k: episodes per condition (0 when rejected).
        success_without: success rate without the hint (scored only).
        success_with: success rate with the hint (scored only).
        regret: ``success_with - success_without`` (scored only).
        ci_low: lower bound of the regret interval (scored only).
        ci_high: upper bound (scored only).
        flags: the Critic's labels (scored only).
        hint_used: the hint the Agent saw (scored only).
        hint_origin: where it came from (scored only).
    """

    design_id: str
    iteration: int
    group_id: str
    passage_id: str
    policy_version: int
    completion: str
    completion_chars: int
    completion_cap: int
    prompt_tokens: int
    output_tokens: int
    tokens_kept: Literal["none"] = "none"
    parsed: bool
    parse_error: str = ""
    source: str = ""
    hint: str = ""
    verdict: Literal["accepted", "scored", "rejected"]
    reason: str
    detail: str = ""
    evidence: dict[str, Any] = {}
    k: int = 0
    success_without: float | None = None
    success_with: float | None = None
    regret: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    flags: list[str] = []
    hint_used: str | None = None
    hint_origin: str | None = None


class TurnRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One turn of a transcript (texts cut at ``run.turn_chars`` characters)."""

    action: str
    tool: str | None = None
    observation: str
    reward: float
    terminated: bool
    truncated: bool
    error: str | None = None
    output_tokens: int


class EpisodeRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One line of ``episodes.jsonl``: an episode transcript.

    Attributes:
        episode_id: the episode.
        env_id: its environment (a design id, or an archived environment's id).
        purpose: ``"score"`` (played by the Critic for a verdict) or ``"train"`` (a replay).
        seed: the ``reset`` seed.
        hinted: whether the Agent saw the hint.
        status: ``ok``, ``max_turns``, ``token_budget``, ``env_error`` or ``policy_error``.
        reason: detail when status is not ``ok``.
        success: the episode's success.
        episode_return: sum of rewards.
        policy_version: weight version that played it.
        turns: the turns, in order.
        turn_chars: the cap on each action and observation (characters).
    """

    episode_id: str
    env_id: str
    purpose: str
    seed: int
    hinted: bool
    status: str
    reason: str
    success: bool
    episode_return: float
    policy_version: int
    turns: list[TurnRecord]
    turn_chars: int


def design_record(
    outcome: EnvScored | EnvRejected, iteration: int, *, completion_cap: int
) -> DesignRecord | None:
    """The record of one model-written design's verdict, or ``None`` for anything else (an
    archived environment re-scored, a rejection without its proposal)."""
    p = outcome.proposal
    if p is None or p.policy_version < 0:
        return None
    text = p.completion or (p.source if p.parse_error else "")
    common: dict[str, Any] = dict(
        design_id=p.env_id,
        iteration=iteration,
        group_id=p.group_id,
        passage_id=p.passage_id,
        policy_version=p.policy_version,
        completion=text[:completion_cap],
        completion_chars=len(text),
        completion_cap=completion_cap,
        prompt_tokens=len(p.prompt_ids),
        output_tokens=len(p.output_ids),
        parsed=not p.parse_error,
        parse_error=p.parse_error,
        source="" if p.parse_error else p.source,
        hint=p.hint,
    )
    if isinstance(outcome, EnvRejected):
        return DesignRecord(
            **common,
            verdict="rejected",
            reason=outcome.reason,
            detail=outcome.detail,
            evidence=outcome.evidence,
        )
    verdict: Literal["accepted", "scored"] = "accepted" if outcome.accepted else "scored"
    return DesignRecord(
        **common,
        verdict=verdict,
        reason=verdict,
        evidence=outcome.evidence,
        k=outcome.k,
        success_without=outcome.success_without,
        success_with=outcome.success_with,
        regret=outcome.regret,
        ci_low=outcome.ci_low,
        ci_high=outcome.ci_high,
        flags=list(outcome.flags),
        hint_used=outcome.hint,
        hint_origin=outcome.hint_origin,
    )


def episode_kept(episode_id: str, keep: str | float) -> bool:
    """Whether ``run.keep_episodes`` keeps this episode's transcript.

    A fraction keeps an episode when a hash of its id falls below it, so a rerun keeps the
    same episodes whatever order they finish in.
    """
    if keep == "all":
        return True
    if keep == "none" or isinstance(keep, str):
        return False
    return derive_seed(0, "keep", episode_id) < float(keep) * 2**31


def episode_record(ep: EpisodeFinished, *, turn_chars: int) -> EpisodeRecord:
    """The transcript of one episode, texts cut at ``turn_chars`` characters."""
    return EpisodeRecord(
        episode_id=ep.episode_id,
        env_id=ep.env_id,
        purpose=ep.purpose,
        seed=ep.seed,
        hinted=ep.hinted,
        status=ep.status,
        reason=ep.reason[:turn_chars],
        success=ep.success,
        episode_return=ep.episode_return,
        policy_version=ep.policy_version,
        turns=[
            TurnRecord(
                action=t.action[:turn_chars],
                tool=t.tool,
                observation=t.observation[:turn_chars],
                reward=t.reward,
                terminated=t.terminated,
                truncated=t.truncated,
                error=t.error,
                output_tokens=len(t.output_ids),
            )
            for t in ep.turns
        ],
        turn_chars=turn_chars,
    )


# --------------------------------------------------------------------------------- the CLI


class _BadInput(Exception):
    """A one-line error for exit code 2."""


def _load(run_dir: Path) -> list[dict[str, Any]]:
    if not run_dir.is_dir():
        raise _BadInput(f"{str(run_dir)!r}: no such run directory")
    path = run_dir / DESIGNS_FILE
    if not path.exists():
        raise _BadInput(f"{str(run_dir)!r}: no {DESIGNS_FILE} (not a run directory, or a run "
                        "from before designs were recorded)")  # fmt: skip
    return read_records(path)


def _summary(rows: list[dict[str, Any]], out: Any) -> None:
    by_reason = Counter(str(r.get("reason")) for r in rows)
    print(f"{len(rows)} designs", file=out)
    print("by reason:", file=out)
    width = max((len(k) for k in by_reason), default=6)
    for reason, n in by_reason.most_common():
        print(f"  {reason.ljust(width)}  {n:5d}", file=out)
    print("by iteration:", file=out)
    print("  iter  designs  accepted  scored  rejected", file=out)
    its: dict[int, Counter[str]] = {}
    for r in rows:
        its.setdefault(int(r.get("iteration", 0)), Counter())[str(r.get("verdict"))] += 1
    for it in sorted(its):
        c = its[it]
        print(
            f"  {it:4d}  {sum(c.values()):7d}  {c['accepted']:8d}  {c['scored']:6d}  "
            f"{c['rejected']:8d}",
            file=out,
        )


def _listing(rows: list[dict[str, Any]], out: Any) -> None:
    print("designs:", file=out)
    for r in rows:
        line = r.get("detail") or (
            f"regret {r['regret']:+.2f}" if r.get("regret") is not None else ""
        )
        line = " ".join(str(line).split())[:100]
        print(f"  {r['design_id']}  it{r.get('iteration')}  {r.get('reason')}  {line}", file=out)


def _show(run_dir: Path, rec: dict[str, Any], out: Any) -> None:
    def field(name: str, value: Any) -> None:
        print(f"{name}: {value}", file=out)

    field("design", rec["design_id"])
    field("iteration", rec.get("iteration"))
    field("passage", rec.get("passage_id"))
    field("policy version", rec.get("policy_version"))
    field("verdict", f"{rec.get('verdict')} ({rec.get('reason')})")
    if rec.get("detail"):
        field("detail", rec["detail"])
    if rec.get("regret") is not None:
        field(
            "regret",
            f"{rec['regret']:+.3f} [{rec.get('ci_low'):+.3f}, {rec.get('ci_high'):+.3f}] "
            f"(success {rec.get('success_without'):.2f} without the hint, "
            f"{rec.get('success_with'):.2f} with; k = {rec.get('k')})",
        )
        field("flags", ", ".join(rec.get("flags") or []) or "-")
        field("hint used", f"{rec.get('hint_used')!r} ({rec.get('hint_origin')})")
    if rec.get("evidence"):
        field("evidence", json.dumps(rec["evidence"], indent=2, ensure_ascii=False))
    if rec.get("parse_error"):
        field("parse error", rec["parse_error"])
    cut = rec.get("completion_chars", 0) > len(rec.get("completion", ""))
    print(
        f"--- completion ({rec.get('completion_chars')} characters, "
        f"{rec.get('output_tokens')} tokens{', cut at ' + str(rec.get('completion_cap')) if cut else ''})",
        file=out,
    )
    print(rec.get("completion", ""), file=out)
    if rec.get("parsed"):
        print(f"--- parsed program (HINT {rec.get('hint')!r})", file=out)
        print(rec.get("source", ""), file=out)
    episodes = [
        e for e in read_records(run_dir / EPISODES_FILE) if e.get("env_id") == rec["design_id"]
    ]
    print(f"--- {len(episodes)} episode transcripts kept", file=out)
    for e in episodes:
        print(
            f"episode {e['episode_id']} seed {e['seed']} "
            f"{'with' if e['hinted'] else 'without'} hint: {e['status']}, "
            f"{'success' if e['success'] else 'failure'}, return {e['episode_return']:g}"
            + (f" ({e['reason']})" if e.get("reason") else ""),
            file=out,
        )
        for i, t in enumerate(e.get("turns", [])):
            act = f"{t['tool']}: {t['action']}" if t.get("tool") else t["action"]
            print(f"  turn {i}: action {act!r}", file=out)
            print(f"          observation {t['observation']!r} reward {t['reward']:g}", file=out)
            if t.get("error"):
                print(f"          error {t['error']}", file=out)


def main(argv: Sequence[str] | None = None, out: Any = None) -> int:
    """``python -m engine.designs``: summarise a run's designs (module docstring).

    Returns:
        The exit code: 0, or 2 on bad input (one line on stderr).
    """
    out = sys.stdout if out is None else out
    p = argparse.ArgumentParser(
        prog="python -m engine.designs",
        description="Counts of a run's designs by reason and iteration, or one design.",
    )
    p.add_argument("run_dir", metavar="RUN_DIR", help="the run directory")
    p.add_argument("--reason", help="only designs with this reason (e.g. unparseable, accepted)")
    p.add_argument("--iteration", type=int, help="only designs of this iteration")
    p.add_argument("--show", metavar="ID", help="one design with its verdict and transcripts")
    args = p.parse_args(argv)
    run_dir = Path(args.run_dir)
    try:
        rows = _load(run_dir)
        if args.show is not None:
            found = [r for r in rows if r.get("design_id") == args.show]
            if not found:
                raise _BadInput(f"no design {args.show!r} in {str(run_dir / DESIGNS_FILE)!r}")
            _show(run_dir, found[-1], out)
            return 0
    except _BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    known = sorted({str(r.get("reason")) for r in rows})
    if args.reason is not None and rows and args.reason not in known:
        print(
            f"error: no design with reason {args.reason!r} in this run "
            f"(its reasons: {', '.join(known)})",
            file=sys.stderr,
        )
        return 2
    iterations: list[int] = sorted(
        {int(r["iteration"]) for r in rows if isinstance(r.get("iteration"), int)}
    )
    if args.iteration is not None and iterations and args.iteration not in iterations:
        print(
            f"error: no design of iteration {args.iteration} in this run "
            f"(iterations {iterations[0]}..{iterations[-1]})",
            file=sys.stderr,
        )
        return 2
    if args.reason is not None:
        rows = [r for r in rows if r.get("reason") == args.reason]
    if args.iteration is not None:
        rows = [r for r in rows if r.get("iteration") == args.iteration]
    _summary(rows, out)
    if args.reason is not None or args.iteration is not None:
        _listing(rows, out)
    return 0


if __name__ == "__main__":
    from engine._cli import exit_with

    exit_with(main)
