# mypy: ignore-errors
# (runs inside the WebAssembly guest on CPython 3.14, not on the host; kept untyped for speed)
"""The guest runner: runs inside the WebAssembly component, one interpreter per instance.

The host calls one export, ``handle(op, arg) -> str``. The answer is ``"o"`` followed by the
JSON result, or ``"e"`` followed by a JSON error ``{"kind", "message", "traceback"}``, where
kind is ``load``, ``guest``, ``memory``, ``output`` or ``protocol``. Everything that leaves is
plain JSON checked here with exact type tests (never ``isinstance``, never a user ``__eq__``);
the host checks it again, because the environment's code shares this interpreter and may have
tampered with this module.

The component is built with WASI stubbed out: no clock, randomness, files, sockets or stdio
exist below the interpreter. This module gives the environment a virtual clock and a
deterministic random source, both driven by the ``entropy`` passed to ``load``, and bounded
in-memory stdout/stderr.

Built into the component by ``sandbox_wasm._build`` (componentize-py); not imported by the host.
"""

import binascii
import builtins
import datetime as _dt
import gc
import inspect
import io
import json
import linecache
import marshal
import math
import os
import random
import sys
import time
import traceback
import types

import wit_world

# The sandbox has no file system: only modules imported now, at build time, exist in the
# start-up snapshot. Import the stdlib an environment may reasonably use; anything else is a
# clean ModuleNotFoundError at run time (see _install_imports).
_PRELOAD = (
    "abc array ast base64 binascii bisect calendar cmath collections collections.abc "
    "colorsys contextlib copy csv dataclasses decimal difflib enum fnmatch fractions "
    "functools graphlib hashlib heapq hmac html itertools keyword locale math numbers "
    "operator pprint queue re secrets shlex statistics string struct textwrap threading "
    "typing unicodedata uuid warnings weakref zlib"
).split()
_PRELOADED = []
for _name in _PRELOAD:
    try:
        __import__(_name)
        _PRELOADED.append(_name)
    except ImportError:
        pass

_MASK64 = (1 << 64) - 1
_TICK_NS = 1_000_000  # every clock read advances virtual time by 1 ms
_TRACEBACK_CHARS = 8000
_MAX_DEPTH = 64

_SPEC_DEFAULTS = ("DESCRIPTION", "HINT", "MAX_TURNS", "TOOLS", "REWARD_RANGE")


def _mix(x):
    """splitmix64 finaliser: spreads an int over 64 bits."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class _Problem(Exception):
    """An error this runner reports itself: kind + message (no user traceback)."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


class _BoundedText(io.TextIOBase):
    """A text sink that keeps the first ``limit`` characters and counts the rest."""

    def __init__(self, limit):
        super().__init__()
        self._parts = []
        self._kept = 0
        self._limit = limit
        self.dropped = 0

    def writable(self):
        return True

    def write(self, s):
        if type(s) is not str:
            raise TypeError("write() argument must be str")
        n = len(s)
        room = self._limit - self._kept
        if room > 0:
            part = s[:room]
            self._parts.append(part)
            self._kept += len(part)
        if n > room:
            self.dropped += n - max(room, 0)
        return n

    def getvalue(self):
        return "".join(self._parts)


# ---------------------------------------------------------------------------------------------
# Virtual clock and deterministic randomness


class _World:
    """Per-instance virtual world: clock offset and the private byte source."""

    wall_base_ns = 1_700_000_000 * 10**9
    mono_base_ns = 10**9
    elapsed_ns = 0
    entropy = 0
    _rng = None

    @classmethod
    def rng(cls):
        """The private byte source (created on first use: seeding costs ~90K instructions)."""
        if cls._rng is None:
            cls._rng = random.Random(_mix(cls.entropy ^ 0x2545F4914F6CDD1D))
        return cls._rng


def _advance():
    _World.elapsed_ns += _TICK_NS
    return _World.elapsed_ns


def _time_ns():
    return _World.wall_base_ns + _advance()


def _time():
    return _time_ns() / 1e9


