"""Cache entries damaged in every way a file can be (issue 13): each entry file (of every kind:
model, cards, scenarios, links, the compiled bundles' files and MANIFEST, qlf/swipl-version)
replaced by a FIFO, a symbolic link to ``/dev/zero``, an empty file, bytes that are not UTF-8, or a
folder. The next command answers as a run on an
empty cache does (or, for a folder it cannot replace, says so in one line); it never hangs and
never reads without end."""

from __future__ import annotations

import os
import shutil

import pytest

from test_cache import WHY, cold, default_kb, run  # noqa: F401  (fixtures, used by name)


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


@pytest.mark.parametrize("damage", [_fifo, _dev_zero, _empty, _garbled, _folder])
def test_every_entry_replaced_is_derived_again(tmp_path, cold, damage):  # noqa: F811
    reference, filled = cold(WHY)
    assert reference.returncode == 0, reference.stderr
    cache = shutil.copytree(filled, tmp_path / "cache", symlinks=True)
    entries = [p for p in cache.rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert {p.relative_to(cache).parts[0] for p in entries} >= {"model", "cards", "scenarios", "qlf", "links"}
    assert {"swipl-version", "MANIFEST"} <= {p.name for p in entries}
    for p in entries:
        p.unlink()
        damage(p)
    again = run(WHY, cache)  # a hang is the subprocess timeout, a failure here
    if damage is _folder and again.returncode != 0:
        assert len(again.stderr.strip().splitlines()) == 1 and "Traceback" not in again.stderr, again.stderr
        return
    assert again.returncode == 0, again.stderr
    assert again.stdout == reference.stdout


# --- a cache folder someone else can write ------------------------------------------------------


class _Planted:
    """Unpickling this runs ``os.system`` — what a planted entry with a valid digest would do."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_pickle_in_a_folder_others_can_write_never_runs(tmp_path, monkeypatch):
    import pickle

    from berserk_kb.errors import InputError
    from berserk_kb.store.entries import entry_path, read_pickle, write_entry

    cache, marker = tmp_path / "shared-cache", tmp_path / "pwned"
    monkeypatch.setenv("BERSERK_KB_CACHE", str(cache))
    path = entry_path("model", "planted")
    write_entry(path, pickle.dumps(_Planted(marker)))  # a whole entry: header and digest match
    cache.chmod(0o777)  # as a shared BERSERK_KB_CACHE is
    with pytest.raises(InputError, match="is not usable: .* is writable by other users"):
        read_pickle(path, object)
    assert not marker.exists()


def test_a_command_on_a_cache_folder_others_can_write_is_one_line(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o777)
    r = run(WHY, cache)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith(f"berserk-kb: error: cache folder {cache} is not usable: {cache} is writable by other users")
    assert len(r.stderr.splitlines()) == 1


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a folder to another user")
def test_a_cache_subfolder_of_another_user_is_refused(tmp_path, monkeypatch):
    from berserk_kb.errors import InputError
    from berserk_kb.store.entries import entry_path, read_entry

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    path = entry_path("model", "theirs")
    path.parent.mkdir(parents=True)
    os.chown(path.parent, 65534, -1)
    with pytest.raises(InputError, match="belongs to another user"):
        read_entry(path)
