"""Cards and names: the KB's own card facts (:mod:`.cards`), the imported card database
(:mod:`.carddb`), the names the KB knows (:mod:`.names`), and the mentions of cards and features in
the rule text (:mod:`.linking`)."""