def _monotonic_ns():
    return _World.mono_base_ns + _advance()


def _monotonic():
    return _monotonic_ns() / 1e9


def _process_time_ns():
    return _advance()


def _process_time():
    return _advance() / 1e9


def _sleep(secs):
    secs = float(secs)
    if secs < 0:
        raise ValueError("sleep length must be non-negative")
    if math.isnan(secs) or math.isinf(secs):
        raise ValueError("sleep length must be finite")
    _World.elapsed_ns += int(secs * 1e9)


_real_localtime = time.localtime
_real_gmtime = time.gmtime
_real_ctime = time.ctime
_real_asctime = time.asctime
_real_strftime = time.strftime


def _localtime(secs=None):
    return _real_localtime(_time() if secs is None else secs)


def _gmtime(secs=None):
    return _real_gmtime(_time() if secs is None else secs)


def _ctime(secs=None):
    return _real_ctime(_time() if secs is None else secs)


def _asctime(t=None):
    return _real_asctime(_localtime() if t is None else t)


def _strftime(fmt, t=None):
    return _real_strftime(fmt, _localtime() if t is None else t)


def _urandom(n):
    n = int(n)
    if n < 0:
        raise ValueError("negative argument not allowed")
    return _World.rng().randbytes(n)


_real_datetime = _dt.datetime


class _VirtualDatetime(_real_datetime):
    """``datetime.datetime`` whose ``now``/``utcnow`` read the virtual clock."""

    __slots__ = ()

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.fromtimestamp(_time(), _dt.UTC).replace(tzinfo=None)


_VirtualDatetime.__name__ = "datetime"
_VirtualDatetime.__qualname__ = "datetime"
_VirtualDatetime.__module__ = "datetime"

_real_seed = random.Random.seed


def _seed(self, a=None, version=2):
    if a is None:
        a = _World.rng().getrandbits(64)
    _real_seed(self, a, version)


def _install_world(entropy):
    """Points every clock and random source the environment can reach at ``entropy``."""
    h = _mix(entropy)
    _World.wall_base_ns = (1_600_000_000 + h % 400_000_000) * 10**9 + (h >> 34) % 10**9
    _World.mono_base_ns = ((h >> 17) % 10**6) * 10**9
    _World.elapsed_ns = 0
    _World.entropy = entropy
    _World._rng = None
    for name, fn in (
        ("time", _time),
        ("time_ns", _time_ns),
        ("monotonic", _monotonic),
        ("monotonic_ns", _monotonic_ns),
        ("perf_counter", _monotonic),
        ("perf_counter_ns", _monotonic_ns),
        ("process_time", _process_time),
        ("process_time_ns", _process_time_ns),
        ("thread_time", _process_time),
        ("thread_time_ns", _process_time_ns),
        ("sleep", _sleep),
        ("localtime", _localtime),
        ("gmtime", _gmtime),
        ("ctime", _ctime),
        ("asctime", _asctime),
        ("strftime", _strftime),
    ):
        setattr(time, name, fn)
    if hasattr(time, "clock_gettime"):
        time.clock_gettime = lambda clk_id: _monotonic()
        time.clock_gettime_ns = lambda clk_id: _monotonic_ns()
    _dt.datetime = _VirtualDatetime
    os.urandom = _urandom
    random._urandom = _urandom
    random.Random.seed = _seed
    random.seed(entropy)
    os.environ.clear()


# ---------------------------------------------------------------------------------------------
# Plain-data checks


def _path(path):
    """Formats a lazy path: a str, or nested ``(parent, key)`` tuples."""
    keys = []
    while type(path) is tuple:
        path, key = path
        keys.append(f"[{key!r}]")
    return path + "".join(reversed(keys))


