"""The rulebook as an RDF graph: its names (:mod:`.vocab`), building it (:mod:`.build`), export
(:mod:`.export`), SPARQL (:mod:`.sparql`), SHACL (:mod:`.shacl`) and justifications as PROV
(:mod:`.prov`). Kept for export and queries; nothing else reads its data back."""
