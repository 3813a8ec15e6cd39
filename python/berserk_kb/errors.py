"""The exception hierarchy. Every error a user can cause is a :class:`BerserkError` whose message
is one line naming what is wrong and where (file, line, field); the CLI prints it and exits 2."""

from __future__ import annotations


class BerserkError(Exception):
    """Base class of every error this package raises on purpose."""

    exit_status = 2


class InputError(BerserkError):
    """Bad input: a malformed manifest, a source that is not UTF-8, a missing folder, a bad value."""


class NotFoundError(BerserkError):
    """Something named by the user does not exist: a paragraph number, an edition."""


class PrologLoadError(BerserkError):
    """Prolog code or generated facts did not load cleanly (syntax error, warning, undefined
    predicate). ``problems`` holds one ``file:line: message`` string per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        head = self.problems[0] if self.problems else "unknown problem"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"Prolog load failed: {head}{more}")


class PrologQueryError(BerserkError):
    """A Prolog goal raised an error; the message is Prolog's own, made readable."""


class ScenarioError(BerserkError):
    """A scenario file that cannot be computed: malformed, an unknown card handle, a value out of
    range, a mechanic the chosen edition does not contain. Names the file and the field path."""


class QueryError(BerserkError):
    """A SPARQL query that does not parse or asks for something not allowed (SERVICE, updates)."""
