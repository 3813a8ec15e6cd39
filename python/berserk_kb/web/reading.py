"""What the reading pages show, as JSON-shaped data: one :class:`~berserk_kb.kb.KnowledgeBase` and
the answers worked out once at start-up (the editor's report, the worked examples, the diffs of the
editions), so that a request only looks things up.

Every function here returns the data of one page — the page's JSON as it is, and what its template
reads. Nothing here computes a rule: the facade answers, this module picks and arranges.
"""

from __future__ import annotations

import os
import re
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..checks.messages import say, skipped
from ..engine.lookup import NAME_LIMIT
from ..errors import BerserkError, InputError, NotFoundError, TooLong
from ..kb import KnowledgeBase
from ..text.morph import tokens
from ..text.readers import read_text
from ..text.references import own_quote
from .pages import safe_segment

#: The kinds of unit a search is filtered by.
KINDS = ("paragraph", "list_item", "example")
NUMBER = re.compile(r"^\d{1,4}(?:\.\d{1,4}){0,6}$")
KINDS = ("paragraph", "list_item", "example")
SEVERITIES = ("error", "warning", "info")


def paragraph_path(pid: str) -> str:
    """The permalink of a paragraph id: ``A:519.3`` → ``/A/519.3``, ``A:правило-топора`` →
    ``/A/правило-топора`` (stable per edition)."""
    edition, _, rest = pid.partition(":")
    return f"/{edition}/{rest}"


