"""``why`` as text: each event's result and its proof tree, every step with the paragraphs its
clause cites, quoted in Russian; step labels in Russian or English (:mod:`.labels`); and one
scenario under several editions side by side."""

from __future__ import annotations

import json
from typing import Any

from . import one_line
from .labels import KINDS, STEPS


def value_text(value: Any, names: dict[str, str]) -> str:
    """A step's inputs or value as short text: card handles as their names (``names``: handle → name),
    dicts as ``{k: v}`` without unset keys, ``None`` as «—»."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {value_text(v, names)}" for k, v in value.items() if v is not None and v != "after") + "}"
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v, names) for v in value) + "]"
    if isinstance(value, str) and value in names:
        return f"{names[value]} ({value})" if names[value] != value else value
    return "—" if value is None else str(value)


def why_text(result: Any, lang: str = "ru", names: dict[str, str] | None = None) -> str:
    """The result as indented text: step labels in ``lang`` (``ru`` or ``en``), rule text quoted in
    Russian either way."""
    i = 0 if lang == "ru" else 1
    names = names or {}
    head = ("редакция" if i == 0 else "edition") + f" {result.edition}"
    lines = [head + (f" — {result.source}" if result.source else "")]
    shown: set[str] = set()
    for ev in result.events:
        kind = KINDS.get(ev.kind, (ev.kind, ev.kind))[i]
        lines.append("")
        lines.append(f"{'Событие' if i == 0 else 'Event'} {ev.index + 1}: {kind} → {value_text(ev.result, names)}")
        _render_node(ev.explanation, "  ", lines, i, names)
        fresh = [x for x in ev.examples if x.id not in shown]
        if fresh:
            lines.append("  " + ("Примеры:" if i == 0 else "Examples:"))
            for x in fresh:
                text = x.text if len(x.text) <= 220 else x.text[:219] + "…"
                lines.append(f"    [{x.where}, {x.label}] «{text}»")
                shown.add(x.id)
        elif ev.examples:
            lines.append("  " + ("Примеры: см. выше" if i == 0 else "Examples: as above"))
        if ev.cards:
            lines.append("  " + ("Карты из цитируемых пунктов и примеров: " if i == 0
                                 else "Cards of the cited paragraphs and examples: ") + ", ".join(ev.cards))
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
                extra.append("пока рядом" if i == 0 else "while adjacent")
            if f["until"]:
                extra.append("до конца хода" if i == 0 else "until end of turn")
            if f["suppressed"]:
                until = ", ".join(m["until"] for m in f.get("markers") or [])
                extra.append(("подавлена" if i == 0 else "suppressed") + (f" ({until})" if until else ""))
            feats.append(s + (f" [{', '.join(extra)}]" if extra else ""))
        lines.append(f"  {card['name']} ({card['id']}, {card['controller']}): " + ("; ".join(feats) or "—"))
    return "\n".join(lines) + "\n"


def _render_node(node: Any, indent: str, lines: list[str], i: int, names: dict[str, str]) -> None:
    label = STEPS.get(node.step, (node.step, node.step))[i]
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in node.cites)
    inputs = {k: v for k, v in node.inputs.items() if k != "edition"}
    lines.append(f"{indent}• {label}: {value_text(inputs, names)} ⇒ {value_text(node.value, names)}" + (f"   [{refs}]" if refs else ""))
    for c in node.cites:
        if c.text:
            lines.append(f"{indent}    «{c.text}»")
        elif c.kind == "missing":
            lines.append(f"{indent}    ({c.id}: " + ("нет в загруженном тексте)" if i == 0 else "not in the loaded rulebook)"))
    for child in node.children:
        _render_node(child, indent + "  ", lines, i, names)


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
