"""A knob: a dataclass field that is also a setting, described once where its default is.

``knob(20, "RECALL_CANDIDATES", "pgvector candidates", ge=1, le=200)`` is a field default whose
metadata names the environment variable, the one line that documents it and its bounds.
``app.settings`` builds its groups from these fields and README.md's settings table is
generated from the same lines, so adding a knob means adding one field.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

_KEY = "knob"


@dataclass(frozen=True)
class Knob:
    """What a knob field declares besides its default.

    Attributes:
        variable: The environment variable that sets it.
        doc: One line for README.md's settings table.
        ge: Inclusive lower bound, if any.
        gt: Exclusive lower bound, if any.
        le: Inclusive upper bound, if any.
    """

    variable: str
    doc: str
    ge: float | None = None
    gt: float | None = None
    le: float | None = None


def knob(
    default: Any,
    variable: str,
    doc: str,
    *,
    ge: float | None = None,
    gt: float | None = None,
    le: float | None = None,
) -> Any:
    """A dataclass field with ``default`` that the setting ``variable`` configures.

    Returns:
        A ``dataclasses.field`` (typed ``Any`` so it can stand as any field's default).
    """
    return dataclasses.field(default=default, metadata={_KEY: Knob(variable, doc, ge, gt, le)})


def knob_of(field: dataclasses.Field[Any]) -> Knob | None:
    """The knob a dataclass field declares, ``None`` for a plain field."""
    found = field.metadata.get(_KEY)
    return found if isinstance(found, Knob) else None


def knob_fields(cls: type) -> list[tuple[dataclasses.Field[Any], Knob]]:
    """The knob fields of dataclass ``cls`` in declaration order."""
    out: list[tuple[dataclasses.Field[Any], Knob]] = []
    for f in dataclasses.fields(cls):
        k = knob_of(f)
        if k is not None:
            out.append((f, k))
    return out