def _check(value, path, depth=0):
    """Raises ``_Problem`` unless ``value`` is plain JSON data (exact builtin types).

    Never calls a method of a user object; the path is only formatted on error."""
    t = type(value)
    if t is str or t is bool or t is int or value is None:
        return
    if t is float:
        if value - value != 0.0:  # nan or inf
            raise _Problem(
                "guest", f"{_path(path)} is not serialisable: float {value!r} is not finite"
            )
        return
    if depth >= _MAX_DEPTH:
        raise _Problem(
            "guest", f"{_path(path)} is not serialisable: nested deeper than {_MAX_DEPTH}"
        )
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                raise _Problem(
                    "guest",
                    f"{_path(path)} is not serialisable: key of type {_type_name(k)} is not a str",
                )
            tv = type(v)
            if tv is str or tv is bool or tv is int or v is None:
                continue
            _check(v, (path, k), depth + 1)
        return
    if t is list or t is tuple:
        for i, v in enumerate(value):
            tv = type(v)
            if tv is str or tv is bool or tv is int or v is None:
                continue
            _check(v, (path, i), depth + 1)
        return
    raise _Problem("guest", f"{_path(path)} is not serialisable: type {_name_of(t)}")


def _check_str(value, path):
    if type(value) is not str:
        raise _Problem(
            "guest", f"{path} is not serialisable: expected a plain str, got {_type_name(value)}"
        )


def _check_unicode(text, path):
    """A load error naming ``path`` where ``text`` holds a lone surrogate: the program's own
    text is not valid Unicode (an ``api`` rejection, not ``not_serialisable``: tester51)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise _Problem(
            "load",
            f"{path}: not valid Unicode text (a lone surrogate "
            f"{exc.object[exc.start : exc.end]!r} at index {exc.start})",
        ) from None


def _check_bool(value, path):
    t = type(value)
    if t is bool:
        return value
    if t is int:
        return value != 0
    raise _Problem("guest", f"{path} must be a bool, got {_name_of(t)}")


def _check_reward(value):
    t = type(value)
    if t is bool or t is int:
        try:
            value = float(value)
        except OverflowError:
            raise _Problem("guest", "reward is out of float range") from None
    elif t is not float:
        raise _Problem(
            "guest",
            f"reward is not serialisable: expected a number, got {_name_of(t)}",
        )
    if value != value or value in (math.inf, -math.inf):
        raise _Problem("guest", f"reward is not serialisable: {value!r} is not finite")
    return value


def _check_size(text, path):
    if len(text) > _Loaded.max_output:
        raise _Problem(
            "output",
            f"{path} is {len(text)} characters, over the bound of {_Loaded.max_output} bytes "
            "(sandbox.max_output_bytes)",
        )


def _check_dict(value, path):
    if type(value) is not dict:
        raise _Problem(
            "guest", f"{path} is not serialisable: expected a dict, got {_type_name(value)}"
        )
    _check(value, path)


# ---------------------------------------------------------------------------------------------
# The environment program


_FunctionType = type(lambda: None)


class _Probe:
    def method(self):
        pass


_MethodType = type(_Probe().method)


class _Loaded:
    env = None
    tools = {}
    signatures = {}
    reset_kwargs = ("seed", "options")
    hooked = False
    stdout = None
    stderr = None
    max_output = 1 << 20
    reward_low = 0.0
    reward_high = 1.0


def _attr(module, cls, name, default=None):
    value = getattr(cls, name, None)
    if value is not None:
        return value
    return module.__dict__.get(name, default)


def _tool_name(spec):
    if type(spec) is not dict:
        return None
    fn = spec.get("function")
    if type(fn) is dict and type(fn.get("name")) is str:
        return fn["name"]
    if type(spec.get("name")) is str:
        return spec["name"]
    return None


class _NoImports:
    """The last meta-path finder: names the module that is not available."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        raise ModuleNotFoundError(
            f"No module named {name!r}: only preloaded stdlib modules exist in the sandbox",
            name=name,
        )


_BLOCKED_PREFIXES = (
    "open",
    "os.",
    "socket.",
    "subprocess.",
    "shutil.",
    "glob.",
    "tempfile.",
    "ctypes.",
    "mmap.",
    "fcntl.",
    "pty.",
    "signal.",
    "urllib.",
    "http.",
    "webbrowser.",
    "sqlite3.",
    "syslog.",
    "resource.",
)


