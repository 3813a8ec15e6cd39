"""Every string of a scenario comes back from Prolog as the same string (issue 13).

The bridge once sent every string as an atom, so the strings "null", "true" and "false" came back
as JSON's null/true/false. Here free-text fields of a scenario (card and feature names, an
acquired feature's and a gained feature's name, an effect's kind) take generated text, the JSON
words always among it, and the final state and the events' results must hold them unchanged.
"""

from __future__ import annotations

import re
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

JSON_WORDS = ["null", "true", "false"]



def _one_alphabet(text):
    """No word of ``text`` mixes Latin and Cyrillic letters (a Name with such a word is refused)."""
    return not any(re.search("[A-Za-z]", w) and re.search("[\u0400-\u04ff]", w) for w in re.findall(r"[^\W\d_]+", text))


def _plain_spaces(text):
    """Every space of ``text`` is the ordinary one (a Name reads U+00A0 and the other Zs spaces as it:
    tests/test_why_part18.py), one between words and none at either end, and it holds no stress mark
    (U+0300, U+0301: a Name drops them), so the string comes back unchanged."""
    return all(c == " " or unicodedata.category(c) != "Zs" for c in text) \
        and "  " not in text and text.strip() == text and not {"\u0300", "\u0301"} & set(text)


# what a Name field accepts and keeps as it is: 1–100 characters, no control character (load.py
# refuses those), no invisible one (Cf, Zl, Zp: refused), no space but the ordinary one, no word in
# two alphabets
_NAME = st.sampled_from(JSON_WORDS) | st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), min_size=1,
    max_size=30).filter(lambda t: _one_alphabet(t) and _plain_spaces(t))
_KIND = st.sampled_from(JSON_WORDS) | st.from_regex(r"\A[a-z_]{1,12}\Z").filter(lambda k: k != "wounds")


def _scenario(card_name, own, acquired, gained, kind):
    return {"edition": "A",
            "cards": [{"id": "c", "name": card_name, "controller": "p1",
                       "features": [{"name": own, "value": 1}],
                       "acquired": [{"name": acquired, "value": 3}]},
                      {"id": "d", "controller": "p2"}],
            "events": [{"gain_feature": {"card": "c", "name": gained, "value": 2, "source": "d"}},
                       {"effect": {"card": "c", "kind": kind}}]}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_NAME, _NAME, _NAME, _NAME, _KIND)
def test_scenario_strings_round_trip(kb, card_name, own, acquired, gained, kind):
    result = kb.why(_scenario(card_name, own, acquired, gained, kind))
    gain, effect = (e.result for e in result.events)
    assert gain["name"] == gained
    assert effect["kind"] == kind
    (card,) = (c for c in result.final_state["cards"] if c["id"] == "c")
    names = [f["name"] for f in card["features"]]
    for name in (own, acquired, gained):
        assert name in names


def test_json_words_as_every_name_come_back_as_strings(kb):
    """The case the issue reports, by hand: each word in every field, never None/True/False."""
    for w in JSON_WORDS:
        result = kb.why(_scenario(w, w, w, w, w))
        gain, effect = (e.result for e in result.events)
        assert gain["name"] == w and effect["kind"] == w
        (card,) = (c for c in result.final_state["cards"] if c["id"] == "c")
        assert {f["name"] for f in card["features"]} == {w}


# printable text that no renderer escapes or strips (format and separator characters are shown
# escaped, ``render.printable``): letters, digits, punctuation, symbols and spaces
_SHOWN = st.sampled_from(JSON_WORDS) | st.text(
    alphabet=st.characters(whitelist_categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=20).filter(
    lambda t: t.strip() and _one_alphabet(t) and _plain_spaces(t))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_SHOWN, _SHOWN, _SHOWN, _SHOWN, _KIND)
def test_scenario_strings_round_trip_in_the_text_of_why(kb, card_name, own, acquired, gained, kind):
    """The text of ``why`` (both languages) says every string as itself: the pack's words for a
    boolean («да»/«yes») are never said for the string "true" (fu13e: «выполняется да 4»). A kind
    the pack has a word for is said in that word, so those kinds are left out here."""
    from hypothesis import assume

    from berserk_kb.render.why import why_text

    result = kb.why(_scenario(card_name, own, acquired, gained, kind))
    for lang in ("ru", "en"):
        pack = kb.language_pack(lang)
        assume(kind in JSON_WORDS or kind not in pack.get("words", {}))
        text = why_text(result, lang, pack=pack)
        for value in (card_name, own, acquired, gained, kind):
            assert value in text, (lang, value)


