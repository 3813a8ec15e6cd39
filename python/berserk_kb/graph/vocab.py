"""The graph's names: the project vocabulary ``bkb:`` (``kb/vocab.ttl``) as a closed namespace —
a term the vocabulary does not define is an error, not a new IRI — the IRIs of units, editions and
fragments (:func:`iri`), and the prefixes every graph, export and query uses."""

from __future__ import annotations

import re

from rdflib import Namespace, URIRef
from rdflib.namespace import DefinedNamespace

from .iris import ID_BASE, PREFIX_IRIS, VOCAB


class BKB(DefinedNamespace):
    """The terms of ``kb/vocab.ttl`` (a test keeps the two the same)."""

    _NS = Namespace(VOCAB)
    _fail = True

    Card: URIRef
    ContentsLine: URIRef
    Edition: URIRef
    Example: URIRef
    Feature: URIRef
    Fragment: URIRef
    Heading: URIRef
    ListItem: URIRef
    Mention: URIRef
    NumberedParagraph: URIRef
    Paragraph: URIRef
    Printing: URIRef
    Reference: URIRef
    Rulebook: URIRef
    Step: URIRef
    Table: URIRef
    TextParagraph: URIRef
    Unit: URIRef

    abilityText: URIRef
    cardType: URIRef
    citedNumber: URIRef
    cites: URIRef
    citingParagraph: URIRef
    cost: URIRef
    edition: URIRef
    element: URIRef
    eventKind: URIRef
    example: URIRef
    externalDocument: URIRef
    feature: URIRef
    featureValue: URIRef
    hitMedium: URIRef
    hitStrong: URIRef
    hitWeak: URIRef
    inUnit: URIRef
    inputs: URIRef
    item: URIRef
    label: URIRef
    length: URIRef
    life: URIRef
    lineCount: URIRef
    lineEnd: URIRef
    lineStart: URIRef
    listStyle: URIRef
    marker: URIRef
    mentionedIn: URIRef
    mentions: URIRef
    move: URIRef
    number: URIRef
    offset: URIRef
    order: URIRef
    orphaned: URIRef
    parent: URIRef
    printingOf: URIRef
    rarity: URIRef
    rawText: URIRef
    reference: URIRef
    resolved: URIRef
    set: URIRef
    sha256: URIRef
    step: URIRef
    surface: URIRef
    target: URIRef
    text: URIRef
    value: URIRef


PREFIXES = {p: BKB if p == "bkb" else Namespace(ns) for p, ns in PREFIX_IRIS.items()}

_IRI_UNSAFE = re.compile(r'[\x00-\x20<>"{}|\\^`#?%\[\]\x7f]')


def iri(local_id: str) -> URIRef:
    """The IRI of a unit, edition or fragment id (characters not allowed in an IRI are %-escaped)."""
    return URIRef(ID_BASE + _IRI_UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), local_id))
