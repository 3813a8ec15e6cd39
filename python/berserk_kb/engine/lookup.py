"""The lookups of one rulebook in Prolog: the lookup module (:data:`.code.LOOKUP`) over the
rulebook's generated facts module and over a cards module (the cards the KB knows and the mentions
of cards and features), each generated, cached and loaded on first use."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..errors import InputError, NotFoundError
from ..text.find import shown
from ..text.model import Rulebook, table_rows
from ..text.readers import limit_length
from .bridge import engine
from .code import LOOKUP, code_file
from .facts import cards_facts_file, facts_file, module_name
from .views import CardMention, CardView, ParagraphView, RefTree, from_json

if TYPE_CHECKING:
    from ..lexicon.names import KnownNames

#: The longest card name looked up, in characters (the card database's longest has 22).
NAME_LIMIT = 200


class Lookups:
    """What Prolog answers about ``rulebook`` (one object per knowledge base)."""

    def __init__(self, rulebook: Rulebook, stands_for: Callable[[], list[tuple[str, str, str]]] = list) -> None:
        self.rulebook = rulebook
        self.stands_for = stands_for

    @cached_property
    def module(self) -> str:
        """The Prolog module holding the rulebook's facts, loaded, with the numbers its unnumbered
        paragraphs stand for (``stands_for()``: (edition, number, paragraph id) each, as the check
        S004 infers them; a reference to such a number resolves to its paragraph).

        Raises:
            PrologLoadError: the facts or the Prolog code did not load cleanly.
        """
        engine().load([facts_file(self.rulebook), code_file(LOOKUP)])
        name = module_name(self.rulebook)
        engine().call("rulebook:set_stands_for", name, [list(row) for row in self.stands_for()])
        return name

    def paragraph_views(self, ids: list[str]) -> list[ParagraphView]:
        """One :class:`ParagraphView` per paragraph id, in order."""
        written = {x.id: x.prefix.strip() for x in self.rulebook.examples}
        views = engine().call("rulebook:paragraph_views", self.module, ids)
        spans = {r.id: (r.start, r.end) for r in self.rulebook.references}
        for d in views:
            for c in d["cites"]:  # where each reference stands in the text of its unit
                c["start"], c["end"] = spans.get(c["id"], (0, 0))
            for x in d["examples"]:
                x["written"] = written.get(x["id"], f"{x['label']}:")
            for t in (d, *d["children"]):  # a table unit gives its rows and cells
                if t["kind"] == "table":
                    t["rows"] = [list(r) for r in table_rows(t["text"])]
        return [from_json(ParagraphView, d) for d in views]

    def ref_trees(self, ids: list[str], direction: str, depth: int) -> list[RefTree]:
        """One :class:`RefTree` per paragraph id: references ``direction`` (in, out, both), ``depth`` steps."""
        return [from_json(RefTree, d) for d in engine().call("rulebook:refs", self.module, ids, direction, depth)]

    def cards_module(self, name: str, db_cards: Any, kb_cards: dict[str, Any], links: Any) -> str:
        """The cards module ``name`` (a key of what it is made from), generated and loaded."""
        engine().load([cards_facts_file(name, db_cards, kb_cards, links), code_file(LOOKUP)])
        return name

    def mentions(self, cards_module: str, kind: str, target_key: str) -> list[CardMention]:
        """The mentions of the card or feature (``kind``) whose key is ``target_key``, in reading order."""
        data = engine().call("rulebook:mentions", self.module, cards_module, kind, target_key)
        return [from_json(CardMention, d) for d in data]

    def cards_named(self, name: str, db_cards: Any, kb_cards: dict[str, Any], names: KnownNames,
                    cards_module: Callable[[], str]) -> list[CardView]:
        """The card(s) ``name`` names — exactly (any case, «ё»/«е», other forms), else in another
        grammatical form («Вайла» → Вайл; the same lemma as the same part of speech) — with their
        facts (those of ``kb/cards.yaml`` with ``mentioned_in``: the units that mention the card, in
        reading order) and the mentions themselves (``cards_module()``: the loaded cards module).

        Raises:
            InputError: ``name`` is empty or longer than :data:`NAME_LIMIT`.
            NotFoundError: no such card; the message says where a feature of that name is
                mentioned, or suggests card names it may mean (:func:`~berserk_kb.lexicon.names.close_names`).
        """
        from ..lexicon.cards import card_key  # the lexicon and the morphology: for cards only
        from ..lexicon.names import card_names, named
        from ..text.morph import tokens

        limit_length(name, "card name", NAME_LIMIT, field="name")
        if not isinstance(name, str) or not name.strip():
            raise InputError("card name is empty")
        if not tokens(name):
            raise InputError(f"card name {shown(name)} has no letter or digit", field="name")
        known = card_names(db_cards, kb_cards)
        keys = named(name, {**{n: k for k, n in known.items()}, **{f: card_key(n) for f, n in names.forms}})
        if not keys:
            message, near = self._not_a_card(name, list(known.values()), set(kb_cards), names, cards_module)
            raise NotFoundError(message, suggestions=tuple(near))
        out = []
        for k in keys:
            mentions = tuple(self.mentions(cards_module(), "card", k))
            facts = kb_cards.get(k)
            if facts is not None:  # where the text names the card, as the linking found it
                facts = {**facts, "mentioned_in": list(dict.fromkeys(m.unit for m in mentions))}
            out.append(CardView(name=known[k], database=tuple(c for c in db_cards if card_key(c.name) == k),
                                kb_facts=facts, mentions=mentions))
        return out

    def _not_a_card(self, name: str, cards: list[str], names_first: set[str], names: KnownNames,
                    cards_module: Callable[[], str]) -> tuple[str, list[str]]:
        """Why ``name`` names no card: it is a feature (mentioned where), or close card names (the
        message, and the names it suggests)."""
        from ..lexicon.cards import card_key
        from ..lexicon.names import close_names, named

        found = named(name, {f: f for f in names.features})
        if found:
            feature = found[0]
            data = self.mentions(cards_module(), "feature", card_key(feature))
            places = list(dict.fromkeys(f"{m.number or m.paragraph or m.unit} ({m.edition})" for m in data))
            where = (f"mentioned {len(data)} time{'s' if len(data) != 1 else ''} in " + ", ".join(places[:10])
                     + (", …" if len(places) > 10 else "")) if data else "not mentioned in the rulebook"
            return f"{shown(name)} is the feature «{feature}», not a card: {where}", []
        near = close_names(name, cards, set(names_first))
        more = f" and {len(near) - 6} more" if len(near) > 6 else ""
        hint = f" (did you mean: {', '.join(near[:6])}{more}?)" if near else ""
        return f"no card {shown(name)} in this KB{hint}", near[:6]
