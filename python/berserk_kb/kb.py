"""The knowledge base: one rulebook folder, parsed, loaded into Prolog, and asked questions.

>>> kb = KnowledgeBase()                      # the bundled rulebook
>>> [v.number for v in kb.show("519.3")]      # every edition that has 519.3
['519.3', '519.3']
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from . import __version__
from .cache import MORPHOLOGY, code_key, entry_path, read_pickle, write_atomic, write_pickle
from .errors import InputError, NotFoundError
from .facts import facts_text, module_name
from .model import Rulebook
from .parse import parse_rulebook
from .paths import DEFAULT_KB, PROLOG_DIR, cache_dir
from .prolog import engine
from .views import CardMention, CardView, ParagraphView, RefTree, SearchHit, SourceRef, from_json

if TYPE_CHECKING:
    import rdflib

    from .carddb import CardRecord
    from .linking import Links
    from .why import WhyResult

NUMBER_RE = re.compile(r"^\d{1,4}(?:\.\d{1,4}){0,6}\.?$")
Direction = Literal["in", "out", "both"]


def _named(name: str, targets: dict[str, str]) -> list[str]:
    """The targets (of ``targets``: a name as written → its target) that ``name`` names: the name
    itself (any case, «ё»/«е»), else every name whose words ``name``'s words can be forms of
    (:func:`~berserk_kb.morph.analyses`)."""
    from .cards import card_key
    from .morph import analyses, tokens

    exact = [t for n, t in targets.items() if card_key(n) == card_key(name)]
    if exact:
        return exact[:1]
    want = [analyses(t.text) for t in tokens(name)]
    out: list[str] = []
    for n, target in targets.items():
        have = [analyses(t.text, name=True) for t in tokens(n)]
        if len(have) == len(want) and all(a & b for a, b in zip(want, have)) and target not in out:
            out.append(target)
    return out


def _shown(value: str, limit: int = 40) -> str:
    """A user value quoted for a one-line message (control characters escaped, long text cut)."""
    cut = value if len(value) <= limit else value[:limit] + "…"
    return repr(cut)


class KnowledgeBase:
    """A rulebook laid out as ``<kb_dir>/sources/manifest.yaml`` + fragment files.

    Raises (on construction):
        InputError: the folder, manifest or a fragment is missing, unreadable or malformed.
    """

    def __init__(self, kb_dir: Path | str | None = None) -> None:
        self.kb_dir = Path(kb_dir) if kb_dir is not None else DEFAULT_KB
        self.rulebook: Rulebook = _parsed(self.kb_dir)

    # -- input checks ----------------------------------------------------------------------------

    def check_edition(self, edition: str | None) -> str | None:
        """Return ``edition`` if the rulebook has it (``None`` passes through).

        Raises:
            NotFoundError: no such edition (the message lists the known ones).
        """
        if edition is None:
            return None
        if self.rulebook.edition(edition) is None:
            known = ", ".join(e.id for e in self.rulebook.editions)
            raise NotFoundError(f"unknown edition {_shown(edition)} (this rulebook has: {known})")
        return edition

    @staticmethod
    def check_number(number: str) -> str:
        """Return ``number`` without a trailing dot.

        Raises:
            InputError: it is not a paragraph number (digits separated by dots, e.g. ``519.3``).
        """
        if not isinstance(number, str) or not NUMBER_RE.fullmatch(number):
            raise InputError(
                f"{_shown(str(number))} is not a paragraph number (expected digits and dots, e.g. 519.3)"
            )
        return number.rstrip(".")

    def paragraph_ids(self, target: str, edition: str | None = None) -> list[str]:
        """The paragraphs ``target`` names: a printed number (``519.3``), an id
        (``A:правило-топора``) or a heading (``Правило топора``, any case), in ``edition`` or in
        every edition, in edition order.

        Raises:
            InputError: ``target`` is none of these.
            NotFoundError: unknown edition, or no paragraph by that number, id or heading.
        """
        edition = self.check_edition(edition)
        if not isinstance(target, str) or not target.strip():
            raise InputError("no paragraph given (a number such as 519.3, an id or a heading)")
        rank = {e.id: i for i, e in enumerate(self.rulebook.editions)}
        paras = sorted((p for p in self.rulebook.paragraphs if edition in (None, p.edition)),
                       key=lambda p: (rank[p.edition], p.order))
        if NUMBER_RE.fullmatch(target):
            number = target.rstrip(".")
            ids = [p.id for p in paras if p.number == number]
            if not ids:
                raise self._not_found(number, edition)
            return ids
        by_id = [p.id for p in paras if p.id == target]
        if by_id:
            return by_id
        wanted = " ".join(target.casefold().replace("ё", "е").split()).rstrip(".")
        titled = [p.id for p in paras if p.title and " ".join(p.title.casefold().replace("ё", "е").split()) == wanted]
        if titled:
            return titled
        if ":" in target and target.split(":", 1)[0] in rank:
            raise NotFoundError(f"no paragraph with id {_shown(target)}" + (f" in edition {edition}" if edition else ""))
        raise InputError(
            f"{_shown(target)} is not a paragraph number, id or heading of this rulebook "
            "(expected e.g. 519.3, A:правило-топора or «Правило топора»)"
        )

    def _not_found(self, number: str, edition: str | None) -> NotFoundError:
        where = f"edition {edition}" if edition else "any edition"
        return NotFoundError(f"no paragraph {number} in {where}")

    # -- Prolog ----------------------------------------------------------------------------------

    @property
    def prolog_module(self) -> str:
        """The Prolog module holding this rulebook's facts (generated, cached on disk and loaded on
        first use in this process).

        Raises:
            PrologLoadError: the facts or the Prolog code did not load cleanly.
        """
        name = module_name(self.rulebook)
        if name not in _LOADED_MODULES:
            engine().load([_facts_file(name, self.rulebook), PROLOG_DIR / "lookup" / "rulebook.pl"])
            _LOADED_MODULES.add(name)
        return name

    # -- questions -------------------------------------------------------------------------------

    def show(self, target: str, edition: str | None = None) -> list[ParagraphView]:
        """Every paragraph ``target`` names (a number, an id or a heading; see
        :meth:`paragraph_ids`) in ``edition``, or in each edition that has it.

        Returns one :class:`ParagraphView` per paragraph, in edition order.

        Raises:
            InputError: ``target`` is not a number, id or heading.
            NotFoundError: unknown edition, or no such paragraph.
        """
        ids = self.paragraph_ids(target, edition)
        data = engine().call("rulebook:paragraph_views", self.prolog_module, ids)
        return [from_json(ParagraphView, d) for d in data]

    def refs(
        self, target: str, edition: str | None = None, direction: Direction = "both", depth: int = 1
    ) -> list[RefTree]:
        """The references a paragraph makes (``out``), receives (``in``) or both, followed
        ``depth`` steps (each paragraph expanded once).

        Raises:
            InputError: bad target, direction, or depth outside 1–50.
            NotFoundError: unknown edition, or no such paragraph.
        """
        if direction not in ("in", "out", "both"):
            raise InputError(f"direction must be in, out or both, not {_shown(str(direction))}")
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 50:
            raise InputError(f"depth must be a whole number from 1 to 50, not {depth!r}")
        ids = self.paragraph_ids(target, edition)
        data = engine().call("rulebook:refs", self.prolog_module, ids, direction, depth)
        return [from_json(RefTree, d) for d in data]

    def search(self, text: str, edition: str | None = None) -> list[SearchHit]:
        """Units whose words match the words of ``text`` in any grammatical form (pymorphy3 lemmas;
        case and «ё»/«е» do not matter: «регенерация» finds «Регенерации», «вайл» finds «Вайла»).

        Returns hits best first: units matching more of the query's words, then more matches, then
        those containing the query as written, then reading order.

        Raises:
            InputError: ``text`` has no word.
            NotFoundError: unknown edition.
        """
        from .morph import content_words, fold, lemmas, tokens

        if not isinstance(text, str) or not tokens(text):
            raise InputError("search text has no word to look for")
        edition = self.check_edition(edition)
        query = [lemmas(t.text) for t in content_words(tokens(text))]
        needle = fold(" ".join(text.split()))
        rb = self.rulebook
        paragraphs = {p.id: p for p in rb.paragraphs}
        hits: list[tuple[tuple, SearchHit]] = []
        for unit in rb.units():
            if edition and unit.edition != edition:
                continue
            shown = unit.display_text
            words = tokens(shown)
            matched = [w for w in words if any(q & lemmas(w.text) for q in query)]
            distinct = sum(1 for q in query if any(q & lemmas(w.text) for w in words))
            if not distinct:
                continue
            kind = {"Paragraph": "paragraph", "ListItem": "list_item", "Example": "example"}[type(unit).__name__]
            para_id = unit.id if kind == "paragraph" else getattr(unit, "paragraph", None)
            para = paragraphs.get(para_id) if para_id else None
            first = matched[0]
            start, end = max(0, first.start - 50), min(len(shown), first.end + 50)
            snippet = ("…" if start else "") + shown[start:first.start] + "[" + shown[first.start:first.end] + "]" \
                + shown[first.end:end] + ("…" if end < len(shown) else "")
            hit = SearchHit(
                unit=unit.id, kind=kind, edition=unit.edition, paragraph=para_id,
                number=para.number if para else None, snippet=snippet, matches=len(matched),
                source=SourceRef(unit.span.fragment, unit.span.line_start, unit.span.line_end),
                words=distinct, of_words=len(query),
            )
            rank = (-distinct, -len(matched), needle not in fold(shown), unit.edition, unit.order)
            hits.append((rank, hit))
        hits.sort(key=lambda t: t[0])
        return [h for _, h in hits]

    # -- cards and links ---------------------------------------------------------------------------

    @property
    def kb_cards(self) -> dict[str, Any]:
        """The KB's own card facts (``kb/cards.yaml``), by folded name."""
        from .cards import load_cards

        return load_cards(self.kb_dir)

    @property
    def db_cards(self) -> "tuple[CardRecord, ...]":
        """The cards of the last ``cards import`` into this KB (none before one)."""
        from .carddb import load_imported

        return load_imported(self.kb_dir)

    def lexicon_names(self) -> tuple[list[str], list[str]]:
        """(card names, feature names) the KB knows: the imported database's and const.json's,
        ``kb/cards.yaml`` (names, other forms, features) and ``kb/features.yaml``."""
        from .carddb import imported_features
        from .cards import load_feature_names

        cards = [c.name for c in self.db_cards]
        features = list(imported_features(self.kb_dir)) + load_feature_names(self.kb_dir)
        for c in self.kb_cards.values():
            cards.append(c["name"])
            cards.extend(c.get("forms") or [])
            features.extend(f["name"] for f in c.get("features") or [] if isinstance(f, dict) and f.get("name"))
            features.extend(g["name"] for g in c.get("grants") or [] if isinstance(g, dict) and g.get("name"))
        return cards, features

    def card_forms(self) -> dict[str, str]:
        """Other names of the KB's cards (``forms`` in ``kb/cards.yaml``) → the card's name."""
        return {f: c["name"] for c in self.kb_cards.values() for f in c.get("forms") or []}

    @property
    def links(self) -> "Links":
        """Every mention of a card or feature in the rulebook, linked (cached by content)."""
        from .cards import card_key
        from .linking import Lexicon, Links, link

        cards, features = self.lexicon_names()
        digest = self._links_key(cards, features)
        if digest in _LINKS:
            return _LINKS[digest]
        path = cache_dir() / "links" / f"{digest}.pickle"
        links = read_pickle(path, Links)
        if links is None:  # missing or unreadable cache entry: link again
            db = {card_key(c.name) for c in self.db_cards}
            not_in_db = [c["name"] for c in self.kb_cards.values() if card_key(c["name"]) not in db] if db else []
            links = link(self.rulebook, Lexicon(cards, features, self.card_forms()), not_in_db)
            write_pickle(path, links)
        _LINKS[digest] = links
        return links

    def _links_key(self, cards: list[str] | None = None, features: list[str] | None = None) -> str:
        if cards is None or features is None:
            cards, features = self.lexicon_names()
        return hashlib.sha256(
            "\0".join([self.rulebook.source_digest, __version__, *sorted(cards), "|", *sorted(features), "|",
                       *sorted(f"{k}={v}" for k, v in self.card_forms().items())]).encode()
            + code_key(*_IMPORTER_CODE, *_LINKING_CODE, libraries=MORPHOLOGY)
        ).hexdigest()[:32]

    def _not_a_card(self, name: str, cards: list[str]) -> str:
        """Why ``name`` names no card: it is a feature (mentioned where), or close card names."""
        from rapidfuzz import fuzz, process

        from .cards import card_key

        features = self.lexicon_names()[1]
        found = _named(name, {f: f for f in features})
        if found:
            feature = found[0]
            data = engine().call("rulebook:mentions", self.prolog_module, self.cards_module, "feature",
                                 card_key(feature))
            places = list(dict.fromkeys(f"{m['number'] or m['paragraph'] or m['unit']} ({m['edition']})" for m in data))
            where = (f"mentioned {len(data)} time{'s' if len(data) != 1 else ''} in " + ", ".join(places[:10])
                     + (", …" if len(places) > 10 else "")) if data else "not mentioned in the rulebook"
            return f"{_shown(name)} is the feature «{feature}», not a card: {where}"
        near = [n for n, _, _ in process.extract(name, cards, scorer=fuzz.ratio, processor=card_key,
                                                 score_cutoff=75, limit=3)]
        hint = f" (did you mean: {', '.join(near)}?)" if near else ""
        return f"no card {_shown(name)} in this KB{hint}"

    @property
    def cards_module(self) -> str:
        """The Prolog module holding the cards the KB knows and the mentions of cards and features
        (generated, cached, loaded on first use)."""
        from .carddb import imported_digest
        from .facts import cards_facts_text

        links = self.links
        name = "kbc_" + hashlib.sha256(
            f"{self._links_key()}\0{imported_digest(self.kb_dir)}".encode()).hexdigest()[:16]
        if name not in _LOADED_MODULES:
            text = cards_facts_text(name, self.db_cards, self.kb_cards, links)
            facts = write_atomic(cache_dir() / "facts" / f"{name}.pl", text)
            engine().load([facts, PROLOG_DIR / "lookup" / "rulebook.pl"])
            _LOADED_MODULES.add(name)
        return name

    def cards_named(self, name: str) -> "list[CardView]":
        """The card(s) ``name`` names — exactly (any case, «ё»/«е», other forms), else in another
        grammatical form («Вайла» → Вайл; the same lemma as the same part of speech) — with their
        facts and the units that mention them.

        Raises:
            InputError: ``name`` is empty.
            NotFoundError: no such card; the message says where a feature of that name is
                mentioned, or suggests close card names (rapidfuzz ratio ≥ 75).
        """
        from .cards import card_key
        from .morph import tokens

        if not isinstance(name, str) or not tokens(name):
            raise InputError("card name is empty")
        names: dict[str, str] = {}
        for c in self.db_cards:
            names.setdefault(card_key(c.name), c.name)
        for c in self.kb_cards.values():
            names.setdefault(card_key(c["name"]), c["name"])
        keys = _named(name, {**{n: k for k, n in names.items()},
                             **{f: card_key(n) for f, n in self.card_forms().items()}})
        if not keys:
            raise NotFoundError(self._not_a_card(name, list(names.values())))
        module = self.cards_module
        out = []
        for k in keys:
            shown = names[k]
            kb_card = self.kb_cards.get(k)
            data = engine().call("rulebook:mentions", self.prolog_module, module, "card", k)
            mentions = [from_json(CardMention, d) for d in data]
            out.append(CardView(
                name=shown, database=tuple(c for c in self.db_cards if card_key(c.name) == k),
                kb_facts=kb_card, mentions=tuple(mentions),
            ))
        return out

    # -- why ---------------------------------------------------------------------------------------

    def why(self, scenario: "dict | Path | str", edition: str | None = None) -> "WhyResult":
        """Compute a scenario (file path or data, contract v1) and justify every result.

        Returns a :class:`~berserk_kb.why.WhyResult`; see :mod:`berserk_kb.why`.

        Raises:
            ScenarioError: malformed scenario, unknown card or edition, a mechanic the edition does
                not contain (the message names the file and field path).
        """
        from .why import run

        return run(self, scenario, edition)

    def why_batch(self, scenarios: "list[dict]", edition: str | None = None) -> "list[WhyResult]":
        """Compute many scenarios (data) with one call into Prolog; see :func:`berserk_kb.why.run_batch`.

        Raises:
            ScenarioError: a scenario cannot be computed (the field path starts with ``scenarios[i]``).
        """
        from .why import run_batch

        return run_batch(self, scenarios, edition)

    # -- the graph -------------------------------------------------------------------------------

    @property
    def graph(self) -> "rdflib.Graph":
        """The rulebook as an RDF graph (built on first use in this process; treat it as
        read-only); see :mod:`berserk_kb.graph`."""
        key = self.rulebook.source_digest
        if key not in _GRAPHS:
            from .graph import build_graph

            _GRAPHS[key] = build_graph(self.rulebook)
        return _GRAPHS[key]

    @property
    def full_graph(self) -> "rdflib.Graph":
        """:attr:`graph` plus the cards the KB knows and every mention of a card or feature in
        the text (export and SPARQL use it; treat it as read-only)."""
        from .carddb import imported_digest

        links = self.links
        key = "\0".join(["full", self._links_key(), imported_digest(self.kb_dir)])
        if key not in _GRAPHS:
            from .graph import add_cards_and_mentions, build_graph

            # built afresh rather than copied from :attr:`graph`: one graph in memory, not two
            g = build_graph(self.rulebook)
            _GRAPHS[key] = add_cards_and_mentions(g, self.db_cards, self.kb_cards, links)
        return _GRAPHS[key]


