"""Cache entries damaged in every way a file can be (issue 13): each entry file (of every kind:
model, cards, scenarios, links, the compiled bundles' files and MANIFEST, qlf/swipl-version)
replaced by a FIFO, a symbolic link to ``/dev/zero``, an empty file, bytes that are not UTF-8, a
folder, or cut in half, and the folders of a kind or of a compiled bundle replaced too. The next
command answers as a run on an empty cache does; it never hangs and never reads without end (it
runs with its memory capped). In this process, each format of entry (pickle, JSON, Prolog facts,
bare) is damaged alone, and every file a command leaves in the cache is shown to be one of them."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from test_cache import EXE, WHY, cold, command_env, default_kb, run  # noqa: F401  (fixtures, used by name)


def _fifo(p):
    os.mkfifo(p)


def _dev_zero(p):
    p.symlink_to("/dev/zero")


def _empty(p):
    p.write_bytes(b"")


def _folder(p):
    p.mkdir()


def _garbled(p):
    """Bytes that are not UTF-8 and no entry (qlf/swipl-version and a bundle's MANIFEST included)."""
    p.write_bytes(b"\xff\xfe\x00\x80 not an entry \xc3\x28")


def _truncated(p):
    """Half of a whole entry: the digest no longer matches."""
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 2])


def _capped(args, cache):
    """``run`` with the address space capped at 2 GiB (a run needs a few hundred MiB): a command
    that read /dev/zero without end fails here instead of taking the machine's memory."""
    import resource
    import subprocess

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run([EXE, *args], env=command_env(cache), capture_output=True, text=True, timeout=120,
                          preexec_fn=cap)


def run_installed(args, cache):
    """``run`` with the code compiled into the Python environment (``make setup``), not
    :data:`test_cache.OWN_CODE`: for a test of the cache's root, whose command need not compile
    a code bundle into it."""
    env = {k: v for k, v in command_env(cache).items() if k != "BERSERK_KB_PROLOG"}
    return subprocess.run([EXE, *args], env=env, capture_output=True, text=True, timeout=120)


#: The folders replaced whole (in the run of each damage that can stand for a folder, two of them
#: in turn: kinds' folders, the compiled code's bundle, or all of qlf/). Each is one `why` reads: a
#: facts bundle (``qlf/facts-*``, once here) is not, as `why` loads no rulebook facts.
_FOLDERS = [("model", "qlf/code-*"), ("cards", "swipl"), ("scenarios", "checks"), ("links", "qlf")]


