"""Cards and names: the KB's own card facts (:mod:`.cards`), the community card database's files
(:mod:`.cardfile`) and their import (:mod:`.carddb`), the names the KB knows (:mod:`.names`), and
the mentions of cards and features in the rule text (:mod:`.linking`)."""
