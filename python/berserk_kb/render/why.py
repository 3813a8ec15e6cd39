"""``why`` as text: each event's result and its proof tree, every step with the paragraphs its
clause cites, quoted in Russian; every step and event as a sentence in Russian or English, filled
from the language pack's templates (:mod:`~berserk_kb.explain.sentences`); and one scenario under several editions side
by side."""

from __future__ import annotations

import json
from typing import Any

from ..explain.sentences import Filler, step_sentence, value_text
from . import one_line


def why_text(result: Any, lang: str = "ru", names: dict[str, str] | None = None,
             pack: dict[str, Any] | None = None, brief: bool = False) -> str:
    """The result as indented text: each event and step as a sentence of ``pack`` (the language
    pack of ``lang``, ``ru`` or ``en``), the rule text quoted in Russian below it either way. With
    ``brief``, only the deciding steps (:func:`deciding`) of each event."""
    i = 0 if lang == "ru" else 1
    names = names or {c["id"]: c["name"] for c in result.final_state["cards"]}
    words = Filler(pack or {}, names)
    head = ("редакция" if i == 0 else "edition") + f" {result.edition}"
    lines = [head + (f" — {result.source}" if result.source else "")]
    shown: set[str] = set()
    for ev in result.events:
        kind = words.label("events", ev.kind)
        said = words.sentence("events", ev.kind, {"result": ev.result})
        lines.append("")
        lines.append(f"{'Событие' if i == 0 else 'Event'} {ev.index + 1}: {kind} — " + (said or value_text(ev.result, names)))
        if brief:
            for node in deciding(ev.explanation):
                _render_step(node, "  ", lines, i, words)
        else:
            _render_node(ev.explanation, "  ", lines, i, words)
        fresh = [x for x in ev.examples if x.id not in shown]
        if fresh and not brief:
            lines.append("  " + ("Примеры:" if i == 0 else "Examples:"))
            for x in fresh:
                text = x.text if len(x.text) <= 220 else x.text[:219] + "…"
                lines.append(f"    [{x.where}, {x.label}] «{text}»")
                shown.add(x.id)
        elif ev.examples and not brief:
            lines.append("  " + ("Примеры: см. выше" if i == 0 else "Examples: as above"))
        if ev.cards and not brief:
            lines.append("  " + ("Карты сценария и цитируемых примеров: " if i == 0
                                 else "Cards of the scenario and of the cited examples: ") + ", ".join(ev.cards))
    lines.append("")
    lines.append("Итоговое состояние:" if i == 0 else "Final state:")
    for card in result.final_state["cards"]:
        feats = []
        for f in card["features"]:
            s = f["name"] + ("" if f["value"] is None else f" {f['value']}")
            if f["works_as"] != f["value"]:
                s += f" (→ {f['works_as']})"
            extra = []
            if not f["own"]:
                extra.append(("от " if i == 0 else "from ") + value_text(f["source"], names))
            if f["while"]:
                extra.append(("в строю" if i == 0 else "in formation") if f["while"] == "formation"
                             else "пока рядом" if i == 0 else "while adjacent")
            if f["until"]:
                extra.append("до конца хода" if i == 0 else "until end of turn")
            if f["suppressed"]:
                until = ", ".join(words.word(m["until"]) for m in f.get("markers") or [])
                extra.append(("подавлена" if i == 0 else "suppressed") + (f" ({until})" if until else ""))
            feats.append(s + (f" [{', '.join(extra)}]" if extra else ""))
        lines.append(f"  {card['name']} ({card['id']}, {card['controller']}): " + ("; ".join(feats) or "—"))
    return "\n".join(lines) + "\n"


def deciding(node: Any) -> list[Any]:
    """The steps of a proof that decide its result: the steps that changed the value they were
    given (``inputs.before`` differs from the value they give), in proof order; when no step
    changed a value, the steps with no step under them. The root stands for the whole when the
    proof has no other step."""
    below = [n for n in node.walk() if n is not node]
    changed = [n for n in below if "before" in n.inputs and n.inputs["before"] != _value_of(n.value)]
    return changed or [n for n in below if not n.children] or [node]


def _value_of(value: Any) -> Any:
    return value.get("value", value) if isinstance(value, dict) else value


def _render_step(node: Any, indent: str, lines: list[str], i: int, words: Filler) -> None:
    said = step_sentence(node, words)
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in node.cites)
    lines.append(f"{indent}• {said}" + (f"   [{refs}]" if refs else ""))
    for c in node.cites:
        if c.text:
            lines.append(f"{indent}    «{c.text}»")
        elif c.kind == "missing":
            lines.append(f"{indent}    ({c.id}: " + ("нет в загруженном тексте)" if i == 0 else "not in the loaded rulebook)"))


