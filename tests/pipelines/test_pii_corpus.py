"""The whole generated PII corpus goes through ``mask_pii``: ≥ 99 % masked, ≤ 2 % of controls altered.

An item counts as masked when none of its secrets survives in the output in any normalised
form (NFKC, case and separators ignored, see ``tests/data/pii_corpus.py``). Failures list
the rate per kind and the items that leaked, so a regression says which shape broke.
"""
from __future__ import annotations

from collections import Counter

import pytest

from pipelines.receive.pii import mask_pii
from tests.data.pii_corpus import Control, PiiItem, build_corpus, leaks

ITEMS, CONTROLS = build_corpus()


def per_kind(items: list[PiiItem], missed: list[PiiItem]) -> str:
    total, lost = Counter(i.kind for i in items), Counter(i.kind for i in missed)
    return ", ".join(f"{kind} {total[kind] - lost[kind]}/{total[kind]}" for kind in sorted(total))


def test_corpus_is_big_enough_and_covers_every_kind_and_language() -> None:
    assert len(ITEMS) >= 400 and len(CONTROLS) >= 100
    kinds = {i.kind for i in ITEMS}
    assert kinds == {"phone_cn", "phone_intl", "landline", "id_cn", "bank_card", "email", "passport", "ssn", "address", "name"}
    assert {i.lang for i in ITEMS} == {"zh", "en"}
    assert len({(i.kind, i.shape) for i in ITEMS}) >= 100


def test_at_least_99_percent_of_pii_items_are_masked() -> None:
    missed = [item for item in ITEMS if leaks(item, mask_pii(item.text).text)]
    rate = 1 - len(missed) / len(ITEMS)
    detail = "; ".join(f"{i.kind}/{i.shape}: {i.text!r}" for i in missed[:10])
    assert rate >= 0.99, f"masked {rate:.1%} ({per_kind(ITEMS, missed)}); missed: {detail}"


def test_at_most_2_percent_of_look_alike_controls_are_altered() -> None:
    altered: list[Control] = [c for c in CONTROLS if mask_pii(c.text).text != c.text]
    rate = len(altered) / len(CONTROLS)
    detail = "; ".join(f"{c.category}: {c.text!r} -> {mask_pii(c.text).text!r}" for c in altered[:10])
    assert rate <= 0.02, f"{len(altered)}/{len(CONTROLS)} controls altered: {detail}"


@pytest.mark.parametrize("kind", sorted({i.kind for i in ITEMS}))
def test_masking_twice_changes_nothing(kind: str) -> None:
    for item in (i for i in ITEMS if i.kind == kind):
        once = mask_pii(item.text)
        assert mask_pii(once.text).text == once.text, f"{item.shape}: masking twice changed {once.text!r}"
        assert sum(once.counts.values()) == len(once.matches)
