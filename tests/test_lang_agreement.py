"""Russian agreement in the engine's sentences: a card's name may be of any gender («Вайл» is
masculine, «Ашельта» feminine), so a sentence whose words agree with its subject in the feminine
(«покинула», «её», «ею», «ей», «ней», «неё», «она», «приобрела», «подошла», «атакована», «взятой»)
names that subject «карта «…»» — the noun those words agree with — never the bare name."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEMININE = re.compile(r"(?<![а-яё])(?:её|ею|ей|ней|неё|она|покинула|приобрела|подошла|атакована|взятой)(?![а-яё])")
#: a sentence of a ru step or refusal that opens with a card's name: «"{card|card} …"» / «"{card} …"»
OPENS_WITH_A_NAME = re.compile(r'"(\{card(?:\|card)?\} [^"]*)"')  # (a name before «:» is a label)


def test_no_russian_sentence_opens_with_a_bare_name_its_words_agree_with_in_the_feminine():
    found = []
    for path in sorted((ROOT / "prolog" / "lang").glob("ru*.pl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {s[:60]}" for s in OPENS_WITH_A_NAME.findall(line) if FEMININE.search(s)]
    assert found == []


def test_a_masculine_card_that_leaves_play_under_anothers_control_reads_in_agreement(tmp_path, cli):
    """«Вайл» (masculine), controlled by p1 and owned by p2, goes to the graveyard (edition A): the
    engine's reading that control returns to the owner says «карта «Вайл» покинула игровую зону …
    она снова под контролем владельца», not «Вайл покинула»."""
    f = tmp_path / "s.yaml"
    f.write_text("edition: A\ncards:\n  - {id: vail, name: Вайл, controller: p1, owner: p2}\n"
                 "events:\n  - zone_change: {card: vail, to: graveyard}\n", encoding="utf-8")
    r = cli("why", str(f))
    assert r.exit_code == 0, r.output
    assert "карта «Вайл» покинула игровую зону, под контролем игрока p1 она была лишь в игре" in r.output
    assert "• «Вайл» покинула" not in r.output
