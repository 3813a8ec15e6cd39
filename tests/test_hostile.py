"""Text typed by a user can never run Prolog code, end the process or leak a traceback.

1,000+ generated hostile strings (quotes, backslashes, «), halt, (», «shell(...)», newlines, NUL,
SPARQL fragments, odd Unicode) go to every command that takes text, in this process: if any of them
reached Prolog as code, ``halt`` would end the test run and ``shell`` would create the marker file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from berserk_kb.engine.bridge import engine
from hostile_corpus import kept_strings


def hostile_strings(marker: Path, n: int = 1000) -> list[str]:
    """The corpus's first 1,000 strings (``tests/data/hostile/strings.json``, ``classic``: made by
    tests/hostile_corpus.py from its CLASSIC pieces), ``{marker}`` replaced by ``marker``."""
    strings = kept_strings(marker, "classic")
    assert len(strings) == n
    return strings


@pytest.fixture(scope="module")
def marker(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile") / "pwned"


def _check(result, allowed=(0, 2)):
    assert result.exit_code in allowed, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


#: The strings are sent in this many parts (string i in part i mod PARTS), one test each, so that
#: pytest-xdist can run the parts side by side; together they make every call of the whole list.
#: Each process has its own marker, but the list's order does not depend on the marker's path (it
#: only ever follows «touch », which no other piece has), so every process splits it alike.
PARTS = 8


@pytest.mark.parametrize("part", range(PARTS))
def test_hostile_strings_at_every_text_argument(cli, marker, part):
    strings = hostile_strings(marker)
    assert len(strings) >= 1000
    for i, s in enumerate(strings):
        if i % PARTS != part:
            continue
        _check(cli("show", s))
        _check(cli("show", "519.3", "--edition", s))
        _check(cli("refs", s, "--direction", "in"))
        _check(cli("refs", "519.2", "--edition", s))
        _check(cli("search", s))
        _check(cli("search", "кубик", "--edition", s))
        _check(cli("sparql", s))
        _check(cli("card", s))
        if i % 10 == 0:  # options that take text too, for every tenth string
            _check(cli("refs", "519.2", "--depth", s))
            _check(cli("search", "кубик", "--limit", s))
            _check(cli("show", "519.3", "--kb", s))
            _check(cli("why", s))
            _check(cli("cards", "import", s, "--kb", str(marker.parent / "no-such-kb")))
    assert not marker.exists(), "a hostile string ran shell/1"
    assert engine().echo("alive") == "alive"  # Prolog is still there and answering


def test_hostile_strings_inside_a_scenario(kb, marker):
    """Card names, feature names and handles from a scenario file reach Prolog only as data."""
    from berserk_kb.errors import ScenarioError

    for s in hostile_strings(marker)[::5]:
        scenario = {"edition": "A", "cards": [{"id": "c", "name": s, "controller": "p1",
                                               "features": [{"name": s, "value": 1}]}],
                    "events": [{"gain_feature": {"card": "c", "name": s, "value": 2, "source": "c"}}]}
        try:
            kb.why(scenario)
        except ScenarioError as exc:
            assert "\n" not in str(exc)
        try:
            kb.why({**scenario, "cards": [{"id": s, "controller": "p1"}]})
        except ScenarioError:
            pass
    assert not marker.exists()
    assert engine().echo("alive") == "alive"


def test_hostile_strings_round_trip_through_the_bridge(marker):
    for s in hostile_strings(marker):
        if "\x00" in s:
            continue  # NUL is refused; tested in test_prolog.py
        assert engine().echo(s) == s
    assert not marker.exists()
