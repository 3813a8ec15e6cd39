"""Why did this happen, part 7: the second fresh user's findings on issue 12 (what-if over every
bundled file, control changes the controller only, a Строй lost or a giver gone and back, citations).

Every expected value is worked by hand from the rule text quoted in the test's docstring, never read
from what the code returns."""

from __future__ import annotations

import pytest

from berserk_kb.engine.runner import language_pack
from berserk_kb.errors import ScenarioError
from berserk_kb.explain.sentences import Filler, step_sentence
from berserk_kb.scenario.load import load_scenario
from scenario_parts import EXAMPLES, SCENARIOS, feats, final, steps

BUNDLED = sorted(EXAMPLES.glob("*.yaml")) + sorted(SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_a_change_to_the_value_a_field_already_has_changes_nothing(kb, path):
    """`--set` runs «the same scenario with one field changed»: setting the active player and the first
    card's zone to the values they already have (written or left to their default) is the same
    scenario, so every event gives the file's own result and no step differs (was: a file with a
    revival or a take-control failed its own check once its defaults were written out)."""
    data = load_scenario(path)
    wi = kb.what_if(path, [f"active={data['active']}", f"cards[0].zone={data['cards'][0]['zone']}"])
    assert [e.before for e in wi.events] == [e.result for e in wi.before.events]
    assert all(e.same and not e.steps_before and not e.steps_after for e in wi.events), path.name
    assert wi.after.final_state == wi.before.final_state


def test_losing_control_changes_the_controller_and_not_the_owner(kb):
    """A 517: «Если в результате какого-либо эффекта вы потеряли контроль над картой, то ваш противник
    автоматически становится игроком, контролирующим эту карту» — the controller changes, the owner is
    not named (docs/scenarios.md: owner «default: its controller», the controller the situation
    starts with). p2's card c loses control → controller p1, owner p2; it dies → p2's graveyard; p2
    revives it by default «1) со своего кладбища» «3) под своим контролем» → performed, controller p2
    (was: the owner followed the controller to p1 and the revival found no card in p2's graveyard)."""
    r = kb.why({"edition": "A", "cards": [{"id": "c", "controller": "p2"}], "events": [
        {"lose_control": {"card": "c"}}, {"zone_change": {"card": "c", "to": "graveyard"}},
        {"bring_into_squad": {"card": "c", "how": "revive", "player": "p2"}}]})
    assert r.events[0].result == {"controller": "p1", "changed": True}
    assert (r.events[2].result["performed"], r.events[2].result["controller"]) == (True, "p2")
    (c,) = r.final_state["cards"]
    assert (c["controller"], c["owner"], c["zone"]) == ("p2", "p2", "battle")


def _king_and_basaarg(held):
    """Гномий Король (Строй) and Гном-Басаарг in formation; the Басаарг holds «+1 к удару» from the
    King's static feature, as a grant (``grants``) or as an acquired feature (``acquired``)."""
    grant = {"name": "+1 к удару", "value": 1, "while": "formation", "source": "king"}
    bas = {"id": "bas", "name": "Гном-Басаарг", "controller": "p1", "in_formation": True}
    bas |= {"grants": [grant]} if held == "grants" else {"acquired": [{**grant, "static": True}]}
    return [{"id": "king", "name": "Гномий Король", "controller": "p1", "in_formation": True}, bas]


@pytest.mark.parametrize("held", ["grants", "acquired"])
def test_a_giver_that_loses_its_stroy_gives_nothing_tied_to_the_formation(kb, held):
    """B 540.2: «Тем не менее, лишение собственных особенностей может привести к потере части
    приобретенных особенностей. Например, потеря Строя приводит к потере всех приобретенных
    особенностей, связанных со строем.» The King loses all its features until the end of the turn:
    its Строй is suppressed, so the Басаарг's «+1 к удару», acquired in formation from the King, is
    lost (was: kept). 540.3.1 «Маркер подавления … удаляется, когда заканчивается период …, после
    чего особенность снова начинает влиять на игру»: at the end of the turn the King's Строй works
    again and the Басаарг, still in formation with it, has «+1 к удару» 1 again."""
    cards = _king_and_basaarg(held)
    lose = {"lose_features": {"card": "king", "which": "all", "duration": "end_of_turn"}}
    r = kb.why({"edition": "B", "cards": cards, "events": [lose]})
    assert [f["name"] for f in final(r, "bas")["features"]] == ["Строй"]
    (node,) = [n for n in steps(r.events[0].explanation) if n.inputs.get("source") == "king"]
    # 540.4 ○ «…постоянная особенность этой или другой карты … (так как нарушилось условие её
    # существования)» is the unit about another card's grant (540.2's «Например» is the card's own)
    assert (node.step, node.value, node.paragraph) == ("grant_lost_with_giver", ["+1 к удару"], "B:540.4/item2.2")
    r = kb.why({"edition": "B", "cards": cards, "events": [lose, {"end_of_turn": {}}]})
    assert feats(r, "bas")["+1 к удару"]["value"] == 1


def test_a_giver_that_forms_a_formation_again_gives_its_grant_again(kb):
    """B 540.4 ○: an acquired feature whose source is «постоянная особенность этой или другой карты»
    comes back «если после потери согласно тексту той карты особенность сразу же должна быть получена
    вновь». The King leaves the formation: the Басаарг's «+1 к удару» from it ends («нарушилось условие
    её существования»); the King forms it again: by the King's text («существа в строю с Гномьим
    королём получают +1 к удару») the Басаарг, in formation with it, gets «+1 к удару» 1 again (was:
    gained nothing; only the card that re-formed got its grants back)."""
    r = kb.why({"edition": "B", "cards": _king_and_basaarg("grants"), "events": [
        {"formation": {"card": "king", "in": False}}, {"formation": {"card": "king", "in": True}}]})
    assert [e.result for e in r.events] == [{"ended": ["+1 к удару"], "gained": []},
                                            {"ended": [], "gained": ["+1 к удару"]}]
    assert feats(r, "bas")["+1 к удару"]["value"] == 1
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "formation_grant"]
    assert node.inputs["card"] == "bas" and "B:540.4/ex1" in [c.id for c in node.cites]


