"""Word's list numbering (``numbering.xml``, ECMA-376 §17.9) as Word draws it: :class:`Numbering`
gives the marker of each numbered paragraph in reading order (see :mod:`.docx`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .markers import format_number
from .xmlparts import check_count, check_level

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
#: bullets drawn from symbol fonts (private-use code points) → the character a reader sees
_BULLETS = {"\uf0b7": "•", "\uf0a7": "▪", "\uf0d8": "➢", "\uf076": "❖", "\uf0fc": "✓", "o": "○", "": "•"}


@dataclass
class _Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    restart: int | None = None  # restart after this (1-based) level is used; 0: never
    legal: bool = False
    indent: int | None = None  # the level's left indent (twentieths of a point), when it sets one


class Numbering:
    """The numbering definitions of one document, and the counters of the lists read so far."""

    def __init__(self, element, style_nums: dict[str, str] | None = None) -> None:
        self.abstract: dict[str, dict[int, _Level]] = {}
        self.nums: dict[str, tuple[str, dict[int, int]]] = {}
        self.redefined: dict[str, dict[int, _Level]] = {}  # numId → levels a w:num redefines for itself
        self.counters: dict[str, dict[int, int]] = {}
        self.used_nums: set[str] = set()
        if element is None:
            return
        links: dict[str, str] = {}  # abstractNumId → the list style it takes its levels from
        for an in element.iter(W + "abstractNum"):
            levels: dict[int, _Level] = {}
            for lvl in an.iter(W + "lvl"):
                levels[int(lvl.get(W + "ilvl", "0"))] = _level(lvl)
            self.abstract[an.get(W + "abstractNumId")] = levels
            if (link := an.find(W + "numStyleLink")) is not None and link.get(W + "val"):
                links[an.get(W + "abstractNumId")] = link.get(W + "val")
        for num in element.iter(W + "num"):
            aid = num.find(W + "abstractNumId")
            overrides: dict[int, int] = {}
            for ov in num.iter(W + "lvlOverride"):
                so = ov.find(W + "startOverride")
                if so is not None:
                    overrides[int(ov.get(W + "ilvl", "0"))] = int(so.get(W + "val", "1"))
                if (lvl := ov.find(W + "lvl")) is not None:
                    self.redefined.setdefault(num.get(W + "numId"), {})[int(ov.get(W + "ilvl", "0"))] = _level(lvl)
            if aid is not None:
                self.nums[num.get(W + "numId")] = (aid.get(W + "val"), overrides)
        for aid, style in links.items():  # a list style's abstract numbering: the one its style's num names
            target = self.nums.get((style_nums or {}).get(style, ""), ("", {}))[0]
            if target and target != aid and self.abstract.get(target):
                self.abstract[aid] = self.abstract[target]

    def indent(self, num_id: str, ilvl: int) -> int:
        """The left indent of level ``ilvl`` of list ``num_id`` (0 when it sets none)."""
        aid = self.nums.get(num_id, ("", {}))[0]
        lvl = {**self.abstract.get(aid, {}), **self.redefined.get(num_id, {})}.get(ilvl)
        return lvl.indent or 0 if lvl is not None else 0

    def label(self, num_id: str, ilvl: int, where: str = "") -> tuple[str, str] | None:
        """The marker Word shows for the next paragraph (at ``where``) of list ``num_id`` at level
        ``ilvl`` and the level's format, or ``None`` when the list is not numbered (``numId`` 0 or
        unknown). Raises ``ValueError`` for a level Word has not (:func:`.xmlparts.check_level`)."""
        if num_id not in self.nums:
            return None
        aid, overrides = self.nums[num_id]
        levels = self.abstract.get(aid)
        if not levels:
            return None
        counters = self.counters.setdefault(aid, {})
        if num_id not in self.used_nums:
            self.used_nums.add(num_id)
            for lv, start in overrides.items():
                counters[lv] = start - 1
                for deeper in [k for k in counters if k > lv]:
                    del counters[deeper]
        levels = {**levels, **self.redefined.get(num_id, {})}
        lvl = levels.get(ilvl, _Level())
        check_level(where, num_id, ilvl, lvl.text)
        counters[ilvl] = counters.get(ilvl, lvl.start - 1) + 1
        check_count(where, num_id, ilvl, counters[ilvl])
        for deeper in [k for k in counters if k > ilvl]:
            restart = levels.get(deeper, _Level()).restart
            if restart != 0 and (restart is None or restart - 1 >= ilvl):
                del counters[deeper]
        if lvl.fmt == "bullet":
            return _BULLETS.get(lvl.text, lvl.text or "•"), "bullet"
        if lvl.fmt == "none":
            return "", "none"

        def value(match: re.Match) -> str:
            k = int(match.group(1)) - 1
            lv = levels.get(k, _Level())
            n = counters.get(k, lv.start)
            return format_number(n, "decimal" if lvl.legal and k != ilvl else lv.fmt)

        drawn = re.sub(r"%([1-9])", value, lvl.text)
        check_level(where, num_id, ilvl, lvl.text, drawn)
        return drawn, lvl.fmt


def _level(lvl) -> _Level:
    out = _Level()
    for tag, attr in (("start", "start"), ("numFmt", "fmt"), ("lvlText", "text"), ("lvlRestart", "restart")):
        e = lvl.find(W + tag)
        if e is not None and e.get(W + "val") is not None:
            v = e.get(W + "val")
            setattr(out, attr, int(v) if attr in ("start", "restart") else v)
    out.legal = lvl.find(W + "isLgl") is not None
    out.indent = paragraph_indent(lvl)
    return out


def paragraph_indent(el) -> int | None:
    """The left indent ``el``'s ``w:pPr/w:ind`` sets (``left`` or ``start``), or ``None``."""
    ind = el.find(f"{W}pPr/{W}ind")
    value = ind.get(W + "left") or ind.get(W + "start") if ind is not None else None
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
