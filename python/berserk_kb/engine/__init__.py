"""The only package that talks to SWI-Prolog (through pyswip): where the code is (:mod:`.code`),
the bridge (:mod:`.bridge`), Python values as Prolog text (:mod:`.terms`), compiled code
(:mod:`.compiled`), the generated facts (:mod:`.facts`), the lookups (:mod:`.lookup`, answers in
:mod:`.views`) and the scenario runner (:mod:`.runner`)."""
