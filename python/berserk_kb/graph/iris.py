"""The graph's namespaces as plain strings — the base of the resources' IRIs, the vocabulary and
the prefixes every graph, export and query uses — for what reads the kept graph without rdflib
(:mod:`.store`, :mod:`.export`); :mod:`.vocab` makes its rdflib namespaces of them."""

ID_BASE = "https://w3id.org/berserk-kb/id/"
VOCAB = "https://w3id.org/berserk-kb/vocab#"

PREFIX_IRIS = {
    "bkb": VOCAB,
    "id": ID_BASE,
    "dcterms": "http://purl.org/dc/terms/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "prov": "http://www.w3.org/ns/prov#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
}
