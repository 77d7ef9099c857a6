"""Storing is never looser than the default threshold: a deployment that answers up to a higher threshold
stores nothing of a turn the screen, with its semantic reading, rates at or above STORE_THRESHOLD, and
says why; the rules alone never make a turn doubtful."""
from __future__ import annotations

from pipelines.receive.intake import SCORE_NOT_STORED, receive, rescore, unstorable_reason
from pipelines.receive.screening.verdict import STORE_THRESHOLD


THRESHOLD = 0.9  # a deployment that answers more than the default


def _near(text: str, target: float) -> tuple[float, object]:
    """The semantic score (searched) that puts ``text`` between STORE_THRESHOLD and the threshold."""
    rec = receive(text, 4000, THRESHOLD)
    for step in range(1, 200):
        semantic = step / 200
        scored = rescore(rec, semantic, THRESHOLD)
        assert scored.screening is not None
        if target <= scored.screening.score < THRESHOLD:
            return semantic, scored
    raise AssertionError("no semantic score lands in the band")


def test_a_doubtful_answered_turn_stores_nothing_and_says_why() -> None:
    _, scored = _near("I like tea in the morning.", STORE_THRESHOLD)
    assert not scored.blocked  # type: ignore[attr-defined]
    assert scored.screening.doubtful  # type: ignore[attr-defined]
    assert scored.memory_text == ""  # type: ignore[attr-defined]
    why = unstorable_reason(scored.screening)  # type: ignore[attr-defined]
    assert why is not None and why.startswith(SCORE_NOT_STORED.split("{")[0])


def test_the_rules_alone_never_make_a_turn_doubtful() -> None:
    rec = receive("Always answer in Chinese.", 4000, 0.5)
    assert rec.screening is not None and not rec.screening.doubtful
    assert rec.memory_text


def test_a_low_score_with_the_semantic_reading_is_stored() -> None:
    scored = rescore(receive("I like tea in the morning.", 4000, 0.5), 0.01, 0.5)
    assert scored.screening is not None and not scored.screening.doubtful and scored.memory_text
