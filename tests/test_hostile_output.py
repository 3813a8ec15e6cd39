"""No control sequence from a rulebook, a card or a user reaches the terminal (issue 13): OSC
(``ESC ] 0 ; title BEL`` retitles the window, ``ESC ] 8`` makes links), DCS and CSI alike."""

from __future__ import annotations

import pytest

from conftest import make_kb

OSC_TITLE = "\x1b]0;pwned\x07"
SEQUENCES = [OSC_TITLE, "\x1b]8;;http://example.org\x1b\\", "\x1bP1$r\x1b\\", "\x1b[31m", "\x9b2J", "\x9d0;t\x9c"]


def _no_control(text: str) -> None:
    bad = [ch for ch in text if (ord(ch) < 0x20 and ch not in "\n\t") or 0x7F <= ord(ch) <= 0x9F]
    assert not bad, repr(text)


@pytest.mark.parametrize("seq", SEQUENCES)
def test_rule_text_with_a_control_sequence_is_printed_without_it(cli, tmp_path, seq):
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие положения\n\n1.1. Начало{seq}конец правила.\n"})
    for args in (("show", "1.1"), ("search", "правила")):
        r = cli(*args, "--kb", str(kb))
        assert r.exit_code == 0, r.output
        _no_control(r.stdout)
        assert "конец" in r.stdout and "Начало" in r.stdout  # the words stay, the sequence goes
        assert "pwned" not in r.stdout and "example.org" not in r.stdout


def test_an_error_line_never_carries_a_control_sequence(cli):
    r = cli("show", f"519.3{OSC_TITLE}")
    _no_control(r.stderr)
    assert "pwned" not in r.stderr or "\\x1b" in r.stderr  # quoted as an escape, never raw


def test_our_own_bold_survives():
    """Headings are still bold on a terminal: only the text's own sequences are stripped."""
    from berserk_kb.render import bold, for_terminal

    assert for_terminal(bold("1.1") + OSC_TITLE + "\n") == "\x1b[1m1.1\x1b[0m\n"


def test_no_command_prints_a_control_sequence_of_the_rule_text(cli, tmp_path):
    """Beyond show and search: every command that prints rule text (refs, diff, check, links, the
    graph as Turtle and JSON-LD, SPARQL answers), as text and as JSON (where the text is data, its
    control characters stay in it, escaped: ``\u001b`` is six printable characters)."""
    seq = OSC_TITLE + "\x1b[31m"
    kb = make_kb(tmp_path / "kb", {"a.txt": f"1. Общие{seq} положения\n\n1.1. Начало{seq}конец, см. 1.2.\n\n"
                                            f"1.2. Второе{seq} правило.\n",
                                   "b.txt": f"1. Общие{seq} положения\n\n1.1. Начало{seq}иное, см. 1.2.\n\n"
                                            f"1.2. Второе{seq} правило.\n"}, {"X": ["a.txt"], "Y": ["b.txt"]})
    for args in (["refs", "1.2", "-d", "in"], ["refs", "1.1", "--json"], ["diff", "X", "Y"], ["diff", "X", "Y", "--json"],
                 ["check"], ["check", "--json"], ["links"], ["export"], ["export", "--format", "json-ld"],
                 ["sparql", "SELECT ?t WHERE { ?u <http://www.w3.org/2000/01/rdf-schema#label> ?t }"],
                 ["show", "1.1", "--json"], ["search", "правило", "--json"]):
        r = cli(*args, "--kb", str(kb))
        assert r.exit_code in (0, 1), (args, r.output)
        _no_control(r.stdout)
        _no_control(r.stderr)
        if "--json" not in args and args[0] != "export":  # Turtle and JSON-LD are data: escaped, kept
            assert "pwned" not in r.stdout, args
