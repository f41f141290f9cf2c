"""The grounding corpus: documents split into passages, sampled without replacement.

Each design request carries one passage to build an environment around (DESIGN.md §1). Sources:

- ``"stdlib"`` (default): the documentation of the installed Python standard library, read
  offline from the modules' source files with ``ast`` (module docstring plus the docstrings of
  public classes and functions). Nothing is imported, so modules with side effects
  (``antigravity``, ``this``, ``tkinter`` ...) are harmless. Extracted once and cached as JSON
  lines under the platformdirs user cache directory.
- a directory (recursively: ``.txt``, ``.md``, ``.rst``, ``.jsonl``, ``.parquet``) or one
  such file. JSON lines and parquet read the text from ``DesignerConfig.corpus_field``.

Empty and non-text documents are skipped and counted (``Corpus.skipped``). A path that does
not exist or yields no text raises ``CorpusError`` naming it.

Sampling is uniform among the passages not yet used in the current epoch; when all are used a
new epoch starts. ``state()`` / ``restore()`` persist the used ids so a resumed run continues
without repeats, and given the same ``random.Random`` state picks exactly what an uninterrupted
run would.
"""

from __future__ import annotations

import ast
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec

from engine.config import DesignerConfig
from engine.errors import CorpusError

__all__ = [
    "Corpus",
    "CorpusState",
    "Passage",
    "load_corpus",
    "split_passages",
    "stdlib_documents",
]

TEXT_SUFFIXES = (".txt", ".md", ".rst")
_STDLIB_CACHE_VERSION = 2
# Modules never read for the default corpus: side effects on import, test suites, GUI, or
# internal packages whose text is not documentation.
_STDLIB_SKIP = frozenset(
    {
        "antigravity",
        "this",
        "tkinter",
        "idlelib",
        "turtle",
        "turtledemo",
        "test",
        "lib2to3",
        "pydoc_data",
        "ensurepip",
        "venv",
        "__future__",
        "__hello__",
        "__phello__",
    }
)


class Passage(msgspec.Struct, frozen=True, kw_only=True):
    """One grounding passage.

    Attributes:
        id: ``"<doc id>#<passage index>"``.
        doc_id: the document it came from (relative path, ``path:line`` or module name).
        text: the passage text (about ``passage_chars`` characters).
    """

    id: str
    doc_id: str
    text: str


class CorpusState(msgspec.Struct, kw_only=True):
    """What a run must save to continue sampling without repeats.

    Attributes:
        epoch: completed passes over the whole corpus.
        used: ids sampled in the current epoch, in order.
    """

    epoch: int = 0
    used: list[str] = []


def split_passages(text: str, passage_chars: int) -> list[str]:
    """Split a document into passages of about ``passage_chars`` characters.

    Paragraphs (blank-line separated) are packed greedily; a paragraph longer than the limit is
    cut at the last whitespace before it; a short tail (under a quarter of the limit) is merged
    into the passage before it.

    Args:
        text: the document.
        passage_chars: target passage length in characters.

    Returns:
        Non-empty passages, in document order.
    """
    paras = [" ".join(p.split()) for p in text.replace("\r\n", "\n").split("\n\n")]
    pieces: list[str] = []
    for para in paras:
        while len(para) > passage_chars:
            cut = para.rfind(" ", 0, passage_chars)
            cut = cut if cut > passage_chars // 2 else passage_chars
            pieces.append(para[:cut].strip())
            para = para[cut:].strip()
        if para:
            pieces.append(para)
    out: list[str] = []
    cur = ""
    for piece in pieces:
        if cur and len(cur) + 2 + len(piece) > passage_chars:
            out.append(cur)
            cur = piece
        else:
            cur = f"{cur}\n\n{piece}" if cur else piece
    if cur:
        if out and len(cur) < passage_chars // 4:
            out[-1] = f"{out[-1]}\n\n{cur}"
        else:
            out.append(cur)
    return out


def _is_text(s: str) -> bool:
    """Whether a decoded document looks like text (non-empty, no NULs, mostly printable)."""
    if not s.strip() or "\x00" in s:
        return False
    sample = s[:4000]
    bad = sum(1 for ch in sample if not ch.isprintable() and ch not in "\n\r\t")
    return bad <= len(sample) // 20


# ----------------------------------------------------------------------------------- stdlib


