"""A fresh user's finding on issue 13 (fu13m M6), on the server: a query in decomposed Unicode
(NFD, «й» as «и» + U+0306) finds what it finds composed. (The command line's:
tests/test_hardening_fu13m.py.)"""

from __future__ import annotations

import unicodedata
from urllib.parse import quote


def test_a_decomposed_search_query_finds_the_example_of_519_3(get):
    """«Гномьим Королём» stands in the example of 519.3 (kb/sources/001_…): «Гномий» in NFD finds it."""
    query = unicodedata.normalize("NFD", "Гномий")
    assert query != "Гномий"
    found = get("/search.json?q=" + quote(query)).json()
    assert found["total"] >= 1, found
    assert any("519.3" in str(hit) for hit in found.get("results", found.get("hits", []))), found
