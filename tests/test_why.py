"""Why did this happen: mechanics, justifications, editions, bad input.

Expected values are worked by hand from the rule text, quoted in each test's docstring.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from berserk_kb.engine.code import prolog_dir
from berserk_kb.errors import ScenarioError
from conftest import KB_DIR, ROOT

PROLOG_DIR = prolog_dir()

EXAMPLES = KB_DIR / "examples"
SCENARIOS = KB_DIR / "scenarios"


def card(cid, controller="p1", **kw):
    return {"id": cid, "controller": controller, **kw}


def roll(edition, roll_, modifiers, **kw):
    return {
        "edition": edition,
        "cards": [card("roller"), card("ally"), card("foe", "p2"), card("foe2", "p2")],
        "events": [{"die_roll": {"roller": "roller", "roll": roll_, "modifiers": modifiers, **kw}}],
    }


def steps(node):
    """(step, [cited ids]) of a proof tree, depth first."""
    out = [(node.step, [c.id for c in node.cites])]
    for child in node.children:
        out.extend(steps(child))
    return out


# --- must show 1: the Гном-Басаарг example ------------------------------------------------------


def test_gnome_basaarg_is_1_citing_the_groups_of_519_3_in_order(kb):
    """001, 519.3 (A): «вначале получит +1 к удару за строй с Гномьим Королём [а)], затем +1 за удар
    по закрытому существу противника и +1 к удару за собственную особенность [б)]. Последним
    накладывается модификатор, имеющий конкретное численное значение (сведение к 1) [д)], в итоге
    сила удара Гнома-Басаарга равна 1.»"""
    result = kb.why(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    (ev,) = result.events
    assert ev.result == {"strength": 1, "strike": "medium"}
    applied = [n for n in ev.explanation.children if n.step == "modifier_applied"]
    assert [n.paragraph for n in applied] == ["A:519.3/item1", "A:519.3/item2", "A:519.3/item2", "A:519.3/item5"]
    assert [n.value["value"] for n in applied] == [4, 5, 6, 1]  # medium strike 3 (Гном-Басаарг 2/3/4)
    for n in applied:
        assert n.number == "519.3" and n.edition == "A"
        assert n.cites[0].text.startswith("модификаторы")  # the quoted Russian text of the group
    assert applied[0].cites[0].text.startswith("модификаторы, полученные от карт из отряда источника атаки")
    assert "519.3" in ev.cited
    assert any(x.text.startswith("Гном-Басаарг в строю с Гномьим Королём") for x in ev.examples)
    assert "Гном-Басаарг" in ev.cards


# --- dice ---------------------------------------------------------------------------------------------


def test_dice_order_differs_between_editions(kb):
    """A, 518.3: а) own squad … д) set-to last: 4 +1 = 5, «сводится к 1» → 1.
    B, 519.2: a. set-to first, b. then «+X»: 4 → 1, +1 → 2."""
    s = roll("A", 4, [{"source": "ally", "op": "add", "value": 1}, {"source": "foe", "op": "set", "value": 1}])
    a = kb.why(s).events[0]
    b = kb.why(s, "B").events[0]
    assert a.result == {"value": 1, "unmodified": 4}
    assert b.result == {"value": 2, "unmodified": 4}
    assert ("modifier_applied", ["A:518.3/item5"]) in steps(a.explanation)
    assert ("modifier_applied", ["B:519.2/item1", "B:519.3/item3"]) in steps(b.explanation)


def test_compare_names_the_deciding_paragraphs(kb):
    from berserk_kb.explain.compare import compare

    cmp = compare(kb, SCENARIOS / "die-roll-editions-differ.yaml", ["A", "B"])
    (ev,) = cmp.events
    assert not ev.same
    assert ev.results == {"A": {"unmodified": 4, "value": 1}, "B": {"unmodified": 4, "value": 2}}
    assert "A:518.3/item5" in {c.id for c in ev.deciding["A"]}  # д) set-to last
    assert "B:519.2/item1" in {c.id for c in ev.deciding["B"]}  # a. set-to first
    assert "A:518.3" in {c.id for c in ev.deciding["A"]}  # the order of the groups …
    assert {"B:519.2", "B:519.3"} <= {c.id for c in ev.deciding["B"]}  # … in each edition


def test_edition_A_keeps_the_roll_within_1_to_6_and_B_sets_no_bound(kb):
    """A, 518.4 (001 line 1): «Если бросок кубика … стал меньше 1 (больше 6), то бросок кубика
    принимается равным 1 (равным 6).» Roll 2, −3 from the opponent: A → 1. B's text has no bound:
    2 − 3 = −1 is no die, and B says nothing of one: refused (issue 12: «Impossible values … are
    refused like a die face of 7»)."""
    s = roll("A", 2, [{"source": "foe", "op": "add", "value": -3}])
    a = kb.why(s).events[0]
    assert a.result["value"] == 1
    assert ("modifier_applied", ["A:518.3/item4", "A:модификатор-правил-игры-для"]) in steps(a.explanation)
    with pytest.raises(ScenarioError, match="would be -1, outside 1…6"):
        kb.why(s, "B")
    high = roll("A", 6, [{"source": "roller", "op": "add", "value": 2}])
    assert kb.why(high).events[0].result["value"] == 6


def test_a_modifier_group_follows_who_controls_its_source(kb):
    """518.3 а) cards of the roller's squad except the roller, б) the roller itself, в) the opponent."""
    s = roll("A", 3, [{"source": "foe", "op": "add", "value": 1}, {"source": "roller", "op": "add", "value": 1},
                      {"source": "ally", "op": "add", "value": 1}])
    ev = kb.why(s).events[0]
    applied = [n for n in ev.explanation.children if n.step == "modifier_applied"]
    assert [n.inputs["modifier"]["source"] for n in applied] == ["ally", "roller", "foe", "rules"]
    assert [n.paragraph for n in applied] == ["A:518.3/item1", "A:518.3/item2", "A:518.3/item3", "A:518.3/item4"]
    assert ev.result["value"] == 6


