"""Helpers for tests that need small environment programs (not part of the public API)."""

from __future__ import annotations

__all__ = ["env_source"]


def env_source(step_body: str, *, reset_body: str = 'return "start", {}', head: str = "") -> str:
    """Builds an environment program whose ``step``/``reset`` run the given bodies.

    Args:
        step_body: body of ``Env.step(self, action)`` (unindented; may span lines).
        reset_body: body of ``Env.reset(self, seed=None, options=None)``.
        head: module-level code placed before ``class Env`` (after ``import os, sys, time,
            random``).

    Returns:
        The program's source.
    """
    step = "\n".join("        " + line for line in step_body.strip("\n").splitlines())
    reset = "\n".join("        " + line for line in reset_body.strip("\n").splitlines())
    return (
        f"import os, sys, time, random\n{head}\n"
        "class Env:\n"
        "    def reset(self, seed=None, options=None):\n"
        f"{reset}\n"
        "    def step(self, action):\n"
        f"{step}\n"
    )