# In-process memos: a rulebook is parsed, loaded into Prolog and turned into a graph once per
# process; every key is derived from the content of the sources.
_PARSED: dict[tuple[str, str], Rulebook] = {}

_LOADED_MODULES: set[str] = set()
_GRAPHS: dict[str, "rdflib.Graph"] = {}
_LINKS: dict[str, "Links"] = {}
_LINKING_CODE = [Path(__file__).with_name(n) for n in ("linking.py", "morph.py")]


def _facts_file(name: str, rulebook: Rulebook) -> Path:
    """The generated facts file of ``rulebook`` in the cache, written when missing or damaged.

    Its name is a digest of the sources, the importer's and the generator's code and the library
    versions, so a file of that name holds exactly these facts; the file ends with the SHA-256 of
    what precedes it, so one damaged after it was written is generated again (at 10k paragraphs
    generating costs ~1 s, checking ~10 ms)."""
    key = hashlib.sha256(f"{rulebook.source_digest}\0{__version__}\0".encode()
                         + code_key(*_IMPORTER_CODE, Path(__file__).with_name("facts.py"), libraries=MORPHOLOGY))
    path = cache_dir() / "facts" / f"{name}-{key.hexdigest()[:16]}.pl"
    try:
        raw = path.read_bytes()
        body, _, trailer = raw.rstrip(b"\n").rpartition(b"\n")
        if trailer == b"% sha256 " + hashlib.sha256(body + b"\n").hexdigest().encode():
            return path
    except OSError:
        pass
    text = facts_text(rulebook).rstrip("\n") + "\n"
    trailer = f"% sha256 {hashlib.sha256(text.encode('utf-8')).hexdigest()}\n"
    return write_atomic(path, text + trailer)


