"""The editions manifest (``<kb>/sources/manifest.yaml``): title and editions, each with its
fragments in reading order. Validated with pydantic; errors name the file and the field path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from .readers import load_yaml, read_text

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
                if "/" in name or "\\" in name or name.startswith(".") or not name.strip() \
                        or not name.isprintable():  # NUL, a newline, an escape: no file name of a rulebook
                    raise ValueError(f"fragment {name!r} must be a plain file name in the sources folder")
            return names

    class ManifestSpec(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        title: str = ""
        language: str = "ru"
        editions: list[EditionSpec] = Field(min_length=1)

    return ManifestSpec

#: A manifest lists editions and file names: 1 MiB is thousands of times what one needs.
MANIFEST_LIMIT = 2**20


def load_manifest(sources: Path) -> Any:
    """Read and validate ``sources/manifest.yaml``.

    Returns the validated manifest (``.title``, ``.editions[i].id/.title/.description/.fragments``).

    Raises:
        InputError: the file is missing, unreadable, not UTF-8, not YAML, or does not match the
            schema (message names the file and the field path); an edition id or a fragment is
            listed twice; a listed fragment does not exist.
    """
    path = sources / MANIFEST_NAME
    text = read_text(path, "manifest", limit=MANIFEST_LIMIT, hint=f" (expected {MANIFEST_NAME} in the sources folder)",
                     inside=sources)
    data = load_yaml(text, path, malformed="malformed manifest")
    if not isinstance(data, dict):
        raise InputError(f"{path}: malformed manifest: expected a mapping with 'editions'", path=path)

    from pydantic import ValidationError

    try:
        manifest = _schema().model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise InputError(f"{path}: malformed manifest: field {loc}: {err['msg']}", path=path, field=loc) from None

    seen_ids: set[str] = set()
    seen_files: dict[str, str] = {}
    for i, ed in enumerate(manifest.editions):
        if ed.id in seen_ids:
            raise InputError(f"{path}: malformed manifest: field editions.{i}.id: edition {ed.id!r} listed twice",
                             path=path, field=f"editions.{i}.id")
        seen_ids.add(ed.id)
        for j, name in enumerate(ed.fragments):
            if name in seen_files:
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"{name!r} is already in edition {seen_files[name]}", path=path, field=f"editions.{i}.fragments.{j}"
                )
            seen_files[name] = ed.id
            if not (sources / name).exists():  # a folder or a FIFO: the reader says it is not a regular file
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"fragment file {sources / name} not found", path=path, field=f"editions.{i}.fragments.{j}"
                )
    return manifest
