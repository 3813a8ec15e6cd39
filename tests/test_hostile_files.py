"""Files that are not what they claim (issue 13): a FIFO, a device, a file over its kind's size cap
or a link out of the rulebook folder is refused in one line, without blocking or reading without end."""

from __future__ import annotations

import os
import threading

import pytest

from conftest import make_kb


def _within(seconds, fn):
    """``fn()``'s value, failing the test (not hanging it) when it takes longer than ``seconds``."""
    box: dict = {}
    t = threading.Thread(target=lambda: box.update(value=fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still running after {seconds} s"
    return box["value"]


def _one_line(result):
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


def _small_kb(tmp_path):
    return make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Текст правила.\n"})


def test_a_fifo_or_a_device_as_the_scenario(cli, tmp_path):
    fifo = tmp_path / "s.yaml"
    os.mkfifo(fifo)
    assert "s.yaml: scenario is not a regular file" in _one_line(_within(20, lambda: cli("why", str(fifo), "--lang", "en")))
    assert "scenario is not a regular file" in _one_line(_within(20, lambda: cli("why", "/dev/zero", "--lang", "en")))
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    assert "scenario is not a regular file" in _one_line(_within(20, lambda: cli("why", str(link), "--lang", "en")))


def test_a_scenario_over_its_cap(cli, tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (4 * 2**20) + b"\n")
    assert "big.yaml: scenario is larger than the limit of 4 MiB" in _one_line(cli("why", str(big), "--lang", "en"))


@pytest.mark.parametrize("name", ["manifest.yaml", "a.txt"])
def test_a_fifo_as_a_manifest_or_a_fragment(cli, tmp_path, name):
    kb = _small_kb(tmp_path)
    target = kb / "sources" / name
    target.unlink()
    os.mkfifo(target)
    err = _one_line(_within(20, lambda: cli("show", "1.1", "--kb", str(kb))))
    assert f"{name}: {'manifest' if name.startswith('manifest') else 'fragment'} is not a regular file" in err


def test_a_manifest_over_its_cap(cli, tmp_path):
    kb = _small_kb(tmp_path)
    manifest = kb / "sources" / "manifest.yaml"
    manifest.write_bytes(manifest.read_bytes() + b"#" * 2**20 + b"\n")
    assert "manifest is larger than the limit of 1 MiB" in _one_line(cli("show", "1.1", "--kb", str(kb)))


def test_a_fragment_linked_out_of_the_sources_folder_is_refused(cli, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("1. Тайна\n\n1.1. ПАРОЛЬ-СЕКРЕТ.\n", encoding="utf-8")
    kb = _small_kb(tmp_path)
    (kb / "sources" / "a.txt").unlink()
    (kb / "sources" / "a.txt").symlink_to(secret)
    r = cli("search", "ПАРОЛЬ", "--kb", str(kb))
    assert "a.txt: fragment is a link to a file outside the sources folder" in _one_line(r)
    assert "ПАРОЛЬ" not in r.stdout


def test_a_fragment_linked_inside_the_sources_folder_is_read(cli, tmp_path):
    """The refusal is about where the file is, not about links: one inside the folder is fine."""
    kb = _small_kb(tmp_path)
    src = kb / "sources"
    (src / "a.txt").rename(src / "real.txt")
    (src / "a.txt").symlink_to("real.txt")
    r = cli("show", "1.1", "--kb", str(kb))
    assert r.exit_code == 0, r.stderr
    assert "Текст правила" in r.stdout


def test_read_entry_of_a_fifo_and_of_dev_zero_is_nothing(tmp_path):
    from berserk_kb.store.entries import read_entry

    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero").symlink_to("/dev/zero")
    assert _within(20, lambda: read_entry(tmp_path / "fifo")) is None
    assert _within(20, lambda: read_entry(tmp_path / "zero")) is None


@pytest.mark.parametrize("name, what, command", [
    ("sources/manifest.yaml", "manifest", "show"), ("cards.yaml", "cards file", "card"),
    ("features.yaml", "features file", "card"), ("shapes.ttl", "shapes file", "check"),
    ("accepted-findings.yaml", "accepted findings", "check"), ("examples/x.yaml", "scenario", "examples"),
    ("scenarios/x.yaml", "scenario", "check"), ("scenarios/x.yaml", "scenario", "diff"),
    ("imported/cards.json", "cannot read imported cards: a link", "card")])
def test_every_file_of_the_kb_linked_out_of_its_folder_is_refused(cli, tmp_path, name, what, command):
    """Not only fragments: nothing that resolves outside the rulebook folder is read — the shapes,
    the accepted findings, the scenario suite and the imported cards included (issue 13: a
    shapes.ttl linked to /etc/passwd was read and printed in an internal error)."""
    kb = _small_kb(tmp_path) if command != "diff" else \
        make_kb(tmp_path / "kb", {"a.txt": "1. Общие положения\n\n1.1. Текст правила.\n", "b.txt": "1. Общие положения\n\n1.1. Текст.\n"},
                {"A": ["a.txt"], "B": ["b.txt"]})
    outside = tmp_path / "outside.yaml"
    target = kb / name
    target.parent.mkdir(exist_ok=True)
    outside.write_bytes(target.read_bytes() if target.exists() else b"cards: []\nfeatures: []\n")
    target.unlink(missing_ok=True)
    target.symlink_to(outside)
    args = {"show": ["show", "1.1"], "card": ["card", "1.1"], "check": ["check"], "examples": ["examples"],
            "diff": ["diff", "A", "B"]}[command]
    err = _one_line(cli(*args, "--kb", str(kb)))
    folder = "sources" if name.startswith("sources/") else kb.name
    assert f"{target}: {what}" in err and f"to a file outside the {folder} folder" in err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "malformed"])
def test_shapes_that_are_a_fifo_dev_zero_or_not_turtle(cli, tmp_path, kind):
    """shapes.ttl was read with a plain read: a FIFO hung `check`, /dev/zero ran out of memory
    (exit 70), malformed Turtle was exit 70 in rdflib's words."""
    kb = _small_kb(tmp_path)
    target = kb / "shapes.ttl"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        target.write_text("garbage [[[ .\n", encoding="utf-8")
    err = _one_line(_within(60, lambda: cli("check", "--only", "G001", "--kb", str(kb))))
    expected = {"fifo": "shapes file is not a regular file", "dev-zero": "shapes file is a link to a file outside",
                "malformed": "shapes file is not valid Turtle: at line 1"}[kind]
    assert f"{target}: {expected}" in err


def test_a_fragment_linked_out_through_a_link_inside_is_refused(cli, tmp_path):
    """a.txt → b.txt (inside) → the secret (outside): where the chain ends is what counts."""
    secret = tmp_path / "secret.txt"
    secret.write_text("1. Тайна\n\n1.1. ПАРОЛЬ-СЕКРЕТ.\n", encoding="utf-8")
    kb = _small_kb(tmp_path)
    src = kb / "sources"
    (src / "a.txt").unlink()
    (src / "b.txt").symlink_to(secret)
    (src / "a.txt").symlink_to("b.txt")
    r = cli("search", "ПАРОЛЬ", "--kb", str(kb))
    assert "a.txt: fragment is a link to a file outside the sources folder" in _one_line(r)
    assert "ПАРОЛЬ" not in r.stdout


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_imported_cards_that_are_a_fifo_or_dev_zero(cli, tmp_path, kind):
    """kb/imported/cards.json was read with no check: a FIFO blocked `card`, /dev/zero filled memory."""
    kb = _small_kb(tmp_path)
    (kb / "imported").mkdir()
    target = kb / "imported" / "cards.json"
    os.mkfifo(target) if kind == "fifo" else target.symlink_to("/dev/zero")
    err = _one_line(_within(20, lambda: cli("card", "Гном", "--kb", str(kb))))
    expected = "not a regular file" if kind == "fifo" else "a link to a file outside the kb folder"
    assert f"{target}: cannot read imported cards: {expected}" in err


def test_a_link_out_of_sources_is_refused_with_a_warm_cache(cli, tmp_path):
    """The digest of sources/ read every file with no folder check, and a cache hit skipped the
    parser's refusal (issue 13): warm the cache with the KB as it is, then link a fragment out —
    the same bytes, so the same key — and the command must still refuse it."""
    kb = _small_kb(tmp_path)
    fragment = kb / "sources" / "a.txt"
    assert cli("show", "1.1", "--kb", str(kb)).exit_code == 0  # the cache holds this parse now
    secret = tmp_path / "secret.txt"
    secret.write_bytes(fragment.read_bytes())
    fragment.unlink()
    fragment.symlink_to(secret)
    r = cli("show", "1.1", "--kb", str(kb))
    assert "a.txt: fragment is a link to a file outside the sources folder" in _one_line(r)


def test_a_sources_folder_linked_out_of_the_rulebook_folder_is_refused(cli, tmp_path):
    """Issue 13: «refuse anything that resolves outside the rulebook folder» — the sources folder
    too, not only the fragments in it (whose check is relative to where the folder leads)."""
    elsewhere = _small_kb(tmp_path / "other")
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "sources").symlink_to(elsewhere / "sources")
    r = cli("search", "Текст", "--kb", str(kb))
    assert "sources: the sources folder is a link to a folder outside the rulebook folder" in _one_line(r)
    assert "Текст правила" not in r.stdout


def test_a_fragment_that_links_to_itself_is_a_link_loop(cli, tmp_path):
    """The file is listed and there: «not found» sent the user looking for a missing file."""
    kb = _small_kb(tmp_path)
    (kb / "sources" / "a.txt").unlink()
    (kb / "sources" / "a.txt").symlink_to("a.txt")
    assert "fragment file" in (err := _one_line(cli("show", "1.1", "--kb", str(kb))))
    assert err.rstrip().endswith("a.txt is a link loop (a link that leads back to itself)")
