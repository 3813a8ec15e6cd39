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
