"""Why did this happen: run a scenario, get results with their proof trees, render them.

The proof tree comes from ``prolog/explain.pl`` (the inference itself); this module only adds, for
each cited unit, what the graph says about it (Russian text, printed number, edition, examples,
cards) and renders the tree as text (Russian or English labels, Russian quotes either way), JSON, or
Turtle (each step a ``prov:Activity`` that ``prov:used`` its paragraph).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import load_cards
from .errors import ScenarioError
from .scenario import event_kind, load_scenario, normalise, validate_scenario

if TYPE_CHECKING:
    from .kb import KnowledgeBase


@dataclass(frozen=True)
class Citation:
    """A unit of the rulebook a step cites, as the graph has it.

    ``kind`` is ``paragraph``, ``list_item``, ``example``, or ``missing`` (the id is not in the loaded
    rulebook); ``number`` is the printed number of the paragraph the unit belongs to.
    """

    id: str
    kind: str
    edition: str | None
    number: str | None
    label: str | None
    title: str | None
    text: str | None
    paragraph: str | None
    source: str | None
    marker: str | None = None

    def ref(self) -> str:
        """A short printed reference: the number with the list item's marker (``<number> а)``), the
        number and the example's label (``<number>, ПРИМЕР 1``), the heading, or the id."""
        base = self.number or self.title or self.id
        if self.kind == "list_item" and (self.marker or self.label):
            return f"{base} {self.marker or self.label}"
        if self.kind == "paragraph" and self.number and self.label:
            return f"{base} {self.label}"
        if self.kind == "example" and self.label:
            return f"{base}, {self.label}"
        return base


@dataclass(frozen=True)
class ProofNode:
    """One step of a justification: the clause that produced ``value`` from ``inputs``, the units it
    cites (``paragraph`` is the first) and the steps it used (``children``)."""

    step: str
    paragraph: str | None
    number: str | None
    edition: str | None
    inputs: dict[str, Any]
    value: Any
    cites: tuple[Citation, ...]
    children: tuple["ProofNode", ...]


@dataclass(frozen=True)
class ExampleQuote:
    """A worked example that goes with a cited paragraph; ``where`` is the paragraph's printed
    reference (its number, or its heading and opening words)."""

    id: str
    label: str
    number: str | None
    paragraph: str | None
    where: str
    text: str


@dataclass(frozen=True)
class EventResult:
    """One event: ``result`` (``{"value", "unmodified"}`` for a die roll, ``{"strength", "strike"}``
    for an attack, ``{"performed", …}`` for a feature change), the printed numbers its proof cites,
    the proof tree, and the examples and cards that go with the cited paragraphs."""

    index: int
    kind: str
    result: dict[str, Any]
    cited: tuple[str, ...]
    explanation: ProofNode
    examples: tuple[ExampleQuote, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True)
