"""Why not keeps no rule of its own (issue 10): what a step stands for in the scenario, and which
input gives which part of a result, are declared by the rule modules beside the step (engine/undo.pl);
explain/whynot.py and explain/departure.py only apply that data."""

from __future__ import annotations

import io
import tokenize
import typing
from pathlib import Path

from pydantic import BaseModel

from berserk_kb.engine.runner import language_pack, result_inputs, undo_edits
from berserk_kb.scenario import schema
from berserk_kb.scenario.events import kinds

EXPLAIN = Path(__file__).resolve().parents[1] / "python" / "berserk_kb" / "explain"


def _strings(path: Path) -> set[str]:
    """The values of the string literals of a Python file."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return {eval(t.string) for t in tokens if t.type == tokenize.STRING and not t.string.lstrip("rbuRBU").startswith("f")}


def _ops() -> set[str]:
    """The modifier ops the scenario schema allows (``op: Literal[...]`` of its models)."""
    models = [m for m in vars(schema).values() if isinstance(m, type) and issubclass(m, BaseModel)]
    return {a for m in models if "op" in m.model_fields for a in typing.get_args(m.model_fields["op"].annotation)}


def test_whynot_and_departure_name_no_step_kind_op_or_event_kind():
    """The step kinds are those Prolog declares (explain:step/4, through the language pack); none of
    them, no modifier op and no event kind is written in the two modules."""
    steps = set(language_pack("en")["steps"])
    assert {"flipped", "rerolled", "modifier_applied", "prevention_order"} <= steps  # the scan can fail
    names = steps | _ops() | set(kinds())
    assert {"add", "set", "die_roll"} <= names
    for module in ("whynot.py", "departure.py"):
        found = _strings(EXPLAIN / module) & names
        assert not found, f"explain/{module} names {sorted(found)}: declare it in the rule module (engine/undo.pl)"


def test_a_flip_modifier_is_undone_as_the_flip():
    """«Переброс кубика и переворот»: a modifier declared before the flip counts as declared after
    the roll once there is no flip — the flip modifier's undo says so, and drops it from the order."""
    [undo] = undo_edits([{"step": "modifier_applied", "inputs": {"modifier": {"id": "f", "op": "flip"}}, "value": 3}])
    assert {"put": "flip", "value": False, "at": "event"} in undo["edits"]
    assert {"drop": "order", "item": "f"} in undo["edits"]
    assert {"rename": "modifiers", "field": "declared", "from": "before_flip", "to": "after"} in undo["edits"]


def test_a_moved_card_goes_where_to_names():
    """A card moved goes to the zone ``to`` names, copied into the result when performed; the zone it
    is listed in comes after."""
    found = result_inputs("zone_change", "zone", {"card": "c", "to": "hand"})
    assert found == [{"path": ["event", "zone"], "copied": False}, {"path": ["event", "to"], "copied": True},
                     {"path": ["card", "c", "zone"], "copied": False}]


def test_the_russian_no_result_key_refusal_names_the_event_kind_in_russian(kb):
    """ru_words.pl: «{path}: в результате события «{kind}» нет поля «{key}»»; the kind is the ru
    pack's label of die_roll (ru.pl: «бросок кубика»), not the identifier."""
    from berserk_kb.explain.refusals import say

    refusal = {"kind": "no_result_key", "values": ["events[0].nope", 0, "die_roll", "nope", "its result", "value, unmodified"]}
    ru = say(refusal, kb.language_pack("ru"))
    assert "«бросок кубика»" in ru and "die_roll" not in ru
    assert "(die_roll)" in say(refusal, kb.language_pack("en"))


def test_an_edition_without_the_rule_in_its_data_is_not_said_to_have_a_silent_text(kb):
    """A has no section on loss of features in its data (editions/a.pl; B's states 540.1): the
    refusal says the data states none and that the text may, not that the text says nothing."""
    from berserk_kb.explain.refusals import say

    refusal = {"kind": "unsupported_section", "values": ["A", "loss of features", "loss_of_features", [["B", "540.1"]]]}
    for lang, data, text in (("en", "the data of edition A", "its text may"), ("ru", "в её данных", "в её тексте он может быть")):
        said = say(refusal, kb.language_pack(lang))
        assert data in said and text in said and "loaded text" not in said and "загруженный текст" not in said
