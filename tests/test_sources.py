"""The bundled rulebook is the published fragments, byte for byte, grouped by the manifest."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

from conftest import SEEDS, SOURCES


def test_fragments_match_the_published_hashes():
    """tests/data/seeds.sha256 was taken from ../shared/seeds; it checks kb/sources in any clone."""
    listed = {}
    for line in (Path(__file__).parent / "data" / "seeds.sha256").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            digest, name = line.split()
            listed[name] = digest
    assert sorted(listed) == sorted(p.name for p in SOURCES.glob("*.txt"))
    for name, digest in listed.items():
        assert hashlib.sha256((SOURCES / name).read_bytes()).hexdigest() == digest, name


def test_fragments_are_the_seeds_byte_for_byte():
    if not SEEDS.is_dir():
        pytest.skip("../shared/seeds is not next to this checkout")
    seeds = sorted(p.name for p in SEEDS.glob("*.txt"))
    assert seeds == sorted(p.name for p in SOURCES.glob("*.txt"))
    for name in seeds:
        assert hashlib.sha256((SEEDS / name).read_bytes()).digest() == hashlib.sha256(
            (SOURCES / name).read_bytes()
        ).digest(), name


def test_manifest_groups_editions_as_design_says():
    """DESIGN.md: edition A = seeds 001, 002, 003; edition B = seeds 000, 004."""
    manifest = yaml.safe_load((SOURCES / "manifest.yaml").read_text(encoding="utf-8"))
    groups = {e["id"]: sorted(f[:3] for f in e["fragments"]) for e in manifest["editions"]}
    assert groups == {"A": ["001", "002", "003"], "B": ["000", "004"]}


@pytest.mark.parametrize("manifest, said", [
    ('editions:\n  - id: "A:1"\n    fragments: [a.txt]\n',
     "field editions.0.id: edition 'A:1' must be a letter followed by up to 31 letters, digits, '_' or '-' (e.g. H15)"),
    ("editions:\n  - id: X\n    fragments: [manifest.yaml]\n",
     "field editions.0.fragments: fragment 'manifest.yaml' is the manifest itself, not rule text"),
])
def test_a_manifest_error_is_said_in_words(tmp_path, manifest, said):
    """An edition id was refused with pydantic's «String should match pattern '^[A-Za-z]…$'» (the
    words `import --edition` uses are ours); the manifest listed as its own fragment was read as
    rule text."""
    from berserk_kb.errors import InputError
    from berserk_kb.text.manifest import load_manifest

    (tmp_path / "a.txt").write_text("1.1. Правило.\n", encoding="utf-8")
    (tmp_path / "manifest.yaml").write_text(manifest, encoding="utf-8")
    with pytest.raises(InputError) as failed:
        load_manifest(tmp_path)
    assert str(failed.value).endswith(said), str(failed.value)
