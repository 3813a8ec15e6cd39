"""``show``, ``refs`` and ``search`` as text."""

from __future__ import annotations

from typing import Any

from . import bold, joined, wrap


def paragraph_views(views: list[Any], titles: dict[str, str], asked: str = "") -> str:
    """Each paragraph (:class:`~berserk_kb.engine.views.ParagraphView`), a blank line between;
    ``titles``: edition id → its title; the list item or example whose id is ``asked`` (``show
    A:519.3/item1``), or the glossary entry written as a list item whose term is ``asked`` (``show
    "Яд Х"``), marked «▶» and bold; the reference whose id is ``asked`` (``show
    B:519.1#ref1``) between ⟦ ⟧ in the text that holds it, as ``search`` marks a match, and «▶»
    in the list of what the paragraph cites."""
    return "\n".join(_paragraph(v, titles.get(v.edition, ""), asked) for v in views)


def _paragraph(v: Any, edition_title: str, asked: str = "") -> str:
    name = v.number or (f"«{v.title}»" if v.title else v.id)
    out = [bold(f"{name} — edition {v.edition}" + (f" ({edition_title})" if edition_title else "")),
           f"  id: {v.id}    source: {v.source}"]
    if v.inferred:
        out.append(wrap(f"stands for {v.inferred.number}, which edition {v.edition} does not print: "
                        f"{v.inferred.reason} (check S004)", "  "))
    if v.parent:
        out.append(f"  parent: {v.parent.number or v.parent.title or v.parent.id} [{v.parent.id}]")
    if item := _lettered(v, asked):  # «show 100.2б»: what was asked is 100.2's item «б)»
        asked = item.id
        out.append(f"  {v.number}{item.label} is its item {item.marker}, marked ▶ [{item.id}]")
    ref = next((c for c in v.cites if c.id == asked), None)
    out.append(_text(v.kind, _ref_marked(v.id, v.text, ref), "  "))
    for item in v.list_items:
        _item(item, "    ", out, asked, ref)
    for child in v.children:
        label = child.number or child.title
        if child.kind == "table":
            out.append(f"  table  [{child.source}]")
            out.append(_text(child.kind, child.text, "    "))
        else:
            out.append(wrap(f"{label + ': ' if label else ''}{_ref_marked(child.id, child.text, ref)}", "  ")
                       + f"  [{child.source}]")
            for item in child.list_items:
                _item(item, "    ", out, asked, ref)
    if v.examples:
        out.append("  examples:")
        out.extend(_marked(wrap(f"{x.written} {_ref_marked(x.id, x.text, ref)}".lstrip(), "    ") + f"  [{x.source}]",
                           x.id == asked)
                   for x in v.examples)
    out.append("  cites:" + ("" if v.cites else " nothing"))
    for c in v.cites:
        target = c.target.id if c.target else _unresolved(c, v.edition)
        number = c.target.number if c.target and c.target.number else c.number  # as printed: «300.2Б»
        out.append(_marked(f"    {number}  «{_one_line(c)}» → {target}  [{c.source}]", c is ref))
    out.append("  cited by:" + ("" if v.cited_by else " nothing"))
    for c in v.cited_by:
        who = c.citing.number or c.citing.id if c.citing else c.unit
        out.append(f"    {who}  «{_one_line(c)}»  [{c.source}]")
    return joined(out)


def _lettered(v: Any, asked: str) -> Any:
    """The list item of ``v`` that ``asked`` names as a lettered number («100.2б» → item «б)» of
    100.2), or ``None``."""
    from ..text.numbers import letter_key

    key, number = letter_key(asked.removeprefix(f"{v.edition}:")), letter_key(v.number or "")  # «A:518.3д» too
    if not number or len(key) != len(number) + 1 or not key.startswith(number) or not key[-1].isalpha():
        return None
    stack = list(v.list_items)
    while stack:
        item = stack.pop(0)
        if letter_key(item.label) == key[-1]:
            return item
        stack[:0] = item.items
    return None


def _text(kind: str, text: str, indent: str) -> str:
    """A paragraph's text filled to the terminal; a table row by row, as written (``| a | b |``)."""
    if kind == "table":
        return "\n".join(indent + row.strip() for row in text.split("\n") if row.strip())
    return wrap(text, indent)


def _unresolved(ref: Any, edition: str) -> str:
    """What an unresolved reference points at: another document, a part of the rulebook outside
    the loaded text, or nothing the loaded text prints (dangling)."""
    if ref.document:
        return f"unresolved, external: another document («{ref.document}»)"
    if ref.external:
        return ("unresolved, external: outside the loaded text "
                f"(edition {edition} prints no section {_section(ref.number)})")
    return f"unresolved: edition {edition} prints no {ref.number}"


def _section(number: str) -> str:
    return number.split(".")[0].rstrip("абвгдежзиклмнопрстуфхцчшщэюя")