def _module_doc(name: str, path: Path) -> str:
    """Docstrings of a module source file: the module's, then public classes/functions."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return ""
    parts = []
    doc = ast.get_docstring(tree)
    if doc:
        parts.append(f"Module {name}\n\n{doc}")
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name.startswith("_"):
                continue
            d = ast.get_docstring(node)
            if d:
                kind = "class" if isinstance(node, ast.ClassDef) else "function"
                parts.append(f"{name}.{node.name} ({kind})\n\n{d}")
    return "\n\n".join(parts)


def _stdlib_module_files(max_modules: int) -> Iterator[tuple[str, Path]]:
    """(module name, source file) of public top-level stdlib modules, sorted by name."""
    import importlib.util

    for name in sorted(sys.stdlib_module_names):
        if name.startswith("_") or name in _STDLIB_SKIP:
            continue
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(".py"):
            continue  # builtin or extension module: no source to read
        files = [(name, Path(origin))]
        if origin.endswith("__init__.py"):  # a package: its public submodules, found on disk
            root = Path(origin).parent
            for sub in sorted(root.rglob("*.py")):
                rel = sub.relative_to(root).with_suffix("").parts
                if sub.name == "__init__.py" and len(rel) == 1:
                    continue
                if any(part.startswith("_") or "test" in part for part in rel):
                    continue
                files.append((".".join((name, *rel)), sub))
        for item in files:
            yield item
            max_modules -= 1
            if max_modules <= 0:
                return


def stdlib_documents(
    cache_dir: Path | None = None, *, max_modules: int = 600, max_seconds: float = 20.0
) -> list[tuple[str, str]]:
    """Documentation of the installed standard library as ``(module name, text)`` pairs.

    Extracted at first use (at most ``max_modules`` modules or ``max_seconds`` seconds) and
    cached in ``cache_dir`` (default: the platformdirs user cache dir of ``spade-engine``),
    keyed by the Python version.

    Raises:
        CorpusError: nothing could be extracted.
    """
    if cache_dir is None:
        import platformdirs

        cache_dir = Path(platformdirs.user_cache_dir("spade-engine"))
    ver = f"{sys.version_info.major}.{sys.version_info.minor}"
    cache = cache_dir / f"stdlib-docs-py{ver}-v{_STDLIB_CACHE_VERSION}.jsonl"
    if cache.exists():
        docs = []
        try:
            for line in cache.read_text(encoding="utf-8").splitlines():
                rec = json.loads(line)
                docs.append((str(rec["id"]), str(rec["text"])))
        except (OSError, ValueError, KeyError, TypeError):
            docs = []  # a damaged cache is rebuilt
        if docs:
            return docs
    start = time.monotonic()
    docs = []
    for name, path in _stdlib_module_files(max_modules):
        text = _module_doc(name, path)
        if text:
            docs.append((name, text))
        if time.monotonic() - start > max_seconds:
            break
    if not docs:
        raise CorpusError("corpus 'stdlib': no documentation found in the installed stdlib")
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".tmp{os.getpid()}")
        with tmp.open("w", encoding="utf-8") as f:
            for doc_id, text in docs:
                f.write(json.dumps({"id": doc_id, "text": text}) + "\n")
        tmp.replace(cache)
    except OSError:
        pass  # an unwritable cache only costs the extraction next time
    return docs


# ------------------------------------------------------------------------------------ files


class _Reader:
    """Reads documents from files, counting the skipped ones."""

    def __init__(self, field: str) -> None:
        self.field = field
        self.skipped = 0
        self.files = 0

    def text_file(self, path: Path, doc_id: str) -> Iterator[tuple[str, str]]:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            self.skipped += 1
            return
        if _is_text(text):
            yield doc_id, text
        else:
            self.skipped += 1

    def jsonl_file(self, path: Path, doc_id: str) -> Iterator[tuple[str, str]]:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            self.skipped += 1
            return
        for i, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                self.skipped += 1
                continue
            text = rec.get(self.field) if isinstance(rec, dict) else None
            if isinstance(text, str) and _is_text(text):
                yield f"{doc_id}:{i}", text
            else:
                self.skipped += 1

    def parquet_file(self, path: Path, doc_id: str) -> Iterator[tuple[str, str]]:
        import pyarrow.parquet as pq

        try:
            table = pq.read_table(path, columns=[self.field])
        except Exception:  # pyarrow raises several types for bad files / missing columns
            self.skipped += 1
            return
        for i, text in enumerate(table.column(self.field).to_pylist()):
            if isinstance(text, str) and _is_text(text):
                yield f"{doc_id}:{i}", text
            else:
                self.skipped += 1

    def any_file(self, path: Path, doc_id: str) -> Iterator[tuple[str, str]]:
        suffix = path.suffix.lower()
        self.files += 1
        if suffix in TEXT_SUFFIXES:
            yield from self.text_file(path, doc_id)
        elif suffix == ".jsonl":
            yield from self.jsonl_file(path, doc_id)
        elif suffix == ".parquet":
            yield from self.parquet_file(path, doc_id)
        else:
            self.files -= 1
            self.skipped += 1


class Corpus:
    """Passages of a corpus, with run-long sampling without replacement.

    Args:
        passages: the passages (ids must be unique).
        source: what was loaded (``"stdlib"`` or a path), for messages.
        skipped: documents skipped as empty or non-text.
    """

    def __init__(self, passages: list[Passage], source: str, skipped: int = 0) -> None:
        if not passages:
            raise CorpusError(f"corpus {source!r} holds no text")
        self.passages = passages
        self.source = source
        self.skipped = skipped
        self._by_id = {p.id: i for i, p in enumerate(passages)}
        if len(self._by_id) != len(passages):
            raise CorpusError(f"corpus {source!r}: duplicate passage ids")
        self._state = CorpusState()
        self._unused: list[int] = list(range(len(passages)))

    def __len__(self) -> int:
        return len(self.passages)

    def get(self, passage_id: str) -> Passage:
        """The passage with this id. Raises ``KeyError`` for an unknown id."""
        return self.passages[self._by_id[passage_id]]

    def sample(self, rng: random.Random) -> Passage:
        """A passage not yet used this epoch, uniformly at random; starts a new epoch if none.

        Args:
            rng: the run's random generator (consumes one ``randrange`` call).
        """
        if not self._unused:
            self._state.epoch += 1
            self._state.used = []
            self._unused = list(range(len(self.passages)))
        idx = self._unused.pop(rng.randrange(len(self._unused)))
        passage = self.passages[idx]
        self._state.used.append(passage.id)
        return passage

    @property
    def remaining(self) -> int:
        """Passages left in the current epoch."""
        return len(self._unused)

    def state(self) -> CorpusState:
        """A copy of the sampling state (save it with the run)."""
        return CorpusState(epoch=self._state.epoch, used=list(self._state.used))

    def restore(self, state: CorpusState) -> None:
        """Continue from a saved state; ids no longer in the corpus are ignored."""
        used = [u for u in state.used if u in self._by_id]
        self._state = CorpusState(epoch=state.epoch, used=used)
        taken = {self._by_id[u] for u in used}
        self._unused = [i for i in range(len(self.passages)) if i not in taken]

    def save_state(self, path: Path) -> None:
        """Write ``state()`` as JSON to ``path`` atomically."""
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(msgspec.json.encode(self.state()))
        tmp.replace(path)

    def load_state(self, path: Path) -> None:
        """``restore`` from a file written by ``save_state``; a missing file is a fresh start.

        Raises:
            CorpusError: the file exists but is not a corpus state.
        """
        if not path.exists():
            return
        try:
            self.restore(msgspec.json.decode(path.read_bytes(), type=CorpusState))
        except msgspec.DecodeError as exc:
            raise CorpusError(f"corpus state {str(path)!r}: {exc}") from exc


def _passages(docs: Iterator[tuple[str, str]] | list[tuple[str, str]], chars: int) -> list[Passage]:
    out = []
    for doc_id, text in docs:
        for i, piece in enumerate(split_passages(text, chars)):
            out.append(Passage(id=f"{doc_id}#{i}", doc_id=doc_id, text=piece))
    return out


def load_corpus(config: DesignerConfig, *, cache_dir: Path | None = None) -> Corpus:
    """Load the corpus named by ``config.corpus`` and split it into passages.

    Args:
        config: ``corpus`` (``"stdlib"`` or a path), ``corpus_field``, ``passage_chars``.
        cache_dir: where the stdlib extraction is cached (default: user cache dir).

    Returns:
        The corpus, with ``skipped`` counting empty/non-text documents.

    Raises:
        CorpusError: the path does not exist, or no document in it holds text.
    """
    if config.corpus == "stdlib":
        stdlib = stdlib_documents(cache_dir)
        return Corpus(_passages(stdlib, config.passage_chars), "stdlib")
    root = Path(config.corpus).expanduser()
    if not root.exists():
        raise CorpusError(f"corpus path {str(root)!r} does not exist")
    reader = _Reader(config.corpus_field)
    if root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.is_file())

        def docs() -> Iterator[tuple[str, str]]:
            for p in files:
                yield from reader.any_file(p, p.relative_to(root).as_posix())

        passages = _passages(docs(), config.passage_chars)
    else:
        passages = _passages(reader.any_file(root, root.name), config.passage_chars)
    if not passages:
        raise CorpusError(
            f"corpus path {str(root)!r} holds no text "
            f"({reader.files} readable files, {reader.skipped} documents skipped)"
        )
    return Corpus(passages, str(root), reader.skipped)
