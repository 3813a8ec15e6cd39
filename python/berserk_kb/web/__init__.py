"""The web interface: the top layer beside :mod:`berserk_kb.cli` (it reads only the facade,
:class:`~berserk_kb.kb.KnowledgeBase`, and :mod:`berserk_kb.render`; nothing imports it).

* :mod:`.app` — the server (``berserk-kb serve``): Starlette, Jinja2 templates, htmx; every page
  also as JSON; three lanes (why, reading, SPARQL) with bounded queues and a time limit per goal.
* :mod:`.inputs` — what a request may send (body size and time, form fields) and the lanes' gate.
* :mod:`.reading` — the data of the reading pages (rulebook, search, cards, diff, check).
* :mod:`.why` — the why page: a scenario from the editor, a bundled file, a link or the form; why
  not, what if.
* :mod:`.sparql` — the SPARQL 1.1 protocol endpoint.
* :mod:`.i18n` — the interface's words (Russian, English), plurals, why a page could not be given.
* :mod:`.pages` — the templates and their filters; :mod:`.site` — the static site (``berserk-kb site``);
  :mod:`.commands` — the commands ``serve`` and ``site``.
* ``templates/``, ``static/`` (htmx 2.0.11, 0BSD, vendored as ``static/htmx.min.js``).
"""
