"""Nothing gets out: no files, network, environment, processes, threads; state stays per instance."""

from __future__ import annotations

import pytest

from engine.errors import GuestError, SandboxError
from sandbox_wasm import Sandbox
from sandbox_wasm._testing import env_source


async def _step(sandbox: Sandbox, body: str, head: str = "") -> str:
    inst = await sandbox.open_env(env_source(body, head=head))
    await inst.reset()
    return (await inst.step("a")).observation


@pytest.mark.parametrize(
    "body",
    [
        "return open('/etc/passwd').read(), 0, False, False, {}",
        "import io\nreturn io.FileIO('/etc/passwd').read().decode(), 0, False, False, {}",
        "return str(os.listdir('/')), 0, False, False, {}",
        "return str(list(os.scandir('/etc'))), 0, False, False, {}",
        "import socket\nsocket.create_connection(('1.1.1.1', 80))\nreturn 'net', 0, False, False, {}",
        "import subprocess\nreturn subprocess.run(['cat', '/etc/passwd']).stdout, 0, False, False, {}",
        "return str(os.system('cat /etc/passwd')), 0, False, False, {}",
        "return str(os.fork()), 0, False, False, {}",
        "import threading\nt = threading.Thread(target=print)\nt.start()\nreturn 't', 0, False, False, {}",
        "import ctypes\nreturn 'c', 0, False, False, {}",
    ],
)
async def test_os_access_is_refused(sandbox: Sandbox, body: str) -> None:
    with pytest.raises(SandboxError) as info:
        await _step(sandbox, body)
    assert "root:" not in str(info.value)


async def test_environment_is_empty(sandbox: Sandbox) -> None:
    assert await _step(sandbox, "return repr(dict(os.environ)), 0, False, False, {}") == "{}"


async def test_subclasses_walk_finds_no_way_out(sandbox: Sandbox) -> None:
    body = """
found = []
for cls in object.__subclasses__():
    for sub in [cls] + cls.__subclasses__():
        name = sub.__name__
        if name in ("FileIO", "Popen", "_wrap_close", "BuiltinImporter", "FileLoader", "SourceFileLoader"):
            found.append(name)
            try:
                if name == "FileIO":
                    return sub("/etc/passwd").read().decode(), 0, False, False, {}
                if name == "BuiltinImporter":
                    mod = sub.load_module("posix")
                    return str(mod.listdir("/")), 0, False, False, {}
                if name in ("FileLoader", "SourceFileLoader"):
                    return sub("x", "/etc/passwd").get_data("/etc/passwd").decode(), 0, False, False, {}
            except BaseException as exc:
                found.append(type(exc).__name__)
return "|".join(found), 0, False, False, {}
"""
    try:
        out = await _step(sandbox, body)
    except SandboxError as exc:
        out = str(exc)
    assert "root:" not in out
    assert "'etc'" not in out


async def test_module_state_does_not_carry_over(sandbox: Sandbox) -> None:
    head = "COUNT = [0]"
    body = "COUNT[0] += 1\nrandom.seed(99)\nreturn str(COUNT[0]), 0, False, False, {}"
    for _ in range(3):
        assert await _step(sandbox, body, head=head) == "1"


async def test_poisoned_interpreter_does_not_leak(sandbox: Sandbox) -> None:
    body = "import builtins\nbuiltins.len = lambda x: 7\nsys.modules['json'].dumps = None\nreturn 'o', 0, False, False, {}"
    with pytest.raises(SandboxError):  # it breaks its own instance (guest error or trap)
        await _step(sandbox, body)
    assert await _step(sandbox, "return str(len('ab')), 0, False, False, {}") == "2"


async def test_tampering_with_the_runner_only_breaks_its_own_instance(sandbox: Sandbox) -> None:
    body = (
        "sys.modules['spade_guest']._dumps = lambda obj: '[' * 100\nreturn 'o', 0, False, False, {}"
    )
    inst = await sandbox.open_env(env_source(body))
    await inst.reset()
    with pytest.raises(GuestError, match="malformed"):
        await inst.step("a")
    assert await _step(sandbox, "return 'fine', 0, False, False, {}") == "fine"
