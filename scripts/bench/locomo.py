"""Reading the LoCoMo data set (CC BY-NC 4.0; never copied into this repository).

Each conversation becomes one user's memories: one memory per turn, its content
``"<speaker>: <text>"`` (plus the image caption when the turn shared a photo), its time the
session's date, speaker, turn id and session in metadata.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

_DIA = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")


@dataclass(frozen=True)
class TurnRecord:
    """One dialogue turn."""

    dia_id: str
    session: str
    speaker: str
    text: str
    when: datetime

    @property
    def content(self) -> str:
        """What is stored (and embedded) for this turn."""
        return self.text


@dataclass(frozen=True)
class Question:
    """One LoCoMo question with its evidence turn ids."""

    question: str
    category: str
    evidence: frozenset[str]


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo sample."""

    sample_id: str
    turns: list[TurnRecord]
    questions: list[Question]


def parse_when(raw: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` -> an aware UTC datetime."""
    return datetime.strptime(" ".join(raw.replace(",", "").split()), "%I:%M %p on %d %B %Y").replace(
        tzinfo=timezone.utc
    )


def parse_evidence(items: list[str], known: set[str]) -> frozenset[str]:
    """Evidence ids, leniently (``"D8:6; D9:17"``, ``"D:11:26"``), keeping only known turns."""
    found = set()
    for item in items:
        for a, b in _DIA.findall(str(item)):
            found.add(f"D{int(a)}:{int(b)}")
    return frozenset(found & known)


def load(path: Path) -> list[Conversation]:
    """All conversations of a LoCoMo JSON file (``locomo_dev.json`` in a folder, or the file)."""
    file = path / "locomo_dev.json" if path.is_dir() else path
    if not file.exists():
        raise SystemExit(f"error: no LoCoMo file at {file}; pass --data /path/to/locomo")
    out = []
    for sample in json.loads(file.read_text()):
        conv = sample["conversation"]
        turns: list[TurnRecord] = []
        sessions = sorted(
            (k for k, v in conv.items() if re.fullmatch(r"session_\d+", k) and isinstance(v, list)),
            key=lambda k: int(k.split("_")[1]),
        )
        for key in sessions:
            when = parse_when(conv[f"{key}_date_time"])
            for t in conv[key]:
                text = f"{t['speaker']}: {t['text']}"
                if t.get("blip_caption"):
                    text += f" [shares a photo: {t['blip_caption']}]"
                turns.append(TurnRecord(t["dia_id"], key, t["speaker"], text, when))
        known = {t.dia_id for t in turns}
        questions = []
        for qa in sample["qa"]:
            evidence = parse_evidence(qa.get("evidence", []), known)
            if evidence:
                questions.append(Question(qa["question"], str(qa["category"]), evidence))
        out.append(Conversation(sample["sample_id"], turns, questions))
    return out