def _render_node(node: Any, indent: str, lines: list[str], i: int, words: Filler) -> None:
    _render_step(node, indent, lines, i, words)
    for child in node.children:
        _render_node(child, indent + "  ", lines, i, words)


def comparison_text(cmp: Any) -> str:
    """A :class:`~berserk_kb.explain.results.Comparison` as a table: an event a row, an edition a
    column, the deciding paragraphs of each event that differs, and the editions that failed."""
    eds = cmp.editions
    out = ["event".ljust(22) + "".join(f"edition {e}".ljust(34) for e in eds)]
    for ev in cmp.events:
        cells = "".join(one_line(json.dumps(ev.results[e], ensure_ascii=False))[:32].ljust(34) for e in eds)
        out.append(f"{ev.index + 1}. {ev.kind}".ljust(22) + cells + ("" if ev.same else "  ← differs"))
        for e, cites in ev.deciding.items():
            if cites:
                out.append(f"     deciding in {e}: " + "; ".join(f"{c.ref()} «{one_line(c.text or '')[:60]}»" for c in cites))
    out.extend(f"edition {e}: {msg}" for e, msg in cmp.errors.items())
    return "".join(f"{line}\n" for line in out)


def why_turtle(result: Any) -> str:
    """A justification as Turtle (PROV: :func:`berserk_kb.graph.prov.why_graph`)."""
    from ..graph.prov import why_graph

    return why_graph(result).serialize(format="turtle")


def answer_text(answer: Any, lang: str, pack: dict[str, Any]) -> str:
    """A why-not (:class:`~berserk_kb.explain.results.WhyNot`) or what-if
    (:class:`~berserk_kb.explain.results.WhatIf`) answer as text, the deciding rule text quoted."""
    i = 0 if lang == "ru" else 1
    if hasattr(answer, "expect"):
        r = answer.result
        lines = [("редакция" if i == 0 else "edition") + f" {r.edition}" + (f" — {r.source}" if r.source else ""), "",
                 f"{'Событие' if i == 0 else 'Event'} {answer.event + 1} ({Filler(pack, {}).label('events', answer.kind)}): "
                 + answer.because]
        lines += [f"    «{c.text}»" for c in answer.deciding if c.text]
        return "\n".join(lines) + "\n"
    names = {c["id"]: c["name"] for c in answer.after.final_state["cards"]}
    words = Filler(pack, names)
    lines = [("что если: " if i == 0 else "what if: ") + ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}"
                                                            for k, v in answer.changes.items())]
    for ev in answer.events:
        def said(result: dict[str, Any], kind: str = ev.kind) -> str:
            return words.sentence("events", kind, {"result": result}) or value_text(result, names) if result else "—"
        head = f"{'Событие' if i == 0 else 'Event'} {ev.index + 1}: {words.label('events', ev.kind)} — "
        if ev.same and not ev.steps_before and not ev.steps_after:
            lines += ["", head + ("без изменений: " if i == 0 else "unchanged: ") + said(ev.after)]
            continue
        was, now = said(ev.before), said(ev.after)
        if was == now and not ev.same:  # the sentence leaves out what changed: say it
            keys = [k for k in dict.fromkeys([*ev.before, *ev.after]) if ev.before.get(k) != ev.after.get(k)]
            was += " (" + ", ".join(f"{k}: {value_text(ev.before.get(k), names)}" for k in keys) + ")"
            now += " (" + ", ".join(f"{k}: {value_text(ev.after.get(k), names)}" for k in keys) + ")"
        lines += ["", head + ("было " if i == 0 else "was ") + was + ("; стало " if i == 0 else "; now ") + now]
        for label, nodes in ((("было:", "стало:"), ("was:", "now:"))[i][0], ev.steps_before), \
                            ((("было:", "стало:"), ("was:", "now:"))[i][1], ev.steps_after):
            if nodes:
                lines.append("  " + label)
                for node in nodes:
                    _render_step(node, "    ", lines, i, words)
    return "\n".join(lines) + "\n"


def answer_data(answer: Any) -> dict[str, Any]:
    """The JSON of a why-not answer (with ``edition``; ``because`` is the library's sentence) or of a
    what-if answer."""
    if hasattr(answer, "expect"):
        return {"edition": answer.result.edition, **answer.to_json()}
    return answer.to_json()
