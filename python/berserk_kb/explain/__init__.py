"""Why: running scenarios in Prolog and justifying their results — what a knowledge base must offer
(:mod:`.book`), the result types (:mod:`.results`), quoting the cited units from the model
(:mod:`.citations`), running (:mod:`.run`), comparing editions (:mod:`.compare`), why not and what
if (:mod:`.whynot`), the worked examples (:mod:`.examples`) and the one runner of the scenario suite
(:mod:`.suite`)."""
