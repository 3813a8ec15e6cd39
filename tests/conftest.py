"""Shared fixtures. The cache of derived artifacts goes to a per-session temporary folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KB_DIR = ROOT / "kb"

# One cache folder and one copy of the bundled rulebook per test run: made by the first process
# (pytest's, or the only one), and handed to the pytest-xdist workers it starts through the
# environment, so that what one worker derives (the parsed rulebook, the compiled Prolog code, the
# graph, …) the others read. The tests see the bundled rulebook as a fresh clone has it: without a
# card database that `make demo` (or a user) may have imported into kb/imported/.
_SHARED = "BERSERK_KB_TEST_RUN"
_OWNER = _SHARED not in os.environ
if _OWNER:
    _run = Path(tempfile.mkdtemp(prefix="berserk-kb-test-run-"))
    (_run / "cache").mkdir(mode=0o700)
    shutil.copytree(KB_DIR, _run / "kb", ignore=shutil.ignore_patterns("imported"))
    os.environ[_SHARED] = str(_run)
_RUN = Path(os.environ[_SHARED])
_CACHE = str(_RUN / "cache")
_DEFAULT = _RUN / "kb"
os.environ["BERSERK_KB_CACHE"] = _CACHE
os.environ["BERSERK_KB_DEFAULT"] = str(_DEFAULT)
SOURCES = KB_DIR / "sources"
SEEDS = ROOT.parent / "shared" / "seeds"


#: The exit status of this process's session, once it has finished as a pytest-xdist worker's.
_WORKER_EXIT: list[int] = []

if os.environ.get("PYTEST_XDIST_WORKER"):
    import atexit

    def _end_without_teardown() -> None:
        """A pytest-xdist worker whose session has finished (its results sent) ends here, with its
        session's status, once the exit functions registered after this module was imported (the
        package's, pyswip's) have run — without the interpreter's teardown, which frees its heap
        (the rulebooks, graphs and engines the tests made) object by object: the run waited ~1 s
        for it. Any other process (one that only inherited the variable, say) ends as usual."""
        if _WORKER_EXIT:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(_WORKER_EXIT[0])

    atexit.register(_end_without_teardown)


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):  # a pytest-xdist worker (not the process that started them)
        _WORKER_EXIT[:] = [int(exitstatus)]


def pytest_configure(config):
    """A test process keeps what it makes (a test module's objects live for the run): its young
    generation is collected after 50,000 allocations, not 700 (~10 % of an in-process test's time
    went to collecting)."""
    import gc

    gc.set_threshold(50_000, 50, 100)


def pytest_collection_modifyitems(session, config, items):
    """The web tests (tests/web/) first: see :func:`pytest_xdist_make_scheduler`."""
    web = ROOT / "tests" / "web"
    items.sort(key=lambda item: web not in Path(item.path).parents)  # stable: otherwise as collected


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadgroup`` (``make test``) the web tests, which share one server and one
    browser per process, all run in one pytest-xdist worker — and first, so that the other workers
    share out the rest of the suite meanwhile; so do the tests of a module with a module-scoped
    fixture (made once, not once in each worker); every other test is a unit of its own. (pytest-xdist
    groups by ``xdist_group`` marks by renaming node ids, which pytest 9 no longer lets it do: the
    groups are told here by path instead.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    import functools

    from xdist.scheduler import LoadGroupScheduling

    @functools.cache
    def shares_a_module_fixture(path: str) -> bool:
        return 'scope="module"' in (ROOT / path).read_text(encoding="utf-8")

    class WebTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith("tests/web/"):
                return "tests/web"
            path = nodeid.split("::", 1)[0]
            return path if shares_a_module_fixture(path) else nodeid

    return WebTogether(config, log)


def pytest_unconfigure(config):
    if _OWNER:  # the workers are gone by now
        shutil.rmtree(_RUN, ignore_errors=True)


@pytest.fixture(scope="session")
def once(tmp_path_factory):
    """``once(name, make)`` → (folder, value): ``make(folder)`` is called once per test run, even
    when pytest-xdist runs the tests in several processes. The first process to ask for ``name``
    calls it, under a lock, with a new empty ``folder`` in the base temporary folder that every
    process of the run shares, and keeps what it returns (a JSON value); the others wait for it and
    get the same folder and value. A ``make`` that raises is tried again by the next to ask. Tests
    must not change ``folder`` (copy what they change), so they stay independent of each other."""
    import fcntl
    import json

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's own base folder; each worker's is a folder in it

    def run(name: str, make):
        folder, done = root / f"once-{name}", root / f"once-{name}.json"
        with open(root / f"once-{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                done.write_text(json.dumps(make(folder)), encoding="utf-8")
            return folder, json.loads(done.read_text(encoding="utf-8"))

    return run


@pytest.fixture(scope="session")
def kb():
    """The bundled rulebook, loaded once for the session."""
    from berserk_kb import KnowledgeBase

    return KnowledgeBase()


@pytest.fixture(scope="session")
def rulebook(kb):
    return kb.rulebook


@pytest.fixture()
def cli():
    """Run the CLI in-process: ``cli("show", "519.3")`` → click Result (exit_code, stdout, stderr)."""
    from click.testing import CliRunner

    from berserk_kb.cli import main

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return run


@pytest.fixture()
def run_here(cli):
    """``run_here(args)`` → the command run in this process (:func:`cli`), as a
    ``subprocess.CompletedProcess`` (returncode, stdout, stderr): for a test of what a command says,
    where how a process starts is not the point (a console script costs ~0.3 s of CPU to start)."""

    def run(args: list[str]) -> subprocess.CompletedProcess:
        r = cli(*args)
        return subprocess.CompletedProcess(args, r.exit_code, r.stdout, r.stderr)

    return run


EXE = str(Path(sys.executable).with_name("berserk-kb"))


def run_exe(args: list[str], cache: Path, timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    """The console script run as a user runs it, with its own cache folder ``cache``."""
    env = dict(os.environ, BERSERK_KB_CACHE=str(cache))
    return subprocess.run([EXE, *args], env=env, capture_output=True, text=True, timeout=timeout, **kw)


def _fill_a_cache(folder: Path) -> None:
    """What the console script derives from the bundled rulebook for show, why, search and export
    (the compiled Prolog code first of all), into ``folder / "cache"``."""
    cache, example = folder / "cache", KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"
    for args in (["show", "519.3", "-e", "B"], ["why", str(example)], ["search", "карта"],
                 ["export", "-o", str(folder / "graph.ttl")]):
        r = run_exe(args, cache)
        assert r.returncode == 0, (args, r.stderr)


@pytest.fixture()
def warm_cache(tmp_path: Path, once) -> Path:
    """A cache folder of the test's own, ``tmp_path / "cache"``, holding what the bundled
    rulebook's commands derive (filled once per run, copied for each test): a console script run
    with it starts warm (~0.4 s of CPU, not ~1.5 s) and the test may change it as it likes. For a
    test about an empty or a damaged cache, an empty folder is the point: not this."""
    filled, _ = once("warm-cache", _fill_a_cache)
    shutil.copytree(filled / "cache", tmp_path / "cache", symlinks=True)
    return tmp_path / "cache"


def one_line_refusal(r: subprocess.CompletedProcess) -> str:
    """The one stderr line of a refused run (exit 2, no traceback)."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    return r.stderr.strip()


def make_kb(tmp_path: Path, fragments: dict[str, str], editions: dict[str, list[str]] | None = None) -> Path:
    """Write a small rulebook folder: ``fragments`` maps file name → text; ``editions`` maps
    edition id → file names (default: one edition ``X`` with every fragment)."""
    sources = tmp_path / "sources"
    sources.mkdir(parents=True)
    for name, text in fragments.items():
        (sources / name).write_text(text, encoding="utf-8")
    editions = editions or {"X": list(fragments)}
    lines = ["title: test", "editions:"]
    for ed, files in editions.items():
        lines.append(f"  - id: {ed}")
        lines.append("    fragments:")
        lines.extend(f"      - {f}" for f in files)
    (sources / "manifest.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def kb_with_a_wrong_example(tmp_path: Path) -> Path:
    """The bundled rulebook and cards in ``tmp_path / "kb"`` with one example scenario,
    ``examples/wrong.yaml``: A:519.3/ex1 (the rulebook: «в итоге сила удара Гнома-Басаарга равна 1»)
    stating strength 2 instead."""
    kb = tmp_path / "kb"
    shutil.copytree(KB_DIR / "sources", kb / "sources")
    shutil.copy(KB_DIR / "cards.yaml", kb / "cards.yaml")
    (kb / "examples").mkdir()
    src = (KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text(encoding="utf-8")
    (kb / "examples" / "wrong.yaml").write_text(src.replace("strength: 1,", "strength: 2,"), encoding="utf-8")
    return kb


@pytest.fixture
def no_goal_limit():
    """The engine without a time limit per goal for one test, the limit before restored after: the
    web tests' session-long server sets one (5 s) for the whole process, and a test that must reach
    the inference-step bound (not a clock) would meet the clock first on a loaded machine."""
    from berserk_kb.engine.bridge import engine

    before = engine().set_time_limit(0)
    yield
    engine().set_time_limit(before)


@pytest.fixture
def lower_step_limit():
    """The engine refusing a scenario past 200,000 inference steps for one test, the limit before
    restored after: a test of how the refusal reads (the command's line, the web page) reaches it in
    a hundredth of the work of the default 20,000,000, which test_hardening_13f's library test reaches."""
    from berserk_kb.engine.bridge import engine

    before = engine().set_step_limit(200_000)
    yield 200_000
    engine().set_step_limit(before)
