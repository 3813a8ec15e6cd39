"""``why`` as text: each event's result and its proof tree, every step with the paragraphs its
clause cites, quoted in Russian; every step and event as a sentence in Russian or English, filled
from the language pack's templates (:mod:`~berserk_kb.explain.sentences`); and one scenario under several editions side
by side."""

from __future__ import annotations

import json
from typing import Any

from ..errors import cut
from ..explain import refusals
from ..explain.sentences import Filler, number_text, step_sentence, value_text
from ..store.files import escaped
from . import one_line


def why_text(result: Any, lang: str = "ru", names: dict[str, str] | None = None,
             pack: dict[str, Any] | None = None, brief: bool = False) -> str:
    """The result as indented text: each event and step as a sentence of ``pack`` (the language
    pack of ``lang``, ``ru`` or ``en``), the rule text quoted in Russian below it either way. With
    ``brief``, only the deciding steps (:func:`deciding`) of each event."""
    names = names or {**result.names, **{c["id"]: c["name"] for c in result.final_state["cards"]}}
    words = Filler(pack or {}, names)
    head = words.phrase("why_edition", {"edition": result.edition})
    lines = [head + _source(words, result.source)]
    shown: set[str] = set()
    for ev in result.events:
        kind = words.label("events", ev.kind)
        said = words.sentence("events", ev.kind, {"result": ev.result})
        lines.append("")
        lines.append(_event_head(words, ev.index) + f": {kind} — " + (said or value_text(ev.result, names)))
        event_words = words.of_event(ev.explanation)
        if brief:
            for node in deciding(ev.explanation):
                _render_step(node, "  ", lines, event_words)
        else:
            _render_node(ev.explanation, "  ", lines, event_words)
        fresh = [x for x in ev.examples if x.id not in shown]
        if fresh and not brief:
            lines.append("  " + words.phrase("why_examples", {}))
            for x in fresh:
                text = cut(x.text, 220)
                lines.append(f"    [{x.where}, {x.label}] «{text}»")
                shown.add(x.id)
        elif ev.examples and not brief:
            lines.append("  " + words.phrase("why_examples_above", {}))
        if ev.cards and not brief:
            lines.append("  " + words.phrase("why_cards", {}) + " " + ", ".join(ev.cards))
    lines.append("")
    lines.append(words.phrase("final_state", {}))
    lines.extend(final_state_lines(result.final_state, words, "  "))
    return "\n".join(lines) + "\n"


def final_state_lines(state: dict[str, Any], words: Filler, indent: str) -> list[str]:
    """A line per card of a final state: its zone, owner (and controller, when another), wounds,
    closed or face down, then its features with where they come from and how long they last, then
    its effects, each with whether it still applies (``applies``) and what it has left — in the
    pack's words (``state_*``)."""
    lines = []
    for card in state["cards"]:
        where = [words.phrase("state_zone", card), words.phrase("state_owner", card)]
        if card["controller"] != card["owner"]:
            where.append(words.phrase("state_controller", card))
        where.append(words.phrase("state_wounds", card))
        if card.get("tapped"):
            where.append(words.phrase("state_tapped", {}))
        if not card.get("face_up", True):
            where.append(words.phrase("state_face_down", {}))
        features = "; ".join(_feature(f, words) for f in card["features"]) or words.phrase("state_no_features", {})
        lines.append(f"{indent}{card['name']} ({card['id']}): " + ", ".join(where) + "; " + features
                     + (f"; {words.phrase('state_effects', {})}: " + ", ".join(_effect(e, words) for e in effects)
                        if (effects := card.get("effects")) else ""))
    return lines


def _effect(e: dict[str, Any], words: Filler) -> str:
    s = words.phrase("state_effect_unstated" if e.get("stated") is False
                     else "state_effect_applies" if e.get("applies")
                     else "state_effect_out_of_play" if e.get("in_play") is False and not e.get("left_play")
                     else "state_effect_stopped", e)  # out of play and never left it: it never applied
    shown = e.get("remaining") is not None and e.get("stated") is not False
    return s + (f" ({words.phrase('state_effect_left', e)})" if shown else "")


