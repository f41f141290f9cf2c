"""The Hinter: the privileged hint the Agent sees in hinted episodes (DESIGN.md §1, §2).

With ``[hinter] source = "designer"`` the hint is the program's own ``HINT`` (as the Critic
recorded it in the proposal). With ``source = "policy"`` the policy reads the environment's
source (a privileged view the Agent never gets) and writes a one-paragraph hint; if that fails
or comes back empty, the designer's hint is used. The hint's origin (``designer``, ``policy``,
or ``none`` when there is no hint at all) travels in ``HintIssued.origin``. It is not an actor
of its own: getting a hint is one call inside ``actors.critic.score_env``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.config import HinterConfig
from engine.errors import PolicyError
from engine.inference import chat_ids
from engine.messages import EnvValidated, HintIssued
from engine.seeding import derive_seed

__all__ = ["Hinter", "HinterStatistics", "build_hint_messages", "clean_hint"]

_SYSTEM = (
    "You read the source code of a text environment and write a hint for a player who cannot "
    "see the code: the method or key fact that makes the task solvable. Do not state the "
    "literal answer. Answer with the hint only, in one or two sentences."
)


def build_hint_messages(source: str, description: str) -> list[dict[str, str]]:
    """Chat prompt asking the policy for a hint from the environment's source.

    Args:
        source: the environment program (privileged).
        description: the task text the player sees.
    """
    user = (
        f"Task shown to the player:\n{description}\n\nEnvironment source:\n```python\n{source}\n```"
    )
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": user}]


def clean_hint(text: str, max_chars: int = 600) -> str:
    """A generated hint reduced to its first paragraph, without a ``Hint:`` prefix.

    Args:
        text: the generated text.
        max_chars: longest hint kept (characters).
    """
    t = text.strip()
    if t.lower().startswith("hint:"):
        t = t[5:].strip()
    t = t.split("\n\n", 1)[0].strip()
    return t[:max_chars]


class HinterStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Hinter actor.

    Attributes:
        issued: hints issued, by origin.
        policy_failures: policy hint requests that failed or came back empty.
    """

    issued: dict[str, int]
    policy_failures: int


class Hinter:
    """The Hinter: a hint source the Critic calls (``hint_for``) inside ``score_env``.

    Args:
        config: the ``[hinter]`` section.
        client: a ``PolicyClient`` (needed when ``config.source == "policy"``).
        tokenizer: the policy's tokenizer (with a chat template), same condition.
        temperature: sampling temperature of policy-written hints.
        seed: deterministic mode: each hint request carries the sampling seed
            ``derive_seed(seed, "hint", env_id)`` (``None``: the server's own randomness).

    Raises:
        ValueError: ``source = "policy"`` without a client and tokenizer.
    """

    name = "hinter"

    def __init__(
        self,
        config: HinterConfig = HinterConfig(),
        *,
        client: Any = None,
        tokenizer: Any = None,
        temperature: float = 0.7,
        seed: int | None = None,
    ) -> None:
        if config.source == "policy" and (client is None or tokenizer is None):
            raise ValueError('[hinter] source = "policy" needs a policy client and a tokenizer')
        self.config = config
        self.client = client
        self.tokenizer = tokenizer
        self.temperature = temperature
        self.seed = seed
        self._issued: dict[str, int] = {}
        self._failures = 0

    async def hint_for(self, env: EnvValidated) -> HintIssued:
        """The hint for one validated environment (cancellable).

        Returns:
            ``HintIssued`` with the hint and its origin; policy failures fall back to the
            designer's hint (counted in ``policy_failures``), never raise.
        """
        designer = env.proposal.hint.strip()
        if self.config.source == "policy":
            try:
                text = await self._policy_hint(env)
            except PolicyError:
                text = ""
            if text:
                return self._issue(env, text, "policy")
            self._failures += 1
        return self._issue(env, designer, "designer" if designer else "none")

    def _issue(self, env: EnvValidated, hint: str, origin: str) -> HintIssued:
        self._issued[origin] = self._issued.get(origin, 0) + 1
        return HintIssued(env_id=env.env_id, env=env, hint=hint, origin=origin)  # type: ignore[arg-type]

    async def _policy_hint(self, env: EnvValidated) -> str:
        ids = chat_ids(self.tokenizer, build_hint_messages(env.proposal.source, env.description))
        eos = getattr(self.tokenizer, "eos_token_id", None)
        seeded = (
            {}
            if self.seed is None
            else {"sampling_seed": derive_seed(self.seed, "hint", env.env_id)}
        )
        g = await self.client.generate(
            ids,
            max_new_tokens=self.config.max_new_tokens,
            temperature=self.temperature,
            top_p=1.0,
            stop_token_ids=[eos] if isinstance(eos, int) else None,
            **seeded,
        )
        text = g.text if isinstance(g.text, str) and g.text else ""
        if not text and g.output_ids:
            text = self.tokenizer.decode(list(g.output_ids), skip_special_tokens=True)
        return clean_hint(text)

    def statistics(self) -> HinterStatistics:
        """The actor's counters (see :class:`HinterStatistics`)."""
        return HinterStatistics(issued=dict(self._issued), policy_failures=self._failures)
