"""Pasted material is not a memory: the shape reading lives with the screen, which sets pastes apart too.

See :mod:`pipelines.receive.screening.paste_shape`; extraction asks :func:`is_pasted` of a statement.
"""
from __future__ import annotations

from pipelines.receive.screening.paste_shape import data_line, document, is_pasted

__all__ = ["data_line", "document", "is_pasted"]
