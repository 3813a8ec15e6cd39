"""berserk-kb: a rule knowledge base for the comprehensive rules of the card game «Берсерк».

The rulebook (numbered Russian paragraphs, worked examples, several editions) is parsed into typed
records, loaded into SWI-Prolog as facts and into an RDF graph, and can be looked up,
cross-referenced, searched and exported.

Glossary (Russian term → identifier used in code and data):

=====================================  ==========================================
пункт / п., пп.                        paragraph
ПРИМЕР / Например                      example
карта / существо                       card / creature
отряд                                  squad
игровая зона / зона битвы              play zone / battle zone
колода / кладбище / рука               deck / graveyard / hand
особенность / способность              feature / ability
именная особенность                    named feature (has a value: Регенерация 2)
собственная / приобретённая            own / acquired feature
лишение (потеря) особенностей          loss of features
подавление, маркер подавления          suppression, suppression marker
модификатор                            modifier
«сводится к X» / «+X/−X»               set-to modifier / additive modifier
бросок кубика / переброс / переворот   die roll / reroll / flip
атака / удар                           attack / strike
предотвращение / эффект замещения      prevention / replacement effect
редакция                               edition
фрагмент                               fragment (one source file)
ссылка (см., п., пп.)                  reference
=====================================  ==========================================

Public API (everything a command does is a method of :class:`KnowledgeBase`)::

    kb = KnowledgeBase()                 # the bundled rulebook, or KnowledgeBase("path/to/kb")
    kb.show("519.3", edition="A")        # -> [ParagraphView]
    kb.refs("519.2", "B", "in", depth=2) # -> [RefTree]
    kb.search("кубик")                   # -> SearchResults (total, hits: [SearchHit])
    kb.why("kb/examples/….yaml")         # -> WhyResult;  kb.compare(path, ["A", "B"]) -> Comparison
    kb.why_not(path, "events[0].value=3")   # -> WhyNot;  kb.what_if(path, ["events[0].die_roll.roll=5"]) -> WhatIf
    kb.check(), kb.diff("A", "B"), kb.examples(), kb.export("turtle"), kb.sparql("SELECT …")
    KnowledgeBase.import_rulebook(["rules.docx"], "my-kb", "H15")  # -> RulebookImport (a new folder)

The package's layers, each importing only those below it: :mod:`.store` (the cache) → :mod:`.text`
(sources → model) → :mod:`.lexicon` (cards, names, links) → :mod:`.engine` (Prolog) and
:mod:`.graph` (RDF) → :mod:`.scenario` (the contract) → :mod:`.explain` (why) → :mod:`.checks` and
:mod:`.diff` → :mod:`.kb` (the facade) → :mod:`.render` (text) → :mod:`.cli` and :mod:`.web`.
"""

from typing import Any

from .errors import (
    BerserkError,
    EngineBusy,
    GoalTimeout,
    InputError,
    NotFoundError,
    PrologLoadError,
    PrologQueryError,
    QueryError,
    QueryTimeout,
    ScenarioError,
    TooLong,
    UnreadableImport,
)
from .version import __version__

# The rest of the API is imported on first use (PEP 562), so that `import berserk_kb` — and the
# command line's start — does not pay for the parser, the Prolog bridge and the graph before it needs them.
_LAZY = {
    "KnowledgeBase": "kb",
    **dict.fromkeys(("Edition", "Example", "Fragment", "ListItem", "Paragraph", "Reference", "Rulebook", "Span",
                     "Unit"), "text.model"),
    "parse_rulebook": "text.parse",
    "SourceText": "text.formats",
    "RulebookImport": "text.formats.importer",
    "Match": "text.search", "SearchHit": "text.search", "SearchResults": "text.search",
    **dict.fromkeys(("CardMention", "CardView", "ChildView", "ExampleView", "InEdge", "IncomingRef", "InferredNumber",
                     "ItemView", "OutEdge", "OutgoingRef", "ParagraphRef", "ParagraphView", "RefTree", "SourceRef"),
                    "engine.views"),
    "CardRecord": "lexicon.cardfile",
    "ImportSummary": "lexicon.carddb",
    **dict.fromkeys(("Links", "Mention", "UnknownName"), "lexicon.linking"),
    "Export": "graph.export",
    **dict.fromkeys(("Citation", "Comparison", "EventChange", "EventComparison", "EventResult", "ExampleQuote",
                     "ProofNode", "WhatIf", "WhyNot", "WhyResult"), "explain.results"),
    "ExampleOutcome": "explain.examples",
    **dict.fromkeys(("Check", "CheckRun", "Finding"), "checks"),
    **dict.fromkeys(("Aligned", "Behaviour", "EditionDiff", "ItemChange", "Pair", "Side", "Unmatched"), "diff"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'berserk_kb' has no attribute {name!r}")


__all__ = [  # noqa: PLE0604 - the lazily loaded names are strings too
    "__version__",
    "BerserkError",
    "EngineBusy",
    "GoalTimeout",
    "InputError",
    "NotFoundError",
    "PrologLoadError",
    "PrologQueryError",
    "QueryError",
    "QueryTimeout",
    "ScenarioError",
    "TooLong",
    "UnreadableImport",
    *_LAZY,
]