def test_order_inside_a_group_is_the_stated_choice_of_the_creator(kb):
    """A: «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»
    Two set-to modifiers of the opponent (to 2, to 5): listed order → the last, 5; the opponent (p2)
    choosing [m2, m1] → 2. B 519.4: the player controlling that group of cards, also p2."""
    mods = [{"source": "foe", "op": "set", "value": 2}, {"source": "foe2", "op": "set", "value": 5}]
    listed = kb.why(roll("A", 4, mods)).events[0]
    assert listed.result["value"] == 5
    chosen = kb.why(roll("A", 4, mods, order=["m2", "m1"])).events[0]
    assert chosen.result["value"] == 2
    decision = next(n for n in chosen.explanation.children if n.step == "order_in_group")
    assert decision.value == "p2" and decision.paragraph == "A:518.3/порядок-наложения-модификаторов-внутри"
    b = kb.why(roll("B", 4, mods, order=["m2", "m1"]), "B").events[0]
    assert next(n for n in b.explanation.children if n.step == "order_in_group").paragraph == "B:519.4"


def test_reroll_and_flip_and_modifiers_declared_before(kb):
    """B 519.7: the value before a reroll is ignored, and the reroll is the roll without modifiers
    (519.1); 519.6: a flip is «сведение кубика» — a set-to modifier (519.2 a.), «5 к 2»; 519.8: a
    modifier declared before stays. Roll 2 → reroll 5 (unmodified) → flip 2 → +1 = 3."""
    ev = kb.why(SCENARIOS / "die-roll-reroll-flip.yaml").events[0]
    assert ev.result == {"unmodified": 5, "value": 3}
    cited = [c for _, cs in steps(ev.explanation) for c in cs]
    assert {"B:519.7", "B:519.6", "B:519.8", "B:519.2/item1"} <= set(cited)


def test_a_flip_is_a_modifier_in_B_and_not_in_A(kb):
    """A (001, line 3): «Переброс кубика и переворот кубика не являются модификаторами» — the die is
    turned over before modifiers: 2 → 5, then the opponent's «сводится к 1» (д) → 1.
    B (519.6, 519.2 a.): the flip is a set-to modifier of the card that flips; here the opponent's:
    2 → «сводится к 1» from the roller's own squad (a.) … then the opponent's flip (c.): 1 → 6."""
    s = roll("A", 2, [{"source": "ally", "op": "set", "value": 1}], flip=True, flip_source="foe")
    b = kb.why(s, "B").events[0]
    assert b.result == {"unmodified": 2, "value": 6}
    assert ("modifier_applied", ["B:519.2/item1", "B:519.3/item3", "B:519.6"]) in steps(b.explanation)
    # under A the flip is no modifier, so it has no source: the field would have no effect, and is refused
    with pytest.raises(ScenarioError, match=r"events\[0\]\.die_roll\.flip_source: .*not a modifier"):
        kb.why(s)
    del s["events"][0]["die_roll"]["flip_source"]
    assert kb.why(s).events[0].result == {"unmodified": 5, "value": 1}