class Reading:
    """The knowledge base behind the pages, with its start-up work done (see the module docstring)."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        book = kb.rulebook
        self.editions = [{"id": e.id, "title": e.title, "description": e.description} for e in book.editions]
        self.paragraphs = {p.id: p for p in book.paragraphs}
        self.host: dict[str, str | None] = {u.id: u.paragraph for u in book.list_items}
        self.host.update({x.id: x.paragraph for x in book.examples})
        self.tails = {**{u.id: u.prefix.strip() for u in book.list_items}, **{x.id: x.label for x in book.examples}}
        #: List items no paragraph holds (cut off at a fragment's start): each has a page of its own.
        self.cut_off = [u.id for u in book.list_items if u.paragraph is None]
        #: Every paragraph's view, worked out now (one Prolog call), so a paragraph page needs no Prolog.
        self.views = {v.id: v for v in kb.lookups.paragraph_views([*self.paragraphs, *self.cut_off])}
        self.check_run = kb.check()
        self.outcomes: dict[str, list[Any]] = {}
        for o in kb.examples():
            self.outcomes.setdefault(o.example or "", []).append(o)
        ids = [e["id"] for e in self.editions]
        self.diffs = {(a, b): kb.diff(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]}
        self.reversed: dict[tuple[str, str], Any] = {}
        self.card_names, self.feature_names = kb.lexicon_names()
        self._card_set = set(self.card_names)
        self._scenarios: dict[str, dict[str, Any]] = {}
        self.links = kb.links
        self.files = {f"{d}/{p.name}": p for d in ("examples", "scenarios")
                      for p in sorted((kb.kb_dir / d).glob("*.yaml"))}
        kb.cards_module, kb.citations, kb.full_graph  # noqa: B018 - derived now, not by the first request

    @cached_property
    def _by_segment(self) -> dict[str, str]:
        """A card's name by the file name a static site gives its page, where that differs from the name."""
        return {seg: n for n in self.card_names if (seg := safe_segment(n)) != n}

    # -- links -------------------------------------------------------------------------------------

    def unit_path(self, unit: str | None) -> str | None:
        """The page (with an anchor for a list item or an example) of any unit id, or ``None``."""
        if unit is None:
            return None
        if unit in self.views:
            return quote(paragraph_path(unit))
        host = self.host.get(unit)
        if host is None:
            return None
        return quote(paragraph_path(host)) + "#" + anchor(unit)

    def label(self, unit: str | None) -> str:
        """What a link to a unit says: a paragraph's number, else its heading, else its first words;
        a list item or an example after its paragraph's (``519.3 а)``); an unknown id as it is."""
        if not unit:
            return ""
        p = self.paragraphs.get(unit)
        if p is not None:
            return p.number or p.title or _opening(p.display_text, 5)
        if unit in self.views:  # a list item cut off at a fragment's start: its first words
            return _opening(self.views[unit].text, 5)
        host = self.host.get(unit)
        return f"{self.label(host)} {self.tails.get(unit, '')}".strip() if host else unit

    # -- pages -------------------------------------------------------------------------------------

    def home(self) -> dict[str, Any]:
        return {"page": "home", "editions": self.editions, "counts": {
            e["id"]: sum(p.edition == e["id"] for p in self.paragraphs.values()) for e in self.editions}}

    def contents(self, edition: str) -> dict[str, Any]:
        """The table of contents of ``edition``: every paragraph in reading order, with its depth.

        Raises:
            NotFoundError: no such edition.
        """
        edition = self.kb.check_edition(edition) or edition  # «a» is edition A
        rows: list[dict[str, Any]] = []
        depth: dict[str, int] = {}
        for p in sorted((p for p in self.paragraphs.values() if p.edition == edition), key=lambda p: p.order):
            depth[p.id] = depth.get(p.parent, -1) + 1 if p.parent else 0
            rows.append({"id": p.id, "number": p.number, "title": p.title, "kind": p.kind.value,
                         "depth": depth[p.id], "href": self.unit_path(p.id),
                         "text": p.title or _opening(p.display_text)})
        return {"page": "contents", "edition": edition, "paragraphs": rows}

    def paragraph(self, edition: str, ref: str) -> dict[str, Any]:
        """The page of ``/<edition>/<ref>``: a number (``519.3``) or the rest of an id
        (``правило-топора``, ``519.3~2``); every paragraph it names (usually one).

        Raises:
            InputError, NotFoundError: as :meth:`~berserk_kb.kb.KnowledgeBase.show` (whose views,
                worked out at start-up, it shows).
        """
        edition = self.kb.check_edition(edition) or edition  # «a» is edition A
        ids = self.kb.paragraph_ids(ref if NUMBER.fullmatch(ref) else f"{edition}:{ref}", edition)
        return {"page": "paragraph", "edition": edition, "paragraphs": [self._view(self.views[i]) for i in ids]}

    def _view(self, v: Any) -> dict[str, Any]:
        data = asdict(v)
        data["href"] = self.unit_path(v.id)
        if v.parent:
            data["parent"]["href"] = self.unit_path(v.parent.id)
        for c in data["cites"]:
            c["href"] = self.unit_path(c["target"]["id"]) if c["target"] else None
        for c in data["cited_by"]:
            c["href"] = self.unit_path(c["unit"]) or (self.unit_path(c["citing"]["id"]) if c["citing"] else None)
        for c in data["cites"] + data["cited_by"]:  # each reference of a chain quoted by its own piece
            c["quote"] = own_quote(c["raw"], c["number"])
        for c in data["children"]:  # a plain one is shown whole with its list, as ``show`` shows it
            c["href"] = self.unit_path(c["id"])
            _anchors(c["list_items"])
        for x in data["examples"]:
            x["anchor"] = anchor(x["id"])
            x["outcomes"] = [{"status": o.status, "file": Path(o.file).name if o.file else None,
                              "problems": list(o.problems),
                              "why": f"examples/{Path(o.file).name}" if o.file else None}
                             for o in self.outcomes.get(x["id"], ())]
        _anchors(data["list_items"])
        units = {v.id, *(x.id for x in v.examples), *_item_ids(v.list_items),
                 *(i for c in v.children if c.kind == "text" for i in (c.id, *_item_ids(c.list_items)))}
        cards: dict[str, dict[str, Any]] = {}
        for m in self.links.mentions:
            if m.kind == "card" and m.unit in units:
                cards.setdefault(m.target, {"name": m.target, "href": card_path(m.target), "surfaces": []})
                if m.surface not in cards[m.target]["surfaces"]:
                    cards[m.target]["surfaces"].append(m.surface)
        data["cards"] = list(cards.values())
        data["counterparts"] = self.counterparts(v.id)
        return data

    def counterparts(self, pid: str) -> list[dict[str, Any]]:
        """The paragraph's counterparts in the other editions, from the aligned diffs: the units on
        the other side, the shape (one-to-one, split, merge), renumbered, changed, similarity —
        or ``removed``/``added`` when the diff found none."""
        out = []
        for (old, new), d in self.diffs.items():
            if pid.startswith(f"{old}:"):
                mine, theirs, other = "old", "new", new
            elif pid.startswith(f"{new}:"):
                mine, theirs, other = "new", "old", old
            else:
                continue
            found = False
            for a in d.aligned:
                if any(s.id == pid for s in getattr(a, mine)):
                    found = True
                    out.append({"edition": other, "shape": a.shape, "renumbered": a.renumbered, "changed": a.changed,
                                "similarity": round(a.similarity, 2), "diff_href": f"/diff/{old}/{new}",
                                "units": [{"id": s.id, "number": s.number, "kind": s.kind,
                                           "href": self.unit_path(s.id)} for s in getattr(a, theirs)]})
            if not found:
                lonely = d.removed if mine == "old" else d.added
                if any(u.unit.id == pid for u in lonely):
                    out.append({"edition": other, "shape": "removed" if mine == "old" else "added", "units": [],
                                "renumbered": False, "changed": False, "similarity": None,
                                "diff_href": f"/diff/{old}/{new}"})
        return out

    def search(self, q: str, edition: str | None, kind: str | None, limit: int = 50,
               prefix: bool = False) -> dict[str, Any]:
        """Search by Russian word forms (:meth:`~berserk_kb.kb.KnowledgeBase.search`), filtered by
        edition and kind, with ``prefix`` the last word as the start of words (the live search as one
        types); an empty query is an empty page.

        Raises:
            InputError: the query has no word, or is longer than the library reads
                (:class:`~berserk_kb.errors.TooLong`); a kind not in :data:`KINDS`. NotFoundError: unknown edition.
        """
        if kind is not None and kind not in KINDS:
            raise InputError(f"kind {kind[:40]!r}: not a kind of unit (one of {', '.join(KINDS)})", path="query",
                             field="kind")
        data: dict[str, Any] = {"page": "search", "query": q, "edition": edition, "kind": kind, "prefix": prefix,
                                "total": 0, "hits": []}
        if not q.strip():
            return data
        found = self.kb.search(q, edition, kind=kind, limit=limit, prefix=prefix)
        data["total"] = found.total
        data["hits"] = [{**asdict(h), "href": self.unit_path(h.unit)} for h in found.hits]
        return data

    def cards(self) -> dict[str, Any]:
        """Every card name, with the link to its page (``None`` for a name that is no card's: no word in it)."""
        return {"page": "cards", "cards": [{"name": n, "href": card_path(n) if has_page(n) else None}
                                           for n in self.card_names], "features": self.feature_names}

    def card(self, name: str) -> dict[str, Any]:
        """A card's facts and the units that mention it (:meth:`~berserk_kb.kb.KnowledgeBase.cards_named`).

        Raises:
            InputError: empty name, or longer than a card's name may be. NotFoundError: no such card
                (a name with no word is none).
        """
        if name not in self._card_set:  # a card's name as a static site's file names it (``a_b~…``)
            name = self._by_segment.get(name, name)
        if name.strip() and len(name) <= NAME_LIMIT and not has_page(name):
            raise NotFoundError(f"no card {name[:80]!r}: a card's name has a word")
        views = self.kb.cards_named(name)
        out = []
        for v in views:
            data = asdict(v)
            for m in data["mentions"]:
                m["href"] = self.unit_path(m["unit"])
            out.append(data)
        return {"page": "card", "query": name, "cards": out, "database_imported": bool(self.kb.db_cards)}

    def diff(self, old: str, new: str) -> dict[str, Any]:
        """Edition ``old`` → ``new``, aligned by content (worked out at start-up).

        The other way round (``B`` → ``A``) is worked out when first asked for, and kept.

        Raises:
            NotFoundError: not a pair of editions of this rulebook.
        """
        d = self.diffs.get((old, new)) or self.reversed.get((old, new))
        if d is None:
            self.kb.check_edition(old), self.kb.check_edition(new)
            if (new, old) not in self.diffs:
                raise NotFoundError(f"no diff {old!r} → {new!r}: the pairs are "
                                    + ", ".join(f"{a} → {b}" for a, b in self.diffs))
            d = self.reversed[(old, new)] = self.kb.diff(old, new)  # the other way round: on first asking
        data = asdict(d)
        for a in (*data["aligned"], *data["added"], *data["removed"]):
            sides = [*a.get("old", ()), *a.get("new", ()), *([a["unit"]] if "unit" in a else [])]
            sides += [s for r in a.get("items", ()) for s in (r["old"], r["new"]) if s]
            for side in sides:
                side["href"] = self.unit_path(side["id"])
            b = a["behaviour"]
            b.update(self._events_of(b["scenario"]))
            b["scenario"] = Path(b["scenario"]).name if b["scenario"] else None
            b["checked"] = [Path(p).name for p in b["checked"]]
        data["suite"] = [Path(p).name for p in data["suite"]]
        return {"page": "diff", "pairs": [list(p) for p in self.diffs], **data}

    def _events_of(self, scenario: str | None) -> dict[str, Any]:
        """``{"kinds": [event kind, …], "names": {handle: name}}`` of a scenario file (read once),
        so that a behaviour's results can be said in words; empty when it cannot be read."""
        if not scenario:
            return {"kinds": [], "names": {}}
        if scenario not in self._scenarios:
            try:
                data = self.kb.parse_scenario(read_text(Path(scenario), "scenario"))
                self._scenarios[scenario] = {
                    "kinds": [next(iter(e)) if isinstance(e, dict) and e else None for e in data["events"]],
                    "names": {c["id"]: c.get("name") or c["id"] for c in data["cards"] if isinstance(c, dict)}}
            except (BerserkError, OSError):
                self._scenarios[scenario] = {"kinds": [], "names": {}}
        return self._scenarios[scenario]

    def check(self, severity: str | None, code: str | None) -> dict[str, Any]:
        """The editor's report (run at start-up): findings grouped by code, filtered by severity
        and code, each linked to its paragraph; the accepted findings apart.

        Raises:
            InputError: a severity or code the report has not (``field``: which; ``path``: ``query``).
        """
        run = self.check_run
        codes = sorted(c.code for c in self.kb.checks())
        for field, value, allowed in (("severity", severity, SEVERITIES), ("code", code, codes)):
            if value is not None and value not in allowed:
                raise InputError(f"{field} {value[:40]!r}: not a {field} of the report (one of {', '.join(allowed)})",
                                 path="query", field=field)

        folders = {f"{d}{sep}": f"{self.kb.kb_dir.name}/" for d in {str(self.kb.kb_dir), str(self.kb.kb_dir.resolve())}
                   for sep in {"/", os.sep}}

        def local(value: Any) -> Any:  # the build machine's paths as the KB folder's: kb/scenarios/…
            if isinstance(value, str):
                for d, name in folders.items():
                    value = value.replace(d, name)
                return value
            if isinstance(value, dict):
                return {k: local(v) for k, v in value.items()}
            return [local(v) for v in value] if isinstance(value, list) else value

        def row(f: Any) -> dict[str, Any]:  # the words in either language, from the finding's template and values
            said = {lang: dict(zip(("message", "suggestion"),
                                   say(f.template, lang, f.values))) for lang in ("ru", "en")}
            return {**local({**asdict(f), "said": said if f.template else {}}), "href": self.unit_path(f.paragraph)}

        kept = [f for f in run.findings if severity in (None, f.severity) and code in (None, f.code)]
        groups: dict[str, dict[str, Any]] = {}
        for f in kept:
            g = groups.setdefault(f.code, {"code": f.code, "check": f.check, "severity": f.severity, "findings": []})
            g["findings"].append(row(f))
            if SEVERITIES.index(f.severity) < SEVERITIES.index(g["severity"]):
                g["severity"] = f.severity
        return {"page": "check", "severity": severity, "code": code, "counts": run.counts(),
                "codes": sorted({f.code for f in run.findings}), "total": len(kept),
                "groups": sorted(groups.values(), key=lambda g: (SEVERITIES.index(g["severity"]), g["code"])),
                "accepted": [{**row(f), "reason": run.accepted_reasons.get(f.id)} for f in run.accepted_findings],
                "skipped": list(run.skipped),
                "skipped_said": {lang: [skipped(n, lang, v) for n, v in run.skipped_said] for lang in ("ru", "en")}}