def _parsed(kb_dir: Path) -> Rulebook:
    """Parse ``kb_dir``, reusing an earlier parse when no byte of its sources folder, of the
    importer's code or of the package version changed: first from this process, then from the
    cache folder (a pickle written atomically; one that does not load is ignored and rewritten).
    The key is a digest of content, never a timestamp."""
    sources = kb_dir / "sources"
    try:
        parts = [code_key(*_IMPORTER_CODE, libraries=MORPHOLOGY)]
        for f in sorted(sources.iterdir()):
            if f.is_file():
                parts += [f.name, f.read_bytes()]
    except OSError:
        return parse_rulebook(kb_dir)  # let the importer report what is wrong
    path = entry_path("model", *parts)
    memo = (str(kb_dir.resolve()), path.name)
    if memo in _PARSED:
        return _PARSED[memo]
    rulebook = read_pickle(path, Rulebook)
    if rulebook is None:  # missing or unreadable cache entry: parse again
        rulebook = parse_rulebook(kb_dir)
        write_pickle(path, rulebook)
    _PARSED[memo] = rulebook
    return rulebook


# the importer tells headings by morphology, so morph.py is part of its code
_IMPORTER_CODE = [Path(__file__).with_name(n) for n in ("parse.py", "model.py", "manifest.py", "morph.py")]