def _feature(f: dict[str, Any], words: Filler) -> str:
    s = f["name"] + ("" if f["value"] is None else f" {number_text(f['value'])}")
    if f["works_as"] != f["value"]:
        s += f" (→ {number_text(f['works_as'])})"
    extra = []
    if not f["own"]:  # acquired: from its source, or «источник не указан» when the scenario names none
        extra.append(words.phrase("state_feature_from", {"source": f["source"]})
                     if f["source"] is not None else words.phrase("state_feature_sourceless", {}))
    if f["while"]:
        extra.append(words.phrase("state_feature_formation" if f["while"] == "formation" else "state_feature_adjacent",
                                  {}))
    if f["until"]:  # «до конца хода», or whose turn it is when it is not any turn's end
        extra.append(words.phrase("state_feature_until", {}) if f["until"] == "end_of_turn" else words.word(f["until"]))
    if f.get("replaced"):
        extra.append(words.phrase("state_feature_replaced", {"name": f["name"]}))
    elif f["suppressed"]:
        until = ", ".join(words.word(m["until"]) for m in f.get("markers") or [])
        extra.append(words.phrase("state_feature_suppressed", {"name": f["name"]}) + (f" ({until})" if until else ""))
    return s + (f" [{', '.join(extra)}]" if extra else "")


def _event_head(words: Filler, index: int) -> str:
    return words.phrase("why_event", {"number": index + 1})


def deciding(node: Any) -> list[Any]:
    """The steps of a proof that decide its result: the steps that changed a value they were
    given (``inputs.before`` differs from the value they give, or ``inputs.<part>_before`` from the
    part they give: a prevention's ``wounds_before`` 4 and ``wounds`` 1 — it decides the wounds an
    attack deals), in proof order; when no step changed a value, the steps with no step under them.
    The root stands for the whole when the proof has no other step."""
    below = [n for n in node.walk() if n is not node]
    changed = [n for n in below if _changes(n)]
    return changed or [n for n in below if not n.children] or [node]


def _changes(n: Any) -> bool:
    if "before" in n.inputs and n.inputs["before"] != _value_of(n.value):
        return True
    parts = n.value if isinstance(n.value, dict) else {}
    return any(k.endswith("_before") and k[: -len("_before")] in parts and v != parts[k[: -len("_before")]]
               for k, v in n.inputs.items())


def _value_of(value: Any) -> Any:
    return value.get("value", value) if isinstance(value, dict) else value


def _render_step(node: Any, indent: str, lines: list[str], words: Filler) -> None:
    said = step_sentence(node, words)
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in node.cites)
    lines.append(f"{indent}• {said}" + (f"   [{refs}]" if refs else ""))
    for c in node.cites:
        if c.text:
            lines.append(f"{indent}    «{c.text}»")
        elif c.kind == "missing":
            lines.append(f"{indent}    " + words.phrase("why_cite_missing", {"id": c.id}))


def _render_node(node: Any, indent: str, lines: list[str], words: Filler) -> None:
    _render_step(node, indent, lines, words)
    for child in node.children:
        _render_node(child, indent + "  ", lines, words)