@pytest.mark.parametrize("damage", [_fifo, _dev_zero, _empty, _garbled, _folder, _truncated])
def test_every_entry_replaced_is_derived_again(tmp_path, cold, damage):  # noqa: F811
    reference, filled = cold(WHY)
    assert reference.returncode == 0, reference.stderr
    cache = shutil.copytree(filled, tmp_path / "cache", symlinks=True)
    entries = [p for p in cache.rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert {p.relative_to(cache).parts[0] for p in entries} >= {"model", "cards", "scenarios", "qlf", "links"}
    assert {"swipl-version", "MANIFEST"} <= {p.name for p in entries}
    folders: list = []
    if damage in (_fifo, _dev_zero, _empty, _garbled):
        for pattern in _FOLDERS[[_fifo, _dev_zero, _empty, _garbled].index(damage)]:
            found = sorted(cache.glob(pattern))[:1]
            assert found, pattern  # each folder replaced is there to replace
            folders += found
    for p in entries:
        if not any(f == p or f in p.parents for f in folders):
            damage(p) if damage is _truncated else (p.unlink(), damage(p))
    for f in folders:
        shutil.rmtree(f)
        damage(f)
    again = _capped(WHY, cache)  # a hang is the subprocess timeout, a failure here
    assert again.returncode == 0, again.stderr
    assert again.stdout == reference.stdout


# --- a cache folder someone else can write ------------------------------------------------------


class _Planted:
    """Unpickling this runs ``os.system`` — what a planted entry with a valid digest would do."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_pickle_in_a_folder_others_can_write_never_runs(tmp_path, monkeypatch, capsys):
    import pickle

    from berserk_kb.store.entries import entry_path, read_pickle, write_entry

    cache, marker = tmp_path / "shared-cache", tmp_path / "pwned"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    path = entry_path("model", "planted")
    write_entry(path, pickle.dumps(_Planted(marker)))  # a whole entry: header and digest match
    cache.chmod(0o777)  # as a shared BERSERK_KB_CACHE is
    assert read_pickle(path, object) is None  # not read: the process runs without a cache
    assert not marker.exists()
    assert f"cache folder {cache} is not usable ({cache} is writable by other users" in capsys.readouterr().err


def test_a_command_on_a_cache_folder_others_can_write_warns_in_one_line_and_answers(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o777)
    r = run_installed(WHY, cache)
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith(f"berserk-kb: warning: cache folder {cache} is not usable ({cache} is writable by "
                               "other users")
    assert len(r.stderr.splitlines()) == 1 and r.stdout
    assert os.listdir(cache) == []  # nothing written into it


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a folder to another user")
def test_a_cache_subfolder_of_another_user_is_not_read(tmp_path, monkeypatch, capsys):
    from berserk_kb.store.entries import entry_path, read_entry, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = entry_path("model", "theirs")
    write_entry(path, b"theirs")
    os.chown(path.parent, 65534, -1)
    assert read_entry(path) is None
    assert "model belongs to another user" in capsys.readouterr().err


# --- every kind of entry, each damage, in this process ------------------------------------------


def _symlink_out(p):
    """A link to a file elsewhere, with a valid entry of its own: an entry is read where it is."""
    other = p.with_name("elsewhere")
    other.write_bytes(p.read_bytes())
    p.unlink()
    p.symlink_to(other)


DAMAGES = [_fifo, _dev_zero, _empty, _garbled, _folder, _truncated]


def _formats(tmp_path):
    """Every way an entry is read — a pickle and a JSON value (:func:`cached`: the model, cards,
    scenarios, links, check results, conflicts), a file read by path (:func:`ensure_entry`: the
    generated Prolog facts) and a bare entry (:func:`read_entry`: a bundle's MANIFEST and
    qlf/swipl-version) — as (name, write it whole, read it: the value or None)."""
    from berserk_kb.store.entries import cached, ensure_entry, entry_path, read_entry, write_entry

    def value():
        return {"Гном": [1, 2, "null"]}

    pickle_path, json_path = entry_path("model", "p"), entry_path("checks", "j", suffix=".json")
    facts_path, bare_path = entry_path("facts", "f", suffix=".pl"), tmp_path / "cache" / "qlf" / "swipl-version"
    return [
        ("pickle", lambda: cached(pickle_path, value, dict), lambda: cached(pickle_path, value, dict), pickle_path),
        ("json", lambda: cached(json_path, value), lambda: cached(json_path, value), json_path),
        ("facts", lambda: ensure_entry(facts_path, lambda: "fact(1).\n"),
         lambda: ensure_entry(facts_path, lambda: "fact(1).\n").read_bytes().endswith(b"\nfact(1).\n"), facts_path),
        ("bare", lambda: write_entry(bare_path, "stamp\nversion"), lambda: read_entry(bare_path), bare_path),
    ]


@pytest.mark.parametrize("damage", DAMAGES + [_symlink_out])
def test_each_entry_format_damaged_is_derived_again(tmp_path, monkeypatch, damage):
    """Each format of entry, damaged alone: the next read gives the value derived again (never the
    damaged bytes, never a hang) and writes it back whole, so the read after that agrees."""
    from test_hostile_files import _within

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    expected = {"pickle": {"Гном": [1, 2, "null"]}, "json": {"Гном": [1, 2, "null"]}, "facts": True,
                "bare": b"stamp\nversion"}
    for name, write, read, path in _formats(tmp_path):
        write()
        damage(path) if damage in (_truncated, _symlink_out) else (path.unlink(), damage(path))
        got = _within(20, read)
        if name == "bare":  # a bare entry is read, not derived: damaged is nothing, and the caller writes it again
            assert got in (None, expected[name]) if damage is _symlink_out else got is None, (name, got)
            write()
            got = read()
        assert got == expected[name], (name, damage.__name__, got)
        assert _within(20, read) == expected[name]  # written back whole


def _self_loop(p):
    p.symlink_to(p)


def _dangling(p):
    p.symlink_to(p.with_name("nowhere"))


@pytest.mark.parametrize("damage", [_fifo, _dev_zero, _empty, _garbled, _self_loop, _dangling])
def test_a_kind_folder_replaced_is_made_again(tmp_path, monkeypatch, capsys, damage):
    """The folder of a kind of entry (``model/``, ``qlf/``…) replaced by a FIFO, a link to
    /dev/zero, a file, a link to itself or a link to nothing: the entry is derived and the folder
    made again, with no warning (a link to itself once made the whole cache folder «not usable»,
    every run, and then failed the command: «error: …/model: File exists»). (A compiled bundle's
    own folder replaced by a FIFO once hung every Prolog command: it was removed by opening it.)"""
    from berserk_kb.store.entries import cached, entry_path

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = entry_path("model", "k")
    assert cached(path, lambda: {"a": 1}, dict) == {"a": 1}
    import shutil

    shutil.rmtree(path.parent)
    damage(path.parent)
    assert cached(path, lambda: {"a": 2}, dict) == {"a": 2}
    assert path.parent.is_dir() and not path.parent.is_symlink()
    assert os.path.exists("/dev/zero")  # what a link pointed to is left alone
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("damage", [_self_loop, _dangling])
@pytest.mark.parametrize("where", ["qlf", "bundle"])
def test_a_bundle_folder_replaced_is_built_again(tmp_path, monkeypatch, capsys, damage, where):
    """The ``qlf/`` folder, or a compiled bundle's own folder, replaced by a link to itself or to
    nothing: the bundle is built again in a real folder, with no warning (the qlf folder as a loop
    once left every run loading the sources, the folder never made again)."""
    from berserk_kb.engine.compiled import bundle

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "src"
    src.mkdir()
    (src / "t.pl").write_text(":- module(t_bundle_again, [t/1]).\nt(1).\n", encoding="utf-8")
    first = bundle(src, [src / "t.pl"], "facts")
    assert first is not None and (first / "t.qlf").is_file()
    target = first.parent if where == "qlf" else first
    shutil.rmtree(target)
    damage(target)
    again = bundle(src, [src / "t.pl"], "facts")
    assert again == first and (again / "t.qlf").is_file()
    assert target.is_dir() and not target.is_symlink()
    assert capsys.readouterr().err == ""


def test_every_file_of_a_filled_cache_is_an_entry_or_in_a_bundle(cold):  # noqa: F811
    """Every kind the commands write reaches the one reader: each file of a cache filled by
    ``why``, ``show`` or ``check`` is an entry (header and digest: :func:`read_entry` judges it) or a file of
    a compiled bundle, which its MANIFEST entry judges. A new kind written some other way would
    fail here."""
    from berserk_kb.store.entries import read_entry

    kinds = set()
    for filled, p in ((f, p) for f in (cold(c)[1] for c in (WHY, ["show", "519.3"], ["check", "--json"])) for p in f.rglob("*")):
        if not p.is_file() or p.name.startswith(".") or p == filled / "CACHEDIR.TAG":  # the root's tag, no entry
            continue
        kind = p.relative_to(filled).parts[0]
        kinds.add(kind)
        bundle = p.relative_to(filled).parts[1] if kind == "qlf" and p.parent != filled / "qlf" else None
        if bundle and p.name != "MANIFEST":
            assert (filled / "qlf" / bundle / "MANIFEST").is_file(), p
        else:
            assert read_entry(p) is not None, p
    assert kinds >= {"model", "cards", "scenarios", "qlf", "links", "facts", "checks", "conflicts"}


@pytest.mark.parametrize("how", ["kind folder writable by others", "kind folder a link to a shared one"])
def test_a_planted_pickle_below_the_cache_folder_never_runs(tmp_path, monkeypatch, capsys, how):
    """The cache folder is the user's own, but a folder in it is open to others (or is a link to
    one that is): every folder on the way to an entry is checked, not only the top one."""
    import pickle

    from berserk_kb.store.entries import entry_path, read_pickle, write_entry

    cache, marker = tmp_path / "cache", tmp_path / "pwned"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    path = entry_path("model", "planted")
    write_entry(path, pickle.dumps(_Planted(marker)))
    if how.endswith("shared one"):
        shared = tmp_path / "shared"
        path.parent.rename(shared)
        path.parent.symlink_to(shared)
        shared.chmod(0o777)
    else:
        path.parent.chmod(0o777)
    assert read_pickle(path, object) is None
    assert not marker.exists()
    assert f"({path.parent} is writable by other users" in capsys.readouterr().err


def test_planted_prolog_facts_in_a_folder_others_can_write_are_never_loaded(tmp_path, monkeypatch):
    """Facts files are Prolog code too (``:- initialization(shell(...))`` would run): refused alike."""
    from berserk_kb.store.entries import ensure_entry, entry_path, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = entry_path("facts", "planted", suffix=".pl")
    write_entry(path, f":- initialization(shell('touch {tmp_path / 'pwned'}')).\n")
    path.parent.chmod(0o757)
    used = ensure_entry(path, lambda: "fact(1).\n")  # the facts file to load: written afresh elsewhere
    assert used != path and used.read_bytes().endswith(b"fact(1).\n")
    assert "pwned" in path.read_text()  # and the planted one left where it is, unread


def test_a_planted_pickle_entry_others_can_write_never_runs(tmp_path, monkeypatch, capsys):
    """fu13e: the folders are the user's, but the entry file is ``chmod o+w`` (a ``cp -a`` of a
    shared cache) and another user wrote a pickle with a valid digest into it. It is never
    unpickled: ignored with one warning line, derived again, and the new entry is the user's alone."""
    import pickle
    import stat

    from berserk_kb.store.entries import cached, entry_path, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    marker = tmp_path / "pwned"
    path = entry_path("model", "planted-file")
    write_entry(path, pickle.dumps(_Planted(marker)))
    path.chmod(path.stat().st_mode | stat.S_IWOTH)
    assert cached(path, lambda: {"derived": 1}, dict) == {"derived": 1}
    assert not marker.exists()
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "is writable by other users" in err and str(path) in err
    assert not path.stat().st_mode & stat.S_IWOTH
    assert cached(path, lambda: {"derived": 2}, dict) == {"derived": 1}  # the new entry is read


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another user")
def test_an_entry_file_of_another_user_is_never_read(tmp_path, monkeypatch, capsys):
    import pickle

    from berserk_kb.store.entries import entry_path, read_pickle, write_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    marker = tmp_path / "pwned"
    path = entry_path("model", "their-file")
    write_entry(path, pickle.dumps(_Planted(marker)))
    os.chown(path, 65534, -1)
    assert read_pickle(path, object) is None
    assert not marker.exists() and "belongs to another user" in capsys.readouterr().err


