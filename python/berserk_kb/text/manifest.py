"""The editions manifest (``<kb>/sources/manifest.yaml``): title and editions, each with its
fragments in reading order. Validated with pydantic; errors name the file and the field path."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from .errors import InputError

MANIFEST_NAME = "manifest.yaml"


def _schema():  # imported lazily: pydantic costs start-up time a cached run does not need
    from pydantic import BaseModel, ConfigDict, Field, field_validator

    class EditionSpec(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
        title: str = ""
        description: str = ""
        fragments: list[str] = Field(min_length=1)

        @field_validator("fragments")
        @classmethod
        def _plain_file_names(cls, names: list[str]) -> list[str]:
            for name in names:
                if "/" in name or "\\" in name or name.startswith(".") or not name.strip():
                    raise ValueError(f"fragment {name!r} must be a plain file name in the sources folder")
            return names

    class ManifestSpec(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        title: str = ""
        language: str = "ru"
        editions: list[EditionSpec] = Field(min_length=1)

    return ManifestSpec


def refuse_aliases(text: str, where: str) -> None:
    """Refuse YAML anchors and aliases: a few nested aliases expand to billions of nodes (a «billion
    laughs» file); none of our files needs them. Scanning is linear in the text.

    Raises:
        InputError: the text uses an alias or an anchor (names the line).
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for token in yaml.scan(text, Loader=loader):
            if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
                raise InputError(f"{where}:{token.start_mark.line + 1}: YAML anchors and aliases are not allowed")
    except yaml.YAMLError:
        return  # the parser reports syntax errors with their line


@functools.cache
def unique_key_loader():
    """A safe YAML loader (libyaml's when available) that refuses a mapping with the same key twice
    (PyYAML silently keeps the last)."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class UniqueKeyLoader(base):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r}", key_node.start_mark)
                seen.add(key)
            return super().construct_mapping(node, deep)

    return UniqueKeyLoader


def load_manifest(sources: Path) -> Any:
    """Read and validate ``sources/manifest.yaml``.

    Returns the validated manifest (``.title``, ``.editions[i].id/.title/.description/.fragments``).

    Raises:
        InputError: the file is missing, unreadable, not UTF-8, not YAML, or does not match the
            schema (message names the file and the field path); an edition id or a fragment is
            listed twice; a listed fragment does not exist.
    """
    import yaml

    path = sources / MANIFEST_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: manifest not found (expected {MANIFEST_NAME} in the sources folder)") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read manifest: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: manifest is not valid UTF-8 (byte offset {exc.start})") from None
    refuse_aliases(text, str(path))
    try:
        data = yaml.load(text, Loader=unique_key_loader())  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise InputError(f"{where}: malformed manifest: {problem}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: malformed manifest: expected a mapping with 'editions'")

    from pydantic import ValidationError

    try:
        manifest = _schema().model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise InputError(f"{path}: malformed manifest: field {loc}: {err['msg']}") from None

    seen_ids: set[str] = set()
    seen_files: dict[str, str] = {}
    for i, ed in enumerate(manifest.editions):
        if ed.id in seen_ids:
            raise InputError(f"{path}: malformed manifest: field editions.{i}.id: edition {ed.id!r} listed twice")
        seen_ids.add(ed.id)
        for j, name in enumerate(ed.fragments):
            if name in seen_files:
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"{name!r} is already in edition {seen_files[name]}"
                )
            seen_files[name] = ed.id
            if not (sources / name).is_file():
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"fragment file {sources / name} not found"
                )
    return manifest