def test_next_roll_equals_is_not_rolled(kb):
    """B 519.5: X is the roll without modifiers; the die is not rolled. X = 3, −1 → 2."""
    ev = kb.why(SCENARIOS / "die-roll-next-roll-equals.yaml").events[0]
    assert ev.result == {"unmodified": 3, "value": 2}


@pytest.mark.parametrize("extra, words", [({"roll": None, "next_roll_equals": 3}, "next roll equals")])
def test_mechanics_edition_A_does_not_contain(kb, extra, words):
    with pytest.raises(ScenarioError, match=rf"events\[0\]\.die_roll: edition A has no rule for {words}"):
        kb.why(roll("A", 3, [], **extra))


def test_rules_modifier_under_B_is_not_in_its_text(kb):
    with pytest.raises(ScenarioError, match="edition B has no rule for rules modifier"):
        kb.why(roll("B", 3, [{"source": "rules", "op": "add", "value": 1}]))


@pytest.mark.parametrize("extra, words", [
    ({"flip_source": "foe"}, "flip_source is given, but there is no flip"),
    ({"modifiers": [{"source": "ally", "op": "add", "value": 1, "declared": "before_flip"}]}, "declared before_flip, but there is no flip"),
    ({"modifiers": [{"source": "ally", "op": "add", "value": 1, "declared": "before_reroll"}]}, "declared before_reroll, but there is no reroll"),
    ({"roll": None, "next_roll_equals": 3, "reroll": 5}, "cannot be rerolled"),
    ({"modifiers": [{"source": "foe", "op": "set", "value": 0}]}, "set to a face, 1–6"),
    ({"modifiers": [{"id": "x", "source": "foe", "op": "add", "value": 1}, {"id": "x", "source": "foe", "op": "add", "value": 1}]}, "same id"),
    ({"roll": True}, "valid integer"),
    ({"roll": "4"}, "valid integer"),
])
def test_rolls_that_cannot_happen_are_errors(kb, extra, words):
    extra = dict(extra)
    with pytest.raises(ScenarioError, match=re.escape(words)):
        kb.why(roll("B", extra.pop("roll", 3), extra.pop("modifiers", []), **extra))


# --- attack -------------------------------------------------------------------------------------------


def attack(base, modifiers, **kw):
    return {
        "edition": "A",
        "cards": [card("src", hit=[2, 3, 4]), card("ally"), card("tgt", "p2"), card("tgt_ally", "p2")],
        "events": [{"attack": {"source": "src", "target": "tgt", "base": base, "modifiers": modifiers, **kw}}],
    }


@pytest.mark.parametrize("base, to, expected", [(2, 1, 1), (0, 1, 0), (3, 3, 3)])
def test_a_set_to_modifier_never_raises_the_attack(kb, base, expected, to):
    """519.3 (A): «атака на 2 может быть сведена к 1, но атака на 0 не может быть сведена к 1»."""
    ev = kb.why(attack(base, [{"source": "tgt", "op": "set", "value": to}])).events[0]
    assert ev.result["strength"] == expected
    if to > base:
        assert ("set_to_not_applied", ["A:519.3/порядок-наложения-модификаторов-внутри"]) in steps(ev.explanation)


def test_attack_groups_by_source_and_target(kb):
    """519.3 а) the source's squad, б) the source, в) the target's squad, г) the target, д) set-to."""
    mods = [{"source": "tgt", "op": "add", "value": -1}, {"source": "tgt_ally", "op": "add", "value": -1},
            {"source": "src", "op": "add", "value": 1}, {"source": "ally", "op": "add", "value": 1}]
    ev = kb.why(attack(3, mods)).events[0]
    applied = [n.paragraph for n in ev.explanation.children if n.step == "modifier_applied"]
    assert applied == ["A:519.3/item1", "A:519.3/item2", "A:519.3/item3", "A:519.3/item4"]
    assert ev.result["strength"] == 3