def _audit(event, args):
    """Refuses OS-touching events before they reach a (trapping) WASI stub.

    Also keeps C-level file opens, e.g. CPython fetching a SyntaxError's source line, from
    trapping: ``Py_fopen`` returns NULL when the audit hook raises.
    """
    if event.startswith(_BLOCKED_PREFIXES):
        raise PermissionError(f"{event}: not available in the sandbox (no OS access)")


def _install_imports():
    """Drops the file-system finders: importing an unknown module must not stat a path."""
    sys.meta_path[:] = [
        f
        for f in sys.meta_path
        if getattr(f, "__name__", "") in ("BuiltinImporter", "FrozenImporter")
    ] + [_NoImports]
    sys.path_importer_cache.clear()
    if not _Loaded.hooked:
        sys.addaudithook(_audit)
        _Loaded.hooked = True
    # "Did you mean" suggestions for import errors scan sys.path on disk.
    if hasattr(traceback, "_compute_suggestion_error"):
        traceback._compute_suggestion_error = lambda *args, **kwargs: None


def _no_source(filename, module_globals=None):
    return []


def _no_check(filename=None):
    return None


def _fits_float(v):
    """Whether the int or float ``v`` is a finite float (an int past 1.8e308 is not)."""
    try:
        return math.isfinite(float(v))
    except OverflowError:
        return False


