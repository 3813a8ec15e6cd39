"""Findings an editor accepted (``<kb>/accepted-findings.yaml``), and the check that an accepted id
still matches a finding (A001)."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InputError
from ..explain.book import Book
from ..text.readers import decode, read_bytes, refuse_aliases, yaml_error
from .registry import Context, Finding, check, finding

ACCEPTED = "accepted-findings.yaml"


@check("A001", "stale-acceptance", "info", "accepted")
def stale_acceptance(ctx: Context) -> Iterable[Finding]:
    """An id in ``<kb>/accepted-findings.yaml`` that matches no finding any more (reported only when
    every check ran over every edition, and not for a check that was skipped).

    Why: the problem was fixed (drop the entry) or its text changed, and with it the id (accept the
    new id if it is still acceptable); either way the list no longer says what is accepted.
    """
    found = {f.id for f in ctx.memo.get("found", ())}
    path = ctx.kb.kb_dir / ACCEPTED
    for fid, line in ctx.memo.get("accepted", {}).items():
        if fid not in found and fid.split("-")[0] not in ctx.skipped_codes:
            shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in fid)  # no raw NUL, ESC, BEL
            yield finding(ctx, "A001", "info", fid, {"id": shown}, source=f"{path.name}:{line}")


def load_accepted(kb: Book) -> dict[str, int]:
    """Finding ids an editor accepted (``<kb>/accepted-findings.yaml``: a list of ``{id, reason}``),
    each with the line of its entry (:func:`accepted_entries` also gives the reasons).

    Raises:
        InputError: the file is not UTF-8 YAML (names the line and column), uses anchors or aliases,
            or is not a list of entries with an ``id`` (names the line of the entry).
    """
    return {fid: line for fid, (line, _) in accepted_entries(kb).items()}


def accepted_entries(kb: Book) -> dict[str, tuple[int, str | None]]:
    """Finding ids an editor accepted, each with the line of its entry and the editor's reason
    (``None`` when the entry gives none, or not as text).

    Raises:
        InputError: as :func:`load_accepted`.
    """
    path = kb.kb_dir / ACCEPTED
    raw = read_bytes(path, "accepted findings", missing_ok=True, inside=kb.kb_dir)
    if raw is None:
        return {}
    import yaml

    text = decode(raw, path)
    refuse_aliases(text, path)
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise yaml_error(exc, path, "not valid YAML") from None
    if root is None:
        return {}
    shape = "expected a list of entries like {id: S002-…, reason: …}"
    if not isinstance(root, yaml.SequenceNode):
        raise InputError(f"{path}:{root.start_mark.line + 1}: {shape}", path=path, line=root.start_mark.line + 1)
    out: dict[str, tuple[int, str | None]] = {}
    for entry in root.value:
        line = entry.start_mark.line + 1
        fields = {k.value: v for k, v in entry.value if isinstance(k, yaml.ScalarNode)} \
            if isinstance(entry, yaml.MappingNode) else {}
        fid = fields.get("id")
        if not isinstance(fid, yaml.ScalarNode) or fid.tag != "tag:yaml.org,2002:str" or not fid.value:
            raise InputError(f"{path}:{line}: {shape}", path=path, line=line)
        why = fields.get("reason")
        out.setdefault(fid.value, (line, why.value if isinstance(why, yaml.ScalarNode) and why.value else None))
    return out
