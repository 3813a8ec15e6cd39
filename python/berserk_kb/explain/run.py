"""Why did this happen: run a scenario in Prolog and get its results with their proof trees.

The proof tree comes from the meta-interpreter (the inference itself); this module only adds, for
each cited unit, what the rulebook model says of it (:mod:`.citations`), the worked examples of the
cited paragraphs, and the cards that go with the explanation: the scenario's own cards, every one
(by the spelling of ``kb/cards.yaml`` when the KB knows it), and the cards the linking finds
mentioned in the cited examples.
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from ..engine.runner import run_scenario, run_scenarios
from ..errors import ScenarioError
from ..lexicon.cards import card_key
from ..lexicon.linking import units_mentioning
from ..progress import working
from ..scenario.load import load_scenario_and_written, normalise, validate_scenario
from ..scenario.marks import located
from .book import Book
from .citations import CitationIndex
from .results import Citation, EventResult, ExampleQuote, ProofNode, WhyResult


def run(book: Book, scenario: dict[str, Any] | Path | str, edition: str | None = None,
        where: str | None = None) -> WhyResult:
    """Compute a scenario (a file path, or scenario data) under its edition or ``edition``; errors name
    the file, or ``where`` (default ``scenario``) for data.

    Raises:
        ScenarioError: the scenario is malformed, names an unknown card, uses an edition the rulebook
            or the mechanics do not have, or asks for a mechanic the edition does not contain; the
            message names the file (with the line of the field, for a file) and the field path
            (``event`` is set when an event failed).
    """
    if not isinstance(scenario, (str, Path)):
        data = validate_scenario(scenario, where or "scenario", book.kb_cards, book.lexicon_names()[1])
        return _run(book, data, edition, where or "scenario", None, scenario)
    try:
        known = book.lexicon_names()[1]
        data, written = load_scenario_and_written(scenario, book.kb_cards, known)
        return _run(book, data, edition, str(scenario), str(scenario), written)
    except ScenarioError as exc:
        raise located(exc, scenario) from None


def _run(book: Book, data: dict[str, Any], edition: str | None, where: str, source: str | None,
         written: dict[str, Any]) -> WhyResult:
    ed = data["edition"] if edition is None else edition
    field = "edition" if edition is None else "--edition"
    if book.rulebook.edition(ed) is None:
        known = ", ".join(e.id for e in book.rulebook.editions)
        detail = f"field {field}: unknown edition {ed!r} (this rulebook has: {known})"
        raise ScenarioError(f"{where}: {detail}", path=where, field=field, edition=ed, detail=detail,
                            refusal={"kind": "input_unknown_edition", "values": [repr(ed), known]})
    editions = book.encoded_editions
    if ed not in editions:
        detail = f"field {field}: no mechanics are encoded for edition {ed!r} (encoded: {', '.join(editions)})"
        raise ScenarioError(f"{where}: {detail}", path=where, field=field, edition=ed, detail=detail,
                            refusal={"kind": "input_edition_not_encoded", "values": [repr(ed), ", ".join(editions)]})
    events = len(data["events"])
    with working(f"working out {events:,} events") if events >= LONG_SCENARIO else nullcontext():
        payload = scenario_payload(book, data, ed, where, written)
        reply = run_scenario(payload)
        _raise_failed(where, reply, ed, book)
        return _enrich(_Context(book), ed, source, reply, data)


#: A scenario of this many events takes a second or more: the command line says it is working.
LONG_SCENARIO = 200


#: Scenarios sent to Prolog in one call by :func:`run_batch`: the data text and the answer of a chunk
#: are in memory at once, never those of the whole batch.
CHUNK = 100


def run_batch(book: Book, scenarios: list[dict[str, Any]], edition: str | None = None) -> list[WhyResult]:
    """Compute many scenarios (data, contract v2) with one call into Prolog per :data:`CHUNK` of them;
    every scenario is validated before the first is run.

    Returns one :class:`WhyResult` per scenario, in order, equal to what :func:`run` gives for each.

    Raises:
        ScenarioError: as :func:`run`; the field path starts with ``scenarios[i]``.
    """
    encoded = book.encoded_editions
    eds, payloads = [], []
    for i, s in enumerate(scenarios):
        where = f"scenarios[{i}]"
        data = validate_scenario(s, where, book.kb_cards, book.lexicon_names()[1])
        ed = edition or data["edition"]
        if book.rulebook.edition(ed) is None or ed not in encoded:
            raise ScenarioError(f"{where}: field edition: no mechanics for edition {ed!r} in this rulebook",
                                path=where, field="edition", edition=ed)
        eds.append(ed)
        payloads.append(scenario_payload(book, data, ed, where, s))
    context = _Context(book)
    out: list[WhyResult] = []
    for start in range(0, len(payloads), CHUNK):
        replies = run_scenarios(payloads[start:start + CHUNK])
        payloads[start:start + CHUNK] = [{}] * len(replies)  # let the data go once sent
        for i, reply in enumerate(replies, start):
            _raise_failed(f"scenarios[{i}]", reply, eds[i], book)
        out += [_enrich(context, eds[i], None, reply, scenarios[i]) for i, reply in enumerate(replies, start)]
    return out


def scenario_payload(book: Book, data: dict[str, Any], edition: str, where: str,
                     written: dict[str, Any]) -> dict[str, Any]:
    """What is sent to the runner for the validated scenario ``data`` (as ``written`` in its file) under
    ``edition``: :func:`~berserk_kb.scenario.load.normalise`'s dict, with the loaded text's absent units,
    the card text of the card facts' effects, and where strike values, features and grants are written."""
    return _with_hit_from(book, _with_card_text(book, _with_text(book, normalise(data, edition, where))), written)


