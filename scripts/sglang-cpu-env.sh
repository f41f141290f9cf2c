#!/usr/bin/env bash
# Build SGLang's own virtual environment on a CPU-only machine, for the `sglang` integration tests
# (tests/inference/test_sglang_live.py) and for running the engine with `policy.backend = "sglang"`
# against SGLang's real server.
#
# Usage:  scripts/sglang-cpu-env.sh [VENV_DIR]        (default: $SPADE_SGLANG_VENV or /work/sglang-venv)
# Then:   SPADE_SGLANG_PYTHON=VENV_DIR/bin/python python -m pytest -m sglang \
#             tests/inference/test_sglang_live.py tests/inference/test_sglang_live_launch.py
#
# Why a separate environment: SGLang 0.5.23 pins torch==2.14.1 and transformers==5.19.0 (and ~80 other
# packages, ~7 GB with the CUDA wheels it depends on); the engine's own environment keeps its own torch.
# The engine only talks HTTP to SGLang, so the two never share an interpreter.
#
# What this stubs, and why (the only change to SGLang's own install):
#   SGLang depends on `sglang-kernel` (import name `sgl_kernel`), a CUDA-only kernel package whose
#   extension modules link against libcuda.so.1. On a machine without the NVIDIA driver its import
#   fails, and SGLang imports it at module level on the CPU path too (server start-up, sampling,
#   layers). With `SGLANG_USE_CPU_ENGINE=1 ... --device cpu --attention-backend torch_native` none
#   of its kernels is *called* on the paths the engine uses (/generate, weight update from disk,
#   pause/continue/abort, flush, health, model info): only the import must succeed. So the script
#   moves the installed `sgl_kernel` package aside (to `sgl_kernel.cuda-orig`, its dist-info stays so
#   version checks see 0.4.10) and installs a stand-in package of the same name in which:
#     - `import sgl_kernel` and `import sgl_kernel.<anything>` succeed;
#     - every public attribute (`from sgl_kernel import fused_add_rmsnorm`, ...) is a placeholder;
#     - *calling* any placeholder raises RuntimeError("sgl_kernel stand-in: <name> is a CUDA kernel
#       ..."), so a path that does need a kernel fails loudly, never silently wrong;
#     - names starting with "_" raise AttributeError as for a normal module.
#   Side effect to know: `hasattr(sgl_kernel, name)` is always True for public names.
#   Nothing else of SGLang is patched. Remove the stand-in with:
#     rm -r SITE/sgl_kernel && mv SITE/sgl_kernel.cuda-orig SITE/sgl_kernel
#
# Start the server with (the launcher does this for policy.backend = "sglang" on a CPU machine):
#   SGLANG_USE_CPU_ENGINE=1 VENV/bin/python -m sglang.launch_server --model-path MODEL \
#       --device cpu --attention-backend torch_native --sleep-on-idle --port PORT
# (--sleep-on-idle: an idle scheduler otherwise busy-polls a core)
set -euo pipefail

VENV="${1:-${SPADE_SGLANG_VENV:-/work/sglang-venv}}"
SGLANG_VERSION="${SGLANG_VERSION:-0.5.23}"
PYTHON="${PYTHON:-python3}"

case "$(realpath -m "$VENV")" in
  "$(realpath -m "$(dirname "$0")/..")"*) echo "refusing to build the SGLang venv inside the repo: $VENV" >&2; exit 2 ;;
esac

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --upgrade pip wheel
"$VENV/bin/python" -m pip install "sglang==${SGLANG_VERSION}"

SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
if [ -d "$SITE/sgl_kernel" ] && [ ! -d "$SITE/sgl_kernel.cuda-orig" ]; then
  mv "$SITE/sgl_kernel" "$SITE/sgl_kernel.cuda-orig"
fi
mkdir -p "$SITE/sgl_kernel"
cat >"$SITE/sgl_kernel/__init__.py" <<'PY'
"""CPU stand-in for the CUDA-only `sgl_kernel` package (written by SPADE's scripts/sglang-cpu-env.sh).

Importing it (or any `sgl_kernel.<submodule>`) works; every public attribute is a placeholder that
raises RuntimeError when called. The real package is kept beside it as `sgl_kernel.cuda-orig`.
"""

import importlib.abc
import importlib.machinery
import sys
import types
from importlib import metadata

try:
    __version__ = metadata.version("sglang-kernel")
except metadata.PackageNotFoundError:  # pragma: no cover
    __version__ = "0.0.0+cpu-stub"


class _Kernel:
    """A CUDA kernel that is not available on this machine: calling it raises RuntimeError."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"sgl_kernel stand-in: {self._name} is a CUDA kernel and this is the CPU stand-in "
            "installed by scripts/sglang-cpu-env.sh; this code path needs a GPU build of SGLang"
        )

    def __getattr__(self, attr: str) -> "_Kernel":
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Kernel(f"{self._name}.{attr}")

    def __repr__(self) -> str:
        return f"<sgl_kernel stand-in {self._name}>"


def _module_getattr(module_name: str):
    def __getattr__(name: str):
        if name.startswith("_"):
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        return _Kernel(f"{module_name}.{name}")

    return __getattr__


__getattr__ = _module_getattr(__name__)


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves every `sgl_kernel.<sub>` import with an empty module of placeholders."""

    def find_spec(self, fullname, path, target=None):
        if fullname.startswith(__name__ + "."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _module_getattr(spec.name)
        return module

    def exec_module(self, module):
        return None


if not any(isinstance(f, _StubFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _StubFinder())
PY

SGLANG_USE_CPU_ENGINE=1 "$VENV/bin/python" -c 'import sglang, sgl_kernel, torch, transformers; print("sglang", sglang.__version__, "torch", torch.__version__, "transformers", transformers.__version__)'
echo "SGLang environment ready: SPADE_SGLANG_PYTHON=$VENV/bin/python"
