"""What changed between two editions: paragraphs and examples aligned by content, not by number.

A unit (a paragraph with its list items, a heading, or a worked example) is described by what it
says and where it stands:

- the lemmas of its words and of its list items (pymorphy3's likeliest reading, so «броска» and
  «бросок» agree);
- the references it makes: to a section neither edition loads (``см. 306``) by number; to a unit
  of its own edition by that unit's alignment (a second pass, once the first has aligned them);
- for a paragraph, its examples (by their alignment) and the cards and features they name;
- its place: a pair must keep its place between the nearest aligned neighbours on both sides
  unless its similarity is at least :data:`MOVED`.

Similarity is the cosine of these features, each weighted by rarity over the units of both
editions (idf) and by 1 + log of its count, 0 … 1; headings are compared with headings only. Pairs
are taken best first while at least :data:`THRESHOLD`, one to one; only pairs that share a feature
rare enough to reach it on both sides are compared (:func:`.align.candidates`), in bands of
similarity (:data:`.align.TIERS`) among the units no better pair has taken. Then a unit left over joins an
aligned group when it stands next to a member, is at least :data:`JOIN` similar to a unit on the
other side, and the group's texts taken together are more alike with it than without it: a
paragraph split in two (A 518.3 → B 519.2 + 519.3) or two merged into one. Nothing depends on
which edition is old: ``diff B A`` is the mirror of ``diff A B`` (the alignment is computed in the
manifest's order of the two, for ties).

For an aligned group: renumbered, changed (a word diff of the text, and per list item: same,
changed, moved, added or removed), and the behaviour on the scenario suite (:mod:`.behaviour`): an
example is judged by its own scenario files; otherwise a scenario bears on the group when its proofs
cite the group's units under both editions, and shows a difference when its results differ and the
steps that differ (:func:`berserk_kb.explain.compare.compare`) cite one of them. An added or removed unit is
judged the same way on its one side.
"""

from .align import JOIN, MOVED, THRESHOLD
from .changes import diff_editions, word_diff
from .results import Aligned, Behaviour, EditionDiff, ItemChange, Pair, Side, Unmatched

__all__ = ["JOIN", "MOVED", "THRESHOLD", "Aligned", "Behaviour", "EditionDiff", "ItemChange", "Pair", "Side",
           "Unmatched", "diff_editions", "word_diff"]