def test_reduction_to_a_weak_strike(kb):
    """519.3: «Сведение атаки к слабой/средней/сильной является модификатором атаки.» Strong 4 + 1,
    reduced to weak (2): 2 + 1 = 3; «сводится к 5» cannot raise 3."""
    ev = kb.why(SCENARIOS / "attack-strike-reduced.yaml").events[0]
    assert ev.result == {"strength": 3, "strike": "weak"}
    assert ("modifier_applied", ["A:519.3/item4"]) in steps(ev.explanation)
    assert ("strike_reduced", ["A:519.3/сведение-атаки-к-слабой"]) in steps(ev.explanation)


def test_attack_under_B_is_a_mechanic_it_does_not_contain(kb, cli):
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--edition", "B", "--lang", "en")
    assert r.exit_code == 2 and r.stdout == ""
    assert "A-519.3-ex1-gnome-basaarg.yaml:15: field events[0].attack: edition B has no rule for attack modifiers" in r.stderr


# --- named features -------------------------------------------------------------------------------------


def test_negative_value_works_as_0_in_B_only(kb):
    """B 518.8: «…если после наложения модификаторов карта имеет отрицательное значение именной
    особенности, эта особенность работает как “[именная особенность] 0”.» A says nothing of it, so
    under A the value is refused, as a die face of 7 is (issue 12). Регенерация 1 − 2 = −1: works as 0
    in B; in A the gain (line 10 of the file) is refused; a card holding −1 as written is too."""
    path = SCENARIOS / "feature-negative-value.yaml"
    b = kb.why(path).events[0]
    assert b.result == {"name": "Регенерация", "performed": True, "value": -1, "works_as": 0}
    assert ("works_as", ["B:518.8"]) in steps(b.explanation)
    with pytest.raises(ScenarioError, match=r":10: field events\[0\]\.gain_feature: a named feature's value would be -1: .*edition B: 518\.8\)"):
        kb.why(path, "A")
    held = {"edition": "A", "cards": [card("c", features=[{"name": "Регенерация", "value": -1}])],
            "events": [{"formation": {"card": "c", "in": True}}]}
    with pytest.raises(ScenarioError, match=r"field cards\[0\]\.features\[0\]\.value: a named feature's value would be -1"):
        kb.why(held)
    assert kb.why({**held, "edition": "B"}).final_state["cards"][0]["features"][0]["works_as"] == 0


def test_a_higher_value_replaces_and_comes_back_when_it_ends(kb):
    """A: «Замещение особенности - это эффект правил и не является потерей особенности». Own
    Регенерация 1 replaced by Регенерация 2 given while a card stands next to it; when it leaves, the
    replacement ends and the own Регенерация 1 is there again (it was not lost)."""
    s = {"edition": "A", "cards": [card("c", features=[{"name": "Регенерация", "value": 1}]), card("g")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 2, "source": "g", "while": "adjacent"}},
                    {"leave": {"card": "g", "from": "c"}}]}
    r = kb.why(s)
    assert r.events[0].result["performed"] is True
    assert r.events[1].result == {"ended": ["Регенерация"], "returned": ["Регенерация"]}
    (feat,) = next(c for c in r.final_state["cards"] if c["id"] == "c")["features"]
    assert (feat["value"], feat["own"], feat["suppressed"]) == (1, True, False)


def test_final_state_shows_features_with_their_source(kb):
    r = kb.why(EXAMPLES / "A-feature-replacement-ex5-bokor-mengir.yaml")
    vail = next(c for c in r.final_state["cards"] if c["id"] == "vail")
    assert vail["features"] == [{"name": "Отравление", "value": 2, "works_as": 2, "own": False, "source": "bokor",
                                 "while": None, "until": None, "suppressed": False, "replaced": False,
                                 "markers": []}]


# --- the explanation is the inference ---------------------------------------------------------------