class WhyResult:
    """``berserk-kb why``: every event's result and justification, and the final state."""

    edition: str
    source: str | None
    events: tuple[EventResult, ...]
    final_state: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The contract-v1 JSON: ``{"edition", "events": [{"kind", "result", "cited",
        "explanation"}], "final_state": {"cards": [...]}}`` (plus examples and cards per event)."""
        return asdict(self)


# --- running ------------------------------------------------------------------------------------


def run(kb: "KnowledgeBase", scenario: dict[str, Any] | Path | str, edition: str | None = None) -> WhyResult:
    """Compute a scenario (a file path, or scenario data) under its edition or ``edition``.

    Raises:
        ScenarioError: the scenario is malformed, names an unknown card, uses an edition the rulebook
            or the mechanics do not have, or asks for a mechanic the edition does not contain; the
            message names the file and the field path.
    """
    from .paths import PROLOG_DIR
    from .prolog import engine

    cards = load_cards(kb.kb_dir)
    if isinstance(scenario, (str, Path)):
        where = str(scenario)
        data = load_scenario(scenario, cards)
    else:
        where = "scenario"
        data = validate_scenario(scenario, where, cards)
    ed = edition or data["edition"]
    field = "edition" if edition is None else "--edition"
    if kb.rulebook.edition(ed) is None:
        known = ", ".join(e.id for e in kb.rulebook.editions)
        raise ScenarioError(f"{where}: field {field}: unknown edition {ed!r} (this rulebook has: {known})")
    eng = engine()
    eng.load([PROLOG_DIR / "engine" / "scenario.pl"])
    editions = eng.call("scenario:mechanics_editions")
    if ed not in editions:
        raise ScenarioError(
            f"{where}: field {field}: no mechanics are encoded for edition {ed!r} (encoded: {', '.join(editions)})"
        )
    payload = normalise(data, ed, where)
    reply = eng.call("scenario:run", payload)
    if "failed" in reply:
        f = reply["failed"]
        raise ScenarioError(f"{where}: field events[{f['event']}].{f['kind']}: {f['message']}")
    return _enrich(kb, data, ed, where if isinstance(scenario, (str, Path)) else None, reply)


def run_batch(kb: "KnowledgeBase", scenarios: list[dict[str, Any]], edition: str | None = None) -> list[WhyResult]:
    """Compute many scenarios (data, contract v1) with one call into Prolog.

    Returns one :class:`WhyResult` per scenario, in order.

    Raises:
        ScenarioError: as :func:`run`; the field path starts with ``scenarios[i]``.
    """
    from .paths import PROLOG_DIR
    from .prolog import engine

    cards = load_cards(kb.kb_dir)
    eng = engine()
    eng.load([PROLOG_DIR / "engine" / "scenario.pl"])
    encoded = eng.call("scenario:mechanics_editions")
    datas, payloads = [], []
    for i, s in enumerate(scenarios):
        where = f"scenarios[{i}]"
        data = validate_scenario(s, where, cards)
        ed = edition or data["edition"]
        if kb.rulebook.edition(ed) is None or ed not in encoded:
            raise ScenarioError(f"{where}: field edition: no mechanics for edition {ed!r} in this rulebook")
        datas.append((data, ed))
        payloads.append(normalise(data, ed, where))
    replies = eng.call("scenario:run_all", payloads)
    out = []
    for i, ((data, ed), reply) in enumerate(zip(datas, replies)):
        if "failed" in reply:
            f = reply["failed"]
            raise ScenarioError(f"scenarios[{i}]: field events[{f['event']}].{f['kind']}: {f['message']}")
        out.append(_enrich(kb, data, ed, None, reply))
    return out


_LOOKUPS: dict[str, "_Lookup"] = {}


def _enrich(kb: "KnowledgeBase", data: dict[str, Any], ed: str, source: str | None, reply: dict[str, Any]) -> WhyResult:
    key = kb.rulebook.source_digest
    if key not in _LOOKUPS:
        _LOOKUPS[key] = _Lookup(kb)  # what the graph says of a unit does not change: read it once
    look = _LOOKUPS[key]
    try:
        return _enriched(look, kb, data, ed, source, reply)
    finally:
        look.save()


def _enriched(look: "_Lookup", kb: "KnowledgeBase", data: dict[str, Any], ed: str, source: str | None,
              reply: dict[str, Any]) -> WhyResult:
    kb_cards = load_cards(kb.kb_dir)
    events = []
    for ev in reply["events"]:
        node = _node(look, ev["explanation"])
        cites = _all_cites(node)
        cited: list[str] = []
        for c in cites:
            label = c.number or c.title or c.id
            if label not in cited:
                cited.append(label)
        examples = _examples(look, cites)
        cards = _cards(kb_cards, cites, examples)
        events.append(EventResult(ev["index"], ev["kind"], ev["result"], tuple(cited), node, examples, cards))
    return WhyResult(ed, source, tuple(events), reply["final_state"])


def _node(look: "_Lookup", raw: dict[str, Any]) -> ProofNode:
    cites = tuple(look.citation(i) for i in raw["cites"])
    first = cites[0] if cites else None
    return ProofNode(
        step=raw["step"],
        paragraph=first.id if first else None,
        number=first.number if first else None,
        edition=first.edition if first else None,
        inputs=raw["inputs"],
        value=raw["value"],
        cites=cites,
        children=tuple(_node(look, c) for c in raw["children"]),
    )


def _all_cites(node: ProofNode) -> list[Citation]:
    out = list(node.cites)
    for child in node.children:
        out.extend(_all_cites(child))
    return out


def _examples(look: "_Lookup", cites: list[Citation]) -> tuple[ExampleQuote, ...]:
    seen: dict[str, ExampleQuote] = {}
    for c in cites:
        host = c.id if c.kind == "paragraph" else c.paragraph
        for x in look.examples(host) if host else []:
            seen.setdefault(x.id, x)
        if c.kind == "example" and c.id not in seen and c.text:
            seen[c.id] = ExampleQuote(c.id, c.label or "", c.number, c.paragraph, c.number or c.title or c.id, c.text)
    return tuple(seen.values())


def _cards(kb_cards: dict[str, Any], cites: list[Citation], examples: tuple[ExampleQuote, ...]) -> tuple[str, ...]:
    """The cards of kb/cards.yaml that go with the cited units: listed as mentioned in one of them
    (or in one of their examples)."""
    units = {c.id for c in cites} | {x.id for x in examples} | {c.paragraph for c in cites if c.paragraph}
    return tuple(card["name"] for card in kb_cards.values() if set(card.get("mentioned_in") or []) & units)


class _Lookup:
    """Reads cited units from the KB's RDF graph.

    What the graph says of a unit is kept in a citation index in the cache folder
    (``citations/<key>.pickle``, written atomically; the key is a digest of the rulebook's sources,
    of the importer's, the graph builder's and this module's code and of the package version), so a later process
    quotes the units it has seen before without building the graph or importing rdflib."""

    def __init__(self, kb: "KnowledgeBase") -> None:
        from .cache import MORPHOLOGY, code_key, entry_path, read_pickle
        from .kb import _IMPORTER_CODE

        self.kb = kb
        self.path = entry_path("citations", kb.rulebook.source_digest,
                               code_key(*_IMPORTER_CODE, Path(__file__), Path(__file__).with_name("graph.py"),
                                        libraries=MORPHOLOGY))
        stored = read_pickle(self.path, dict) or {}
        self._cache: dict[str, Citation] = stored.get("citations", {})
        self._examples: dict[str, list[ExampleQuote]] = stored.get("examples", {})
        self._dirty = False
        self._graph = None

    @property
    def g(self):
        if self._graph is None:
            from .graph import BKB, iri

            self._graph = self.kb.graph
            self.BKB = BKB
            self.iri = iri
        return self._graph

    def save(self) -> None:
        """Write the index back when this process added to it (a cache that cannot be written
        is skipped: the answer does not depend on it)."""
        if not self._dirty:
            return
        from .cache import write_pickle
        from .errors import InputError

        try:
            write_pickle(self.path, {"citations": self._cache, "examples": self._examples})
            self._dirty = False
        except InputError:
            pass

    def citation(self, uid: str) -> Citation:
        if uid in self._cache:
            return self._cache[uid]
        from rdflib import RDF
        from rdflib.namespace import DCTERMS, SKOS

        self._dirty = True
        g, BKB = self.g, self.BKB
        node = self.iri(uid)
        types = set(g.objects(node, RDF.type))
        text = g.value(node, BKB.text)
        edition = g.value(g.value(node, BKB.edition), DCTERMS.identifier)
        line = g.value(node, BKB.lineStart)
        frag = g.value(node, g.namespace_manager.expand_curie("prov:wasDerivedFrom"))
        source = f"{g.value(frag, DCTERMS.identifier)}:{line}" if frag is not None and line is not None else None
        label = g.value(node, BKB.label)
        marker = g.value(node, BKB.marker)
        if BKB.Paragraph in types:
            kind, host = "paragraph", None
            number = g.value(node, SKOS.notation)
            title = g.value(node, DCTERMS.title)
            if number is None and title is None:
                # plain text: the number (or heading) of the paragraph it stands under, and its opening
                parent = g.value(node, BKB.parent)
                number = g.value(parent, SKOS.notation) if parent is not None else None
                heading = g.value(parent, DCTERMS.title) if parent is not None else None
                opening = " ".join(str(text or "").split()[:4]) + "…"
                if number is None:
                    title = f"{heading} «{opening}»" if heading else f"«{opening}»"
                else:
                    label = f"«{opening}»"  # shown after the number: <number> «Взять карту под контроль…»
        elif BKB.ListItem in types or BKB.Example in types:
            kind = "list_item" if BKB.ListItem in types else "example"
            prop = BKB.item if kind == "list_item" else BKB.example
            host_node = g.value(predicate=prop, object=node)
            host = str(g.value(host_node, DCTERMS.identifier)) if host_node is not None else None
            hosted = self.citation(host) if host else None
            number = hosted.number if hosted else None
            title = hosted.title if hosted else None
        else:
            c = Citation(uid, "missing", None, None, None, None, None, None, None)
            self._cache[uid] = c
            return c
        c = Citation(
            id=uid, kind=kind, edition=str(edition) if edition else None,
            number=str(number) if number is not None else None,
            label=str(label) if label is not None else None,
            title=str(title) if title is not None else None,
            text=str(text) if text is not None else None, paragraph=host, source=source,
            marker=str(marker).strip() if marker is not None and kind == "list_item" else None,
        )
        self._cache[uid] = c
        return c

    def examples(self, paragraph_id: str) -> list[ExampleQuote]:
        if paragraph_id not in self._examples:
            self._dirty = True
            self._examples[paragraph_id] = self._read_examples(paragraph_id)
        return self._examples[paragraph_id]

    def _read_examples(self, paragraph_id: str) -> list[ExampleQuote]:
        g, BKB = self.g, self.BKB
        out = []
        for x in g.objects(self.iri(paragraph_id), BKB.example):
            c = self.citation(str(g.value(x, g.namespace_manager.expand_curie("dcterms:identifier"))))
            order = g.value(x, BKB.order)
            where = c.number or c.title or paragraph_id
            out.append((int(order) if order is not None else 0,
                        ExampleQuote(c.id, c.label or "", c.number, paragraph_id, where, c.text or "")))
        return [x for _, x in sorted(out, key=lambda t: t[0])]


# --- comparing editions -------------------------------------------------------------------------


@dataclass(frozen=True)
class EventComparison:
    index: int
    kind: str
    results: dict[str, Any]  # edition → result, or {"error": message}
    same: bool
    deciding: dict[str, tuple[Citation, ...]]  # edition → cited units of the steps that differ


@dataclass(frozen=True)
class Comparison:
    """``berserk-kb why FILE --edition A --edition B``: one situation under several editions."""

    editions: tuple[str, ...]
    events: tuple[EventComparison, ...]
    errors: dict[str, str]


def compare(kb: "KnowledgeBase", path: Path | str, editions: list[str], runner: Any = None) -> Comparison:
    """Run the scenario at ``path`` under each edition and compare event by event.

    For an event whose results differ, ``deciding`` names, per edition, the units cited by the
    steps that are not the same in the other edition (same step and modifier with other inputs or
    value, or a step only one edition takes).

    Raises:
        ScenarioError: as :func:`run`, except that a mechanic missing from one edition is reported
            in ``errors`` for that edition.
    """
    runner = runner or run
    runs: dict[str, WhyResult] = {}
    errors: dict[str, str] = {}
    for ed in editions:
        try:
            runs[ed] = runner(kb, path, ed)
        except ScenarioError as exc:
            if "field events[" not in str(exc):
                raise
            errors[ed] = str(exc)
    data = load_scenario(path)
    out = []
    for i, ev in enumerate(data["events"]):
        results = {ed: (runs[ed].events[i].result if ed in runs else {"error": errors[ed]}) for ed in editions}
        same = len({json.dumps(r, sort_keys=True) for r in results.values()}) == 1
        deciding: dict[str, tuple[Citation, ...]] = {}
        if not same and len(runs) >= 2:
            steps = {ed: _step_keys(runs[ed].events[i].explanation) for ed in runs}
            for ed in runs:
                others = [steps[o] for o in runs if o != ed]
                diff: list[Citation] = []
                for key, (sig, node) in steps[ed].items():
                    if any(o.get(key, (None,))[0] != sig for o in others):
                        for c in node.cites:
                            if c not in diff:
                                diff.append(c)
                deciding[ed] = tuple(diff)
        out.append(EventComparison(i, event_kind(ev), results, same, deciding))
    return Comparison(tuple(editions), tuple(out), errors)


def _step_keys(node: ProofNode, acc: dict | None = None, root: bool = True) -> dict[tuple, tuple[str, ProofNode]]:
    """Every step below the root, keyed by (step, modifier id, occurrence), with a signature of
    its inputs and value."""
    acc = {} if acc is None else acc
    if root and node.children:
        for child in node.children:
            _step_keys(child, acc, False)
        return acc
    mod = node.inputs.get("modifier") if isinstance(node.inputs, dict) else None
    mid = mod.get("id") if isinstance(mod, dict) else mod
    key = (node.step, mid, sum(1 for k in acc if k[0] == node.step and k[1] == mid))
    sig = json.dumps({"inputs": {k: v for k, v in node.inputs.items() if k != "edition"}, "value": node.value},
                     sort_keys=True, ensure_ascii=False)
    acc[key] = (sig, node)
    for child in node.children:
        _step_keys(child, acc, False)
    return acc


# --- rendering ----------------------------------------------------------------------------------

def _labels(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The labels of the steps and of the event kinds in ``lang``, from its language pack
    (``prolog/lang/<lang>.pl``, read with ``lang:pack/2``): ``(steps, kinds)``."""
    if lang not in _PACKS:
        from .paths import PROLOG_DIR
        from .prolog import engine

        eng = engine()
        eng.load([PROLOG_DIR / "lang" / "lang.pl"])
        pack = eng.call("lang:pack", lang)
        _PACKS[lang] = ({k: v["label"] for k, v in pack["steps"].items()},
                        {k: v["label"] for k, v in pack["events"].items()})
    return _PACKS[lang]


_PACKS: dict[str, tuple[dict[str, str], dict[str, str]]] = {}


def _fmt(value: Any, names: dict[str, str]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fmt(v, names)}" for k, v in value.items() if v is not None and v != "after") + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v, names) for v in value) + "]"
    if isinstance(value, str) and value in names:
        return f"{names[value]} ({value})" if names[value] != value else value
    return "—" if value is None else str(value)


