"""Hint-based regret and its confidence interval (DESIGN.md §1).

``regret = success_with - success_without``: the difference of two independent binomial
proportions, each estimated from K episodes. Its interval is Newcombe's hybrid score interval
(Newcombe 1998, "Interval estimation for the difference between independent proportions",
Statistics in Medicine 17:873-890, method 10), built from the Wilson score interval of each
proportion (Wilson 1927, JASA 22:209-212); or a seeded percentile bootstrap (Efron & Tibshirani
1993, ch. 13) over the two samples.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from statistics import NormalDist
from typing import Literal

import msgspec

__all__ = [
    "DESIGNER_REWARDS",
    "DesignerReward",
    "RegretEstimate",
    "bootstrap_interval",
    "designer_reward",
    "estimate_regret",
    "newcombe_interval",
    "normalise_text",
    "text_contains",
    "wilson_interval",
]


DesignerReward = Literal["regret", "target50", "failure"]
"""What a scored design pays the Designer (``designer.reward``)."""

DESIGNER_REWARDS: tuple[DesignerReward, ...] = ("regret", "target50", "failure")


def designer_reward(kind: DesignerReward, success_without: float, success_with: float) -> float:
    """The Designer's reward for a scored environment under reward ``kind``.

    - ``"regret"``: ``success_with - success_without`` (hint-based regret, DESIGN.md §1).
    - ``"target50"``: ``p * (1 - p)`` with ``p = success_without``: the proxy that pays
      environments the Agent solves half the time (largest, 0.25, at ``p = 0.5``), as
      difficulty-targeting curricula do; a coin flip scores as well as a learnable task.
    - ``"failure"``: ``1 - success_without``: the proxy that pays environments the Agent
      fails; an impossible task scores best.

    The two proxies are the ablation of the regret argument (issue 17): they ignore the hint.

    Args:
        kind: the reward.
        success_without: unhinted success rate in [0, 1].
        success_with: hinted success rate in [0, 1].

    Returns:
        The reward: in [-1, 1] for ``"regret"``, [0, 0.25] for ``"target50"``, [0, 1] for
        ``"failure"``.

    Raises:
        ValueError: an unknown ``kind`` or a rate outside [0, 1].
    """
    for name, rate in (("success_without", success_without), ("success_with", success_with)):
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"{name} must be in [0, 1], got {rate!r}")
    if kind == "regret":
        return success_with - success_without
    if kind == "target50":
        return success_without * (1.0 - success_without)
    if kind == "failure":
        return 1.0 - success_without
    raise ValueError(f"unknown designer reward {kind!r}; expected one of {DESIGNER_REWARDS}")


def _z(confidence: float) -> float:
    """Two-sided standard-normal quantile for ``confidence`` (e.g. 0.9 -> 1.645)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)


def wilson_interval(successes: int, n: int, confidence: float = 0.9) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion.

    Source: Wilson (1927), eq. for the score interval; Newcombe (1998) eq. (3).

    Args:
        successes: number of successes, ``0 <= successes <= n``.
        n: number of trials (episodes).
        confidence: two-sided confidence level in (0, 1).

    Returns:
        ``(low, high)`` inside [0, 1]; ``(0.0, 1.0)`` when ``n == 0``.

    Raises:
        ValueError: ``successes`` outside ``[0, n]`` or a confidence outside (0, 1).
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in [0, {n}], got {successes}")
    z = _z(confidence)
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def newcombe_interval(
    successes_with: int,
    n_with: int,
    successes_without: int,
    n_without: int,
    confidence: float = 0.9,
) -> tuple[float, float]:
    """Newcombe's hybrid score interval for ``p_with - p_without``.

    Source: Newcombe (1998), method 10: with Wilson limits ``(l1, u1)`` of ``p1`` and
    ``(l2, u2)`` of ``p2``, ``L = d - sqrt((p1-l1)^2 + (u2-p2)^2)`` and
    ``U = d + sqrt((u1-p1)^2 + (p2-l2)^2)``.

    Args:
        successes_with: successes among the hinted episodes.
        n_with: hinted episodes.
        successes_without: successes among the unhinted episodes.
        n_without: unhinted episodes.
        confidence: two-sided confidence level in (0, 1).

    Returns:
        ``(low, high)`` inside [-1, 1].

    Raises:
        ValueError: counts out of range or a confidence outside (0, 1).
    """
    l1, u1 = wilson_interval(successes_with, n_with, confidence)
    l2, u2 = wilson_interval(successes_without, n_without, confidence)
    p1 = successes_with / n_with if n_with else 0.5
    p2 = successes_without / n_without if n_without else 0.5
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, low), min(1.0, high))


