"""The user's own statement as a third-person note, its subject resolved from the conversation.

When no rule parses a statement worth keeping, the note is the user's words with the subject
made explicit — never a paraphrase that could be wrong:

* a first-person subject becomes the user (``I work nights`` → ``User works nights.``,
  ``我在杭州上班`` → ``用户在杭州上班。``; ``my`` / 我的 → ``User's`` / 用户的);
* a missing subject is the user (「周末一般都去爬山」 → 「用户周末一般都去爬山。」,
  "Been working nights since May" → "User has been working nights since May."), or the user's
  person or thing when the sentence opens with one ("Husband's a pilot" → "User's husband's a
  pilot.", 「老婆在银行上班」 → 「用户的老婆在银行上班。」);
* he / she / it (他 / 她 / 它) is resolved to the person or pet the last turns named
  ("she" after "my sister called" → "User's sister");
* when the subject cannot be made explicit safely, the note quotes the user:
  ``User said: "Emma is 7."`` / 「用户说：“我们打算十月去冰岛”」 — a true sentence about the user.

Structural cues only: pronouns, the word class of the first word (jieba's POS tags for
Chinese; a small closed list of auxiliaries and common verbs for English), and nouns of
people, pets and possessions from the subject lexicon.
"""
from __future__ import annotations

from collections.abc import Sequence

from pipelines.extract.note_en import _OWNED_EN, _VERBS_EN, note_en, referent_en  # noqa: PLC2701 - same package
from pipelines.extract.note_zh import COUNTED_ZH, _zh_tokens, note_zh, referent_zh  # noqa: PLC2701 - same package
from pipelines.extract.user_words import in_chinese, is_cjk, quoted, tidy

__all__ = ["COUNTED_ZH", "_OWNED_EN", "_VERBS_EN", "_zh_tokens", "in_chinese", "is_cjk", "normalize", "note_en",
           "note_zh", "quoted", "referent_en", "referent_zh", "tidy"]


def normalize(sentence: str, recent: Sequence[str] = ()) -> str:
    """The note for one statement, in the language most of its words are in."""
    return note_zh(sentence, recent) if in_chinese(sentence) else note_en(sentence, recent)