def _paragraphs(node):
    """Every step's ``paragraph`` field in the JSON of an explanation."""
    yield node["paragraph"]
    for child in node["children"]:
        yield from _paragraphs(child)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_no_step_names_a_file_piece_as_its_paragraph(kb, path):
    """docs/identifiers.md: «piece cut off at the start of a fragment | `<edition>:~<fragment>/item<n>`»
    — such an id names a file of the bundle, not a paragraph of the book, so no step's `paragraph`
    in `why --json` is one (was: B's «○ подавляются до появления новой базовой именной особенности,
    если были собственными» gave `B:~000_ee1f512a66c0b866/item1`)."""
    for event in kb.why(path).to_json()["events"]:
        assert not [p for p in _paragraphs(event["explanation"]) if p and ":~" in p], path.name


def test_the_own_feature_that_comes_back_after_an_adjacency_gain_has_no_file_piece_as_paragraph(kb):
    """B 518.8 ПРИМЕР 2 «у существа вместо "Регенерации 2" будет "Регенерация 3"»; the gain was «до конца
    хода» (B's text says nothing of a card next to another); the turn ends: «○ подавляются до появления новой базовой именной
    особенности, если были собственными» — the own «Регенерация 2» is back, and that step cites the
    ○ line (its text) with `paragraph` null, not the piece's file id."""
    r = kb.why({"edition": "B", "cards": [
        {"id": "vail", "name": "Вайл", "controller": "p1", "features": [{"name": "Регенерация", "value": 2}]},
        {"id": "lier", "name": "Льер-Кулат", "controller": "p2"}], "events": [
        {"gain_feature": {"card": "vail", "name": "Регенерация", "value": 3, "source": "lier", "until": "end_of_turn"}},
        {"end_of_turn": {}}]})
    assert feats(r, "vail")["Регенерация"]["value"] == 2
    (node,) = [n for n in steps(r.events[1].explanation) if n.step == "feature_returns"]
    assert node.paragraph is None and "если были собственными" in node.cites[0].text