def bootstrap_interval(
    with_: Sequence[bool],
    without: Sequence[bool],
    confidence: float = 0.9,
    *,
    resamples: int = 2000,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``mean(with_) - mean(without)``.

    Source: Efron & Tibshirani (1993), "An Introduction to the Bootstrap", §13.3 (percentile
    interval), resampling each group independently.

    Args:
        with_: success of each hinted episode.
        without: success of each unhinted episode.
        confidence: two-sided confidence level in (0, 1).
        resamples: bootstrap replicates.
        seed: seed of the resampling generator (the interval is reproducible).

    Returns:
        ``(low, high)`` inside [-1, 1]; ``(-1.0, 1.0)`` when either group is empty.

    Raises:
        ValueError: a confidence outside (0, 1).
    """
    _z(confidence)
    if not with_ or not without:
        return (-1.0, 1.0)
    rng = random.Random(seed)
    a = [1.0 if x else 0.0 for x in with_]
    b = [1.0 if x else 0.0 for x in without]
    na, nb = len(a), len(b)
    diffs = sorted(
        sum(rng.choices(a, k=na)) / na - sum(rng.choices(b, k=nb)) / nb for _ in range(resamples)
    )
    alpha = (1.0 - confidence) / 2.0
    lo_i = max(0, math.floor(alpha * resamples))
    hi_i = min(resamples - 1, math.ceil((1.0 - alpha) * resamples) - 1)
    return (diffs[lo_i], diffs[hi_i])


class RegretEstimate(msgspec.Struct, frozen=True, kw_only=True):
    """Regret of one environment and the labels it earns.

    Attributes:
        success_without: unhinted success rate in [0, 1].
        success_with: hinted success rate in [0, 1].
        regret: ``success_with - success_without``.
        ci_low: lower bound of the regret interval.
        ci_high: upper bound.
        accepted: ``regret >= accept_regret`` and the interval's lower bound is above 0, and
            the hint does not state the answer.
        flags: ``impossible`` (no success either way), ``trivial`` (unhinted success 1),
            ``coin_flip`` (both rates strictly inside (0, 1) and the interval covers 0),
            ``hint_states_answer``, ``answer_in_observations``.
    """

    success_without: float
    success_with: float
    regret: float
    ci_low: float
    ci_high: float
    accepted: bool
    flags: list[str] = []


def estimate_regret(
    without: Sequence[bool],
    with_: Sequence[bool],
    *,
    interval: Literal["wilson", "bootstrap"] = "wilson",
    confidence: float = 0.9,
    accept_regret: float = 0.25,
    hint_states_answer: bool = False,
    answer_in_observations: bool = False,
    seed: int = 0,
    resamples: int = 2000,
) -> RegretEstimate:
    """Regret, its interval, acceptance and flags from per-episode successes.

    Args:
        without: success of each unhinted episode (K values).
        with_: success of each hinted episode (K values).
        interval: ``"wilson"`` (Newcombe hybrid score) or ``"bootstrap"``.
        confidence: two-sided confidence level in (0, 1).
        accept_regret: regret at or above which the environment is frontier.
        hint_states_answer: the hint was found to be (or contain) the answer.
        answer_in_observations: the answer appeared in an observation during the episodes.
        seed: bootstrap seed.
        resamples: bootstrap replicates.

    Returns:
        The :class:`RegretEstimate`.

    Raises:
        ValueError: an empty sample or a confidence outside (0, 1).
    """
    if not without or not with_:
        raise ValueError("regret needs at least one episode per condition")
    s0, s1 = sum(map(bool, without)), sum(map(bool, with_))
    p0, p1 = s0 / len(without), s1 / len(with_)
    if interval == "wilson":
        lo, hi = newcombe_interval(s1, len(with_), s0, len(without), confidence)
    else:
        lo, hi = bootstrap_interval(with_, without, confidence, resamples=resamples, seed=seed)
    flags: list[str] = []
    if s0 == 0 and s1 == 0:
        flags.append("impossible")
    if p0 == 1.0:
        flags.append("trivial")
    if 0.0 < p0 < 1.0 and 0.0 < p1 < 1.0 and lo <= 0.0 <= hi:
        flags.append("coin_flip")
    if hint_states_answer:
        flags.append("hint_states_answer")
    if answer_in_observations:
        flags.append("answer_in_observations")
    regret = p1 - p0
    accepted = (
        regret >= accept_regret
        and lo > 0.0
        and not hint_states_answer
        and not answer_in_observations
    )
    return RegretEstimate(
        success_without=p0,
        success_with=p1,
        regret=regret,
        ci_low=lo,
        ci_high=hi,
        accepted=accepted,
        flags=flags,
    )


def normalise_text(text: str) -> str:
    """Casefolded text with runs of whitespace collapsed to one space (for leak matching).

    ``str.split`` splits on the same characters as ``\\s`` (``str.isspace``), at 2.3x the
    speed of the regex on a megabyte of short words."""
    return " ".join(text.casefold().split())


def text_contains(haystack: str, needle: str) -> bool:
    """Whether ``needle`` occurs in ``haystack`` as a whole token sequence.

    Case and whitespace are normalised; the match must not be glued to a letter or digit on
    either side, so the answer ``42`` is not found in ``142``.

    Args:
        haystack: text searched (an observation, a tool result, a hint).
        needle: text looked for (a hint, an answer); an empty needle never matches.
    """
    n = normalise_text(needle)
    if not n:
        return False
    return whole_token(n).search(normalise_text(haystack)) is not None


def whole_token(normalised: str) -> re.Pattern[str]:
    """The pattern :func:`text_contains` searches a normalised haystack with: ``normalised``
    (a :func:`normalise_text` result) not glued to a letter or digit on either side."""
    return re.compile(r"(?<![0-9a-z])" + re.escape(normalised) + r"(?![0-9a-z])")