def test_swapping_a_clause_changes_the_explanation(tmp_path):
    """Copy prolog/, change edition A's order of groups (its data, which the clause ranking the
    groups reads) so that set-to modifiers come first (as in B), and run the same scenario: the
    result and the cited steps change with it."""
    alt = tmp_path / "prolog"
    shutil.copytree(PROLOG_DIR, alt)
    data = alt / "editions" / "a.pl"
    text = data.read_text(encoding="utf-8")
    old = ("[ additive-own_squad, additive-self, additive-opponent, additive-rules,\n"
           "                        set_to-own_squad, set_to-self, set_to-opponent, set_to-rules ]")
    assert old in text
    data.write_text(text.replace(old, "[ set_to-own_squad, set_to-self, set_to-opponent, set_to-rules,\n"
                                      "additive-own_squad, additive-self, additive-opponent, additive-rules ]"),
                    encoding="utf-8")
    script = (
        "import json, sys\n"
        "from berserk_kb import KnowledgeBase\n"
        "r = KnowledgeBase().why(sys.argv[1])\n"
        "ev = r.events[0]\n"
        "print(json.dumps({'value': ev.result['value'], 'order': [c.paragraph for c in ev.explanation.children]}))\n"
    )
    path = str(SCENARIOS / "die-roll-editions-differ.yaml")

    def run(prolog_dir):
        env = dict(os.environ, BERSERK_KB_PROLOG=str(prolog_dir))
        out = subprocess.run([sys.executable, "-c", script, path], env=env, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    original, swapped = run(prolog_dir()), run(alt)
    assert original["value"] == 1 and swapped["value"] == 2
    assert original["order"].index("A:518.3/item5") > original["order"].index("A:518.3/item1")
    assert swapped["order"].index("A:518.3/item5") < swapped["order"].index("A:518.3/item1")


# --- output formats -----------------------------------------------------------------------------------


def test_why_json_is_contract_v1(cli):
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(data) >= {"edition", "events", "final_state"}
    ev = data["events"][0]
    assert {"kind", "result", "cited", "explanation"} <= set(ev)
    node = ev["explanation"]["children"][0]
    assert {"step", "paragraph", "number", "edition", "inputs", "value", "children"} <= set(node)
    card_ = data["final_state"]["cards"][0]
    assert {"id", "controller", "zone", "features"} <= set(card_)


def test_why_text_in_both_languages_quotes_russian(cli):
    path = str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    ru = cli("why", path).stdout
    en = cli("why", path, "--lang", "en").stdout
    quote = "«модификаторы, полученные от источника атаки;»"
    assert quote in ru and quote in en
    # The example (519.3): the medium strike of Гном-Басаарг is 3 (hit [2, 3, 4]); +1 for the
    # formation with Гномий Король (group а), then its own +1s (group б), then «сводится к 1» (д).
    for line in ("3 +1 от «Гномий Король» (отряд источника, группа а) → 4",
                 "4 +1 от «Гном-Басаарг» (источник атаки, группа б) → 5",
                 "6 сводится к 1 от «закрытое существо противника» (цель атаки, группа д) → 1",
                 "Событие 1: атака — сила 1, средний удар"):
        assert line in ru, line
    assert "3 +1 from «Гномий Король» (the source's squad, group а) → 4" in en
    assert "Event 1: attack — strength 1, medium strike" in en


def test_why_brief_shows_the_deciding_steps_only(cli):
    """--brief: of the Гном-Басаарг proof only the four modifiers that change the value (519.3
    а, б, б, д), not the order of application or who chose it."""
    path = str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    brief = cli("why", path, "--brief").stdout
    steps = [line for line in brief.splitlines() if line.lstrip().startswith("•")]
    assert len(steps) == 4
    assert [s.split("группа ")[1][0] for s in steps] == ["а", "б", "б", "д"]
    assert "порядок" not in brief and "Примеры" not in brief


def test_why_in_russian_prints_no_step_or_kind_name(cli, kb):
    """Every step and event kind shows as words of the Russian pack: no step name or event kind
    (identifiers such as application_order, bonus_ended) appears in the text of any bundled
    scenario, outside the quoted rule text."""
    import re as re_

    ru_pack = kb.language_pack("ru")
    names = set(ru_pack["steps"]) | set(ru_pack["events"])
    for path in sorted(SCENARIOS.glob("*.yaml")) + sorted(EXAMPLES.glob("*.yaml")):
        text = re_.sub(r"«[^»]*»", "", cli("why", str(path)).stdout)
        found = {w for w in re_.findall(r"[a-z_]+", text) if w in names and "_" in w}
        assert not found, (path.name, found)


def test_why_turtle_links_each_step_to_its_paragraph(cli):
    from rdflib import Graph
    from rdflib.namespace import PROV, RDF

    from berserk_kb.graph.vocab import BKB, iri

    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), "--format", "turtle")
    g = Graph().parse(data=r.stdout, format="turtle")
    steps_ = set(g.subjects(RDF.type, BKB.Step))
    assert steps_ and all((s, RDF.type, PROV.Activity) in g for s in steps_)
    used = {o for s in steps_ for o in g.objects(s, PROV.used)}
    assert iri("A:519.3/item5") in used