def reason(exc: Exception, asked: dict[str, Any], editions: list[str],
           pairs: list[tuple[str, str]]) -> dict[str, Any] | None:
    """Why the page ``asked`` (``{"page", …its parameters}``) could not be given, as data for the
    interface's sentence (:data:`~berserk_kb.web.reasons.REASONS`): decided by the error's type and
    fields (an ``edition`` this rulebook lacks) and what was asked — never by its message."""
    def cut(text: str) -> str:
        return text if len(text) <= 80 else text[:80] + "…"

    page = asked.get("page")
    if isinstance(exc, TooLong):  # the library's limit, as its error carries it
        return {"code": "text_too_long", "length": exc.length, "limit": exc.limit}
    if isinstance(exc, NotFoundError) and exc.edition is not None and exc.edition not in editions:
        return {"code": "no_edition", "edition": cut(exc.edition), "editions": ", ".join(editions)}
    if page == "paragraph":
        if isinstance(exc, NotFoundError):
            return {"code": "no_paragraph", "edition": asked["edition"], "ref": cut(asked["ref"])}
        return {"code": "bad_ref", "ref": cut(asked["ref"])} if isinstance(exc, InputError) else None
    if page == "card":
        if isinstance(exc, NotFoundError):
            return {"code": "no_card", "name": cut(asked["name"])}
        return {"code": "no_card_name"} if isinstance(exc, InputError) else None
    if page == "search" and isinstance(exc, InputError):
        return {"code": "no_word"}
    if page == "diff" and isinstance(exc, NotFoundError):
        return {"code": "no_diff", "old": cut(asked["old"]), "new": cut(asked["new"]),
                "pairs": ", ".join(f"{a} → {b}" for a, b in pairs)}
    if page == "why" and isinstance(exc, NotFoundError):
        return {"code": "no_file"}
    return {"code": "no_page"} if page == "none" else None


