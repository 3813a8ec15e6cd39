"""Why not: a result held against the one the user expected (what if — the same situation with a
field changed — is :mod:`.whatif`, which shares the reading of ``PATH=VALUE``).

**Why not** (:func:`why_not`). The user names a part of an event's result and the value expected
(``events[0].value=3``). When the computation gives another value, the answer is the step where it
departs from the expectation (:mod:`.departure` says which step that is); the units that step cites
are the paragraphs that decide it.

An expectation no computation can meet — of another type than the part asked about, or
  outside what it can hold (a die face 7, a strength −1; a modified roll beyond the faces only where
  no rule of the edition brought the roll back from there) — is refused (:mod:`.expectation`); an
  expected name is read as a scenario's names are (stress marks, case, a form of a known feature).

What a step stands for in the scenario — the input to take out (a modifier, the flip), or what it
blocked to let through (a card in the squad, the other player active) — and which input gives a
part of a result unchanged are the rules' own: each rule module declares them beside its step
(``undo:undo/4``, ``undo:let_through/3``, ``undo:result_input/5``, prolog/engine/undo.pl), and this
module asks once per answer and applies the edits, as data, naming no step kind and no field of a rule.

The answer carries its sentence (``because``), filled from the language pack.

**What if**: :mod:`.whatif`.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import InputError, ScenarioError, cut
from ..lexicon.cards import lookup
from ..scenario.events import event_kind
from ..scenario.load import load_scenario, scenario_as_written, validate_scenario, with_modifier_ids
from ..text.readers import load_yaml
from .book import Book
from .departure import NONE, decided_parts, departure, same_value
from .expectation import as_named, bounded, negative_refused, possible
from .refusals import items
from .results import ProofNode, WhyNot
from .run import run
from .sentences import Filler, step_sentence

_PATH = re.compile(r"^(?:[^\W\d]\w*|\[[^\[\]]+\])(?:\.[^\W\d]\w*|\[[^\[\]]+\])*$")
PATH_PART = re.compile(r"[^\W\d]\w*|\[([^\[\]]+)\]")  # a key or a [position] of a PATH


def path_index(inside: str) -> str | int:
    """What ``[inside]`` of a PATH names: a list position when it is ASCII digits (``0`` → 0), else
    the text, a card handle or an id (``king``)."""
    return int(inside) if inside.isascii() and inside.isdigit() else inside


def parse_assignment(text: str, what: str) -> tuple[str, list[str | int], Any]:
    """``PATH=VALUE`` as (path text, path parts, value): parts are keys and list positions
    (``[0]`` → 0; ``[king]`` stays the text ``king``, a card handle); VALUE is read as YAML
    (``3``, ``true``, ``null``, ``medium``, ``[1, 2]``).

    Raises:
        InputError: no ``=``, a malformed path or value, a position of more digits than Python reads (the
            message starts with ``what`` and the text).
    """
    path, sep, raw = text.partition("=")
    path = path.strip()
    like = "events[0].value" if what == "expect" else "events[0].die_roll.roll or cards[king].zone"
    if not sep or not _PATH.match(path) or any(  # a position is ASCII digits: not [０] (fullwidth) nor [٠]
            not m[1].isascii() and any(ch.isdigit() for ch in m[1]) for m in PATH_PART.finditer(path) if m[1]):
        raise InputError(f"{what} {cut(text)!r}: give PATH=VALUE, the path like {like}",
                         refusal={"kind": "assign_shape", "values": [what, repr(cut(text)), like]})
    if not raw.strip():
        raise InputError(f"{what} {cut(text)!r}: the value after = is missing (give PATH=VALUE; null for none)",
                         refusal={"kind": "assign_no_value", "values": [what, repr(cut(text))]})
    if "=" in raw and raw.strip()[:1] not in ("'", '"'):
        raise InputError(f"{what} {cut(text)!r}: one = only (give PATH=VALUE; quote a value that holds =)",
                         refusal={"kind": "assign_two_equals", "values": [what, repr(cut(text))]})
    parts: list[str | int] = []
    for m in PATH_PART.finditer(path):
        inside = m.group(1)
        if inside is not None and inside.isascii() and inside.isdigit() and len(inside) > sys.get_int_max_str_digits():
            digits, limit = len(inside), sys.get_int_max_str_digits()  # a position longer than Python reads
            too_long = {"kind": "assign_position_too_long", "values": [what, repr(cut(text)), digits, limit]}
            raise InputError(f"{what} {cut(text)!r}: a position of {digits} digits (at most {limit} are read)",
                             refusal=too_long)
        parts.append(m.group(0) if inside is None else path_index(inside))
    malformed = f"the value {cut(raw.strip())!r} is not valid YAML"
    try:
        value = load_yaml(raw, f"{what} {path}", malformed=malformed)
    except InputError as exc:  # a value given on the command line has no lines: what is wrong only
        detail = str(exc.detail)
        said = exc.refusal or ({"kind": "not_yaml", "values": [detail[len(malformed) + 2:]]}
                               if detail.startswith(f"{malformed}: ") else None)  # worded in --lang as a file's
        raise InputError(f"{what} {path}: {detail}", field=path, detail=detail, refusal=said,
                         shown=f"--{what} {cut(text)}") from None
    return path, parts, value


def in_file(exc: InputError, where: str, text: str, option: str) -> InputError:
    """``exc`` (of ``text``, ``PATH=VALUE`` given to ``option``) for the scenario file ``where``, naming it first
    (``path``); ``field`` the path named (else ``option``); a value refused (``exc.shown``): ``FILE --set P=V``."""
    path = text.partition("=")[0].strip()
    field = cut(exc.field) if exc.field else cut(path) if _PATH.match(path) else option
    shown = f"{where} {exc.shown}" if exc.shown else None  # named as a value the changed scenario refuses
    return InputError(f"{shown}: field {field}: {exc.detail}" if shown else f"{where}: {exc}", path=where,
                      field=field, refusal=exc.refusal, detail=exc.detail or str(exc), shown=shown)


def why_not(book: Book, scenario: dict[str, Any] | Path | str, expect: str, edition: str | None = None,
            lang: str = "ru") -> WhyNot:
    """Compute ``scenario`` and hold the part of a result ``expect`` names (``events[I].KEY…=VALUE``)
    against the expected value (see the module docstring); ``because`` is in ``lang`` (ru, en).

    Raises:
        InputError: ``expect`` is malformed, names no event or a key its result does not have (for a
            scenario file, naming the file: ``path`` the file, ``field`` the path ``expect`` names).
        ScenarioError: as :func:`~.run.run`.
    """
    try:
        return _why_not(book, scenario, expect, edition, lang)
    except InputError as exc:
        if exc.path is not None or not isinstance(scenario, (str, Path)):
            raise
        raise in_file(exc, str(scenario), expect, "--expect") from None


def _why_not(book: Book, scenario: dict[str, Any] | Path | str, expect: str, edition: str | None,
             lang: str) -> WhyNot:
    """:func:`why_not`, its errors of ``expect`` not yet naming the file."""
    path, parts, want = parse_assignment(expect, "expect")
    if len(parts) < 3 or parts[0] != "events" or not isinstance(parts[1], int) or not isinstance(parts[2], str):
        raise InputError(f"expect {cut(path)!r}: a part of an event's result, events[I].KEY (e.g. events[0].value)",
                         refusal={"kind": "expect_not_a_result", "values": [repr(cut(path))]})
    result = run(book, scenario, edition)
    index = parts[1]
    if not 0 <= index < len(result.events):
        last = len(result.events) - 1
        raise InputError(f"expect {cut(path)}: there is no event {index} (events are numbered 0 to {last})",
                         refusal={"kind": "expect_no_event", "values": [cut(path), index, last]})
    ev = result.events[index]
    gone = _gone(ev, parts[2:])
    if gone is not None:  # a part of a mapping the event's result no longer has, and the step that decides it
        answer = WhyNot(path, want, None, False, index, ev.kind, gone, False, gone.cites, result)
        from ..engine.runner import language_pack as pack_of

        return replace(answer, because=because(answer, pack_of(lang)))
    got = _part(ev.result, parts[2:], path, f"event {index} ({ev.kind})", (index, ev.kind))
    want = as_named(path, ev.kind, parts[2:], want, got, book.lexicon_names()[1])  # as a file's names are read
    possible(path, ev.kind, parts[2:], want, got, negative_refused(result.edition), result.edition,
             bounded(result.edition, ev.explanation, want))
    if same_value(got, want):
        answer = WhyNot(path, want, got, True, index, ev.kind, None, False, (), result)
    else:
        data = written_scenario(book, scenario)
        from ..engine.runner import undo_edits

        nodes = list(ev.explanation.walk())
        undo = dict(zip(map(id, nodes),
                        undo_edits([{"step": n.step, "inputs": n.inputs, "value": n.value} for n in nodes])))

        def without(node: ProofNode) -> Any:
            changed = _without(data, index, undo[id(node)]["edits"])
            if changed is None:
                return NONE
            try:
                other = run(book, changed, edition)
            except ScenarioError:
                return NONE
            return (_part(other.events[index].result, parts[2:], path, "", quiet=True)
                    if index < len(other.events) else NONE)

        found: list[str] = []

        def written() -> bool:  # the value is the input's own, passed through unchanged
            found.extend(filter(None, [_given(book, scenario, index, parts[2:], want, got, edition,
                                              ev.result.get("performed") is not False)]))
            return bool(found)

        step, last = departure(ev.explanation, parts[2], want, got, without, written,
                               lambda node: undo[id(node)].get("let_through", NONE))
        if step is None:  # the input gives it, or (nothing found) no step of the event decides it
            given = found[0] if found else None
            answer = WhyNot(path, want, got, False, index, ev.kind, None, False, (), result, given=given,
                            given_from=_given_from(book, scenario, given))
        else:  # a step that decides the part and keeps the input's value (a card taken keeps its zone)
            kept = (found[0] if found or written() else None) if parts[2] in decided_parts(step) else None
            answer = WhyNot(path, want, got, False, index, ev.kind, step, last, step.cites, result, kept=kept)
    from ..engine.runner import language_pack

    return replace(answer, because=because(answer, language_pack(lang)))


def _gone(ev: Any, keys: list[str | int]) -> ProofNode | None:
    """The last step that decides the mapping ``keys[0]`` of ``ev``'s result (its ``decides``
    input) when ``keys`` asks for an entry it does not have (``remaining.next4`` of an effect that
    no longer applies: the step names it among its inputs), else None."""
    whole = ev.result.get(keys[0]) if isinstance(keys[0], str) else None
    if len(keys) != 2 or not isinstance(whole, dict) or keys[1] in whole:
        return None
    decided = [n for n in ev.explanation.walk() if keys[1] in n.inputs.values()
               and keys[0] in (lambda d: d if isinstance(d, list) else [d])(n.inputs.get("decides"))]
    return decided[-1] if decided else None


def _given(book: Book, scenario: dict[str, Any] | Path | str, index: int, keys: list[str | int], want: Any,
           got: Any, edition: str | None, performed: bool = True) -> str | None:
    """Where no step under the event's own decides the value and it is the input's own — an input
    (the rules' ``undo:result_inputs/4``) holds the computed value, and with it written as expected
    the event gives the expected value —, the path of that input (``events[0].attack.strike``,
    ``events[1].die_roll.roll``, ``cards[theirs].zone``): the computation departs there, not at a
    rule step. An input the performed event copies into its result decides it whatever was expected."""
    if len(keys) != 1 or not isinstance(keys[0], str):
        return None
    from ..engine.runner import result_inputs

    data = scenario_as_written(scenario, book.kb_cards, book.lexicon_names()[1]) \
        if isinstance(scenario, (str, Path)) else scenario
    full = written_scenario(book, data)  # the value an input left to its default has
    kind = event_kind(data["events"][index])
    for found in result_inputs(kind, keys[0], full["events"][index][kind]):
        path = found["path"]
        into, key = _locate(full, full, index, kind, path)
        if not same_value(_at(into, key), got):
            continue
        where = (f"events[{index}].{kind}" if path[0] == "event" else f"cards[{path[1]}]") + \
            "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1 if path[0] == "event" else 2:])
        # the event copies this input into its result: it decides, whatever was expected
        if found["copied"] and performed:
            return where
        changed = copy.deepcopy(data)
        into, key = _locate(changed, full, index, kind, path)
        if isinstance(into, dict) or (isinstance(into, list) and isinstance(key, int) and 0 <= key < len(into)):
            into[key] = want
        try:
            other = run(book, changed, edition)
        except ScenarioError:
            continue
        if same_value(_part(other.events[index].result, keys, "", "", quiet=True), want):
            return where
    return None


def _locate(data: dict[str, Any], full: dict[str, Any], index: int, kind: str, path: list[Any]) -> tuple[Any, Any]:
    """The (dict or list, key) that holds the input at ``path`` (``["event", FIELD]`` in event
    ``index``, ``["card", HANDLE, KEY, …]``) in ``data``; a part on the way that ``data`` leaves out
    is put in from ``full`` (a card's facts taken from kb/cards.yaml)."""
    def holder(d: dict[str, Any]) -> tuple[Any, list[Any]]:
        return (d["events"][index][kind], path[1:]) if path[0] == "event" else (_card(d, path[1]), path[2:])

    (into, keys), (whole, _) = holder(data), holder(full)
    for key in keys[:-1]:
        if isinstance(into, dict) and key not in into and isinstance(whole, dict) and key in whole:
            into[key] = copy.deepcopy(whole[key])
        into, whole = _at(into, key), _at(whole, key)
    return into, keys[-1]


def _at(into: Any, key: Any) -> Any:
    """``into[key]`` for a dict or a list, else ``NONE``."""
    return into.get(key, NONE) if isinstance(into, dict) else into[key] if isinstance(into, list) and \
        isinstance(key, int) and 0 <= key < len(into) else NONE


def _part(value: Any, keys: list[str | int], path: str, what: str, event: tuple[int, str] | None = None,
          quiet: bool = False) -> Any:
    """The part of ``value`` at ``keys`` (``NONE`` when ``quiet`` and it has none)."""
    got = value
    for i, key in enumerate(keys):
        inside = got.get(key, NONE) if isinstance(got, dict) and isinstance(key, str) else \
            got[key] if isinstance(got, list) and isinstance(key, int) and 0 <= key < len(got) else NONE
        if inside is NONE:
            if quiet:
                return NONE
            has: str | int = ", ".join(got) if isinstance(got, dict) else len(got) if isinstance(got, list) else ""
            shown = has if isinstance(has, str) else items(has, _english())
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in keys[:i]).lstrip(".") or "its result"
            raise InputError(f"expect {cut(path)}: {what} has no {cut(key)!r} in {cut(where)} "
                             + (f"(it has: {shown})" if shown else "(it has no parts)"),
                             refusal={"kind": "no_result_key",
                                      "values": [cut(path), *(event or ("", "")), cut(key), cut(where), has]})
        got = inside
    return got


def _english() -> dict[str, Any]:
    """The English pack: the words of the library's (English) messages."""
    from ..engine.runner import language_pack

    return language_pack("en")


def written_scenario(book: Book, scenario: dict[str, Any] | Path | str) -> dict[str, Any]:
    """The scenario as written (validated; each event one key), from a file or data."""
    known = book.lexicon_names()[1]
    data = load_scenario(scenario, book.kb_cards, known) if isinstance(scenario, (str, Path)) else \
        validate_scenario(scenario, "scenario", book.kb_cards, known)
    return {**data, "events": [{event_kind(e): e[event_kind(e)]} for e in data["events"]]}


def _without(data: dict[str, Any], index: int, edits: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``data`` with the ``edits`` a step's rule declares (``undo:undo/4``, engine/undo.pl, which
    describes them) applied to event ``index``: the input the step stands for taken out, or what
    it blocked let through; None when the step stands for no input (no edits, an edit with no
    place to apply, or nothing changed)."""
    changed = copy.deepcopy(data)
    (kind, body), = changed["events"][index].items()
    body = changed["events"][index][kind] = with_modifier_ids(kind, body)  # ids stay put when one is taken out
    before = copy.deepcopy(changed)
    for edit in edits:
        at = edit.get("at", "event")
        place = body if at == "event" else changed if at == "scenario" else _card(changed, at["card"]) if "card" in at \
            else _card(changed, body[at["card_in"]]) if isinstance(body.get(at["card_in"]), str) else None
        if isinstance(at, dict) and "in" in at:  # an item of the card's list, by its id
            place = next((x for x in (place or {}).get(at["in"]) or []
                          if isinstance(x, dict) and x.get("id") == at["id"]), None)
        if place is None:
            return None
        if "put" in edit:
            place[edit["put"]] = edit["value"]
        elif "copy" in edit:
            source = _card(changed, edit["from"]["card"]) if "card" in edit["from"] else \
                _card(changed, body.get(edit["from"]["card_in"]) or "")
            if edit["copy"] in source:
                place[edit["copy"]] = source[edit["copy"]]
        elif "drop" in edit and "item" in edit:
            place[edit["drop"]] = [i for i in place.get(edit["drop"], []) if i != edit["item"]]
        elif "drop" in edit:
            place[edit["drop"]] = [m for m in place.get(edit["drop"]) or [] if m.get(edit["field"]) != edit["value"]]
        elif "rename" in edit:
            for m in place.get(edit["rename"]) or []:
                m[edit["field"]] = edit["to"] if m.get(edit["field"]) == edit["from"] else m[edit["field"]]
        elif "other" in edit:
            among = edit["among"]
            place[edit["other"]] = among[1] if place.get(edit["other"], among[0]) == among[0] else among[0]
    return None if changed == before else changed


_CARD_FIELD = re.compile(r"cards\[([^\]]+)\]\.(\w+)")


def _given_from(book: Book, scenario: dict[str, Any] | Path | str, given: str | None) -> dict[str, str] | None:
    """Where the input ``given`` comes from when the scenario does not write it: a card's field
    (``cards[a].hit[1]``) the card as written lacks, taken from the knowledge base's card facts —
    ``{"card": handle, "name": its name, "field": the field, "file": "kb/cards.yaml"}``; else None."""
    m = _CARD_FIELD.match(given or "")
    if m is None:
        return None
    data = scenario_as_written(scenario, book.kb_cards, book.lexicon_names()[1]) \
        if isinstance(scenario, (str, Path)) else scenario
    handle, field = m.group(1), m.group(2)
    card = _card(data, handle)
    facts = lookup(book.kb_cards, card["name"]) if isinstance(card.get("name"), str) else None
    if field in card or field not in (facts or {}):  # the file's own, or a default, not a card fact
        return None
    return {"card": handle, "name": card["name"], "field": field, "file": f"{book.kb_dir.name}/cards.yaml"}


def _card(data: dict[str, Any], handle: str) -> dict[str, Any]:
    """The card ``handle`` of the scenario as written (an empty dict when it is not listed)."""
    return next((c for c in data.get("cards") or [] if isinstance(c, dict) and c.get("id") == handle), {})


def because(answer: WhyNot, pack: dict[str, Any]) -> str:
    """A why-not answer in words: «не 3, а 1: по <the deciding unit> — 5 сводится к 1 … → 1
    (применяется последним)», or that the computation agrees — the pack's ``whynot_*`` words
    around the step's own sentence, also the pack's."""
    words = Filler(pack, {c["id"]: c["name"] for c in answer.result.final_state["cards"]})
    shown = {"expected": cut(json.dumps(answer.expected, ensure_ascii=False)),
             "computed": json.dumps(answer.computed, ensure_ascii=False)}
    if answer.given and answer.given_from:
        return words.phrase("whynot_given_card", {**shown, **answer.given_from, "given": str(answer.given)})
    if answer.given:
        return words.phrase("whynot_given", {**shown, "given": str(answer.given)})
    if answer.agrees:
        return words.phrase("whynot_agrees", {**shown, "expect": cut(answer.expect)})
    if answer.step is None:
        return words.phrase("whynot_undecided", shown)
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in answer.deciding)
    by = words.phrase("whynot_by", {"refs": refs}) if refs else words.phrase("whynot_no_cite", {})
    last = " " + words.phrase("whynot_last", {}) if answer.last else ""
    # a modifier is named by its source and value, as the plain why names it, not by an id the user never wrote
    said = step_sentence(answer.step, words.of_event(answer.result.events[answer.event].explanation))
    head = "whynot_head_gone" if _gone(answer.result.events[answer.event], _keys(answer.expect)[2:]) else "whynot_head"
    kept = "; " + words.phrase("whynot_kept", {**shown, "given": answer.kept}) if answer.kept else ""
    return f"{words.phrase(head, shown)}: {by} — {said}{kept}{last}"


def _keys(path: str) -> list[str | int]:
    """The parts of a PATH (``events[4].remaining.next4`` → events, 4, remaining, next4)."""
    return [m.group(0) if m.group(1) is None else path_index(m.group(1)) for m in PATH_PART.finditer(path)]
