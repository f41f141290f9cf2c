"""``policy.router``: SGLang's router (``sglang-router``) in front of two ``engine.serve``
servers; generations go through the router, weight updates to every server."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import httpx
import msgspec
import pytest

from engine.config import PolicyConfig
from engine.inference import launch_policy_servers
from engine.inference.router import RoutedPolicyClient, policy_client, router_command

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("sglang_router") is None,
    reason="sglang-router is not installed (pip install sglang-router)",
)

PROMPTS = [[1, 2274, 201, 510 + i, 907, 81] for i in range(6)]


def test_router_command_names_every_worker() -> None:
    cfg = PolicyConfig(router="launch", router_command=["/opt/sglang/bin/python", "-m", "r"])
    assert router_command(cfg, ["http://a:1", "http://b:2"], 30100) == [
        "/opt/sglang/bin/python", "-m", "r", "--host", "127.0.0.1", "--port", "30100",
        "--worker-urls", "http://a:1", "http://b:2", "--policy", "cache_aware",
    ]  # fmt: skip


@pytest.mark.slow
async def test_router_balances_two_cpu_servers_and_weights_reach_both(
    tiny_model: Path, tmp_path: Path
) -> None:
    policy = PolicyConfig(backend="cpu", num_servers=2, health_timeout_s=120.0)
    routed = msgspec.structs.replace(
        policy, router="launch", router_args=["--policy", "round_robin"]
    )
    async with (
        launch_policy_servers(policy, tiny_model, log_dir=tmp_path / "logs") as urls,
        policy_client(urls, routed, tmp_path / "logs") as client,
    ):
        assert isinstance(client, RoutedPolicyClient)
        for prompt in PROMPTS:
            g = await client.generate(prompt, max_new_tokens=3, temperature=0.0)
            assert g.output_ids and g.weight_version == "default"
        # Generations went to the router only; the router spread them over both servers.
        assert sum(s.requests for s in client.statistics().servers) == 0
        async with httpx.AsyncClient() as http:
            for url in urls:
                info = (await http.get(f"{url}/server_info")).json()
                assert sum(info["internal_states"][0]["batch_sizes"].values()) >= 1, url
        # Weights still go to every server, and the router serves the new version.
        results = await client.update_weights_from_disk(str(tiny_model), version=5)
        assert [r.success for r in results] == [True, True]
        assert await client.weight_versions() == {u: "5" for u in urls}
        g = await client.generate(PROMPTS[0], max_new_tokens=3, temperature=0.0)
        assert g.weight_version == "5"