def test_true_and_false_kinds_are_not_yes_and_no_in_the_text(kb):
    """By hand, the report's case: an effect of kind 'true' is «true 0 («c») executes», never
    «yes 0»/«да 0»; 'false' never «no»/«нет»."""
    from berserk_kb.render.why import why_text

    for w, said in (("true", ("да", "yes")), ("false", ("нет", "no"))):
        result = kb.why(_scenario("Кулак", "a", "b", "g", w))
        for lang, word in zip(("ru", "en"), said):
            effect = why_text(result, lang, pack=kb.language_pack(lang)).split("\n\n")[2]
            assert f"{w} 0" in effect and f"{word} 0" not in effect, effect


def _edition_b(card_name, which):
    """Edition B's 540.1: a lose_features event suppresses the feature it names («теряет
    особенность»), and the result names it."""
    return {"edition": "B",
            "cards": [{"id": "c", "name": card_name, "controller": "p1", "features": [{"name": which, "value": 1}]}],
            "events": [{"lose_features": {"card": "c", "which": which}}]}


def _instead(becomes):
    """Edition A's «вместо» (516.1.2): the regeneration becomes the effect named by ``becomes``."""
    return {"edition": "A",
            "cards": [{"id": "c", "controller": "p1",
                       "effects": [{"id": "e", "type": "instead", "of": "regeneration", "becomes": becomes}]}],
            "events": [{"effect": {"card": "c", "kind": "regeneration", "amount": 1}}]}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_NAME, _NAME.filter(lambda w: w != "all"), _NAME)
def test_more_scenario_strings_round_trip(kb, card_name, which, becomes):
    """The card's name in the final state, a lost feature's name and what an effect became."""
    result = kb.why(_edition_b(card_name, which))
    (lost,) = (e.result for e in result.events)
    assert lost["suppressed"] == [which]
    (card,) = result.final_state["cards"]
    assert card["name"] == card_name
    (effect,) = (e.result for e in kb.why(_instead(becomes)).events)
    assert effect["kind"] == becomes


# -- what a rulebook's files bring: facts written by terms.atom/string, read back through the bridge

_TEXT = st.sampled_from(JSON_WORDS + ["none"]) | st.text(
    alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=20)
_loaded = iter(range(10**6))


@settings(max_examples=15, deadline=None)
@given(st.lists(_TEXT, min_size=1, max_size=12))
def test_fact_texts_round_trip(tmp_path_factory, texts):
    """Every text a generated facts file holds (ids as atoms, text as strings: terms.py) comes
    back through the bridge as the same text — the words null, true and false among them, which
    as atoms would be JSON's constants."""
    from berserk_kb.engine.bridge import engine
    from berserk_kb.engine.terms import atom, string

    name = f"t_fact_texts_{next(_loaded)}"
    f = tmp_path_factory.mktemp("facts") / f"{name}.pl"
    f.write_text(f":- encoding(utf8).\n:- module({name}, [texts/1]).\n"
                 f"texts([{', '.join(atom(t) for t in texts)}, {', '.join(string(t) for t in texts)}]).\n",
                 encoding="utf-8")
    engine().load([f])
    assert engine().call(f"{name}:texts") == texts + texts


_EDITION = st.from_regex(r"\A[A-Za-z][A-Za-z0-9_-]{0,31}\Z")


@settings(max_examples=3, deadline=None)
@given(st.lists(_EDITION, min_size=1, max_size=2, unique_by=str.lower))
def test_edition_ids_and_manifest_fields_round_trip(tmp_path_factory, extra):
    """An edition id, title, description and fragment name are any text the manifest accepts — the
    words null, true and false always among the ids (an imported edition called «null» once came
    back as None: «internal error: WrongTypeError … "edition"»). ``show``, ``refs`` and the
    JSON view give each back as written. The fragment's text is the report's atoms.txt: paragraph
    101.1 reads «true», 101.2 «false»."""
    import yaml

    from berserk_kb import KnowledgeBase

    ids = JSON_WORDS + [e for e in extra if e.lower() not in JSON_WORDS]
    root = tmp_path_factory.mktemp("kb")
    (root / "sources").mkdir()
    editions = []
    for e in ids:
        (root / "sources" / e).write_text("null\n\n101.1. true\n\n101.2. false\n", encoding="utf-8")
        editions.append({"id": e, "title": e, "description": e, "fragments": [e]})
    (root / "sources" / "manifest.yaml").write_text(yaml.safe_dump({"title": "null", "editions": editions}),
                                                   encoding="utf-8")
    kb = KnowledgeBase(root)
    for e in ids:
        (view,) = kb.show("101.1", e)
        assert (view.edition, view.id, view.text, view.source.fragment) == (e, f"{e}:101.1", "true", e)
        (tree,) = kb.refs(f"{e}:101.2")
        assert (tree.edition, tree.number) == (e, "101.2")