@pytest.mark.parametrize("root", ["/", "/etc", "/usr/../usr"])
def test_a_system_folder_as_the_cache_is_refused_and_the_command_runs_without_one(monkeypatch, capsys, root):
    """fu13e: ``BERSERK_KB_CACHE=/`` made /facts, /model, /qlf, /swipl. A cache root that is the
    root or a system folder is not used: one warning line, and a temporary folder instead."""
    from pathlib import Path

    from berserk_kb.store.files import cache_dir

    monkeypatch.setenv("BERSERK_KB_CACHE", root)
    used = cache_dir()
    assert used.resolve() != Path(root).resolve() and used.name.startswith("berserk-kb-nocache-")
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "not a folder for a cache" in err and "running without a cache" in err


def test_a_new_cache_root_is_tagged_and_a_foreign_folder_is_refused_in_one_line(tmp_path):
    """A cache root we make gets a CACHEDIR.TAG (the Cache Directory Tagging signature, then our
    name); a folder with files of its own and no tag (``BERSERK_KB_CACHE=~/Documents``) is
    refused in one line naming it, exit 2, and nothing is written into it."""
    ours = tmp_path / "cache"
    r = run_installed(["show", "519.3"], ours)
    assert r.returncode == 0, r.stderr
    tag = (ours / "CACHEDIR.TAG").read_text(encoding="utf-8")
    assert tag.startswith("Signature: 8a477f597d28d172789f06886806bc55\n") and "berserk-kb" in tag

    foreign = tmp_path / "documents"
    foreign.mkdir()
    (foreign / "letter.txt").write_text("dear …")
    r = run_installed(["show", "519.3"], foreign)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith(f"berserk-kb: error: cache folder {foreign} is not empty and is not a berserk-kb cache")
    assert len(r.stderr.splitlines()) == 1
    assert sorted(p.name for p in foreign.iterdir()) == ["letter.txt"]


