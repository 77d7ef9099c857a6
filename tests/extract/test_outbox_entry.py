"""A write queued while the long-term store is down is replayed as it was decided (nothing lost, nothing changed)."""
from __future__ import annotations

from dataclasses import fields

from memory.types import MemoryType
from pipelines.extract import Candidate, ValidatedCandidate
from pipelines.extract.memorize import queued_candidates, to_entry
from pipelines.extract.writer import WriteContext


def _every_field_set() -> Candidate:
    return Candidate(MemoryType.FACT, "User is also allergic to kiwi.", 0.8, slot="allergy", supersedes="old",
                     qualifier="kiwi", value="+", replaces_id=7, changes=True, adds=True, repairs=True)


def test_every_field_of_a_queued_candidate_survives_the_outbox() -> None:
    """A field left out of the entry would change the decision on replay: "also" replayed as a replacement."""
    cand = _every_field_set()
    assert all(getattr(cand, f.name) != f.default for f in fields(Candidate))  # each field away from its default
    entry = to_entry(WriteContext("u1", "s1", "t1"), [ValidatedCandidate(cand, ["phone"])])
    (back,) = queued_candidates(entry)
    assert back.candidate == cand
    assert back.masked_kinds == ["phone"]


def test_an_entry_queued_before_the_flags_existed_reads_them_as_unset() -> None:
    entry = to_entry(WriteContext("u1", "s1", "t1"), [ValidatedCandidate(_every_field_set(), [])])
    for key in ("adds", "repairs"):
        del entry["candidates"][0][key]
    (back,) = queued_candidates(entry)
    assert not back.candidate.adds and not back.candidate.repairs
