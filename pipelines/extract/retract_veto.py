"""Messages that use the words of forgetting about something other than the user's stored statements.

A retraction is a request about what the user told the assistant. Near misses use the same verbs for
other things, and neither the rules nor the head may read them as a retraction (each would archive the
notes its topic words or the last turn point to):

* a reminder or a request to remember ("don't forget to …", "remind me not to forget …", 「别忘了…」);
* the user forgetting something ("I keep forgetting …", 「我老是忘记…」, "my memory is terrible");
* a question withdrawn ("forget it, never mind the question", "forget I asked", 「当我没问」): a question
  stores nothing, so there is nothing of the user's to forget;
* an edit of the assistant's work ("remove X from that recipe you gave me", "delete the last paragraph",
  「把这段代码里的…删掉」), or its manner and settings ("forget your rules");
* how to forget in general ("how do I forget a bad dream", 「怎么才能忘掉…」).

:func:`not_about_own_words` is a pure function of the message; :func:`dismissal_beside` tells a bare "forget
it" said beside another statement ("oh forget it, the shop is closed anyway") from one said of that statement.
"""
from __future__ import annotations

import re

_REMINDER = re.compile(
    r"\b(?:not to|don'?t|do not|never|won'?t|mustn'?t|can'?t|cannot|shouldn'?t) (?:let me )?forget\b|"
    r"\bremind me\b|\bremember to\b|别忘|不要忘|不能忘|千万别让我忘|别让我忘|记得(?:提醒|帮我|要|给|去)|提醒我", re.I)
_SELF = re.compile(
    r"\b(?:i|we)(?:'m| am| was)? (?:always |often |sometimes |usually |keep |kept |still |just |totally |completely )?"
    r"(?:forget|forgot|forgetting)\b|\bmy memory is\b|\bi'm so forgetful\b|"
    r"我(?:总是|老是|经常|又|常常|一直|总|老)?忘(?:了|记)(?!吧)(?!它)|忘性|记性(?:不好|差|太差)|"
    r"(?:我|他|她)们?(?:总是|老是|经常|又|常常|一直|总|老)?\s*(?:forget|forgot)s?(?!掉)\b", re.I)
_QUESTION = re.compile(
    r"\b(?:the|that|my|this) question\b|\bforget (?:that )?i (?:asked|said anything)\b|\bnever ?mind (?:what )?i asked\b|"
    r"当我没问|不问了|没问过|问题不重要|忘了问", re.I)
_WORK = re.compile(
    r"\byou (?:wrote|gave|made|suggested|sent|drafted|generated|listed|proposed)\b|"
    r"\b(?:from|in|of) (?:the|that|this|your) (?:recipe|list|draft|essay|email|letter|code|text|plan|answer|reply|"
    r"story|poem|script|document|doc|table|itinerary|summary|outline|translation|paragraph|slide)s?\b|"
    r"(?:这段|这篇|这份|这封|这张|上面的?|你写的|你给的)(?:代码|文章|文字|段落|邮件|简历|句子|表格|列表|清单|菜谱|方案|翻译|总结|大纲)|"
    r"(?:代码|文章|邮件|简历|表格|菜谱|翻译|总结)(?:里|中)的", re.I)
_SETTINGS = re.compile(r"\byour (?:rules|instructions|prompt|persona|settings|guidelines|system)\b|设定|人设|规则|指令|提示词",
                       re.I)
_HOW_TO = re.compile(r"\bhow (?:do|can|could|would|to) (?:i |you |one |people )?(?:forget|delete|erase)\b|"
                     r"\b(?:best|fastest|easiest) way to (?:forget|delete|erase)\b|怎么(?:才能|样才能|样)?(?:忘掉|忘记|删)|"
                     r"如何(?:忘掉|忘记)", re.I)
#: A request that names the user's stored words, which no near miss above outweighs ("I forgot: delete what I said
#: about my sister" is still a retraction).
_OWN_WORDS = re.compile(r"\bwhat i (?:said|told you|mentioned|wrote)\b|\bfrom (?:your |my )?memor(?:y|ies)\b|"
                        r"\byour (?:memory|notes|records)\b|我(?:刚才|之前|前面)?(?:说|提|讲|告诉你)的|你记(?:的|住的|下的)|记忆里", re.I)


def names_own_words(text: str) -> bool:
    """``text`` names what the user told the assistant ("what I said", 「我刚才说的」, "your notes")."""
    return bool(_OWN_WORDS.search(text))


def not_about_own_words(text: str) -> bool:
    """``text`` uses a verb of forgetting about something other than what the user told the assistant."""
    if names_own_words(text):
        return bool(_SETTINGS.search(text) and not re.search(r"\bwhat i\b|我.{0,4}说的", text, re.I))
    return any(p.search(text) for p in (_REMINDER, _SELF, _QUESTION, _WORK, _SETTINGS, _HOW_TO))


#: A bare dismissal: "forget it", "never mind", 「算了」 — no pointer to what was said.
_DISMISSAL = re.compile(r"^\W*(?:oh|ah|ugh|ok|okay|nah|meh|well|eh|hmm|lol)?\W*(?:just )?(?:forget it|never ?mind|nvm)\b"
                        r"|^\W*(?:唉|哎|嗯|哦)?\W*算了(?:算了)?(?!吧?[，,]?\s*(?:那|这|刚才|上面))", re.I)


def dismissal_beside(text: str) -> str:
    """The rest of a message that opens with a bare dismissal and goes on to say something else ("oh forget it,
    the shop is closed anyway": "the shop is closed anyway"); ``""`` when it does not."""
    found = _DISMISSAL.search(text)
    if not found:
        return ""
    rest = text[found.end():].strip(" ,，。.!！—-…")
    return rest if len(re.findall(r"[A-Za-z]{2,}|[\u3400-\u9fff]", rest)) >= 3 else ""