def _load(arg):
    req = json.loads(arg)
    source = req["source"]
    entropy = int(req["entropy"])
    _Loaded.max_output = int(req["max_output"])
    stdio = int(req["max_stdio"])
    _Loaded.stdout = sys.stdout = _BoundedText(stdio)
    _Loaded.stderr = sys.stderr = _BoundedText(stdio)
    sys.stdin = io.StringIO("")
    _install_world(entropy)

    # No file system exists below the interpreter: tracebacks must never look for source files
    # (a stat/open would hit a trapping WASI stub). The program's own lines are served from
    # memory so its tracebacks show them.
    linecache.cache.clear()
    linecache.cache["<env>"] = (len(source), None, source.splitlines(True), "<env>")
    linecache.updatecache = _no_source
    linecache.checkcache = _no_check
    _install_imports()
    module = types.ModuleType("env_program")
    module.__dict__["__builtins__"] = builtins
    sys.modules["env_program"] = module
    code = _cached_code(req.get("code"))
    try:
        if code is None:
            code = compile(source, "<env>", "exec")
        exec(code, module.__dict__)
    except MemoryError:
        raise
    except BaseException as exc:
        raise _LoadFailed(exc) from exc
    cls = module.__dict__.get("Env")
    if not isinstance(cls, type):
        raise _Problem("load", "the program defines no class Env")
    try:
        env = cls()
    except MemoryError:
        raise
    except BaseException as exc:
        raise _LoadFailed(exc) from exc
    _Loaded.env = env

    declared = []
    description = _attr(module, cls, "DESCRIPTION")
    if description is not None:
        declared.append("DESCRIPTION")
    else:
        description = cls.__dict__.get("__doc__") or module.__dict__.get("__doc__") or ""
    _check_str(description, "DESCRIPTION")
    _check_unicode(description, "DESCRIPTION")
    hint = _attr(module, cls, "HINT", "")
    if _attr(module, cls, "HINT") is not None:
        declared.append("HINT")
    _check_str(hint, "HINT")
    _check_unicode(hint, "HINT")
    max_turns = _attr(module, cls, "MAX_TURNS")
    if max_turns is not None:
        declared.append("MAX_TURNS")
        if type(max_turns) is not int:
            raise _Problem("load", f"MAX_TURNS must be an int, got {_type_name(max_turns)}")
        if max_turns.bit_length() > 63:  # past any turn cap; str() of it may pass 4300 digits
            bits = max_turns.bit_length()
            raise _Problem("load", f"MAX_TURNS must fit in 64 bits, got a {bits}-bit int")
    tools = _attr(module, cls, "TOOLS", [])
    if _attr(module, cls, "TOOLS") is not None:
        declared.append("TOOLS")
    if type(tools) is tuple:
        tools = list(tools)
    if type(tools) is not list:
        raise _Problem("load", f"TOOLS must be a list, got {_type_name(tools)}")
    _check(tools, "TOOLS")
    try:
        json.dumps(tools)
    except ValueError:  # an int past 4300 digits: _check reads ints without converting them
        raise _Problem(
            "load", "TOOLS: holds an int too long to write as JSON (over 4300 digits)"
        ) from None
    names = {}
    for i, spec in enumerate(tools):
        name = _tool_name(spec)
        if name is None:
            raise _Problem("load", f"TOOLS[{i}] has no function name")
        method = getattr(env, name, None)
        if not callable(method) or name.startswith("_"):
            raise _Problem("load", f"tool {name!r} has no method on Env")
        names[name] = method
    _Loaded.tools = names
    _Loaded.signatures = {}
    reward_range = _attr(module, cls, "REWARD_RANGE")
    if reward_range is None:
        reward_range = getattr(env, "reward_range", None)
    else:
        declared.append("REWARD_RANGE")
    if reward_range is not None:
        if type(reward_range) not in (list, tuple) or len(reward_range) != 2:
            # name where the value came from: an Env whose __getattr__ answers every name
            # gave a function as gymnasium's reward_range and read as a bad REWARD_RANGE
            where = "REWARD_RANGE" if "REWARD_RANGE" in declared else "Env.reward_range"
            raise _Problem(
                "load", f"{where} must be a pair (low, high), got {_type_name(reward_range)}"
            )
        bounds = []
        for v in reward_range:
            # None or an infinite bound: unbounded on that side; NaN or a non-number is an
            # error (read as unbounded, it would lift every bound silently)
            if v is None or (type(v) in (int, float) and v in (math.inf, -math.inf)):
                bounds.append(None)
            elif type(v) in (int, float) and v == v:
                if not _fits_float(v):  # an int past 1.8e308 (its repr may pass 4300 digits)
                    raise _Problem("load", "REWARD_RANGE: a bound is past the float range")
                bounds.append(float(v))
            else:
                raise _Problem(
                    "load",
                    f"REWARD_RANGE: expected (low, high) numbers, got {reward_range!r}"[:300],
                )
        reward_range = bounds
    # the range in force (engine.contract.reward_range_of): the declared one, else (0, 1)
    if "REWARD_RANGE" in declared:
        low, high = reward_range
        _Loaded.reward_low = -math.inf if low is None else low
        _Loaded.reward_high = math.inf if high is None else high
    else:
        _Loaded.reward_low, _Loaded.reward_high = 0.0, 1.0
    threshold = _attr(module, cls, "SUCCESS_THRESHOLD")
    if threshold is not None:
        declared.append("SUCCESS_THRESHOLD")
        if type(threshold) not in (int, float) or not _fits_float(threshold):
            raise _Problem("load", "SUCCESS_THRESHOLD must be a finite number")
        threshold = float(threshold)
    answer = _attr(module, cls, "ANSWER")
    if answer is not None:
        declared.append("ANSWER")
        if type(answer) in (int, float, bool):
            try:
                answer = str(answer)
            except ValueError:  # an int past 4300 digits
                raise _Problem(
                    "load", "ANSWER: an int too long to write as text (over 4300 digits)"
                ) from None
        _check_str(answer, "ANSWER")

    _Loaded.reset_kwargs = _reset_kwargs(env)
    return {
        "description": description,
        "hint": hint,
        "max_turns": max_turns,
        "tools": tools,
        "reward_range": reward_range,
        "success_threshold": threshold,
        "answer": answer,
        "declared": declared,
    }


def _cached_code(blob):
    """The host's cached compile of this very source (marshal, base64), or None."""
    if type(blob) is not str:
        return None
    try:
        code = marshal.loads(binascii.a2b_base64(blob))
    except Exception:
        return None
    return code if type(code) is types.CodeType else None


