"""A sandboxed environment seen from the host as a ``gymnasium.Env`` (DESIGN.md §3).

The proxy forwards ``reset``/``step`` to a live sandbox instance through its synchronous API
(``EnvInstance.sync``), so any Gymnasium tooling — ``gymnasium.utils.env_checker.check_env``
included — runs on a generated environment. Observations and actions are strings in a
:class:`AnyText` space (Gymnasium's ``spaces.Text`` accepting every Unicode character, since an
environment's text is not limited to ASCII letters and digits).

The proxy blocks on every call: run it in a worker thread (``trio.to_thread.run_sync``), never
on the event loop.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any, Protocol, SupportsFloat

import gymnasium as gym
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec

from engine.contract import SpecLike, reward_range_of

__all__ = ["AnyText", "SandboxEnv", "SyncInstance", "check_env"]

MAX_TEXT_CHARS = 1 << 20
"""Longest observation string the observation space admits (characters)."""

MAX_ACTION_CHARS = 256
"""Longest action the action space admits and samples (characters); ``sample()`` draws a
uniform length up to it, so a large bound makes every sampled action huge."""


class SyncInstance(Protocol):
    """The synchronous face of a sandbox instance (``EnvInstance.sync``)."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]: ...
    def step(self, action: str) -> Any: ...


class AnyText(spaces.Text):
    """``spaces.Text`` whose membership admits any string of allowed length.

    ``sample()`` still draws from the (alphanumeric) charset, which is what random probing
    wants; ``contains`` only checks type and length, since observations are free text.
    """

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a ``str`` with ``min_length <= len(x) <= max_length``."""
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length


class SandboxEnv(gym.Env[str, str]):
    """Gymnasium view of one sandboxed environment instance.

    Args:
        instance: the instance's synchronous API (``EnvInstance.sync``).
        spec: the instance's spec (description, reward range, ...).
        max_text_chars: longest observation admitted by the observation space (characters).
        max_action_chars: longest action admitted (and sampled) by the action space.

    The proxy does not own the instance: ``close()`` is a no-op and the caller closes the
    instance.
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        instance: SyncInstance,
        spec: SpecLike,
        *,
        max_text_chars: int = MAX_TEXT_CHARS,
        max_action_chars: int = MAX_ACTION_CHARS,
    ) -> None:
        self._instance = instance
        self.env_spec = spec
        self.observation_space = AnyText(max_text_chars, min_length=0)
        self.action_space = AnyText(max_action_chars, min_length=0)
        self.reward_range = reward_range_of(spec)
        # A registry-style spec that declares the environment deterministic, so the checker
        # compares observations across seeded resets and steps (it skips that without one).
        self.spec = EnvSpec(
            id="spade/Sandboxed-v0",
            max_episode_steps=spec.max_turns or None,
            nondeterministic=False,
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        """Reset the sandboxed environment (blocking).

        Args:
            seed: forwarded to the guest's ``reset(seed=...)``; when ``None``, a seed drawn
                from the proxy's ``np_random`` (seeded by the last seeded reset) is sent, so an
                unseeded reset after a seeded one is reproducible (Gymnasium's seeding rule).
            options: forwarded to the guest's ``reset(options=...)``.

        Returns:
            ``(observation, info)`` from the guest.

        Raises:
            engine.errors.SandboxError: anything the sandbox raises.
        """
        super().reset(seed=seed)
        if seed is None:  # continue the seeded stream, as Gymnasium environments do
            seed = int(self.np_random.integers(0, 2**31 - 1))
        obs, info = self._instance.reset(seed=seed, options=options)
        return obs, dict(info)

    def step(self, action: str) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        """Step the sandboxed environment (blocking).

        Args:
            action: the action string.

        Returns:
            ``(observation, reward, terminated, truncated, info)`` from the guest.

        Raises:
            engine.errors.SandboxError: anything the sandbox raises.
        """
        r = self._instance.step(action)
        info: Mapping[str, Any] = r.info
        return r.observation, r.reward, r.terminated, r.truncated, dict(info)

    def close(self) -> None:
        """No-op: the instance belongs to the caller."""


def check_env(env: SandboxEnv) -> list[str]:
    """Run ``gymnasium.utils.env_checker.check_env`` on a proxy (blocking).

    Source: Gymnasium 1.x ``gymnasium.utils.env_checker.check_env`` (API, seeding and
    step-determinism checks); the render/close checks are skipped (generated environments
    have no renderer and no registry spec).

    Args:
        env: the proxy.

    Returns:
        The checker's warnings as text (it raises on failures and warns on smells).

    Raises:
        AssertionError, TypeError, ...: whatever the checker raises on a failed check.
        engine.errors.SandboxError: a sandbox failure during the checks.
    """
    from gymnasium.utils.env_checker import check_env as _gym_check_env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _gym_check_env(env, skip_render_check=True, skip_close_check=True)
    return [str(w.message) for w in caught]
