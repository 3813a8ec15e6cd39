"""Text typed by a user can never run Prolog code, end the process or leak a traceback.

1,000+ generated hostile strings (quotes, backslashes, «), halt, (», «shell(...)», newlines, NUL,
SPARQL fragments, odd Unicode) go to every command that takes text, in this process: if any of them
reached Prolog as code, ``halt`` would end the test run and ``shell`` would create the marker file.
"""

from __future__ import annotations

import os
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
FULL = os.environ.get("BERSERK_KB_HOSTILE") == "full"

#: The command forms that take text, ``s`` standing for the hostile string. ``make test`` sends each
#: string through two of FORMS in turn (string i: form i mod 8 and another that moves with i // 8,
#: so every form meets every string's neighbours and each form gets a quarter of the list), and
#: every tenth string through one of EXTRA in turn; ``BERSERK_KB_HOSTILE=full`` sends every string
#: through every form of FORMS and every tenth through every form of EXTRA (README, «Tests»).
FORMS = [("show", "{s}"), ("show", "519.3", "--edition", "{s}"), ("refs", "{s}", "--direction", "in"),
         ("refs", "519.2", "--edition", "{s}"), ("search", "{s}"), ("search", "кубик", "--edition", "{s}"),
         ("sparql", "{s}"), ("card", "{s}")]
EXTRA = [("refs", "519.2", "--depth", "{s}"), ("search", "кубик", "--limit", "{s}"),
         ("show", "519.3", "--kb", "{s}"), ("why", "{s}"), ("cards", "import", "{s}", "--kb", "{no_kb}")]


def forms_of(i: int) -> list[tuple[str, ...]]:
    """The command forms string ``i`` goes through (see :data:`FORMS`)."""
    if FULL:
        return FORMS + (EXTRA if i % 10 == 0 else [])
    a = i % len(FORMS)
    b = (a + 1 + (i // len(FORMS)) % (len(FORMS) - 1)) % len(FORMS)  # never a itself
    return [FORMS[a], FORMS[b]] + ([EXTRA[(i // 10) % len(EXTRA)]] if i % 10 == 0 else [])


def test_every_form_gets_a_share_and_every_string_a_form():
    """The part ``make test`` sends still reaches every form with many strings, every string with one."""
    n = 1000
    seen = dict.fromkeys(FORMS + EXTRA, 0)
    for i in range(n):
        got = forms_of(i)
        assert len(set(got) & set(FORMS)) >= 2
        for f in got:
            seen[f] += 1
    assert all(k >= 20 for k in seen.values()), seen
    assert all(seen[f] >= n // 5 for f in FORMS), seen


@pytest.mark.parametrize("part", range(PARTS))
def test_hostile_strings_at_every_text_argument(cli, marker, part):
    strings = hostile_strings(marker)
    assert len(strings) >= 1000
    no_kb = str(marker.parent / "no-such-kb")
    for i, s in enumerate(strings):
        if i % PARTS != part:
            continue
        for form in forms_of(i):
            _check(cli(*(a.format(s=s, no_kb=no_kb) if "{" in a else a for a in form)))
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