def _code_blob(code):
    try:
        return binascii.b2a_base64(marshal.dumps(code), newline=False).decode("ascii")
    except Exception:
        return None


def _reset_kwargs(env):
    """Which of seed/options ``env.reset`` accepts (cheap: reads its code object)."""
    fn = getattr(type(env), "reset", None)
    code = getattr(fn, "__code__", None)
    if type(code) is types.CodeType:
        if code.co_flags & inspect.CO_VARKEYWORDS:
            return ("seed", "options")
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        return tuple(k for k in ("seed", "options") if k in names)
    try:
        params = inspect.signature(env.reset).parameters
    except (TypeError, ValueError):
        return ("seed", "options")
    if any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return ("seed", "options")
    return tuple(k for k in ("seed", "options") if k in params)


_PRIME_ENV = """
import random, time
class Env:
    \"\"\"Prime.\"\"\"
    HINT = "h"
    MAX_TURNS = 3
    def reset(self, seed=None, options=None):
        self.n = 0
        return f"start {random.random()} {time.time()}", {"seed": seed}
    def step(self, action):
        self.n += 1
        return f"{action} {self.n}", 1.0, self.n > 2, False, {"n": [self.n, 0.5, None]}
"""


def _compile(arg):
    """Compiles a program and returns its code object (marshal, base64); nothing runs.

    The host compiles every program in a separate instance and loads the result everywhere,
    so an instance's memory history never depends on whether the compile was cached."""
    try:
        code = compile(arg, "<env>", "exec")
    except MemoryError:
        raise
    except BaseException as exc:
        linecache.cache["<env>"] = (len(arg), None, arg.splitlines(True), "<env>")
        raise _LoadFailed(exc) from exc
    return _code_blob(code)


def _prime(arg):
    """Runs a throwaway environment through load/reset/step so that a pooled instance has
    already paged in what a real load touches; then forgets it. Every instance is primed the
    same way, so behaviour does not depend on whether it came from the pool."""
    request = json.dumps(
        {"source": _PRIME_ENV, "entropy": 0, "max_output": 1 << 20, "max_stdio": 1024}
    )
    _load(request)
    json.dumps(_reset('{"seed": 0, "options": null}'))
    json.dumps(_step("north"))
    _Loaded.env = None
    _Loaded.tools = {}
    _Loaded.signatures = {}
    sys.modules.pop("env_program", None)
    linecache.cache.clear()
    return True


class _LoadFailed(Exception):
    """Wraps an exception raised while the program loads."""

    def __init__(self, exc):
        super().__init__(str(exc))
        self.exc = exc


def _env():
    if _Loaded.env is None:
        raise _Problem("protocol", "no environment loaded")
    return _Loaded.env


def _n(out):
    """How many items an exact tuple holds (None for anything else: len() of a hostile
    object could run its code)."""
    return len(out) if type(out) is tuple else None


def _got(out):
    """What a reset() or step() returned instead, for the message: 'got 3 items' or the type."""
    n = _n(out)
    if n is not None:
        return f"got a tuple of {n} item{'s' if n != 1 else ''}"
    return f"got {_type_name(out)}"


def _type_name(v):
    """The name of ``v``'s type (see :func:`_name_of`)."""
    return _name_of(type(v))


def _name_of(t):
    """The type ``t``'s name from its own slot: a metaclass's ``__name__`` property is the
    program's code, which may raise."""
    return type.__dict__["__name__"].__get__(t)


def _reset(arg):
    req = json.loads(arg)
    kwargs = {k: req.get(k) for k in _Loaded.reset_kwargs}
    out = _env().reset(**kwargs)
    if type(out) is not tuple or len(out) != 2:
        raise _Problem("guest", "reset() must return a tuple (observation, info), " + _got(out))
    obs, info = out
    _check_str(obs, "observation")
    _check_size(obs, "observation")
    _check_dict(info, "info")
    return [obs, info]


