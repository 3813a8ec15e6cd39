"""``diff`` as text: what changed from one edition to another."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from . import bold, terminal_width, wrap_lines


def _name(side: Any) -> str:
    if side.kind == "item":
        return f"{side.number or side.id.rsplit('/', 1)[0]} {side.marker}"
    if side.kind == "heading" and side.number is None:
        return f"«{side.text.rstrip('.')}»"
    return side.number if side.number and side.kind != "example" else side.id


def _behaviour_text(b: Any) -> str:
    if b.differs:
        results = "; ".join(f"{ed}: {json.dumps(r, ensure_ascii=False)}" for ed, r in (b.results or {}).items())
        return f"behaviour differs: {Path(b.scenario or '').name} gives {results}"
    if b.checked:
        return "behaviour: no difference traced to it on " + ", ".join(Path(p).name for p in b.checked)
    return "behaviour: no scenario of the suite bears on it"


def diff_lines(d: Any, width: int = 100) -> list[str]:
    """``berserk-kb diff`` (an :class:`~berserk_kb.diff.EditionDiff`) as lines of text: a summary
    line, then each aligned group (names, shape, similarities, word diff, list items, behaviour),
    then the added and removed units (with the behaviour of those a scenario shows to differ)."""

    def wrap(text: str, indent: str) -> list[str]:
        return wrap_lines(text, width, indent)

    shapes = Counter(a.shape for a in d.aligned if a.shape != "one-to-one")
    same = sum(a.unchanged for a in d.aligned)
    if same == len(d.aligned) and not (d.added or d.removed):
        return [f"edition {d.old} → edition {d.new}: the same text ({same} units aligned, none changed, added or "
                "removed)"]
    lines = [f"edition {d.old} → edition {d.new}: {len(d.aligned)} aligned"
             + (f" ({same} unchanged, not listed)" if same else "")
             + "".join(f", {n} {s}" for s, n in sorted(shapes.items()))
             + f", {len(d.added)} added, {len(d.removed)} removed (similarity threshold {d.threshold:.2f})"]
    for a in (a for a in d.aligned if not a.unchanged):
        names = {s.id: _name(s) for s in (*a.old, *a.new)}
        if len(a.pairs) == 1:
            sims = f"similarity {a.similarity:.2f}"
        else:
            sims = "similarity " + ", ".join(f"{names[p.old]} → {names[p.new]} {p.similarity:.2f}" for p in a.pairs) \
                + f", together {a.similarity:.2f}"
        tags = [t for t, on in ((a.shape, a.shape != "one-to-one"), ("renumbered", a.renumbered),
                                ("changed", a.changed)) if on]
        lines.extend(wrap_lines(f"{' + '.join(_name(s) for s in a.old)} → {' + '.join(_name(s) for s in a.new)}  "
                                f"({a.kind}, {sims}{'; ' + ', '.join(tags) if tags else ''})", width, "  ", "    "))
        if a.diff:
            lines.extend(wrap(a.diff, "      "))
        if a.items:
            lines.append("      list items:")
        for r in a.items:
            if r.status == "added":
                lines.extend(wrap(f"{_name(r.new)} added: «{r.new.text}»", "        "))
            elif r.status == "removed":
                lines.extend(wrap(f"{_name(r.old)} removed: «{r.old.text}»", "        "))
            else:
                what = ", ".join(x for x in (f"moved ({r.moved})" if r.moved else "", r.status) if x)
                diff = f": {r.diff}" if r.diff else ""
                lines.extend(wrap(f"{_name(r.old)} → {_name(r.new)}  {what}{diff}", "        "))
        lines.extend(wrap(_behaviour_text(a.behaviour), "      "))
    for label, units in ((f"added in {d.new}", d.added), (f"not in {d.new}", d.removed)):
        if units:
            lines.extend(wrap(f"{label}: " + ", ".join(_name(u.unit) for u in units), "  "))
        for u in units:
            if u.behaviour.differs:
                lines.extend(wrap(f"{_name(u.unit)}: {_behaviour_text(u.behaviour)}", "      "))
    return lines


def diff_text(d: Any, width: int | None = None) -> str:
    """:func:`diff_lines` as text, the summary line bold."""
    rows = diff_lines(d, width or terminal_width())
    return "\n".join([bold(rows[0]), *rows[1:]]) + "\n"