# --- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, words", [
    ("edition: A\ncards: []\nevents:\n  - die_roll: {roller: ghost, roll: 3}\n",
     "field events[0].die_roll.roller: unknown card 'ghost'"),
    ("edition: A\ncards: [{id: a, controller: p1}]\nevents:\n  - die_roll: {roller: a, roll: 7}\n",
     "field events[0].die_roll.roll: Input should be less than or equal to 6"),
    ("edition: A\ncards: [{id: a, controller: p1}]\nevents:\n  - die_roll: {roller: a, roll: four}\n",
     "field events[0].die_roll.roll: Input should be a valid integer"),
    ("cards: [{id: a, controller: p1}]\nevents:\n  - end_of_turn: {}\n", "field edition: Field required"),
    ("edition: Z\ncards: []\nevents:\n  - end_of_turn: {}\n", "field edition: unknown edition 'Z'"),
    ("edition: A\ncards: [{id: a, controller: p3}]\nevents:\n  - end_of_turn: {}\n", "field cards[0].controller"),
    ("edition: A\ncards: [{id: a, controller: p1}, {id: a, controller: p2}]\nevents:\n  - end_of_turn: {}\n",
     "field cards[1].id: card handle 'a' is used twice"),
    ("edition: A\ncards: []\nevents:\n  - jump: {}\n", "field events[0]"),
    ("edition: A\ncards: []\nevents: [\n", "not valid YAML"),
    ("edition: A\ncards: [{id: a, controller: p1}, {id: b, controller: p2}]\nevents:\n  - attack: {source: a, target: b}\n",
     "field events[0].attack: the strike values of a are not known (the attack needs them: give base"),
])
def test_bad_scenarios_are_one_line_errors(cli, tmp_path, text, words):
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""  # nothing written
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert str(f) in err and words in err, err