def _step(action):
    env = _Loaded.env
    if env is None:
        raise _Problem("protocol", "no environment loaded")
    out = env.step(action)
    if type(out) is not tuple or len(out) != 5:
        raise _Problem(
            "guest",
            "step() must return a tuple (observation, reward, terminated, truncated, info), "
            + _got(out)
            + (" (the old Gym API's (observation, reward, done, info)?)" if _n(out) == 4 else ""),
        )
    obs, reward, terminated, truncated, info = out
    # The common case inline (this is the hot path); the helpers raise the precise errors.
    if type(obs) is not str:
        _check_str(obs, "observation")
    if len(obs) > _Loaded.max_output:
        _check_size(obs, "observation")
    if type(reward) is not float or reward - reward != 0.0:
        reward = _check_reward(reward)
    if reward < _Loaded.reward_low or reward > _Loaded.reward_high:
        # every step, not only validation's probes: a reward outside the declared range on a
        # path the probes never reach (after a win) is the environment's error when scored
        raise _Problem(
            "guest",
            f"reward is outside REWARD_RANGE ({_Loaded.reward_low}, {_Loaded.reward_high}): "
            f"{reward!r}",
        )
    if type(terminated) is not bool:
        terminated = _check_bool(terminated, "terminated")
    if type(truncated) is not bool:
        truncated = _check_bool(truncated, "truncated")
    if type(info) is not dict:
        _check_dict(info, "info")
    elif info:
        _check(info, "info")
    return [obs, reward, terminated, truncated, info]


def _tool(arg):
    req = json.loads(arg)
    name = req["name"]
    args = req["args"]
    _env()
    method = _Loaded.tools.get(name)
    if method is None:
        raise _Problem("guest", f"unknown tool {name!r}; declared: {sorted(_Loaded.tools)}")
    # The call's arguments are bound to the tool's signature before it runs: a refusal there
    # is the caller's (kind "refused"); a TypeError the tool's body raises, whatever it says,
    # is the environment's. A message pattern could not tell them apart: a tool that raised
    # "Env._reply() got an unexpected keyword argument" was read as the agent's wrong call.
    # The signature is read from the function's code, never from a __signature__ the program
    # sets (whose own bind() would run the program's code inside the check), and with the
    # instance bound as its first argument (so an argument named like it, "self", is refused
    # for a **kwargs tool too). A tool that is not a plain method has no check: any error it
    # raises is the environment's.
    sig = _Loaded.signatures.get(name)
    if sig is None:
        sig = False
        func = method.__func__ if type(method) is _MethodType else None
        if type(func) is _FunctionType:
            try:
                sig = inspect._signature_from_function(
                    inspect.Signature, func, skip_bound_arg=False
                )
            except Exception:
                sig = False
        _Loaded.signatures[name] = sig
    if sig:
        try:
            sig.bind(method.__self__, **args)
        except TypeError as exc:
            raise _Problem("refused", f"TypeError: {name}() {exc}") from None
    try:
        out = method(**args)
    except _Problem as exc:  # the runner's own kinds are the runner's to raise
        raise RuntimeError(f"the tool raised a runner error: {exc.message}") from None
    if type(out) is str:
        _check_size(out, f"tool {name!r} result")
        return out
    _check(out, f"tool {name!r} result")
    return json.dumps(out, ensure_ascii=False)  # sized in UTF-8 bytes, like the rest


def _stdio(arg):
    out, err = _Loaded.stdout, _Loaded.stderr
    return {
        "stdout": out.getvalue() if out is not None else "",
        "stderr": err.getvalue() if err is not None else "",
        "dropped": (out.dropped if out is not None else 0)
        + (err.dropped if err is not None else 0),
    }


