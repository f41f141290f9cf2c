"""Policy servers: the SGLang client, the launcher, the CPU server and models built offline.

Public surface (pinned by ``tests/inference/test_surface.py``)::

    from engine.inference import PolicyClient, Generation, load_tokenizer, ensure_tiny_model
    async with launch_policy_servers(config.policy, model_path) as urls:
        async with PolicyClient(urls, config.policy) as client:
            g = await client.generate(input_ids, max_new_tokens=64)

Heavy modules (torch, transformers) load lazily: importing this package does not import torch.
"""

from typing import TYPE_CHECKING, Any

from engine.inference._chat import chat_ids
from engine.inference._wire import (
    AdminResult,
    Generation,
    ModelInfo,
    PolicyClientStatistics,
    ServerStatistics,
    WeightSpan,
    policy_version,
)
from engine.inference.client import PolicyClient
from engine.inference.launcher import (
    PolicyServers,
    cpu_server_command,
    free_port,
    launch_policy_servers,
    sglang_server_command,
)
from engine.inference.openai import ChatGeneration, OpenAIChatClient

if TYPE_CHECKING:
    from engine.inference.models import (
        TinyModelSpec,
        build_tiny_model,
        check_model_path,
        ensure_tiny_model,
        load_tokenizer,
    )

# engine.inference.models is also a command (python -m engine.inference.models build ...);
# importing it lazily keeps runpy from finding it half-imported when run that way.
_FROM_MODELS = {
    "TinyModelSpec",
    "build_tiny_model",
    "check_model_path",
    "ensure_tiny_model",
    "load_tokenizer",
}


def __getattr__(name: str) -> Any:
    if name in _FROM_MODELS:
        from engine.inference import models

        return getattr(models, name)
    raise AttributeError(f"module 'engine.inference' has no attribute {name!r}")


__all__ = [
    "AdminResult",
    "ChatGeneration",
    "Generation",
    "ModelInfo",
    "OpenAIChatClient",
    "PolicyClient",
    "PolicyClientStatistics",
    "PolicyServers",
    "ServerStatistics",
    "TinyModelSpec",
    "WeightSpan",
    "build_tiny_model",
    "chat_ids",
    "check_model_path",
    "cpu_server_command",
    "ensure_tiny_model",
    "free_port",
    "launch_policy_servers",
    "load_tokenizer",
    "policy_version",
    "sglang_server_command",
]
