"""The public surface of engine.inference is pinned: nothing becomes public by accident."""

import engine.inference


def test_public_names_are_pinned() -> None:
    assert sorted(engine.inference.__all__) == [
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
    for name in engine.inference.__all__:
        assert getattr(engine.inference, name) is not None