def _make_dumps():
    """A JSON encoder built once (json.dumps with options builds one per call: ~40K wasm
    instructions, more than the rest of a step). Inputs are checked plain data, so no
    circular-reference markers are needed."""
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)
    if make is None:
        return lambda obj: json.dumps(
            obj, allow_nan=False, separators=(",", ":"), ensure_ascii=False
        )
    # Not ASCII-escaped: the answer travels as UTF-8, so size limits count the text's UTF-8
    # bytes (a CJK character is 3 bytes, not the 6 of its \uXXXX escape).
    enc = make(None, None, encoder.encode_basestring, None, ":", ",", False, False, False)
    join = "".join
    return lambda obj: join(enc(obj, 0))


_dumps = _make_dumps()

_OPS = {
    "load": _load,
    "reset": _reset,
    "step": _step,
    "tool": _tool,
    "stdio": _stdio,
    "prime": _prime,
    "compile": _compile,
}


def _format_tb(exc):
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except BaseException:
        text = f"{_type_name(exc)} (traceback unavailable)"
    if len(text) > _TRACEBACK_CHARS:
        text = "...\n" + text[-_TRACEBACK_CHARS:]
    return text


def _describe(exc):
    try:
        return f"{_type_name(exc)}: {exc}"[:2000]
    except BaseException:
        return _type_name(exc)


def _error(kind, message, tb=""):
    return "e" + json.dumps({"kind": kind, "message": message, "traceback": tb})


def _run(op, arg):
    fn = _OPS.get(op)
    if fn is None:
        return _error("protocol", f"unknown op {op!r}")
    try:
        result = fn(arg)
        text = _dumps(result)
    except MemoryError:
        return _error("memory", "MemoryError: the instance ran out of its memory cap")
    except _Problem as exc:
        return _error(exc.kind, exc.message)
    except _LoadFailed as exc:
        return _error("load", _describe(exc.exc), _format_tb(exc.exc))
    except RecursionError as exc:
        return _error("guest", _describe(exc), _format_tb(exc)[-2000:])
    except BaseException as exc:
        return _error("guest", _describe(exc), _format_tb(exc))
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        return _error(
            "guest",
            f"{op} result is not serialisable: a string holds a lone surrogate "
            f"({exc.object[exc.start : exc.end]!r}), not valid Unicode",
        )
    # The compile op answers the host's compiler with a program's code, not an environment's
    # output: the host bounds it itself (a 30,000-word list compiles to 1.3 MB of base64).
    if size > _Loaded.max_output and op != "compile":
        # The bound is on what the environment wrote, not on its JSON escaping (a backslash is
        # 2 bytes escaped, a control character 6): count the content only when the text is over.
        content = _content_size(result)
        if content > _Loaded.max_output:
            return _error(
                "output",
                f"{op} result holds {content} bytes of content (unescaped JSON), over the "
                f"bound of {_Loaded.max_output} bytes",
            )
    return "o" + text


def _content_size(value):
    """The JSON length of checked plain data with every escape counted as the one character
    it stands for: UTF-8 bytes of strings and keys plus their quotes, numbers' text, brackets
    and separators (empty strings and containers are not free: ``[]`` is 2 bytes, so 524,000
    empty lists are 1.5 MB, not the 1.0 MB a count of 1 each gave, a tester's, 2026-12-01)."""
    t = type(value)
    if t is str:
        return len(value.encode("utf-8")) + 2
    if t is dict:
        if not value:
            return 2
        return 1 + sum(len(k.encode("utf-8")) + 4 + _content_size(v) for k, v in value.items())
    if t is list or t is tuple:
        if not value:
            return 2
        return 1 + sum(1 + _content_size(v) for v in value)
    if value is None or value is True:
        return 4
    if value is False:
        return 5
    return len(repr(value))


class WitWorld(wit_world.WitWorld):
    """The component's export."""

    def handle(self, op: str, arg: str) -> str:
        try:
            return _run(op, arg)
        except MemoryError:
            return 'e{"kind": "memory", "message": "MemoryError", "traceback": ""}'


# Everything created so far is part of the start-up snapshot: move it out of the cyclic GC's
# reach so a collection in a fresh instance does not walk (and page in) the whole snapshot heap.
gc.collect()
gc.freeze()
