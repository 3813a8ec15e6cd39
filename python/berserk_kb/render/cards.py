"""``cards import``, ``card`` and ``links`` as text."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import ECHO_LIMIT, cut
from ..store.files import escaped
from . import bold, joined, one_line, wrap


def import_summary(s: Any) -> str:
    """What an import did (:class:`~berserk_kb.lexicon.carddb.ImportSummary`)."""
    out = [f"read {s.read} cards from {s.source}",
           f"imported {s.imported}" + (f" (replacing {s.replaced} from the earlier import)" if s.replaced else "")]
    if s.replaced_unreadable:
        out.append(f"the earlier import could not be read and was overwritten: {one_line(s.replaced_unreadable)}")
    out.append(f"skipped {len(s.skipped)}")
    out.extend(f"  {cid}: {reason}" for cid, reason in s.skipped)
    out.extend(f"note: {cid}: {note}" for cid, note in s.notes)
    if s.unknown_placeholders:
        items = ", ".join(f"{{{cut(k)}}} ×{v}" for k, v in s.unknown_placeholders.items())
        out.append(f"placeholders const.json does not name (left as written): {cut(items, 4 * ECHO_LIMIT)}")
    out.append(f"written to {escaped(str(s.output))}")
    return joined(out)


_KB_FACTS = ("hit", "features", "grants", "effects", "overrides")


def card_views(views: list[Any], database_imported: bool) -> str:
    """Each card (:class:`~berserk_kb.engine.views.CardView`): its printings, its facts in
    ``kb/cards.yaml`` and its mentions, a blank line between."""
    blocks = []
    for v in views:
        out = [bold(v.name)]
        for c in v.database:  # a stat or name the card does not have is left out, not printed as None
            stats = ", ".join(f"{what} {value}" for what, value in (
                ("cost", c.cost), ("life", c.life), ("move", c.move),
                ("strike", "/".join(map(str, c.hit)) if c.hit else None)) if value is not None)
            kinds = "; ".join(x for x in (stats, ", ".join(c.elements), c.type, c.rarity,
                                          "elite" if c.elite else None) if x)
            out.append(f"  {c.id} ({', '.join(x for x in (c.set_name, f'№{c.number}') if x)}): {kinds}")
            if c.text_resolved:
                out.append(wrap(c.text_resolved, "      "))
        if not v.database:
            out.append("  not in the imported card database" if database_imported
                       else "  (no card database imported: berserk-kb cards import PATH)")
        facts = {k: val for k, val in (v.kb_facts or {}).items() if k in _KB_FACTS}
        if facts:
            out.append(wrap("kb/cards.yaml: " + "; ".join(_fact(k, val) for k, val in facts.items()), "  "))
        out.append(f"  mentioned {len(v.mentions)} time{'s' if len(v.mentions) != 1 else ''}:" if v.mentions
                   else "  not mentioned in the rulebook")
        for m in v.mentions:
            where = m.number or m.paragraph or m.unit
            unit = f" {m.unit}" if m.unit != where else ""
            out.append(f"    {where} ({m.edition}) {m.kind}{unit} «{m.surface}»  "
                       f"[{m.fragment}:{m.line}:{m.offset + 1}]")
        blocks.append(joined(out))
    return "\n".join(blocks)


def _fact(what: str, value: Any) -> str:
    """A fact of ``kb/cards.yaml`` as text: «strike 2/3/4», «features: Строй», «grants: Отравление 1
    (while: adjacent)», «effects: prevent_each (id: prevents_1, amount: 1, protects: own)»."""
    if what == "hit" and isinstance(value, list):
        return "strike " + "/".join(map(str, value))
    items = value if isinstance(value, list) else [value]
    return f"{what}: " + ", ".join(_item(x) for x in items)


def _item(x: Any) -> str:
    if not isinstance(x, dict):
        return _item_value(x)
    used: tuple[str, ...]
    if x.get("name") is not None:
        used, head = ("name", "value"), " ".join(str(x[k]) for k in ("name", "value") if x.get(k) is not None)
    elif x.get("type") is not None:
        used, head = ("type",), str(x["type"])
    elif x.get("rule") is not None:
        used, head = ("rule", "value"), f"{x['rule']} = {_item_value(x.get('value'))}"
    else:
        used, head = (), ""
    rest = ", ".join(f"{k}: {_item_value(v)}" for k, v in x.items() if k not in used and v is not None)
    return f"{head} ({rest})" if rest and head else head or rest


def _item_value(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_item(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_item_value(x)}" for k, x in v.items()) + "}"
    return str(v)


def _no_names(kb_dir: Any) -> str:
    return (f"{kb_dir} has no card or feature list (no imported card database, cards.yaml or features.yaml): "
            "there is nothing to link mentions to (berserk-kb cards import PATH --kb DIR)")


def links(ls: Any, kb_dir: Any = None) -> str:
    """The linked mentions by target, the unknown names and the link rate
    (:class:`~berserk_kb.lexicon.linking.Links`); ``None``: a note that the KB ``kb_dir`` knows
    no card or feature name."""
    if ls is None:
        return joined([f"note: {_no_names(kb_dir)}"])
    counts = Counter((m.kind, m.target) for m in ls.mentions)
    out = [f"{len(ls.mentions)} mentions linked, {len(ls.unknown)} names not known: link rate {ls.rate:.1%}"]
    out.extend(f"  {kind:8} {target}  ×{n}" for (kind, target), n in counts.most_common())
    if ls.unknown:
        out.append("names the KB does not know:")
        out.extend(f"  «{u.surface}»  {u.unit}  [{u.fragment}:{u.line}:{u.offset + 1}]" for u in ls.unknown)
    if ls.not_in_database:
        out.append("cards known from kb/cards.yaml but not in the imported database: " + ", ".join(ls.not_in_database))
    return joined(out)


def links_data(ls: Any, kb_dir: Any = None) -> dict[str, Any]:
    """``links --json``: the rate, the counts, the unknown names and every mention (``None``: no
    rate, nothing linked, and the note of :func:`links`)."""
    import dataclasses

    if ls is None:
        return {"rate": None, "linked": 0, "unknown": [], "not_in_database": [], "mentions": [],
                "note": _no_names(kb_dir)}
    return {"rate": ls.rate, "linked": len(ls.mentions), "unknown": [dataclasses.asdict(u) for u in ls.unknown],
            "not_in_database": list(ls.not_in_database), "mentions": [dataclasses.asdict(m) for m in ls.mentions]}