def suggested(exc: Exception) -> list[dict[str, Any]]:
    """The names a not-found error suggests (its ``suggestions``: the card names of «did you mean»),
    each with the link of its page (``None`` for a name that has none)."""
    return [{"name": n, "href": card_path(n) if has_page(n) else None} for n in getattr(exc, "suggestions", ())]


def has_page(name: str) -> bool:
    """Whether a card name is one the library looks up (:meth:`~berserk_kb.kb.KnowledgeBase.cards_named`):
    it has a word (``..`` has none) and is at most :data:`~berserk_kb.engine.lookup.NAME_LIMIT` long."""
    return len(name) <= NAME_LIMIT and bool(tokens(name))


def card_path(name: str) -> str:
    """The page of a card by name."""
    return "/cards/" + quote(name, safe="")


def anchor(unit: str) -> str:
    """The HTML anchor of a list item or an example on its paragraph's page (``A:519.3/item2`` → ``item2``)."""
    tail = unit.rsplit("/", 1)[-1]
    return "u-" + re.sub(r"[^\w-]", "_", tail)


def _anchors(items: list[dict[str, Any]]) -> None:
    for item in items:
        item["anchor"] = anchor(item["id"])
        _anchors(item["items"])


def _item_ids(items: Any) -> list[str]:
    return [i for item in items for i in (item.id, *_item_ids(item.items))]


def _opening(text: str, words: int = 8) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")