def _item(item: Any, indent: str, out: list[str], asked: str = "", ref: Any = None) -> None:
    from ..text.find import entry_of

    named = bool(asked) and entry_of(item.text, asked)  # «show "Яд Х"»: the entry «Яд Х — …»
    line = wrap(f"{item.marker} {_ref_marked(item.id, item.text, ref)}", indent)
    out.append(_marked(line, item.id == asked or named))
    for sub in item.items:
        _item(sub, indent + "  ", out, asked, ref)


def _ref_marked(unit: str, text: str, ref: Any) -> str:
    """``text`` of the unit ``unit`` with the reference ``ref`` (an
    :class:`~berserk_kb.engine.views.OutgoingRef`, or None) between ⟦ ⟧ when it stands there."""
    if ref is None or ref.unit != unit or ref.end <= ref.start or text[ref.start:ref.end] != ref.raw:
        return text
    return bracketed(text, [ref])


def _marked(lines: str, asked: bool) -> str:
    """``lines`` (indented) marked as the unit asked for: «▶» in the indent, in bold."""
    return bold("  ▶" + lines[3:]) if asked and lines.startswith("   ") else lines


def ref_trees(trees: list[Any], direction: str) -> str:
    """Each reference tree (:class:`~berserk_kb.engine.views.RefTree`) along ``direction``
    (``in``, ``out`` or ``both``), a blank line between."""
    blocks = []
    for t in trees:
        out = [bold(f"{t.number or t.title or t.id} — edition {t.edition}  [{t.id}]")]
        if direction in ("out", "both"):
            out.append("  cites:" + ("" if t.cites else " nothing"))
            _edges(t.cites, "    ", t.edition, out)
        if direction in ("in", "both"):
            out.append("  cited by:" + ("" if t.cited_by else " nothing"))
            _edges(t.cited_by, "    ", t.edition, out)
        blocks.append(joined(out))
    return "\n".join(blocks)


def _edges(edges: Any, indent: str, edition: str, out: list[str]) -> None:
    for e in edges:
        if hasattr(e, "citing"):
            who = (e.citing.number or e.citing.id) if e.citing else e.unit
            line = f"{indent}← {who}  «{_one_line(e)}»  [{e.source}]"
        elif e.target is not None:  # to an unnumbered paragraph that stands for the number (S004): which
            to = f" → {e.target.id}" if e.target.number is None else ""
            line = f"{indent}→ {e.number}  «{_one_line(e)}»{to}  [{e.source}]"
        else:
            line = f"{indent}→ {e.number}  «{_one_line(e)}»  {_unresolved(e, edition)}  [{e.source}]"
        out.append(line + ("  (already shown)" if e.seen else ""))
        _edges(e.next, indent + "  ", edition, out)


def search_hits(found: Any) -> str:
    """How many hits there are and those found (:class:`~berserk_kb.text.search.SearchResults`),
    every match in the snippet between ⟦ ⟧ (U+27E6, U+27E7: the rule text has its own [brackets],
    «[текст 1]», which marks in [ ] made «[[текст] 1]»)."""
    hits = found.hits
    out = [f"{found.total} match{'es' if found.total != 1 else ''}"
           + (f", showing {len(hits)}" if len(hits) < found.total else "")
           + (f" (did you mean {' or '.join(f'«{w}»' for w in found.did_you_mean)}?)" if found.did_you_mean else "")]
    out += [f"  no paragraph {n}" + (f" (did you mean {' or '.join(meant)}?)" if meant else "")
            for n, meant in found.unknown]
    for h in hits:
        where = f"{h.number} ({h.edition})" if h.number else f"[{h.paragraph or h.unit}] ({h.edition})"
        if h.stands_for:
            where += f"  stands for {h.stands_for} (check S004)"
        if h.of_words > 1:
            where += f"  {h.words} of {h.of_words} words"
        out.append(f"  {where}  {h.label}  {h.source}")
        out.append(wrap(bracketed(h.snippet, h.marks), "      "))
    return joined(out)


def bracketed(text: str, marks: Any) -> str:
    """``text`` with each of ``marks`` (start/end offsets, in order) between ⟦ ⟧."""
    out, at = [], 0
    for m in marks:
        out += [text[at:m.start], "⟦", text[m.start:m.end], "⟧"]
        at = m.end
    return "".join(out) + text[at:]


def _one_line(ref: Any) -> str:
    """A reference (``raw`` and ``number``) as written, on one line: its own piece of a chain
    («100.2» of «см. 100.1, 100.2 и 101.3»: :func:`~berserk_kb.text.references.own_quote`), a line
    break inside it (a reference wrapped across two source lines, «см. правила⏎101.1») shown as a space."""
    from ..text.references import own_quote

    return " ".join(own_quote(ref.raw, ref.number).split())
