"""Quotations inside a statement: rejoined when split across sentences, kept verbatim in the note (their "I" is the
speaker's), and no fact about the user when the world says them (a sign, a post, a line of a book)."""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.normalize import is_cjk, normalize, quoted, tidy


#: Someone else's words inside a statement: “…”, 「…」, "…", or '…' that is no apostrophe.
_QUOTE_SPAN = re.compile(r"“[^”]*”|「[^」]*」|『[^』]*』|\"[^\"]*\"|(?<![\w'])'.+?'(?![\w])")
_OPENERS, _CLOSERS = "“「『", "”」』"


def _open_quote(text: str) -> bool:
    """``text`` opens a quotation it does not close."""
    curly = sum(text.count(c) for c in _OPENERS) > sum(text.count(c) for c in _CLOSERS)
    return curly or text.count('"') % 2 == 1


def join_quotes(sentences: Sequence[str]) -> list[str]:
    """Sentences with a quotation rejoined: 「我爸常说：“吃亏是福。做人要厚道。”」 is one statement of the father's
    words, never a second sentence "做人要厚道" read as the user's."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and _open_quote(joined[-1]):
            joiner = "" if is_cjk(joined[-1]) or not re.match(r"\w", sentence) else " "
            joined[-1] = f"{joined[-1]}{joiner}{sentence}"
        else:
            joined.append(sentence)
    return joined


#: A quote's speaker that is no one of the user's: a sign, a post, an article, a stranger — followed by its "says".
_WORLD_SAYS = re.compile(
    r"\b(?:sign|poster|tweet|post|article|headline|meme|ad|billboard|bumper sticker|fortune cookie|caption|banner|"
    r"t-?shirt|mug|someone|somebody|some guy|a guy|some woman|a stranger|the internet|reddit|twitter)s?\b"
    r"[^\"“'「]{0,40}?\b(?:says?|said|reads?|goes|went|claims?|claimed)\b|"
    r"(?:文章|新闻|标题|广告|海报|牌子|标语|横幅|弹幕|热搜|帖子|有人|网友|路人|网上)[^“「\"]{0,12}?(?:说|写着|写的是|发了?句?|称)|"
    # a line of a book, a film or a song ("that line from Hamlet", 「《活着》里那句」, 「歌词里那句」)
    r"\b(?:that|the|this|my favou?rite) (?:line|quote|lyric|passage)s?\b[^\"“']{0,30}?\b(?:from|in|of)\b|"
    r"《[^》]{1,30}》[^“「\"]{0,4}?(?:里|中|里面|上)?的?[那这]?一?句(?:话)?|(?:歌词|台词|名言|金句|书里|电影里|剧里)[^“「\"]{0,4}?[那这]一?句",
    re.I)


def quotes_the_world(statement: str) -> bool:
    """The statement passes on words of the world, not of the user or their people ("saw a tweet that said
    'remote work is dead'", 「朋友圈有人发“三十岁前一定要买房”」): nothing about the user to keep."""
    return bool(_QUOTE_SPAN.search(statement)) and bool(_WORLD_SAYS.search(_QUOTE_SPAN.sub(" ", statement)))


def normalize_quoting(statement: str, recent: Sequence[str]) -> str:
    """:func:`normalize` with quoted words left as they were said: the "I" of a quote is the speaker's, not the
    user's (「我闺蜜说：“我觉得你应该辞职。”」 keeps 我 and 你 inside the quote)."""
    spans = _QUOTE_SPAN.findall(statement)
    if not spans:
        return normalize(statement, recent)
    masked = statement
    for index, span in enumerate(spans):
        masked = masked.replace(span, f"\ue000{index}\ue001", 1)
    note = normalize(masked, recent)
    if any(f"\ue000{index}\ue001" not in note for index in range(len(spans))):
        return quoted(tidy(statement))  # the note lost a quote: the user's words, as said
    for index, span in enumerate(spans):
        note = note.replace(f"\ue000{index}\ue001", span)
    return re.sub(r"([。.!！?？][”」』\"'])[。.]$", r"\1", note)  # 「…厚道。”。」: the quote ended the sentence