def test_an_attack_whose_modifiers_take_it_below_0_is_refused(kb):
    """A 519.3 speaks of an attack's numeric value down to 0 («атака на 2 может быть сведена к 1, но
    атака на 0 не может быть сведена к 1») and of nothing below it: 1 − 3 = −2 is no value the text
    computes, so it is refused as a die face of 7 is (one line naming the event; was: «сила -2»); 3 − 3
    = 0 is an attack on 0."""
    def attack(base):
        return {"edition": "A", "cards": [{"id": "a", "controller": "p1"}, {"id": "b", "controller": "p2"}],
                "events": [{"attack": {"source": "a", "target": "b", "base": base,
                                       "modifiers": [{"source": "b", "op": "add", "value": -3}]}}]}
    with pytest.raises(ScenarioError, match=r"events\[0\]\.attack: .*would be -2"):
        kb.why(attack(1))
    assert kb.why(attack(3)).events[0].result["strength"] == 0


def test_the_order_of_prevention_says_when_no_choice_was_stated(kb):
    """A: «Эффекты предотвращения … применяются по очереди»; docs/scenarios.md: «Without a stated choice
    the first applicable effect in the order of the cards and their effects is taken, and the step
    says no choice was stated». t holds once3 (one use, 3) and next4 (4); 4 wounds, nothing chosen:
    once3 prevents 3 (its rest is lost), next4 prevents 1 and keeps 3 — and the step says no choice
    was stated (was: silent). Chosen [next4, once3]: next4 prevents all 4, once3 keeps its 3; stated."""
    def wounds(**choose):
        return kb.why({"edition": "A", "cards": [
            {"id": "t", "controller": "p1", "effects": [{"id": "once3", "type": "prevent_once", "amount": 3},
                                                         {"id": "next4", "type": "prevent", "amount": 4}]},
            {"id": "foe", "controller": "p2"}],
            "events": [{"wounds": {"card": "t", "amount": 4, "source": "foe", "attack": "strike", **choose}}]}).events[0]
    for ev, order, remaining, stated in [(wounds(), ["once3", "next4"], {"once3": 0, "next4": 3}, False),
                                          (wounds(choose=["next4", "once3"]), ["next4", "once3"], {"once3": 3, "next4": 0}, True)]:
        assert (ev.result["wounds"], ev.result["remaining"]) == (0, remaining)
        (node,) = [n for n in steps(ev.explanation) if n.step == "prevention_order"]
        assert (node.value, node.inputs["stated"]) == (order, stated)
    (node,) = [n for n in steps(wounds().explanation) if n.step == "prevention_order"]
    assert "выбор не указан" in step_sentence(node, Filler(language_pack("ru"), {}))


def test_an_error_names_the_paragraph_as_printed_not_its_id(kb):
    """B 519 has no line on a die beyond 1…6; A's «Модификатор правил игры для броска кубика. Если бросок
    кубика с учётом всех модификаторов … стал меньше 1 (больше 6), то бросок кубика принимается равным 1
    (равным 6)» does. A B die of 6 + 1 = 7 is refused, naming that paragraph by its opening words as the
    book prints them, not by the model's id `A:модификатор-правил-игры-для`."""
    with pytest.raises(ScenarioError) as err:
        kb.why({"edition": "B", "cards": [{"id": "r", "controller": "p1"}],
                "events": [{"die_roll": {"roller": "r", "roll": 6, "modifiers": [{"source": "r", "op": "add", "value": 1}]}}]})
    assert "«Модификатор правил игры для…»" in str(err.value) and "A:модификатор" not in str(err.value)
