"""A "Label: prose" line is the user's sentence, not pasted config (hand-written cases)."""
from __future__ import annotations

import pytest

from pipelines.receive.screening.pasted_data import without_pasted_data


@pytest.mark.parametrize("text", ["Update: the project deadline moved to December 20.", "Note: I am allergic to nuts.",
                                  "FYI: my sister lives in Porto now."])
def test_a_labelled_sentence_is_kept_for_extraction(text: str) -> None:
    assert without_pasted_data(text) == text


@pytest.mark.parametrize("text", ["host: db.example.com\nport: 5432\nuser: admin", "name: alice",
                                  "Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>"])
def test_config_and_traces_are_still_data(text: str) -> None:
    assert without_pasted_data(text) == ""