def test_a_cache_of_an_earlier_version_is_adopted_and_a_damaged_tag_written_again(tmp_path):
    """A cache made before the tag (only our kinds' folders in it) is ours: its entries are read as
    they are (the second run finds them) and the tag is written; so is a tag replaced by a FIFO."""
    cache = tmp_path / "cache"
    first = run_installed(["show", "519.3"], cache)
    assert first.returncode == 0, first.stderr
    (cache / "CACHEDIR.TAG").unlink()  # as an earlier version left it
    model = {p: p.stat().st_mtime_ns for p in (cache / "model").iterdir()}
    again = run_installed(["show", "519.3"], cache)
    assert (again.returncode, again.stdout) == (0, first.stdout), again.stderr
    assert {p: p.stat().st_mtime_ns for p in (cache / "model").iterdir()} == model  # read, not derived again
    assert (cache / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith("Signature: ")
    (cache / "CACHEDIR.TAG").unlink()
    os.mkfifo(cache / "CACHEDIR.TAG")
    third = run_installed(["show", "519.3"], cache)
    assert (third.returncode, third.stdout) == (0, first.stdout), third.stderr
    assert (cache / "CACHEDIR.TAG").is_file()


def test_a_new_cache_root_another_process_is_tagging_is_ours(tmp_path):
    """Two commands started on the same new cache folder: the first has made ``model/`` and is
    writing the tag through its temporary ``.CACHEDIR.TAG.*`` when the second looks. The second
    took the folder for someone else's and refused it (pytest-xdist workers sharing one cache
    failed so); both are ours: the command runs and the tag is written."""
    cache = tmp_path / "cache"
    (cache / "model").mkdir(parents=True)
    (cache / ".CACHEDIR.TAG.k2j4x9").write_text("Signature: 8a4")  # half-written by the other process
    r = run_installed(["show", "519.3"], cache)
    assert r.returncode == 0, r.stderr
    assert (cache / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith("Signature: 8a477f597d28d172789f06886806bc55\n")


def test_a_small_file_read_under_a_large_limit_allocates_its_size_not_the_limit(tmp_path):
    """``read_regular`` read ``limit + 1`` bytes at once, which allocates that much first: every
    cache entry read asked for 512 MiB (a warm ``show`` of a 5 MB rulebook peaked at 553 MB in
    Python), and under an address-space cap (the SPARQL child's ``--memory``) the read failed. A
    file of 11 bytes read with a 1 GiB limit, in a process capped at 256 MiB more than it holds."""
    import sys

    (tmp_path / "f").write_bytes(b"hello world")
    code = ("import resource, sys\nfrom pathlib import Path\nfrom berserk_kb.store.files import read_regular\n"
            "used = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
            "resource.setrlimit(resource.RLIMIT_AS, (used + 256 * 2**20, resource.RLIM_INFINITY))\n"
            "sys.stdout.write(read_regular(Path(sys.argv[1]), 2**30).decode())\n")
    r = subprocess.run([sys.executable, "-c", code, str(tmp_path / "f")], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "hello world"), r.stderr