def comparison_text(cmp: Any, lang: str = "en", pack: dict[str, Any] | None = None) -> str:
    """A :class:`~berserk_kb.explain.results.Comparison`: an event a row and an edition a column —
    each result whole (a row of its own per edition when they do not fit side by side) — with the
    deciding paragraphs of each event that differs, then each edition's final state (zone, owner,
    wounds, features). An edition that could not compute the situation is marked; why is said by
    :func:`comparison_errors`. The words are the pack's (``comparison_*``) in either language: an
    event is its kind's label and each result its sentence, as in :func:`why_text` (``lang`` names
    the language ``pack`` is of)."""
    eds = cmp.editions
    names = {c["id"]: c["name"] for state in cmp.final_states.values() for c in state["cards"]}
    words = Filler(pack or {}, names)
    edition = {e: words.phrase("comparison_edition", {"edition": e}) for e in eds}
    cells = [[_cell(ev.kind, ev.results[e], e in cmp.errors, words) for e in eds] for ev in cmp.events]
    heads = [f"{ev.index + 1}. " + words.label("events", ev.kind) for ev in cmp.events]
    first = max([22, *(len(h) + 2 for h in heads)])
    widths = [max([len(edition[e]), *(len(row[k]) for row in cells)]) for k, e in enumerate(eds)]
    side_by_side = first + sum(w + 2 for w in widths) <= 100
    out = ([words.phrase("comparison_event",
                         {}).ljust(first) + "".join(edition[e].ljust(w + 2) for e, w in zip(eds, widths))]
           if side_by_side else [])
    for ev, head, row in zip(cmp.events, heads, cells):
        mark = "" if ev.same else "  " + words.phrase("comparison_differs", {})
        if side_by_side:
            out.append(head.ljust(first) + "".join(c.ljust(w + 2) for c, w in zip(row, widths)).rstrip() + mark)
        else:
            out.append(head + mark)
            out.extend(f"     {edition[e]}: {c}" for e, c in zip(eds, row))
        for e, cites in ev.deciding.items():
            if cites:
                out.append("     " + words.phrase("comparison_deciding", {"edition": e}) + " "
                           + "; ".join(f"{c.ref()} «{cut(one_line(c.text or ''), 60)}»" for c in cites))
    for e in eds:
        if e in cmp.final_states:
            state = cmp.final_states[e]
            words = Filler(pack or {}, {c["id"]: c["name"] for c in state["cards"]})
            out.append("")
            out.append(words.phrase("final_state_edition", {"edition": e}))
            out.extend(final_state_lines(state, words, "  "))
    return "".join(f"{line}\n" for line in out)


def _cell(kind: str, result: Any, failed: bool, words: Filler) -> str:
    if failed and isinstance(result, dict) and set(result) == {"error"}:
        return words.phrase("comparison_cannot_compute", {})
    return one_line(words.sentence("events", kind, {"result": result}) or value_text(result, words.names))


def comparison_errors(cmp: Any, pack: dict[str, Any] | None = None) -> str:
    """One line per edition that could not compute the situation, saying why (for standard error):
    when ``pack`` is given, the pack's ``comparison_refused`` line around the engine refusal in its
    words, with its file, line and field (:func:`located`); else the message as raised."""
    lines = []
    for e, msg in cmp.errors.items():
        where = cmp.located.get(e) or {}
        said = located(cmp.refusals.get(e), where.get("path"), where.get("line"), where.get("field"),
                       pack) if pack else None
        if said is None:
            lines.append(f"berserk-kb: error: edition {e} cannot compute it: {msg}")
        else:
            lines.append("berserk-kb: error: " + Filler(pack or {}, {}).phrase("comparison_refused",
                                                                               {"edition": e, "why": said}))
    return "".join(f"{line}\n" for line in lines)


def refusal_line(exc: Any, pack: dict[str, Any]) -> str | None:
    """The message of the error ``exc`` when it carries an engine refusal (``exc.refusal``) that
    ``pack`` has a template for (:func:`located`); ``None`` otherwise."""
    return located(getattr(exc, "refusal", None), getattr(exc, "shown", None) or exc.path, exc.line, exc.field, pack)


def located(refusal: Any, path: str | None, line: int | None, field: str | None,
            pack: dict[str, Any]) -> str | None:
    """An engine refusal (``{"kind", "values"}``) in ``pack``'s words after its file (``path``,
    ``line``) and field; ``None`` when ``pack`` has no template for it
    (:mod:`berserk_kb.explain.refusals`). A field the refusal's own words name before their first
    «: » (``set events[9].x=1: …``; ``--set`` in ``set 'x': …``) is not named twice."""
    said = refusals.say(refusal, pack)
    if said is None:
        return None
    words = pack.get("words") or {}
    named = words.get("refusal_field", "field {field}").format(field=field) \
        if field and field.lstrip("-").rstrip("…") not in said.split(": ", 1)[0] else None
    where = f"{path}:{line}" if path and line else path
    return ": ".join(str(part) for part in (where, named, said) if part)


