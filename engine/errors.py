"""The engine's one exception hierarchy.

Failures that are part of normal operation (a rejected environment, a timed-out episode) are
*values* (``EnvRejected``, ``EpisodeFinished(status=...)``), not exceptions. Exceptions are for
things that stop a call or the run::

    EngineError
    ├── ConfigError                 bad TOML, unknown key, wrong type, out-of-range value
    ├── ActorFailed                 an actor raised; names the actor and the message it handled
    ├── EngineStopped               a public-API call after the engine stopped
    ├── SandboxError                anything from the WebAssembly sandbox
    │   ├── GuestError              the guest raised (load/reset/step/tool); carries its traceback
    │   │   └── LoadError           the source does not compile or lacks ``Env``
    │   ├── SandboxTrap             the instance trapped; it is discarded
    │   │   ├── DeadlineExceeded    the per-call epoch deadline fired
    │   │   ├── FuelExhausted       the per-call fuel ran out
    │   │   └── MemoryLimitExceeded the linear-memory cap was hit
    │   ├── OutputTooLarge          an observation/info/tool result over the configured bytes
    │   └── InstanceClosed          a call on a trapped or closed instance
    ├── InvalidAction               an action or tool arguments the host cannot hand to the guest
    │                               (lone surrogates, NaN/Infinity): the agent's fault, not the env's
    ├── PolicyError                 anything from the policy servers
    │   ├── PolicyUnavailable       no healthy server answered within the deadline
    │   ├── PolicyHTTPError         a server answered with an HTTP error status
    │   ├── PolicyDecodeError       a response did not match the typed schema (names the field)
    │   └── LaunchError             a server could not be started (names path/port, log tail)
    ├── LearnerError                anything from the learner workers
    │   ├── WorkerDied              a rank exited; names the rank and its last log lines
    │   └── WeightSyncError         servers disagree on the version or the checksum
    ├── ModelError                  a model path that does not exist or is not a causal LM
    ├── CorpusError                 a corpus path that does not exist or holds no text
    └── ArchiveError                the archive on disk cannot be read (names file and line)

Third-party errors are wrapped where they enter (``raise SandboxTrap(...) from exc``).
"""

from __future__ import annotations

__all__ = [
    "ActorFailed",
    "ArchiveError",
    "ConfigError",
    "CorpusError",
    "DeadlineExceeded",
    "EngineError",
    "EngineStopped",
    "FuelExhausted",
    "GuestError",
    "InstanceClosed",
    "InvalidAction",
    "LaunchError",
    "LearnerError",
    "LoadError",
    "MemoryLimitExceeded",
    "ModelError",
    "OutputTooLarge",
    "PolicyDecodeError",
    "PolicyError",
    "PolicyHTTPError",
    "PolicyUnavailable",
    "SandboxError",
    "SandboxTrap",
    "ToolCallRefused",
    "WeightSyncError",
    "WorkerDied",
]


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class ConfigError(EngineError):
    """Configuration could not be loaded: the message names the field path and the value."""


class ActorFailed(EngineError):
    """An actor raised while handling a message.

    Attributes:
        actor: the actor's name in the topology.
        message: a short repr of the message being handled (``None`` if it failed outside one).
    """

    def __init__(self, actor: str, message: str | None, cause: BaseException) -> None:
        self.actor = actor
        self.message = message
        where = f" while handling {message}" if message is not None else ""
        super().__init__(f"actor {actor!r} failed{where}: {_describe(cause)}")


class EngineStopped(EngineError):
    """A public-API call was made after the engine stopped."""


class SandboxError(EngineError):
    """Base of sandbox errors."""


class GuestError(SandboxError):
    """The guest program raised; ``guest_traceback`` holds the guest's formatted traceback."""

    def __init__(self, message: str, guest_traceback: str = "") -> None:
        self.guest_traceback = guest_traceback
        super().__init__(message)


class ToolCallRefused(GuestError):
    """A tool call whose arguments the tool's signature refused (wrong names or counts),
    found by binding them before the tool runs: the caller's fault, a failed turn, never the
    environment's (a ``TypeError`` the tool's body raises is a plain :class:`GuestError`)."""


class LoadError(GuestError):
    """The environment source does not compile, or lacks ``class Env``."""


class GuestCompileError(LoadError):
    """The sandbox's own compiler could not compile the source, which the host's CPython
    compiled: it trapped (a WebAssembly stack overflow on a program nested deeper than the
    guest's C stack takes) or raised (``RecursionError`` during compilation, on a long call
    chain). Nothing of the program ran. Validation rejects it as ``compile``."""


class SandboxTrap(SandboxError):
    """The instance trapped and was discarded; ``reason`` is a short machine-readable word."""

    reason = "trap"


class DeadlineExceeded(SandboxTrap):
    """A call ran past its deadline (epoch interruption)."""

    reason = "deadline"


class FuelExhausted(SandboxTrap):
    """A call ran out of fuel (instruction budget)."""

    reason = "fuel"


class MemoryLimitExceeded(SandboxTrap):
    """The instance hit its linear-memory cap."""

    reason = "memory"


class OutputTooLarge(SandboxError):
    """A result crossing the sandbox boundary was larger than the configured bound (bytes)."""


class InstanceClosed(SandboxError):
    """A call was made on an instance that trapped or was closed."""


class InvalidAction(EngineError):
    """An action or tool arguments that cannot be handed to the guest unchanged: text with a lone
    surrogate (not valid Unicode), or a non-finite number (not JSON). The caller's input is at
    fault, not the environment: the Agent makes it a failed turn the policy sees."""


class PolicyError(EngineError):
    """Base of policy-server errors."""


class PolicyUnavailable(PolicyError):
    """No healthy policy server answered within the deadline."""


class PolicyHTTPError(PolicyError):
    """A policy server answered with an error status.

    Attributes:
        url: the request URL.
        status: the HTTP status code.
        body: the start of the response body (at most 2,000 characters).
    """

    def __init__(self, url: str, status: int, body: str) -> None:
        self.url = url
        self.status = status
        self.body = body[:2000]
        super().__init__(f"{url} answered HTTP {status}: {self.body[:300]}")


class PolicyDecodeError(PolicyError):
    """A response did not match its typed schema; the message names the field path."""


class LaunchError(PolicyError):
    """A policy server could not be started; the message names the command/port and log tail."""


class PortInUse(LaunchError, ConfigError):
    """A fixed port a policy server or router was to bind is taken: a setting to change
    (``policy.port``, ``policy.router_port``), so ``engine.run`` suggests ``--set``, not a plain
    ``--resume``."""


class LearnerError(EngineError):
    """Base of learner errors."""


class WorkerDied(LearnerError):
    """A learner rank exited; the message names the rank and its last log lines."""


class WeightSyncError(LearnerError):
    """Policy servers did not all confirm the same weight version and checksum."""


class ModelError(EngineError):
    """A model path that does not exist or does not hold a causal LM."""


class ArchiveError(EngineError):
    """The environment archive on disk cannot be read; the message names the file and line."""


class CorpusError(EngineError):
    """A corpus path that does not exist or holds no usable text."""


def _leaves(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in _leaves(sub)]
    return [exc]


def _describe(cause: BaseException) -> str:
    """``Type: message`` of the cause; for a group (a nursery's), of the errors inside it."""
    leaves = _leaves(cause)
    first = leaves[0]
    more = f" (and {len(leaves) - 1} more)" if len(leaves) > 1 else ""
    return f"{type(first).__name__}: {first}{more}"
