"""The first minutes, as a newcomer types (issue 13, fu13e): unquoted words, a port that is no
number, a reference id that ``show --json`` prints."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("command, words", [("show", ["Правило", "топора"]),
                                             ("search", ["удар", "кубика"]),
                                             ("card", ["Гномий", "Король"])])
def test_unquoted_words_are_one_query(cli, command, words):
    """``show Правило топора`` is ``show 'Правило топора'`` (the heading «Правило топора.»), not
    "unexpected extra argument"; so for search and card."""
    unquoted, quoted = cli(command, *words), cli(command, " ".join(words))
    assert unquoted.exit_code == quoted.exit_code == 0, unquoted.output
    assert unquoted.stdout == quoted.stdout


def test_show_of_a_heading_typed_unquoted_is_the_heading(cli):
    r = cli("show", "Правило", "топора", "-e", "A")
    assert r.exit_code == 0 and "id: A:правило-топора" in r.stdout


@pytest.mark.parametrize("port", ["abc", "99999", "-1", "8e3"])
def test_serve_port_that_is_no_port_number_is_said_so(cli, port):
    r = cli("serve", "--port", port)
    assert r.exit_code == 2
    assert f"not a port number: {port} (1–65535, or 0 for any free port)" in r.stderr
    assert "integer range" not in r.stderr


def test_show_a_reference_id_shows_the_paragraph_that_holds_it(cli):
    """B:519.1 reads «Когда бросок кубика совершён (см. 306. Бросок кубика.), а игроки заявили
    все действия, описанные в п. 512.6.2»: its first reference (→ 306) is B:519.1#ref1, and
    ``show`` of that id is paragraph 519.1 of edition B, as ``show A:519.3/item1`` is 519.3."""
    r = cli("show", "B:519.1#ref1")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("519.1 — edition B") and "id: B:519.1 " in r.stdout
    assert cli("show", "B:519.1#ref9").exit_code != 0  # no such reference: still an error