def render_text(result: WhyResult, lang: str = "ru", names: dict[str, str] | None = None) -> str:
    """The result as indented text: step labels in ``lang`` (``ru`` or ``en``), rule text quoted in
    Russian either way."""
    i = 0 if lang == "ru" else 1
    names = names or {}
    steps, kinds = _labels("ru" if i == 0 else "en")
    head = ("редакция" if i == 0 else "edition") + f" {result.edition}"
    lines = [head + (f" — {result.source}" if result.source else "")]
    shown: set[str] = set()
    for ev in result.events:
        kind = kinds.get(ev.kind, ev.kind)
        lines.append("")
        lines.append(f"{'Событие' if i == 0 else 'Event'} {ev.index + 1}: {kind} → {_fmt(ev.result, names)}")
        _render_node(ev.explanation, "  ", lines, i, names, {**kinds, **steps})
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
                extra.append(("от " if i == 0 else "from ") + _fmt(f["source"], names))
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


def _render_node(node: ProofNode, indent: str, lines: list[str], i: int, names: dict[str, str],
                 labels: dict[str, str]) -> None:
    label = labels.get(node.step, node.step)
    refs = ", ".join(f"{c.ref()} ({c.edition})" if c.edition else c.ref() for c in node.cites)
    inputs = {k: v for k, v in node.inputs.items() if k != "edition"}
    lines.append(f"{indent}• {label}: {_fmt(inputs, names)} ⇒ {_fmt(node.value, names)}" + (f"   [{refs}]" if refs else ""))
    for c in node.cites:
        if c.text:
            lines.append(f"{indent}    «{c.text}»")
        elif c.kind == "missing":
            lines.append(f"{indent}    ({c.id}: " + ("нет в загруженном тексте)" if i == 0 else "not in the loaded rulebook)"))
    for child in node.children:
        _render_node(child, indent + "  ", lines, i, names, labels)