def why_turtle(result: Any) -> str:
    """A justification as Turtle (PROV: :func:`berserk_kb.graph.prov.why_graph`)."""
    from ..graph.prov import why_graph

    return why_graph(result).serialize(format="turtle")


def _source(words: Filler, source: str | None) -> str:
    """« — <the scenario's file>» after a heading (a file name may hold anything: escaped); « — standard
    input» in the pack's words for ``why -``; nothing when there is no file."""
    if not source:
        return ""
    return " — " + (words.phrase("why_standard_input", {}) if source == "-" else escaped(source))


def answer_text(answer: Any, lang: str, pack: dict[str, Any]) -> str:
    """A why-not (:class:`~berserk_kb.explain.results.WhyNot`) or what-if
    (:class:`~berserk_kb.explain.results.WhatIf`) answer as text, the deciding rule text quoted."""
    if hasattr(answer, "expect"):
        r = answer.result
        words = Filler(pack, {})
        lines = [words.phrase("why_edition", {"edition": r.edition}) + _source(words, r.source), "",
                 _event_head(words, answer.event) + f" ({words.label('events', answer.kind)}): " + answer.because]
        lines += [f"    «{c.text}»" for c in answer.deciding if c.text]
        return "\n".join(lines) + "\n"
    names = {c["id"]: c["name"] for c in answer.after.final_state["cards"]}
    words = Filler(pack, names)
    lines = [words.phrase("whatif_head", {}) + " " + ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}"
                                                            for k, v in answer.changes.items())]
    for k, ev in enumerate(answer.events):
        def said(result: dict[str, Any], kind: str = ev.kind) -> str:
            return words.sentence("events", kind, {"result": result}) or value_text(result, names) if result else "—"
        head = _event_head(words, ev.index) + f": {words.label('events', ev.kind)} — "
        if ev.removed:
            lines += ["", head + words.phrase("whatif_removed", {"was": said(ev.before)})]
            continue
        if ev.same and not ev.steps_before and not ev.steps_after:
            lines += ["", head + words.phrase("whatif_unchanged", {"now": said(ev.after)})]
            continue
        was, now = said(ev.before), said(ev.after)
        if was == now and not ev.same:  # the sentence leaves out what changed: say it
            keys = [k for k in dict.fromkeys([*ev.before, *ev.after]) if ev.before.get(k) != ev.after.get(k)]
            was += " (" + ", ".join(_part(words, k, ev.before.get(k), names) for k in keys) + ")"
            now += " (" + ", ".join(_part(words, k, ev.after.get(k), names) for k in keys) + ")"
        lines += ["", head + words.phrase("whatif_changed", {"was": was, "now": now})]
        # each side's modifiers named from its own run's proof (an automatic id is one run's)
        sides = zip(("whatif_before", "whatif_after"), (ev.steps_before, ev.steps_after), answer.proofs(k))
        for label, nodes, proof in sides:
            if nodes:
                lines.append("  " + words.phrase(label, {}))
                for node in nodes:
                    _render_step(node, "    ", lines, words.of_event(*([proof] if proof else nodes)))
    return "\n".join(lines) + "\n"


def _part(words: Filler, key: str, value: Any, names: dict[str, str]) -> str:
    """A part of an event's result the event's sentence leaves out, in the pack's words where it has
    them (``result_<key>``: a prevention's ``remaining`` — «у эффектов осталось: anext — 4»), else
    ``key: value``. A mapping's entries (effect ids, as the user wrote them) are «id — value»."""
    if isinstance(value, dict):
        text = ", ".join(f"{k} — {value_text(v, names)}" for k, v in value.items())
    else:
        text = value_text(value, names)
    if f"result_{key}" in words.words:
        return words.phrase(f"result_{key}", {"value": text})
    return f"{key}: {text}"