def _with_text(book: Book, payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with ``absent_units``: the units the edition's data names that the loaded text
    lacks (none in a complete rulebook: the key is then left out), which the engine refuses the
    rules of (``editions:absent_in_text/1``; :attr:`~.book.Book.absent_units`)."""
    absent = book.absent_units.get(payload["edition"])
    if absent:
        payload["absent_units"] = absent
    return payload


def _with_card_text(book: Book, payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with ``card_text`` on every effect a card takes from the card facts (kb/cards.yaml:
    it names such a card and its effects are that card's, their ids prefixed with its handle): the
    ids of the examples of the edition that mention the card, in reading order — where the rulebook
    quotes that card's text, which the rules cite for what the effect does (a prevention's scope:
    Габриэль's «когда ваше существо получает раны»). An effect the scenario writes has none."""
    examples = {x.id: x for x in book.rulebook.examples if x.edition == payload["edition"]}
    if not examples:
        return payload
    mentioning = units_mentioning(book.links)
    for card in payload["cards"]:
        known = book.kb_cards.get(card_key(card["name"]))
        theirs = [{**e, "id": f"{card['id']}_{e.get('id')}"} for e in (known or {}).get("effects") or []]
        quoted = sorted((u for u in mentioning.get(card_key(card["name"]), ()) if u in examples),
                        key=lambda u: examples[u].order)
        if quoted and theirs and [{k: e.get(k) for k in t} for e, t in zip(card["effects"], theirs)] == theirs \
                and len(card["effects"]) == len(theirs):
            card["effects"] = [{**e, "card_text": quoted} for e in card["effects"]]
    return payload


def _with_hit_from(book: Book, payload: dict[str, Any], written: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with ``hit_from`` (the card facts' file, ``kb/cards.yaml``) on every card whose
    strike values (``hit``) the scenario as ``written`` does not give and the card facts do: the
    step that reads a value of them says where it is written (rules/attack.pl strike_value); and
    with ``facts_from``, the keys (``features``, ``grants``) the card facts give a card the scenario
    as written gives none of: what they name is the card's text, not a field of the input an edition
    without its rule refuses (start_fields.pl)."""
    cards = written.get("cards") if isinstance(written, dict) else None
    as_written = {c.get("id"): c for c in (cards if isinstance(cards, list) else []) if isinstance(c, dict)}
    for card in payload["cards"]:
        own = as_written.get(card["id"])
        if own is None:
            continue
        known = book.kb_cards.get(card_key(card["name"])) or {}
        if "hit" not in own and known.get("hit") is not None:
            card["hit_from"] = f"{book.kb_dir.name}/cards.yaml".encode("utf-8", "backslashreplace").decode()  # text
        facts = [k for k in ("features", "grants") if known.get(k) and k not in own]
        if facts:
            card["facts_from"] = facts
    return payload


class _Context:
    """What every answer of a knowledge base is enriched with, read once per call (a batch's too):
    the citation index, the KB's own cards by key, and for each unit the keys of those of them it mentions."""

    def __init__(self, book: Book) -> None:
        self.citations = book.citations
        self.known = {card_key(card["name"]): card["name"] for card in book.kb_cards.values()}
        self.cards_in: dict[str, set[str]] = {}
        for key, units in units_mentioning(book.links).items():
            if key in self.known:
                for unit in units:
                    self.cards_in.setdefault(unit, set()).add(key)


#: A unit id inside an engine message (``A:модификатор-правил-игры-для``, a numbered one).
_UNIT_ID = re.compile(r"\b[A-Z][A-Z0-9]*:[^\s,;()]+")


def _printed(book: Book, message: str) -> str:
    """``message`` with each unit id of the rulebook replaced by its printed reference (its number
    and label, or its opening words: :meth:`~.results.Citation.ref`) — an id is the model's, not the book's."""
    def ref(m: re.Match[str]) -> str:
        c = book.citations.citation(m.group(0))
        return m.group(0) if c.kind == "missing" else c.ref()
    return _UNIT_ID.sub(ref, message)


def _raise_failed(where: str, reply: dict[str, Any], edition: str, book: Book) -> None:
    if "failed" in reply:
        f = {**reply["failed"]}
        f["message"] = _printed(book, f["message"])
        if "path" in f:  # a value a card holds, not an event
            field = f["path"]
        else:
            field = f"events[{f['event']}].{f['kind']}" + (f".{f['field']}" if f.get("field") else "")
        refusal = f.get("refusal")
        if isinstance(refusal, dict):
            refusal = {"kind": refusal.get("kind"), "values": _printed_values(book, refusal.get("values"))}
        detail = f"field {field}: {f['message']}"
        raise ScenarioError(f"{where}: {detail}", path=where, field=field, event=f.get("event"),
                            edition=edition, refusal=refusal or None, detail=detail)


def _printed_values(book: Book, value: Any) -> Any:
    """A refusal's values with every unit id in a text printed as :func:`_printed` does."""
    if isinstance(value, list):
        return [_printed_values(book, v) for v in value]
    if isinstance(value, dict):  # the parts of what an edition's text does not say (editions:missing_why/3)
        return {k: _printed_values(book, v) for k, v in value.items()}
    return _printed(book, value) if isinstance(value, str) else value


def _enrich(context: _Context, ed: str, source: str | None, reply: dict[str, Any], data: Any) -> WhyResult:
    citations, known = context.citations, context.known
    # the scenario's own cards, every one (a card the KB knows by its own spelling), then the cited examples'
    own: dict[str, str] = {}
    for card in reply["final_state"]["cards"]:
        own.setdefault(card_key(card["name"]), known.get(card_key(card["name"]), card["name"]))
    events = []
    for ev in reply["events"]:
        node = _node(citations, ev["explanation"])
        cites = node.all_cites()
        cited = list(dict.fromkeys(c.number or c.title or c.id for c in cites))
        examples = _examples(citations, cites)
        hit = {key for x in examples for key in context.cards_in.get(x.id, ())}
        cards = (*own.values(), *(name for key, name in known.items() if key in hit and key not in own))
        events.append(EventResult(ev["index"], ev["kind"], ev["result"], tuple(cited), node, examples, cards))
    written = data.get("cards") if isinstance(data, dict) else None
    names = {c["id"]: c["name"] for c in written or [] if isinstance(c, dict) and isinstance(c.get("name"), str)}
    return WhyResult(ed, source, tuple(events), reply["final_state"], names)


def _node(citations: CitationIndex, raw: dict[str, Any]) -> ProofNode:
    cites = tuple(citations.citation(i) for i in raw["cites"])
    first = cites[0] if cites else None
    return ProofNode(
        step=raw["step"],
        paragraph=first.id if first and not first.cut_off() else None,  # a piece of no known paragraph
        number=first.number if first else None,
        edition=first.edition if first else None,
        inputs=raw["inputs"],
        value=raw["value"],
        cites=cites,
        children=tuple(_node(citations, c) for c in raw["children"]),
    )


def _examples(citations: CitationIndex, cites: list[Citation]) -> tuple[ExampleQuote, ...]:
    """The examples of the cited paragraphs (and of the paragraphs of cited items), and the cited
    examples themselves, each once."""
    seen: dict[str, ExampleQuote] = {}
    for c in cites:
        host = c.id if c.kind == "paragraph" else c.paragraph
        for x in citations.examples(host) if host else ():
            seen.setdefault(x.id, x)
        if c.kind == "example" and c.id not in seen and c.text:
            seen[c.id] = ExampleQuote(c.id, c.label or "", c.number, c.paragraph, c.number or c.title or c.id, c.text)
    return tuple(seen.values())