def test_scenario_not_utf8(cli, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_bytes(b"edition: A\ncards: []\nevents:\n  - end_of_turn: {}\n# \xff\n")
    r = cli("why", str(f), "--lang", "en")  # the default ru: tests/test_hardening_13k.py
    assert r.exit_code == 2 and "s.yaml:5:3: not valid UTF-8 (byte 0xff" in r.stderr


@pytest.mark.parametrize("cards, events, words", [
    ([card("rules")], [{"end_of_turn": {}}], "field cards[0].id: a handle (id) starts with a Latin letter or _"),
    ([card("null")], [{"end_of_turn": {}}], "field cards[0].id: a handle (id) starts with a Latin letter or _"),
    ([card("c"), card("d")], [{"leave": {"card": "c", "from": "c"}}], "next to itself"),
    ([card("c")], [{"attack": {"source": "c", "target": "c"}}], "field events[0].attack: a card cannot attack itself"),
    ([card("c", acquired=[{"name": "Яд", "while": "adjacent"}])], [{"end_of_turn": {}}], "needs the source card"),
    ([card("c", features=[{"name": "Магия"}])], [{"gain_feature": {"card": "c", "name": "Магия", "op": "add", "value": 1}}],
     "«+1 к Магия» adds to a feature's value: the card's Магия has none"),
])
def test_impossible_scenarios_are_errors(kb, cards, events, words):
    with pytest.raises(ScenarioError, match=re.escape(words)):
        kb.why({"edition": "A", "cards": cards, "events": events})


def test_expect_must_name_real_events_and_cards(kb):
    s = {"edition": "A", "cards": [card("c")], "events": [{"end_of_turn": {}}]}
    with pytest.raises(ScenarioError, match="there is no event 3"):
        kb.why({**s, "expect": {"events": {3: {"ended": []}}}})
    with pytest.raises(ScenarioError, match="expect.features.ghost: unknown card"):
        kb.why({**s, "expect": {"features": {"ghost": {"Яд": 1}}}})


def test_an_event_written_with_nothing_after_it(cli, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("edition: B\ncards: []\nevents:\n  - end_of_turn:\n", encoding="utf-8")
    assert cli("why", str(f)).exit_code == 0
    f.write_text("edition: A\ncards: []\nevents:\n  - die_roll:\n", encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2 and "die_roll needs its fields" in r.stderr
    assert "событию die_roll нужны его поля" in cli("why", str(f)).stderr


def test_plus_for_a_while_goes_when_its_condition_does(kb):
    """B ПРИМЕР 1 (518.8) contrasts giving Опыт в атаке with «+1 к Опыту в атаке до конца вашего
    хода»: the plus is performed, and at the end of the turn it goes — 1 + 1 = 2, then 1."""
    s = {"edition": "B", "cards": [card("hunter"), card("c", features=[{"name": "Опыт в атаке", "value": 1}])],
         "events": [{"gain_feature": {"card": "c", "name": "Опыт в атаке", "value": 1, "source": "hunter",
                                      "op": "add", "until": "end_of_turn"}},
                    {"end_of_turn": {}}]}
    r = kb.why(s)
    assert r.events[0].result["value"] == 2
    (feat,) = next(c for c in r.final_state["cards"] if c["id"] == "c")["features"]
    assert feat["value"] == 1
    # that the plus goes then is ПРИМЕР 1 read by contraposition («…в конце хода … не пропадёт» is said of
    # a gain not performed): the step cites nothing and says it is the engine's reading
    (gone,) = [n for n in steps_nodes(r.events[1].explanation) if n.step == "bonus_ended_at_turn_end"]
    assert gone.cites == () and gone.inputs["plus"] == 1


def test_a_valueless_grant_of_a_valued_feature_is_refused(kb):
    """Only a higher value replaces («Регенерация 3» replaces «Регенерация 2»); a grant of
    Регенерация with no value — a feature the card itself holds as «Регенерация 2» — is refused
    (fu12j W14: it showed «получена: —»), naming the field."""
    from berserk_kb.errors import ScenarioError

    s = {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 2}]), card("g")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "source": "g"}}]}
    with pytest.raises(ScenarioError) as info:
        kb.why(s)
    assert info.value.field == "events[0].gain_feature.value"


def test_a_negative_value_compares_as_0_in_B(kb):
    """518.8: a negative value works as 0, so a card at −1 holds «Регенерация 0»: being given
    «Регенерация 0» is not performed."""
    s = {"edition": "B", "cards": [card("c", features=[{"name": "Регенерация", "value": 1}]), card("g")],
         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": -2, "source": "g", "op": "add"}},
                    {"gain_feature": {"card": "c", "name": "Регенерация", "value": 0, "source": "g"}}]}
    assert kb.why(s).events[1].result["performed"] is False


def steps_nodes(node):
    out = [node]
    for child in node.children:
        out.extend(steps_nodes(child))
    return out


def test_yaml_aliases_are_refused(cli, tmp_path):
    """A «billion laughs» file: nested aliases that would expand to 10^8 nodes."""
    lines = ["edition: A", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]"
              for i in range(1, 9)]
    lines += ["cards: []", "events: [{end_of_turn: {}}]"]
    f = tmp_path / "bomb.yaml"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("why", str(f), "--lang", "en")
    assert r.exit_code == 2 and "bomb.yaml:2: YAML anchors and aliases are not allowed" in r.stderr


