"""WebAssembly sandbox for generated environments (DESIGN.md §4).

Every environment program runs in its own instance of a componentized CPython guest executed
by wasmtime, with fuel and epoch deadlines per call, a linear-memory cap, no WASI (no files,
sockets, clocks, environment or processes) and a virtual clock/random source driven by
``entropy``. See ``sandbox_wasm/README.md``.
"""

from sandbox_wasm.host import (
    EnvInstance,
    EnvSpec,
    Sandbox,
    SandboxStatistics,
    StepResult,
    SyncEnvInstance,
)

__all__ = [
    "EnvInstance",
    "EnvSpec",
    "Sandbox",
    "SandboxStatistics",
    "StepResult",
    "SyncEnvInstance",
]