def render_turtle(result: WhyResult) -> str:
    """The justification as Turtle: each event and step a ``prov:Activity``; a step ``prov:used``
    the units it cites and is part of (``dcterms:isPartOf``) the step that used it."""
    from rdflib import BNode, Graph, Literal, URIRef
    from rdflib.namespace import DCTERMS, PROV, RDF

    from .graph import BKB, PREFIXES, iri

    g = Graph()
    for p, ns in PREFIXES.items():
        g.bind(p, ns)
    run_node = BNode()
    g.add((run_node, RDF.type, PROV.Activity))
    g.add((run_node, BKB.edition, iri(result.edition)))
    if result.source:
        g.add((run_node, PROV.used, URIRef(Path(result.source).resolve().as_uri())))

    def add(node: ProofNode, parent: BNode, order: int) -> None:
        b = BNode()
        g.add((b, RDF.type, PROV.Activity))
        g.add((b, RDF.type, BKB.Step))
        g.add((b, BKB.step, Literal(node.step)))
        g.add((b, DCTERMS.isPartOf, parent))
        g.add((b, BKB.order, Literal(order)))
        g.add((b, BKB.inputs, Literal(json.dumps(node.inputs, ensure_ascii=False))))
        g.add((b, BKB.value, Literal(json.dumps(node.value, ensure_ascii=False))))
        for c in node.cites:
            g.add((b, PROV.used, iri(c.id)))
        for k, child in enumerate(node.children):
            add(child, b, k + 1)

    for ev in result.events:
        e = BNode()
        g.add((e, RDF.type, PROV.Activity))
        g.add((e, BKB.eventKind, Literal(ev.kind)))
        g.add((e, BKB.order, Literal(ev.index + 1)))
        g.add((e, DCTERMS.isPartOf, run_node))
        g.add((e, BKB.value, Literal(json.dumps(ev.result, ensure_ascii=False))))
        add(ev.explanation, e, 1)
    return g.serialize(format="turtle")


def scenario_names(path: Path | str) -> dict[str, str]:
    """Card handle → name of a scenario file (for rendering)."""
    data = load_scenario(path)
    return {c["id"]: c["name"] or c["id"] for c in data["cards"]}