@pytest.mark.parametrize("lang, words", [("ru", "якоря и ссылки YAML"), ("en", "YAML anchors and aliases")])
def test_yaml_anchors_are_refused_in_the_commands_language_the_line_said_once(cli, tmp_path, lang, words):
    """An anchor on line 1 of a file and one in a --set value: said in --lang's words (as every
    other input error), the file's line once, the command-line value with none (it has no lines)."""
    f = tmp_path / "lol.yaml"
    f.write_text("title: &a x\nedition: A\ncards: []\nevents: []\n", encoding="utf-8")
    r = cli("why", str(f), "--lang", lang)
    assert r.exit_code == 2 and f"lol.yaml:1: {words}" in r.stderr
    assert r.stderr.count("1") == str(f).count("1") + 1  # the line, once
    gnome = str(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml")
    r = cli("why", gnome, "--set", "title=&a", "--lang", lang)
    # the file and the change are named (a --set error names them: issue 12 part 3), with no line after them
    assert r.exit_code == 2 and words in r.stderr and f"{gnome} --set title=&a: " in r.stderr
    assert "1" not in r.stderr.replace(gnome, "")


@pytest.mark.parametrize("args, words", [
    (("--json", "--format", "turtle"), "two different outputs"),
    (("-e", "A", "-e", "B", "--format", "turtle"), "for one edition"),
    (("-e", "A", "-e", "A"), "given twice"),
])
def test_why_option_conflicts(cli, args, words):
    r = cli("why", str(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml"), *args, "--lang", "en")
    assert r.exit_code == 2 and words in r.stderr and r.stdout == ""


def test_json_scenarios_work_too(kb, tmp_path):
    f = tmp_path / "s.json"
    f.write_text(json.dumps(roll("B", 5, [{"source": "ally", "op": "add", "value": -1}])), encoding="utf-8")
    assert kb.why(f).events[0].result == {"value": 4, "unmodified": 5}


def test_every_scenario_in_the_repo_runs(kb):
    for path in sorted(SCENARIOS.glob("*.yaml")) + sorted(EXAMPLES.glob("*.yaml")):
        assert kb.why(path).events, path


def test_docs_show_one_example_per_event_kind():
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    from berserk_kb.scenario.events import kinds

    for kind in kinds():
        assert f"- {kind}:" in doc, kind


def test_the_cards_of_an_explanation_are_the_scenarios_and_the_cited_examples(kb):
    """Under an explanation stand the scenario's own cards, every one, and the cards named in the
    cited examples — not every card mentioned somewhere in a cited paragraph (issue 10: «the cards
    listed under an explanation are the scenario's cards and those of the cited examples only»). A
    die roll of «Габриэль» under B cites 519.1/519.2 and no example: only Габриэль; the same roll of
    an unnamed creature: that creature. The Гном-Басаарг attack (A 519.3) cites the example that
    names Гном-Басаарг and Гномий Король. A gain under B 518.8 quotes its ПРИМЕР 1, which names
    «Ледовый Охотник»: the scenario's two creatures first, then it."""
    def roll(name):
        return {"edition": "B", "cards": [{"id": "r", "name": name, "controller": "p1"}],
                "events": [{"die_roll": {"roller": "r", "roll": 4, "modifiers": [{"source": "r", "op": "add", "value": 1}]}}]}

    assert kb.why(roll("Габриэль")).events[0].cards == ("Габриэль",)
    assert kb.why(roll("бросающее существо")).events[0].cards == ("бросающее существо",)
    gain = {"edition": "B", "cards": [{"id": "c", "name": "существо", "controller": "p1",
                                       "features": [{"name": "Регенерация", "value": 2}]},
                                      {"id": "f", "name": "существо противника", "controller": "p2"}],
            "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": 1}}]}
    assert kb.why(gain).events[0].cards == ("существо", "существо противника", "Ледовый Охотник")
    basaarg = kb.why(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml").events[0]
    # the example's scenario has the two and «закрытое существо противника»
    assert set(basaarg.cards) == {"Гном-Басаарг", "Гномий Король", "закрытое существо противника"} and basaarg.examples


def test_the_order_of_modifiers_names_the_rules_bound_in_words(cli):
    """Edition A (518.3 г): the rules of the game keep the roll within 1…6 as a modifier of their
    own; the step that lists the order names it in words of the pack, not by an identifier."""
    path = str(SCENARIOS / "die-roll-editions-differ.yaml")
    ru = [ln for ln in cli("why", path, "-e", "A").stdout.splitlines() if "в порядке" in ln]
    en = [ln for ln in cli("why", path, "-e", "A", "--lang", "en").stdout.splitlines() if "in the order" in ln]
    assert ru and en
    assert "правила игры" in ru[0] and "rules of the game" in en[0]
    assert "rules_bounds" not in ru[0] + en[0]
