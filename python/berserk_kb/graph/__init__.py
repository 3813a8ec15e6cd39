"""The rulebook as an RDF graph: its names (:mod:`.vocab`, :mod:`.iris`), its triples (:mod:`.build`),
the graph kept and queried in Oxigraph (:mod:`.store`), export (:mod:`.export`), SPARQL
(:mod:`.sparql`), SHACL (:mod:`.shacl`) and justifications as PROV (:mod:`.prov`). Kept for export
and queries; nothing else reads its data back."""
