"""Detection and masking of personal data in Chinese and English text.

Public API: :func:`mask_pii`, :func:`detect_pii`, :class:`MaskedText`, :class:`PiiMatch`,
:func:`is_valid_cn_id`, :func:`luhn_valid`. See :mod:`pipelines.receive.pii.mask` for the kinds and
the masks, and each detector module for the shapes it covers.
"""
from __future__ import annotations

from pipelines.receive.pii.checks import is_valid_cn_id, luhn_valid
from pipelines.receive.pii.mask import KINDS, MASK_PATTERN, MaskedText, PiiMatch, detect_pii, mask_pii, unmask_tokens

__all__ = ["KINDS", "MASK_PATTERN", "PiiMatch", "MaskedText", "detect_pii", "mask_pii", "is_valid_cn_id", "luhn_valid",
           "unmask_tokens"]
