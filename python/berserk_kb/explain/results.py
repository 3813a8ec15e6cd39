"""What ``why`` answers, as frozen dataclasses: the results of a scenario's events with their proof
trees (:class:`WhyResult`), and one scenario under several editions (:class:`Comparison`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Citation:
    """A unit of the rulebook a step cites, as the model has it.

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

    def cut_off(self) -> bool:
        """Whether the unit is a piece cut off at the start of a fragment (docs/identifiers.md:
        ``<edition>:~<fragment>/item<n>``): its id names a file, not a paragraph of the book."""
        return ":~" in self.id

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
    children: tuple[ProofNode, ...]

    def walk(self) -> Iterator[ProofNode]:
        """This step and every step below it, depth first, in the order of the proof."""
        yield self
        for child in self.children:
            yield from child.walk()

    def all_cites(self) -> list[Citation]:
        """The units cited by this step and every step below it, in the order of :meth:`walk`."""
        return [c for node in self.walk() for c in node.cites]


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
    #: handle → name of every named card of the scenario, also one an event took out of the game
    #: (``end_of_game``), which the final state no longer holds; not part of the JSON
    names: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The contract-v1 JSON: ``{"edition", "events": [{"kind", "result", "cited",
        "explanation"}], "final_state": {"cards": [...]}}`` (plus examples and cards per event)."""
        out = _plain(asdict(self))
        out.pop("names")
        return out

    def cited_ids(self) -> set[str]:
        """The id of every unit any step of any event cites."""
        return {c.id for ev in self.events for c in ev.explanation.all_cites()}


def _plain(value: Any) -> Any:
    """``value`` as the JSON the CLI prints: its tuples (a step's ``cites`` and ``children``, an
    answer's ``deciding``) as lists, so that ``to_json()`` equals what ``json.loads`` reads back."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class EventComparison:
    """One event under several editions: ``results`` edition → result (or ``{"error": message}``),
    ``same`` whether they agree (editions that cannot compute it agree: none is known to differ),
    ``deciding`` edition → the cited units of the steps that differ."""

    index: int
    kind: str
    results: dict[str, Any]
    same: bool
    deciding: dict[str, tuple[Citation, ...]]


@dataclass(frozen=True)
class Comparison:
    """``berserk-kb why FILE --edition A --edition B``: one situation under several editions."""

    editions: tuple[str, ...]
    events: tuple[EventComparison, ...]
    errors: dict[str, str]  # edition → why it could not compute the situation
    final_states: dict[str, dict[str, Any]] = field(default_factory=dict)  # edition → its final state
    refusals: dict[str, dict[str, Any]] = field(default_factory=dict)  # edition → its error's refusal, if any
    # edition → where its error is: ``{"path", "line", "field"}`` (each may be None)
    located: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class WhyNot:
    """``berserk-kb why FILE --expect PATH=VALUE``: a result held against the value the user expected.

    ``expect`` is the path asked about (``events[0].value``), ``expected`` the value the user gave,
    ``computed`` the value the computation gives (``agrees`` when the two are equal). ``step`` is
    the step after which the computation stays departed from the expectation (``None`` when it agrees),
    ``last`` whether that step is the last one that changed the value, ``deciding`` the units it
    cites — the paragraphs that decide it — and ``because`` the answer in words (the expected value,
    the computed one, the deciding paragraph and the step's sentence, in the language asked).
    ``given`` is the path of the input (``events[0].attack.strike``) when the computed value is the
    input's own and no rule changes it: the computation departs there (``step`` is then ``None``);
    ``given_from`` where that input comes from when the file does not write it (a card's ``hit``
    from the knowledge base's card facts: ``{"card", "name", "field", "file"}``), else ``None``.
    ``result`` is the whole justification."""

    expect: str
    expected: Any
    computed: Any
    agrees: bool
    event: int
    kind: str
    step: ProofNode | None
    last: bool
    deciding: tuple[Citation, ...]
    result: WhyResult
    because: str = ""
    given: str | None = None  # the input that gives the computed value, when no rule step changes it
    given_from: dict[str, str] | None = None  # where ``given`` comes from when the file does not write it
    kept: str | None = None  # the input whose value the deciding step's rule keeps as it was (a card's zone)

    def to_json(self) -> dict[str, Any]:
        """``{"edition", "expect", "expected", "computed", "agrees", "event", "kind", "step", "last",
        "deciding", "because", "given", "given_from", "kept"}`` (``edition`` the one computed, ``step`` a proof
        node as in ``why --json``, ``deciding`` the cited units, ``given`` the path of the input the computed
        value is, when no rule changes it, else null; ``kept`` the path of the input whose value the
        deciding step's rule keeps as it was, else null) — what ``why --expect --json`` prints."""
        data = _plain(asdict(self))
        del data["result"]
        return {"edition": self.result.edition, **data}


@dataclass(frozen=True)
class EventChange:
    """One event of a what-if run: its result before and after the change, whether they agree, and
    the steps that differ (``steps_before``: of the original run, ``steps_after``: of the changed
    one) — the same step with other inputs or value, or a step only one run takes. ``index`` is the
    event's index in the scenario as written; ``removed``: the change took the event out."""

    index: int
    kind: str
    before: dict[str, Any]
    after: dict[str, Any]
    same: bool
    steps_before: tuple[ProofNode, ...]
    steps_after: tuple[ProofNode, ...]
    removed: bool = False


@dataclass(frozen=True)
class WhatIf:
    """``berserk-kb why FILE --set PATH=VALUE``: the scenario as given and with ``changes`` (path →
    value) made, event by event."""

    changes: dict[str, Any]
    events: tuple[EventChange, ...]
    before: WhyResult
    after: WhyResult
    held: tuple[tuple[int | None, int | None], ...] = ()  # per event of ``events``: its index in each run

    def proofs(self, k: int) -> tuple[ProofNode | None, ProofNode | None]:
        """The whole proof of the ``k``-th event of ``events`` in the original run and in the changed
        one (None where that run has no such event): what names the modifiers its steps speak of."""
        i, j = self.held[k] if k < len(self.held) else (self.events[k].index, self.events[k].index)
        return (self.before.events[i].explanation if i is not None and i < len(self.before.events) else None,
                self.after.events[j].explanation if j is not None and j < len(self.after.events) else None)

    def to_json(self) -> dict[str, Any]:
        """``{"set": {path: value}, "events": [{"index", "kind", "before", "after", "same",
        "steps_before", "steps_after", "removed"}], "final_state": {"before", "after"}}``."""
        return {"set": self.changes, "events": [_plain(asdict(e)) for e in self.events],
                "final_state": {"before": self.before.final_state, "after": self.after.final_state}}
